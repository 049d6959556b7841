// Package timesheet holds the commands of the monthly timesheet (espelho de ponto): HR
// closes and reopens a month for the tenant (stream timesheet-<tenantId>), and an employee
// signs a closed month after confirming their password (stream timesheet-<employeeId>). The
// signature names the totals and the rows' hash the employee saw, read from the timesheet's
// read model (projections/timesheet).
package timesheet

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/commands"
	"portal/domain"
	ts "portal/domain/timesheet"
	"portal/eventstore"
	"portal/platform/db"
	timesheetproj "portal/projections/timesheet"
)

// Message keys of these commands besides domain/timesheet's.
const (
	KeyReasonRequired = "motivo_obrigatorio"    // a reopening names why
	KeyStaleRows      = "espelho_desatualizado" // the rows changed since the employee read them
)

// MaxReason is the longest reopening reason kept.
const MaxReason = 500

// Month is a month's rows as the read model has them now: their totals and hash.
type Month struct {
	Totals   ts.Totals
	RowsHash string
}

// Facts are what the commands read besides the log: whether an employee is the tenant's,
// and a month's rows in the read model (found false when it has none).
type Facts interface {
	Employee(ctx context.Context, tenant, employee uuid.UUID) (bool, error)
	Month(ctx context.Context, tenant, employee uuid.UUID, month, today time.Time) (Month, bool, error)
}

// Password confirms the caller's password (auth.Service.ConfirmPassword).
type Password interface {
	ConfirmPassword(ctx context.Context, c auth.Claims, password string) error
}

// Handlers are the timesheet commands.
type Handlers struct {
	commands.LogHandler
	Facts    Facts
	Password Password
}

// New builds the timesheet commands on the log, the read models (PoolFacts) and sign-in.
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time, password Password) (*Handlers, error) {
	h, err := commands.NewLogHandler("timesheet.New", store, now)
	if err != nil {
		return nil, err
	}
	if pool == nil || password == nil {
		return nil, errors.New("commands.timesheet.New: nil dependency")
	}
	return &Handlers{LogHandler: h, Facts: PoolFacts{Pool: pool}, Password: password}, nil
}

// event is a stored timesheet event.
type event struct {
	Type   string
	Month  ts.MonthData
	Signed ts.SignedData
}

// closures is the tenant stream folded: the months closed now.
type closures map[string]bool

func (c closures) Apply(e event) {
	switch e.Type {
	case ts.TypeMonthClosed:
		c[e.Month.Month] = true
	case ts.TypeMonthReopened:
		delete(c, e.Month.Month)
	}
}

// signatures is an employee stream folded: each month's signed hashes.
type signatures map[string][]string

func (s signatures) Apply(e event) {
	if e.Type == ts.TypeMonthSigned {
		s[e.Signed.Month] = append(s[e.Signed.Month], e.Signed.RowsHash)
	}
}

var codec = commands.Codec[event]{
	Decode: func(re eventstore.RecordedEvent) (event, error) {
		switch re.Type {
		case ts.TypeMonthClosed, ts.TypeMonthReopened:
			return commands.DecodeAs(re, func(d ts.MonthData) event { return event{Type: re.Type, Month: d} })
		case ts.TypeMonthSigned:
			return commands.DecodeAs(re, func(d ts.SignedData) event { return event{Type: re.Type, Signed: d} })
		}
		return event{}, commands.UnknownType(re)
	},
	Encode: func(id uuid.UUID, e event) (eventstore.EventData, error) {
		if e.Type == ts.TypeMonthSigned {
			return commands.EventData(id, e.Type, e.Signed)
		}
		return commands.EventData(id, e.Type, e.Month)
	},
}

// Caller is who gives a command, from the verified token.
type Caller struct {
	Claims auth.Claims
	// CanSign is the caller's assina_ponto switch (auth.Permissions.Switches).
	CanSign bool
}

