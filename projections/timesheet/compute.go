package timesheet

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	ts "portal/domain/timesheet"
	"portal/domain/vacation"
	"portal/projections"
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

// span is a tenant's days whose rows are written for everyone employed: since..through
// before a batch, from..upTo after it.
type span struct {
	since, through  *time.Time
	from, old, upTo time.Time
}

// span reads the tenant's span and extends it by the batch: a batch may reach before since
// (history appended after later events) or make days final past through.
func (b *batch) span(ctx context.Context, tx pgx.Tx, tenant uuid.UUID) (span, error) {
	var s span
	if err := tx.QueryRow(ctx, `SELECT since, through FROM timesheet_tenants WHERE tenant_id = $1`, tenant).Scan(&s.since, &s.through); err != nil && err != pgx.ErrNoRows {
		return s, err
	}
	first := b.first[tenant]
	s.from, s.old = first, first.AddDate(0, 0, -1)
	if s.since != nil && s.through != nil {
		s.from, s.old = *s.since, *s.through
		if first.Before(*s.since) {
			s.from = first
		}
	}
	s.upTo = s.old
	if l, ok := b.latest[tenant]; ok && l.AddDate(0, 0, -finalAfter).After(s.old) {
		s.upTo = l.AddDate(0, 0, -finalAfter)
	}
	return s, nil
}

// pend is compute for a replay: the days whose rows the batch would write are left for
// Finish, which writes each once (pending_from is the first of them).
//
// A replay's transactions commit without waiting for the WAL flush (synchronous_commit off,
// sent with the last statement): each holds its checkpoint, so a crash loses the last batches
// whole and the replay goes on from before them. It saves a flush a batch, 11 for the bench's
// 55,000 events.
func (b *batch) pend(ctx context.Context, tx pgx.Tx) error {
	var q pgx.Batch
	for tenant := range b.first {
		s, err := b.span(ctx, tx, tenant)
		if err != nil {
			return err
		}
		pending := slices.MinFunc([]time.Time{b.first[tenant], s.old.AddDate(0, 0, 1), s.from}, time.Time.Compare)
		q.Queue(`INSERT INTO timesheet_tenants (tenant_id, since, through, pending_from) VALUES ($1, $2, $3, $4)
ON CONFLICT (tenant_id) DO UPDATE SET since = excluded.since, through = excluded.through,
    pending_from = least(timesheet_tenants.pending_from, excluded.pending_from)`, tenant, s.from, s.upTo, pending)
	}
	q.Queue(`SET LOCAL synchronous_commit = off`)
	return tx.SendBatch(ctx, &q).Close()
}

