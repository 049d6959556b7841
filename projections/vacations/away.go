package vacations

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
)

// AwayKind tells what keeps an employee away on a work-schedule day.
type AwayKind int

// The kinds of Away.
const (
	AwayVacation AwayKind = iota // a vacation, pending or scheduled
	AwayAbsence                  // an absence request, waiting or approved
	AwayLeave                    // a leave of the employee's record
)

// Away is a period an employee is away: dates as YYYY-MM-DD.
type Away struct {
	From, To string
	Kind     AwayKind
	Name     string // the absence's kind, as asked
	Pending  bool   // awaiting approval
}

// Away lists the vacations (pending or scheduled), absence requests (waiting or approved) and
// leaves of an employee that overlap first..last, whole (a calendar shows them across months).
func (Vacations) Away(ctx context.Context, tx pgx.Tx, employee uuid.UUID, first, last time.Time) ([]Away, error) {
	rows, err := tx.Query(ctx, `
SELECT to_char(start_date, 'YYYY-MM-DD'), to_char(end_date, 'YYYY-MM-DD'), 0, '', status = 'pending' FROM vacation_leaves
WHERE tenant_id = app_tenant() AND employee_id = $1 AND status IN ('pending', 'scheduled') AND start_date <= $3 AND end_date >= $2
UNION ALL (
SELECT a.start, coalesce(nullif(a.finish, ''), a.start), 1, a.kind, r.status = 'waiting'
FROM requests r, LATERAL (SELECT r.doc->'ausencia'->>'inicioAbono' AS start, r.doc->'ausencia'->>'fimAbono' AS finish,
                                 coalesce(r.doc->'ausencia'->>'tipoAusenciaDesc', '') AS kind) a
WHERE r.tenant_id = app_tenant() AND r.subject_employee_id = $1 AND r.status IN ('waiting', 'approved')
  AND coalesce(a.start, '') <> '' AND a.start <= to_char($3::date, 'YYYY-MM-DD')
  AND coalesce(nullif(a.finish, ''), a.start) >= to_char($2::date, 'YYYY-MM-DD'))
ORDER BY 3, 1`, employee, first, last)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Away, error) {
		var a Away
		return a, r.Scan(&a.From, &a.To, &a.Kind, &a.Name, &a.Pending)
	})
	if err != nil {
		return nil, err
	}
	var layoff []byte
	if err := tx.QueryRow(ctx, `SELECT layoff FROM employees WHERE tenant_id = app_tenant() AND id = $1`, employee).Scan(&layoff); err != nil {
		return nil, err
	}
	periods, _ := clock.ParseLayoff(layoff) // what the time clock reads; anything else is no leave
	for _, p := range periods {
		if !p.Overlaps(first, last) {
			continue
		}
		from, to := p.Start, p.End
		if from.IsZero() {
			from = first
		}
		if to.IsZero() {
			to = last
		}
		out = append(out, Away{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly), Kind: AwayLeave})
	}
	return out, nil
}

// Schedule is an employee's stored work schedule, as JSON.
func (Vacations) Schedule(ctx context.Context, tx pgx.Tx, employee uuid.UUID) ([]byte, error) {
	var raw []byte
	err := tx.QueryRow(ctx, `SELECT schedule FROM employees WHERE tenant_id = app_tenant() AND id = $1`, employee).Scan(&raw)
	return raw, err
}
