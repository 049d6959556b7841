package requests_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	"portal/commands/request"
	rq "portal/domain/request"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections/projtest"
	requestsproj "portal/projections/requests"
)

var reqNow = time.Date(2024, 5, 10, 12, 30, 0, 0, time.UTC)

func applyRequests(t *testing.T, d *pgtest.DB, events []eventstore.RecordedEvent) {
	t.Helper()
	err := pgx.BeginFunc(context.Background(), d.Pool, func(tx pgx.Tx) error {
		return requestsproj.Requests{}.Apply(context.Background(), tx, events)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func requestRow(t *testing.T, d *pgtest.DB, id string) (status, approval string, designated *uuid.UUID, doc requestsproj.Doc) {
	t.Helper()
	var raw []byte
	err := d.Pool.QueryRow(context.Background(), `SELECT status, approval_status, step_designated, doc FROM requests WHERE id = $1`, id).
		Scan(&status, &approval, &designated, &raw)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return
}

// The read model follows the lifecycle, whether the events come one by one or in one batch,
// and each change is pushed to the requester and the approvers of the step.
func TestRequestsProjection(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	p := projtest.NewTeam(t, d)
	clock := func() time.Time { return reqNow }
	create, _ := request.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, clock)
	decide, _ := request.NewDecideStepHandler(commands.PoolFacts{Pool: d.Pool}, store, clock)
	ctx := context.Background()
	r, err := create.Handle(ctx, request.Create{CommandID: "c1", Caller: projtest.Caller(p.Ana, auth.RoleCollaborator), Body: rq.Body{
		Origin: rq.Compra, Send: true, HasFields: true, Fields: rq.Fields{Title: "Notebook", Reason: "r", Comment: "c", Priority: 1,
			ReferenceDate: "2024-05-10", Labels: []string{"urgente"}}}})
	if err != nil {
		t.Fatal(err)
	}
	applyRequests(t, d, projtest.Log(t, d, store))
	status, approval, designated, doc := requestRow(t, d, r.ID)
	if status != "waiting" || approval != "waiting_manager" || designated == nil || *designated != p.Marcos.UserID ||
		doc.CurrentStep == nil || doc.CurrentStep.Approver.UserHash != p.Marcos.UserHash || doc.Subject.M01Ukey != p.Ana.EmployeeID.String() ||
		doc.Prioridade != 1 || doc.Labels[0] != "urgente" || doc.Tipo != "compra" {
		t.Fatalf("row %s %s %v %+v", status, approval, designated, doc)
	}
	var pushed []uuid.UUID
	rows, _ := d.Pool.Query(ctx, `SELECT user_id FROM push_pending WHERE topic = 'request.changed' ORDER BY user_id`)
	pushed, _ = pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	want := map[uuid.UUID]bool{p.Ana.UserID: true, p.Marcos.UserID: true, p.Helena.UserID: true, p.OtherHR.UserID: true}
	if len(pushed) != len(want) {
		t.Fatalf("pushed to %v, want the requester, the manager and the HR deputies", pushed)
	}
	for _, u := range pushed {
		if !want[u] {
			t.Fatalf("pushed to %s", u)
		}
	}

	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "d1", Caller: projtest.Caller(p.Marcos, auth.RoleManager), ID: uuid.MustParse(r.ID), Action: request.Approve, Step: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "d2", Caller: projtest.Caller(p.Helena, rq.RoleHR), ID: uuid.MustParse(r.ID), Action: request.Approve, Step: 1}); err != nil {
		t.Fatal(err)
	}
	stream, _ := store.ReadStream(ctx, p.Ana.Tenant, rq.Stream(uuid.MustParse(r.ID)), 0)
	for _, e := range stream[2:] { // one by one, and the first two again (a redelivery changes nothing)
		applyRequests(t, d, append(stream[:2:2], e))
	}
	status, approval, designated, oneByOne := requestRow(t, d, r.ID)
	if status != "approved" || approval != "approved_hr" || designated != nil || oneByOne.DeliveryStatus == nil || *oneByOne.DeliveryStatus != "pending" || oneByOne.Version != 4 {
		t.Fatalf("after HR: %s %s %v %+v", status, approval, designated, oneByOne)
	}
	// The manager who decided the first step is told of HR's ruling too.
	var toMarcos int
	if err := d.Pool.QueryRow(ctx, `SELECT count(*) FROM push_pending WHERE topic = 'request.changed' AND user_id = $1
		AND data->>'approvalStatus' = 'approved_hr'`, p.Marcos.UserID).Scan(&toMarcos); err != nil || toMarcos == 0 {
		t.Fatalf("HR's ruling pushed to the manager %d times (%v)", toMarcos, err)
	}
	// Rebuilt in one batch, the row is the same.
	if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return requestsproj.Requests{}.Reset(ctx, tx) }); err != nil {
		t.Fatal(err)
	}
	applyRequests(t, d, stream)
	_, _, _, batched := requestRow(t, d, r.ID)
	if !reflect.DeepEqual(oneByOne, batched) {
		t.Fatalf("one by one %+v\nbatched %+v", oneByOne, batched)
	}
}

