// Package timesheet projects the log into the timesheet read models (migrations/00151): the
// espelho's rows, the months' totals the hour bank and absenteeism read, HR's closings and
// the employees' signatures.
package timesheet

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	"portal/domain/settings"
	ts "portal/domain/timesheet"
	"portal/domain/vacation"
	"portal/eventstore"
	"portal/projections"
)

// Timesheet keeps its own copy of what a day's row is computed from (the marks in force,
// abonos, vacations, the tenant's rule), so a replay computes the same rows whatever the
// other projections' positions. A day's row is written once the day is final (two local days
// after it, by the tenant's own events: a night shift's exit falls on the next day); a later
// change to a final day (an approved adjustment, an HR mark) computes it again. Days not
// final yet are computed when read (Read), from the same state. Each written day sums its
// month again into timesheet_months.
type Timesheet struct{}

var _ projections.Selective = Timesheet{}

// New returns the timesheet projection.
func New() *Timesheet { return &Timesheet{} }

// Projections are the timesheet area's projections, for the runner.
func Projections() []projections.Projection { return []projections.Projection{New()} }

// Name implements Projection.
func (Timesheet) Name() string { return "timesheet" }

// Areas implements Selective.
func (Timesheet) Areas() []string { return []string{"clock.", "vacation.", "settings.", "timesheet."} }

// Tables implements Tabled.
func (Timesheet) Tables() []string {
	return []string{"timesheet_marks", "timesheet_starts", "timesheet_excuses", "timesheet_leaves", "timesheet_tenants",
		"timesheet_days", "timesheet_months", "timesheet_closures", "timesheet_signatures"}
}

// Reset implements Projection.
func (Timesheet) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Timesheet{}.Tables())
}

// TypeMarkRecordedByHR is HR's mark for an employee (domain/clock, HR marking).
const TypeMarkRecordedByHR = "clock.mark_recorded_by_hr.v1"

// finalAfter is how many local days after a day its row is final.
const finalAfter = 2

// Apply implements Projection: the events' state changes in log order (marks buffered into
// one insert), then the rows of the days they touched and of the days that became final.
func (Timesheet) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	b := &batch{touched: map[person][]time.Time{}, days: map[person][]time.Time{}, latest: map[uuid.UUID]time.Time{}, first: map[uuid.UUID]time.Time{}}
	for _, e := range events {
		if err := b.add(ctx, tx, e); err != nil {
			return fmt.Errorf("timesheet: event %s (%s): %w", e.ID, e.Type, err)
		}
	}
	if err := b.flushMarks(ctx, tx); err != nil {
		return err
	}
	return b.compute(ctx, tx)
}

type person struct{ tenant, employee uuid.UUID }

// batch is a batch's work: the marks to insert, the times of marks touched (compute finds
// their workdays by each employee's schedule), the calendar days touched (abonos and
// vacations name workdays) and each tenant's first and latest local day seen.
type batch struct {
	marks         []markRow
	touched, days map[person][]time.Time
	first, latest map[uuid.UUID]time.Time
}

type markRow struct {
	tenant, employee, id uuid.UUID
	at                   time.Time
	registered           *time.Time
	request, actor       *uuid.UUID
	byHR                 bool
	reason               string
}

func (b *batch) touch(p person, t time.Time) { b.touched[p] = append(b.touched[p], t) }

// touchDay touches a workday (a calendar day: midnight UTC of its date).
func (b *batch) touchDay(p person, day time.Time) { b.days[p] = append(b.days[p], day) }

func localDay(t time.Time) time.Time {
	l := t.In(clock.Zone)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, time.UTC)
}

func (b *batch) see(tenant uuid.UUID, at time.Time) {
	d := localDay(at)
	if l, ok := b.latest[tenant]; !ok || d.After(l) {
		b.latest[tenant] = d
	}
	if f, ok := b.first[tenant]; !ok || d.Before(f) {
		b.first[tenant] = d
	}
}

func (b *batch) add(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	b.see(e.Tenant, e.RecordedAt)
	if e.Type == clock.TypeMarkRegistered {
		return b.addMark(e, false)
	}
	// Every other event may read or change a mark of the batch: insert those first.
	if err := b.flushMarks(ctx, tx); err != nil {
		return err
	}
	switch e.Type {
	case clock.TypeMarkAddedByAdjustment:
		return b.addMark(e, true)
	case TypeMarkRecordedByHR:
		return b.addMark(e, false)
	case clock.TypeMarkAdjusted:
		return b.adjusted(ctx, tx, e)
	case clock.TypeDayExcused:
		return b.excused(ctx, tx, e)
	case clock.TypeAdjustmentReverted:
		return b.reverted(ctx, tx, e)
	case vacation.TypeRequested, vacation.TypeApproved, vacation.TypeRejected, vacation.TypeCancelled:
		return b.vacation(ctx, tx, e)
	case settings.TypeChanged:
		return b.rule(ctx, tx, e)
	case ts.TypeMonthClosed, ts.TypeMonthReopened:
		return b.closing(ctx, tx, e)
	case ts.TypeMonthSigned:
		return b.signed(ctx, tx, e)
	}
	return nil
}

