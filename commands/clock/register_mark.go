package clock

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/clock"
	"portal/eventstore"
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

// Employees gives what the clock rules need about an employee: status, layoffs and
// fences; found is false when the tenant has no such employee.
type Employees interface {
	Employee(ctx context.Context, tenant, employee uuid.UUID) (emp clock.Employee, found bool, err error)
}

// RegisterMarkHandler registers marks.
type RegisterMarkHandler struct {
	facts Employees
	store eventstore.Store
	now   func() time.Time
	cache *commands.StateCache[*clock.Clock]
	// streams lets one mark at a time be decided on a person's stream.
	streams commands.KeyedLock
}

// NewRegisterMarkHandler needs the employees' facts (PoolFacts), the event store and the
// server clock.
func NewRegisterMarkHandler(facts Employees, store eventstore.Store, now func() time.Time) (*RegisterMarkHandler, error) {
	if facts == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewRegisterMarkHandler: nil dependency")
	}
	return &RegisterMarkHandler{facts: facts, store: store, now: now, cache: commands.NewStateCache(50_000, clock.New)}, nil
}

// Handle decides and appends the mark. A refused punch is appended as MarkRefused (the audit
// trail keeps every attempt) and returned as the domain's Refused error with the reason as
// message key. A retried command (same CommandID) answers as the first attempt did and
// appends nothing.
func (h *RegisterMarkHandler) Handle(ctx context.Context, cmd RegisterMark) (res MarkResult, err error) {
	defer commands.Wrap(&err, "RegisterMark(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" {
		return res, errors.New("tenant, user and command id are required")
	}
	if cmd.EmployeeID == uuid.Nil {
		return res, commands.Forbidden("userHash") // only employees punch
	}
	emp, found, err := h.facts.Employee(ctx, cmd.Tenant, cmd.EmployeeID)
	if err != nil {
		return res, err
	}
	if !found {
		return res, commands.Forbidden("userHash")
	}
	stream := clock.Stream(cmd.EmployeeID)
	// One person's devices punching at once take turns here, so in one process they do not
	// race for the stream's next version; writers in other processes still can, and
	// RetryCommuting decides again until the mark is stored (marks commute: issue 29).
	unlock, err := h.streams.Lock(ctx, cmd.Tenant.String()+"/"+stream)
	if err != nil {
		return res, err
	}
	defer unlock()
	err = commands.RetryCommuting(ctx, func(retry bool) error {
		res, err = h.attempt(ctx, cmd, stream, emp, retry)
		return err
	})
	return res, err
}

// attempt decides on the cached state, the first time without reading the stream (since).
// A retried command whose events lie further back is caught by the store (its event ids
// exist), which drops the cache entry and sends us here again to read the whole stream.
func (h *RegisterMarkHandler) attempt(ctx context.Context, cmd RegisterMark, stream string, emp clock.Employee, retry bool) (MarkResult, error) {
	agg, version := h.cache.Get(cmd.Tenant, stream)
	recorded, err := commands.Since(ctx, h.store, cmd.Tenant, stream, version, retry)
	if err != nil {
		return MarkResult{}, err
	}
	prior, err := foldClock(agg, recorded, commands.EventID(cmd.Tenant, stream, cmd.CommandID, 0))
	if err != nil {
		return MarkResult{}, err
	}
	if len(recorded) > 0 {
		version = recorded[len(recorded)-1].Version
	}
	if prior != nil {
		return markOutcome(prior)
	}

	markID := commands.DeriveID(cmd.Tenant, stream, cmd.CommandID, "mark")
	p := cmd.Payload
	p.MarkID = markID.String()
	p.EmployeeID = cmd.EmployeeID.String()
	p.UserID = cmd.UserID.String()
	p.UserHash = cmd.UserHash
	p.AddressKey = commands.DeriveID(cmd.Tenant, stream, cmd.CommandID, "address").String()
	now := h.now().In(clock.Zone).Truncate(time.Microsecond) // PostgreSQL keeps microseconds
	events, err := agg.RegisterMark(p, emp, now)
	if err != nil {
		return MarkResult{}, err
	}
	if err := h.append(ctx, cmd, stream, version, events); err != nil {
		h.cache.AppendFailed(cmd.Tenant, stream, err, retry)
		return MarkResult{}, err
	}
	for _, e := range events {
		agg.Apply(e)
	}
	h.cache.Put(cmd.Tenant, stream, agg, version+int64(len(events)))
	return markOutcome(events[0])
}

func (h *RegisterMarkHandler) append(ctx context.Context, cmd RegisterMark, stream string, expected int64, events []clock.Event) error {
	data, err := commands.EncodeEvents(cmd.Tenant, stream, cmd.CommandID, events, EncodeClock)
	if err != nil {
		return err
	}
	res, err := h.store.Append(ctx, commands.MetaOf(cmd.Tenant, cmd.UserID, stream, cmd.CommandID), stream, expected, data...)
	if err != nil {
		return err
	}
	if res.Duplicate {
		return commands.ErrRetry // the same command won a race with itself: answer what it stored
	}
	return nil
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
		return MarkResult{}, commands.IdempotencyConflict()
	}
}
