package timesheet

import (
	"context"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/clock"
	ts "portal/domain/timesheet"
	"portal/projections"
)

// Mark is a mark of a day's row: in force at At; Registered is the punched time (nil for a
// mark an adjustment or HR added); RequestID the adjustment that last moved or added it;
// ByHR, ActorID and Reason an HR mark's.
type Mark struct {
	ID         uuid.UUID  `json:"id"`
	At         time.Time  `json:"at"`
	Registered *time.Time `json:"registeredAt,omitempty"`
	RequestID  *uuid.UUID `json:"requestId,omitempty"`
	ByHR       bool       `json:"byHr,omitempty"`
	ActorID    *uuid.UUID `json:"actorId,omitempty"`
	Reason     string     `json:"reason,omitempty"`
}

// DayRow is a day of an employee's timesheet.
type DayRow struct {
	Employee uuid.UUID
	Date     time.Time
	Spans    []ts.Span
	Marks    []Mark
	ts.Row
}

// rows computes the rows of the days wanted (employee → days); employees must be loaded.
func (c *calc) rows(ctx context.Context, tx pgx.Tx, want map[uuid.UUID]map[time.Time]bool) ([]DayRow, error) {
	var ids []uuid.UUID
	var from, to time.Time
	for id, days := range want {
		if c.emps[id] == nil || len(days) == 0 {
			continue
		}
		ids = append(ids, id)
		for d := range days {
			if from.IsZero() || d.Before(from) {
				from = d
			}
			if d.After(to) {
				to = d
			}
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	// Every window opens between 20:00 the day before and 20:00 the day itself.
	var marks map[uuid.UUID][]Mark
	var err error
	if c.mem != nil {
		marks = c.mem.between(c.tenant, ids, local(from).Add(-4*time.Hour), local(to).Add(44*time.Hour))
	} else if marks, err = c.marks(ctx, tx, ids, local(from).Add(-4*time.Hour), local(to).Add(44*time.Hour)); err != nil {
		return nil, err
	}
	var excuses map[uuid.UUID][]dayExcuse
	var leaves map[uuid.UUID]spans
	if c.pre != nil { // loaded for the whole range (stream)
		excuses, leaves = c.pre.excuses, c.pre.leaves
	} else {
		if excuses, err = c.excuses(ctx, tx, ids, from, to); err != nil {
			return nil, err
		}
		if leaves, err = c.leaves(ctx, tx, ids, from, to); err != nil {
			return nil, err
		}
	}
	var out []DayRow
	for _, id := range ids {
		e := c.emps[id]
		ws := time.Duration(e.schedule.WindowStart()) * time.Minute
		for _, d := range slices.SortedFunc(mapsKeys(want[id]), time.Time.Compare) {
			midnight := local(d)
			open, shut := midnight.Add(ws), midnight.Add(24*time.Hour+ws)
			day := ts.Day{Date: d}
			day.Spans, day.Flexible = e.schedule.On(d)
			_, day.Holiday = c.calendar.Holiday(d)
			switch {
			case leaves[id].has(d):
				day.Leave = ts.KindVacation
			case e.onLeave(d):
				day.Leave = ts.KindLeave
			}
			row := DayRow{Employee: id, Date: d, Spans: day.Spans}
			for _, m := range marks[id] {
				if !m.At.Before(open) && m.At.Before(shut) {
					row.Marks = append(row.Marks, m)
					day.Marks = append(day.Marks, int(m.At.Sub(midnight)/time.Minute))
				}
			}
			for _, x := range excuses[id] {
				if x.day.Equal(d) {
					day.Excuses = append(day.Excuses, x.excuse)
				}
			}
			row.Row = ts.Compute(day, c.ruleOn(d))
			out = append(out, row)
		}
	}
	return out, nil
}

func mapsKeys(m map[time.Time]bool) func(func(time.Time) bool) {
	return func(yield func(time.Time) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// local is a calendar day's local midnight.
func local(d time.Time) time.Time {
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, clock.Zone)
}

func (c *calc) marks(ctx context.Context, tx pgx.Tx, ids []uuid.UUID, from, to time.Time) (map[uuid.UUID][]Mark, error) {
	rows, err := tx.Query(ctx, `
SELECT employee_id, mark_id, at, registered_at, request_id, by_hr, actor_id, reason FROM timesheet_marks
WHERE tenant_id = $1 AND employee_id = ANY($2) AND at >= $3 AND at < $4 ORDER BY employee_id, at, mark_id`, c.tenant, ids, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[uuid.UUID][]Mark{}
	for rows.Next() {
		var id uuid.UUID
		var m Mark
		if err := rows.Scan(&id, &m.ID, &m.At, &m.Registered, &m.RequestID, &m.ByHR, &m.ActorID, &m.Reason); err != nil {
			return nil, err
		}
		out[id] = append(out[id], m)
	}
	return out, rows.Err()
}

type dayExcuse struct {
	day    time.Time
	excuse ts.Excuse
}

func (c *calc) excuses(ctx context.Context, tx pgx.Tx, ids []uuid.UUID, from, to time.Time) (map[uuid.UUID][]dayExcuse, error) {
	rows, err := tx.Query(ctx, `SELECT employee_id, day, from_time, to_time FROM timesheet_excuses
WHERE tenant_id = $1 AND employee_id = ANY($2) AND day BETWEEN $3 AND $4`, c.tenant, ids, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[uuid.UUID][]dayExcuse{}
	for rows.Next() {
		var id uuid.UUID
		var x dayExcuse
		var f, t string
		if err := rows.Scan(&id, &x.day, &f, &t); err != nil {
			return nil, err
		}
		x.excuse = excuseOf(f, t)
		out[id] = append(out[id], x)
	}
	return out, rows.Err()
}

// excuseOf reads an abono's HH:mm bounds; none, or unreadable ones, excuse the whole day.
func excuseOf(from, to string) ts.Excuse {
	f, err1 := time.Parse("15:04", from)
	t, err2 := time.Parse("15:04", to)
	if err1 != nil || err2 != nil {
		return ts.Excuse{Whole: true}
	}
	x := ts.Excuse{From: f.Hour()*60 + f.Minute(), To: t.Hour()*60 + t.Minute()}
	if x.To <= x.From {
		x.To += 24 * 60
	}
	return x
}

type spans []struct{ from, to time.Time }

func (s spans) has(d time.Time) bool {
	return slices.ContainsFunc(s, func(p struct{ from, to time.Time }) bool { return !d.Before(p.from) && !d.After(p.to) })
}

func (c *calc) leaves(ctx context.Context, tx pgx.Tx, ids []uuid.UUID, from, to time.Time) (map[uuid.UUID]spans, error) {
	rows, err := tx.Query(ctx, `SELECT employee_id, start_date, end_date FROM timesheet_leaves
WHERE tenant_id = $1 AND employee_id = ANY($2) AND approved AND start_date <= $4 AND end_date >= $3`, c.tenant, ids, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[uuid.UUID]spans{}
	for rows.Next() {
		var id uuid.UUID
		var p struct{ from, to time.Time }
		if err := rows.Scan(&id, &p.from, &p.to); err != nil {
			return nil, err
		}
		out[id] = append(out[id], p)
	}
	return out, rows.Err()
}

// write computes and stores the rows wanted, and adds their months (those whose sums read
// them) to months. Rows of a fresh calc are copied (COPY): Finish emptied their days.
func (c *calc) write(ctx context.Context, tx pgx.Tx, want map[uuid.UUID]map[time.Time]bool, months map[uuid.UUID]map[time.Time]bool) error {
	rows, err := c.rows(ctx, tx, want)
	if err != nil || len(rows) == 0 {
		return err
	}
	d := c.encode(rows, months)
	if c.fresh {
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"timesheet_days"}, dayColumns, pgx.CopyFromSlice(d.n, d.values))
		return err
	}
	_, err = tx.Exec(ctx, `
INSERT INTO timesheet_days (tenant_id, employee_id, day, kind, spans, marks, expected, worked, night, night_hours,
    overtime50, overtime100, late, early, missing, excused, leave, absent, incomplete, row_hash)
SELECT $1, * FROM unnest($2::uuid[], $3::date[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::int[],
    $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[], $16::int[], $17::int[], $18::bool[], $19::bool[], $20::text[])
ON CONFLICT (tenant_id, employee_id, day) DO UPDATE SET kind = excluded.kind, spans = excluded.spans, marks = excluded.marks,
    expected = excluded.expected, worked = excluded.worked, night = excluded.night, night_hours = excluded.night_hours,
    overtime50 = excluded.overtime50, overtime100 = excluded.overtime100, late = excluded.late, early = excluded.early,
    missing = excluded.missing, excused = excluded.excused, leave = excluded.leave, absent = excluded.absent,
    incomplete = excluded.incomplete, row_hash = excluded.row_hash`,
		c.tenant, d.emps, d.days, d.kinds, d.spans, d.marks, d.ints[0], d.ints[1], d.ints[2], d.ints[3], d.ints[4], d.ints[5], d.ints[6],
		d.ints[7], d.ints[8], d.ints[9], d.ints[10], d.absent, d.incomplete, d.digests)
	return err
}

// dayCols is rows as timesheet_days' columns.
type dayCols struct {
	n                  int
	tenant             pgtype.UUID
	emps               []uuid.UUID
	days               []time.Time
	kinds              []string
	spans, marks       [][]byte
	ints               [][]int32 // expected .. leave
	absent, incomplete []bool
	digests            []string
}

// encode is rows as columns; it adds their months (those whose sums read them) to months,
// and keeps their figures for the sums (kept) if the calc keeps them.
func (c *calc) encode(rows []DayRow, months map[uuid.UUID]map[time.Time]bool) *dayCols {
	n := len(rows)
	d := &dayCols{n: n, tenant: projections.PgUUID(c.tenant), emps: make([]uuid.UUID, n), days: make([]time.Time, n), kinds: make([]string, n),
		spans: make([][]byte, n), marks: make([][]byte, n), ints: make([][]int32, 11),
		absent: make([]bool, n), incomplete: make([]bool, n), digests: make([]string, n)}
	for i := range d.ints {
		d.ints[i] = make([]int32, n)
	}
	for i, x := range Dated(rows) {
		d.digests[i] = ts.RowHash(x)
		if c.kept != nil {
			x.Marks = nil // as digests reads them back
			c.kept[rows[i].Employee] = append(c.kept[rows[i].Employee], digested{x, d.digests[i]})
		}
	}
	buf := make([]byte, 0, 600*n) // one buffer for every row's JSON
	for i, r := range rows {
		d.emps[i], d.days[i], d.kinds[i] = r.Employee, r.Date, r.Kind
		start := len(buf)
		buf = appendSpans(buf, r.Spans)
		d.spans[i] = buf[start:len(buf):len(buf)]
		start = len(buf)
		buf = appendMarks(buf, r.Marks)
		d.marks[i] = buf[start:len(buf):len(buf)]
		for j, v := range []int{r.Expected, r.Worked, r.Night, r.NightHours, r.Overtime50, r.Overtime100, r.Late, r.Early, r.Missing, r.Excused, r.Leave} {
			d.ints[j][i] = int32(v)
		}
		d.absent[i], d.incomplete[i] = r.Absent, r.Incomplete
		if months[r.Employee] == nil {
			months[r.Employee] = map[time.Time]bool{}
		}
		months[r.Employee][monthOf(r.Date)] = true
		months[r.Employee][monthOf(ts.WeekStart(r.Date).AddDate(0, 0, 6))] = true
	}
	return d
}

// values is row i for COPY.
func (d *dayCols) values(i int) ([]any, error) {
	return []any{d.tenant, projections.PgUUID(d.emps[i]), d.days[i], d.kinds[i], d.spans[i], d.marks[i], d.ints[0][i], d.ints[1][i], d.ints[2][i],
		d.ints[3][i], d.ints[4][i], d.ints[5][i], d.ints[6][i], d.ints[7][i], d.ints[8][i], d.ints[9][i], d.ints[10][i], d.absent[i],
		d.incomplete[i], d.digests[i]}, nil
}

var dayColumns = []string{"tenant_id", "employee_id", "day", "kind", "spans", "marks", "expected", "worked", "night",
	"night_hours", "overtime50", "overtime100", "late", "early", "missing", "excused", "leave", "absent", "incomplete", "row_hash"}

func monthOf(d time.Time) time.Time { return time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC) }
