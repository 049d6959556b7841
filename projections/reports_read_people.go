package projections

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// LateTolerance is how long after the schedule's start a first mark still counts as on time.
const LateTolerance = 10 * time.Minute

// ClockDayRow is one day of the time-clock report.
type ClockDayRow struct {
	Day      string `json:"day"`
	People   int    `json:"people"`
	Marks    int    `json:"marks"`
	Late     int    `json:"late"`    // first mark later than the schedule's start + LateTolerance
	Missing  int    `json:"missing"` // marks short of what the schedule expects, on days with a mark
	Refused  int    `json:"refused"`
	Adjusted int    `json:"adjusted"`
}

// ClockPersonRow is one employee over the period.
type ClockPersonRow struct {
	EmployeeID string `json:"employeeId"`
	Name       string `json:"name"`
	Department string `json:"department"`
	Days       int    `json:"days"`
	Marks      int    `json:"marks"`
	Late       int    `json:"late"`
	Missing    int    `json:"missing"`
	Refused    int    `json:"refused"`
}

// ClockReport is GET reports/clock.
type ClockReport struct {
	Scope    string           `json:"scope"`
	Days     []ClockDayRow    `json:"days"`
	Refusals map[string]int   `json:"refusals"` // by reason (the clock's refusal keys)
	People   []ClockPersonRow `json:"people"`   // most late or missing first
	Asked    int              `json:"adjustmentsAsked"`
	Approved int              `json:"adjustmentsApproved"`
}

