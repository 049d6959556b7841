package timesheet

import (
	"cmp"
	"context"
	"encoding/json"
	"maps"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	ts "portal/domain/timesheet"
	"portal/domain/vacation"
)

// chunkDays bounds the days computed in one pass, so a tenant quiet for a long time (or a
// replay from the start) never holds more than a month of rows at once.
const chunkDays = 31

// compute writes the rows of the final days the batch touched and of the days that became
// final, then sums their months.
func (b *batch) compute(ctx context.Context, tx pgx.Tx) error {
	tenants := map[uuid.UUID]bool{}
	for t := range b.latest {
		tenants[t] = true
	}
	for p := range b.touched {
		tenants[p.tenant] = true
	}
	for _, tenant := range slices.SortedFunc(maps.Keys(tenants), func(a, b uuid.UUID) int { return cmp.Compare(a.String(), b.String()) }) {
		if err := b.computeTenant(ctx, tx, tenant); err != nil {
			return err
		}
	}
	return nil
}

func (b *batch) computeTenant(ctx context.Context, tx pgx.Tx, tenant uuid.UUID) error {
	var since, through *time.Time
	if err := tx.QueryRow(ctx, `SELECT since, through FROM timesheet_tenants WHERE tenant_id = $1`, tenant).Scan(&since, &through); err != nil && err != pgx.ErrNoRows {
		return err
	}
	first, seen := b.first[tenant]
	if !seen {
		first = b.latest[tenant]
	}
	// The rows written for everyone cover since..through; a batch may reach before since
	// (history appended after later events) or become final past through.
	from, old := first, first.AddDate(0, 0, -1)
	if since != nil && through != nil {
		from, old = *since, *through
		if seen && first.Before(*since) {
			from = first
		}
	}
	upTo := old
	if l, ok := b.latest[tenant]; ok && l.AddDate(0, 0, -finalAfter).After(old) {
		upTo = l.AddDate(0, 0, -finalAfter)
	}
	c, err := newCalc(ctx, tx, tenant)
	if err != nil {
		return err
	}
	// The touched final days: a mark's workday by its employee's schedule.
	var ids []uuid.UUID
	for _, touched := range []map[person][]time.Time{b.touched, b.days} {
		for p := range touched {
			if p.tenant == tenant {
				ids = append(ids, p.employee)
			}
		}
	}
	if err := c.loadEmployees(ctx, tx, ids); err != nil {
		return err
	}
	want := map[uuid.UUID]map[time.Time]bool{}
	add := func(id uuid.UUID, e *employee, d time.Time) {
		if !d.After(upTo) && e.employed(d) {
			if want[id] == nil {
				want[id] = map[time.Time]bool{}
			}
			want[id][d] = true
		}
	}
	for p, times := range b.touched {
		if e := c.emps[p.employee]; p.tenant == tenant && e != nil {
			for _, t := range times {
				add(p.employee, e, localDay(t.Add(-time.Duration(e.schedule.WindowStart())*time.Minute)))
			}
		}
	}
	for p, days := range b.days {
		if e := c.emps[p.employee]; p.tenant == tenant && e != nil {
			for _, d := range days {
				add(p.employee, e, d)
			}
		}
	}
	if err := c.write(ctx, tx, want); err != nil {
		return err
	}
	// The days that became final, and those before since a batch reached, for everyone
	// employed then, a month at a time.
	ranges := [][2]time.Time{{old.AddDate(0, 0, 1), upTo}}
	if since != nil && from.Before(*since) {
		ranges = append(ranges, [2]time.Time{from, since.AddDate(0, 0, -1)})
	}
	for _, r := range ranges {
		if err := c.materialize(ctx, tx, r[0], r[1]); err != nil {
			return err
		}
	}
	_, err = tx.Exec(ctx, `INSERT INTO timesheet_tenants (tenant_id, since, through) VALUES ($1, $2, $3)
ON CONFLICT (tenant_id) DO UPDATE SET since = excluded.since, through = excluded.through`, tenant, from, upTo)
	return err
}