func (c Caller) isHR() bool { return slices.Contains(c.Claims.Roles, auth.RoleHRAdmin) }

func (c Caller) valid() error {
	if c.Claims.Tenant == uuid.Nil || c.Claims.UserID == uuid.Nil {
		return errors.New("tenant and user are required")
	}
	return nil
}

// today is the calendar day in São Paulo: a month is over when its last local day is.
func (h *Handlers) today() time.Time {
	loc, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		loc = time.UTC
	}
	y, m, d := h.Now().In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Close closes month (its first day) for the caller's tenant: HR only, a month that has
// ended and is not closed already.
func (h *Handlers) Close(ctx context.Context, c Caller, month time.Time, commandID string) (err error) {
	defer commands.Wrap(&err, "timesheet.Close(%s)", commandID)
	if err := c.valid(); err != nil {
		return err
	}
	if !c.isHR() {
		return commands.Forbidden("request")
	}
	today := h.today()
	_, err = h.onTenant(ctx, c, commandID, func(s closures, now time.Time) ([]event, error) {
		key := month.Format(ts.MonthLayout)
		if err := ts.Closable(month, today, s[key]); err != nil {
			return nil, err
		}
		return []event{{Type: ts.TypeMonthClosed, Month: ts.MonthData{Month: key, By: c.Claims.UserID.String(), At: now}}}, nil
	})
	return err
}

// Reopen reopens a closed month, with the reason HR gives (an adjustment to the month then
// applies again, and a signature of its old rows shows as superseded once they change).
func (h *Handlers) Reopen(ctx context.Context, c Caller, month time.Time, reason, commandID string) (err error) {
	defer commands.Wrap(&err, "timesheet.Reopen(%s)", commandID)
	if err := c.valid(); err != nil {
		return err
	}
	if !c.isHR() {
		return commands.Forbidden("request")
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return domain.InvalidField("motivo", KeyReasonRequired)
	}
	if len([]rune(reason)) > MaxReason {
		return domain.InvalidField("motivo", domain.KeyTooLong)
	}
	_, err = h.onTenant(ctx, c, commandID, func(s closures, now time.Time) ([]event, error) {
		key := month.Format(ts.MonthLayout)
		if !s[key] {
			return nil, domain.Refusal("mes", ts.KeyMonthOpen)
		}
		return []event{{Type: ts.TypeMonthReopened, Month: ts.MonthData{Month: key, By: c.Claims.UserID.String(), At: now, Reason: reason}}}, nil
	})
	return err
}

func (h *Handlers) onTenant(ctx context.Context, c Caller, commandID string, decide func(closures, time.Time) ([]event, error)) ([]event, error) {
	return commands.DecideOnStream(ctx, h.Store, h.Now, commands.StreamCommand{
		Tenant: c.Claims.Tenant, Actor: c.Claims.UserID, Stream: ts.Stream(c.Claims.Tenant), CommandID: commandID,
	}, codec, false, func() closures { return closures{} }, decide)
}

// Closed tells whether month is closed for tenant now, from the log (the commands' own
// check; screens read the read model).
func (h *Handlers) Closed(ctx context.Context, tenant uuid.UUID, month time.Time) (bool, error) {
	recorded, err := h.Store.ReadStream(ctx, tenant, ts.Stream(tenant), 0)
	if err != nil {
		return false, err
	}
	s := closures{}
	if err := commands.Replay(recorded, codec.Decode, s.Apply); err != nil {
		return false, err
	}
	return s[month.Format(ts.MonthLayout)], nil
}

// Sign is the employee's signature of their own month.
type Sign struct {
	Caller   Caller
	Month    time.Time
	Password string
	RowsHash string // the hash of the rows the employee read (the month's answer)
	// CommandID is the idempotency key.
	CommandID string
}

