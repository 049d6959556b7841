package process_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	requestcmd "portal/commands/request"
	vacationcmd "portal/commands/vacation"
	"portal/domain"
	"portal/domain/request"
	"portal/domain/vacation"
	"portal/process"
)

// vacNow is Thursday 5 November 2026; fixture employees were hired on 1 January 2020.
var vacNow = time.Date(2026, 11, 5, 14, 0, 0, 0, time.UTC)

// A vacation request goes through the requests area's chain (a request of origin Ferias 10):
// the manager's and HR's decisions on that request are mirrored onto the entitlement by the
// process manager, once each however often it sees them; a second vacation request while the
// first is open is refused by the requests area and withdrawn from the entitlement.
func TestVacationRequest_through_the_requests_chain(t *testing.T) {
	d, store, people := teamLog(t, "process_vacation_rulings", "pwa-rh-ferias,pwa-req-tools-ferias",
		[]string{auth.RoleCollaborator}, []string{auth.RoleManager, auth.RoleCollaborator}, []string{auth.RoleHRAdmin, auth.RoleCollaborator})
	ana, boss, hr := people[0], people[1], people[2]
	if _, err := d.Pool.Exec(context.Background(), `UPDATE users SET access_config = '{"solicita_ferias":1}' WHERE tenant_id = $1`, ana.Tenant); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	now := func() time.Time { return vacNow }
	create, err := requestcmd.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, now)
	if err != nil {
		t.Fatal(err)
	}
	decide, err := requestcmd.NewDecideStepHandler(commands.PoolFacts{Pool: d.Pool}, store, now)
	if err != nil {
		t.Fatal(err)
	}
	chain, err := process.NewRequestsChain(commands.PoolFacts{Pool: d.Pool}, store, now, create, decide)
	if err != nil {
		t.Fatal(err)
	}
	req, err := vacationcmd.NewRequestHandler(commands.PoolFacts{Pool: d.Pool}, store, now, chain)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := vacationcmd.NewDecideHandler(commands.PoolFacts{Pool: d.Pool}, store, now, chain)
	if err != nil {
		t.Fatal(err)
	}
	rulings, err := process.NewVacationRulings(store, now)
	if err != nil {
		t.Fatal(err)
	}
	actor := func(p clocktest.Person, roles ...string) commands.Actor {
		return commands.Actor{UserID: p.UserID, UserHash: p.UserHash, EmployeeID: p.EmployeeID, Roles: roles}
	}
	// run feeds the whole log to the process manager, as the Runner would (again each time:
	// what it already mirrored must not be mirrored twice).
	run := func() {
		t.Helper()
		all := readLog(t, ctx, d.Pool, store)
		if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return rulings.Apply(ctx, tx, all) }); err != nil {
			t.Fatal(err)
		}
	}
	entitlement := func() []string {
		t.Helper()
		events, err := store.ReadStream(ctx, ana.Tenant, vacation.Stream(ana.EmployeeID), 0)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(events))
		for i, e := range events {
			out[i] = e.Type
		}
		return out
	}

	filed, err := req.Handle(ctx, vacationcmd.Request{CommandID: "v1", Tenant: ana.Tenant, Actor: actor(ana, auth.RoleCollaborator),
		Start: vacation.Day(2026, 11, 16), Days: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(filed.Steps) != 2 || filed.Steps[0] != vacation.StepManager || filed.Steps[1] != vacation.StepHR {
		t.Fatalf("steps = %v", filed.Steps)
	}
	request, err := store.ReadStream(ctx, ana.Tenant, request.Stream(process.VacationRequestID(ana.Tenant, filed.ID.String())), 0)
	if err != nil || len(request) < 2 {
		t.Fatalf("the request of origin Ferias: %d events, %v", len(request), err)
	}

	// While it is open, a second vacation request is refused by the requests area (one open
	// request per type) and withdrawn from the entitlement.
	_, err = req.Handle(ctx, vacationcmd.Request{CommandID: "v2", Tenant: ana.Tenant, Actor: actor(ana, auth.RoleCollaborator),
		Start: vacation.Day(2026, 12, 7), Days: 5})
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != domain.Conflict {
		t.Fatalf("second request: %v", err)
	}
	if got := entitlement(); len(got) != 4 || got[3] != vacation.TypeCancelled {
		t.Fatalf("entitlement after the refused second request = %v", got)
	}

	decision := func(who commands.Actor, id string, step int) (vacationcmd.Decided, error) {
		return dec.Handle(ctx, vacationcmd.Decide{CommandID: id, Tenant: ana.Tenant, Actor: who, Employee: ana.EmployeeID,
			LeaveID: filed.ID, Step: step, Approve: true})
	}
	if _, err := decision(actor(hr, auth.RoleHRAdmin), "d0", 0); err == nil {
		t.Fatal("HR decided the manager's step")
	}
	res, err := decision(actor(boss, auth.RoleManager), "d1", 0)
	if err != nil || res.Status != "pending" {
		t.Fatalf("manager = %+v, %v", res, err)
	}
	run()
	run()
	if got := entitlement(); len(got) != 5 || got[4] != vacation.TypeStepApproved {
		t.Fatalf("entitlement after the manager = %v", got)
	}
	// The manager takes the approval back on the request itself, then approves again.
	undo := commands.RequestCaller{Tenant: ana.Tenant, UserID: boss.UserID, UserHash: boss.UserHash, EmployeeID: boss.EmployeeID, Roles: []string{auth.RoleManager}}
	if _, err := decide.Handle(ctx, requestcmd.DecideStep{CommandID: "u1", Caller: undo, ID: process.VacationRequestID(ana.Tenant, filed.ID.String()),
		Action: requestcmd.Undo, Step: 0}); err != nil {
		t.Fatal(err)
	}
	run()
	if got := entitlement(); len(got) != 6 || got[5] != vacation.TypeStepUndone {
		t.Fatalf("entitlement after the undo = %v", got)
	}
	if _, err := decision(actor(boss, auth.RoleManager), "d1b", 0); err != nil {
		t.Fatal(err)
	}
	run()
	res, err = decision(actor(hr, auth.RoleHRAdmin), "d2", 1)
	if err != nil || res.Status != "scheduled" {
		t.Fatalf("HR = %+v, %v", res, err)
	}
	run()
	run()
	if got := entitlement(); len(got) != 8 || got[6] != vacation.TypeStepApproved || got[7] != vacation.TypeApproved {
		t.Fatalf("entitlement after HR = %v", got)
	}
}
