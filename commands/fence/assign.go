package fence

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands"
	"portal/domain"
	"portal/domain/fence"
)

// Assign sets who a fence applies to: employees and departments of the caller's tenant
// (the whole list, replacing the previous one).
type Assign struct {
	Caller
	FenceID     uuid.UUID
	Employees   []uuid.UUID
	Departments []uuid.UUID
}

// Assign runs Assign and answers the fence as it now is. An id that is not an employee
// (or department) of the tenant is 404 on "employees" ("departments") and nothing is written.
func (h *Handler) Assign(ctx context.Context, cmd Assign) (f fence.Fence, err error) {
	defer commands.Wrap(&err, "fence.Assign(%s)", cmd.FenceID)
	if err := cmd.valid(); err != nil {
		return f, err
	}
	if len(cmd.Employees) > fence.MaxTargets {
		return f, domain.InvalidField("employees", domain.KeyTooLong)
	}
	if len(cmd.Departments) > fence.MaxTargets {
		return f, domain.InvalidField("departments", domain.KeyTooLong)
	}
	for _, t := range []struct {
		table, field string
		ids          []uuid.UUID
	}{{"employees", "employees", cmd.Employees}, {"departments", "departments", cmd.Departments}} {
		ok, err := known(ctx, h.db, t.table, cmd.Tenant, t.ids)
		if err != nil {
			return f, err
		}
		if !ok {
			return f, &domain.Error{Kind: domain.NotFound, Field: t.field, Key: domain.KeyNotFound}
		}
	}
	return h.decide(ctx, cmd.Caller, cmd.FenceID, func(f *fence.Fence) ([]fence.Event, error) {
		return f.Assign(strings(cmd.Employees), strings(cmd.Departments))
	})
}

// known tells whether every id is a row of the tenant in table (employees or departments).
func known(ctx context.Context, db Transactor, table string, tenant uuid.UUID, ids []uuid.UUID) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	var missing bool
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM unnest($2::uuid[]) i(id)
WHERE NOT EXISTS (SELECT FROM `+table+` t WHERE t.tenant_id = $1 AND t.id = i.id))`, tenant, ids).Scan(&missing)
	})
	return !missing, err
}

func strings(ids []uuid.UUID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out
}
