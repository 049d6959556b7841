package timesheet_test

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/domain/settings"
	ts "portal/domain/timesheet"
	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/projections"
	"portal/projections/projtest"
	"portal/projections/timesheet"
	"portal/push"
)

const office = `{"type":"fixed","weeklyHours":44,"weekly":{
 "mon":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],
 "tue":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],
 "wed":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],
 "thu":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],
 "fri":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],"sat":[],"sun":[]}}`

// at is a local time in São Paulo.
func at(day, hhmm string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", day+" "+hhmm, clock.Zone)
	if err != nil {
		panic(err)
	}
	return t
}

type log struct {
	p      clocktest.Person
	events []eventstore.RecordedEvent
	pos    int64
}

func (l *log) add(typ string, when time.Time, data any) {
	raw, err := json.Marshal(data)
	if err != nil {
		panic(err)
	}
	l.pos++
	l.events = append(l.events, eventstore.RecordedEvent{ID: uuid.New(), Stream: clock.Stream(l.p.EmployeeID), Type: typ,
		Tenant: l.p.Tenant, RecordedAt: when, Data: raw, Cursor: eventstore.Cursor{Position: l.pos}})
}

func (l *log) punch(day string, times ...string) []string {
	var ids []string
	for _, hm := range times {
		id := uuid.NewString()
		ids = append(ids, id)
		when := at(day, hm)
		l.add(clock.TypeMarkRegistered, when, clock.MarkData{MarkID: id, EmployeeID: l.p.EmployeeID.String(),
			UserID: l.p.UserID.String(), UserHash: l.p.UserHash, RecordedAt: when.UTC()})
	}
	return ids
}

func setup(t *testing.T) (*pgtest.DB, *log) {
	d, _ := projtest.DB(t)
	p := projtest.Person(t, d)
	if _, err := d.Pool.Exec(context.Background(), `UPDATE employees SET schedule = $3, hire_date = '2024-01-01'
WHERE tenant_id = $1 AND id = $2`, p.Tenant, p.EmployeeID, office); err != nil {
		t.Fatal(err)
	}
	return d, &log{p: p}
}

type dayRow struct {
	Kind                                     string
	Worked, Overtime50, Late, Missing, Excus int
	Absent                                   bool
}

func days(t *testing.T, d *pgtest.DB, p clocktest.Person) map[string]dayRow {
	rows, err := d.Pool.Query(context.Background(), `SELECT day, kind, worked, overtime50, late, missing, excused, absent
FROM timesheet_days WHERE tenant_id = $1 AND employee_id = $2`, p.Tenant, p.EmployeeID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]dayRow{}
	for rows.Next() {
		var day time.Time
		var r dayRow
		if err := rows.Scan(&day, &r.Kind, &r.Worked, &r.Overtime50, &r.Late, &r.Missing, &r.Excus, &r.Absent); err != nil {
			t.Fatal(err)
		}
		out[day.Format(time.DateOnly)] = r
	}
	return out
}

