package vacation_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	vacationcmd "portal/commands/vacation"
	"portal/domain"
	"portal/domain/notification"
	"portal/domain/vacation"
	"portal/eventstore"
)

// vacNow is Thursday 5 November 2026; fixture employees were hired on 1 January 2020.
var vacNow = time.Date(2026, 11, 5, 14, 0, 0, 0, time.UTC)

type vacTeam struct {
	employee, manager, hr, colleague clocktest.Person
}

// vacationTeam makes a tenant with an employee (switches on), their manager, an HR admin
// and a colleague of the employee.
func vacationTeam(t *testing.T) vacTeam {
	t.Helper()
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, harness.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	mk := func(roles ...string) clocktest.Person {
		p, err := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{Roles: roles})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	team := vacTeam{employee: mk(auth.RoleCollaborator), manager: mk(auth.RoleManager, auth.RoleCollaborator),
		hr: mk(auth.RoleHRAdmin, auth.RoleCollaborator), colleague: mk(auth.RoleCollaborator)}
	for _, p := range []clocktest.Person{team.employee, team.colleague} {
		if _, err := harness.DB.Pool.Exec(ctx, `UPDATE employees SET manager_id = $3 WHERE tenant_id = $1 AND id = $2`,
			tenant.ID, p.EmployeeID, team.manager.EmployeeID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := harness.DB.Pool.Exec(ctx, `UPDATE users SET access_config = '{"solicita_ferias":1,"solicita_abono_ferias":1,"solicita_13_ferias":1}'
WHERE tenant_id = $1`, tenant.ID); err != nil {
		t.Fatal(err)
	}
	return team
}

func actor(p clocktest.Person, roles ...string) commands.Actor {
	return commands.Actor{UserID: p.UserID, EmployeeID: p.EmployeeID, Roles: roles}
}

func vacHandlers(t *testing.T) (*vacationcmd.RequestHandler, *vacationcmd.DecideHandler) {
	t.Helper()
	now := func() time.Time { return vacNow }
	req, err := vacationcmd.NewRequestHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, now, vacationcmd.LocalChain{})
	if err != nil {
		t.Fatal(err)
	}
	dec, err := vacationcmd.NewDecideHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, now, vacationcmd.LocalChain{})
	if err != nil {
		t.Fatal(err)
	}
	return req, dec
}

