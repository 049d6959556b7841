package attendance

import (
	"context"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/readapi/httpx"
)

// AbsentFigures are the minutes of a group (a month, a department, a person or a day):
// Scheduled the minutes of the schedule (owed, plus those of leave days), and the absent
// ones by reason: Unjustified (days of unjustified absence), Excused (medical and other
// leave, abonos) and Late (late arrivals beyond the tolerance). Rate is all three over
// Scheduled; null when nothing was scheduled.
type AbsentFigures struct {
	Scheduled   int      `json:"scheduled"`
	Unjustified int      `json:"unjustified"`
	Excused     int      `json:"excused"`
	Late        int      `json:"late"`
	Rate        *float64 `json:"rate"`
}

func (f *AbsentFigures) rate() {
	if f.Scheduled > 0 {
		r := math.Round(float64(f.Unjustified+f.Excused+f.Late)/float64(f.Scheduled)*10000) / 10000
		f.Rate = &r
	}
}

// AbsentMonth is a month of the trend.
type AbsentMonth struct {
	Month string `json:"month"`
	AbsentFigures
}

// AbsentGroup is a department's (or a person's) line of a month.
type AbsentGroup struct {
	ID         uuid.UUID `json:"id"`
	Name       string    `json:"name"`
	Department string    `json:"department,omitempty"`
	AbsentFigures
}

// AbsentReport is the absenteeism of a scope: the trend of the twelve months ending at Month,
// and Month by department.
type AbsentReport struct {
	Scope       string        `json:"scope"` // tenant or team
	Month       string        `json:"month"`
	Trend       []AbsentMonth `json:"trend"`
	Departments []AbsentGroup `json:"departments"`
	Total       AbsentFigures `json:"total"`
}

// AbsentQuery is the scope, the month and an optional department of an absenteeism read.
type AbsentQuery struct {
	Scope Scope
	Month time.Time // first day
	Dept  *uuid.UUID
}

// figures are the sums of timesheet_months rows m as AbsentFigures' first four fields.
const figures = `sum(m.expected + m.leave)::int, sum(m.absent)::int, sum(m.leave + m.excused)::int, sum(m.late)::int`

// where narrows timesheet_months m to the query's team ($1: the manager of the month, null for
// the tenant) and department ($2).
const where = `m.tenant_id = app_tenant() AND ($1::uuid IS NULL OR m.manager_id = $1) AND ($2::uuid IS NULL OR m.department_id = $2)`

func (q AbsentQuery) args() []any {
	var manager *uuid.UUID
	if !q.Scope.Tenant {
		manager = &q.Scope.Manager
	}
	return []any{manager, q.Dept}
}

// absentRows are the rows Absenteeism sums, r (month, department_id, scheduled, unjustified,
// excused, late) of the query's department ($2): a team's from its people's months ($1, the
// manager of the month), the tenant's ($1 null) from the month × department rollup the
// timesheet projection keeps (timesheet_month_departments: 144 rows for twelve months of
// 5,000 people rather than 60,000).
func absentRows(tenant bool) string {
	if tenant {
		return `(SELECT g.tenant_id, g.month, g.department_id, g.scheduled, g.unjustified, g.excused, g.late
FROM timesheet_month_departments g
WHERE g.tenant_id = app_tenant() AND $1::uuid IS NULL AND ($2::uuid IS NULL OR g.department_id = $2) AND g.people > 0) r`
	}
	return `(SELECT m.tenant_id, m.month, m.department_id, m.expected + m.leave AS scheduled, m.absent AS unjustified,
       m.leave + m.excused AS excused, m.late
FROM timesheet_months m WHERE ` + where + `) r`
}

// absentSums are the sums of absentRows as AbsentFigures' first four fields.
const absentSums = `sum(r.scheduled)::int, sum(r.unjustified)::int, sum(r.excused)::int, sum(r.late)::int`

// Absenteeism reads the trend (every one of the twelve months, zero when no rows) and the
// month by department, from the months' totals (each row keeps the department and manager
// the employee had that month).
func Absenteeism(ctx context.Context, tx pgx.Tx, q AbsentQuery) (AbsentReport, error) {
	out := AbsentReport{Scope: "team", Month: q.Month.Format("2006-01"), Departments: []AbsentGroup{}}
	if q.Scope.Tenant {
		out.Scope = "tenant"
	}
	src := absentRows(q.Scope.Tenant)
	trend := `SELECT r.month, ` + absentSums + ` FROM ` + src + ` WHERE r.month BETWEEN $3 AND $4 GROUP BY r.month`
	departments := `SELECT r.department_id, coalesce(d.name, ''), '', ` + absentSums + ` FROM ` + src + `
LEFT JOIN departments d ON d.tenant_id = r.tenant_id AND d.id = r.department_id
WHERE r.month = $3 GROUP BY 1, 2 ORDER BY 2, 1`
	from := q.Month.AddDate(0, -11, 0)
	byMonth := map[string]AbsentFigures{}
	rows, err := tx.Query(ctx, trend, append(q.args(), from, q.Month)...)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var m time.Time
		var f AbsentFigures
		if err := rows.Scan(&m, &f.Scheduled, &f.Unjustified, &f.Excused, &f.Late); err != nil {
			return out, err
		}
		byMonth[m.Format("2006-01")] = f
	}
	if err := rows.Err(); err != nil {
		return out, err
	}
	for m := from; !m.After(q.Month); m = m.AddDate(0, 1, 0) {
		f := byMonth[m.Format("2006-01")]
		f.rate()
		out.Trend = append(out.Trend, AbsentMonth{Month: m.Format("2006-01"), AbsentFigures: f})
	}
	out.Total = out.Trend[len(out.Trend)-1].AbsentFigures
	out.Departments, err = groups(ctx, tx, departments, append(q.args(), q.Month)...)
	return out, err
}

