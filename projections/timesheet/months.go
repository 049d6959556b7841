package timesheet

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ts "portal/domain/timesheet"
)

// stored reads the final rows of employees from..to (both included), by employee, in date
// order.
func stored(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, ids []uuid.UUID, from, to time.Time) (map[uuid.UUID][]DayRow, error) {
	rows, err := tx.Query(ctx, `
SELECT employee_id, day, kind, spans, marks, expected, worked, night, night_hours, overtime50, overtime100, late, early,
       missing, excused, leave, absent, incomplete
FROM timesheet_days WHERE tenant_id = $1 AND employee_id = ANY($2) AND day BETWEEN $3 AND $4
ORDER BY employee_id, day`, tenant, ids, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[uuid.UUID][]DayRow{}
	for rows.Next() {
		var r DayRow
		var spans, marks []byte
		var pairs [][2]int
		if err := rows.Scan(&r.Employee, &r.Date, &r.Kind, &spans, &marks, &r.Expected, &r.Worked, &r.Night, &r.NightHours,
			&r.Overtime50, &r.Overtime100, &r.Late, &r.Early, &r.Missing, &r.Excused, &r.Leave, &r.Absent, &r.Incomplete); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(spans, &pairs); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(marks, &r.Marks); err != nil {
			return nil, err
		}
		for _, p := range pairs {
			r.Spans = append(r.Spans, ts.Span{Start: p[0], End: p[1]})
		}
		out[r.Employee] = append(out[r.Employee], r)
	}
	return out, rows.Err()
}

// Dated is the rows as the domain sums and hashes them.
func Dated(rows []DayRow) []ts.Dated {
	out := make([]ts.Dated, len(rows))
	for i, r := range rows {
		out[i] = ts.Dated{Date: r.Date, Row: r.Row}
		for _, m := range r.Marks {
			out[i].Marks = append(out[i].Marks, m.At)
		}
	}
	return out
}

// Totals sums a month (its first day) from rows that start on the Monday of its first week.
// It returns the totals, the hash of the month's own rows and the minutes owed on its days
// of unjustified absence.
func Totals(month time.Time, rows []DayRow) (ts.Totals, string, int) {
	dated := Dated(rows)
	end := month.AddDate(0, 1, 0)
	var own []ts.Dated
	absent := 0
	for _, d := range dated {
		if !d.Date.Before(month) && d.Date.Before(end) {
			own = append(own, d)
			if d.Absent {
				absent += d.Missing
			}
		}
	}
	return ts.Month(month, dated), ts.Hash(own), absent
}

// digested is a final row's figures and digest: what a month's sum reads.
type digested struct {
	ts.Dated
	digest string
}

// digests reads the figures and digests of the final rows of employees from..to, by
// employee, in date order.
func digests(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, ids []uuid.UUID, from, to time.Time) (map[uuid.UUID][]digested, error) {
	rows, err := tx.Query(ctx, `
SELECT employee_id, day, kind, expected, worked, night, night_hours, overtime50, overtime100, late, early, missing, excused,
       leave, absent, incomplete, row_hash
FROM timesheet_days WHERE tenant_id = $1 AND employee_id = ANY($2) AND day BETWEEN $3 AND $4
ORDER BY employee_id, day`, tenant, ids, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[uuid.UUID][]digested{}
	var id uuid.UUID
	for rows.Next() {
		var d digested
		r := &d.Row
		if err := rows.Scan(&id, &d.Date, &r.Kind, &r.Expected, &r.Worked, &r.Night, &r.NightHours, &r.Overtime50, &r.Overtime100,
			&r.Late, &r.Early, &r.Missing, &r.Excused, &r.Leave, &r.Absent, &r.Incomplete, &d.digest); err != nil {
			return nil, err
		}
		out[id] = append(out[id], d)
	}
	return out, rows.Err()
}

// sumMonths writes the totals of the months named (employee → months) from the final rows.
func (c *calc) sumMonths(ctx context.Context, tx pgx.Tx, months map[uuid.UUID]map[time.Time]bool) error {
	var ids []uuid.UUID
	for id, ms := range months {
		if len(ms) == 0 {
			delete(months, id)
		}
	}
	if len(months) == 0 {
		return nil
	}
	var from, to time.Time
	for id, ms := range months {
		ids = append(ids, id)
		for m := range ms {
			if from.IsZero() || m.Before(from) {
				from = m
			}
			if m.After(to) {
				to = m
			}
		}
	}
	all := c.kept
	if all == nil {
		var err error
		if all, err = digests(ctx, tx, c.tenant, ids, ts.WeekStart(from), to.AddDate(0, 1, -1)); err != nil {
			return err
		}
	}
	var (
		emps        []uuid.UUID
		monthDays   []time.Time
		depts, mgrs []*uuid.UUID
		hashes      []string
		ints        = make([][]int32, 14)
	)
	for id, ms := range months {
		e := c.emps[id]
		if e == nil {
			continue
		}
		for m := range ms {
			var rows []ts.Dated
			var own []string
			absent, leave := 0, 0
			start, end := ts.WeekStart(m), m.AddDate(0, 1, 0)
			for _, r := range all[id] {
				if r.Date.Before(start) || !r.Date.Before(end) {
					continue
				}
				rows = append(rows, r.Dated)
				if !r.Date.Before(m) {
					own = append(own, r.digest)
					leave += r.Leave
					if r.Absent {
						absent += r.Missing
					}
				}
			}
			t := ts.Month(m, rows)
			emps, monthDays, depts, mgrs = append(emps, id), append(monthDays, m), append(depts, e.dept), append(mgrs, e.mgr)
			hashes = append(hashes, ts.MonthHash(own))
			for j, v := range []int{t.Expected, t.Worked, t.Night, t.NightHours, t.Overtime50, t.Overtime100, t.Late, t.Early,
				t.Missing, t.Excused, leave, t.AbsentDays, absent, t.DSRLost} {
				ints[j] = append(ints[j], int32(v))
			}
		}
	}
	if len(emps) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `
INSERT INTO timesheet_months (tenant_id, employee_id, month, department_id, manager_id, expected, worked, night, night_hours,
    overtime50, overtime100, late, early, missing, excused, leave, absent_days, absent, dsr_lost, rows_hash)
SELECT $1, * FROM unnest($2::uuid[], $3::date[], $4::uuid[], $5::uuid[], $6::int[], $7::int[], $8::int[], $9::int[],
    $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[], $16::int[], $17::int[], $18::int[], $19::int[], $20::text[])
ON CONFLICT (tenant_id, employee_id, month) DO UPDATE SET department_id = excluded.department_id,
    manager_id = excluded.manager_id, expected = excluded.expected, worked = excluded.worked, night = excluded.night,
    night_hours = excluded.night_hours, overtime50 = excluded.overtime50, overtime100 = excluded.overtime100,
    late = excluded.late, early = excluded.early, missing = excluded.missing, excused = excluded.excused,
    leave = excluded.leave, absent_days = excluded.absent_days, absent = excluded.absent, dsr_lost = excluded.dsr_lost,
    rows_hash = excluded.rows_hash`,
		c.tenant, emps, monthDays, depts, mgrs, ints[0], ints[1], ints[2], ints[3], ints[4], ints[5], ints[6], ints[7],
		ints[8], ints[9], ints[10], ints[11], ints[12], ints[13], hashes)
	return err
}
