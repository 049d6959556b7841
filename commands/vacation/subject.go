package vacation

import (
	"context"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/vacation"
)

// Facts is what the vacation commands read besides the log (PoolFacts implements it).
type Facts interface {
	// VacationSubject reads an employee of the tenant; an unknown one is NotFound.
	VacationSubject(ctx context.Context, tenant, employee uuid.UUID) (commands.VacationSubject, error)
	// Calendar is the tenant's holiday calendar and the tenant's own fixed dates.
	Calendar(ctx context.Context, tenant uuid.UUID) (*vacation.Calendar, []vacation.FixedDate, error)
}

// Chain is the approval chain a vacation request goes through (spec portal-business
// §4: the manager, then HR). LocalChain decides on the entitlement itself; RequestsChain
// routes the request through the requests area's chains (origin Ferias 10).
type Chain interface {
	// Steps is the chain (step kinds) a new request of s takes.
	Steps(ctx context.Context, tenant uuid.UUID, s commands.VacationSubject) ([]string, error)
	// MayDecide tells whether a may decide step kind of s's request on the entitlement.
	MayDecide(a commands.Actor, s commands.VacationSubject, kind string) bool
}

// ChainStarter is a chain that must be told of a new request once it is recorded (to file
// its own document). A failure withdraws the vacation request again.
type ChainStarter interface {
	Start(ctx context.Context, tenant uuid.UUID, a commands.Actor, s commands.VacationSubject, r vacation.Requested) error
}

// ChainForwarder is a chain whose decisions are taken on its own document: an approver's
// ruling is forwarded there, and the entitlement follows through a process manager.
type ChainForwarder interface {
	Forward(ctx context.Context, cmd Decide) (Decided, error)
}

// LocalChain: the employee's manager, then HR; an employee without a manager (a department
// head) goes to HR alone. Nobody decides their own request.
type LocalChain struct{}

// Steps implements Chain.
func (LocalChain) Steps(_ context.Context, _ uuid.UUID, s commands.VacationSubject) ([]string, error) {
	if s.Manager == uuid.Nil {
		return []string{vacation.StepHR}, nil
	}
	return []string{vacation.StepManager, vacation.StepHR}, nil
}

// MayDecide implements Chain.
func (LocalChain) MayDecide(a commands.Actor, s commands.VacationSubject, kind string) bool {
	if a.EmployeeID == s.Employee {
		return false
	}
	switch kind {
	case vacation.StepManager:
		return a.EmployeeID != uuid.Nil && a.EmployeeID == s.Manager
	case vacation.StepHR:
		return a.IsHR()
	}
	return false
}

// ManagesVacationsOf tells whether a may plan and see s's vacations: s's manager or HR.
func ManagesVacationsOf(a commands.Actor, s commands.VacationSubject) bool {
	return a.IsHR() || (a.EmployeeID != uuid.Nil && a.EmployeeID == s.Manager)
}
