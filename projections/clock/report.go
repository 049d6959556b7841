package clock

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/jscan"
	"portal/projections"
)

// Report keeps report_clock_daily: each employee's local day of punches (how many, the
// first one's time), refused punches by reason and marks an approved adjustment added, moved
// or excused, with the schedule's expected start and marks for that weekday (the time-clock
// report: punches per day, late arrivals, missing punches, refusals, adjustments); and the
// rollups the tenant-wide report reads, report_clock_days and report_clock_months, and theirs,
// report_clock_tenant_days and report_clock_ytd, which triggers on the first two keep
// (migration 00390).
type Report struct{}

var (
	_ projections.Projection = Report{}
	_ projections.Preparer   = Report{}
)

// Name implements Projection.
func (Report) Name() string { return "report_clock" }

// Areas implements Selective.
func (Report) Areas() []string { return []string{"clock."} }

// Tables implements Tabled.
func (Report) Tables() []string {
	return []string{"report_clock_daily", "report_clock_days", "report_clock_months", "report_clock_tenant_days", "report_clock_ytd"}
}

// Reset implements Projection.
func (p Report) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, p.Tables())
}

type clockDayKey struct {
	tenant, employee uuid.UUID
	day              string
}

// clockDay is a day's change in a batch: counts to add and the earliest mark seen.
type clockDay struct {
	marks, adjusted        int32
	area, layoff, inactive int32
	other                  int32
	first                  pgtype.Time
}

// markFacts is the part of clock.MarkData the report reads: a third of the decoding of the
// whole mark, which a replay does for every mark (TestMarkViewsReadMarkDataKeys holds its keys
// to MarkData's).
type markFacts struct {
	EmployeeID string    `json:"employeeId"`
	RecordedAt time.Time `json:"recordedAt"`
	Reason     string    `json:"reason"`
}

// markFactsKeys are markFacts's JSON keys, for jscan.Scanner.Fields.
var markFactsKeys = []string{"employeeId", "recordedAt", "reason"}

// decodeMarkFactsFast decodes data into d (which must be zero) when data has the plain
// shape decodeMarkFast accepts, exactly as json.Unmarshal would, and tells whether it could;
// otherwise the caller decodes with encoding/json. The keys it does not read are skipped,
// not decoded, so a replay's decoding of a mark costs about a fifth of json.Unmarshal's.
func decodeMarkFactsFast(data []byte, d *markFacts) bool {
	s := jscan.New(data)
	return s.Fields(markFactsKeys, func(key string) bool {
		switch key {
		case "employeeId":
			return s.Str(&d.EmployeeID)
		case "recordedAt":
			return s.Time(&d.RecordedAt)
		case "reason":
			return s.Str(&d.Reason)
		}
		return false
	}) && s.End()
}

// Apply implements Projection: the batch's events are summed per employee and local day in
// Go, then added in one statement.
func (p Report) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	return projections.ApplyPrepared(ctx, tx, p, events)
}

// clockDays is a batch summed per employee and local day, ready to be added.
type clockDays struct {
	days   projections.Folds[clockDayKey, clockDay]
	events []eventstore.RecordedEvent
}

