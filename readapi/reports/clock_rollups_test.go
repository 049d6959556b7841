package reports_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/projections/projtest"
	reportsproj "portal/projections/reports"
)

// reportMark is a punch (or, with a reason, a refused one) of p's employee at at, as the
// clock writes it.
func reportMark(employee, user uuid.UUID, at time.Time, reason string) eventstore.EventData {
	place := map[string]any{"address": "Av. Paulista, 1000", "lat": -23.5614, "lon": -46.6559}
	m := map[string]any{"markId": uuid.NewString(), "employeeId": employee.String(), "userId": user.String(), "userHash": "t",
		"recordedAt": at.Format(time.RFC3339Nano), "clientTime": at.Format("2006-01-02T15:04:05"), "byGoogle": false,
		"selected": place, "captured": place, "nearestFence": nil}
	typ := clock.TypeMarkRegistered
	if reason != "" {
		m["reason"], typ = reason, clock.TypeMarkRefused
	}
	data, _ := json.Marshal(m)
	return eventstore.EventData{ID: uuid.New(), Type: typ, Data: data}
}

// clockTenantRollupsIn checks, over the tables of schema, report_clock_tenant_days against
// report_clock_days summed per day, and report_clock_ytd against report_clock_months summed
// from January to each month of the year, from the employee's first month of the year to
// December (migration 00390); and that neither is empty.
func clockTenantRollupsIn(t *testing.T, d *pgtest.DB, schema string) {
	t.Helper()
	s := pgx.Identifier{schema}.Sanitize()
	for _, table := range []string{"report_clock_tenant_days", "report_clock_ytd"} {
		if n := projtest.Count(t, d, `SELECT count(*) FROM `+s+`.`+table); n == 0 {
			t.Fatalf("%s.%s is empty", schema, table)
		}
	}
	if n := projtest.Count(t, d, `
SELECT count(*) FROM (
    SELECT tenant_id, day, count(*) AS groups, sum(people) AS people, sum(marks) AS marks, sum(late) AS late, sum(missing) AS missing,
           sum(refused_area) AS area, sum(refused_layoff) AS layoff, sum(refused_inactive) AS inactive, sum(refused_other) AS other,
           sum(adjusted) AS adjusted
    FROM `+s+`.report_clock_days GROUP BY 1, 2) m
FULL JOIN (SELECT tenant_id, day, groups, people, marks, late, missing, refused_area AS area, refused_layoff AS layoff,
                  refused_inactive AS inactive, refused_other AS other, adjusted
           FROM `+s+`.report_clock_tenant_days WHERE groups <> 0) g USING (tenant_id, day)
WHERE (m.groups, m.people, m.marks, m.late, m.missing, m.area, m.layoff, m.inactive, m.other, m.adjusted)
      IS DISTINCT FROM (g.groups, g.people, g.marks, g.late, g.missing, g.area, g.layoff, g.inactive, g.other, g.adjusted)`); n != 0 {
		t.Errorf("%d days of %s.report_clock_tenant_days differ from report_clock_days' sums", n, schema)
	}
	if n := projtest.Count(t, d, `
SELECT count(*) FROM (
    SELECT e.tenant_id, e.month, e.employee_id, count(r.*) AS months, sum(r.days) AS days, sum(r.marks) AS marks, sum(r.late) AS late,
           sum(r.missing) AS missing, sum(r.refused) AS refused
    FROM (SELECT tenant_id, employee_id, m::date AS month
          FROM (SELECT tenant_id, employee_id, min(month) AS first FROM `+s+`.report_clock_months GROUP BY 1, 2, date_trunc('year', month)) f,
               generate_series(f.first::timestamp, date_trunc('year', f.first::timestamp) + interval '11 months', interval '1 month') m) e
    JOIN `+s+`.report_clock_months r ON r.tenant_id = e.tenant_id AND r.employee_id = e.employee_id
                                    AND r.month BETWEEN date_trunc('year', e.month::timestamp)::date AND e.month
    GROUP BY 1, 2, 3) m
FULL JOIN `+s+`.report_clock_ytd g USING (tenant_id, month, employee_id)
WHERE (m.months, m.days, m.marks, m.late, m.missing, m.refused) IS DISTINCT FROM (g.months, g.days, g.marks, g.late, g.missing, g.refused)`); n != 0 {
		t.Errorf("%d rows of %s.report_clock_ytd differ from report_clock_months' year-to-date sums", n, schema)
	}
}