func TestRowsOfFinalDaysAndTheirChanges(t *testing.T) {
	ctx := context.Background()
	d, l := setup(t)
	p := timesheet.New()
	// Week of Monday 6 May 2024: overtime on Monday, nothing on Tuesday, late on Wednesday.
	l.punch("2024-05-06", "08:00", "12:00", "13:00", "19:48")
	l.punch("2024-05-08", "08:30", "12:00", "13:00", "17:48")
	projtest.Apply(t, d, ctx, p, l.events)
	// Two days after Monday, Monday is final; Tuesday and Wednesday are not yet.
	if got := days(t, d, l.p); len(got) != 1 || got["2024-05-06"].Overtime50 != 120 {
		t.Fatalf("rows of the final days: %v", got)
	}
	n := len(l.events)
	l.punch("2024-05-13", "08:00") // Monday: the days up to Saturday 11 are final
	projtest.Apply(t, d, ctx, p, l.events[n:])
	got := days(t, d, l.p)
	want := map[string]dayRow{
		"2024-05-06": {Kind: ts.KindWork, Worked: 648, Overtime50: 120},
		"2024-05-07": {Kind: ts.KindWork, Missing: 528, Absent: true},
		"2024-05-08": {Kind: ts.KindWork, Worked: 498, Late: 30, Missing: 30},
		"2024-05-09": {Kind: ts.KindWork, Missing: 528, Absent: true},
		"2024-05-10": {Kind: ts.KindWork, Missing: 528, Absent: true},
		"2024-05-11": {Kind: ts.KindRest},
	}
	for day, w := range want {
		if got[day] != w {
			t.Errorf("%s: got %+v, want %+v", day, got[day], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("rows %v", got)
	}
	// The days that became final were pushed to the tenant's screens once, at the batch's
	// last event.
	pushed := func() []projtest.Pushed {
		var out []projtest.Pushed
		for _, m := range projtest.Pushes(t, d, l.p.Tenant) {
			if m.Topic == timesheet.Topic {
				out = append(out, m)
			}
		}
		return out
	}
	if got := pushed(); len(got) != 2 || got[1].Pos != int64(len(l.events)) || got[1].User != uuid.Nil {
		t.Fatalf("pushes %+v", got)
	}
	// An abono for Tuesday, approved later, excuses the final day again.
	n = len(l.events)
	l.add(clock.TypeDayExcused, at("2024-05-14", "10:00"), clock.DayExcusedData{EmployeeID: l.p.EmployeeID.String(),
		Day: "2024-05-07", RequestID: uuid.NewString(), Reason: "consulta"})
	projtest.Apply(t, d, ctx, p, l.events[n:])
	if r := days(t, d, l.p)["2024-05-07"]; r.Absent || r.Excus != 528 || r.Missing != 0 {
		t.Fatalf("excused Tuesday: %+v", r)
	}
	if got := pushed(); len(got) != 3 {
		t.Fatalf("the abono pushed %d", len(got)-2)
	}
	var absentDays, overtime int
	if err := d.Pool.QueryRow(ctx, `SELECT absent_days, overtime50 FROM timesheet_months WHERE tenant_id = $1 AND employee_id = $2 AND month = '2024-05-01'`,
		l.p.Tenant, l.p.EmployeeID).Scan(&absentDays, &overtime); err != nil {
		t.Fatal(err)
	}
	if absentDays != 2 || overtime != 120 {
		t.Fatalf("May so far: %d absent days, %d overtime", absentDays, overtime)
	}

	// Read: the final rows and, after them, the days computed live (Monday 13 in progress).
	var v timesheet.MonthView
	err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) (err error) {
		v, err = timesheet.Read(ctx, tx, l.p.Tenant, l.p.EmployeeID, time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), time.Date(2024, 5, 14, 0, 0, 0, 0, time.UTC))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// The timesheet starts on the first mark's day, 6 May; Monday 13 has one mark (in progress,
	// incomplete, not absent); today, the 14th, is in progress and not in the totals. The week
	// with absences loses its Sunday's paid rest.
	if len(v.Rows) != 9 || v.Rows[0].Date.Day() != 6 || v.Rows[7].Date.Day() != 13 || len(v.Rows[7].Marks) != 1 || !v.Rows[7].Incomplete {
		t.Fatalf("read rows %d: %+v", len(v.Rows), v.Rows)
	}
	if v.Totals.Overtime50 != 120 || v.Totals.AbsentDays != 2 || v.Totals.DSRLost != 1 || v.Totals.Excused != 528 {
		t.Fatalf("totals %+v", v.Totals)
	}

	// Applied again from nothing, live or as a replay (the rows wait for Finish), the log
	// gives the same rows and months.
	replayed(t, d, p, l)
}

// replayed applies l's events again from nothing, in one batch as the runner would and as a
// replay does (muted: the rows wait for Finish), and checks each gives the rows and months
// the projection has now.
func replayed(t *testing.T, d *pgtest.DB, p *timesheet.Timesheet, l *log) {
	t.Helper()
	ctx := context.Background()
	before, months := days(t, d, l.p), monthRows(t, d, l.p)
	reset := func() {
		if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return p.Reset(ctx, tx) }); err != nil {
			t.Fatal(err)
		}
	}
	check := func(how string) {
		after := days(t, d, l.p)
		for day, r := range before {
			if after[day] != r {
				t.Errorf("%s %s: %+v, was %+v", how, day, after[day], r)
			}
		}
		if len(after) != len(before) {
			t.Errorf("%s: %d rows, was %d", how, len(after), len(before))
		}
		if got := monthRows(t, d, l.p); !slices.Equal(got, months) {
			t.Errorf("%s months: %v, was %v", how, got, months)
		}
	}
	reset()
	projtest.Apply(t, d, ctx, p, l.events)
	check("applied again")

	reset()
	muted := push.Mute(ctx)
	for i := 0; i < len(l.events); i += 3 {
		projtest.Apply(t, d, muted, p, l.events[i:min(i+3, len(l.events))])
	}
	if n := len(days(t, d, l.p)); n != 0 {
		t.Fatalf("a replay wrote %d rows before its end", n)
	}
	if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return p.Finish(ctx, tx) }); err != nil {
		t.Fatal(err)
	}
	check("replayed")
}

