package process_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	"portal/commands/request"
	"portal/domain/notification"
	rq "portal/domain/request"
	"portal/eventstore"
	"portal/process"
)

// A request's commands notify nobody themselves; the process manager, fed the log, tells the
// manager the request waits for them, HR when it reaches HR and Ana of each decision, once
// each however often and however cut it sees the events. Requests filed without notices (the
// seed's) tell nobody.
func TestRequestNotices_from_the_log(t *testing.T) {
	d, store, people := teamLog(t, "process_request_notices", "pwa-req-tools-request,pwa-req-tools-compra,pwa-req-tools-folha",
		[]string{auth.RoleCollaborator}, []string{auth.RoleManager}, []string{rq.RoleHR})
	ana, boss, hr := people[0], people[1], people[2]
	ctx := context.Background()
	at := time.Date(2026, 11, 5, 14, 0, 0, 0, time.UTC)
	now := func() time.Time { return at }
	facts := commands.PoolFacts{Pool: d.Pool}
	create, err := request.NewCreateHandler(facts, store, now)
	if err != nil {
		t.Fatal(err)
	}
	decide, err := request.NewDecideStepHandler(facts, store, now)
	if err != nil {
		t.Fatal(err)
	}
	notices, err := process.NewRequestNotices(facts, store)
	if err != nil {
		t.Fatal(err)
	}
	caller := func(p clocktest.Person, role string) commands.RequestCaller {
		return commands.RequestCaller{Tenant: p.Tenant, UserID: p.UserID, UserHash: p.UserHash, EmployeeID: p.EmployeeID, Roles: []string{role}}
	}
	body := func(o rq.Origin) rq.Body {
		return rq.Body{Origin: o, Send: true, HasFields: true, Fields: rq.Fields{Title: "Notebook", Reason: "Trabalho", Comment: "O atual quebrou", Priority: 2,
			ReferenceDate: "2026-11-05"}}
	}
	inbox := func(p clocktest.Person) []string {
		t.Helper()
		events, err := store.ReadStream(ctx, p.Tenant, notification.Stream(p.UserID), 0)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(events))
		for i, e := range events {
			out[i] = string(e.Data)
		}
		return out
	}
	feed := func(events []eventstore.RecordedEvent) {
		t.Helper()
		if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return notices.Apply(ctx, tx, events) }); err != nil {
			t.Fatal(err)
		}
	}

	r, err := create.Handle(ctx, request.Create{CommandID: "c1", Caller: caller(ana, auth.RoleCollaborator), Body: body(rq.Compra)})
	if err != nil {
		t.Fatal(err)
	}
	id := uuid.MustParse(r.ID)
	if n := inbox(boss); len(n) != 0 {
		t.Fatalf("the command itself notified the manager: %v", n)
	}
	first := readLog(t, ctx, d.Pool, store)
	feed(first)
	if n := inbox(boss); len(n) != 1 || !strings.Contains(n[0], "aguarda a sua aprovação") || !strings.Contains(n[0], "/apps/requestApprover/waiting/"+r.ID) {
		t.Fatalf("manager's inbox after the request was sent: %v", n)
	}
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "d1", Caller: caller(boss, auth.RoleManager), ID: id, Action: request.Approve}); err != nil {
		t.Fatal(err)
	}
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "d2", Caller: caller(hr, rq.RoleHR), ID: id, Action: request.Approve, Step: 1}); err != nil {
		t.Fatal(err)
	}
	quiet := request.WithoutNotices(ctx)
	if _, err := create.Handle(quiet, request.Create{CommandID: "c2", Caller: caller(ana, auth.RoleCollaborator), Body: body(rq.Folha)}); err != nil {
		t.Fatal(err)
	}

	// What followed, one event a batch (each batch goes on from the state the one before
	// left); then the log cut in two, whole, and whole again: each notice once.
	log := readLog(t, ctx, d.Pool, store)
	for i := len(first); i < len(log); i++ {
		feed(log[i : i+1])
	}
	check := func() {
		t.Helper()
		if n := inbox(boss); len(n) != 1 {
			t.Fatalf("manager has %d notifications, want 1 (the quiet request told nobody): %v", len(n), n)
		}
		if n := inbox(hr); len(n) != 1 || !strings.Contains(n[0], "aguarda a sua aprovação") {
			t.Fatalf("HR's inbox: %v, want the one that the request waits for HR", n)
		}
		if n := inbox(ana); len(n) != 2 || !strings.Contains(n[0], "avançou para a próxima aprovação") || !strings.Contains(n[1], "foi aprovada") {
			t.Fatalf("Ana's inbox: %v, want the step approval and the final approval", n)
		}
	}
	check()
	feed(log[:len(log)-3])
	feed(log)
	feed(log)
	check()
	for _, e := range log {
		if strings.HasPrefix(e.Stream, "request-") && e.CommandID == "c2" && e.CorrelationID != request.QuietCorrelation {
			t.Fatalf("the quiet request's event %s is not under QuietCorrelation", e.Type)
		}
	}
}