// AbsentPeople reads the month's line of each person of the scope (and department), by name.
func AbsentPeople(ctx context.Context, tx pgx.Tx, q AbsentQuery) ([]AbsentGroup, error) {
	return groups(ctx, tx, `SELECT m.employee_id, coalesce(e.name, ''), coalesce(d.name, ''), `+figures+` FROM timesheet_months m
LEFT JOIN employees e ON e.tenant_id = m.tenant_id AND e.id = m.employee_id
LEFT JOIN departments d ON d.tenant_id = m.tenant_id AND d.id = m.department_id
WHERE `+where+` AND m.month = $3 GROUP BY 1, 2, 3 ORDER BY 2, 1`, append(q.args(), q.Month)...)
}

func groups(ctx context.Context, tx pgx.Tx, sql string, args ...any) ([]AbsentGroup, error) {
	out := []AbsentGroup{}
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var g AbsentGroup
		if err := rows.Scan(&g.ID, &g.Name, &g.Department, &g.Scheduled, &g.Unjustified, &g.Excused, &g.Late); err != nil {
			return out, err
		}
		g.rate()
		out = append(out, g)
	}
	return out, rows.Err()
}

// AbsentDay is a day of a person's month with minutes scheduled and some of them absent.
type AbsentDay struct {
	Day     string `json:"day"`
	Kind    string `json:"kind"`
	Absent  bool   `json:"absent"`
	Missing int    `json:"missing"` // owed and not worked (a partial absence too)
	AbsentFigures
}

// AbsentDays reads the days of an employee's month that had absent minutes.
func AbsentDays(ctx context.Context, tx pgx.Tx, employee uuid.UUID, month time.Time) ([]AbsentDay, error) {
	out := []AbsentDay{}
	rows, err := tx.Query(ctx, `SELECT day, kind, absent, missing, expected + leave, CASE WHEN absent THEN missing ELSE 0 END, leave + excused, late
FROM timesheet_days WHERE tenant_id = app_tenant() AND employee_id = $1 AND day >= $2 AND day < $3
  AND (absent OR missing > 0 OR leave > 0 OR excused > 0 OR late > 0) ORDER BY day`, employee, month, month.AddDate(0, 1, 0))
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var d AbsentDay
		var day time.Time
		if err := rows.Scan(&day, &d.Kind, &d.Absent, &d.Missing, &d.Scheduled, &d.Unjustified, &d.Excused, &d.Late); err != nil {
			return out, err
		}
		d.Day = day.Format(time.DateOnly)
		d.rate()
		out = append(out, d)
	}
	return out, rows.Err()
}

func (s *API) absentQuery(c echo.Context) (AbsentQuery, error) {
	sc, err := scopeOf(c)
	if err != nil {
		return AbsentQuery{}, err
	}
	month, err := s.monthOf(c)
	if err != nil {
		return AbsentQuery{}, err
	}
	dept, err := httpx.QueryUUID(c, "dept", false)
	if err != nil {
		return AbsentQuery{}, err
	}
	q := AbsentQuery{Scope: sc, Month: month}
	if dept != uuid.Nil {
		q.Dept = &dept
	}
	return q, nil
}

// absenteeism answers GET absenteeism?scope&month&dept.
func (s *API) absenteeism(c echo.Context) error {
	q, err := s.absentQuery(c)
	if err != nil {
		return err
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (AbsentReport, error) { return Absenteeism(ctx, tx, q) })
}

// absentPeople answers GET absenteeism/people?scope&month&dept.
func (s *API) absentPeople(c echo.Context) error {
	q, err := s.absentQuery(c)
	if err != nil {
		return err
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]AbsentGroup, error) { return AbsentPeople(ctx, tx, q) })
}

// AbsentPerson is a person's month, day by day.
type AbsentPerson struct {
	Employee Employee    `json:"employee"`
	Month    string      `json:"month"`
	Days     []AbsentDay `json:"days"`
}

// absentDays answers GET absenteeism/days?employee&month: a person of the caller's scope
// (a manager's report now or in that month).
func (s *API) absentDays(c echo.Context) error {
	q, err := s.absentQuery(c)
	if err != nil {
		return err
	}
	id, err := httpx.QueryUUID(c, "employee", true)
	if err != nil {
		return err
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (AbsentPerson, error) {
		e, err := employeeIn(ctx, tx, q.Scope, id, &q.Month)
		if err != nil {
			return AbsentPerson{}, err
		}
		days, err := AbsentDays(ctx, tx, id, q.Month)
		return AbsentPerson{Employee: e, Month: q.Month.Format("2006-01"), Days: days}, err
	})
}
