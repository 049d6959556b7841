package vacation

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	"portal/domain/vacation"
	"portal/eventstore"
)

// ClosePeriod is HR ending what is left of an acquisition period (spec portal-business
// §3: lost, paid at termination, settled with or without pay).
type ClosePeriod struct {
	CommandID string
	Tenant    uuid.UUID
	Actor     commands.Actor
	Employee  uuid.UUID
	Period    int
	Reason    vacation.Closure
}

// ClosePeriodHandler closes periods.
type ClosePeriodHandler struct{ vacationDeps }

// NewClosePeriodHandler needs the facts, the store, the clock and the chain.
func NewClosePeriodHandler(facts Facts, store eventstore.Store, now func() time.Time, chain Chain) (*ClosePeriodHandler, error) {
	d, err := newVacationDeps("NewClosePeriodHandler", facts, store, now, chain)
	return &ClosePeriodHandler{d}, err
}

// Handle closes the period; only HR may.
func (h *ClosePeriodHandler) Handle(ctx context.Context, cmd ClosePeriod) (err error) {
	defer commands.Wrap(&err, "ClosePeriod(%s)", cmd.CommandID)
	if !cmd.Actor.IsHR() {
		return commands.Forbidden("request")
	}
	switch cmd.Reason {
	case vacation.Lost, vacation.PaidAtTermination, vacation.SettledWithPay, vacation.SettledWithoutPay:
	default:
		return domain.InvalidField("motivo", domain.KeyInvalid)
	}
	s, err := h.facts.VacationSubject(ctx, cmd.Tenant, cmd.Employee)
	if err != nil {
		return err
	}
	_, err = decideEntitlement(ctx, h.Store, h.Now, entitlementCommand{cmd.CommandID, cmd.Tenant, cmd.Actor.UserID, s.Employee}, false,
		func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) {
			return openFirst(e, s, func() ([]vacation.Event, error) { return e.ClosePeriod(cmd.Period, cmd.Reason, at) })
		})
	return err
}
