package vacation

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/vacation"
	"portal/eventstore"
)

// Cancel withdraws a request or a scheduled vacation that has not started: the
// employee's own, or (their manager, HR) a team member's.
type Cancel struct {
	CommandID string
	Tenant    uuid.UUID
	Actor     commands.Actor
	Employee  uuid.UUID // uuid.Nil: the actor's own
	LeaveID   uuid.UUID
}

// CancelHandler cancels vacation requests.
type CancelHandler struct{ vacationDeps }

// NewCancelHandler needs the facts, the store, the clock and the chain.
func NewCancelHandler(facts Facts, store eventstore.Store, now func() time.Time, chain Chain) (*CancelHandler, error) {
	d, err := newVacationDeps("NewCancelHandler", facts, store, now, chain)
	return &CancelHandler{d}, err
}

// Handle cancels; the days return to the balance.
func (h *CancelHandler) Handle(ctx context.Context, cmd Cancel) (err error) {
	defer commands.Wrap(&err, "Cancel(%s)", cmd.CommandID)
	s, err := subjectFor(ctx, h.facts, cmd.Tenant, cmd.Actor, cmd.Employee)
	if err != nil {
		return err
	}
	_, err = decideEntitlement(ctx, h.Store, h.Now, entitlementCommand{cmd.CommandID, cmd.Tenant, cmd.Actor.UserID, s.Employee}, false,
		func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) {
			return e.Cancel(cmd.LeaveID.String(), at)
		})
	return err
}

// subjectFor loads the employee a command is about: the actor's own when employee is
// uuid.Nil or theirs, else one the actor manages (their report, or anyone for HR). Anyone
// else's is NotFound, so the answer tells nothing about other people.
func subjectFor(ctx context.Context, facts Facts, tenant uuid.UUID, a commands.Actor, employee uuid.UUID) (commands.VacationSubject, error) {
	if employee == uuid.Nil {
		employee = a.EmployeeID
	}
	if employee == uuid.Nil {
		return commands.VacationSubject{}, commands.Forbidden("m01Ukey")
	}
	s, err := facts.VacationSubject(ctx, tenant, employee)
	if err != nil {
		return s, err
	}
	if employee != a.EmployeeID && !ManagesVacationsOf(a, s) {
		return s, commands.NotFound("m01Ukey")
	}
	return s, nil
}