// Clock reads the time-clock report of the period: totals per day, refusals by reason, the
// people with the most late arrivals and missing punches (whole months: the months the period
// touches), and the adjustments asked (sent requests of origin AjustePonto) and approved. The
// tenant-wide totals come from the day × department × unit rollup, a team's or one's own from
// the employee-days; the people from the month × employee rollup.
func (Reports) Clock(ctx context.Context, tx pgx.Tx, q ReportQuery) (ClockReport, error) {
	out := ClockReport{Scope: q.Scope, Days: []ClockDayRow{}, People: []ClockPersonRow{}, Refusals: map[string]int{}}
	w := q.where("employee_id")
	days := `
SELECT t.day, sum(t.people), sum(t.marks), sum(t.late), sum(t.missing),
       sum(t.refused_area), sum(t.refused_layoff), sum(t.refused_inactive), sum(t.refused_other), sum(t.adjusted)
FROM report_clock_days t
WHERE t.tenant_id = app_tenant() AND t.day BETWEEN $4 AND $5 AND $1::uuid IS NOT NULL
  AND ($2::uuid IS NULL OR t.business_unit_id = $2) AND ($3::uuid IS NULL OR t.department_id = $3)
GROUP BY 1 ORDER BY 1`
	if q.Scope != "tenant" {
		late := fmt.Sprintf("t.first_mark > t.expected_start + interval '%d minutes'", int(LateTolerance.Minutes()))
		days = fmt.Sprintf(`
SELECT t.day, count(*) FILTER (WHERE t.marks > 0), sum(t.marks), count(*) FILTER (WHERE %[1]s),
       sum(greatest(t.expected_marks - t.marks, 0) * (t.marks > 0)::int),
       sum(t.refused_area), sum(t.refused_layoff), sum(t.refused_inactive), sum(t.refused_other), sum(t.adjusted)
FROM report_clock_daily t
WHERE t.tenant_id = app_tenant() AND t.day BETWEEN $4 AND $5 AND %[2]s
GROUP BY 1 ORDER BY 1`, late, w)
	}
	rows, err := tx.Query(ctx, days, q.args(q.From, q.To)...)
	if err != nil {
		return out, err
	}
	var area, layoff, inactive, other int
	for rows.Next() {
		var r ClockDayRow
		var day time.Time
		var a, l, i, o int
		if err := rows.Scan(&day, &r.People, &r.Marks, &r.Late, &r.Missing, &a, &l, &i, &o, &r.Adjusted); err != nil {
			rows.Close()
			return out, err
		}
		r.Day, r.Refused = day.Format(time.DateOnly), a+l+i+o
		area, layoff, inactive, other = area+a, layoff+l, inactive+i, other+o
		out.Days = append(out.Days, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	out.Refusals = map[string]int{"fora_da_area": area, "periodo_afastamento": layoff, "colaborador_inativo": inactive, "outro": other}
	rows, err = tx.Query(ctx, fmt.Sprintf(`
SELECT t.employee_id::text, coalesce(e.name, ''), coalesce(d.name, ''), sum(t.days), sum(t.marks), sum(t.late), sum(t.missing), sum(t.refused)
FROM report_clock_months t
LEFT JOIN employees e ON e.tenant_id = t.tenant_id AND e.id = t.employee_id
LEFT JOIN departments d ON d.tenant_id = t.tenant_id AND d.id = t.department_id
WHERE t.tenant_id = app_tenant() AND t.month BETWEEN date_trunc('month', $4::date) AND $5 AND %s
GROUP BY 1, 2, 3 ORDER BY sum(t.late) + sum(t.missing) DESC, 2 LIMIT 100`, w), q.args(q.From, q.To)...)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var p ClockPersonRow
		if err := rows.Scan(&p.EmployeeID, &p.Name, &p.Department, &p.Days, &p.Marks, &p.Late, &p.Missing, &p.Refused); err != nil {
			rows.Close()
			return out, err
		}
		out.People = append(out.People, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	err = tx.QueryRow(ctx, fmt.Sprintf(`
WITH r AS (
    SELECT t.request_id, bool_and(t.outcome = 'approved') AS approved, max(t.decided_at) AS decided,
           min(t.opened_at) FILTER (WHERE t.step = 0) AS sent
    FROM report_approval_steps t WHERE t.tenant_id = app_tenant() AND t.origin = 12 AND %s
    GROUP BY 1)
SELECT count(*) FILTER (WHERE sent >= $4::date AND sent < $5::date + 1),
       count(*) FILTER (WHERE approved AND decided >= $4::date AND decided < $5::date + 1)
FROM r`, q.where("subject_employee_id")), q.args(q.From, q.To)...).Scan(&out.Asked, &out.Approved)
	return out, err
}

// VacationPersonRow is one employee's vacation standing on the report's last day.
type VacationPersonRow struct {
	EmployeeID   string  `json:"employeeId"`
	Name         string  `json:"name"`
	Department   string  `json:"department"`
	Balance      int     `json:"balance"`      // days left in acquired, open periods
	OverdueDays  int     `json:"overdueDays"`  // of them, in periods past their concessive end
	NextDeadline *string `json:"nextDeadline"` // the nearest concessive end with days left
	ExpiringIn   *int    `json:"expiringIn"`   // 30, 60 or 90 when that deadline is that close
}

// AwayWeek is who is away on vacation in one week.
type AwayWeek struct {
	Week   string   `json:"week"`
	Count  int      `json:"count"`
	People []string `json:"people"` // the first 20 names
}

// VacationsReport is GET reports/vacations.
type VacationsReport struct {
	Scope     string              `json:"scope"`
	People    []VacationPersonRow `json:"people"` // the most urgent first, at most 1,000
	Overdue   int                 `json:"overdue"`
	Expiring  map[string]int      `json:"expiring"` // people whose deadline is within 30, 60, 90 days
	Away      []AwayWeek          `json:"away"`
	Abono     int                 `json:"abono"`     // vacations with days sold, started in the period
	AbonoDays int                 `json:"abonoDays"` //
	Advance13 int                 `json:"advance13"` // vacations with the 13th-salary advance
}

// Vacations reads the vacations read model (vacation_entitlements, vacation_leaves,
// vacation_closures): balances and deadlines per person on the period's last day (CLT: 30
// days a year; a period's days must be taken within the 12 months after it), who is away
// each week and the abono and 13th advances taken in the period.
func (Reports) Vacations(ctx context.Context, tx pgx.Tx, q ReportQuery) (VacationsReport, error) {
	out := VacationsReport{Scope: q.Scope, People: []VacationPersonRow{}, Away: []AwayWeek{}, Expiring: map[string]int{"30": 0, "60": 0, "90": 0}}
	rows, err := tx.Query(ctx, fmt.Sprintf(`
WITH people AS (
    SELECT t.id AS employee_id, t.name, coalesce(d.name, '') AS department, v.hired
    FROM employees t
    JOIN vacation_entitlements v ON v.tenant_id = t.tenant_id AND v.employee_id = t.id
    LEFT JOIN departments d ON d.tenant_id = t.tenant_id AND d.id = t.department_id
    WHERE t.tenant_id = app_tenant() AND t.status <> 'inactive' AND $4::date <= $5::date AND %s
), used AS (
    SELECT l.employee_id, l.period, sum(l.days + l.abono_days) AS days
    FROM vacation_leaves l JOIN people p ON p.employee_id = l.employee_id
    WHERE l.tenant_id = app_tenant() AND l.status IN ('pending', 'scheduled')
    GROUP BY 1, 2
), periods AS (
    SELECT p.employee_id, i AS period, (p.hired + make_interval(years => i + 2) - interval '1 day')::date AS deadline,
           30 - coalesce(u.days, 0) AS remaining
    FROM people p
    CROSS JOIN LATERAL generate_series(0, greatest(0, (extract(year FROM age($5::date, p.hired)))::int - 1)) i
    LEFT JOIN used u ON u.employee_id = p.employee_id AND u.period = i
    LEFT JOIN vacation_closures c ON c.tenant_id = app_tenant() AND c.employee_id = p.employee_id AND c.period = i
    WHERE p.hired + make_interval(years => i + 1) <= $5::date AND c.employee_id IS NULL
)
SELECT p.employee_id::text, p.name, p.department, coalesce(sum(r.remaining), 0)::int,
       coalesce(sum(r.remaining) FILTER (WHERE r.deadline < $5), 0)::int,
       min(r.deadline) FILTER (WHERE r.deadline >= $5 AND r.remaining > 0)
FROM people p LEFT JOIN periods r ON r.employee_id = p.employee_id
GROUP BY 1, 2, 3
ORDER BY 5 DESC, 6 NULLS LAST, 2`, q.where("id")), q.args(q.From, q.To)...)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var p VacationPersonRow
		var deadline *time.Time
		if err := rows.Scan(&p.EmployeeID, &p.Name, &p.Department, &p.Balance, &p.OverdueDays, &deadline); err != nil {
			rows.Close()
			return out, err
		}
		if p.OverdueDays > 0 {
			out.Overdue++
		}
		if deadline != nil {
			s := deadline.Format(time.DateOnly)
			p.NextDeadline = &s
			left := int(deadline.Sub(q.To).Hours() / 24)
			for _, n := range []int{30, 60, 90} {
				if left <= n {
					p.ExpiringIn = &n
					out.Expiring[fmt.Sprint(n)]++
					break
				}
			}
		}
		if len(out.People) < 1000 {
			out.People = append(out.People, p)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	// Leaves carry no unit or department: the filters apply through the employee.
	who := fmt.Sprintf(`JOIN employees t ON t.tenant_id = l.tenant_id AND t.id = l.employee_id AND %s`, q.where("id"))
	rows, err = tx.Query(ctx, fmt.Sprintf(`
SELECT w.week, count(DISTINCT t.id), (array_agg(DISTINCT t.name))[1:20]
FROM (SELECT g::date AS week FROM generate_series(date_trunc('week', $4::date), $5::date, interval '7 days') g) w
JOIN (SELECT * FROM vacation_leaves WHERE tenant_id = app_tenant() AND status = 'scheduled' AND start_date <= $5 AND end_date >= $4::date - 6) l
  ON l.start_date <= w.week + 6 AND l.end_date >= w.week
%s
GROUP BY 1 ORDER BY 1`, who), q.args(q.From, q.To)...)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var a AwayWeek
		var week time.Time
		if err := rows.Scan(&week, &a.Count, &a.People); err != nil {
			rows.Close()
			return out, err
		}
		a.Week = week.Format(time.DateOnly)
		out.Away = append(out.Away, a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	err = tx.QueryRow(ctx, fmt.Sprintf(`
SELECT count(*) FILTER (WHERE l.abono_days > 0), coalesce(sum(l.abono_days), 0), count(*) FILTER (WHERE l.advance13)
FROM vacation_leaves l %s
WHERE l.tenant_id = app_tenant() AND l.status = 'scheduled' AND l.start_date BETWEEN $4 AND $5`, who), q.args(q.From, q.To)...).
		Scan(&out.Abono, &out.AbonoDays, &out.Advance13)
	return out, err
}

// HeadcountMonth is one month of headcount and movement.
type HeadcountMonth struct {
	Month   string `json:"month"` // YYYY-MM
	Active  int    `json:"active"`
	Hires   int    `json:"hires"`
	Leavers int    `json:"leavers"`
}

// HeadcountGroup is the headcount of one department on the period's last day.
type HeadcountGroup struct {
	Department string `json:"department"`
	Unit       string `json:"unit"`
	Active     int    `json:"active"`
}

// HeadcountReport is GET reports/headcount.
type HeadcountReport struct {
	Scope  string           `json:"scope"`
	Months []HeadcountMonth `json:"months"`
	Groups []HeadcountGroup `json:"groups"`
}

// Headcount reads the employees HR keeps (hire and termination dates): active people at each
// month's end, hires and leavers per month, and the headcount per department and unit.
func (Reports) Headcount(ctx context.Context, tx pgx.Tx, q ReportQuery) (HeadcountReport, error) {
	out := HeadcountReport{Scope: q.Scope, Months: []HeadcountMonth{}, Groups: []HeadcountGroup{}}
	w := q.where("id")
	rows, err := tx.Query(ctx, fmt.Sprintf(`
WITH months AS (
    SELECT m::date AS first, (m + interval '1 month' - interval '1 day')::date AS last
    FROM generate_series(date_trunc('month', $4::date), $5::date, interval '1 month') m
)
SELECT to_char(m.first, 'YYYY-MM'),
       count(*) FILTER (WHERE t.hire_date <= m.last AND (t.termination_date IS NULL OR t.termination_date > m.last)),
       count(*) FILTER (WHERE t.hire_date BETWEEN m.first AND m.last),
       count(*) FILTER (WHERE t.termination_date BETWEEN m.first AND m.last)
FROM months m LEFT JOIN employees t ON t.tenant_id = app_tenant() AND t.hire_date <= m.last AND %s
GROUP BY m.first ORDER BY m.first`, w), q.args(q.From, q.To)...)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var m HeadcountMonth
		if err := rows.Scan(&m.Month, &m.Active, &m.Hires, &m.Leavers); err != nil {
			rows.Close()
			return out, err
		}
		out.Months = append(out.Months, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	rows, err = tx.Query(ctx, fmt.Sprintf(`
SELECT coalesce(d.name, ''), coalesce(u.name, ''), count(*)
FROM employees t
LEFT JOIN departments d ON d.tenant_id = t.tenant_id AND d.id = t.department_id
LEFT JOIN business_units u ON u.tenant_id = t.tenant_id AND u.id = t.business_unit_id
WHERE t.tenant_id = app_tenant() AND t.hire_date <= $5 AND (t.termination_date IS NULL OR t.termination_date > $5)
  AND $4::date IS NOT NULL AND %s
GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2`, w), q.args(q.From, q.To)...)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var g HeadcountGroup
		if err := rows.Scan(&g.Department, &g.Unit, &g.Active); err != nil {
			return out, err
		}
		out.Groups = append(out.Groups, g)
	}
	return out, rows.Err()
}
