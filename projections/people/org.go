package people

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/survey"
	"portal/projections"
)

// The lookups of the supporting tables (business units, departments, users, employees) the
// forms and filters read, in a tenant transaction (row-level security).

// OrgOption is a business unit or department as a choice.
type OrgOption struct {
	ID   string `json:"id"`
	Name string `json:"nome"`
}

// OrgUnits are the tenant's business units and departments, by name:
// {unidades, departamentos: [{id, nome}]}.
func OrgUnits(ctx context.Context, tx pgx.Tx) (map[string][]OrgOption, error) {
	out := map[string][]OrgOption{"unidades": {}, "departamentos": {}}
	for key, table := range map[string]string{"unidades": "business_units", "departamentos": "departments"} {
		rows, err := tx.Query(ctx, `SELECT id::text, name FROM `+table+` WHERE tenant_id = app_tenant() ORDER BY name`)
		if err != nil {
			return nil, err
		}
		list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[OrgOption])
		if err != nil {
			return nil, err
		}
		out[key] = append(out[key], list...)
	}
	return out, nil
}

// OrgPerson is an active employee's user as HR's survey form lists them.
type OrgPerson struct {
	UserHash   string `json:"userHash"`
	Name       string `json:"nome"`
	Department string `json:"departamento"`
}

const orgPersonSQL = `SELECT u.hash, u.display_name, coalesce(d.name, '')
FROM users u JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE u.tenant_id = app_tenant() AND u.active AND e.status <> 'inactive'`

// OrgPeople are up to 20 active employees whose name contains text (all with ""), by name.
func OrgPeople(ctx context.Context, tx pgx.Tx, text string) ([]OrgPerson, error) {
	rows, err := tx.Query(ctx, orgPersonSQL+` AND ($1 = '' OR u.display_name ILIKE '%' || $1 || '%') ORDER BY u.display_name LIMIT 20`,
		projections.EscapeLike(text))
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[OrgPerson])
	return append([]OrgPerson{}, list...), err
}

// ErrUnknown is returned for a user hash the tenant does not have.
var ErrUnknown = errors.New("projections: no such person")

// UserOf is the id of the tenant's user whose hash is given (ErrUnknown: none).
func UserOf(ctx context.Context, tx pgx.Tx, hash string) (uuid.UUID, error) {
	var id uuid.UUID
	err := tx.QueryRow(ctx, `SELECT id FROM users WHERE tenant_id = app_tenant() AND hash = $1`, hash).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return id, ErrUnknown
	}
	return id, err
}

// Evaluators are the people a 360 of the user whose hash is given would ask, by relation
// (issue 6: self, manager, peers — same manager — and reports), at most 50 each.
func Evaluators(ctx context.Context, tx pgx.Tx, hash string) (map[string][]OrgPerson, error) {
	var emp, manager *string
	err := tx.QueryRow(ctx, `SELECT e.id::text, e.manager_id::text FROM users u JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
WHERE u.tenant_id = app_tenant() AND u.hash = $1`, hash).Scan(&emp, &manager)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrUnknown
	}
	if err != nil {
		return nil, err
	}
	groups := map[survey.Relation]struct {
		cond string
		args []any
	}{
		survey.RelationSelf:    {` AND e.id::text = $1`, []any{emp}},
		survey.RelationManager: {` AND e.id::text = $1`, []any{manager}},
		survey.RelationPeer:    {` AND e.manager_id::text = $1 AND e.id::text <> $2`, []any{manager, emp}},
		survey.RelationReport:  {` AND e.manager_id::text = $1`, []any{emp}},
	}
	out := map[string][]OrgPerson{}
	for rel, g := range groups {
		rows, err := tx.Query(ctx, orgPersonSQL+g.cond+` ORDER BY u.display_name LIMIT 50`, g.args...)
		if err != nil {
			return nil, err
		}
		list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[OrgPerson])
		if err != nil {
			return nil, err
		}
		out[string(rel)] = append([]OrgPerson{}, list...)
	}
	return out, nil
}
