package commands

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/domain/vacation"
)

// VacationSubject is what the vacation rules need to know of an employee: the hire date,
// the work schedule (weekly rest days), the manager and the access switches of their user.
type VacationSubject struct {
	Employee   uuid.UUID
	Name       string
	Hired      time.Time
	Schedule   vacation.Schedule
	Manager    uuid.UUID // uuid.Nil: heads their department
	Department uuid.UUID
	User       uuid.UUID // the employee's user; uuid.Nil when none
	Switches   vacation.Switches
}

// Actor is the signed-in user who gives a vacation command.
type Actor struct {
	UserID     uuid.UUID
	UserHash   string
	EmployeeID uuid.UUID
	Roles      []string
}

// IsHR tells whether the actor decides at the HR step and manages every employee's vacations
// (spec portal-business §1: HR admins approve at the HR step).
func (a Actor) IsHR() bool { return slices.Contains(a.Roles, auth.RoleHRAdmin) }

// VacationFacts is what the vacation commands read besides the log (PoolFacts implements it).
type VacationFacts interface {
	// VacationSubject reads an employee of the tenant; an unknown one is NotFound.
	VacationSubject(ctx context.Context, tenant, employee uuid.UUID) (VacationSubject, error)
	// Calendar is the tenant's holiday calendar and the tenant's own fixed dates.
	Calendar(ctx context.Context, tenant uuid.UUID) (*vacation.Calendar, []vacation.FixedDate, error)
}

// VacationSubject implements VacationFacts.
func (f PoolFacts) VacationSubject(ctx context.Context, tenant, employee uuid.UUID) (VacationSubject, error) {
	s := VacationSubject{Employee: employee}
	var (
		kind           string
		schedule, acfg []byte
		manager, user  *uuid.UUID
	)
	err := f.Pool.QueryRow(ctx, `
SELECT e.name, e.hire_date, e.schedule_type, e.schedule, e.manager_id, e.department_id,
       u.id, coalesce(u.access_config, '{}') || coalesce((SELECT "values" FROM tenant_settings WHERE tenant_id = e.tenant_id AND key = 'access_id'), '{}')
FROM employees e
LEFT JOIN LATERAL (SELECT id, access_config FROM users WHERE tenant_id = e.tenant_id AND employee_id = e.id
                   ORDER BY active DESC LIMIT 1) u ON true
WHERE e.tenant_id = $1 AND e.id = $2`, tenant, employee).
		Scan(&s.Name, &s.Hired, &kind, &schedule, &manager, &s.Department, &user, &acfg)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, vacationNotFound("m01Ukey")
	}
	if err != nil {
		return s, err
	}
	if manager != nil {
		s.Manager = *manager
	}
	if user != nil {
		s.User = *user
	}
	if s.Schedule, err = vacation.ParseSchedule(kind, schedule); err != nil {
		return s, err
	}
	var switches map[string]int
	_ = json.Unmarshal(acfg, &switches) // a malformed config grants nothing
	s.Switches = vacation.Switches{
		Vacation:  switches["solicita_ferias"] == 1,
		Abono:     switches["solicita_abono_ferias"] == 1,
		Advance13: switches["solicita_13_ferias"] == 1,
	}
	return s, nil
}

// Calendar implements VacationFacts: the national and movable holidays and the tenant's own
// fixed dates (tenant_holidays).
func (f PoolFacts) Calendar(ctx context.Context, tenant uuid.UUID) (*vacation.Calendar, []vacation.FixedDate, error) {
	rows, err := f.Pool.Query(ctx, `SELECT month, day, name FROM tenant_holidays WHERE tenant_id = $1 ORDER BY month, day`, tenant)
	if err != nil {
		return nil, nil, err
	}
	fixed, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (vacation.FixedDate, error) {
		var f vacation.FixedDate
		var m, d int16
		err := r.Scan(&m, &d, &f.Key)
		f.Month, f.Day = time.Month(m), int(d)
		return f, err
	})
	if err != nil {
		return nil, nil, err
	}
	return vacation.NewCalendar(fixed), fixed, nil
}

// VacationChain is the approval chain a vacation request goes through (spec portal-business
// §4: the manager, then HR). LocalChain decides on the entitlement itself; RequestsChain
// routes the request through the requests area's chains (origin Ferias 10).
type VacationChain interface {
	// Steps is the chain (step kinds) a new request of s takes.
	Steps(ctx context.Context, tenant uuid.UUID, s VacationSubject) ([]string, error)
	// MayDecide tells whether a may decide step kind of s's request on the entitlement.
	MayDecide(a Actor, s VacationSubject, kind string) bool
}

// ChainStarter is a chain that must be told of a new request once it is recorded (to file
// its own document). A failure withdraws the vacation request again.
type ChainStarter interface {
	Start(ctx context.Context, tenant uuid.UUID, a Actor, s VacationSubject, r vacation.Requested) error
}

// ChainForwarder is a chain whose decisions are taken on its own document: an approver's
// ruling is forwarded there, and the entitlement follows through a process manager.
type ChainForwarder interface {
	Forward(ctx context.Context, cmd DecideVacation) (DecidedVacation, error)
}

// LocalChain: the employee's manager, then HR; an employee without a manager (a department
// head) goes to HR alone. Nobody decides their own request.
type LocalChain struct{}

// Steps implements VacationChain.
func (LocalChain) Steps(_ context.Context, _ uuid.UUID, s VacationSubject) ([]string, error) {
	if s.Manager == uuid.Nil {
		return []string{vacation.StepHR}, nil
	}
	return []string{vacation.StepManager, vacation.StepHR}, nil
}

// MayDecide implements VacationChain.
func (LocalChain) MayDecide(a Actor, s VacationSubject, kind string) bool {
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
func ManagesVacationsOf(a Actor, s VacationSubject) bool {
	return a.IsHR() || (a.EmployeeID != uuid.Nil && a.EmployeeID == s.Manager)
}
