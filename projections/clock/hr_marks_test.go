package clock_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/platform/db"
	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/projections/projtest"
)

// An HR mark is projected as a mark in force (the history, the day, the clock report count
// it) flagged with its HR actor, reason and kind, listed in HR's recent marks, pushed to the
// employee; a rebuild gives the same rows.
func TestClockProjectsHRMarks(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	emp, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{Fences: []clock.Fence{{Desc: "Sede", Position: clock.Position{Lat: -23.5505, Lon: -46.6333}}}})
	if err != nil {
		t.Fatal(err)
	}
	hr, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	if err != nil {
		t.Fatal(err)
	}
	projtest.Punch(t, d, store, emp, "own", "Rua A", projtest.Now) // 09:30:15 local
	h, err := clockcmd.NewRecordByHRHandler(commands.PoolFacts{Pool: d.Pool}, store, func() time.Time { return projtest.Now })
	if err != nil {
		t.Fatal(err)
	}
	eight := time.Date(2024, 5, 10, 8, 0, 0, 0, clock.Zone)
	if _, err := h.Handle(ctx, clockcmd.RecordByHR{CommandID: "hr1", Tenant: tenant.ID, ActorID: hr.UserID, EmployeeID: emp.EmployeeID,
		At: eight, Kind: clock.HRKindDevice, Reason: "relógio parado"}); err != nil {
		t.Fatal(err)
	}
	events := projtest.ClockStream(t, store, emp)
	projtest.Apply(t, d, ctx, clockproj.New(), events)
	projtest.Apply(t, d, ctx, clockproj.Report{}, events)

	read := func() ([]clockproj.Mark, []clockproj.DayMark, []clockproj.RecentHRMark) {
		var marks []clockproj.Mark
		var day []clockproj.DayMark
		var recent []clockproj.RecentHRMark
		err := db.InTenant(ctx, d.Pool, tenant.ID.String(), func(tx pgx.Tx) error {
			var err error
			if marks, err = (clockproj.Clock{}).RecentMarks(ctx, tx, emp.EmployeeID, 10); err != nil {
				return err
			}
			if day, _, err = (clockproj.Clock{}).DayMarks(ctx, tx, emp.EmployeeID, eight); err != nil {
				return err
			}
			recent, err = (clockproj.Clock{}).RecentHRMarks(ctx, tx, 20)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return marks, day, recent
	}
	marks, day, recent := read()
	want := clockproj.HRMark{ActorID: hr.UserID, ActorName: "User " + hr.UserName, Reason: "relógio parado", Kind: "device"}
	if len(marks) != 2 || marks[0].HR != nil || marks[1].HR == nil || *marks[1].HR != want || !marks[1].RecordedAt.Equal(eight) {
		t.Fatalf("history %+v", marks)
	}
	if len(day) != 2 || day[0].HR == nil || *day[0].HR != want || day[1].HR != nil || day[0].Adjusted || day[0].Added {
		t.Fatalf("day %+v", day)
	}
	if len(recent) != 1 || recent[0].EmployeeID != emp.EmployeeID || recent[0].HRMark != want || recent[0].EmployeeName == "" {
		t.Fatalf("recent %+v", recent)
	}
	var n, first = int64(0), ""
	if err := d.Pool.QueryRow(ctx, `SELECT marks, first_mark::text FROM report_clock_daily WHERE tenant_id = $1 AND employee_id = $2`,
		tenant.ID, emp.EmployeeID).Scan(&n, &first); err != nil || n != 2 || first != "08:00:00" {
		t.Fatalf("report: %d %q %v", n, first, err)
	}
	topics := map[string]int{}
	for _, p := range projtest.Pushes(t, d, tenant.ID) {
		if p.User == emp.UserID {
			topics[p.Topic]++
		}
	}
	if topics[clockproj.MarkTopic] != 2 || topics[clockproj.DayTopic] != 1 {
		t.Fatalf("pushes to the employee %v", topics)
	}

	projtest.Readable(t, store, events[len(events)-1].Cursor)
	if _, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), nil); err != nil {
		t.Fatal(err)
	}
	m2, d2, r2 := read()
	if !reflect.DeepEqual(marks, m2) || !reflect.DeepEqual(day, d2) || !reflect.DeepEqual(recent, r2) {
		t.Fatalf("replay differs:\n%+v\n%+v\n%+v", m2, d2, r2)
	}
}