// Finish implements projections.Finisher: the rows a replay left pending, for everyone
// employed on each day.
// A crash before its commit is flushed leaves the tenants pending: the next runner finishes
// again (so no wait for the flush either).
func (Timesheet) Finish(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, `SET LOCAL synchronous_commit = off`); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT tenant_id, pending_from, through FROM timesheet_tenants WHERE pending_from IS NOT NULL ORDER BY tenant_id`)
	if err != nil {
		return err
	}
	type pending struct {
		tenant   uuid.UUID
		from, to time.Time
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (pending, error) {
		var p pending
		return p, r.Scan(&p.tenant, &p.from, &p.to)
	})
	if err != nil {
		return err
	}
	mem := replayOf(ctx)
	if !mem.usable() {
		mem = nil
	}
	finish := func() error {
		for _, p := range list {
			c, err := newCalc(ctx, tx, p.tenant)
			if err != nil {
				return err
			}
			if mem != nil { // the marks from memory, the months summed from the rows as written
				c.mem, c.kept = mem, map[uuid.UUID][]digested{}
			}
			if _, err := tx.Exec(ctx, `DELETE FROM timesheet_days WHERE tenant_id = $1 AND day BETWEEN $2 AND $3`, p.tenant, p.from, p.to); err != nil {
				return err
			}
			c.fresh = true
			if err := c.materialize(ctx, tx, p.from, p.to); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE timesheet_tenants SET pending_from = NULL WHERE tenant_id = $1`, p.tenant); err != nil {
				return err
			}
		}
		return nil
	}
	if mem == nil || len(list) == 0 {
		return finish()
	}
	// A replay's own Finish writes every row into an empty timesheet_days (its reset emptied
	// it): the primary key is built once after the rows, which costs less than keeping it up
	// to date over the COPY (projections.BuildAfter). Should the table hold rows, the key is
	// kept: building it over them could cost more than the COPY saves.
	var filled bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM timesheet_days)`).Scan(&filled); err != nil {
		return err
	}
	if filled {
		return finish()
	}
	return projections.BuildAfter(ctx, tx, []string{"timesheet_days"}, finish)
}

func (b *batch) computeTenant(ctx context.Context, tx pgx.Tx, tenant uuid.UUID) error {
	s, err := b.span(ctx, tx, tenant)
	if err != nil {
		return err
	}
	since, from, old, upTo := s.since, s.from, s.old, s.upTo
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
	months := map[uuid.UUID]map[time.Time]bool{}
	if err := c.write(ctx, tx, want, months); err != nil {
		return err
	}
	if err := c.sumMonths(ctx, tx, months); err != nil {
		return err
	}
	// The days that became final, and those before since a batch reached, for everyone
	// employed then, a month at a time.
	ranges := [][2]time.Time{{old.AddDate(0, 0, 1), upTo}}
	if since != nil && from.Before(*since) {
		ranges = append(ranges, [2]time.Time{from, since.AddDate(0, 0, -1)})
	}
	for _, r := range ranges {
		if !r[1].Before(r[0]) {
			b.changed[tenant] = b.last[tenant]
		}
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
	if c.fresh && c.mem != nil {
		return c.stream(ctx, tx, from, to)
	}
	months := map[uuid.UUID]map[time.Time]bool{}
	for start := from; !start.After(to); start = start.AddDate(0, 0, chunkDays) {
		end := chunkEnd(start, to)
		if err := c.write(ctx, tx, c.chunk(start, end), months); err != nil {
			return err
		}
		// The months whose rows (and the week that runs into the next month) are all written
		// are summed now, so a tenant of thousands holds a few months' rows at a time.
		done := map[uuid.UUID]map[time.Time]bool{}
		for id, ms := range months {
			for m := range ms {
				if m.AddDate(0, 1, 6).After(end) {
					continue
				}
				if done[id] == nil {
					done[id] = map[time.Time]bool{}
				}
				done[id][m] = true
				delete(ms, m)
			}
		}
		if err := c.sumMonths(ctx, tx, done); err != nil {
			return err
		}
	}
	return c.sumMonths(ctx, tx, months)
}

// chunkEnd is the last day of the chunk from start, up to to.
func chunkEnd(start, to time.Time) time.Time {
	if end := start.AddDate(0, 0, chunkDays-1); end.Before(to) {
		return end
	}
	return to
}

// chunk is the days start..end of everyone employed on each.
func (c *calc) chunk(start, end time.Time) map[uuid.UUID]map[time.Time]bool {
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
	return chunk
}

// loaded is the abonos and approved vacations of a tenant's employees over a range of days.
type loaded struct {
	excuses map[uuid.UUID][]dayExcuse
	leaves  map[uuid.UUID]spans
}

// stream is materialize for a replay's Finish (a fresh calc computing from the marks its
// replay kept): the rows are computed and encoded a chunk of days at a time, the next chunk
// while the server copies the one before (one COPY for the whole range), so Finish's Go work
// overlaps the server's. The abonos and vacations of the whole range are read first (the
// connection is busy copying after), the months summed at the end from the rows kept.
func (c *calc) stream(ctx context.Context, tx pgx.Tx, from, to time.Time) error {
	ids := slices.Collect(maps.Keys(c.emps))
	if len(ids) == 0 {
		return nil
	}
	excuses, err := c.excuses(ctx, tx, ids, from, to)
	if err != nil {
		return err
	}
	leaves, err := c.leaves(ctx, tx, ids, from, to)
	if err != nil {
		return err
	}
	c.pre = &loaded{excuses, leaves}
	defer func() { c.pre = nil }()
	months := map[uuid.UUID]map[time.Time]bool{}
	chunks := make(chan *dayCols, 1)
	stop := make(chan struct{})
	var computeErr error
	go func() { // computes the chunks in order, one ahead of the copy
		defer close(chunks)
		for start := from; !start.After(to); start = start.AddDate(0, 0, chunkDays) {
			select {
			case <-stop: // the COPY failed: no more chunks
				return
			default:
			}
			rows, err := c.rows(ctx, nil, c.chunk(start, chunkEnd(start, to)))
			if err != nil {
				computeErr = err
				return
			}
			if len(rows) == 0 {
				continue
			}
			select {
			case chunks <- c.encode(rows, months):
			case <-stop:
				return
			}
		}
	}()
	src := &daySource{chunks: chunks}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"timesheet_days"}, dayColumns, src)
	close(stop)
	for range chunks { // the computing goroutine has ended (it wrote months and kept)
	}
	if err != nil {
		return err
	}
	if computeErr != nil {
		return computeErr
	}
	return c.sumMonths(ctx, tx, months)
}

// daySource hands COPY the rows of the chunks computed, in order.
type daySource struct {
	chunks <-chan *dayCols
	cur    *dayCols
	i      int
}

func (s *daySource) Next() bool {
	s.i++
	for s.cur == nil || s.i >= s.cur.n {
		d, ok := <-s.chunks
		if !ok {
			return false
		}
		s.cur, s.i = d, 0
	}
	return true
}

func (s *daySource) Values() ([]any, error) { return s.cur.values(s.i) }

func (s *daySource) Err() error { return nil }

// datedRule is the tenant's rule from a day on.
type datedRule struct {
	since time.Time
	rule  ts.Rule
}

// ruleOn is the rule in force on day d: the last set on or before it, or the law's.
func (c *calc) ruleOn(d time.Time) ts.Rule {
	r := ts.DefaultRule()
	for _, x := range c.rules {
		if x.since.After(d) {
			break
		}
		r = x.rule
	}
	return r
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
	rules    []datedRule              // by since
	fresh    bool                     // the days written have no rows (Finish)
	mem      *replayMarks             // a replay's marks, read instead of timesheet_marks (Finish)
	kept     map[uuid.UUID][]digested // with mem: the rows written, which the months are summed from
	pre      *loaded                  // the abonos and vacations of the days computed, read beforehand (stream)
	calendar *vacation.Calendar
	emps     map[uuid.UUID]*employee
	all      bool // emps holds every employee
}

func newCalc(ctx context.Context, tx pgx.Tx, tenant uuid.UUID) (*calc, error) {
	c := &calc{tenant: tenant, emps: map[uuid.UUID]*employee{}}
	rows, err := tx.Query(ctx, `SELECT since, rule FROM timesheet_rules WHERE tenant_id = $1 ORDER BY since`, tenant)
	if err != nil {
		return nil, err
	}
	c.rules, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (datedRule, error) {
		var d datedRule
		var values map[string]any
		err := r.Scan(&d.since, &values)
		d.rule = ts.RuleOf(values)
		return d, err
	})
	if err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `SELECT month, day, name FROM tenant_holidays WHERE tenant_id = $1`, tenant)
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