// prepare implements Preparer (replay.go): the decoding and summing half of Apply, which
// needs no database.
func (Report) Prepare(_ context.Context, events []eventstore.RecordedEvent) (projections.PreparedBatch, error) {
	b := &clockDays{events: events}
	at := func(tenant, employee uuid.UUID, day string) *clockDay {
		return b.days.At(clockDayKey{tenant, employee, day})
	}
	for _, e := range events {
		switch e.Type {
		case clock.TypeMarkRegistered, clock.TypeMarkRefused, clock.TypeMarkAddedByAdjustment, clock.TypeMarkAdjusted, clock.TypeDayExcused,
			clock.TypeMarkRecordedByHR:
		default:
			continue
		}
		// What the report reads of each event's data (markFacts of clock.MarkData,
		// MarkAdjustedData, DayExcusedData).
		var d markFacts
		var moved clock.MarkAdjustedData
		var excused clock.DayExcusedData
		var err error
		switch e.Type {
		case clock.TypeMarkAdjusted:
			err = projections.DecodeData(e, &moved)
			d.EmployeeID = moved.EmployeeID
		case clock.TypeDayExcused:
			err = projections.DecodeData(e, &excused)
			d.EmployeeID = excused.EmployeeID
		default:
			if !decodeMarkFactsFast(e.Data, &d) {
				d = markFacts{}
				err = projections.DecodeData(e, &d)
			}
		}
		if err != nil {
			return nil, err
		}
		employee, err := uuid.Parse(d.EmployeeID)
		if err != nil {
			continue // an attempt without an employee record (a kiosk account)
		}
		switch e.Type {
		case clock.TypeMarkRegistered, clock.TypeMarkAddedByAdjustment, clock.TypeMarkRecordedByHR: // an HR mark counts as a punch
			local := d.RecordedAt.In(clock.Zone)
			c := at(e.Tenant, employee, local.Format(time.DateOnly))
			c.marks++
			if e.Type == clock.TypeMarkAddedByAdjustment {
				c.adjusted++
			}
			us := int64(local.Hour())*3_600_000_000 + int64(local.Minute())*60_000_000 + int64(local.Second())*1_000_000
			if !c.first.Valid || us < c.first.Microseconds {
				c.first = pgtype.Time{Microseconds: us, Valid: true}
			}
		case clock.TypeMarkRefused:
			c := at(e.Tenant, employee, d.RecordedAt.In(clock.Zone).Format(time.DateOnly))
			switch d.Reason {
			case clock.ReasonOutsideArea:
				c.area++
			case clock.ReasonLayoff:
				c.layoff++
			case clock.ReasonInactive:
				c.inactive++
			default:
				c.other++
			}
		case clock.TypeMarkAdjusted:
			at(e.Tenant, employee, moved.To.In(clock.Zone).Format(time.DateOnly)).adjusted++
		case clock.TypeDayExcused:
			at(e.Tenant, employee, excused.Day).adjusted++
		}
	}
	return b, nil
}

func (b *clockDays) Write(ctx context.Context, tx pgx.Tx) error {
	if len(b.days.Keys) == 0 {
		return nil
	}
	rows, err := loadClockDays(ctx, tx, b.days.Keys)
	if err != nil {
		return err
	}
	if err := writeClockDays(ctx, tx, &b.days, rows); err != nil {
		return err
	}
	return projections.PublishReport(ctx, tx, "clock", b.events, func(t string) bool {
		return t == clock.TypeMarkRegistered || t == clock.TypeMarkRefused || t == clock.TypeMarkAddedByAdjustment || t == clock.TypeMarkRecordedByHR ||
			t == clock.TypeMarkAdjusted || t == clock.TypeDayExcused
	})
}

// clockDayRow is an employee's day as stored, with the flags the rollups count.
type clockDayRow struct {
	dept, unit, manager  pgtype.UUID
	marks, expectedMarks int32
	first, expectedStart pgtype.Time
	area, layoff         int32
	inactive, other, adj int32
}

// late and missing are the report's rules for one day (docs/api.md "Reports").
func (r clockDayRow) late() int32 {
	tolerance := clock.LateTolerance.Microseconds()
	return b2i(r.first.Valid && r.expectedStart.Valid && r.first.Microseconds > r.expectedStart.Microseconds+tolerance)
}

func (r clockDayRow) missing() int32 {
	if r.marks == 0 {
		return 0
	}
	return max(r.expectedMarks-r.marks, 0)
}

