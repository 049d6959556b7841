// Package timesheet projects the log into the timesheet read models (migrations/00151): the
// espelho's rows, the months' totals the hour bank and absenteeism read, HR's closings and
// the employees' signatures.
package timesheet

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/clock"
	"portal/domain/settings"
	ts "portal/domain/timesheet"
	"portal/domain/vacation"
	"portal/eventstore"
	"portal/platform/jscan"
	"portal/projections"
	"portal/push"
)

// Timesheet keeps its own copy of what a day's row is computed from (the marks in force,
// abonos, vacations, the tenant's rule), so a replay computes the same rows whatever the
// other projections' positions. A day's row is written once the day is final (two local days
// after it, by the tenant's own events: a night shift's exit falls on the next day); a later
// change to a final day (an approved adjustment, an HR mark) computes it again. Days not
// final yet are computed when read (Read), from the same state. Each written day sums its
// month again into timesheet_months.
type Timesheet struct{}

var (
	_ projections.Selective  = Timesheet{}
	_ projections.Preparer   = Timesheet{}
	_ projections.Finisher   = Timesheet{}
	_ projections.BulkLoader = Timesheet{}
)

// BulkTables implements projections.BulkLoader: a replay copies the marks before their
// indexes are built (projections/bulk.go); nothing reads them before Finish.
func (Timesheet) BulkTables() []string { return []string{"timesheet_marks"} }

// Duplicates implements projections.BulkLoader: of a mark the log holds twice, the row copied
// last goes, as the live insert (ON CONFLICT DO NOTHING) keeps the first. None is parked: the
// live projection passes over them too.
func (Timesheet) Duplicates(ctx context.Context, tx pgx.Tx) ([]int64, error) {
	_, err := tx.Exec(ctx, `DELETE FROM timesheet_marks a USING timesheet_marks b
WHERE a.tenant_id = b.tenant_id AND a.employee_id = b.employee_id AND a.mark_id = b.mark_id AND a.ctid > b.ctid`)
	return nil, err
}

// Bulk implements projections.BulkBatch: a batch that moves or removes no mark (those find
// the mark by its key) needs no index of timesheet_marks.
func (p *prepared) Bulk() bool {
	for _, v := range p.data {
		switch v.(type) {
		case *clock.MarkAdjustedData, *clock.AdjustmentRevertedData:
			return false
		}
	}
	return true
}

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
	return []string{"timesheet_marks", "timesheet_starts", "timesheet_excuses", "timesheet_leaves", "timesheet_tenants", "timesheet_rules",
		"timesheet_days", "timesheet_months", "timesheet_month_departments", "timesheet_closures", "timesheet_signatures"}
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
func (t Timesheet) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	return projections.ApplyPrepared(ctx, tx, t, events)
}

// Prepare implements projections.Preparer: the events decoded (a large batch by all
// processors at once), so that a replay decodes the next batch while this one is written.
func (Timesheet) Prepare(_ context.Context, events []eventstore.RecordedEvent) (projections.PreparedBatch, error) {
	p := &prepared{events: events, data: make([]any, len(events))}
	return p, projections.Spread(len(events), p.decode)
}

// prepared is a batch with each event's data decoded (nil for the events the timesheet
// passes over).
type prepared struct {
	events []eventstore.RecordedEvent
	data   []any
}

func (p *prepared) decode(from, to int) error {
	for i := from; i < to; i++ {
		e := p.events[i]
		v, err := decode(e)
		if err != nil {
			return fmt.Errorf("timesheet: event %s (%s): %w", e.ID, e.Type, err)
		}
		p.data[i] = v
	}
	return nil
}

// Write implements projections.PreparedBatch.
func (p *prepared) Write(ctx context.Context, tx pgx.Tx) error {
	mem := replayOf(ctx)
	mem.begin()
	err := p.write(ctx, tx, mem)
	mem.end(err)
	return err
}

func (p *prepared) write(ctx context.Context, tx pgx.Tx, mem *replayMarks) error {
	b := &batch{mem: mem, touched: map[person][]time.Time{}, days: map[person][]time.Time{}, latest: map[uuid.UUID]time.Time{}, first: map[uuid.UUID]time.Time{},
		last: map[uuid.UUID]eventstore.Cursor{}, changed: map[uuid.UUID]eventstore.Cursor{}}
	for i, e := range p.events {
		if err := b.add(ctx, tx, e, p.data[i]); err != nil {
			return fmt.Errorf("timesheet: event %s (%s): %w", e.ID, e.Type, err)
		}
	}
	if err := b.flushMarks(ctx, tx); err != nil {
		return err
	}
	if err := b.flushLeaves(ctx, tx); err != nil {
		return err
	}
	if push.Muted(ctx) { // a replay: the rows wait for its end (Finish)
		return b.pend(ctx, tx)
	}
	if err := b.compute(ctx, tx); err != nil {
		return err
	}
	return b.publish(ctx, tx)
}

