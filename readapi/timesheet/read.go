package timesheet

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ts "portal/domain/timesheet"
	timesheetproj "portal/projections/timesheet"
)

// Employee names an employee of the timesheet.
type Employee struct {
	ID         uuid.UUID  `json:"id"`
	Code       string     `json:"codigo"`
	Name       string     `json:"nome"`
	Department string     `json:"departamento"`
	ManagerID  *uuid.UUID `json:"-"`
	CPF        string     `json:"-"` // in the PDF
}

// Employer is the employer the timesheet is of: its REP-P establishment (name and CNPJ), or
// the tenant's name when it has none.
type Employer struct {
	Name string `json:"nome"`
	CNPJ string `json:"cnpj"`
	Logo string `json:"-"` // the address of the tenant's PDF logo (settings id_130, Logo2Pdft01)
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
	Employer  Employer   `json:"empregador"`
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
	err = tx.QueryRow(ctx, `SELECT e.id, e.code, e.name, coalesce(d.name, ''), e.manager_id, e.cpf FROM employees e
		LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
		WHERE e.tenant_id = app_tenant() AND e.id = $1`, id).Scan(&e.ID, &e.Code, &e.Name, &e.Department, &e.ManagerID, &e.CPF)
	if errors.Is(err, pgx.ErrNoRows) {
		return e, false, nil
	}
	return e, err == nil, err
}

// readMonth reads an employee's month through the timesheet read model's Read (final rows
// from timesheet_days, the days not final yet computed from the projection's own marks).
func readMonth(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, e Employee, month, today time.Time) (MonthView, error) {
	v := MonthView{Employee: e, Month: month.Format(ts.MonthLayout), Rows: []Row{}}
	if err := tx.QueryRow(ctx, `SELECT coalesce(r.name, t.name), coalesce(r.cnpj, ''), coalesce(t.urls->>'logo2Pdft01', '') FROM tenants t
		LEFT JOIN rep_establishments r ON r.tenant_id = t.id WHERE t.id = $1`, tenant).Scan(&v.Employer.Name, &v.Employer.CNPJ, &v.Employer.Logo); err != nil {
		return v, err
	}
	m, err := timesheetproj.Read(ctx, tx, tenant, e.ID, month, today)
	if err != nil {
		return v, err
	}
	for _, r := range m.Rows {
		spans := make([][2]int, len(r.Spans))
		for i, sp := range r.Spans {
			spans[i] = [2]int{sp.Start, sp.End}
		}
		marks := r.Marks
		if marks == nil {
			marks = []timesheetproj.Mark{}
		}
		sj, err := json.Marshal(spans)
		if err != nil {
			return v, err
		}
		mj, err := json.Marshal(marks)
		if err != nil {
			return v, err
		}
		v.Rows = append(v.Rows, Row{Date: r.Date.Format(time.DateOnly), Spans: sj, Marks: mj, Row: r.Row})
	}
	v.Totals, v.RowsHash, v.Closed, v.ClosedAt = m.Totals, m.RowsHash, m.Closed, m.ClosedAt
	if s := m.Signature; s != nil {
		v.Signature = &Signature{SignedAt: s.At, UserID: s.UserID, RowsHash: s.RowsHash, Totals: s.Totals, Superseded: s.Superseded}
	}
	return v, nil
}

// Today is the calendar day in São Paulo (the tenant's clock): the rows before it are final.
func Today(now time.Time) time.Time {
	loc, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		loc = time.UTC
	}
	y, mo, d := now.In(loc).Date()
	return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC)
}
