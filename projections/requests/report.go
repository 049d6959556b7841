package requests

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	rq "portal/domain/request"
	"portal/eventstore"
	"portal/projections"
)

// Report keeps report_approval_steps: every step of every sent request, when it
// began to wait, who was to decide it, who did and when (open items per approver, time to
// decision per step, delegations); and its rollup per UTC day and step kind,
// report_approval_days, that the tenant-wide report reads; and the time-clock report's
// adjustment requests asked and approved per UTC day, report_clock_adjustment_days.
type Report struct{}

var _ projections.Projection = Report{}

// Name implements Projection.
func (Report) Name() string { return "report_approvals" }

// Areas implements Selective.
func (Report) Areas() []string { return []string{"request."} }

// Tables implements Tabled.
func (Report) Tables() []string {
	return []string{"report_approval_requests", "report_approval_steps", "report_approval_days", "report_clock_adjustment_days"}
}

// Reset implements Projection.
func (p Report) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, p.Tables())
}

// approvalStep is one row of report_approval_steps.
type approvalStep struct {
	Step                  int
	Kind, Role            string
	Approver              string // user id; empty: anyone with Role
	OpenedAt              time.Time
	DecidedAt             *time.Time
	DecidedBy, OnBehalfOf string
	Outcome               string
}

// approvalFold is a request as the report folds it.
type approvalFold struct {
	key     requestKey
	exists  bool // has a report_approval_requests row
	removed bool
	origin  int
	subject string
	chain   []rq.Step
	steps   map[int]*approvalStep
}

// Apply implements Projection: the touched requests are loaded, folded in Go in log order
// and written back (their steps replaced) in a few statements.
func (Report) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	decoded, order, err := requestEvents(events)
	if err != nil || len(order) == 0 {
		return err
	}
	folds := make(map[requestKey]*approvalFold, len(order))
	for _, k := range order {
		folds[k] = &approvalFold{key: k, steps: map[int]*approvalStep{}}
	}
	if err := loadApprovalFolds(ctx, tx, folds, order); err != nil {
		return err
	}
	for _, d := range decoded {
		folds[d.key].apply(rq.Deref(d.ev))
	}
	if err := saveApprovalFolds(ctx, tx, folds, order); err != nil {
		return err
	}
	return projections.PublishReport(ctx, tx, "approvals", events, func(t string) bool { return rq.NewEvent(t) != nil })
}

func (f *approvalFold) apply(ev rq.Event) {
	at := rq.ByOf(ev).At
	switch e := ev.(type) {
	case rq.Created:
		f.exists, f.origin, f.subject = true, int(e.Origin), e.Subject.EmployeeID
	case rq.Removed:
		f.removed = true
	case rq.Sent:
		f.chain, f.steps = e.Steps, map[int]*approvalStep{}
		f.open(0, at)
	case rq.StepApproved:
		if s := f.steps[e.Step]; s != nil {
			s.decide(e.By, "approved")
		}
		if !e.Final {
			f.open(e.Step+1, at)
		}
	case rq.StepRejected:
		if s := f.steps[e.Step]; s != nil {
			s.decide(e.By, "rejected")
		}
	case rq.DecisionUndone:
		for i := range f.steps {
			if i > e.Step {
				delete(f.steps, i)
			}
		}
		if s := f.steps[e.Step]; s != nil {
			s.DecidedAt, s.DecidedBy, s.OnBehalfOf, s.Outcome = nil, "", "", "waiting"
		}
	}
}

// open starts step i of the chain waiting at at.
func (f *approvalFold) open(i int, at time.Time) {
	if i < 0 || i >= len(f.chain) {
		return
	}
	c := f.chain[i]
	f.steps[i] = &approvalStep{Step: i, Kind: string(c.Kind), Role: c.Role, Approver: c.Designated.ID, OpenedAt: at, Outcome: "waiting"}
}

func (s *approvalStep) decide(by rq.By, outcome string) {
	at := by.At
	s.DecidedAt, s.DecidedBy, s.OnBehalfOf, s.Outcome = &at, by.Actor.ID, by.OnBehalfOf.ID, outcome
}