// Topic is the push topic of a tenant whose timesheets changed: rows written (days became
// final, an adjustment, an abono, a vacation), the rule, a closing or a signature. The
// screens reading timesheets, the hour bank and absenteeism reload (debounced).
const Topic = "timesheet.changed"

// publish tells each tenant whose timesheets the batch changed, once, at its last event.
func (b *batch) publish(ctx context.Context, tx pgx.Tx) error {
	var ms []push.Message
	for tenant, at := range b.changed {
		ms = append(ms, push.Message{Tenant: tenant, Topic: Topic, Event: at, Data: map[string]string{}})
	}
	slices.SortFunc(ms, func(x, y push.Message) int { return cmp.Compare(x.Event.Position, y.Event.Position) })
	return push.Publish(ctx, tx, ms...)
}

type person struct{ tenant, employee uuid.UUID }

// batch is a batch's work: the marks to insert, the times of marks touched (compute finds
// their workdays by each employee's schedule), the calendar days touched (abonos and
// vacations name workdays) and each tenant's first and latest local day seen.
type batch struct {
	marks         []markRow
	leaves        pgx.Batch                       // vacations' changes (flushLeaves)
	last, changed map[uuid.UUID]eventstore.Cursor // each tenant's last event, and of those whose timesheets changed
	touched, days map[person][]time.Time
	first, latest map[uuid.UUID]time.Time
	mem           *replayMarks // a replay's copy of the marks (memory.go), or nil
}

type markRow struct {
	tenant, employee, id uuid.UUID
	at                   time.Time
	registered           *time.Time
	request, actor       *uuid.UUID
	byHR                 bool
	reason               string
}

// touch touches the workday of a mark's time (the day before its date, its date or the next
// one, by the employee's schedule).
func (b *batch) touch(p person, t time.Time) {
	b.touched[p] = append(b.touched[p], t)
	b.reach(p.tenant, localDay(t).AddDate(0, 0, -1))
}

// touchDay touches a workday (a calendar day: midnight UTC of its date). It reaches no
// earlier than the marks do: before an employee's first mark there is no row to change.
func (b *batch) touchDay(p person, day time.Time) { b.days[p] = append(b.days[p], day) }

// reach makes a tenant's rows start on day at the latest: a mark before the tenant's first
// event (history brought in later) has the days around it written for everyone employed, as
// the days after.
func (b *batch) reach(tenant uuid.UUID, day time.Time) {
	if f, ok := b.first[tenant]; !ok || day.Before(f) {
		b.first[tenant] = day
	}
}

func localDay(t time.Time) time.Time {
	l := t.In(clock.Zone)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, time.UTC)
}

// see notes an event's local day: the tenant's latest makes the days two before it final.
func (b *batch) see(tenant uuid.UUID, at time.Time) {
	d := localDay(at)
	if l, ok := b.latest[tenant]; !ok || d.After(l) {
		b.latest[tenant] = d
	}
	b.reach(tenant, d)
}

// decode reads the data of an event the timesheet keeps.
func decode(e eventstore.RecordedEvent) (any, error) {
	var v any
	switch e.Type {
	case clock.TypeMarkRegistered, clock.TypeMarkAddedByAdjustment, TypeMarkRecordedByHR:
		return decodeMark(e)
	case clock.TypeMarkAdjusted:
		v = &clock.MarkAdjustedData{}
	case clock.TypeDayExcused:
		v = &clock.DayExcusedData{}
	case clock.TypeAdjustmentReverted:
		v = &clock.AdjustmentRevertedData{}
	case vacation.TypeRequested, vacation.TypeApproved, vacation.TypeRejected, vacation.TypeCancelled:
		v = &vacation.EventData{}
	case settings.TypeChanged:
		v = &settings.Changed{}
	case ts.TypeMonthClosed, ts.TypeMonthReopened:
		v = &ts.MonthData{}
	case ts.TypeMonthSigned:
		v = &ts.SignedData{}
	default:
		return nil, nil
	}
	return v, projections.DecodeData(e, v)
}

