package projections

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
)

// ReportClock keeps report_clock_daily: each employee's local day of punches (how many, the
// first one's time), refused punches by reason and marks an approved adjustment added, moved
// or excused, with the schedule's expected start and marks for that weekday (the time-clock
// report: punches per day, late arrivals, missing punches, refusals, adjustments).
type ReportClock struct{}

var _ Projection = ReportClock{}

// Name implements Projection.
func (ReportClock) Name() string { return "report_clock" }

// Tables implements Tabled.
func (ReportClock) Tables() []string { return []string{"report_clock_daily"} }

// Reset implements Projection.
func (p ReportClock) Reset(ctx context.Context, tx pgx.Tx) error {
	return truncate(ctx, tx, p.Tables())
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

// clockReportEvent is what the report reads of the clock's events (commands/clock_events.go).
type clockReportEvent struct {
	EmployeeID string          `json:"employeeId"`
	RecordedAt time.Time       `json:"recordedAt"`
	Reason     string          `json:"reason"`
	To         json.RawMessage `json:"to"`
	Day        string          `json:"day"`
}

// Apply implements Projection: the batch's events are summed per employee and local day in
// Go, then added in one statement.
func (ReportClock) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	days := map[clockDayKey]*clockDay{}
	var order []clockDayKey
	at := func(tenant, employee uuid.UUID, day string) *clockDay {
		k := clockDayKey{tenant, employee, day}
		d := days[k]
		if d == nil {
			d = &clockDay{}
			days[k] = d
			order = append(order, k)
		}
		return d
	}
	for _, e := range events {
		switch e.Type {
		case clock.TypeMarkRegistered, clock.TypeMarkRefused, clock.TypeMarkAddedByAdjustment, clock.TypeMarkAdjusted, clock.TypeDayExcused:
		default:
			continue
		}
		var d clockReportEvent
		if err := decodeEvent(e, &d); err != nil {
			return err
		}
		employee, err := uuid.Parse(d.EmployeeID)
		if err != nil {
			continue // an attempt without an employee record (a kiosk account)
		}
		switch e.Type {
		case clock.TypeMarkRegistered, clock.TypeMarkAddedByAdjustment:
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
			var to time.Time
			if err := json.Unmarshal(d.To, &to); err != nil {
				return fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
			}
			at(e.Tenant, employee, to.In(clock.Zone).Format(time.DateOnly)).adjusted++
		case clock.TypeDayExcused:
			at(e.Tenant, employee, d.Day).adjusted++
		}
	}
	if len(order) == 0 {
		return nil
	}
	n := len(order)
	tenants, employees := make([]pgtype.UUID, n), make([]pgtype.UUID, n)
	dayCol, first := make([]string, n), make([]pgtype.Time, n)
	var cols [6][]int32
	for i, k := range order {
		d := days[k]
		tenants[i], employees[i], dayCol[i], first[i] = pgUUID(k.tenant), pgUUID(k.employee), k.day, d.first
		for c, v := range [6]int32{d.marks, d.area, d.layoff, d.inactive, d.other, d.adjusted} {
			cols[c] = append(cols[c], v)
		}
	}
	// The schedule's weekday (its "weekly" intervals) gives the expected start and marks.
	_, err := tx.Exec(ctx, `
INSERT INTO report_clock_daily AS r (tenant_id, day, employee_id, department_id, business_unit_id, manager_id, marks, first_mark,
    expected_start, expected_marks, refused_area, refused_layoff, refused_inactive, refused_other, adjusted)
SELECT u.tenant_id, u.day, u.employee_id, e.department_id, e.business_unit_id, e.manager_id, u.marks, u.first_mark,
       (w.spans->0->>'start')::time, 2 * coalesce(jsonb_array_length(w.spans), 0),
       u.area, u.layoff, u.inactive, u.other, u.adjusted
FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::int[], $5::time[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[])
     AS u(tenant_id, day, employee_id, marks, first_mark, area, layoff, inactive, other, adjusted)
LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
LEFT JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(e.schedule->'weekly'->((ARRAY['sun','mon','tue','wed','thu','fri','sat'])[extract(dow FROM u.day)::int + 1])) = 'array'
                               THEN e.schedule->'weekly'->((ARRAY['sun','mon','tue','wed','thu','fri','sat'])[extract(dow FROM u.day)::int + 1]) END AS spans) w ON true
ON CONFLICT (tenant_id, day, employee_id) DO UPDATE
SET marks = r.marks + EXCLUDED.marks,
    first_mark = CASE WHEN r.first_mark IS NULL OR EXCLUDED.first_mark < r.first_mark THEN coalesce(EXCLUDED.first_mark, r.first_mark) ELSE r.first_mark END,
    refused_area = r.refused_area + EXCLUDED.refused_area, refused_layoff = r.refused_layoff + EXCLUDED.refused_layoff,
    refused_inactive = r.refused_inactive + EXCLUDED.refused_inactive, refused_other = r.refused_other + EXCLUDED.refused_other,
    adjusted = r.adjusted + EXCLUDED.adjusted`,
		tenants, dayCol, employees, cols[0], first, cols[1], cols[2], cols[3], cols[4], cols[5])
	if err != nil {
		return fmt.Errorf("report clock: %w", err)
	}
	return publishReport(ctx, tx, "clock", events, func(t string) bool {
		return t == clock.TypeMarkRegistered || t == clock.TypeMarkRefused || t == clock.TypeMarkAddedByAdjustment ||
			t == clock.TypeMarkAdjusted || t == clock.TypeDayExcused
	})
}