// TestReportClockTenantRollups: the whole-tenant rollups of the clock report (00390) are
// their definitions over the rollups they sum after live batches (new days, days punched
// again, refusals, over two years) with a department move between them, after a replay (which
// files every day under the new department: the tenant's totals do not change) and after a
// shadow rebuild.
func TestReportClockTenantRollups(t *testing.T) {
	d, store := projtest.DB(t)
	ctx := context.Background()
	p := projtest.Person(t, d)
	// Four marks expected on weekdays from 08:00: two made, missing two, some late.
	if _, err := d.Pool.Exec(ctx, `UPDATE employees SET schedule = jsonb_build_object('weekly', (
    SELECT jsonb_object_agg(w, '[{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}]'::jsonb)
    FROM unnest(ARRAY['mon', 'tue', 'wed', 'thu', 'fri']) w)) WHERE tenant_id = $1 AND id = $2`, p.Tenant, p.EmployeeID); err != nil {
		t.Fatal(err)
	}
	base := time.Date(2025, 10, 6, 11, 0, 0, 0, time.UTC) // a Monday, 08:00 in São Paulo
	var first, second []eventstore.EventData
	for i := 0; i < 300; i += 3 { // Oct 2025 to Jul 2026
		day := base.AddDate(0, 0, i)
		if i%4 == 0 {
			day = day.Add(25 * time.Minute)
		}
		first = append(first, reportMark(p.EmployeeID, p.UserID, day, ""), reportMark(p.EmployeeID, p.UserID, day.Add(4*time.Hour), ""))
		if i%30 == 0 {
			first = append(first, reportMark(p.EmployeeID, p.UserID, day.Add(time.Hour), clock.ReasonOutsideArea))
		}
	}
	for i := 150; i < 450; i += 7 { // days punched again (some late), and new ones into 2027
		day := base.AddDate(0, 0, i)
		second = append(second, reportMark(p.EmployeeID, p.UserID, day.Add(-90*time.Minute), ""), reportMark(p.EmployeeID, p.UserID, day.Add(9*time.Hour), ""))
	}
	meta := eventstore.Meta{Tenant: p.Tenant, Actor: "test"}
	if _, err := store.Append(ctx, meta, clock.Stream(p.EmployeeID), eventstore.NoStream, first...); err != nil {
		t.Fatal(err)
	}
	events := projtest.ClockStream(t, store, p)
	r := clockproj.Report{}
	projtest.Apply(t, d, ctx, r, events)
	clockTenantRollupsIn(t, d, "public")
	if n := projtest.Count(t, d, `SELECT count(*) FROM report_clock_days WHERE tenant_id = $1 AND late > 0 AND missing > 0`, p.Tenant); n == 0 {
		t.Fatal("no day late with marks missing")
	}

	// The employee moves: the days written from now on are the new department's.
	if _, err := d.Pool.Exec(ctx, `WITH d AS (INSERT INTO departments (tenant_id, id, name) VALUES ($1, $2, 'Other') RETURNING id)
UPDATE employees SET department_id = (SELECT id FROM d) WHERE tenant_id = $1 AND id = $3`, p.Tenant, uuid.New(), p.EmployeeID); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Append(ctx, meta, clock.Stream(p.EmployeeID), eventstore.Any, second...); err != nil {
		t.Fatal(err)
	}
	all := projtest.ClockStream(t, store, p)
	projtest.Apply(t, d, ctx, r, all[len(events):])
	clockTenantRollupsIn(t, d, "public")
	if n := projtest.Count(t, d, `SELECT count(DISTINCT department_id) FROM report_clock_days WHERE tenant_id = $1`, p.Tenant); n != 2 {
		t.Fatalf("the days are under %d departments, want 2", n)
	}
	live := rollupRows(t, d, p.Tenant)
	clockReportIsTheMonths(t, d, p.Tenant)

	projtest.Readable(t, store, all[len(all)-1].Cursor)
	if _, err := projections.Replay(ctx, d.Pool, store, r, nil); err != nil {
		t.Fatal(err)
	}
	clockTenantRollupsIn(t, d, "public")
	if again := rollupRows(t, d, p.Tenant); again != live {
		t.Errorf("the replay's rollups differ from the live ones:\n%s\n%s", again, live)
	}
	clockReportIsTheMonths(t, d, p.Tenant)

	diffs, err := projections.ReplayShadow(ctx, d.Pool, store, r, uuid.Nil, func(projections.ShadowProgress) {})
	if err != nil {
		t.Fatal(err)
	}
	clockTenantRollupsIn(t, d, "shadow_report_clock")
	for _, df := range diffs {
		if df.Missing+df.Extra+df.Different != 0 {
			t.Errorf("the shadow rebuild differs: %+v", df)
		}
	}
}

