package commands

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
)

// MarkedEmployee is what an HR mark needs to know about its employee: the rules' facts and
// the user whose clock shows the mark.
type MarkedEmployee struct {
	clock.HREmployee
	UserID   uuid.UUID // uuid.Nil for an employee without a user
	UserHash string
}

// MarkedEmployee implements commands/clock.HREmployees from the supporting tables, filtered
// by the token's tenant (an employee of another tenant is not found).
func (f PoolFacts) MarkedEmployee(ctx context.Context, tenant, employee uuid.UUID) (MarkedEmployee, bool, error) {
	var m MarkedEmployee
	var status string
	var user *uuid.UUID
	var hash *string
	err := f.Pool.QueryRow(ctx, `
SELECT e.status, e.hire_date::text, u.id, u.hash
FROM employees e
LEFT JOIN LATERAL (SELECT id, hash FROM users WHERE tenant_id = e.tenant_id AND employee_id = e.id ORDER BY active DESC, id LIMIT 1) u ON true
WHERE e.tenant_id = $1 AND e.id = $2`, tenant, employee).Scan(&status, &m.HireDate, &user, &hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, false, nil
	}
	if err != nil {
		return m, false, err
	}
	m.Status = clock.Status(status)
	if user != nil {
		m.UserID, m.UserHash = *user, *hash
	}
	return m, true, nil
}