func (b *batch) add(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, data any) error {
	b.see(e.Tenant, e.RecordedAt)
	b.last[e.Tenant] = e.Cursor
	if data != nil && e.Type != clock.TypeMarkRegistered { // a punch moves only today's row, computed when read
		b.changed[e.Tenant] = e.Cursor
	}
	if m, ok := data.(markRow); ok && e.Type == clock.TypeMarkRegistered {
		b.addMark(m)
		return nil
	}
	// Every other event may read or change a mark of the batch: insert those first.
	if err := b.flushMarks(ctx, tx); err != nil {
		return err
	}
	switch d := data.(type) {
	case markRow: // added by an adjustment, or by HR
		b.addMark(d)
	case *clock.MarkAdjustedData:
		return b.adjusted(ctx, tx, e, d)
	case *clock.DayExcusedData:
		return b.excused(ctx, tx, e, d)
	case *clock.AdjustmentRevertedData:
		return b.reverted(ctx, tx, e, d)
	case *vacation.EventData:
		return b.vacation(e, d)
	case *settings.Changed:
		return b.rule(ctx, tx, e, d)
	case *ts.MonthData:
		return b.closing(ctx, tx, e, d)
	case *ts.SignedData:
		return b.signed(ctx, tx, e, d)
	}
	return nil
}

// markData is what the timesheet keeps of a mark's JSON (clock.MarkData, and an HR mark's or
// an adjustment's own fields).
type markData struct {
	MarkID     string    `json:"markId"`
	EmployeeID string    `json:"employeeId"`
	RecordedAt time.Time `json:"recordedAt"`
	ActorID    string    `json:"actorId"`
	Reason     string    `json:"reason"`
	Request    string    `json:"requestId"`
}

// markKeys are markData's JSON keys, for jscan.Scanner.Fields.
var markKeys = []string{"markId", "employeeId", "recordedAt", "actorId", "reason", "requestId"}

// decodeMarkFast decodes data into d (which must be zero) as json.Unmarshal would, when data
// has the plain shape jscan reads, and tells whether it could. The keys it does not keep are
// skipped, not decoded: a mark is most of a replay's log.
func decodeMarkFast(data []byte, d *markData) bool {
	s := jscan.New(data)
	return s.Fields(markKeys, func(key string) bool {
		switch key {
		case "markId":
			return s.Str(&d.MarkID)
		case "employeeId":
			return s.Str(&d.EmployeeID)
		case "recordedAt":
			return s.Time(&d.RecordedAt)
		case "actorId":
			return s.Str(&d.ActorID)
		case "reason":
			return s.Str(&d.Reason)
		case "requestId":
			return s.Str(&d.Request)
		}
		return false
	}) && s.End()
}

func decodeMark(e eventstore.RecordedEvent) (markRow, error) {
	var d markData
	if !decodeMarkFast(e.Data, &d) {
		d = markData{}
		if err := projections.DecodeData(e, &d); err != nil {
			return markRow{}, err
		}
	}
	emp, err := projections.ParseID(e, "employeeId", d.EmployeeID)
	if err != nil {
		return markRow{}, err
	}
	id, err := projections.ParseID(e, "markId", d.MarkID)
	if err != nil {
		return markRow{}, err
	}
	m := markRow{tenant: e.Tenant, employee: emp, id: id, at: d.RecordedAt, reason: d.Reason}
	switch e.Type {
	case clock.TypeMarkAddedByAdjustment:
		m.request = optID(d.Request)
	case TypeMarkRecordedByHR:
		m.byHR, m.actor = true, optID(d.ActorID)
	default:
		m.registered = &d.RecordedAt
	}
	return m, nil
}

func (b *batch) addMark(m markRow) {
	b.marks = append(b.marks, m)
	b.touch(person{m.tenant, m.employee}, m.at)
}

func optID(s string) *uuid.UUID {
	id, err := uuid.Parse(s)
	if err != nil {
		return nil
	}
	return &id
}