// dayText is the employee's rows in full (every column: the marks' JSON, the hash), as text,
// in day order.
func dayText(t *testing.T, d *pgtest.DB, p clocktest.Person) []string {
	return projtest.Texts(t, d, `SELECT r::text FROM timesheet_days r WHERE tenant_id = $1 AND employee_id = $2 ORDER BY day`, p.Tenant, p.EmployeeID)
}

// monthRows is the employee's months' totals, as text, in month order.
func monthRows(t *testing.T, d *pgtest.DB, p clocktest.Person) []string {
	return projtest.Texts(t, d, `SELECT m::text FROM timesheet_months m WHERE tenant_id = $1 AND employee_id = $2 ORDER BY month`, p.Tenant, p.EmployeeID)
}

// A rule rules the days from the day it is set: a day computed again after it (an abono),
// or by a replay, keeps the rule of its own day.
func TestRuleRulesFromItsDay(t *testing.T) {
	ctx := context.Background()
	d, l := setup(t)
	p := timesheet.New()
	l.punch("2024-05-06", "08:04", "12:00", "13:00", "17:48") // 4 minutes late: within the law's 5
	l.add(settings.TypeChanged, at("2024-05-07", "09:00"), settings.Changed{Key: ts.KeyRule, Changes: []settings.Change{
		{Field: ts.FieldMarkTolerance, New: 0}, {Field: ts.FieldDayTolerance, New: 0}}})
	l.punch("2024-05-08", "08:04", "12:00", "13:00", "17:48") // late under the new rule
	l.punch("2024-05-13", "08:00")
	projtest.Apply(t, d, ctx, p, l.events)
	late := func() (int, int) {
		got := days(t, d, l.p)
		return got["2024-05-06"].Late, got["2024-05-08"].Late
	}
	if mon, wed := late(); mon != 0 || wed != 4 {
		t.Fatalf("late on Monday %d (want 0, the law's tolerance), on Wednesday %d (want 4)", mon, wed)
	}
	// An abono of the afternoon of Monday computes Monday again, under Monday's rule.
	l.add(clock.TypeDayExcused, at("2024-05-14", "10:00"), clock.DayExcusedData{EmployeeID: l.p.EmployeeID.String(),
		Day: "2024-05-06", From: "16:00", To: "17:48", RequestID: uuid.NewString(), Reason: "consulta"})
	projtest.Apply(t, d, ctx, p, l.events[len(l.events)-1:])
	if mon, _ := late(); mon != 0 {
		t.Fatalf("Monday computed again: late %d, want 0", mon)
	}
	replayed(t, d, p, l)
}