// materialize writes the rows of from..to (none when to is before from) for everyone
// employed on each day, a chunk of days at a time.
func (c *calc) materialize(ctx context.Context, tx pgx.Tx, from, to time.Time) error {
	if to.Before(from) {
		return nil
	}
	if err := c.loadEmployees(ctx, tx, nil); err != nil {
		return err
	}
	for start := from; !start.After(to); start = start.AddDate(0, 0, chunkDays) {
		end := start.AddDate(0, 0, chunkDays-1)
		if end.After(to) {
			end = to
		}
		chunk := map[uuid.UUID]map[time.Time]bool{}
		for id, e := range c.emps {
			for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
				if e.employed(d) {
					if chunk[id] == nil {
						chunk[id] = map[time.Time]bool{}
					}
					chunk[id][d] = true
				}
			}
		}
		if err := c.write(ctx, tx, chunk); err != nil {
			return err
		}
	}
	return nil
}

// employee is what a row takes from an employee's record.
type employee struct {
	schedule  ts.Schedule
	hire      time.Time
	since     *time.Time // the first mark's day
	term      *time.Time
	inactive  bool
	layoff    []clock.Period
	dept, mgr *uuid.UUID
}

// employed tells whether the employee's timesheet has that day: hired, on or after their
// first mark in the portal, not terminated, not inactive.
func (e *employee) employed(d time.Time) bool {
	return e.since != nil && !d.Before(*e.since) && !d.Before(e.hire) && (e.term == nil || !d.After(*e.term)) &&
		!(e.inactive && e.term == nil)
}

func (e *employee) onLeave(d time.Time) bool {
	for _, p := range e.layoff {
		if p.Overlaps(d, d) {
			return true
		}
	}
	return false
}

// calc computes the rows of one tenant.
type calc struct {
	tenant   uuid.UUID
	rule     ts.Rule
	calendar *vacation.Calendar
	emps     map[uuid.UUID]*employee
	all      bool // emps holds every employee
}

func newCalc(ctx context.Context, tx pgx.Tx, tenant uuid.UUID) (*calc, error) {
	c := &calc{tenant: tenant, rule: ts.DefaultRule(), emps: map[uuid.UUID]*employee{}}
	var rule []byte
	if err := tx.QueryRow(ctx, `SELECT rule FROM timesheet_tenants WHERE tenant_id = $1`, tenant).Scan(&rule); err != nil && err != pgx.ErrNoRows {
		return nil, err
	}
	if len(rule) > 0 {
		var values map[string]any
		if json.Unmarshal(rule, &values) == nil {
			c.rule = ts.RuleOf(values)
		}
	}
	rows, err := tx.Query(ctx, `SELECT month, day, name FROM tenant_holidays WHERE tenant_id = $1`, tenant)
	if err != nil {
		return nil, err
	}
	fixed, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (vacation.FixedDate, error) {
		var f vacation.FixedDate
		var m, d int16
		err := r.Scan(&m, &d, &f.Key)
		f.Month, f.Day = time.Month(m), int(d)
		return f, err
	})
	if err != nil {
		return nil, err
	}
	c.calendar = vacation.NewCalendar(fixed)
	return c, nil
}

// loadEmployees reads the records of ids not read yet (nil: every employee of the tenant).
func (c *calc) loadEmployees(ctx context.Context, tx pgx.Tx, ids []uuid.UUID) error {
	if c.all {
		return nil
	}
	ids = slices.DeleteFunc(ids, func(id uuid.UUID) bool { return c.emps[id] != nil })
	if ids != nil && len(ids) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `
SELECT e.id, e.schedule, e.hire_date, s.since, e.termination_date, e.status = 'inactive', e.layoff, e.department_id, e.manager_id
FROM employees e LEFT JOIN timesheet_starts s ON s.tenant_id = e.tenant_id AND s.employee_id = e.id
WHERE e.tenant_id = $1 AND ($2::uuid[] IS NULL OR e.id = ANY($2))`, c.tenant, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var schedule, layoff []byte
		e := &employee{}
		if err := rows.Scan(&id, &schedule, &e.hire, &e.since, &e.term, &e.inactive, &layoff, &e.dept, &e.mgr); err != nil {
			return err
		}
		e.schedule = ts.ParseSchedule(schedule)
		e.layoff, _ = clock.ParseLayoff(layoff) // unreadable: no leave
		c.emps[id] = e
	}
	c.all = ids == nil
	return rows.Err()
}
