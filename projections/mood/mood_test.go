package mood_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands/clocktest"
	moodcmd "portal/commands/mood"
	"portal/domain/mood"
	"portal/eventstore"
	"portal/platform/db"
	"portal/projections"
	moodproj "portal/projections/mood"
	"portal/projections/projtest"
)

var moodNow = time.Date(2024, 5, 10, 15, 4, 5, 0, time.UTC)

// A check-in is projected once and pushed to the member and to their manager (whose nine-box
// updates live); a redelivered batch changes nothing and pushes nothing; another tenant
// reads none of it; a rebuild gives the same rows and pushes nothing.
func TestMoodProjectsAndPushesToTheManager(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	boss, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{Roles: []string{auth.RoleManager}})
	if err != nil {
		t.Fatal(err)
	}
	ana, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pool.Exec(ctx, `UPDATE employees SET manager_id = $2 WHERE id = $1`, ana.EmployeeID, boss.EmployeeID); err != nil {
		t.Fatal(err)
	}
	h, err := moodcmd.New(store, func() time.Time { return moodNow })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Handle(ctx, moodcmd.CheckIn{CommandID: "c1", Tenant: ana.Tenant, UserID: ana.UserID, UserHash: ana.UserHash,
		EmployeeID: ana.EmployeeID, Entry: mood.Entry{Humor: 42, Energy: 17}, CoolDown: mood.CoolDown(false)}); err != nil {
		t.Fatal(err)
	}
	events, err := store.ReadStream(ctx, ana.Tenant, mood.Stream(ana.UserID), 0)
	if err != nil || len(events) != 1 {
		t.Fatalf("events %v %v", events, err)
	}
	apply := func(ctx context.Context) {
		t.Helper()
		if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return moodproj.New().Apply(ctx, tx, events) }); err != nil {
			t.Fatal(err)
		}
	}
	apply(ctx)
	apply(ctx) // redelivered

	data := `{"userHash":"` + ana.UserHash + `","employeeId":"` + ana.EmployeeID.String() + `","humor":4.2,"energy":1.7,"data":"2024-05-10T15:04:05Z"}`
	got := projtest.Pushes(t, d, ana.Tenant)
	if len(got) != 2 || got[0].User != ana.UserID || got[1].User != boss.UserID ||
		got[0].Topic != moodproj.Topic || projtest.NormJSON(got[0].Data) != projtest.NormJSON(data) || projtest.NormJSON(got[1].Data) != projtest.NormJSON(data) ||
		got[0].Pos != events[0].Cursor.Position {
		t.Fatalf("pushes %+v", got)
	}

	team := func(tenant string) []moodproj.Member {
		var list []moodproj.Member
		err := db.InTenant(ctx, d.Pool, tenant, func(tx pgx.Tx) error {
			var err error
			list, err = moodproj.Mood{}.Team(ctx, tx, boss.EmployeeID, moodNow.Add(time.Hour))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	list := team(ana.Tenant.String())
	if len(list) != 1 || list[0].Emo == nil || list[0].Emo.Humor != 4.2 || list[0].Emo.Energy != 1.7 || !list[0].Emo.Data.Equal(moodNow) {
		t.Fatalf("team %+v", list)
	}
	other, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	if l := team(other.ID.String()); len(l) != 0 {
		t.Fatalf("another tenant reads %+v", l)
	}

	// A rebuild from zero: same rows, no pushes.
	projtest.Readable(t, store, events[0].Cursor)
	if _, err := projections.Replay(ctx, d.Pool, store, moodproj.New(), nil); err != nil {
		t.Fatal(err)
	}
	if l := team(ana.Tenant.String()); len(l) != 1 || l[0].Emo == nil || l[0].Emo.Humor != 4.2 {
		t.Fatalf("after replay %+v", l)
	}
	if n := len(projtest.Pushes(t, d, ana.Tenant)); n != 2 {
		t.Fatalf("%d pushes after replay", n)
	}
}

func TestMoodApplyRejectsBadEvents(t *testing.T) {
	t.Parallel()
	d, _ := projtest.DB(t)
	for _, data := range []string{
		`{"id":"6b1c0a52-4d8e-4c1e-9d55-0c1c6f1f0a01","userId":"6b1c0a52-4d8e-4c1e-9d55-0c1c6f1f0a02","humor":7,"energy":3}`,
		`{"id":"6b1c0a52-4d8e-4c1e-9d55-0c1c6f1f0a01","userId":"6b1c0a52-4d8e-4c1e-9d55-0c1c6f1f0a09","humor":3,"energy":3}`,
		`{"id":"6b1c0a52-4d8e-4c1e-9d55-0c1c6f1f0a01","userId":"6b1c0a52-4d8e-4c1e-9d55-0c1c6f1f0a02","humor":3,"energy":3,"employeeId":"x"}`,
		`not json`,
	} {
		e := eventstore.RecordedEvent{Type: mood.TypeCheckedIn, Stream: "mood-6b1c0a52-4d8e-4c1e-9d55-0c1c6f1f0a02", Tenant: uuid.MustParse("7f3e2b1a-0000-4000-8000-000000000001"), Data: []byte(data)}
		err := pgx.BeginFunc(context.Background(), d.Pool, func(tx pgx.Tx) error {
			return moodproj.New().Apply(context.Background(), tx, []eventstore.RecordedEvent{e})
		})
		if err == nil {
			t.Errorf("applied %s", data)
		}
	}
}
