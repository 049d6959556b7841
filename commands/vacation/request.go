package vacation

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	"portal/domain/vacation"
	"portal/eventstore"
)

// Request is the command to ask for a vacation (spec portal-business §2 Vacations,
// §5): days off from Start, maybe selling AbonoDays and asking for the 13th-salary advance.
// The employee is the actor's own; Check only answers whether the rules allow it (the
// request screen asks before sending, so the rules live once, here and in the domain).
type Request struct {
	CommandID string
	Tenant    uuid.UUID
	Actor     commands.Actor
	Start     time.Time
	Days      int
	AbonoDays int
	Advance13 bool
	Check     bool
}

// Requested is the request as filed (or as it would be, for a check).
type Requested struct {
	ID     uuid.UUID
	Start  time.Time
	End    time.Time
	Days   int
	Period int
	Steps  []string
}

// vacationDeps are what every vacation handler needs.
type vacationDeps struct {
	commands.LogHandler
	facts Facts
	chain Chain
}

func newVacationDeps(name string, facts Facts, store eventstore.Store, now func() time.Time, chain Chain) (vacationDeps, error) {
	h, err := commands.NewLogHandler(name, store, now)
	if err == nil && (facts == nil || chain == nil) {
		err = errors.New("commands." + name + ": nil dependency")
	}
	return vacationDeps{LogHandler: h, facts: facts, chain: chain}, err
}

// RequestHandler files vacation requests.
type RequestHandler struct{ vacationDeps }

// NewRequestHandler needs the facts (employee, schedule, switches, holidays;
// PoolFacts), the store, the clock and the approval chain.
func NewRequestHandler(facts Facts, store eventstore.Store, now func() time.Time, chain Chain) (*RequestHandler, error) {
	d, err := newVacationDeps("NewRequestHandler", facts, store, now, chain)
	return &RequestHandler{d}, err
}

// Handle checks the request against every rule and, unless Check, appends it; it then waits
// for its chain's first step. A refusal names the failing rule (its Key is the message).
func (h *RequestHandler) Handle(ctx context.Context, cmd Request) (res Requested, err error) {
	defer commands.Wrap(&err, "Request(%s)", cmd.CommandID)
	if cmd.Actor.EmployeeID == uuid.Nil {
		return res, commands.Forbidden("m01Ukey") // a user without an employee record has no vacations
	}
	s, err := h.facts.VacationSubject(ctx, cmd.Tenant, cmd.Actor.EmployeeID)
	if err != nil {
		return res, err
	}
	cal, _, err := h.facts.Calendar(ctx, cmd.Tenant)
	if err != nil {
		return res, err
	}
	stream := vacation.Stream(s.Employee)
	id := commands.DeriveID(cmd.Tenant, stream, cmd.CommandID, "leave")
	steps, err := h.chain.Steps(ctx, cmd.Tenant, s)
	if err != nil {
		return res, err
	}
	events, err := decideEntitlement(ctx, h.Store, h.Now, entitlementCommand{cmd.CommandID, cmd.Tenant, cmd.Actor.UserID, s.Employee}, cmd.Check,
		func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) {
			return openFirst(e, s, func() ([]vacation.Event, error) {
				return e.Request(vacation.Request{
					ID: id.String(), Start: cmd.Start, Days: cmd.Days, AbonoDays: cmd.AbonoDays, Advance13: cmd.Advance13,
					By: cmd.Actor.UserID.String(), Steps: steps, Now: at, Switches: s.Switches, Schedule: s.Schedule, Calendar: cal,
				})
			})
		})
	if err != nil {
		return res, err
	}
	for _, ev := range events {
		if r, ok := ev.(vacation.Requested); ok {
			res.ID, _ = uuid.Parse(r.ID)
			res.Start, res.Days, res.Period, res.Steps = r.Start, r.Days, r.Period, r.Steps
			res.End = r.Start.AddDate(0, 0, r.Days-1)
			if starter, ok := h.chain.(ChainStarter); ok && !cmd.Check {
				if err := starter.Start(ctx, cmd.Tenant, cmd.Actor, s, r); err != nil {
					return res, h.withdraw(ctx, cmd, s, r.ID, err)
				}
			}
			return res, nil
		}
	}
	return res, commands.IdempotencyConflict()
}

// withdraw cancels a request whose chain could not start it (the requests area refused its
// document, e.g. another vacation request is still open) and answers the chain's refusal.
func (h *RequestHandler) withdraw(ctx context.Context, cmd Request, s commands.VacationSubject, leaveID string, cause error) error {
	_, err := decideEntitlement(ctx, h.Store, h.Now, entitlementCommand{"withdraw/" + leaveID, cmd.Tenant, cmd.Actor.UserID, s.Employee}, false,
		func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) { return e.Cancel(leaveID, at) })
	return errors.Join(cause, err)
}

// refusalOf is a domain refusal's key, for callers that report it.
func refusalOf(err error) string {
	var de *domain.Error
	if errors.As(err, &de) {
		return de.Key
	}
	return ""
}
