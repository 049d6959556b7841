package mood

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/mood"
	"portal/eventstore"
	"portal/projections"
)

// Report keeps report_mood_weekly: each employee's check-ins of a week with the
// department, unit and manager they had at the time (the mood report, and the dashboards'
// mood widgets).
type Report struct{}

var _ projections.Projection = Report{}

// Name implements Projection.
func (Report) Name() string { return "report_mood" }

// Areas implements Selective.
func (Report) Areas() []string { return []string{"mood."} }

// Tables implements Tabled.
func (Report) Tables() []string { return []string{"report_mood_weekly", "report_mood_groups"} }

// Reset implements Projection.
func (p Report) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, p.Tables())
}

type moodWeekKey struct {
	tenant, employee uuid.UUID
	week             time.Time
}

type moodWeekSum struct {
	n             int
	humor, energy float64
}

// Apply implements Projection: the batch's check-ins are summed per employee and week in
// Go, then added in one statement.
func (Report) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	rows, err := checkIns(events)
	if err != nil {
		return err
	}
	var sums projections.Folds[moodWeekKey, moodWeekSum]
	for _, r := range rows {
		if r.employee == nil {
			continue // a user without an employee record is in no team
		}
		s := sums.At(moodWeekKey{r.tenant, *r.employee, projections.WeekOf(r.data.CheckedInAt)})
		s.n++
		s.humor += r.data.Humor
		s.energy += r.data.Energy
	}
	if len(sums.Keys) == 0 {
		return nil
	}
	// Who is new this week (a person more in the group) and the group of every row: the
	// stored one, else the employee's department and unit now.
	n := len(sums.Keys)
	tenants, employees := make([]pgtype.UUID, n), make([]pgtype.UUID, n)
	weeks := make([]time.Time, n)
	counts := make([]int32, n)
	humors, energies := make([]float64, n), make([]float64, n)
	for i, k := range sums.Keys {
		sum := sums.At(k)
		tenants[i], employees[i], weeks[i] = projections.PgUUID(k.tenant), projections.PgUUID(k.employee), k.week
		counts[i], humors[i], energies[i] = int32(sum.n), sum.humor, sum.energy
	}
	_, err = tx.Exec(ctx, `
WITH u AS (
    SELECT u.*, r.tenant_id IS NULL AS fresh, coalesce(r.department_id, e.department_id) AS dept,
           coalesce(r.business_unit_id, e.business_unit_id) AS unit, coalesce(r.manager_id, e.manager_id) AS manager
    FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::int[], $5::numeric[], $6::numeric[]) AS u(tenant_id, week, employee_id, n, humor, energy)
    LEFT JOIN report_mood_weekly r ON r.tenant_id = u.tenant_id AND r.week = u.week AND r.employee_id = u.employee_id
    LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
), rows AS (
    INSERT INTO report_mood_weekly AS r (tenant_id, week, employee_id, department_id, business_unit_id, manager_id, checkins, humor_sum, energy_sum)
    SELECT tenant_id, week, employee_id, dept, unit, manager, n, humor, energy FROM u
    ON CONFLICT (tenant_id, week, employee_id) DO UPDATE
    SET checkins = r.checkins + EXCLUDED.checkins, humor_sum = r.humor_sum + EXCLUDED.humor_sum, energy_sum = r.energy_sum + EXCLUDED.energy_sum
)
INSERT INTO report_mood_groups AS g (tenant_id, week, department_id, business_unit_id, people, checkins, humor_sum, energy_sum)
SELECT tenant_id, week, coalesce(dept, '00000000-0000-0000-0000-000000000000'), coalesce(unit, '00000000-0000-0000-0000-000000000000'),
       count(*) FILTER (WHERE fresh), sum(n), sum(humor), sum(energy)
FROM u GROUP BY 1, 2, 3, 4
ON CONFLICT (tenant_id, week, department_id, business_unit_id) DO UPDATE
SET people = g.people + EXCLUDED.people, checkins = g.checkins + EXCLUDED.checkins,
    humor_sum = g.humor_sum + EXCLUDED.humor_sum, energy_sum = g.energy_sum + EXCLUDED.energy_sum`,
		tenants, weeks, employees, counts, humors, energies)
	if err != nil {
		return fmt.Errorf("report mood: %w", err)
	}
	return projections.PublishReport(ctx, tx, "mood", events, func(t string) bool { return t == mood.TypeCheckedIn })
}