// A replay of the log (the marks copied before their indexes, an adjustment's batch building
// them, the rows written once at its end) gives the rows and months the live projection wrote.
func TestReplayEqualsLive(t *testing.T) {
	ctx := context.Background()
	d, l := setup(t)
	// The log in a database of its own (sd); the read models in d.
	sd, store := projtest.DB(t)
	l.punch("2024-05-06", "08:00", "12:00", "13:00", "19:48")
	moved := l.punch("2024-05-07", "08:30", "12:00", "13:00", "17:48")
	l.add(clock.TypeDayExcused, at("2024-05-09", "10:00"), clock.DayExcusedData{EmployeeID: l.p.EmployeeID.String(),
		Day: "2024-05-08", RequestID: uuid.NewString(), Reason: "consulta"})
	l.add(clock.TypeMarkAdjusted, at("2024-05-09", "11:00"), clock.MarkAdjustedData{EmployeeID: l.p.EmployeeID.String(),
		MarkID: moved[0], From: at("2024-05-07", "08:30").UTC(), To: at("2024-05-07", "08:00").UTC(), RequestID: uuid.NewString()})
	// A mark HR recorded (with nanoseconds the table keeps to the microsecond), one an
	// adjustment added, and an adjustment reverted: its mark restored and its added one removed.
	l.add(timesheet.TypeMarkRecordedByHR, at("2024-05-10", "12:00"), map[string]any{"markId": uuid.NewString(),
		"employeeId": l.p.EmployeeID.String(), "recordedAt": at("2024-05-10", "08:00").Add(1234567 * time.Nanosecond).UTC(),
		"actorId": uuid.NewString(), "reason": `relógio "quebrado" <b>`})
	l.punch("2024-05-10", "12:00", "13:00", "17:48")
	reverted, added := l.punch("2024-05-09", "08:20", "12:00", "13:00", "17:48"), uuid.NewString()
	req := uuid.NewString()
	l.add(clock.TypeMarkAdjusted, at("2024-05-10", "11:00"), clock.MarkAdjustedData{EmployeeID: l.p.EmployeeID.String(),
		MarkID: reverted[0], From: at("2024-05-09", "08:20").UTC(), To: at("2024-05-09", "08:00").UTC(), RequestID: req})
	l.add(clock.TypeMarkAddedByAdjustment, at("2024-05-10", "11:00"), map[string]any{"markId": added,
		"employeeId": l.p.EmployeeID.String(), "recordedAt": at("2024-05-09", "18:30").UTC(), "requestId": req})
	l.add(clock.TypeAdjustmentReverted, at("2024-05-10", "15:00"), clock.AdjustmentRevertedData{EmployeeID: l.p.EmployeeID.String(),
		Day: "2024-05-09", RequestID: req, Restored: []clock.MarkRestoreData{{MarkID: reverted[0], At: at("2024-05-09", "08:20").UTC()}},
		Removed: []string{added}})
	l.punch("2024-05-13", "08:00", "12:00")
	for _, e := range l.events {
		data := eventstore.EventData{ID: e.ID, Type: e.Type, Data: e.Data}
		if _, err := store.Append(ctx, eventstore.Meta{Tenant: l.p.Tenant, Actor: "test"}, e.Stream, eventstore.Any, data); err != nil {
			t.Fatal(err)
		}
	}
	logged := projtest.Log(t, sd, store)
	p := timesheet.New()
	projtest.Apply(t, d, ctx, p, logged)
	live, months, whole := days(t, d, l.p), monthRows(t, d, l.p), dayText(t, d, l.p)
	monthDepartmentsAreTheMonths(t, d)
	if r := live["2024-05-07"]; r.Late != 0 || r.Worked != 528 {
		t.Fatalf("the adjusted Tuesday: %+v", r)
	}
	if r := live["2024-05-09"]; r.Late != 20 {
		t.Fatalf("the reverted Thursday: %+v", r)
	}
	if _, err := projections.Replay(ctx, d.Pool, store, p, nil); err != nil {
		t.Fatal(err)
	}
	if got := days(t, d, l.p); !maps.Equal(got, live) {
		t.Errorf("replayed rows differ from the live ones:\n%v\n%v", got, live)
	}
	monthDepartmentsAreTheMonths(t, d)
	if got := monthRows(t, d, l.p); !slices.Equal(got, months) {
		t.Errorf("replayed months %v, live %v", got, months)
	}
	if got := dayText(t, d, l.p); !slices.Equal(got, whole) {
		t.Errorf("replayed rows differ from the live ones in full:\n%v\n%v", got, whole)
	}
	if n := projtest.Count(t, d, `SELECT count(*) FROM pg_indexes WHERE tablename = 'timesheet_marks'`); n != 2 {
		t.Errorf("timesheet_marks has %d indexes after the replay, want 2", n)
	}
	if n := projtest.Count(t, d, `SELECT count(*) FROM timesheet_tenants WHERE pending_from IS NOT NULL`); n != 0 {
		t.Errorf("%d tenants left pending", n)
	}
}

// monthDepartmentsAreTheMonths checks timesheet_month_departments against timesheet_months
// summed per month and department: the same rows, and the rows of no one left all zero.
func monthDepartmentsAreTheMonths(t *testing.T, d *pgtest.DB) {
	t.Helper()
	monthDepartmentsIn(t, d, "public")
}

