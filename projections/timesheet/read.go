package timesheet

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ts "portal/domain/timesheet"
)

// Signature is an employee's last signature of a month.
type Signature struct {
	UserID     uuid.UUID `json:"userId"`
	At         time.Time `json:"at"`
	Totals     ts.Totals `json:"totals"`
	RowsHash   string    `json:"rowsHash"`
	Superseded bool      `json:"superseded"` // the rows changed after it
}

// MonthView is an employee's month: a row a day up to today (today's in progress, not final),
// the totals of the days before today, the hash of those rows (what signing names), HR's
// closing and the employee's signature.
type MonthView struct {
	Employee  uuid.UUID
	Month     time.Time
	Rows      []DayRow
	Open      time.Time // the first day whose row is not final (today's and later ones move)
	Totals    ts.Totals
	RowsHash  string
	Closed    bool
	ClosedAt  *time.Time
	ClosedBy  *uuid.UUID
	Signature *Signature
}

// Read returns an employee's month as of today (a calendar day). Final days come from the
// read model; the days after the last final one (and any before the tenant's first event)
// are computed from the projection's own marks, abonos and vacations, as the projection
// will write them.
func Read(ctx context.Context, tx pgx.Tx, tenant, employee uuid.UUID, month, today time.Time) (MonthView, error) {
	v := MonthView{Employee: employee, Month: month}
	start, end := ts.WeekStart(month), month.AddDate(0, 1, -1)
	got, err := stored(ctx, tx, tenant, []uuid.UUID{employee}, start, end)
	if err != nil {
		return v, err
	}
	rows := got[employee]
	var since, through *time.Time
	if err := tx.QueryRow(ctx, `SELECT since, through FROM timesheet_tenants WHERE tenant_id = $1`, tenant).Scan(&since, &through); err != nil && err != pgx.ErrNoRows {
		return v, err
	}
	c, err := newCalc(ctx, tx, tenant)
	if err != nil {
		return v, err
	}
	if err := c.loadEmployees(ctx, tx, []uuid.UUID{employee}); err != nil {
		return v, err
	}
	e := c.emps[employee]
	if e == nil {
		return v, pgx.ErrNoRows
	}
	have := map[time.Time]bool{}
	for _, r := range rows {
		have[r.Date] = true
	}
	want := map[time.Time]bool{}
	for d := start; !d.After(end) && !d.After(today); d = d.AddDate(0, 0, 1) {
		if !have[d] && (through == nil || d.After(*through) || d.Before(*since)) && e.employed(d) {
			want[d] = true
		}
	}
	live, err := c.rows(ctx, tx, map[uuid.UUID]map[time.Time]bool{employee: want})
	if err != nil {
		return v, err
	}
	rows = append(rows, live...)
	sortRows(rows)
	v.Open = today
	if through != nil && through.AddDate(0, 0, 1).Before(today) {
		v.Open = through.AddDate(0, 0, 1)
	}
	var done []DayRow
	for _, r := range rows {
		if r.Date.Before(today) {
			done = append(done, r)
		}
		if !r.Date.Before(month) {
			v.Rows = append(v.Rows, r)
		}
	}
	v.Totals, v.RowsHash, _ = Totals(month, done)
	if err := tx.QueryRow(ctx, `SELECT closed, at, by_user FROM timesheet_closures WHERE tenant_id = $1 AND month = $2`,
		tenant, month).Scan(&v.Closed, &v.ClosedAt, &v.ClosedBy); err != nil && err != pgx.ErrNoRows {
		return v, err
	}
	var s Signature
	var totals []byte
	switch err := tx.QueryRow(ctx, `SELECT user_id, signed_at, totals, rows_hash FROM timesheet_signatures
WHERE tenant_id = $1 AND employee_id = $2 AND month = $3`, tenant, employee, month).Scan(&s.UserID, &s.At, &totals, &s.RowsHash); err {
	case nil:
		if err := json.Unmarshal(totals, &s.Totals); err != nil {
			return v, err
		}
		s.Superseded = s.RowsHash != v.RowsHash
		v.Signature = &s
	case pgx.ErrNoRows:
	default:
		return v, err
	}
	return v, nil
}

func sortRows(rows []DayRow) {
	slices.SortFunc(rows, func(a, b DayRow) int { return a.Date.Compare(b.Date) })
}
