package vacations

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/vacation"
	"portal/eventstore"
	"portal/projections"
	"portal/push"
)

// Vacations projects the vacation.* events of the streams vacation-<employeeId> into the
// vacation read model (migrations/00015_vacation.sql): entitlements, leaves with their status
// and approval step, plans, closed periods and raised alerts. Balances and period statuses
// depend on the day they are read, so the read side folds these rows through the domain
// (readapi/vacations) instead of storing numbers that go stale at midnight.
//
// A batch is sent as one pipelined pgx.Batch, statements in log order; each leave row keeps
// the position of the last event applied to it, so a redelivered event changes nothing. The
// batch ends with vacation_standing_refresh and vacation_away_refresh (migrations/00400 and
// 00401) for the employees whose entitlement, leaves or closed periods it touched: the
// vacations report's rollups (balances per person, who is away each week) are made again
// from those rows, so live, replay and redelivery agree.
// Every changed employee's users are told on topic "vacation.changed": the employee, their
// manager and the tenant's HR admins (who approve and see the map).
type Vacations struct{}

var _ projections.Projection = Vacations{}

// New returns the vacations projection.
func New() *Vacations { return &Vacations{} }

// ChangedTopic is the push topic of a vacation change (docs/api.md "Vacations").
const ChangedTopic = "vacation.changed"

// Name implements Projection.
func (Vacations) Name() string { return "vacations" }

// Areas implements Selective.
func (Vacations) Areas() []string { return []string{"vacation."} }

// Reset implements Projection.
func (Vacations) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Vacations{}.Tables())
}

// Tables implements Tabled.
func (Vacations) Tables() []string {
	return []string{"vacation_entitlements", "vacation_leaves", "vacation_plans", "vacation_closures", "vacation_alerts", "vacation_away_weeks"}
}

// Changed is the data of a "vacation.changed" push.
type Changed struct {
	M01Ukey   uuid.UUID `json:"m01Ukey"`
	ID        string    `json:"id,omitempty"` // the request or plan
	EventType string    `json:"eventType"`
}

type changedKey struct{ tenant, employee uuid.UUID }