func loadApprovalFolds(ctx context.Context, tx pgx.Tx, folds map[requestKey]*approvalFold, order []requestKey) error {
	tenants, ids := make([]pgtype.UUID, len(order)), make([]pgtype.UUID, len(order))
	for i, k := range order {
		tenants[i], ids[i] = projections.PgUUID(k.tenant), projections.PgUUID(k.id)
	}
	rows, err := tx.Query(ctx, `
SELECT r.tenant_id, r.request_id, r.origin, coalesce(r.subject_employee_id::text, ''), r.chain
FROM report_approval_requests r JOIN unnest($1::uuid[], $2::uuid[]) AS k(tenant_id, request_id) USING (tenant_id, request_id)`, tenants, ids)
	if err != nil {
		return fmt.Errorf("report approvals: %w", err)
	}
	for rows.Next() {
		var k requestKey
		var origin int
		var subject string
		var chain []byte
		if err := rows.Scan(&k.tenant, &k.id, &origin, &subject, &chain); err != nil {
			rows.Close()
			return err
		}
		f := folds[k]
		f.exists, f.origin, f.subject = true, origin, subject
		if err := json.Unmarshal(chain, &f.chain); err != nil {
			rows.Close()
			return fmt.Errorf("report approvals: chain of %s: %w", k.id, err)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `
SELECT s.tenant_id, s.request_id, s.step, s.kind, s.approver_role, coalesce(s.approver_id::text, ''), s.opened_at, s.decided_at,
       coalesce(s.decided_by::text, ''), coalesce(s.on_behalf_of::text, ''), s.outcome
FROM report_approval_steps s JOIN unnest($1::uuid[], $2::uuid[]) AS k(tenant_id, request_id) USING (tenant_id, request_id)`, tenants, ids)
	if err != nil {
		return fmt.Errorf("report approvals: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k requestKey
		var s approvalStep
		if err := rows.Scan(&k.tenant, &k.id, &s.Step, &s.Kind, &s.Role, &s.Approver, &s.OpenedAt, &s.DecidedAt, &s.DecidedBy, &s.OnBehalfOf, &s.Outcome); err != nil {
			return err
		}
		folds[k].steps[s.Step] = &s
	}
	return rows.Err()
}

func saveApprovalFolds(ctx context.Context, tx pgx.Tx, folds map[requestKey]*approvalFold, order []requestKey) error {
	var tenants, ids, subjects []pgtype.UUID
	var origins []int32
	var chains [][]byte
	var gone [2][]pgtype.UUID
	var st struct {
		tenant, id, approver, decidedBy, onBehalf []pgtype.UUID
		step, origin                              []int32
		kind, role, outcome                       []string
		opened                                    []time.Time
		decided                                   []pgtype.Timestamptz
	}
	for _, k := range order {
		f := folds[k]
		gone[0], gone[1] = append(gone[0], projections.PgUUID(k.tenant)), append(gone[1], projections.PgUUID(k.id))
		if f.removed || !f.exists {
			continue
		}
		chain, err := json.Marshal(f.chain)
		if err != nil {
			return err
		}
		tenants, ids, subjects = append(tenants, projections.PgUUID(k.tenant)), append(ids, projections.PgUUID(k.id)), append(subjects, projections.OptUUID(f.subject))
		origins, chains = append(origins, int32(f.origin)), append(chains, chain)
		for _, s := range f.steps {
			st.tenant, st.id, st.step = append(st.tenant, projections.PgUUID(k.tenant)), append(st.id, projections.PgUUID(k.id)), append(st.step, int32(s.Step))
			st.kind, st.role, st.outcome = append(st.kind, s.Kind), append(st.role, s.Role), append(st.outcome, s.Outcome)
			st.approver, st.decidedBy, st.onBehalf = append(st.approver, projections.OptUUID(s.Approver)), append(st.decidedBy, projections.OptUUID(s.DecidedBy)), append(st.onBehalf, projections.OptUUID(s.OnBehalfOf))
			st.opened, st.origin = append(st.opened, s.OpenedAt), append(st.origin, int32(f.origin))
			d := pgtype.Timestamptz{}
			if s.DecidedAt != nil {
				d = pgtype.Timestamptz{Time: *s.DecidedAt, Valid: true}
			}
			st.decided = append(st.decided, d)
		}
	}
	// The UTC days whose report_approval_days rows change: those of the steps replaced and of
	// the steps written; and of them, those of the adjustment requests' steps, whose
	// report_clock_adjustment_days rows change.
	days := approvalDays{seen: map[approvalDay]bool{}}
	adjustments := approvalDays{seen: map[approvalDay]bool{}}
	rows, err := tx.Query(ctx, `
WITH k AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS k(tenant_id, request_id)),
     s AS (DELETE FROM report_approval_steps s USING k WHERE s.tenant_id = k.tenant_id AND s.request_id = k.request_id
           RETURNING s.tenant_id, s.step, s.origin, s.opened_at, s.decided_at),
     r AS (DELETE FROM report_approval_requests r USING k WHERE r.tenant_id = k.tenant_id AND r.request_id = k.request_id)
SELECT tenant_id, step, origin, opened_at, decided_at FROM s`, gone[0], gone[1])
	if err != nil {
		return fmt.Errorf("report approvals: %w", err)
	}
	for rows.Next() {
		var tenant pgtype.UUID
		var step, origin int
		var opened time.Time
		var decided *time.Time
		if err := rows.Scan(&tenant, &step, &origin, &opened, &decided); err != nil {
			rows.Close()
			return err
		}
		days.addStep(tenant, step, opened, decided)
		if origin == int(rq.AjustePonto) {
			adjustments.addStep(tenant, step, opened, decided)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("report approvals: %w", err)
	}
	for i := range st.tenant {
		var decided *time.Time
		if st.decided[i].Valid {
			decided = &st.decided[i].Time
		}
		days.addStep(st.tenant[i], int(st.step[i]), st.opened[i], decided)
		if st.origin[i] == int32(rq.AjustePonto) {
			adjustments.addStep(st.tenant[i], int(st.step[i]), st.opened[i], decided)
		}
	}
	if len(tenants) > 0 {
		if _, err := tx.Exec(ctx, `
INSERT INTO report_approval_requests (tenant_id, request_id, origin, subject_employee_id, chain)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::uuid[], $5::jsonb[])`, tenants, ids, origins, subjects, chains); err != nil {
			return fmt.Errorf("report approvals: %w", err)
		}
	}
	if len(st.tenant) > 0 {
		if _, err := tx.Exec(ctx, `
INSERT INTO report_approval_steps (tenant_id, request_id, step, kind, origin, approver_id, approver_role, subject_employee_id,
                                   department_id, business_unit_id, manager_id, opened_at, decided_at, decided_by, on_behalf_of, outcome)
SELECT u.tenant_id, u.request_id, u.step, u.kind, r.origin, u.approver, u.role, r.subject_employee_id,
       e.department_id, e.business_unit_id, e.manager_id, u.opened, u.decided, u.decided_by, u.on_behalf, u.outcome
FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::uuid[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::uuid[], $10::uuid[], $11::text[])
     AS u(tenant_id, request_id, step, kind, approver, role, opened, decided, decided_by, on_behalf, outcome)
JOIN report_approval_requests r ON r.tenant_id = u.tenant_id AND r.request_id = u.request_id
LEFT JOIN employees e ON e.tenant_id = r.tenant_id AND e.id = r.subject_employee_id`,
			st.tenant, st.id, st.step, st.kind, st.approver, st.role, st.opened, st.decided, st.decidedBy, st.onBehalf, st.outcome); err != nil {
			return fmt.Errorf("report approvals: %w", err)
		}
	}
	if err := RecountApprovalDays(ctx, tx, days.tenants, days.days); err != nil {
		return err
	}
	return adjustments.recountAdjustments(ctx, tx)
}

// approvalDay is one row group of report_approval_days: a tenant's UTC day.
type approvalDay struct {
	tenant pgtype.UUID
	day    time.Time
}

// approvalDays collects the days a batch touches.
type approvalDays struct {
	seen    map[approvalDay]bool
	tenants []pgtype.UUID
	days    []time.Time
}

func (d *approvalDays) add(tenant pgtype.UUID, at time.Time) {
	at = at.UTC()
	k := approvalDay{tenant, time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC)}
	if !d.seen[k] {
		d.seen[k] = true
		d.tenants, d.days = append(d.tenants, k.tenant), append(d.days, k.day)
	}
}

// addStep adds the days a step counts in: the day it was sent (step 0) and the day it was
// decided.
func (d *approvalDays) addStep(tenant pgtype.UUID, step int, opened time.Time, decided *time.Time) {
	if step == 0 {
		d.add(tenant, opened)
	}
	if decided != nil {
		d.add(tenant, *decided)
	}
}

// recountAdjustments counts the touched days of report_clock_adjustment_days again from
// report_approval_steps (report_clock_adjustment_days_refresh, migrations 00460 and 00530):
// what it writes depends only on the steps, so a batch applied again, or a replay, writes the
// same rows. A batch without an adjustment request runs no statement.
func (d *approvalDays) recountAdjustments(ctx context.Context, tx pgx.Tx) error {
	if len(d.days) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `SELECT report_clock_adjustment_days_refresh($1::uuid[], $2::date[])`, d.tenants, d.days); err != nil {
		return fmt.Errorf("report approvals: clock adjustments: %w", err)
	}
	return nil
}

// RecountApprovalDays writes the report_approval_days rows of each tenant's UTC day again
// from report_approval_steps (a day's few hundred steps at most, by the opened and decided
// indexes): what it writes depends only on the steps, so a batch applied again, or a replay,
// writes the same rows. The bench fills the rollup with it, as the projection keeps it.
func RecountApprovalDays(ctx context.Context, tx pgx.Tx, tenants []pgtype.UUID, days []time.Time) error {
	if len(days) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `
DELETE FROM report_approval_days r USING unnest($1::uuid[], $2::date[]) AS c(tenant_id, day)
WHERE r.tenant_id = c.tenant_id AND r.day = c.day`, tenants, days); err != nil {
		return fmt.Errorf("report approvals: %w", err)
	}
	if _, err := tx.Exec(ctx, `
INSERT INTO report_approval_days (tenant_id, day, kind, sent, decided, approved, rejected, hours)
SELECT c.tenant_id, c.day, x.kind, count(*) FILTER (WHERE x.sent), count(*) FILTER (WHERE NOT x.sent),
       count(*) FILTER (WHERE NOT x.sent AND x.outcome = 'approved'), count(*) FILTER (WHERE NOT x.sent AND x.outcome = 'rejected'),
       coalesce(array_agg(x.hours ORDER BY x.hours) FILTER (WHERE NOT x.sent), '{}')
FROM unnest($1::uuid[], $2::date[]) AS c(tenant_id, day)
CROSS JOIN LATERAL (
    SELECT s.kind, true AS sent, s.outcome, NULL::float8 AS hours FROM report_approval_steps s
    WHERE s.tenant_id = c.tenant_id AND s.step = 0
      AND s.opened_at >= c.day::timestamp AT TIME ZONE 'UTC' AND s.opened_at < (c.day + 1)::timestamp AT TIME ZONE 'UTC'
    UNION ALL
    SELECT s.kind, false, s.outcome, (extract(epoch FROM s.decided_at - s.opened_at) / 3600)::float8 FROM report_approval_steps s
    WHERE s.tenant_id = c.tenant_id
      AND s.decided_at >= c.day::timestamp AT TIME ZONE 'UTC' AND s.decided_at < (c.day + 1)::timestamp AT TIME ZONE 'UTC') x
GROUP BY 1, 2, 3`, tenants, days); err != nil {
		return fmt.Errorf("report approvals: %w", err)
	}
	return nil
}