// Sign records the signature: the caller's own month, closed, assina_ponto on, after the
// password is confirmed, naming the exact totals and hash of the rows the employee saw.
// Signing the same rows again is refused (espelho_ja_assinado); rows that changed since the
// employee read them are refused (espelho_desatualizado: read the month again).
func (h *Handlers) Sign(ctx context.Context, cmd Sign) (res ts.SignedData, err error) {
	defer commands.Wrap(&err, "timesheet.Sign(%s)", cmd.CommandID)
	c := cmd.Caller
	if err := c.valid(); err != nil {
		return res, err
	}
	if c.Claims.EmployeeID == uuid.Nil {
		return res, commands.Forbidden("ukeyp")
	}
	if !c.CanSign {
		return res, &domain.Error{Kind: domain.Forbidden, Field: "request", Key: ts.KeySignDisabled}
	}
	if strings.TrimSpace(cmd.RowsHash) == "" {
		return res, domain.InvalidField("hash", domain.KeyRequired)
	}
	if cmd.Month.AddDate(0, 1, 0).After(h.today()) {
		return res, domain.Refusal("par", ts.KeyMonthFuture)
	}
	if err := h.Password.ConfirmPassword(ctx, c.Claims, cmd.Password); err != nil {
		return res, err
	}
	closed, err := h.Closed(ctx, c.Claims.Tenant, cmd.Month)
	if err != nil {
		return res, err
	}
	if !closed {
		return res, domain.Refusal("par", ts.KeyMonthOpen)
	}
	m, found, err := h.Facts.Month(ctx, c.Claims.Tenant, c.Claims.EmployeeID, cmd.Month, h.today())
	if err != nil {
		return res, err
	}
	if !found {
		return res, &domain.Error{Kind: domain.NotFound, Field: "par", Key: ts.KeyTimesheetHidden}
	}
	if m.RowsHash != cmd.RowsHash {
		return res, &domain.Error{Kind: domain.Conflict, Field: "hash", Key: KeyStaleRows}
	}
	key := cmd.Month.Format(ts.MonthLayout)
	events, err := commands.DecideOnStream(ctx, h.Store, h.Now, commands.StreamCommand{
		Tenant: c.Claims.Tenant, Actor: c.Claims.UserID, Stream: ts.Stream(c.Claims.EmployeeID), CommandID: cmd.CommandID,
	}, codec, false, func() signatures { return signatures{} }, func(s signatures, now time.Time) ([]event, error) {
		if slices.Contains(s[key], m.RowsHash) {
			return nil, domain.Refusal("par", ts.KeyAlreadySigned)
		}
		return []event{{Type: ts.TypeMonthSigned, Signed: ts.SignedData{EmployeeID: c.Claims.EmployeeID.String(),
			UserID: c.Claims.UserID.String(), Month: key, Totals: m.Totals, RowsHash: m.RowsHash, At: now}}}, nil
	})
	if err != nil {
		return res, err
	}
	return events[0].Signed, nil
}

// PoolFacts reads the facts from the read models.
type PoolFacts struct{ Pool *pgxpool.Pool }

// Employee tells whether employee is the tenant's.
func (f PoolFacts) Employee(ctx context.Context, tenant, employee uuid.UUID) (found bool, err error) {
	err = db.InTenant(ctx, f.Pool, tenant.String(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM employees WHERE tenant_id = $1 AND id = $2)`, tenant, employee).Scan(&found)
	})
	return found, err
}

// Month reads a month's totals and rows' hash as the screens show them (the timesheet read
// model's Read).
func (f PoolFacts) Month(ctx context.Context, tenant, employee uuid.UUID, month, today time.Time) (m Month, found bool, err error) {
	err = db.InTenant(ctx, f.Pool, tenant.String(), func(tx pgx.Tx) error {
		v, err := timesheetproj.Read(ctx, tx, tenant, employee, month, today)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		m, found = Month{Totals: v.Totals, RowsHash: v.RowsHash}, err == nil
		return err
	})
	return m, found, err
}
