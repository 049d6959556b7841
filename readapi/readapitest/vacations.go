package readapitest

import (
	"context"
	"testing"
	"time"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/commands/vacation"
	vacationsproj "portal/projections/vacations"
)

// VacNow is the vacation tests' clock: Thursday 5 November 2026. Fixture employees were
// hired on 1 January 2020, so periods 0..5 (180 days) are acquired.
var VacNow = time.Date(2026, 11, 5, 14, 0, 0, 0, time.UTC)

// VacationTeam makes a tenant with an employee, their manager, an HR admin and a colleague,
// all with the vacation module and switches (then signed in), entitlements opened and
// projected.
func (e *Env) VacationTeam(t *testing.T) (emp, mgr, hr, col Person) {
	t.Helper()
	ctx := context.Background()
	tenant := e.Tenant(t)
	var people []clocktest.Person
	for _, roles := range [][]string{{auth.RoleCollaborator}, {auth.RoleManager, auth.RoleCollaborator},
		{auth.RoleHRAdmin, auth.RoleCollaborator}, {auth.RoleCollaborator}} {
		people = append(people, e.Member(t, &tenant, clocktest.Options{Roles: roles}))
	}
	e.Exec(t, []any{tenant.ID, people[1].EmployeeID, people[2].EmployeeID},
		`UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND id <> $2 AND id <> $3`,
		`UPDATE users SET purchased = 'pwa-rh-ferias', access_config = '{"solicita_ferias":1,"solicita_abono_ferias":1,"solicita_13_ferias":1}' WHERE tenant_id = $1 AND $2::uuid IS NOT NULL AND $3::uuid IS NOT NULL`,
		`INSERT INTO tenant_holidays (tenant_id, month, day, name) SELECT $1, 6, 12, 'Dia da empresa' WHERE $2::uuid IS NOT NULL AND $3::uuid IS NOT NULL`)
	if _, err := vacation.OpenEntitlements(ctx, e.DB.Pool, e.Store, tenant.ID); err != nil {
		t.Fatal(err)
	}
	e.Project(t, tenant.ID, vacationsproj.New())
	return e.SignIn(t, people[0]), e.SignIn(t, people[1]), e.SignIn(t, people[2]), e.SignIn(t, people[3])
}
