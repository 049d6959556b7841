package vacation

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/vacation"
	"portal/eventstore"
)

// Decide is an approver's ruling on the step of a vacation request they saw (spec
// portal-business §4: the manager, then HR; "decisions update the balance live").
type Decide struct {
	CommandID string
	Tenant    uuid.UUID
	Actor     commands.Actor
	Employee  uuid.UUID // whose request
	LeaveID   uuid.UUID
	Step      int
	Approve   bool
	Comment   string
}

// Decided is where the request stands after the decision.
type Decided struct {
	Status string // pending (waiting for the next step), scheduled, rejected
	Step   int
}

// DecideHandler records approval decisions.
type DecideHandler struct{ vacationDeps }

// NewDecideHandler needs the facts (the subject's manager), the store, the clock and
// the chain that says who decides each step.
func NewDecideHandler(facts Facts, store eventstore.Store, now func() time.Time, chain Chain) (*DecideHandler, error) {
	d, err := newVacationDeps("NewDecideHandler", facts, store, now, chain)
	return &DecideHandler{d}, err
}

// Handle decides. Someone who may not decide the request's current step is Forbidden; a step
// decided meanwhile is a Conflict (of two simultaneous decisions one wins).
func (h *DecideHandler) Handle(ctx context.Context, cmd Decide) (res Decided, err error) {
	defer commands.Wrap(&err, "Decide(%s)", cmd.CommandID)
	s, err := h.facts.VacationSubject(ctx, cmd.Tenant, cmd.Employee)
	if err != nil {
		return res, err
	}
	if fwd, ok := h.chain.(ChainForwarder); ok {
		return fwd.Forward(ctx, cmd)
	}
	events, err := decideEntitlement(ctx, h.Store, h.Now, entitlementCommand{cmd.CommandID, cmd.Tenant, cmd.Actor.UserID, s.Employee}, false,
		func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) {
			var leave *vacation.Leave
			for _, l := range e.Leaves() {
				if l.ID == cmd.LeaveID.String() {
					leave = &l
				}
			}
			if leave == nil {
				return nil, commands.NotFound("id")
			}
			kind := leave.CurrentStep()
			if kind != "" && cmd.Step == leave.Step && !h.chain.MayDecide(cmd.Actor, s, kind) {
				return nil, commands.Forbidden("id")
			}
			return e.DecideStep(vacation.StepDecision{ID: leave.ID, Step: cmd.Step, Approve: cmd.Approve,
				By: cmd.Actor.UserID.String(), Comment: cmd.Comment, Now: at})
		})
	if err != nil {
		return res, err
	}
	if len(events) == 0 {
		return res, commands.IdempotencyConflict()
	}
	switch ev := events[0].(type) {
	case vacation.StepApproved:
		return Decided{Status: "pending", Step: ev.Step + 1}, nil
	case vacation.Approved:
		return Decided{Status: "scheduled", Step: ev.Step}, nil
	case vacation.Rejected:
		return Decided{Status: "rejected", Step: ev.Step}, nil
	}
	return res, commands.IdempotencyConflict()
}