func (r clockDayRow) refused() int32 { return r.area + r.layoff + r.inactive + r.other }

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// loadClockDays reads the stored days of the keys and, for days not stored yet, the
// employee's department, unit, manager and the schedule's start and marks that weekday (the
// employees are read once each, and their weekly schedules decoded here).
func loadClockDays(ctx context.Context, tx pgx.Tx, keys []clockDayKey) (map[clockDayKey]clockDayRow, error) {
	tenants, employees := make([]pgtype.UUID, len(keys)), make([]pgtype.UUID, len(keys))
	dayCol := make([]string, len(keys))
	for i, k := range keys {
		tenants[i], employees[i], dayCol[i] = projections.PgUUID(k.tenant), projections.PgUUID(k.employee), k.day
	}
	rows, err := tx.Query(ctx, `
SELECT r.tenant_id, r.employee_id, r.day::text, r.department_id, r.business_unit_id, r.manager_id, r.marks, r.first_mark,
       r.expected_start, r.expected_marks, r.refused_area, r.refused_layoff, r.refused_inactive, r.refused_other, r.adjusted
FROM unnest($1::uuid[], $2::uuid[], $3::date[]) AS k(tenant_id, employee_id, day)
JOIN report_clock_daily r ON r.tenant_id = k.tenant_id AND r.employee_id = k.employee_id AND r.day = k.day`,
		tenants, employees, dayCol)
	if err != nil {
		return nil, fmt.Errorf("report clock: %w", err)
	}
	out := make(map[clockDayKey]clockDayRow, len(keys))
	for rows.Next() {
		var k clockDayKey
		var r clockDayRow
		if err := rows.Scan(&k.tenant, &k.employee, &k.day, &r.dept, &r.unit, &r.manager, &r.marks, &r.first, &r.expectedStart,
			&r.expectedMarks, &r.area, &r.layoff, &r.inactive, &r.other, &r.adj); err != nil {
			rows.Close()
			return nil, err
		}
		out[k] = r
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	type person struct{ tenant, employee uuid.UUID }
	people := map[person]*clockPerson{}
	var ts, es []pgtype.UUID
	for _, k := range keys {
		p := person{k.tenant, k.employee}
		if _, stored := out[k]; stored || people[p] != nil {
			continue
		}
		people[p] = &clockPerson{}
		ts, es = append(ts, projections.PgUUID(k.tenant)), append(es, projections.PgUUID(k.employee))
	}
	if len(people) == 0 {
		return out, nil
	}
	rows, err = tx.Query(ctx, `
SELECT e.tenant_id, e.id, e.department_id, e.business_unit_id, e.manager_id, e.schedule->'weekly'
FROM unnest($1::uuid[], $2::uuid[]) AS k(tenant_id, id)
JOIN employees e ON e.tenant_id = k.tenant_id AND e.id = k.id`, ts, es)
	if err != nil {
		return nil, fmt.Errorf("report clock: %w", err)
	}
	for rows.Next() {
		var p person
		var c clockPerson
		var weekly []byte
		if err := rows.Scan(&p.tenant, &p.employee, &c.dept, &c.unit, &c.manager, &weekly); err != nil {
			rows.Close()
			return nil, err
		}
		_ = json.Unmarshal(weekly, &c.weekly) // not an object: no schedule
		people[p] = &c
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, k := range keys {
		if _, stored := out[k]; stored {
			continue
		}
		c := people[person{k.tenant, k.employee}]
		r := clockDayRow{dept: c.dept, unit: c.unit, manager: c.manager}
		r.expectedStart, r.expectedMarks = c.expected(k.day)
		out[k] = r
	}
	return out, nil
}

// clockPerson is what a new day of an employee takes from the employee's record.
type clockPerson struct {
	dept, unit, manager pgtype.UUID
	weekly              map[string]json.RawMessage // sun..sat: the working intervals
}

var weekdayKeys = [...]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// expected is the schedule's start and the marks it expects on day (YYYY-MM-DD): two per
// interval, the first interval's start (none on a rest day or without a schedule).
func (c *clockPerson) expected(day string) (pgtype.Time, int32) {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return pgtype.Time{}, 0
	}
	var spans []struct {
		Start json.RawMessage `json:"start"`
	}
	if json.Unmarshal(c.weekly[weekdayKeys[d.Weekday()]], &spans) != nil {
		return pgtype.Time{}, 0
	}
	var start pgtype.Time
	if len(spans) > 0 {
		var text string
		if json.Unmarshal(spans[0].Start, &text) == nil {
			start = timeOfDay(text)
		}
	}
	return start, int32(2 * len(spans))
}

// timeOfDay parses HH:MM or HH:MM:SS.
func timeOfDay(s string) pgtype.Time {
	for _, layout := range []string{"15:04", "15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return pgtype.Time{Microseconds: int64(t.Hour())*3_600_000_000 + int64(t.Minute())*60_000_000 + int64(t.Second())*1_000_000, Valid: true}
		}
	}
	return pgtype.Time{}
}