// flushMarks writes the marks buffered, and moves the employees' first days back to theirs.
// A replay copies them (COPY): its tables were emptied, so a mark cannot be there already.
func (b *batch) flushMarks(ctx context.Context, tx pgx.Tx) error {
	if len(b.marks) == 0 {
		return nil
	}
	marks := b.marks
	b.marks = b.marks[:0]
	if push.Muted(ctx) {
		if _, err := tx.Conn().PgConn().CopyFrom(ctx, bytes.NewReader(copyMarks(marks)), copyMarksSQL); err != nil {
			return fmt.Errorf("timesheet_marks: %w", err)
		}
		if b.mem != nil {
			for _, m := range marks {
				b.mem.add(m)
			}
		}
	} else {
		n := len(marks)
		tenants, emps, ids := make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n)
		ats, regs := make([]time.Time, n), make([]pgtype.Timestamptz, n)
		reqs, actors := make([]pgtype.UUID, n), make([]pgtype.UUID, n)
		byHR, reasons := make([]bool, n), make([]string, n)
		for i, m := range marks {
			tenants[i], emps[i], ids[i] = projections.PgUUID(m.tenant), projections.PgUUID(m.employee), projections.PgUUID(m.id)
			ats[i], regs[i], reqs[i], actors[i] = m.at, optTime(m.registered), optUUID(m.request), optUUID(m.actor)
			byHR[i], reasons[i] = m.byHR, m.reason
		}
		if _, err := tx.Exec(ctx, `
INSERT INTO timesheet_marks (tenant_id, employee_id, mark_id, at, registered_at, request_id, by_hr, actor_id, reason)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::timestamptz[], $6::uuid[], $7::bool[], $8::uuid[], $9::text[])
ON CONFLICT DO NOTHING`, tenants, emps, ids, ats, regs, reqs, byHR, actors, reasons); err != nil {
			return err
		}
	}
	first := map[person]time.Time{}
	for _, m := range marks {
		p, d := person{m.tenant, m.employee}, localDay(m.at)
		if f, ok := first[p]; !ok || d.Before(f) {
			first[p] = d
		}
	}
	var tenants, emps []pgtype.UUID
	var days []time.Time
	for p, d := range first {
		tenants, emps, days = append(tenants, projections.PgUUID(p.tenant)), append(emps, projections.PgUUID(p.employee)), append(days, d)
	}
	_, err := tx.Exec(ctx, `
INSERT INTO timesheet_starts (tenant_id, employee_id, since) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[])
ON CONFLICT (tenant_id, employee_id) DO UPDATE SET since = least(timesheet_starts.since, excluded.since)`, tenants, emps, days)
	return err
}

// copyMarksSQL is the COPY of a replay's marks; copyMarks gives it its rows.
const copyMarksSQL = `COPY timesheet_marks (tenant_id, employee_id, mark_id, at, registered_at, request_id, by_hr, actor_id, reason)
FROM STDIN (FORMAT binary)`

// copyMarks encodes marks in COPY's binary format straight into one buffer
// (projections.BinaryCopy), each value as pgx encodes it for the live INSERT, rather than
// through pgx's CopyFrom, which asks the server for the columns' types first and encodes
// value by value through interfaces (issue 33).
func copyMarks(marks []markRow) []byte {
	c := projections.NewBinaryCopy(len(marks), 120)
	for _, m := range marks {
		c.Row(9)
		c.UUID(m.tenant)
		c.UUID(m.employee)
		c.UUID(m.id)
		c.Timestamptz(m.at)
		if m.registered != nil {
			c.Timestamptz(*m.registered)
		} else {
			c.Null()
		}
		optCopyUUID(c, m.request)
		c.Bool(m.byHR)
		optCopyUUID(c, m.actor)
		c.Text(&m.reason)
	}
	return c.Data()
}

// optCopyUUID writes id, or NULL for none.
func optCopyUUID(c *projections.BinaryCopy, id *uuid.UUID) {
	if id == nil {
		c.Null()
		return
	}
	c.UUID(*id)
}

func optUUID(id *uuid.UUID) pgtype.UUID {
	if id == nil {
		return pgtype.UUID{}
	}
	return projections.PgUUID(*id)
}

func optTime(t *time.Time) pgtype.Timestamptz {
	if t == nil {
		return pgtype.Timestamptz{}
	}
	return pgtype.Timestamptz{Time: *t, Valid: true}
}

