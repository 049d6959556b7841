package projections_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/commands/clocktest"
	"portal/commands/request"
	"portal/domain/clock"
	rq "portal/domain/request"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/process"
	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/projections/projtest"
	requestsproj "portal/projections/requests"
)

var adjustSwitches = map[string]int{"solicita_ajuste_ponto": 1, "solicita_abono_ponto": 1}

// adjustSetup makes ana (with the adjustment type purchased) and her manager marcos, with
// a manager-only chain for AjustePonto.
func adjustSetup(t *testing.T, d *pgtest.DB) projtest.Team {
	t.Helper()
	p := projtest.NewTeam(t, d)
	ctx := context.Background()
	if _, err := d.Pool.Exec(ctx, `UPDATE users SET purchased = 'pwa-req-tools-ajusteponto' WHERE tenant_id = $1`, p.Ana.Tenant); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pool.Exec(ctx, `INSERT INTO request_chains (tenant_id, origin, position, kind) VALUES ($1, 12, 0, 'manager')`, p.Ana.Tenant); err != nil {
		t.Fatal(err)
	}
	return p
}

// runProcess feeds every stored event to the adjustment process, as the Runner does, and
// returns how many events the log grew by. (It reads the table itself: the store's ReadAll
// holds back events while another transaction, such as a notification, is still open.)
func runProcess(t *testing.T, d *pgtest.DB, _ eventstore.Store) int {
	t.Helper()
	ctx := context.Background()
	rows, err := d.Pool.Query(ctx, `SELECT id, tenant_id, stream, version, type, data FROM events ORDER BY position`)
	if err != nil {
		t.Fatal(err)
	}
	before, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (eventstore.RecordedEvent, error) {
		var e eventstore.RecordedEvent
		return e, r.Scan(&e.ID, &e.Tenant, &e.Stream, &e.Version, &e.Type, &e.Data)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return process.AdjustmentProcess{}.Apply(ctx, tx, before)
	}); err != nil {
		t.Fatal(err)
	}
	return int(projtest.Count(t, d, `SELECT count(*) FROM events`)) - len(before)
}

