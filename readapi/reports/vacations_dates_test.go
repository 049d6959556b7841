package reports_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/platform/db"
	"portal/projections/projtest"
	reportsproj "portal/projections/reports"
)

// vacationsByAge is the vacations report's people and counts as the report worked them out
// before migrations/00540: years of service by extract(year FROM age()), the deadline by date
// + interval and compared with the last day ($1) in days.
const vacationsByAge = `
WITH people AS (
    SELECT t.id, t.name, v.hired, v.periods_from AS f, v.used_before AS u, v.closed_before AS c,
           (extract(year FROM age($1::date, v.hired)))::int AS n
    FROM employees t JOIN vacation_entitlements v ON v.tenant_id = t.tenant_id AND v.employee_id = t.id
    WHERE t.status <> 'inactive'
), standing AS (
    SELECT p.id, p.name, p.hired, p.n,
           CASE WHEN p.n < p.f THEN 0 ELSE coalesce(p.u[least(p.n - p.f + 1, cardinality(p.u))], 0) END AS used,
           CASE WHEN p.n - 1 < p.f THEN 0 ELSE coalesce(p.u[least(p.n - p.f, cardinality(p.u))], 0) END AS used_before,
           CASE WHEN p.n < p.f THEN 0 ELSE coalesce(p.c[least(p.n - p.f + 1, cardinality(p.c))], 0) END AS periods,
           CASE WHEN p.n - 1 < p.f THEN 0 ELSE coalesce(p.c[least(p.n - p.f, cardinality(p.c))], 0) END AS before
    FROM people p
), rows AS (
    SELECT s.id, s.name, (30 * (s.n - s.periods) - s.used)::int AS balance,
           (30 * (greatest(s.n - 1, 0) - s.before) - s.used_before)::int AS overdue,
           CASE WHEN s.n > 0 AND s.periods = s.before AND s.used - s.used_before < 30 THEN (s.hired + make_interval(years => s.n + 1) - interval '1 day')::date END AS deadline
    FROM standing s
)
SELECT (SELECT string_agg(concat_ws(' ', r.id, r.balance, r.overdue, coalesce(r.deadline::text, '-')), ',' ORDER BY r.overdue DESC, r.deadline NULLS LAST, r.name) FROM rows r),
       count(*) FILTER (WHERE r.overdue > 0), count(*) FILTER (WHERE r.deadline - $1::date <= 30),
       count(*) FILTER (WHERE r.deadline - $1::date > 30 AND r.deadline - $1::date <= 60),
       count(*) FILTER (WHERE r.deadline - $1::date > 60 AND r.deadline - $1::date <= 90)
FROM rows r`

// The vacations report counts years of service and orders and counts deadlines from the hire
// date as yyyymmdd (migrations/00540): for hires on every day around 29 February (of leap
// and common years) and the turn of the year, and every 11th day of nine years, with leaves
// and closed periods of several periods, its people (all of them: fewer than 1,000) and
// counts are those that age() and date + interval give, on last days around 28 February and
// 1 March of common and leap years, the year's end, and before some hires.
func TestReportVacationsYearsByHireDate(t *testing.T) {
	d, _ := projtest.DB(t)
	ctx := context.Background()
	p := projtest.Person(t, d)
	if _, err := d.Pool.Exec(ctx, `
WITH h AS (
    SELECT DISTINCT d::date AS hired FROM (
        SELECT generate_series(date '2016-01-03', date '2024-12-31', interval '11 days') UNION ALL
        SELECT y + g * interval '1 day' FROM generate_series(timestamp '2015-02-20', timestamp '2024-02-20', interval '1 year') y, generate_series(0, 14) g UNION ALL
        SELECT y + g * interval '1 day' FROM generate_series(timestamp '2015-12-25', timestamp '2024-12-25', interval '1 year') y, generate_series(0, 10) g) x(d)
), e AS (
    INSERT INTO employees (tenant_id, id, code, name, hire_date, business_unit_id, department_id, position_id, status)
    SELECT e.tenant_id, gen_random_uuid(), 'V' || i, 'Pessoa ' || lpad(((i * 37) % 997)::text, 4, '0'), h.hired, e.business_unit_id,
           e.department_id, e.position_id, e.status
    FROM employees e, (SELECT hired, row_number() OVER (ORDER BY hired) AS i FROM h) h WHERE e.tenant_id = $1 AND e.id = $2
    RETURNING tenant_id, id, hire_date, code
)
INSERT INTO vacation_entitlements (tenant_id, employee_id, hired, position, periods_from, used_before, closed_before)
SELECT tenant_id, id, hire_date, 0, k % 4, CASE WHEN k % 4 = 0 THEN '{}' ELSE ARRAY[10 * (k % 3), 10 * (k % 3) + 15 * (k % 2), 30 + 10 * (k % 3)] END,
       CASE WHEN k % 4 = 0 THEN '{}' ELSE ARRAY[0, k % 5 / 4, k % 5 / 4 + k % 7 / 6] END
FROM (SELECT e.*, substr(e.code, 2)::int AS k FROM e) e`, p.Tenant, p.EmployeeID); err != nil {
		t.Fatal(err)
	}
	var count int
	if err := d.Pool.QueryRow(ctx, `SELECT count(*) FROM vacation_entitlements WHERE tenant_id = $1`, p.Tenant).Scan(&count); err != nil || count < 400 || count >= 1000 {
		t.Fatalf("%d entitlements, %v", count, err)
	}
	var days []string
	for _, y := range []int{2021, 2023, 2024, 2025, 2028} {
		for _, md := range []string{"01-27", "01-28", "01-29", "01-30", "01-31", "02-26", "02-27", "02-28", "02-29", "03-01", "03-02", "10-01", "10-31", "11-30", "12-01", "12-30", "12-31"} {
			if md != "02-29" || y%4 == 0 {
				days = append(days, fmt.Sprintf("%d-%s", y, md))
			}
		}
	}
	for _, day := range days {
		to, _ := time.Parse(time.DateOnly, day)
		var got reportsproj.VacationsReport
		var want string
		var overdue, in30, in60, in90 int
		err := db.InTenant(ctx, d.Pool, p.Tenant.String(), func(tx pgx.Tx) error {
			var err error
			q := reportsproj.ReportQuery{Scope: "tenant", From: to.AddDate(-1, 0, 1), To: to, Now: to}
			if got, err = (reportsproj.Reports{}).Vacations(ctx, tx, q); err != nil {
				return err
			}
			return tx.QueryRow(ctx, vacationsByAge, to).Scan(&want, &overdue, &in30, &in60, &in90)
		})
		if err != nil {
			t.Fatal(err)
		}
		var rows []string
		for _, r := range got.People {
			deadline := "-"
			if r.NextDeadline != nil {
				deadline = *r.NextDeadline
			}
			rows = append(rows, fmt.Sprintf("%s %d %d %s", r.EmployeeID, r.Balance, r.OverdueDays, deadline))
		}
		if g := strings.Join(rows, ","); g != want {
			t.Errorf("%s: people\n%s\nwant\n%s", day, g, want)
		}
		if w := map[string]int{"30": in30, "60": in60, "90": in90}; got.Overdue != overdue || fmt.Sprint(got.Expiring) != fmt.Sprint(w) {
			t.Errorf("%s: overdue %d, expiring %v; want %d, %v", day, got.Overdue, got.Expiring, overdue, w)
		}
	}
}
