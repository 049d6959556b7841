package timesheet

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ts "portal/domain/timesheet"
)

// Employee names an employee of the timesheet.
type Employee struct {
	ID         uuid.UUID  `json:"id"`
	Code       string     `json:"codigo"`
	Name       string     `json:"nome"`
	Department string     `json:"departamento"`
	ManagerID  *uuid.UUID `json:"-"`
}

// Row is a day of the month view: the row of domain/timesheet with its date, the schedule
// and the marks in force as the read model keeps them.
type Row struct {
	Date  string          `json:"date"` // YYYY-MM-DD
	Spans json.RawMessage `json:"spans"`
	Marks json.RawMessage `json:"marks"` // [{id, at, registeredAt, requestId, byHr, actorId, reason}]
	ts.Row
}

// Signature is the employee's last signature of the month.
type Signature struct {
	SignedAt   time.Time `json:"signedAt"`
	UserID     uuid.UUID `json:"userId"`
	RowsHash   string    `json:"rowsHash"`
	Totals     ts.Totals `json:"totals"`
	Superseded bool      `json:"superseded"` // the rows changed since
}

// MonthView is an employee's month.
type MonthView struct {
	Employee  Employee   `json:"employee"`
	Month     string     `json:"mes"` // YYYY-MM
	Rows      []Row      `json:"rows"`
	Totals    ts.Totals  `json:"totals"`
	RowsHash  string     `json:"rowsHash"`
	Closed    bool       `json:"closed"`
	ClosedAt  *time.Time `json:"closedAt"`
	Signature *Signature `json:"signature"`
	// CanSign: the caller is the employee, assina_ponto is on, the month is closed and its
	// rows are not signed yet.
	CanSign bool `json:"canSign"`
}

// employeeOf reads an employee of the tenant (found false when unknown).
func employeeOf(ctx context.Context, tx pgx.Tx, id uuid.UUID) (e Employee, found bool, err error) {
	err = tx.QueryRow(ctx, `SELECT e.id, e.code, e.name, coalesce(d.name, ''), e.manager_id FROM employees e
		LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
		WHERE e.tenant_id = app_tenant() AND e.id = $1`, id).Scan(&e.ID, &e.Code, &e.Name, &e.Department, &e.ManagerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return e, false, nil
	}
	return e, err == nil, err
}

// readMonth reads an employee's month from the timesheet read model (projections/timesheet).
func readMonth(ctx context.Context, tx pgx.Tx, e Employee, month time.Time) (MonthView, error) {
	v := MonthView{Employee: e, Month: month.Format(ts.MonthLayout), Rows: []Row{}}
	rows, err := tx.Query(ctx, `SELECT day, kind, spans, marks, expected, worked, night, night_hours, overtime50,
		overtime100, late, early, missing, excused, leave, absent, incomplete FROM timesheet_days
		WHERE tenant_id = app_tenant() AND employee_id = $1 AND day >= $2 AND day < $3 ORDER BY day`,
		e.ID, month, month.AddDate(0, 1, 0))
	if err != nil {
		return v, err
	}
	for rows.Next() {
		var r Row
		var day time.Time
		if err := rows.Scan(&day, &r.Kind, &r.Spans, &r.Marks, &r.Expected, &r.Worked, &r.Night, &r.NightHours,
			&r.Overtime50, &r.Overtime100, &r.Late, &r.Early, &r.Missing, &r.Excused, &r.Leave, &r.Absent, &r.Incomplete); err != nil {
			rows.Close()
			return v, err
		}
		r.Date = day.Format(time.DateOnly)
		v.Rows = append(v.Rows, r)
	}
	if err := rows.Err(); err != nil {
		return v, err
	}
	t := &v.Totals
	err = tx.QueryRow(ctx, `SELECT expected, worked, night, night_hours, overtime50, overtime100, late, early,
		missing, excused, absent_days, dsr_lost, rows_hash FROM timesheet_months
		WHERE tenant_id = app_tenant() AND employee_id = $1 AND month = $2`, e.ID, month).Scan(
		&t.Expected, &t.Worked, &t.Night, &t.NightHours, &t.Overtime50, &t.Overtime100, &t.Late, &t.Early,
		&t.Missing, &t.Excused, &t.AbsentDays, &t.DSRLost, &v.RowsHash)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return v, err
	}
	var at time.Time
	err = tx.QueryRow(ctx, `SELECT at FROM timesheet_closures WHERE tenant_id = app_tenant() AND month = $1 AND closed`, month).Scan(&at)
	switch {
	case err == nil:
		v.Closed, v.ClosedAt = true, &at
	case !errors.Is(err, pgx.ErrNoRows):
		return v, err
	}
	var s Signature
	err = tx.QueryRow(ctx, `SELECT signed_at, user_id, rows_hash, totals FROM timesheet_signatures
		WHERE tenant_id = app_tenant() AND employee_id = $1 AND month = $2`, e.ID, month).Scan(&s.SignedAt, &s.UserID, &s.RowsHash, &s.Totals)
	switch {
	case err == nil:
		s.Superseded = s.RowsHash != v.RowsHash
		v.Signature = &s
	case !errors.Is(err, pgx.ErrNoRows):
		return v, err
	}
	return v, nil
}
