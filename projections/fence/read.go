package fence

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Target is an employee or a department a fence is assigned to.
type Target struct {
	ID   uuid.UUID `json:"id"`
	Name string    `json:"name"`
	Code string    `json:"code,omitempty"` // an employee's registration number
}

// Item is a fence as HR's editor lists it.
type Item struct {
	ID          uuid.UUID `json:"id"`
	Name        string    `json:"name"`
	Lat         float64   `json:"lat"`
	Lon         float64   `json:"lon"`
	Radius      int       `json:"radius"`
	Employees   []Target  `json:"employees"`
	Departments []Target  `json:"departments"`
	Reach       int       `json:"reach"` // how many employees the fence applies to
	UpdatedAt   time.Time `json:"updatedAt"`
}

// List reads the tenant's fences (tx a tenant transaction), by name.
func (Fences) List(ctx context.Context, tx pgx.Tx) ([]Item, error) {
	rows, err := tx.Query(ctx, `
SELECT c.id, c.name, c.lat, c.lon, c.radius, c.updated_at,
       coalesce((SELECT json_agg(json_build_object('id', e.id, 'name', e.name, 'code', e.code) ORDER BY e.name, e.id)
                 FROM employees e WHERE e.tenant_id = c.tenant_id AND e.id = ANY (c.employees)), '[]'),
       coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name, d.id)
                 FROM departments d WHERE d.tenant_id = c.tenant_id AND d.id = ANY (c.departments)), '[]'),
       (SELECT count(*) FROM fences f WHERE f.tenant_id = c.tenant_id AND f.fence_id = c.id)
FROM fence_catalog c WHERE NOT c.removed ORDER BY c.name, c.id`)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Item, error) {
		var it Item
		err := r.Scan(&it.ID, &it.Name, &it.Lat, &it.Lon, &it.Radius, &it.UpdatedAt, &it.Employees, &it.Departments, &it.Reach)
		return it, err
	})
	if out == nil {
		out = []Item{}
	}
	return out, err
}

// Mine is one of an employee's effective fences.
type Mine struct {
	Name   string  `json:"name"`
	Lat    float64 `json:"lat"`
	Lon    float64 `json:"lon"`
	Radius int     `json:"radius"` // metres within which a punch is inside
}

// Mine reads an employee's effective fences (tx a tenant transaction), by name. A fence
// without its own radius reaches to the outer ring (domain/clock.RedRadius).
func (Fences) Mine(ctx context.Context, tx pgx.Tx, employee uuid.UUID, outerRing int) ([]Mine, error) {
	rows, err := tx.Query(ctx, `
SELECT description, lat, lon, CASE WHEN radius > 0 THEN radius ELSE $2 END
FROM fences WHERE employee_id = $1 ORDER BY description, id`, employee, outerRing)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Mine])
	if out == nil {
		out = []Mine{}
	}
	return out, err
}

// Targets finds the tenant's employees whose name or code contains search (at most limit,
// by name) and every department, for the assignment picker.
func (Fences) Targets(ctx context.Context, tx pgx.Tx, search string, limit int) (employees, departments []Target, err error) {
	rows, err := tx.Query(ctx, `
SELECT id, name, code FROM employees
WHERE status <> 'inactive' AND ($1 = '' OR name ILIKE '%' || $1 || '%' OR code ILIKE '%' || $1 || '%')
ORDER BY name, id LIMIT $2`, search, limit)
	if err != nil {
		return nil, nil, err
	}
	if employees, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Target]); err != nil {
		return nil, nil, err
	}
	rows, err = tx.Query(ctx, `SELECT id, name, '' FROM departments ORDER BY name, id`)
	if err != nil {
		return nil, nil, err
	}
	departments, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Target])
	if employees == nil {
		employees = []Target{}
	}
	return employees, departments, err
}