// monthDepartmentsIn is monthDepartmentsAreTheMonths over the tables of schema.
func monthDepartmentsIn(t *testing.T, d *pgtest.DB, schema string) {
	t.Helper()
	schema = pgx.Identifier{schema}.Sanitize()
	if n := projtest.Count(t, d, `SELECT count(*) FROM `+schema+`.timesheet_month_departments`); n == 0 {
		t.Fatalf("%s.timesheet_month_departments is empty", schema)
	}
	if n := projtest.Count(t, d, `
SELECT count(*) FROM (
    SELECT tenant_id, month, department_id, count(*) AS people, sum(expected + leave) AS scheduled, sum(absent) AS unjustified,
           sum(leave + excused) AS excused, sum(late) AS late
    FROM `+schema+`.timesheet_months GROUP BY 1, 2, 3) m
FULL JOIN (SELECT * FROM `+schema+`.timesheet_month_departments
           WHERE people <> 0 OR scheduled <> 0 OR unjustified <> 0 OR excused <> 0 OR late <> 0) g
    USING (tenant_id, month, department_id)
WHERE (m.people, m.scheduled, m.unjustified, m.excused, m.late) IS DISTINCT FROM (g.people, g.scheduled, g.unjustified, g.excused, g.late)`); n != 0 {
		t.Errorf("%d month × department rows of %s differ from timesheet_months' sums", n, schema)
	}
}

// TestMonthDepartmentsFollowAMove: a month summed again after the employee moved to another
// department leaves the first department's row and counts in the second's.
func TestMonthDepartmentsFollowAMove(t *testing.T) {
	ctx := context.Background()
	d, l := setup(t)
	l.punch("2024-05-06", "08:00", "12:00", "13:00", "17:48")
	l.punch("2024-05-07", "08:30", "12:00", "13:00", "17:48")
	l.punch("2024-05-10", "08:00", "12:00")
	p := timesheet.New()
	projtest.Apply(t, d, ctx, p, l.events)
	monthDepartmentsAreTheMonths(t, d)
	first := projtest.Count(t, d, `SELECT people FROM timesheet_month_departments WHERE tenant_id = $1 AND month = '2024-05-01'`, l.p.Tenant)
	if first != 1 {
		t.Fatalf("May's department counts %d people, want 1", first)
	}
	other := uuid.New()
	if _, err := d.Pool.Exec(ctx, `WITH d AS (INSERT INTO departments (tenant_id, id, name) VALUES ($1, $2, 'Other') RETURNING id)
UPDATE employees SET department_id = (SELECT id FROM d) WHERE tenant_id = $1 AND id = $3`, l.p.Tenant, other, l.p.EmployeeID); err != nil {
		t.Fatal(err)
	}
	n := len(l.events)
	l.punch("2024-05-13", "08:00", "12:00", "13:00", "17:48")
	l.punch("2024-05-16", "08:00", "12:00")
	projtest.Apply(t, d, ctx, p, l.events[n:])
	monthDepartmentsAreTheMonths(t, d)
	if n := projtest.Count(t, d, `SELECT people FROM timesheet_month_departments WHERE tenant_id = $1 AND month = '2024-05-01' AND department_id = $2`,
		l.p.Tenant, other); n != 1 {
		t.Errorf("May counts %d people in the new department, want 1", n)
	}
	if n := projtest.Count(t, d, `SELECT sum(people) FROM timesheet_month_departments WHERE tenant_id = $1 AND month = '2024-05-01'`, l.p.Tenant); n != 1 {
		t.Errorf("May counts %d people in all, want 1", n)
	}
}

// TestShadowRebuildKeepsMonthDepartments: a shadow rebuild from the log writes its copy of
// the rollup too (the triggers that keep it come with the copy of timesheet_months).
func TestShadowRebuildKeepsMonthDepartments(t *testing.T) {
	ctx := context.Background()
	d, l := setup(t)
	_, store := projtest.DB(t)
	l.punch("2024-05-06", "08:00", "12:00", "13:00", "17:48")
	l.punch("2024-05-07", "08:30", "12:00", "13:00", "17:48")
	l.punch("2024-05-10", "08:00", "12:00")
	for _, e := range l.events {
		data := eventstore.EventData{ID: e.ID, Type: e.Type, Data: e.Data}
		if _, err := store.Append(ctx, eventstore.Meta{Tenant: l.p.Tenant, Actor: "test"}, e.Stream, eventstore.Any, data); err != nil {
			t.Fatal(err)
		}
	}
	p := timesheet.New()
	if _, err := projections.ReplayShadow(ctx, d.Pool, store, p, l.p.Tenant, nil); err != nil {
		t.Fatal(err)
	}
	monthDepartmentsIn(t, d, projections.ShadowSchema(p.Name(), l.p.Tenant))
}