// hrMarkData is the JSON of an HR mark: a mark's fields, who recorded it and why.
type hrMarkData struct {
	clock.MarkData
	ActorID string `json:"actorId"`
	Reason  string `json:"reason"`
	Request string `json:"requestId"`
}

func (b *batch) addMark(e eventstore.RecordedEvent, adjustment bool) error {
	var d hrMarkData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	emp, err := projections.ParseID(e, "employeeId", d.EmployeeID)
	if err != nil {
		return err
	}
	id, err := projections.ParseID(e, "markId", d.MarkID)
	if err != nil {
		return err
	}
	m := markRow{tenant: e.Tenant, employee: emp, id: id, at: d.RecordedAt, reason: d.Reason}
	switch {
	case adjustment:
		m.request = optID(d.Request)
	case e.Type == TypeMarkRecordedByHR:
		m.byHR, m.actor = true, optID(d.ActorID)
	default:
		at := d.RecordedAt
		m.registered = &at
	}
	b.marks = append(b.marks, m)
	b.touch(person{e.Tenant, emp}, d.RecordedAt)
	return nil
}

func optID(s string) *uuid.UUID {
	id, err := uuid.Parse(s)
	if err != nil {
		return nil
	}
	return &id
}

func (b *batch) flushMarks(ctx context.Context, tx pgx.Tx) error {
	if len(b.marks) == 0 {
		return nil
	}
	n := len(b.marks)
	tenants, emps, ids := make([]uuid.UUID, n), make([]uuid.UUID, n), make([]uuid.UUID, n)
	ats, regs := make([]time.Time, n), make([]*time.Time, n)
	reqs, actors := make([]*uuid.UUID, n), make([]*uuid.UUID, n)
	byHR, reasons := make([]bool, n), make([]string, n)
	for i, m := range b.marks {
		tenants[i], emps[i], ids[i], ats[i], regs[i] = m.tenant, m.employee, m.id, m.at, m.registered
		reqs[i], actors[i], byHR[i], reasons[i] = m.request, m.actor, m.byHR, m.reason
	}
	b.marks = b.marks[:0]
	_, err := tx.Exec(ctx, `
INSERT INTO timesheet_marks (tenant_id, employee_id, mark_id, at, registered_at, request_id, by_hr, actor_id, reason)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::timestamptz[], $6::uuid[], $7::bool[], $8::uuid[], $9::text[])
ON CONFLICT DO NOTHING`, tenants, emps, ids, ats, regs, reqs, byHR, actors, reasons)
	if err != nil {
		return err
	}
	days := make([]time.Time, n)
	for i, t := range ats {
		days[i] = localDay(t)
	}
	_, err = tx.Exec(ctx, `
INSERT INTO timesheet_starts (tenant_id, employee_id, since)
SELECT t, e, min(d) FROM unnest($1::uuid[], $2::uuid[], $3::date[]) AS m(t, e, d) GROUP BY t, e
ON CONFLICT (tenant_id, employee_id) DO UPDATE SET since = least(timesheet_starts.since, excluded.since)`, tenants, emps, days)
	return err
}

func (b *batch) adjusted(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d clock.MarkAdjustedData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	emp, err := projections.ParseID(e, "employeeId", d.EmployeeID)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE timesheet_marks SET at = $4, request_id = $5
WHERE tenant_id = $1 AND employee_id = $2 AND mark_id = $3`, e.Tenant, emp, optID(d.MarkID), d.To, optID(d.RequestID)); err != nil {
		return err
	}
	p := person{e.Tenant, emp}
	b.touch(p, d.From)
	b.touch(p, d.To)
	return nil
}

func (b *batch) excused(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d clock.DayExcusedData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	emp, err := projections.ParseID(e, "employeeId", d.EmployeeID)
	if err != nil {
		return err
	}
	day, err := time.Parse(time.DateOnly, d.Day)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO timesheet_excuses (tenant_id, request_id, employee_id, day, from_time, to_time, reason)
VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`, e.Tenant, optID(d.RequestID), emp, day, d.From, d.To, d.Reason); err != nil {
		return err
	}
	b.touchDay(person{e.Tenant, emp}, day)
	return nil
}

