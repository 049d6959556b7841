package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/clock"
	"portal/domain/survey"
)

// PoolFacts reads the facts the commands need besides the log from PostgreSQL: the tenant's
// supporting data (users, employees, units), not read models. Each handler that reads facts
// takes the small interface it needs (ClockEmployees, SurveyMembers, TenantUsers, ...), which
// PoolFacts implements. It is the trusted write side: every query filters by the token's
// tenant itself instead of going through the read API's row-level-security transaction.
type PoolFacts struct{ Pool *pgxpool.Pool }

// TenantUsers finds users of a tenant.
type TenantUsers interface {
	// DisplayName is a user's name; found is false when the tenant has no such user.
	DisplayName(ctx context.Context, tenant, user uuid.UUID) (name string, found bool, err error)
	// ByHash maps the hashes of the tenant's users among hashes (only the active ones with
	// active) to their ids; unknown hashes are left out.
	ByHash(ctx context.Context, tenant uuid.UUID, hashes []string, active bool) (map[string]uuid.UUID, error)
}

// DisplayName implements TenantUsers.
func (f PoolFacts) DisplayName(ctx context.Context, tenant, user uuid.UUID) (string, bool, error) {
	var name string
	err := f.Pool.QueryRow(ctx, `SELECT display_name FROM users WHERE tenant_id = $1 AND id = $2`, tenant, user).Scan(&name)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return name, err == nil, err
}

// ByHash implements TenantUsers.
func (f PoolFacts) ByHash(ctx context.Context, tenant uuid.UUID, hashes []string, active bool) (map[string]uuid.UUID, error) {
	rows, err := f.Pool.Query(ctx, `SELECT hash, id FROM users WHERE tenant_id = $1 AND hash = ANY($2) AND (active OR NOT $3)`,
		tenant, hashes, active)
	if err != nil {
		return nil, err
	}
	out := map[string]uuid.UUID{}
	var hash string
	var id uuid.UUID
	_, err = pgx.ForEachRow(rows, []any{&hash, &id}, func() error { out[hash] = id; return nil })
	return out, err
}

// KnownUnits implements SurveyAudiences.
func (f PoolFacts) KnownUnits(ctx context.Context, tenant uuid.UUID, ids []uuid.UUID) (bool, error) {
	return f.allOf(ctx, "business_units", tenant, ids)
}

// KnownDepartments implements SurveyAudiences.
func (f PoolFacts) KnownDepartments(ctx context.Context, tenant uuid.UUID, ids []uuid.UUID) (bool, error) {
	return f.allOf(ctx, "departments", tenant, ids)
}

// allOf tells whether ids are distinct rows of the tenant in table.
func (f PoolFacts) allOf(ctx context.Context, table string, tenant uuid.UUID, ids []uuid.UUID) (bool, error) {
	var n int
	err := f.Pool.QueryRow(ctx, `SELECT count(DISTINCT id) FROM `+table+` WHERE tenant_id = $1 AND id = ANY($2)`, tenant, ids).Scan(&n)
	return n == len(ids), err
}

// Member implements SurveyMembers.
func (f PoolFacts) Member(ctx context.Context, tenant, user uuid.UUID) (survey.Member, error) {
	m := survey.Member{UserID: user.String()}
	var unit, dept *uuid.UUID
	err := f.Pool.QueryRow(ctx, `
SELECT e.business_unit_id, e.department_id
FROM users u LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
WHERE u.tenant_id = $1 AND u.id = $2 AND u.active`, tenant, user).Scan(&unit, &dept)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, forbidden("userHash")
	}
	if err != nil {
		return m, err
	}
	if unit != nil {
		m.UnitID = unit.String()
	}
	if dept != nil {
		m.DepartmentID = dept.String()
	}
	return m, nil
}

// Employee implements ClockEmployees from the supporting tables (migrations/00002_tenancy.sql)
// in one round trip. This is the trusted write side: it filters by the token's tenant itself
// instead of going through the read API's row-level-security transaction.
func (f PoolFacts) Employee(ctx context.Context, tenant, employee uuid.UUID) (emp clock.Employee, found bool, err error) {
	var status string
	var layoff, fences []byte
	err = f.Pool.QueryRow(ctx, `
SELECT e.status, e.layoff,
       coalesce((SELECT json_agg(json_build_object('desc', f.description, 'lat', f.lat, 'lon', f.lon) ORDER BY f.description, f.id)
                 FROM fences f WHERE f.tenant_id = e.tenant_id AND f.employee_id = e.id), '[]')
FROM employees e WHERE e.tenant_id = $1 AND e.id = $2`, tenant, employee).Scan(&status, &layoff, &fences)
	if errors.Is(err, pgx.ErrNoRows) {
		return emp, false, nil
	}
	if err != nil {
		return emp, false, err
	}
	emp.Status = clock.Status(status)
	if emp.Layoff, err = clock.ParseLayoff(layoff); err != nil {
		return emp, false, fmt.Errorf("employee %s: %w", employee, err)
	}
	var raw []struct {
		Desc string  `json:"desc"`
		Lat  float64 `json:"lat"`
		Lon  float64 `json:"lon"`
	}
	if err := json.Unmarshal(fences, &raw); err != nil {
		return emp, false, fmt.Errorf("employee %s fences: %w", employee, err)
	}
	for _, f := range raw {
		emp.Fences = append(emp.Fences, clock.Fence{Desc: f.Desc, Position: clock.Position{Lat: f.Lat, Lon: f.Lon}})
	}
	return emp, true, nil
}
