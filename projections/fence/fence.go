// Package fence projects the fence events (domain/fence) into the fences read models
// (migrations/00160): fence_catalog, HR's list, and fences, each employee's effective fences
// (own assignments plus their department's) that the session's cercaVirtual and the punch
// read. The fence commands apply it inline, in the transaction that appends the event, so
// the next punch sees a change; the runner applies it again (a no-op: every row remembers the
// stream version it holds) and Replay rebuilds it from the log.
package fence

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	fencecmd "portal/commands/fence"
	"portal/domain/fence"
	"portal/eventstore"
	"portal/projections"
)

// Fences is the projection.
type Fences struct{}

var _ projections.Selective = Fences{}

// Projections are the fence area's read models.
func Projections() []projections.Projection { return []projections.Projection{Fences{}} }

// Name implements Projection.
func (Fences) Name() string { return "fences" }

// Areas implements Selective.
func (Fences) Areas() []string { return []string{"fence."} }

// Reset implements Projection: the rows without fence_id are not the projection's.
func (Fences) Reset(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, `DELETE FROM fences WHERE fence_id IS NOT NULL`); err != nil {
		return err
	}
	return projections.Truncate(ctx, tx, []string{"fence_catalog"})
}

// Apply implements Projection. HR changes fences a few times a day and a tenant has tens of
// fences, so Apply writes event by event (a rebuild of the demo's log has a few dozen).
func (Fences) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	for _, re := range events {
		if !strings.HasPrefix(re.Type, "fence.") {
			continue // a batch may carry other areas' events (a catch-up reads the log as it is)
		}
		ev, err := fencecmd.Decode(re.Type, re.Data)
		if err != nil {
			return fmt.Errorf("fence event %d: %w", re.Position(), err)
		}
		var sql string
		var args []any
		switch e := ev.(type) {
		case fence.Created:
			sql = `INSERT INTO fence_catalog (tenant_id, id, name, lat, lon, radius, version, created_at, updated_at, updated_by)
VALUES ($1, $2, $4, $5, $6, $7, $3, $8, $8, $9)
ON CONFLICT (tenant_id, id) DO NOTHING`
			args = []any{re.Tenant, e.FenceID, re.Version, e.Name, e.Lat, e.Lon, e.Radius, re.RecordedAt, re.Actor}
		case fence.Changed:
			sql = `UPDATE fence_catalog SET name = $4, lat = $5, lon = $6, radius = $7, version = $3, updated_at = $8, updated_by = $9
WHERE tenant_id = $1 AND id = $2 AND version < $3`
			args = []any{re.Tenant, e.FenceID, re.Version, e.Name, e.Lat, e.Lon, e.Radius, re.RecordedAt, re.Actor}
		case fence.Removed:
			sql = `UPDATE fence_catalog SET removed = true, version = $3, updated_at = $4, updated_by = $5
WHERE tenant_id = $1 AND id = $2 AND version < $3`
			args = []any{re.Tenant, e.FenceID, re.Version, re.RecordedAt, re.Actor}
		case fence.Assigned:
			sql = `UPDATE fence_catalog SET employees = $4::uuid[], departments = $5::uuid[], version = $3, updated_at = $6, updated_by = $7
WHERE tenant_id = $1 AND id = $2 AND version < $3`
			args = []any{re.Tenant, e.FenceID, re.Version, e.Employees, e.Departments, re.RecordedAt, re.Actor}
		}
		tag, err := tx.Exec(ctx, sql, args...)
		if err != nil {
			return fmt.Errorf("fence event %d: %w", re.Position(), err)
		}
		if tag.RowsAffected() == 0 {
			continue // applied already (inline, then by the runner)
		}
		if err := effective(ctx, tx, re.Tenant, re.Stream); err != nil {
			return fmt.Errorf("fence event %d: %w", re.Position(), err)
		}
	}
	return nil
}

// effective rewrites one fence's rows of the effective fences: one per employee it reaches.
func effective(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, stream string) error {
	id, err := uuid.Parse(stream[len("fence-"):])
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM fences WHERE tenant_id = $1 AND fence_id = $2`, tenant, id); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `
INSERT INTO fences (tenant_id, id, employee_id, description, lat, lon, fence_id, radius)
SELECT c.tenant_id, md5(c.id::text || e.id::text)::uuid, e.id, c.name, c.lat, c.lon, c.id, c.radius
FROM fence_catalog c
JOIN employees e ON e.tenant_id = c.tenant_id AND (e.id = ANY (c.employees) OR e.department_id = ANY (c.departments))
WHERE c.tenant_id = $1 AND c.id = $2 AND NOT c.removed`, tenant, id)
	return err
}
