package clock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	"portal/eventstore"
	"portal/push"
)

// The punch-adjustment part of the Clock projection (migrations/00014_punch_adjustments.sql):
// a mark added by an adjustment is inserted with the batch's marks (its event has a mark's
// fields) and flagged here; a moved mark gets its new time and keeps the punched one in
// original_at; an abono is a clock_excused row; a reversal puts things back. Adjustments are
// rare (one approved request each), so they are applied one statement each, after the
// batch's marks, in log order.

// DayTopic is the push topic of a day changed by an adjustment (docs/api.md "Live push").
const DayTopic = "clock.day"

// DayPush is the data of a "clock.day" push.
type DayPush struct {
	UserHash  string `json:"userHash"`
	Day       string `json:"data"` // YYYY-MM-DD
	RequestID string `json:"ac4Ukey"`
}

// isAdjustment tells whether an event type is one adjustBatch applies.
func isAdjustment(t string) bool {
	switch t {
	case clock.TypeMarkAddedByAdjustment, clock.TypeMarkAdjusted, clock.TypeDayExcused, clock.TypeAdjustmentReverted,
		clock.TypeMarkRecordedByHR: // flags the mark inserted with the batch's marks
		return true
	}
	return false
}

// adjustBatch is the adjustment events of a batch, in log order.
type adjustBatch struct {
	events []eventstore.RecordedEvent
}

// dayChange is what an adjustment changed: the user's local day, and the time of the mark it
// moved, if any.
type dayChange struct {
	user          uuid.UUID
	hash, request string
	day           string
	at            time.Time
}

// changeOf is the change of an adjustment event for the user whose id is user (a UUID text),
// or err.
func changeOf(user, hash, request, day string, at time.Time, err error) (dayChange, error) {
	if err != nil {
		return dayChange{}, err
	}
	id, err := uuid.Parse(user)
	return dayChange{user: id, hash: hash, request: request, day: day, at: at}, err
}

func (b *adjustBatch) apply(ctx context.Context, tx pgx.Tx) error {
	var msgs []push.Message
	for _, e := range b.events {
		ch, err := b.applyOne(ctx, tx, e)
		if err != nil {
			return fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
		}
		msgs = append(msgs, push.Message{Tenant: e.Tenant, User: ch.user, Topic: DayTopic, Event: e.Cursor,
			Data: DayPush{UserHash: ch.hash, Day: ch.day, RequestID: ch.request}})
		if e.Type == clock.TypeMarkAdjusted || e.Type == clock.TypeAdjustmentReverted {
			// The recent-marks list follows "clock.mark" (an added mark is pushed by its insert).
			msgs = append(msgs, push.Message{Tenant: e.Tenant, User: ch.user, Topic: MarkTopic, Event: e.Cursor,
				Data: MarkPush{UserHash: ch.hash, Time: clock.LocalTime(ch.at)}})
		}
	}
	return push.Publish(ctx, tx, msgs...)
}

// applyOne applies one adjustment event, decoded as its clock.*Data.
func (b *adjustBatch) applyOne(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) (dayChange, error) {
	switch e.Type {
	case clock.TypeMarkAddedByAdjustment:
		var d clock.MarkAddedData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return dayChange{}, err
		}
		_, err := tx.Exec(ctx, `UPDATE clock_marks SET adjusted = true, added = true, request_id = $3
WHERE tenant_id = $1 AND id = $2`, e.Tenant, d.MarkID, d.RequestID)
		return changeOf(d.UserID, d.UserHash, d.RequestID, clock.DayOf(d.RecordedAt), d.RecordedAt, err)
	case clock.TypeMarkRecordedByHR:
		var d clock.MarkByHRData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return dayChange{}, err
		}
		_, err := tx.Exec(ctx, `UPDATE clock_marks SET by_hr = true, hr_actor_id = $3, hr_reason = $4, hr_kind = $5
WHERE tenant_id = $1 AND id = $2`, e.Tenant, d.MarkID, d.ActorID, d.Reason, d.Kind)
		return changeOf(d.UserID, d.UserHash, "", clock.DayOf(d.RecordedAt), d.RecordedAt, err)
	case clock.TypeMarkAdjusted:
		var d clock.MarkAdjustedData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return dayChange{}, err
		}
		_, err := tx.Exec(ctx, `UPDATE clock_marks SET original_at = coalesce(original_at, recorded_at), recorded_at = $3,
    adjusted = true, request_id = $4
WHERE tenant_id = $1 AND id = $2`, e.Tenant, d.MarkID, d.To, d.RequestID)
		return changeOf(d.UserID, d.UserHash, d.RequestID, clock.DayOf(d.To), d.To, err)
	case clock.TypeDayExcused:
		var d clock.DayExcusedData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return dayChange{}, err
		}
		_, err := tx.Exec(ctx, `INSERT INTO clock_excused (tenant_id, request_id, employee_id, user_id, day, from_time, to_time, reason, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (tenant_id, request_id) DO NOTHING`,
			e.Tenant, d.RequestID, d.EmployeeID, d.UserID, d.Day, d.From, d.To, d.Reason, e.Cursor.Position)
		return changeOf(d.UserID, d.UserHash, d.RequestID, d.Day, time.Time{}, err)
	case clock.TypeAdjustmentReverted:
		var d clock.AdjustmentRevertedData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return dayChange{}, err
		}
		return changeOf(d.UserID, d.UserHash, d.RequestID, d.Day, revertedAt(d), b.revert(ctx, tx, e, d))
	}
	return dayChange{}, errors.New("not an adjustment event")
}