func (b *batch) reverted(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d clock.AdjustmentRevertedData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	emp, err := projections.ParseID(e, "employeeId", d.EmployeeID)
	if err != nil {
		return err
	}
	p := person{e.Tenant, emp}
	for _, r := range d.Restored {
		// A mark still moved by an earlier adjustment keeps the request that moved it.
		if _, err := tx.Exec(ctx, `UPDATE timesheet_marks SET at = $4, request_id = CASE WHEN $5 THEN request_id END
WHERE tenant_id = $1 AND employee_id = $2 AND mark_id = $3`, e.Tenant, emp, optID(r.MarkID), r.At, r.Adjusted); err != nil {
			return err
		}
		b.touch(p, r.At)
	}
	for _, id := range d.Removed {
		var at time.Time
		err := tx.QueryRow(ctx, `DELETE FROM timesheet_marks WHERE tenant_id = $1 AND employee_id = $2 AND mark_id = $3 RETURNING at`,
			e.Tenant, emp, optID(id)).Scan(&at)
		if err == nil {
			b.touch(p, at)
		} else if err != pgx.ErrNoRows {
			return err
		}
	}
	if d.Excuse {
		if _, err := tx.Exec(ctx, `DELETE FROM timesheet_excuses WHERE tenant_id = $1 AND request_id = $2`, e.Tenant, optID(d.RequestID)); err != nil {
			return err
		}
	}
	if day, err := time.Parse(time.DateOnly, d.Day); err == nil {
		b.touchDay(p, day)
	}
	return nil
}

func (b *batch) vacation(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d vacation.EventData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	idText, _ := vacation.StreamID(e.Stream)
	emp, err := projections.ParseID(e, "stream", idText)
	if err != nil {
		return err
	}
	req := optID(d.ID)
	if req == nil {
		return nil
	}
	var start, end time.Time
	switch e.Type {
	case vacation.TypeRequested:
		start, err = time.Parse(time.DateOnly, d.Start)
		if err != nil || d.Days <= 0 {
			return nil // not a leave of days
		}
		_, err = tx.Exec(ctx, `INSERT INTO timesheet_leaves (tenant_id, request_id, employee_id, start_date, end_date)
VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, e.Tenant, req, emp, start, start.AddDate(0, 0, d.Days-1))
		return err
	case vacation.TypeApproved:
		err = tx.QueryRow(ctx, `UPDATE timesheet_leaves SET approved = true WHERE tenant_id = $1 AND request_id = $2
RETURNING start_date, end_date`, e.Tenant, req).Scan(&start, &end)
	default:
		err = tx.QueryRow(ctx, `DELETE FROM timesheet_leaves WHERE tenant_id = $1 AND request_id = $2 RETURNING start_date, end_date`,
			e.Tenant, req).Scan(&start, &end)
	}
	if err == pgx.ErrNoRows {
		return nil
	}
	if err != nil {
		return err
	}
	for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
		b.touchDay(person{e.Tenant, emp}, d)
	}
	return nil
}

// rule keeps the tenant's timesheet rule as the log sets it (a change rules the days
// computed after it; rows already final keep the figures they were computed with).
func (b *batch) rule(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var c settings.Changed
	if err := projections.DecodeData(e, &c); err != nil {
		return err
	}
	if c.Key != ts.KeyRule {
		return nil
	}
	values := map[string]any{}
	for _, ch := range c.Changes {
		values[ch.Field] = ch.New
	}
	data, err := json.Marshal(values)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO timesheet_tenants (tenant_id, rule) VALUES ($1, $2)
ON CONFLICT (tenant_id) DO UPDATE SET rule = timesheet_tenants.rule || excluded.rule`, e.Tenant, data)
	return err
}

func (b *batch) closing(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d ts.MonthData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	month, err := time.Parse(ts.MonthLayout, d.Month)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO timesheet_closures (tenant_id, month, closed, by_user, at) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (tenant_id, month) DO UPDATE SET closed = excluded.closed, by_user = excluded.by_user, at = excluded.at`,
		e.Tenant, month, e.Type == ts.TypeMonthClosed, optID(d.By), projections.OrRecorded(d.At, e))
	return err
}

func (b *batch) signed(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d ts.SignedData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	emp, err := projections.ParseID(e, "employeeId", d.EmployeeID)
	if err != nil {
		return err
	}
	user, err := projections.ParseID(e, "userId", d.UserID)
	if err != nil {
		return err
	}
	month, err := time.Parse(ts.MonthLayout, d.Month)
	if err != nil {
		return err
	}
	totals, err := json.Marshal(d.Totals)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO timesheet_signatures (tenant_id, employee_id, month, user_id, totals, rows_hash, signed_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (tenant_id, employee_id, month) DO UPDATE SET user_id = excluded.user_id, totals = excluded.totals,
    rows_hash = excluded.rows_hash, signed_at = excluded.signed_at`,
		e.Tenant, emp, month, user, totals, d.RowsHash, projections.OrRecorded(d.At, e))
	return err
}
