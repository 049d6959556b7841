package clock

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// RecentHRMark is a mark HR recorded, as the HR marking screen lists it.
type RecentHRMark struct {
	ID           uuid.UUID
	EmployeeID   uuid.UUID
	EmployeeName string
	At           time.Time
	HRMark
}

// RecentHRMarks returns the tenant's newest HR marks (the last recorded first), at most
// limit, from clock_marks and its partial index clock_marks_by_hr_idx. tx must be a tenant
// transaction.
func (Clock) RecentHRMarks(ctx context.Context, tx pgx.Tx, limit int) ([]RecentHRMark, error) {
	rows, err := tx.Query(ctx, `
SELECT m.id, m.employee_id, coalesce(e.name, ''), m.recorded_at, `+hrColumns+`
FROM clock_marks m
LEFT JOIN employees e ON e.tenant_id = m.tenant_id AND e.id = m.employee_id
WHERE m.tenant_id = app_tenant() AND m.by_hr
ORDER BY m.position DESC
LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (RecentHRMark, error) {
		var m RecentHRMark
		var hr hrScan
		err := r.Scan(append([]any{&m.ID, &m.EmployeeID, &m.EmployeeName, &m.At}, hr.dest()...)...)
		if h := hr.mark(); h != nil {
			m.HRMark = *h
		}
		return m, err
	})
}

// MarkableEmployee is an employee HR may record a mark for, as the screen's search finds it.
type MarkableEmployee struct {
	ID       uuid.UUID
	Name     string
	Code     string
	HireDate string // YYYY-MM-DD
}

// SearchMarkable returns the tenant's active employees whose name or code matches like (an
// ILIKE pattern), by name, at most limit. tx must be a tenant transaction.
func (Clock) SearchMarkable(ctx context.Context, tx pgx.Tx, like string, limit int) ([]MarkableEmployee, error) {
	rows, err := tx.Query(ctx, `
SELECT id, name, code, hire_date::text FROM employees
WHERE tenant_id = app_tenant() AND status = 'active' AND (name ILIKE $1 OR code ILIKE $1)
ORDER BY name, id LIMIT $2`, like, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (MarkableEmployee, error) {
		var e MarkableEmployee
		return e, r.Scan(&e.ID, &e.Name, &e.Code, &e.HireDate)
	})
}