type clockRollupKey struct {
	tenant          uuid.UUID
	day             string // the day (days rollup) or the month's first day (months rollup)
	employee        uuid.UUID
	dept, unit, mgr pgtype.UUID
}

// writeClockDays stores each day's new totals and adds the change of each day's counts to the
// rollups the tenant-wide report reads: per day × department × unit, and per month × employee.
func writeClockDays(ctx context.Context, tx pgx.Tx, deltas *projections.Folds[clockDayKey, clockDay], stored map[clockDayKey]clockDayRow) error {
	var d struct {
		tenants, employees, depts, units, managers []pgtype.UUID
		days                                       []string
		first, start                               []pgtype.Time
		counts                                     [7][]int32 // marks, expected marks, area, layoff, inactive, other, adjusted
	}
	var byDay projections.Folds[clockRollupKey, [9]int32]   // people, marks, late, missing, area, layoff, inactive, other, adjusted
	var byMonth projections.Folds[clockRollupKey, [5]int32] // days, marks, late, missing, refused
	monthGroups := map[clockRollupKey]clockRollupKey{}      // a month's department, unit and manager
	for _, k := range deltas.Keys {
		old := stored[k]
		c := deltas.At(k)
		now := old
		now.marks += c.marks
		now.area, now.layoff, now.inactive, now.other, now.adj = old.area+c.area, old.layoff+c.layoff, old.inactive+c.inactive, old.other+c.other, old.adj+c.adjusted
		if c.first.Valid && (!old.first.Valid || c.first.Microseconds < old.first.Microseconds) {
			now.first = c.first
		}
		d.tenants, d.employees, d.days = append(d.tenants, projections.PgUUID(k.tenant)), append(d.employees, projections.PgUUID(k.employee)), append(d.days, k.day)
		d.depts, d.units, d.managers = append(d.depts, now.dept), append(d.units, now.unit), append(d.managers, now.manager)
		d.first, d.start = append(d.first, now.first), append(d.start, now.expectedStart)
		for i, v := range [7]int32{now.marks, now.expectedMarks, now.area, now.layoff, now.inactive, now.other, now.adj} {
			d.counts[i] = append(d.counts[i], v)
		}
		day := byDay.At(clockRollupKey{tenant: k.tenant, day: k.day, dept: now.dept, unit: now.unit})
		for i, v := range [9]int32{b2i(now.marks > 0) - b2i(old.marks > 0), c.marks, now.late() - old.late(), now.missing() - old.missing(),
			c.area, c.layoff, c.inactive, c.other, c.adjusted} {
			day[i] += v
		}
		// A month row is one per employee: its group is that of the first of its days the
		// batch writes (an insert; an update keeps the stored one). Days of one month may be
		// under two departments after a move (a day stored before it, a new one after), and
		// two rows of one key would fail the statement.
		mk := clockRollupKey{tenant: k.tenant, day: k.day[:8] + "01", employee: k.employee}
		if _, seen := monthGroups[mk]; !seen {
			monthGroups[mk] = clockRollupKey{dept: now.dept, unit: now.unit, mgr: now.manager}
		}
		month := byMonth.At(mk)
		for i, v := range [5]int32{b2i(now.marks > 0) - b2i(old.marks > 0), c.marks, now.late() - old.late(), now.missing() - old.missing(),
			now.refused() - old.refused()} {
			month[i] += v
		}
	}
	_, err := tx.Exec(ctx, `
INSERT INTO report_clock_daily AS r (tenant_id, day, employee_id, department_id, business_unit_id, manager_id, marks, first_mark,
    expected_start, expected_marks, refused_area, refused_layoff, refused_inactive, refused_other, adjusted)
SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::uuid[], $5::uuid[], $6::uuid[], $7::int[], $8::time[], $9::time[],
                     $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[])
ON CONFLICT (tenant_id, day, employee_id) DO UPDATE
SET marks = EXCLUDED.marks, first_mark = EXCLUDED.first_mark, refused_area = EXCLUDED.refused_area, refused_layoff = EXCLUDED.refused_layoff,
    refused_inactive = EXCLUDED.refused_inactive, refused_other = EXCLUDED.refused_other, adjusted = EXCLUDED.adjusted`,
		d.tenants, d.days, d.employees, d.depts, d.units, d.managers, d.counts[0], d.first, d.start, d.counts[1],
		d.counts[2], d.counts[3], d.counts[4], d.counts[5], d.counts[6])
	if err != nil {
		return fmt.Errorf("report clock: %w", err)
	}
	var r struct {
		tenants, depts, units []pgtype.UUID
		days                  []string
		v                     [9][]int32
	}
	for _, k := range byDay.Keys {
		r.tenants, r.days, r.depts, r.units = append(r.tenants, projections.PgUUID(k.tenant)), append(r.days, k.day), append(r.depts, k.dept), append(r.units, k.unit)
		for i, v := range byDay.At(k) {
			r.v[i] = append(r.v[i], v)
		}
	}
	_, err = tx.Exec(ctx, `
INSERT INTO report_clock_days AS r (tenant_id, day, department_id, business_unit_id, people, marks, late, missing,
    refused_area, refused_layoff, refused_inactive, refused_other, adjusted)
SELECT u.tenant_id, u.day, coalesce(u.dept, '00000000-0000-0000-0000-000000000000'), coalesce(u.unit, '00000000-0000-0000-0000-000000000000'),
       u.people, u.marks, u.late, u.missing, u.area, u.layoff, u.inactive, u.other, u.adjusted
FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::uuid[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[])
     AS u(tenant_id, day, dept, unit, people, marks, late, missing, area, layoff, inactive, other, adjusted)
ON CONFLICT (tenant_id, day, department_id, business_unit_id) DO UPDATE
SET people = r.people + EXCLUDED.people, marks = r.marks + EXCLUDED.marks, late = r.late + EXCLUDED.late, missing = r.missing + EXCLUDED.missing,
    refused_area = r.refused_area + EXCLUDED.refused_area, refused_layoff = r.refused_layoff + EXCLUDED.refused_layoff,
    refused_inactive = r.refused_inactive + EXCLUDED.refused_inactive, refused_other = r.refused_other + EXCLUDED.refused_other,
    adjusted = r.adjusted + EXCLUDED.adjusted`,
		r.tenants, r.days, r.depts, r.units, r.v[0], r.v[1], r.v[2], r.v[3], r.v[4], r.v[5], r.v[6], r.v[7], r.v[8])
	if err != nil {
		return fmt.Errorf("report clock days: %w", err)
	}
	var m struct {
		tenants, employees, depts, units, managers []pgtype.UUID
		months                                     []string
		v                                          [5][]int32
	}
	for _, k := range byMonth.Keys {
		m.tenants, m.months, m.employees = append(m.tenants, projections.PgUUID(k.tenant)), append(m.months, k.day), append(m.employees, projections.PgUUID(k.employee))
		g := monthGroups[k]
		m.depts, m.units, m.managers = append(m.depts, g.dept), append(m.units, g.unit), append(m.managers, g.mgr)
		for i, v := range byMonth.At(k) {
			m.v[i] = append(m.v[i], v)
		}
	}
	_, err = tx.Exec(ctx, `
INSERT INTO report_clock_months AS r (tenant_id, month, employee_id, department_id, business_unit_id, manager_id, days, marks, late, missing, refused)
SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::uuid[], $5::uuid[], $6::uuid[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[])
ON CONFLICT (tenant_id, month, employee_id) DO UPDATE
SET days = r.days + EXCLUDED.days, marks = r.marks + EXCLUDED.marks, late = r.late + EXCLUDED.late,
    missing = r.missing + EXCLUDED.missing, refused = r.refused + EXCLUDED.refused`,
		m.tenants, m.months, m.employees, m.depts, m.units, m.managers, m.v[0], m.v[1], m.v[2], m.v[3], m.v[4])
	if err != nil {
		return fmt.Errorf("report clock months: %w", err)
	}
	return nil
}
