package main

import (
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/vacation"
	vacationsproj "portal/projections/vacations"
)

// benchDeptSize is the department of the vacation-map figure (issue 5: a 500-person
// department over a year).
const benchDeptSize = 500

// vacationMap measures GET ferias/mapa's read (vacationsproj.Vacations.Map, the HR admin scope
// of one department, a whole year, every kind) for a 500-person department with three
// requests and one plan per person, beside "SELECT 1" in the same kind of tenant transaction.
// The read-model rows are written directly (the figure is the read, not the projection).
func (b *benchRun) vacationMap() error {
	ctx := b.ctx
	tenant, dept, unit, pos := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	year := time.Now().Year()
	_, err := b.pool.Exec(ctx, `
WITH t AS (INSERT INTO tenants (id, access_code, name) VALUES ($1, $5, 'Bench vacations') RETURNING id),
     u AS (INSERT INTO business_units (tenant_id, id, name) SELECT id, $3, 'Unit' FROM t RETURNING tenant_id),
     d AS (INSERT INTO departments (tenant_id, id, name) SELECT id, $2, 'Dept' FROM t RETURNING tenant_id)
INSERT INTO positions (tenant_id, id, name) SELECT id, $4, 'Position' FROM t`, tenant, dept, unit, pos, "BV"+tenant.String()[:8])
	if err != nil {
		return err
	}
	_, err = b.pool.Exec(ctx, `
INSERT INTO employees (tenant_id, id, code, name, hire_date, business_unit_id, department_id, position_id)
SELECT $1, gen_random_uuid(), lpad(i::text, 6, '0'), 'Pessoa ' || i, date '2018-01-01' + i, $3, $2, $4
FROM generate_series(1, $5) i`, tenant, dept, unit, pos, benchDeptSize)
	if err != nil {
		return err
	}
	// Three 10-day requests a person spread over the year (scheduled, taken, pending), one plan.
	_, err = b.pool.Exec(ctx, `
INSERT INTO vacation_leaves (tenant_id, id, employee_id, start_date, end_date, days, period, status, steps, requested_at, position)
SELECT $1, gen_random_uuid(), e.id, s.start, s.start + 9, 10, 1, s.status, '{manager,hr}', now(), 1
FROM employees e,
     LATERAL (VALUES (make_date($2, 1 + (hashtext(e.id::text) & 3), 5), 'scheduled'),
                     (make_date($2, 5 + (hashtext(e.id::text) & 3), 10), 'scheduled'),
                     (make_date($2, 9 + (hashtext(e.id::text) & 3), 15), 'pending')) s(start, status)
WHERE e.tenant_id = $1`, tenant, year)
	if err != nil {
		return err
	}
	_, err = b.pool.Exec(ctx, `
INSERT INTO vacation_plans (tenant_id, id, employee_id, start_date, end_date, days, planned_at, position)
SELECT $1, gen_random_uuid(), e.id, make_date($2, 12, 1), make_date($2, 12, 15), 15, now(), 1
FROM employees e WHERE e.tenant_id = $1`, tenant, year)
	if err != nil {
		return err
	}
	if _, err := b.pool.Exec(ctx, `ANALYZE vacation_leaves; ANALYZE vacation_plans; ANALYZE employees`); err != nil {
		return err
	}
	scope := vacationsproj.Scope{Department: dept}
	from, to := vacation.Day(year, time.January, 1), vacation.Day(year, time.December, 31)
	var rows int
	read := func(tx pgx.Tx) error {
		list, err := vacationsproj.Vacations{}.Map(ctx, tx, scope, from, to, vacationsproj.MapAll, time.Now())
		rows = len(list)
		return err
	}
	baseline := func(tx pgx.Tx) error {
		var one int
		return tx.QueryRow(ctx, `SELECT 1`).Scan(&one)
	}
	timed := func(fn func(pgx.Tx) error) ([]time.Duration, error) {
		return b.timedInTenant(b.pool, tenant, b.dur, 20, fn)
	}
	base, err := timed(baseline)
	if err != nil {
		return err
	}
	got, err := timed(read)
	if err != nil {
		return err
	}
	if rows != benchDeptSize*4 {
		return fmt.Errorf("vacation map read %d entries, want %d", rows, benchDeptSize*4)
	}
	name := fmt.Sprintf("vacation map, %d people × 1 year (%d bars)", benchDeptSize, rows)
	b.ratio(name, p99Fig(got).note("p50 %s", pct(got, 50)), p99Fig(base).note("p50 %s", pct(base, 50)), "SELECT 1 in a tenant tx", atMost(15))
	return nil
}