// Apply implements Projection.
func (Vacations) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	b := &pgx.Batch{}
	changed := map[changedKey]push.Message{}
	var order []changedKey
	standing := map[changedKey]bool{}
	var standingTenants, standingEmployees []uuid.UUID
	for _, e := range events {
		if !strings.HasPrefix(e.Type, "vacation.") {
			continue
		}
		id, ok := vacation.StreamID(e.Stream)
		employee, err := uuid.Parse(id)
		if !ok || err != nil {
			return fmt.Errorf("event %s (%s): stream %q", e.ID, e.Type, e.Stream)
		}
		var d vacation.EventData
		if err := projections.DecodeData(e, &d); err != nil {
			return err
		}
		at := projections.OrRecorded(d.At, e)
		pos := e.Cursor.Position
		t := e.Tenant
		switch e.Type {
		case vacation.TypeOpened:
			b.Queue(`INSERT INTO vacation_entitlements (tenant_id, employee_id, hired, position) VALUES ($1, $2, $3, $4)
ON CONFLICT (tenant_id, employee_id) DO NOTHING`, t, employee, d.Hired, pos)
		case vacation.TypeRequested:
			start, err := time.Parse(time.DateOnly, d.Start)
			if err != nil || d.Days < 1 {
				return fmt.Errorf("event %s (%s): start %q days %d", e.ID, e.Type, d.Start, d.Days)
			}
			steps := d.Steps
			if steps == nil {
				steps = []string{}
			}
			b.Queue(`INSERT INTO vacation_leaves (tenant_id, id, employee_id, start_date, end_date, days, abono_days, advance13,
    period, status, steps, step, requested_at, requested_by, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, 0, $11, $12, $13)
ON CONFLICT (tenant_id, id) DO NOTHING`, t, d.ID, employee, start, start.AddDate(0, 0, d.Days-1), d.Days, d.AbonoDays,
				d.Advance13, d.Period, steps, at, d.By, pos)
		case vacation.TypeStepApproved, vacation.TypeStepUndone, vacation.TypeApproved, vacation.TypeRejected, vacation.TypeCancelled:
			status, step := "pending", d.Step+1
			switch e.Type {
			case vacation.TypeStepUndone:
				step = d.Step
			case vacation.TypeApproved:
				status, step = "scheduled", d.Step
			case vacation.TypeRejected:
				status, step = "rejected", d.Step
			case vacation.TypeCancelled:
				status = "cancelled"
			}
			decision, _ := json.Marshal([]map[string]any{{"step": d.Step, "eventType": e.Type, "by": d.By, "at": at, "comment": d.Comment}})
			b.Queue(`UPDATE vacation_leaves SET status = $3,
    step = CASE WHEN $4::text = $7::text THEN step ELSE $5 END,
    decided_at = CASE WHEN $3 = 'pending' THEN decided_at ELSE $6 END,
    decided_by = CASE WHEN $3 = 'pending' THEN decided_by ELSE $8 END,
    comment = CASE WHEN $9 = '' THEN comment ELSE $9 END,
    decisions = decisions || $10::jsonb, position = $11
WHERE tenant_id = $1 AND id = $2 AND position < $11`,
				t, d.ID, status, e.Type, step, at, vacation.TypeCancelled, d.By, d.Comment, decision, pos)
		case vacation.TypePlanned:
			start, err := time.Parse(time.DateOnly, d.Start)
			if err != nil || d.Days < 1 {
				return fmt.Errorf("event %s (%s): start %q days %d", e.ID, e.Type, d.Start, d.Days)
			}
			b.Queue(`INSERT INTO vacation_plans (tenant_id, id, employee_id, start_date, end_date, days, planned_by, planned_at, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (tenant_id, id) DO NOTHING`,
				t, d.ID, employee, start, start.AddDate(0, 0, d.Days-1), d.Days, d.By, at, pos)
		case vacation.TypePlanRemoved:
			b.Queue(`DELETE FROM vacation_plans WHERE tenant_id = $1 AND id = $2`, t, d.ID)
		case vacation.TypePeriodClosed:
			b.Queue(`INSERT INTO vacation_closures (tenant_id, employee_id, period, reason) VALUES ($1, $2, $3, $4)
ON CONFLICT DO NOTHING`, t, employee, d.Period, d.Reason)
		case vacation.TypeAlertRaised:
			b.Queue(`INSERT INTO vacation_alerts (tenant_id, employee_id, period, threshold, raised_at) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT DO NOTHING`, t, employee, d.Period, d.Threshold, at)
		default:
			continue
		}
		k := changedKey{t, employee}
		if e.Type != vacation.TypePlanned && e.Type != vacation.TypePlanRemoved && e.Type != vacation.TypeAlertRaised && !standing[k] {
			standing[k] = true
			standingTenants, standingEmployees = append(standingTenants, t), append(standingEmployees, employee)
		}
		if _, ok := changed[k]; !ok {
			order = append(order, k)
		}
		changed[k] = push.Message{Tenant: t, Topic: ChangedTopic, Event: e.Cursor,
			Data: Changed{M01Ukey: employee, ID: d.ID, EventType: e.Type}}
	}
	if b.Len() == 0 {
		return nil
	}
	if len(standingTenants) > 0 {
		b.Queue(RefreshReportSQL, standingTenants, standingEmployees)
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("vacations: %w", err)
	}
	if push.Muted(ctx) || len(order) == 0 {
		return nil
	}
	if err := publishVacationChanges(ctx, tx, order, changed); err != nil {
		return err
	}
	// The vacations report (the dashboards) reads this read model.
	return projections.PublishReport(ctx, tx, "vacations", events, func(t string) bool { return strings.HasPrefix(t, "vacation.") })
}

// RefreshReportSQL makes the vacations report's rollups of the employees $2 (of the tenants
// $1, pairwise) again from their leaves and closures.
const RefreshReportSQL = `SELECT vacation_standing_refresh($1::uuid[], $2::uuid[]), vacation_away_refresh($1::uuid[], $2::uuid[])`

// publishVacationChanges tells the employee, their manager and the tenant's HR admins of each
// changed entitlement, one message per user and employee, in log order.
func publishVacationChanges(ctx context.Context, tx pgx.Tx, order []changedKey, changed map[changedKey]push.Message) error {
	tenants, employees := make([]uuid.UUID, len(order)), make([]uuid.UUID, len(order))
	for i, k := range order {
		tenants[i], employees[i] = k.tenant, k.employee
	}
	rows, err := tx.Query(ctx, `
SELECT c.ord, u.id
FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS c(tenant_id, employee_id, ord)
LEFT JOIN employees e ON e.tenant_id = c.tenant_id AND e.id = c.employee_id
JOIN users u ON u.tenant_id = c.tenant_id AND u.active
 AND (u.employee_id = c.employee_id OR u.employee_id = e.manager_id OR 'pwa-rh-adm' = ANY (u.roles))
ORDER BY c.ord`, tenants, employees)
	if err != nil {
		return fmt.Errorf("vacations push: %w", err)
	}
	var msgs []push.Message
	for rows.Next() {
		var ord int64
		var user uuid.UUID
		if err := rows.Scan(&ord, &user); err != nil {
			rows.Close()
			return err
		}
		m := changed[order[ord-1]]
		m.User = user
		msgs = append(msgs, m)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	// Messages must follow the log: order by each change's event.
	slices.SortStableFunc(msgs, func(a, b push.Message) int { return a.Event.Compare(b.Event) })
	return push.Publish(ctx, tx, msgs...)
}

// Projections are the read models of the area for the runner: the vacation periods, requests and plans.
func Projections() []projections.Projection {
	return []projections.Projection{New()}
}
