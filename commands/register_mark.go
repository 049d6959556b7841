package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/db"
)

// RegisterMark is the command to punch the time clock (spec portal-core §4, §7
// v2/registrar-ponto). Who punches comes from the verified token, never from the request.
type RegisterMark struct {
	CommandID  string // CommandID(Idempotency-Key)
	Tenant     uuid.UUID
	UserID     uuid.UUID
	UserHash   string
	EmployeeID uuid.UUID
	Payload    clock.RegisterMark // from clock.ParsePayload; its ids are filled here
}

// MarkResult is the registered mark.
type MarkResult struct {
	MarkID     uuid.UUID
	RecordedAt time.Time // the server's clock, UTC
	Address    string    // the selected address
}

// RegisterMarkHandler registers marks.
type RegisterMarkHandler struct {
	pool  *pgxpool.Pool
	store eventstore.Store
	now   func() time.Time
}

// NewRegisterMarkHandler needs the pool (for the employee's status, layoffs and fences),
// the event store and the server clock.
func NewRegisterMarkHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*RegisterMarkHandler, error) {
	if pool == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewRegisterMarkHandler: nil dependency")
	}
	return &RegisterMarkHandler{pool: pool, store: store, now: now}, nil
}

// Handle decides and appends the mark. A refused punch is appended as MarkRefused (the audit
// trail keeps every attempt) and returned as the domain's Refused error with the reason as
// message key. A retried command (same CommandID) answers as the first attempt did and
// appends nothing.
func (h *RegisterMarkHandler) Handle(ctx context.Context, cmd RegisterMark) (res MarkResult, err error) {
	defer wrap(&err, "RegisterMark(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" {
		return res, errors.New("tenant, user and command id are required")
	}
	if cmd.EmployeeID == uuid.Nil {
		return res, forbidden("userHash") // only employees punch
	}
	emp, found, err := EmployeeFacts(ctx, h.pool, cmd.Tenant, cmd.EmployeeID)
	if err != nil {
		return res, err
	}
	if !found {
		return res, forbidden("userHash")
	}
	stream := eventstore.StreamName("clock", cmd.EmployeeID)
	err = withRetry(func() error {
		res, err = h.attempt(ctx, cmd, stream, emp)
		return err
	})
	return res, err
}

func (h *RegisterMarkHandler) attempt(ctx context.Context, cmd RegisterMark, stream string, emp clock.Employee) (MarkResult, error) {
	recorded, err := h.store.ReadStream(ctx, cmd.Tenant, stream, 0)
	if err != nil {
		return MarkResult{}, err
	}
	agg, prior, err := loadClock(recorded, eventID(cmd.Tenant, stream, cmd.CommandID, 0))
	if err != nil {
		return MarkResult{}, err
	}
	if prior != nil {
		return markOutcome(prior)
	}

	markID := DeriveID(cmd.Tenant, stream, cmd.CommandID, "mark")
	p := cmd.Payload
	p.MarkID = markID.String()
	p.EmployeeID = cmd.EmployeeID.String()
	p.UserID = cmd.UserID.String()
	p.UserHash = cmd.UserHash
	p.AddressKey = DeriveID(cmd.Tenant, stream, cmd.CommandID, "address").String()
	now := h.now().In(clock.Zone).Truncate(time.Microsecond) // PostgreSQL keeps microseconds
	events, err := agg.RegisterMark(p, emp, now)
	if err != nil {
		return MarkResult{}, err
	}
	if err := h.append(ctx, cmd, stream, expectedVersion(recorded), events); err != nil {
		return MarkResult{}, err
	}
	return markOutcome(events[0])
}

func (h *RegisterMarkHandler) append(ctx context.Context, cmd RegisterMark, stream string, expected int64, events []clock.Event) error {
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		var err error
		if data[i], err = encodeClock(eventID(cmd.Tenant, stream, cmd.CommandID, i), e); err != nil {
			return err
		}
	}
	res, err := h.store.Append(ctx, metaOf(cmd.Tenant, cmd.UserID, stream, cmd.CommandID), stream, expected, data...)
	if err != nil {
		return err
	}
	if res.Duplicate {
		return errRetry // the same command won a race with itself: answer what it stored
	}
	return nil
}

func metaOf(tenant, user uuid.UUID, stream, commandID string) eventstore.Meta {
	id := DeriveID(tenant, stream, commandID, "command")
	return eventstore.Meta{Tenant: tenant, Actor: user.String(), CorrelationID: id, CausationID: id, CommandID: commandID}
}

// markOutcome is the answer a mark command gives for the first event it appended.
func markOutcome(e clock.Event) (MarkResult, error) {
	switch e := e.(type) {
	case clock.MarkRegistered:
		id, _ := uuid.Parse(e.MarkID)
		return MarkResult{MarkID: id, RecordedAt: e.RecordedAt.UTC(), Address: e.Selected.Address}, nil
	case clock.MarkRefused:
		return MarkResult{}, e.Err()
	default:
		return MarkResult{}, idempotencyConflict()
	}
}

// idempotencyConflict answers a command whose id was already used by another command on
// the same stream.
func idempotencyConflict() *domain.Error {
	return &domain.Error{Kind: domain.Conflict, Field: "Idempotency-Key", Key: "valor_invalido"}
}

// EmployeeFacts reads what the clock rules need about an employee from the supporting tables
// (migrations/00002_tenancy.sql), under the tenant's row-level security. found is false when
// the tenant has no such employee.
func EmployeeFacts(ctx context.Context, pool *pgxpool.Pool, tenant, employee uuid.UUID) (emp clock.Employee, found bool, err error) {
	err = db.InTenant(ctx, pool, tenant.String(), func(tx pgx.Tx) error {
		var status string
		var layoff []byte
		err := tx.QueryRow(ctx, `SELECT status, layoff FROM employees WHERE id = $1`, employee).Scan(&status, &layoff)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		emp.Status = clock.Status(status)
		if emp.Layoff, err = parseLayoff(layoff); err != nil {
			return fmt.Errorf("employee %s: %w", employee, err)
		}
		rows, err := tx.Query(ctx, `SELECT description, lat, lon FROM fences WHERE employee_id = $1 ORDER BY description, id`, employee)
		if err != nil {
			return err
		}
		emp.Fences, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (clock.Fence, error) {
			var f clock.Fence
			return f, r.Scan(&f.Desc, &f.Lat, &f.Lon)
		})
		return err
	})
	return emp, found, err
}

// parseLayoff reads employees.layoff: [{"start":"YYYY-MM-DD","end":"YYYY-MM-DD"}], where a
// missing or empty end leaves the period open; longer date-times count by their date.
func parseLayoff(data []byte) ([]clock.Period, error) {
	var raw []struct {
		Start string `json:"start"`
		End   string `json:"end"`
	}
	if len(data) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("layoff: %w", err)
	}
	periods := make([]clock.Period, 0, len(raw))
	for _, r := range raw {
		var p clock.Period
		var err error
		if p.Start, err = parseDay(r.Start); err != nil {
			return nil, err
		}
		if p.End, err = parseDay(r.End); err != nil {
			return nil, err
		}
		periods = append(periods, p)
	}
	return periods, nil
}

func parseDay(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if len(s) > 10 {
		s = s[:10]
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("layoff date %q: %w", s, err)
	}
	return t, nil
}