func vacStream(t *testing.T, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	events, err := harness.Store.ReadStream(context.Background(), p.Tenant, vacation.Stream(p.EmployeeID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

func refusalKey(err error) (domain.Kind, string) {
	var de *domain.Error
	if errors.As(err, &de) {
		return de.Kind, de.Key
	}
	return 0, ""
}

func TestVacationHandlers_refuse_nil_dependencies(t *testing.T) {
	if _, err := vacationcmd.NewRequestHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, time.Now, nil); err == nil {
		t.Error("nil chain accepted")
	}
	if _, err := vacationcmd.NewAlertsHandler(nil, harness.Store, time.Now); err == nil {
		t.Error("nil pool accepted")
	}
}

func TestRequestVacation_refusals_write_nothing(t *testing.T) {
	team := vacationTeam(t)
	req, _ := vacHandlers(t)
	ctx := context.Background()
	base := vacationcmd.Request{Tenant: team.employee.Tenant, Actor: actor(team.employee), Start: vacation.Day(2026, 11, 16), Days: 10}
	cases := []struct {
		name string
		edit func(*vacationcmd.Request)
		key  string
	}{
		{"four_days", func(c *vacationcmd.Request) { c.Days = 4 }, vacation.KeyTooShort},
		{"two_days_before_the_weekend", func(c *vacationcmd.Request) { c.Start = vacation.Day(2026, 11, 12) }, vacation.KeyStartBeforeRest},
		{"on_the_republic_holiday_eve", func(c *vacationcmd.Request) { c.Start = vacation.Day(2026, 11, 18) }, vacation.KeyStartBeforeRest},
		{"abono_over_a_third", func(c *vacationcmd.Request) { c.AbonoDays = 11 }, vacation.KeyAbonoTooMany},
	}
	for _, c := range cases {
		cmd := base
		cmd.CommandID = "refused-" + c.name
		c.edit(&cmd)
		_, err := req.Handle(ctx, cmd)
		if kind, key := refusalKey(err); kind != domain.Refused || key != c.key {
			t.Errorf("%s: err = %v, want refusal %s", c.name, err, c.key)
		}
	}
	if n := len(vacStream(t, team.employee)); n != 0 {
		t.Errorf("refusals wrote %d events", n)
	}
	// The switch turned off: the request is refused with the switch's key.
	if _, err := harness.DB.Pool.Exec(ctx, `UPDATE users SET access_config = '{}' WHERE tenant_id = $1 AND id = $2`,
		team.employee.Tenant, team.employee.UserID); err != nil {
		t.Fatal(err)
	}
	cmd := base
	cmd.CommandID = "no-switch"
	if _, err := req.Handle(ctx, cmd); func() bool { _, k := refusalKey(err); return k != vacation.KeyNotAllowed }() {
		t.Errorf("without solicita_ferias: %v", err)
	}
}

func TestRequestVacation_check_then_file_then_manager_and_hr_approve(t *testing.T) {
	team := vacationTeam(t)
	req, dec := vacHandlers(t)
	ctx := context.Background()
	cmd := vacationcmd.Request{CommandID: "c1", Tenant: team.employee.Tenant, Actor: actor(team.employee),
		Start: vacation.Day(2026, 11, 16), Days: 10, Check: true}
	checked, err := req.Handle(ctx, cmd)
	if err != nil || checked.Days != 10 || !checked.End.Equal(vacation.Day(2026, 11, 25)) {
		t.Fatalf("check = %+v, %v", checked, err)
	}
	if n := len(vacStream(t, team.employee)); n != 0 {
		t.Fatalf("a check wrote %d events", n)
	}
	cmd.Check = false
	filed, err := req.Handle(ctx, cmd)
	if err != nil || filed.ID == uuid.Nil || len(filed.Steps) != 2 || filed.Steps[0] != vacation.StepManager {
		t.Fatalf("file = %+v, %v", filed, err)
	}
	again, err := req.Handle(ctx, cmd) // a retried command answers the same request
	if err != nil || again.ID != filed.ID {
		t.Fatalf("retry = %+v, %v", again, err)
	}
	events := vacStream(t, team.employee)
	if len(events) != 2 || events[0].Type != vacation.TypeOpened || events[1].Type != vacation.TypeRequested {
		t.Fatalf("stream = %v", types(events))
	}

	decide := func(who commands.Actor, id string, step int, approve bool) (vacationcmd.Decided, error) {
		return dec.Handle(ctx, vacationcmd.Decide{CommandID: id, Tenant: team.employee.Tenant, Actor: who,
			Employee: team.employee.EmployeeID, LeaveID: filed.ID, Step: step, Approve: approve})
	}
	if _, err := decide(actor(team.colleague), "d0", 0, true); func() bool { k, _ := refusalKey(err); return k != domain.Forbidden }() {
		t.Errorf("a colleague decided the manager step: %v", err)
	}
	if _, err := decide(actor(team.hr, auth.RoleHRAdmin), "d1", 1, true); func() bool { k, _ := refusalKey(err); return k != domain.Conflict }() {
		t.Errorf("HR decided before the manager: %v", err)
	}
	res, err := decide(actor(team.manager, auth.RoleManager), "d2", 0, true)
	if err != nil || res.Status != "pending" || res.Step != 1 {
		t.Fatalf("manager = %+v, %v", res, err)
	}
	if _, err := decide(actor(team.manager, auth.RoleManager), "d3", 1, true); func() bool { k, _ := refusalKey(err); return k != domain.Forbidden }() {
		t.Errorf("the manager decided the HR step: %v", err)
	}
	res, err = decide(actor(team.hr, auth.RoleHRAdmin), "d4", 1, true)
	if err != nil || res.Status != "scheduled" {
		t.Fatalf("hr = %+v, %v", res, err)
	}
	events = vacStream(t, team.employee)
	if got := types(events); len(got) != 4 || got[2] != vacation.TypeStepApproved || got[3] != vacation.TypeApproved {
		t.Fatalf("stream = %v", got)
	}
	// The same days again overlap the scheduled vacation.
	cmd.CommandID = "c2"
	if _, err := req.Handle(ctx, cmd); func() bool { _, k := refusalKey(err); return k != vacation.KeyOverlap }() {
		t.Errorf("overlap: %v", err)
	}
}

func TestRequestVacation_another_tenants_employee_is_not_found(t *testing.T) {
	a, b := vacationTeam(t), vacationTeam(t)
	_, dec := vacHandlers(t)
	_, err := dec.Handle(context.Background(), vacationcmd.Decide{CommandID: "x", Tenant: a.employee.Tenant,
		Actor: actor(a.hr, auth.RoleHRAdmin), Employee: b.employee.EmployeeID, LeaveID: uuid.New(), Approve: true})
	if k, _ := refusalKey(err); k != domain.NotFound {
		t.Fatalf("err = %v, want NotFound", err)
	}
}

func TestPlanVacation_only_by_manager_or_hr(t *testing.T) {
	team := vacationTeam(t)
	h, err := vacationcmd.NewPlanHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, func() time.Time { return vacNow }, vacationcmd.LocalChain{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	plan := vacationcmd.Plan{CommandID: "p1", Tenant: team.employee.Tenant, Employee: team.employee.EmployeeID,
		Start: vacation.Day(2027, 1, 11), Days: 15}
	plan.Actor = actor(team.colleague)
	if _, err := h.Plan(ctx, plan); func() bool { k, _ := refusalKey(err); return k != domain.NotFound }() {
		t.Errorf("a colleague planned: %v", err)
	}
	plan.Actor = actor(team.manager, auth.RoleManager)
	id, err := h.Plan(ctx, plan)
	if err != nil || id == uuid.Nil {
		t.Fatalf("manager plan = %v, %v", id, err)
	}
	if err := h.Remove(ctx, vacationcmd.RemovePlan{CommandID: "r1", Tenant: plan.Tenant, Actor: actor(team.hr, auth.RoleHRAdmin),
		Employee: team.employee.EmployeeID, PlanID: id}); err != nil {
		t.Fatalf("hr remove: %v", err)
	}
	if got := types(vacStream(t, team.employee)); len(got) != 3 || got[1] != vacation.TypePlanned || got[2] != vacation.TypePlanRemoved {
		t.Fatalf("stream = %v", got)
	}
}

func TestVacationAlerts_raise_once_and_notify_employee_and_manager(t *testing.T) {
	team := vacationTeam(t)
	ctx := context.Background()
	// Hired on 1 December 2023: period 1's concessive period ends on 30 November 2026, 25
	// days after vacNow, with all 30 days left (period 0 ended on 30 Nov 2025: overdue).
	// The others were hired this year: no period of theirs is acquired.
	if _, err := harness.DB.Pool.Exec(ctx, `UPDATE employees SET hire_date = CASE WHEN id = $2 THEN '2023-12-01'::date ELSE '2026-01-01' END
WHERE tenant_id = $1`, team.employee.Tenant, team.employee.EmployeeID); err != nil {
		t.Fatal(err)
	}
	if _, err := vacationcmd.OpenEntitlements(ctx, harness.DB.Pool, harness.Store, team.employee.Tenant); err != nil {
		t.Fatal(err)
	}
	h, err := vacationcmd.NewAlertsHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, func() time.Time { return vacNow })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Run(ctx); err != nil {
		t.Fatal(err)
	}
	got := types(vacStream(t, team.employee))
	if len(got) != 2 || got[1] != vacation.TypeAlertRaised {
		t.Fatalf("stream = %v", got)
	}
	if _, err := h.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(vacStream(t, team.employee)); n != 2 {
		t.Errorf("second run appended: %d events", n)
	}
	for _, p := range []clocktest.Person{team.employee, team.manager} {
		inbox, err := harness.Store.ReadStream(ctx, p.Tenant, notification.Stream(p.UserID), 0)
		if err != nil || len(inbox) != 1 {
			t.Errorf("%s inbox = %d events, %v", p.UserName, len(inbox), err)
		}
	}
}

func types(events []eventstore.RecordedEvent) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Type
	}
	return out
}

// OpenEntitlements opens every employee's entitlement once: run again, it opens nothing.
func TestOpenEntitlements_opens_each_once(t *testing.T) {
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, harness.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	var people []clocktest.Person
	for range 3 {
		p, err := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{})
		if err != nil {
			t.Fatal(err)
		}
		people = append(people, p)
	}
	for run, want := range []int{3, 0} {
		if n, err := vacationcmd.OpenEntitlements(ctx, harness.DB.Pool, harness.Store, tenant.ID); err != nil || n != want {
			t.Fatalf("run %d opened %d (%v), want %d", run, n, err, want)
		}
	}
	for _, p := range people {
		if got := types(vacStream(t, p)); len(got) != 1 || got[0] != vacation.TypeOpened {
			t.Fatalf("stream of %s = %v", p.UserName, got)
		}
	}
}
