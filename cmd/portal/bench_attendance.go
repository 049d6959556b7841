package main

import (
	"fmt"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/readapi/attendance"
)

// attendance: a manager's team hour bank (50 people, two years of months) and the
// absenteeism of a tenant of 5,000 over twelve months, beside an indexed single-row read of
// one employee's month. The bench's state has no timesheet projection to replay yet, so the
// timesheet_months rows are written straight into the read model (its triggers sum them into
// timesheet_month_departments, as for the projection's writes): this measures the reads.
func (b *benchRun) attendance() error {
	ctx := b.ctx
	tenant, err := b.bigTenant("BT", benchPeople)
	if err != nil {
		return err
	}
	var manager, other uuid.UUID
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT id FROM employees WHERE tenant_id = $1 AND code = '000001'),
       (SELECT id FROM employees WHERE tenant_id = $1 AND code = '000002')`, tenant).Scan(&manager, &other); err != nil {
		return err
	}
	start := time.Now()
	for _, fill := range []string{
		// Half of the first manager's 100 reports go to the second: a team of 50.
		`UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND manager_id = $3 AND code::int % 2 = 0`,
		`INSERT INTO timesheet_tenants (tenant_id, rule) VALUES ($1, '{"banco_horas": "collective", "banco_horas_meses": 12}')`,
		// Two years of months: 22 working days of 8:48, overtime most months, some missing
		// minutes, now and then an absence, a leave, abonos and late arrivals.
		`INSERT INTO timesheet_months (tenant_id, employee_id, month, department_id, manager_id, expected, worked, night, night_hours,
    overtime50, overtime100, late, early, missing, excused, leave, absent_days, absent, dsr_lost, rows_hash)
SELECT e.tenant_id, e.id, m::date, e.department_id, e.manager_id, 22 * 528 - lv, 22 * 528 - lv - ab + h % 600, 0, 0,
       h % 600, (h % 7 = 0)::int * 240, h % 45, 0, ab + h % 90, (h % 5 = 0)::int * 240, lv, (ab > 0)::int, ab, (ab > 0)::int, ''
FROM employees e, generate_series(date_trunc('month', current_date) - interval '23 months', date_trunc('month', current_date), interval '1 month') m,
     LATERAL (SELECT abs(hashtext(e.id::text || m::text)) AS h) x,
     LATERAL (SELECT (h % 11 = 0)::int * 528 AS ab, (h % 17 = 0)::int * 5 * 528 AS lv) y
WHERE e.tenant_id = $1 AND e.status = 'active'`,
		`ANALYZE timesheet_months; ANALYZE timesheet_month_departments; ANALYZE employees; ANALYZE departments`,
	} {
		var args []any
		switch fill[0] {
		case 'U':
			args = []any{tenant, other, manager}
		case 'I':
			args = []any{tenant}
		}
		if _, err := b.pool.Exec(ctx, fill, args...); err != nil {
			return fmt.Errorf("bench attendance: %w", err)
		}
	}
	var rows, team int64
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM timesheet_months WHERE tenant_id = $1),
       (SELECT count(*) FROM employees WHERE tenant_id = $1 AND manager_id = $2 AND status <> 'inactive')`, tenant, manager).Scan(&rows, &team); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "  (timesheet_months filled: %d employee-months in %s; the team has %d people)\n", rows, time.Since(start).Round(time.Second), team)

	timed, done, err := b.warmTimer(tenant)
	if err != nil {
		return err
	}
	defer done()
	var anyEmployee uuid.UUID
	if err := b.pool.QueryRow(ctx, `SELECT employee_id FROM timesheet_months WHERE tenant_id = $1 LIMIT 1`, tenant).Scan(&anyEmployee); err != nil {
		return err
	}
	month := time.Date(time.Now().UTC().Year(), time.Now().UTC().Month(), 1, 0, 0, 0, 0, time.UTC)
	base, err := timed(func(tx pgx.Tx) error {
		var n int
		return tx.QueryRow(ctx, `SELECT worked FROM timesheet_months WHERE tenant_id = app_tenant() AND employee_id = $1 AND month = $2
UNION ALL SELECT 0 LIMIT 1`, anyEmployee, month.AddDate(0, -1, 0)).Scan(&n)
	})
	if err != nil {
		return err
	}
	for _, c := range []struct {
		name string
		run  func(tx pgx.Tx) error
	}{
		{fmt.Sprintf("hour bank of a manager's team (%d people, 24 months)", team), func(tx pgx.Tx) error {
			_, err := attendance.TeamBank(ctx, tx, attendance.BankQuery{Scope: attendance.Scope{Manager: manager}, Through: month})
			return err
		}},
		{"absenteeism, 5,000 people, 12 months, HR scope", func(tx pgx.Tx) error {
			_, err := attendance.Absenteeism(ctx, tx, attendance.AbsentQuery{Scope: attendance.Scope{Tenant: true}, Month: month.AddDate(0, -1, 0)})
			return err
		}},
	} {
		got, err := timed(c.run)
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		b.ratio("report "+c.name, p99Fig(got), p99Fig(base), "one employee-month by key", atMost(40))
	}
	return nil
}
