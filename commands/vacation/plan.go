package vacation

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/vacation"
	"portal/eventstore"
)

// Plan places a planned period for a team member (spec portal-business §2 planning:
// managers place planned periods for the coming year, employees see them). Plans do not use
// the balance; the employee requests them later.
type Plan struct {
	CommandID string
	Tenant    uuid.UUID
	Actor     commands.Actor
	Employee  uuid.UUID
	Start     time.Time
	Days      int
}

// RemovePlan takes a planned period off the plan.
type RemovePlan struct {
	CommandID string
	Tenant    uuid.UUID
	Actor     commands.Actor
	Employee  uuid.UUID
	PlanID    uuid.UUID
}

// PlanHandler places and removes planned periods.
type PlanHandler struct{ vacationDeps }

// NewPlanHandler needs the facts, the store, the clock and the chain.
func NewPlanHandler(facts Facts, store eventstore.Store, now func() time.Time, chain Chain) (*PlanHandler, error) {
	d, err := newVacationDeps("NewPlanHandler", facts, store, now, chain)
	return &PlanHandler{d}, err
}

// Plan places a period for an employee the actor manages (their manager or HR) and returns
// the plan's id. The period obeys the shape and start rules of a request.
func (h *PlanHandler) Plan(ctx context.Context, cmd Plan) (id uuid.UUID, err error) {
	defer commands.Wrap(&err, "Plan(%s)", cmd.CommandID)
	s, err := managedSubject(ctx, h.facts, cmd.Tenant, cmd.Actor, cmd.Employee)
	if err != nil {
		return id, err
	}
	cal, _, err := h.facts.Calendar(ctx, cmd.Tenant)
	if err != nil {
		return id, err
	}
	id = commands.DeriveID(cmd.Tenant, vacation.Stream(s.Employee), cmd.CommandID, "plan")
	_, err = decideEntitlement(ctx, h.Store, h.Now, entitlementCommand{cmd.CommandID, cmd.Tenant, cmd.Actor.UserID, s.Employee}, false,
		func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) {
			return openFirst(e, s, func() ([]vacation.Event, error) {
				return e.Plan(id.String(), cmd.Start, cmd.Days, cmd.Actor.UserID.String(), at, s.Schedule, cal)
			})
		})
	return id, err
}

// Remove takes a plan off.
func (h *PlanHandler) Remove(ctx context.Context, cmd RemovePlan) (err error) {
	defer commands.Wrap(&err, "RemovePlan(%s)", cmd.CommandID)
	s, err := managedSubject(ctx, h.facts, cmd.Tenant, cmd.Actor, cmd.Employee)
	if err != nil {
		return err
	}
	_, err = decideEntitlement(ctx, h.Store, h.Now, entitlementCommand{cmd.CommandID, cmd.Tenant, cmd.Actor.UserID, s.Employee}, false,
		func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) {
			return e.RemovePlan(cmd.PlanID.String(), at)
		})
	return err
}

// managedSubject loads an employee the actor manages (planning is not for oneself).
func managedSubject(ctx context.Context, facts Facts, tenant uuid.UUID, a commands.Actor, employee uuid.UUID) (commands.VacationSubject, error) {
	if employee == uuid.Nil {
		return commands.VacationSubject{}, commands.NotFound("m01Ukey")
	}
	s, err := facts.VacationSubject(ctx, tenant, employee)
	if err != nil {
		return s, err
	}
	if !ManagesVacationsOf(a, s) {
		return s, commands.NotFound("m01Ukey")
	}
	return s, nil
}