// revert puts back what an undone adjustment changed.
func (b *adjustBatch) revert(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, d clock.AdjustmentRevertedData) error {
	for _, r := range d.Restored {
		if _, err := tx.Exec(ctx, `UPDATE clock_marks SET recorded_at = $3, adjusted = $4,
    original_at = CASE WHEN $4 THEN original_at END, request_id = CASE WHEN $4 THEN request_id END
WHERE tenant_id = $1 AND id = $2`, e.Tenant, r.MarkID, r.At, r.Adjusted); err != nil {
			return err
		}
	}
	if len(d.Removed) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM clock_marks WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND added`, e.Tenant, d.Removed); err != nil {
			return err
		}
	}
	if d.Excuse {
		if _, err := tx.Exec(ctx, `DELETE FROM clock_excused WHERE tenant_id = $1 AND request_id = $2`, e.Tenant, d.RequestID); err != nil {
			return err
		}
	}
	return nil
}

// revertedAt is the time of the first mark a reversal restores (zero without one).
func revertedAt(d clock.AdjustmentRevertedData) time.Time {
	if len(d.Restored) > 0 {
		return d.Restored[0].At
	}
	return time.Time{}
}

// DayMark is a mark of a day as ponto-dia lists it.
type DayMark struct {
	ID         uuid.UUID
	At         time.Time
	Address    string
	Adjusted   bool
	Added      bool
	OriginalAt *time.Time
	RequestID  *uuid.UUID
	HR         *HRMark // recorded by HR
}

// DayExcuse is an abono of a day.
type DayExcuse struct {
	RequestID uuid.UUID
	From, To  string
	Reason    string
}

// DayMarks returns an employee's marks of a local day (YYYY-MM-DD), oldest first, and the
// day's abonos. tx must be a tenant transaction.
func (Clock) DayMarks(ctx context.Context, tx pgx.Tx, employee uuid.UUID, day time.Time) ([]DayMark, []DayExcuse, error) {
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, clock.Zone)
	rows, err := tx.Query(ctx, `
SELECT m.id, m.recorded_at, m.address, m.adjusted, m.added, m.original_at, m.request_id, `+hrColumns+` FROM clock_marks m
WHERE m.tenant_id = app_tenant() AND m.employee_id = $1 AND m.recorded_at >= $2 AND m.recorded_at < $3
ORDER BY m.recorded_at, m.position`, employee, start, start.AddDate(0, 0, 1))
	if err != nil {
		return nil, nil, err
	}
	marks, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (DayMark, error) {
		var m DayMark
		var hr hrScan
		err := r.Scan(append([]any{&m.ID, &m.At, &m.Address, &m.Adjusted, &m.Added, &m.OriginalAt, &m.RequestID}, hr.dest()...)...)
		m.HR = hr.mark()
		return m, err
	})
	if err != nil {
		return nil, nil, err
	}
	rows, err = tx.Query(ctx, `
SELECT request_id, from_time, to_time, reason FROM clock_excused
WHERE tenant_id = app_tenant() AND employee_id = $1 AND day = $2 ORDER BY from_time, position`, employee, start.Format(time.DateOnly))
	if err != nil {
		return nil, nil, err
	}
	excuses, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (DayExcuse, error) {
		var x DayExcuse
		return x, r.Scan(&x.RequestID, &x.From, &x.To, &x.Reason)
	})
	return marks, excuses, err
}