// The approver queue: the designated manager sees the manager step; HR sees it only while
// the manager is absent, and sees every HR step; "all" keeps what the viewer decided.
func TestApproverQueue(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	p := projtest.NewTeam(t, d)
	ctx := context.Background()
	clock := func() time.Time { return reqNow }
	create, _ := request.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, clock)
	decide, _ := request.NewDecideStepHandler(commands.PoolFacts{Pool: d.Pool}, store, clock)
	r, err := create.Handle(ctx, request.Create{CommandID: "c1", Caller: projtest.Caller(p.Ana, auth.RoleCollaborator), Body: rq.Body{
		Origin: rq.Compra, Send: true, HasFields: true, Fields: rq.Fields{Title: "Notebook", Reason: "r", Comment: "c", Priority: 2, ReferenceDate: "2024-05-10"}}})
	if err != nil {
		t.Fatal(err)
	}
	project := func() {
		applyRequests(t, d, projtest.Log(t, d, store))
	}
	queue := func(who clocktest.Person, folder string, roles ...string) int {
		t.Helper()
		var n int
		err := db.InTenant(ctx, d.Pool, who.Tenant.String(), func(tx pgx.Tx) error {
			page, err := requestsproj.List(ctx, tx, requestsproj.Query{Viewer: requestsproj.Viewer{
				UserID: who.UserID, EmployeeID: who.EmployeeID, Roles: roles, Today: reqNow}, Source: "approver", Folder: folder, Page: 1, PageSize: 20})
			n = page.TotalCount
			if len(page.Data) != n {
				return fmt.Errorf("page has %d of %d", len(page.Data), n)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	project()
	if m, h, a := queue(p.Marcos, "waiting", auth.RoleManager), queue(p.Helena, "waiting", rq.RoleHR), queue(p.Ana, "waiting", auth.RoleCollaborator); m != 1 || h != 0 || a != 0 {
		t.Fatalf("manager step: marcos %d, helena %d, ana %d; want 1, 0, 0", m, h, a)
	}
	if _, err := d.Pool.Exec(ctx, `INSERT INTO approver_absences (tenant_id, user_id, starts_on, ends_on) VALUES ($1, $2, '2024-05-01', '2024-05-31')`,
		p.Marcos.Tenant, p.Marcos.UserID); err != nil {
		t.Fatal(err)
	}
	if h := queue(p.Helena, "waiting", rq.RoleHR); h != 1 {
		t.Fatalf("helena sees %d while the manager is away, want 1", h)
	}
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "d1", Caller: projtest.Caller(p.Helena, rq.RoleHR), ID: uuid.MustParse(r.ID), Action: request.Approve, Step: 0}); err != nil {
		t.Fatal(err)
	}
	project()
	if m, h, o := queue(p.Marcos, "waiting", auth.RoleManager), queue(p.Helena, "waiting", rq.RoleHR), queue(p.OtherHR, "waiting", rq.RoleHR); m != 0 || h != 1 || o != 1 {
		t.Fatalf("HR step: marcos %d, helena %d, other HR %d; want 0, 1, 1", m, h, o)
	}
	if all := queue(p.Helena, "all", rq.RoleHR); all != 1 {
		t.Fatalf("helena's all folder has %d, want 1 (waiting and decided by her: the same request once)", all)
	}
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "d2", Caller: projtest.Caller(p.OtherHR, rq.RoleHR), ID: uuid.MustParse(r.ID), Action: request.Approve, Step: 1}); err != nil {
		t.Fatal(err)
	}
	project()
	if w, all := queue(p.Helena, "waiting", rq.RoleHR), queue(p.Helena, "all", rq.RoleHR); w != 0 || all != 1 {
		t.Fatalf("after the HR decision helena has %d waiting, %d in all; want 0, 1", w, all)
	}
}