// rollupRows is a tenant's report_clock_tenant_days and report_clock_ytd as text.
func rollupRows(t *testing.T, d *pgtest.DB, tenant uuid.UUID) string {
	t.Helper()
	var s string
	if err := d.Pool.QueryRow(context.Background(), `
SELECT (SELECT string_agg(x::text, ';' ORDER BY x.day) FROM report_clock_tenant_days x WHERE tenant_id = $1) || '|' ||
       (SELECT string_agg(y::text, ';' ORDER BY y.month, y.employee_id) FROM report_clock_ytd y WHERE tenant_id = $1)`, tenant).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// clockReportIsTheMonths: the whole tenant's time-clock report (read from the rollups of
// 00390) shows, over periods within a year, across years, from January and not, the days of
// report_clock_days summed per day and the people of report_clock_months summed over the
// period's months.
func clockReportIsTheMonths(t *testing.T, d *pgtest.DB, tenant uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	for _, period := range [][2]string{{"2025-10-01", "2026-07-31"}, {"2025-11-15", "2026-02-03"}, {"2026-01-01", "2026-12-31"},
		{"2026-03-10", "2026-03-20"}, {"2024-06-01", "2027-01-31"}, {"2026-08-01", "2026-06-01"}} {
		for _, now := range []time.Time{time.Date(2030, 1, 1, 15, 0, 0, 0, time.UTC), time.Date(2026, 5, 4, 15, 0, 0, 0, time.UTC)} {
			today := now.In(clock.Zone).Format(time.DateOnly)
			from, _ := time.Parse(time.DateOnly, period[0])
			to, _ := time.Parse(time.DateOnly, period[1])
			var got reportsproj.ClockReport
			var days, people string
			err := db.InTenant(ctx, d.Pool, tenant.String(), func(tx pgx.Tx) error {
				var err error
				got, err = reportsproj.Reports{}.Clock(ctx, tx, reportsproj.ReportQuery{Scope: "tenant", From: from, To: to, Now: now})
				if err != nil {
					return err
				}
				return tx.QueryRow(ctx, `
SELECT coalesce((SELECT string_agg(concat_ws(' ', day, p, m, l, x), ',' ORDER BY day)
                 FROM (SELECT day, sum(people) p, sum(marks) m, sum(late) l, CASE WHEN day >= $3::date THEN 0 ELSE sum(missing) END x
                       FROM report_clock_days WHERE day BETWEEN $1 AND $2 GROUP BY 1) a), ''),
       coalesce((SELECT string_agg(concat_ws(' ', employee_id, n, m, l, x, r), ',' ORDER BY employee_id)
                 FROM (SELECT b.employee_id, sum(days) n, sum(marks) m, sum(late) l,
                              sum(missing) - coalesce((SELECT sum(greatest(c.expected_marks - c.marks, 0) * (c.marks > 0)::int)
                                                       FROM report_clock_daily c WHERE c.employee_id = b.employee_id AND c.day >= $3::date
                                                         AND c.day < date_trunc('month', $2::date) + interval '1 month'), 0) x,
                              sum(refused) r
                       FROM report_clock_months b
                       WHERE month BETWEEN date_trunc('month', $1::date)::date AND $2 GROUP BY 1) b), '')`, from, to, today).Scan(&days, &people)
			})
			if err != nil {
				t.Fatal(err)
			}
			var gotDays, gotPeople []string
			for _, r := range got.Days {
				gotDays = append(gotDays, fmt.Sprintf("%s %d %d %d %d", r.Day, r.People, r.Marks, r.Late, r.Missing))
			}
			for _, r := range got.People {
				gotPeople = append(gotPeople, fmt.Sprintf("%s %d %d %d %d %d", r.EmployeeID, r.Days, r.Marks, r.Late, r.Missing, r.Refused))
			}
			if g := strings.Join(gotDays, ","); g != days {
				t.Errorf("%v, today %s: days\n%s\nwant\n%s", period, today, g, days)
			}
			if g := strings.Join(gotPeople, ","); g != people {
				t.Errorf("%v, today %s: people\n%s\nwant\n%s", period, today, g, people)
			}
		}
	}
}

// TestReportClockPeopleTop100: with more people than the report shows, and many of them tied
// on late + missing, the whole tenant's people (ranked first, summed and named only for the
// 100th or better) are the first 100 of every employee's months summed, by late + missing and
// then name, with the same figures.
func TestReportClockPeopleTop100(t *testing.T) {
	d, _ := projtest.DB(t)
	ctx := context.Background()
	p := projtest.Person(t, d)
	// 160 more employees of p's unit and department, named in an order unrelated to their ids.
	if _, err := d.Pool.Exec(ctx, `
INSERT INTO employees (tenant_id, id, code, name, hire_date, business_unit_id, department_id, position_id, status)
SELECT e.tenant_id, gen_random_uuid(), 'T' || i, 'Pessoa ' || lpad(((i * 37) % 160)::text, 3, '0'), e.hire_date, e.business_unit_id,
       e.department_id, e.position_id, e.status
FROM employees e, generate_series(1, 160) i WHERE e.tenant_id = $1 AND e.id = $2`, p.Tenant, p.EmployeeID); err != nil {
		t.Fatal(err)
	}
	// Months of 2025 and 2026: late + missing apart for the first 101 (the 100th ranked 100th
	// in 2025) and tied for the 60 after them (where the 100th is in 2026, so that their names
	// choose who is shown); one employee in nine without the months of 2026.
	if _, err := d.Pool.Exec(ctx, `
INSERT INTO report_clock_months (tenant_id, month, employee_id, department_id, business_unit_id, manager_id, days, marks, late, missing, refused)
SELECT e.tenant_id, m::date, e.id, e.department_id, e.business_unit_id, e.manager_id, 20, 80, greatest(h, 60), k % 2, h % 2
FROM (SELECT e.*, row_number() OVER (ORDER BY e.id) AS h FROM employees e WHERE e.tenant_id = $1) e,
     generate_series(timestamp '2025-09-01', timestamp '2026-06-01', interval '1 month') WITH ORDINALITY AS g(m, k)
WHERE e.h % 9 <> 0 OR m < '2026-01-01'`, p.Tenant); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2030, 1, 1, 15, 0, 0, 0, time.UTC)
	for _, period := range [][2]string{{"2025-10-01", "2026-05-31"}, {"2026-02-10", "2026-06-30"}, {"2025-09-15", "2025-12-31"}} {
		from, _ := time.Parse(time.DateOnly, period[0])
		to, _ := time.Parse(time.DateOnly, period[1])
		var got reportsproj.ClockReport
		var want string
		err := db.InTenant(ctx, d.Pool, p.Tenant.String(), func(tx pgx.Tx) error {
			var err error
			if got, err = (reportsproj.Reports{}).Clock(ctx, tx, reportsproj.ReportQuery{Scope: "tenant", From: from, To: to, Now: now}); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `
SELECT string_agg(concat_ws(' ', employee_id, name, n, m, l, x, r), ',' ORDER BY l + x DESC, name)
FROM (SELECT b.employee_id, e.name, sum(b.days) n, sum(b.marks) m, sum(b.late) l, sum(b.missing) x, sum(b.refused) r
      FROM report_clock_months b JOIN employees e ON e.tenant_id = b.tenant_id AND e.id = b.employee_id
      WHERE b.month BETWEEN date_trunc('month', $1::date)::date AND $2 GROUP BY 1, 2
      ORDER BY sum(b.late) + sum(b.missing) DESC, e.name LIMIT 100) b`, from, to).Scan(&want)
		})
		if err != nil {
			t.Fatal(err)
		}
		var rows []string
		for _, r := range got.People {
			rows = append(rows, fmt.Sprintf("%s %s %d %d %d %d %d", r.EmployeeID, r.Name, r.Days, r.Marks, r.Late, r.Missing, r.Refused))
		}
		if g := strings.Join(rows, ","); len(got.People) != 100 || g != want {
			t.Errorf("%v: %d people\n%s\nwant\n%s", period, len(got.People), g, want)
		}
	}
}