func (b *batch) adjusted(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, d *clock.MarkAdjustedData) error {
	emp, err := projections.ParseID(e, "employeeId", d.EmployeeID)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE timesheet_marks SET at = $4, request_id = $5
WHERE tenant_id = $1 AND employee_id = $2 AND mark_id = $3`, e.Tenant, emp, optID(d.MarkID), d.To, optID(d.RequestID)); err != nil {
		return err
	}
	p := person{e.Tenant, emp}
	if m := b.mem.mark(p, optID(d.MarkID)); m != nil {
		m.At, m.RequestID = asStored(d.To), optID(d.RequestID)
	}
	b.touch(p, d.From)
	b.touch(p, d.To)
	return nil
}

func (b *batch) excused(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, d *clock.DayExcusedData) error {
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

func (b *batch) reverted(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, d *clock.AdjustmentRevertedData) error {
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
		if m := b.mem.mark(p, optID(r.MarkID)); m != nil {
			m.At = asStored(r.At)
			if !r.Adjusted {
				m.RequestID = nil
			}
		}
		b.touch(p, r.At)
	}
	for _, id := range d.Removed {
		var at time.Time
		err := tx.QueryRow(ctx, `DELETE FROM timesheet_marks WHERE tenant_id = $1 AND employee_id = $2 AND mark_id = $3 RETURNING at`,
			e.Tenant, emp, optID(id)).Scan(&at)
		if err == nil {
			b.mem.remove(p, optID(id))
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

// vacation queues a vacation's change (flushLeaves sends them).
func (b *batch) vacation(e eventstore.RecordedEvent, d *vacation.EventData) error {
	idText, _ := vacation.StreamID(e.Stream)
	emp, err := projections.ParseID(e, "stream", idText)
	if err != nil {
		return err
	}
	req := optID(d.ID)
	if req == nil {
		return nil
	}
	touch := func(row pgx.Row) error {
		var start, end time.Time
		switch err := row.Scan(&start, &end); err {
		case nil:
			for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
				b.touchDay(person{e.Tenant, emp}, d)
			}
		case pgx.ErrNoRows:
		default:
			return err
		}
		return nil
	}
	switch e.Type {
	case vacation.TypeRequested:
		start, err := time.Parse(time.DateOnly, d.Start)
		if err != nil || d.Days <= 0 {
			return nil // not a leave of days
		}
		b.leaves.Queue(`INSERT INTO timesheet_leaves (tenant_id, request_id, employee_id, start_date, end_date)
VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, e.Tenant, req, emp, start, start.AddDate(0, 0, d.Days-1))
	case vacation.TypeApproved:
		b.leaves.Queue(`UPDATE timesheet_leaves SET approved = true WHERE tenant_id = $1 AND request_id = $2
RETURNING start_date, end_date`, e.Tenant, req).QueryRow(touch)
	default:
		b.leaves.Queue(`DELETE FROM timesheet_leaves WHERE tenant_id = $1 AND request_id = $2 RETURNING start_date, end_date`,
			e.Tenant, req).QueryRow(touch)
	}
	return nil
}

// flushLeaves sends the batch's vacation changes, in log order and in one round trip (only
// they write timesheet_leaves, and only the rows' computing reads it), and touches the days
// of the vacations approved or dropped.
func (b *batch) flushLeaves(ctx context.Context, tx pgx.Tx) error {
	if b.leaves.Len() == 0 {
		return nil
	}
	err := tx.SendBatch(ctx, &b.leaves).Close()
	b.leaves = pgx.Batch{}
	return err
}

// rule keeps the tenant's timesheet rule as the log sets it, and from which day: a change
// rules the days from the day it was made, so a day computed again later (an adjustment, a
// replay) keeps the rule of its own day.
func (b *batch) rule(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, c *settings.Changed) error {
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
	_, err = tx.Exec(ctx, `
WITH t AS (
    INSERT INTO timesheet_tenants (tenant_id, rule) VALUES ($1, $2)
    ON CONFLICT (tenant_id) DO UPDATE SET rule = timesheet_tenants.rule || excluded.rule
    RETURNING rule)
INSERT INTO timesheet_rules (tenant_id, since, rule) SELECT $1, $3, rule FROM t
ON CONFLICT (tenant_id, since) DO UPDATE SET rule = excluded.rule`, e.Tenant, data, localDay(e.RecordedAt))
	return err
}

func (b *batch) closing(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, d *ts.MonthData) error {
	month, err := time.Parse(ts.MonthLayout, d.Month)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO timesheet_closures (tenant_id, month, closed, by_user, at) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (tenant_id, month) DO UPDATE SET closed = excluded.closed, by_user = excluded.by_user, at = excluded.at`,
		e.Tenant, month, e.Type == ts.TypeMonthClosed, optID(d.By), projections.OrRecorded(d.At, e))
	return err
}

func (b *batch) signed(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, d *ts.SignedData) error {
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
