package commands

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/survey"
)

// PoolFacts reads the facts the commands need besides the log from PostgreSQL: the tenant's
// supporting data (users, employees), not read models. Each handler that reads facts takes
// the small interface it needs (SurveyMembers, ...), which PoolFacts implements.
type PoolFacts struct{ Pool *pgxpool.Pool }

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