func dayMarks(t *testing.T, d *pgtest.DB, p clocktest.Person, day time.Time) ([]clockproj.DayMark, []clockproj.DayExcuse) {
	t.Helper()
	var marks []clockproj.DayMark
	var excuses []clockproj.DayExcuse
	ctx := context.Background()
	err := db.InTenant(ctx, d.Pool, p.Tenant.String(), func(tx pgx.Tx) error {
		var err error
		marks, excuses, err = clockproj.Clock{}.DayMarks(ctx, tx, p.EmployeeID, day)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return marks, excuses
}

func localHHMM(ts time.Time) string { return ts.In(clock.Zone).Format("15:04") }

// An approved adjustment corrects the day in the read model while the punch stays in the
// log as it was; the process acts once however often it sees the approval; replaying the
// clock projection gives the same day; undoing the approval puts the punch back.
func TestApprovedAdjustmentCorrectsTheDay(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	p := adjustSetup(t, d)
	projtest.Punch(t, d, store, p.Ana, "p1", "Rua A", projtest.Now)                  // 09:30 local
	projtest.Punch(t, d, store, p.Ana, "p2", "Rua B", projtest.Now.Add(3*time.Hour)) // 12:30 local
	punched := projtest.ClockStream(t, store, p.Ana)
	var markID string
	for _, e := range punched {
		if e.Type == clock.TypeMarkRegistered {
			var m struct {
				MarkID string `json:"markId"`
			}
			if err := json.Unmarshal(e.Data, &m); err != nil {
				t.Fatal(err)
			}
			markID = m.MarkID
			break
		}
	}

	later := func() time.Time { return projtest.Now.Add(8 * time.Hour) }
	create, _ := request.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, later)
	ask, err := clockcmd.NewAskAdjustmentHandler(create, store, later)
	if err != nil {
		t.Fatal(err)
	}
	a := clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2024-05-10", MarkID: markID, Time: "08:00", Reason: "cheguei às 8"}
	r, err := ask.Handle(ctx, clockcmd.AskAdjustment{CommandID: "ask-1", Caller: projtest.Caller(p.Ana, auth.RoleCollaborator), Switches: adjustSwitches, Adjustment: a})
	if err != nil {
		t.Fatal(err)
	}
	if r.Origin != rq.AjustePonto || r.Status != rq.StatusWaiting {
		t.Fatalf("request %+v", r)
	}
	if n := runProcess(t, d, store); n != 0 {
		t.Fatalf("the process acted on a waiting request (%d events)", n)
	}

	decide, _ := request.NewDecideStepHandler(commands.PoolFacts{Pool: d.Pool}, store, later)
	id := uuid.MustParse(r.ID)
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "ok-1", Caller: projtest.Caller(p.Marcos, auth.RoleManager), ID: id, Action: request.Approve, Step: 0}); err != nil {
		t.Fatal(err)
	}
	if n := runProcess(t, d, store); n != 1 {
		t.Fatalf("the approval appended %d events, want 1", n)
	}
	if n := runProcess(t, d, store); n != 0 {
		t.Fatalf("seeing the approval again appended %d events", n)
	}
	stream := projtest.ClockStream(t, store, p.Ana)
	projtest.Apply(t, d, ctx, clockproj.New(), stream)

	marks, _ := dayMarks(t, d, p.Ana, projtest.Now.In(clock.Zone))
	if len(marks) != 2 || localHHMM(marks[0].At) != "08:00" || !marks[0].Adjusted || marks[0].OriginalAt == nil ||
		localHHMM(*marks[0].OriginalAt) != "09:30" || marks[1].Adjusted || *marks[0].RequestID != id {
		t.Fatalf("day after approval: %+v", marks)
	}
	var recent []clockproj.Mark
	if err := db.InTenant(ctx, d.Pool, p.Ana.Tenant.String(), func(tx pgx.Tx) error {
		var err error
		recent, err = clockproj.Clock{}.RecentMarks(ctx, tx, p.Ana.EmployeeID, 10)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(recent) != 2 || !recent[1].Adjusted || localHHMM(recent[1].RecordedAt) != "08:00" {
		t.Fatalf("recent marks: %+v", recent)
	}
	// The punch is still in the log, as punched; the correction is a new event after it.
	if !reflect.DeepEqual(stream[:len(punched)], punched) || stream[len(stream)-1].Type != clock.TypeMarkAdjusted {
		t.Fatalf("log changed: %d punched events, now %d, last %s", len(punched), len(stream), stream[len(stream)-1].Type)
	}
	var pushed int64
	d.Pool.QueryRow(ctx, `SELECT count(*) FROM push_pending WHERE topic = $1 AND user_id = $2`, clockproj.DayTopic, p.Ana.UserID).Scan(&pushed)
	if pushed != 1 {
		t.Fatalf("%d clock.day pushes to ana", pushed)
	}

	// A replay reads only the readable log: wait for the last event (other tests' transactions
	// anywhere in the cluster can hold it back a moment).
	projtest.Readable(t, store, stream[len(stream)-1].Cursor)
	if _, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), nil); err != nil {
		t.Fatal(err)
	}
	if replayed, _ := dayMarks(t, d, p.Ana, projtest.Now.In(clock.Zone)); !reflect.DeepEqual(replayed, marks) {
		t.Fatalf("replay differs:\n%+v\n%+v", replayed, marks)
	}
	if _, err := projections.Replay(ctx, d.Pool, store, process.AdjustmentProcess{}, nil); err != nil {
		t.Fatal(err)
	}
	if again := projtest.ClockStream(t, store, p.Ana); len(again) != len(stream) {
		t.Fatalf("replaying the process appended %d events", len(again)-len(stream))
	}

	// Undoing the (final) approval takes the correction back.
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "undo-1", Caller: projtest.Caller(p.Marcos, auth.RoleManager), ID: id, Action: request.Undo, Step: 0}); err != nil {
		t.Fatal(err)
	}
	if n := runProcess(t, d, store); n != 1 {
		t.Fatalf("the undo appended %d events, want 1", n)
	}
	projtest.Apply(t, d, ctx, clockproj.New(), projtest.ClockStream(t, store, p.Ana)[len(stream):])
	if marks, _ := dayMarks(t, d, p.Ana, projtest.Now.In(clock.Zone)); len(marks) != 2 || localHHMM(marks[0].At) != "09:30" || marks[0].Adjusted {
		t.Fatalf("day after undo: %+v", marks)
	}
}

