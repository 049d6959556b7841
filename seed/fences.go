package seed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	fencedom "portal/domain/fence"
	"portal/eventstore"
)

// planFences plans the demo's virtual fences as HR would have drawn them at go-live (issue
// 30): Ana's two and Carla's one, each assigned to her alone, and one fence per unit office
// assigned to every other employee of the unit. Each fence is two events on its own stream
// (fence.created.v1, fence.assigned.v1), appended with the rest of the timeline in bulk;
// the fences projection then builds the effective fences (run replays it).
func planFences(ctx context.Context, pool *pgxpool.Pool, tl *timeline, now time.Time) error {
	for _, spec := range tenantSpecs {
		code, tenant := spec.code, TenantID(spec.code)
		var hr uuid.UUID
		err := pool.QueryRow(ctx, `SELECT id FROM users WHERE tenant_id = $1 AND $2 = ANY (roles) ORDER BY admin DESC, id LIMIT 1`,
			tenant, auth.RoleHRAdmin).Scan(&hr)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		own := map[string][]fencedom.Shape{}
		for _, p := range spec.named {
			for _, f := range p.fences {
				own[p.userName] = append(own[p.userName], fencedom.Shape{Name: f.desc, Lat: f.lat, Lon: f.lon, Radius: DemoFenceRadius})
			}
		}
		rows, err := pool.Query(ctx, `
SELECT e.id, b.name, coalesce((SELECT u.user_name FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.id ORDER BY u.id LIMIT 1), '')
FROM employees e JOIN business_units b ON b.tenant_id = e.tenant_id AND b.id = e.business_unit_id
WHERE e.tenant_id = $1 ORDER BY e.code`, tenant)
		if err != nil {
			return err
		}
		byUnit := map[string][]string{}
		var id uuid.UUID
		var unit, user string
		if _, err := pgx.ForEachRow(rows, []any{&id, &unit, &user}, func() error {
			if _, ok := own[user]; !ok {
				byUnit[unit] = append(byUnit[unit], id.String())
			}
			return nil
		}); err != nil {
			return err
		}
		add := func(fid uuid.UUID, s fencedom.Shape, employees []string) error {
			created, err := json.Marshal(fencedom.Created{FenceID: fid.String(), Name: s.Name, Lat: s.Lat, Lon: s.Lon, Radius: s.Radius})
			if err != nil {
				return err
			}
			assigned, err := json.Marshal(fencedom.Assigned{FenceID: fid.String(), Employees: employees, Departments: []string{}, Added: employees})
			if err != nil {
				return err
			}
			tl.add(goLive(now), tenant, hr, fencedom.Stream(fid), "seed-fence-"+fid.String(),
				eventstore.EventData{ID: derive("event", "fence-created", fid.String()), Type: fencedom.TypeCreated, SchemaVersion: 1, Data: created},
				eventstore.EventData{ID: derive("event", "fence-assigned", fid.String()), Type: fencedom.TypeAssigned, SchemaVersion: 1, Data: assigned})
			return nil
		}
		for _, p := range spec.named {
			for j, s := range own[p.userName] {
				if err := add(derive("fence", code, p.userName, fmt.Sprint(j)), s, []string{EmployeeID(code, p.userName).String()}); err != nil {
					return err
				}
			}
		}
		for _, u := range spec.units {
			if len(byUnit[u.name]) == 0 {
				continue
			}
			s := fencedom.Shape{Name: "Escritório " + u.name, Lat: u.lat, Lon: u.lon, Radius: DemoFenceRadius}
			if err := add(derive("fence", code, "unit", u.name), s, byUnit[u.name]); err != nil {
				return err
			}
		}
	}
	return nil
}

// DemoFenceRadius is the radius of the demo's fences: the outer ring the punch used before
// fences had a radius of their own (domain/clock.RedRadius), so the demo punches as before.
const DemoFenceRadius = 500