// An approved incluir adds a flagged mark; an approved abono is listed with the day.
func TestApprovedAddAndExcuse(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	p := adjustSetup(t, d)
	later := func() time.Time { return projtest.Now.Add(8 * time.Hour) }
	create, _ := request.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, later)
	ask, _ := clockcmd.NewAskAdjustmentHandler(create, store, later)
	decide, _ := request.NewDecideStepHandler(commands.PoolFacts{Pool: d.Pool}, store, later)
	for i, a := range []clock.Adjustment{
		{Kind: clock.AdjustAdd, Day: "2024-05-10", Time: "07:45", Reason: "esqueci"},
		{Kind: clock.AdjustExcuse, Day: "2024-05-10", From: "13:00", To: "17:00", Reason: "médico"},
	} {
		r, err := ask.Handle(ctx, clockcmd.AskAdjustment{CommandID: "ask-" + a.Time + a.From, Caller: projtest.Caller(p.Ana), Switches: adjustSwitches, Adjustment: a})
		if err != nil {
			t.Fatal(i, err)
		}
		if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "ok-" + r.ID, Caller: projtest.Caller(p.Marcos, auth.RoleManager), ID: uuid.MustParse(r.ID), Action: request.Approve}); err != nil {
			t.Fatal(i, err)
		}
		if n := runProcess(t, d, store); n != 1 {
			t.Fatalf("%d: %d events", i, n)
		}
	}
	projtest.Apply(t, d, ctx, clockproj.New(), projtest.ClockStream(t, store, p.Ana))
	marks, excuses := dayMarks(t, d, p.Ana, projtest.Now.In(clock.Zone))
	if len(marks) != 1 || localHHMM(marks[0].At) != "07:45" || !marks[0].Added || !marks[0].Adjusted {
		t.Fatalf("marks %+v", marks)
	}
	if len(excuses) != 1 || excuses[0].From != "13:00" || excuses[0].To != "17:00" || excuses[0].Reason != "médico" {
		t.Fatalf("excuses %+v", excuses)
	}
	all := projtest.ClockStream(t, store, p.Ana)
	projtest.Readable(t, store, all[len(all)-1].Cursor)
	if _, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), nil); err != nil {
		t.Fatal(err)
	}
	if m, x := dayMarks(t, d, p.Ana, projtest.Now.In(clock.Zone)); !reflect.DeepEqual(m, marks) || !reflect.DeepEqual(x, excuses) {
		t.Fatalf("replay differs:\n%+v %+v\n%+v %+v", m, x, marks, excuses)
	}
	// Another tenant's transaction sees none of it.
	other := projtest.Person(t, d)
	err := db.InTenant(ctx, d.Pool, other.Tenant.String(), func(tx pgx.Tx) error {
		m, x, err := clockproj.Clock{}.DayMarks(ctx, tx, p.Ana.EmployeeID, projtest.Now.In(clock.Zone))
		if len(m)+len(x) != 0 {
			t.Errorf("foreign tenant sees %v %v", m, x)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// With the switch off the ask is refused with the kind's message, and nothing is written.
func TestAskRefusedWithoutSwitch(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	p := adjustSetup(t, d)
	create, _ := request.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, func() time.Time { return projtest.Now })
	ask, _ := clockcmd.NewAskAdjustmentHandler(create, store, func() time.Time { return projtest.Now })
	_, err := ask.Handle(ctx, clockcmd.AskAdjustment{CommandID: "x", Caller: projtest.Caller(p.Ana), Switches: map[string]int{"solicita_ajuste_ponto": 1},
		Adjustment: clock.Adjustment{Kind: clock.AdjustExcuse, Day: "2024-05-10", Reason: "m"}})
	if err == nil || err.Error() == "" || !containsKey(err, clock.KeyExcuseNotAllowed) {
		t.Fatalf("err = %v", err)
	}
	if n := projtest.Count(t, d, `SELECT count(*) FROM events WHERE stream LIKE 'request-%'`); n != 0 {
		t.Fatalf("%d request events written", n)
	}
}

func containsKey(err error, key string) bool {
	return err != nil && len(err.Error()) >= len(key) && err.Error()[len(err.Error())-len(key):] == key
}

// With an HR step configured after the manager's, the manager's approval changes no mark;
// HR's final approval does, and the HR admin list shows the request waiting for HR.
func TestHRStepDecidesLast(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	p := adjustSetup(t, d)
	if _, err := d.Pool.Exec(ctx, `INSERT INTO request_chains (tenant_id, origin, position, kind) VALUES ($1, 12, 1, 'hr')`, p.Ana.Tenant); err != nil {
		t.Fatal(err)
	}
	later := func() time.Time { return projtest.Now.Add(8 * time.Hour) }
	create, _ := request.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, later)
	ask, _ := clockcmd.NewAskAdjustmentHandler(create, store, later)
	decide, _ := request.NewDecideStepHandler(commands.PoolFacts{Pool: d.Pool}, store, later)
	r, err := ask.Handle(ctx, clockcmd.AskAdjustment{CommandID: "a", Caller: projtest.Caller(p.Ana), Switches: adjustSwitches,
		Adjustment: clock.Adjustment{Kind: clock.AdjustAdd, Day: "2024-05-10", Time: "07:45", Reason: "esqueci"}})
	if err != nil {
		t.Fatal(err)
	}
	id := uuid.MustParse(r.ID)
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "m", Caller: projtest.Caller(p.Marcos, auth.RoleManager), ID: id, Action: request.Approve, Step: 0}); err != nil {
		t.Fatal(err)
	}
	if n := runProcess(t, d, store); n != 0 {
		t.Fatalf("the manager's approval appended %d events", n)
	}
	// The HR admin's list shows it waiting for HR, theirs to decide.
	requestEvents, err := store.ReadStream(ctx, p.Ana.Tenant, "request-"+r.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	projtest.Apply(t, d, ctx, requestsproj.Requests{}, requestEvents)
	hr := requestsproj.AdjustmentScope{User: p.Helena.UserID, Roles: []string{rq.RoleHR}, HR: true}
	var list []requestsproj.AdjustmentRow
	err = db.InTenant(ctx, d.Pool, p.Ana.Tenant.String(), func(tx pgx.Tx) error {
		var err error
		list, err = requestsproj.Adjustments{}.List(ctx, tx, hr, "waiting", nil)
		return err
	})
	if err != nil || len(list) != 1 || !list[0].MayDecide(hr) || list[0].Doc.ApprovalStatus != "waiting_hr" {
		t.Fatalf("HR list %+v %v", list, err)
	}
	if _, err := decide.Handle(ctx, request.DecideStep{CommandID: "h", Caller: projtest.Caller(p.Helena, rq.RoleHR), ID: id, Action: request.Approve, Step: 1}); err != nil {
		t.Fatal(err)
	}
	if n := runProcess(t, d, store); n != 1 {
		t.Fatalf("HR's approval appended %d events", n)
	}
	projtest.Apply(t, d, ctx, clockproj.New(), projtest.ClockStream(t, store, p.Ana))
	if marks, _ := dayMarks(t, d, p.Ana, projtest.Now.In(clock.Zone)); len(marks) != 1 || localHHMM(marks[0].At) != "07:45" {
		t.Fatalf("marks %+v", marks)
	}
}
