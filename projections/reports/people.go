package reports

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
)

// ClockDayRow is one day of the time-clock report.
type ClockDayRow struct {
	Day      string `json:"day"`
	People   int    `json:"people"`
	Marks    int    `json:"marks"`
	Late     int    `json:"late"`    // first mark later than the schedule's start + clock.LateTolerance
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
	if err := planEach(ctx, tx); err != nil {
		return out, err
	}
	w := q.where("employee_id")
	days := `
SELECT t.day, sum(t.people), sum(t.marks), sum(t.late), sum(t.missing),
       sum(t.refused_area), sum(t.refused_layoff), sum(t.refused_inactive), sum(t.refused_other), sum(t.adjusted)
FROM report_clock_days t
WHERE t.tenant_id = (SELECT app_tenant()) AND t.day BETWEEN $4 AND $5 AND $1::uuid IS NOT NULL
  AND ($2::uuid IS NULL OR t.business_unit_id = $2) AND ($3::uuid IS NULL OR t.department_id = $3)
GROUP BY 1 ORDER BY 1`
	args := q.args(q.From, q.To)
	months, before, whole := clockYearToDates(q.From, q.To)
	whole = whole && q.Scope == "tenant" && q.Unit == nil && q.Dept == nil
	if whole {
		// The whole tenant: one row a day, the day × department × unit rows summed (260
		// rows a year, where those are 15,600).
		days = `
SELECT t.day, t.people, t.marks, t.late, t.missing, t.refused_area, t.refused_layoff, t.refused_inactive, t.refused_other, t.adjusted
FROM report_clock_tenant_days t
WHERE t.tenant_id = (SELECT app_tenant()) AND t.day BETWEEN $1 AND $2 AND t.groups > 0
ORDER BY 1`
		args = []any{q.From, q.To}
	}
	if q.Scope != "tenant" {
		late := fmt.Sprintf("t.first_mark > t.expected_start + interval '%d minutes'", int(clock.LateTolerance.Minutes()))
		days = fmt.Sprintf(`
SELECT t.day, count(*) FILTER (WHERE t.marks > 0), sum(t.marks), count(*) FILTER (WHERE %[1]s),
       sum(greatest(t.expected_marks - t.marks, 0) * (t.marks > 0)::int),
       sum(t.refused_area), sum(t.refused_layoff), sum(t.refused_inactive), sum(t.refused_other), sum(t.adjusted)
FROM report_clock_daily t
WHERE t.tenant_id = (SELECT app_tenant()) AND t.day BETWEEN $4 AND $5 AND %[2]s
GROUP BY 1 ORDER BY 1`, late, w)
	}
	rows, err := tx.Query(ctx, days, args...)
	if err != nil {
		return out, err
	}
	var area, layoff, inactive, other int
	today := q.Now.In(clock.Zone).Format(time.DateOnly) // days are local
	for rows.Next() {
		var r ClockDayRow
		var day time.Time
		var a, l, i, o int
		if err := rows.Scan(&day, &r.People, &r.Marks, &r.Late, &r.Missing, &a, &l, &i, &o, &r.Adjusted); err != nil {
			rows.Close()
			return out, err
		}
		r.Day, r.Refused = day.Format(time.DateOnly), a+l+i+o
		if r.Day >= today {
			// The working day is still going: a mark not made yet is not missing until the day is over.
			r.Missing = 0
		}
		area, layoff, inactive, other = area+a, layoff+l, inactive+i, other+o
		out.Days = append(out.Days, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	out.Refusals = map[string]int{"fora_da_area": area, "periodo_afastamento": layoff, "colaborador_inativo": inactive, "outro": other}
	// Summed per employee first (uuid keys), named after: the names of 5,000 people, not of
	// their 60,000 months. The months count today's marks not made yet as missing: today's
	// employee-days take them back out, as the day rows above do, until the day is over.
	if whole {
		end := months[len(months)-1].AddDate(0, 1, 0) // the day after the run
		rows, err = tx.Query(ctx, clockPeopleYearToDate, months, before, today, end)
	} else {
		rows, err = tx.Query(ctx, fmt.Sprintf(`
SELECT t.employee_id::text, coalesce(e.name, ''), coalesce(d.name, ''), t.days, t.marks, t.late, t.missing, t.refused
FROM (SELECT t.employee_id, sum(t.days) AS days, sum(t.marks) AS marks, sum(t.late) AS late,
             sum(t.missing) - coalesce((SELECT sum(greatest(n.expected_marks - n.marks, 0) * (n.marks > 0)::int)
                                        FROM report_clock_daily n
                                        WHERE n.tenant_id = (SELECT app_tenant()) AND n.employee_id = t.employee_id
                                          AND n.day >= $6::date AND n.day < (max(t.month) + interval '1 month')::date), 0) AS missing,
             sum(t.refused) AS refused
      FROM report_clock_months t
      WHERE t.tenant_id = (SELECT app_tenant()) AND t.month BETWEEN date_trunc('month', $4::date)::date AND $5 AND %s
      GROUP BY 1) t
LEFT JOIN employees e ON e.tenant_id = (SELECT app_tenant()) AND e.id = t.employee_id
LEFT JOIN departments d ON d.tenant_id = (SELECT app_tenant()) AND d.id = e.department_id
ORDER BY t.late + t.missing DESC, 2 LIMIT 100`, w), q.args(q.From, q.To, today)...)
	}
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
	// The adjustment requests counted are those with a step opened (the request sent) or
	// decided (the last decision) in the period: found by those two times first (partial
	// indexes of origin 12), then summed over all their steps (one probe of the origin index
	// per request), rather than summing every adjustment request the tenant ever had: a
	// period's cost follows its own requests, not the history kept (the bench's 30,000 steps
	// over three years, none of them in its last year).
	if q.Scope == "tenant" && q.Unit == nil && q.Dept == nil {
		// The whole tenant: the UTC days' counts (migration 00460), the hours around them
		// from the steps.
		err = tx.QueryRow(ctx, clockAdjustmentsTenant, q.From, q.To).Scan(&out.Asked, &out.Approved)
		return out, err
	}
	scope := q.where("subject_employee_id")
	err = tx.QueryRow(ctx, fmt.Sprintf(`
WITH ids AS (
    SELECT t.request_id FROM report_approval_steps t
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 AND t.opened_at >= $4::date::timestamptz
      AND t.opened_at < ($5::date + 1)::timestamptz AND %[1]s
    UNION
    SELECT t.request_id FROM report_approval_steps t
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 AND t.decided_at >= $4::date::timestamptz
      AND t.decided_at < ($5::date + 1)::timestamptz AND %[1]s
), r AS (
    SELECT t.request_id, bool_and(t.outcome = 'approved') AS approved, max(t.decided_at) AS decided,
           min(t.opened_at) FILTER (WHERE t.step = 0) AS sent
    FROM report_approval_steps t
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 AND t.request_id = ANY (ARRAY(SELECT request_id FROM ids)) AND %[1]s
    GROUP BY 1)
SELECT count(*) FILTER (WHERE sent >= $4::date AND sent < $5::date + 1),
       count(*) FILTER (WHERE approved AND decided >= $4::date AND decided < $5::date + 1)
FROM r`, scope), q.args(q.From, q.To)...).Scan(&out.Asked, &out.Approved)
	return out, err
}

// clockYearToDates is the run of whole months from from's to to's as report_clock_ytd's rows
// (migration 00390): the month before from's, to subtract (none from January: a year to date
// starts there), the Decembers of the years before to's, and to's month, last. ok is false for
// an empty run (from after to).
func clockYearToDates(from, to time.Time) (months []time.Time, before *time.Time, ok bool) {
	first := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC)
	last := time.Date(to.Year(), to.Month(), 1, 0, 0, 0, 0, time.UTC)
	if first.After(last) {
		return nil, nil, false
	}
	if first.Month() != time.January {
		b := first.AddDate(0, -1, 0)
		before = &b
		months = append(months, b)
	}
	for y := first.Year(); y < last.Year(); y++ {
		months = append(months, time.Date(y, time.December, 1, 0, 0, 0, 0, time.UTC))
	}
	return append(months, last), before, true
}

// clockPeopleYearToDate is the people of Clock over the whole tenant: each employee's months
// from the year-to-date rows ($1, less $2's), a few rows each where the months are 12 to 36
// (the employees who have a month row in the run: months > 0). Today's marks not made yet
// come out of missing as in the months' query (clockTodaysMissing).
//
// Only the first 100 are shown, by late + missing: the figures that order them are summed
// for everyone first (one sum a row), and the rest of the figures, the names and the
// departments are read for the employees ranked 100th or better only (rank: ties with the
// 100th included, so that the names settle them as before). The year to date of 5,000 people
// summed six times and named was most of the report's time (a year: 14,625 rows, 21 ms of
// the server's CPU of 22).
const clockPeopleYearToDate = `
SELECT t.employee_id::text, coalesce(e.name, ''), coalesce(d.name, ''), t.days, t.marks, t.late, t.missing, t.refused
FROM (SELECT t.employee_id, sum(s.sign * t.days) AS days, sum(s.sign * t.marks) AS marks, sum(s.sign * t.late) AS late,
             sum(s.sign * t.missing) - ` + clockTodaysMissing + ` AS missing, sum(s.sign * t.refused) AS refused
      FROM report_clock_ytd t, LATERAL (SELECT CASE WHEN t.month = $2::date THEN -1 ELSE 1 END AS sign) s
      WHERE t.tenant_id = (SELECT app_tenant()) AND t.month = ANY ($1::date[])
        AND t.employee_id = ANY (ARRAY(
            SELECT r.employee_id
            FROM (SELECT t.employee_id, rank() OVER (ORDER BY sum(CASE WHEN t.month = $2::date THEN -(t.late + t.missing) ELSE t.late + t.missing END)
                                                            - ` + clockTodaysMissing + ` DESC) AS rank
                  FROM report_clock_ytd t
                  WHERE t.tenant_id = (SELECT app_tenant()) AND t.month = ANY ($1::date[])
                  GROUP BY 1) r
            WHERE r.rank <= 100))
      GROUP BY 1
      HAVING sum(s.sign * t.months) > 0) t
LEFT JOIN employees e ON e.tenant_id = (SELECT app_tenant()) AND e.id = t.employee_id
LEFT JOIN departments d ON d.tenant_id = (SELECT app_tenant()) AND d.id = e.department_id
ORDER BY t.late + t.missing DESC, 2 LIMIT 100`

// clockTodaysMissing is the marks not made yet of employee t.employee_id from today ($3) to
// the run's end ($4), read per employee only when the tenant has a missing mark on one of
// those days (missing counts are never negative, so none in the tenant is none for anyone).
const clockTodaysMissing = `CASE WHEN (SELECT EXISTS (SELECT FROM report_clock_tenant_days g
                          WHERE g.tenant_id = (SELECT app_tenant()) AND g.day >= $3::date AND g.day < $4::date AND g.missing > 0))
     THEN coalesce((SELECT sum(greatest(n.expected_marks - n.marks, 0) * (n.marks > 0)::int)
                    FROM report_clock_daily n
                    WHERE n.tenant_id = (SELECT app_tenant()) AND n.employee_id = t.employee_id
                      AND n.day >= $3::date AND n.day < $4::date), 0)
     ELSE 0 END`

// clockAdjustmentsTenant is the adjustment requests of Clock over the whole tenant: asked
// and approved in the whole UTC days of the period [$1, $2] (days of the session's time zone)
// from report_clock_adjustment_days, and in the hours around them ([lo, m1) and [m2, hi),
// empty under UTC) from the steps as the other scopes read them: the step 0 opened there; the
// requests with a step decided there, approved when all their steps are and the last decision
// is there.
const clockAdjustmentsTenant = approvalDaysSQL + `,
e AS (
    SELECT t.request_id FROM report_approval_steps t, w
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 AND t.decided_at >= w.lo AND t.decided_at < w.m1
    UNION
    SELECT t.request_id FROM report_approval_steps t, w
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 AND t.decided_at >= w.m2 AND t.decided_at < w.hi)
SELECT (SELECT coalesce(sum(r.asked), 0) FROM report_clock_adjustment_days r, w WHERE r.tenant_id = (SELECT app_tenant()) AND r.day >= w.a AND r.day < w.z)
     + (SELECT count(*) FROM report_approval_steps t, w
        WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 AND t.step = 0 AND t.opened_at >= w.lo AND t.opened_at < w.m1)
     + (SELECT count(*) FROM report_approval_steps t, w
        WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 AND t.step = 0 AND t.opened_at >= w.m2 AND t.opened_at < w.hi),
       (SELECT coalesce(sum(r.approved), 0) FROM report_clock_adjustment_days r, w WHERE r.tenant_id = (SELECT app_tenant()) AND r.day >= w.a AND r.day < w.z)
     + (SELECT count(*) FROM (
            SELECT t.request_id FROM report_approval_steps t, w
            WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 AND t.request_id = ANY (ARRAY(SELECT request_id FROM e))
            GROUP BY t.request_id, w.lo, w.m1, w.m2, w.hi
            HAVING bool_and(t.outcome = 'approved')
               AND ((max(t.decided_at) >= w.lo AND max(t.decided_at) < w.m1) OR (max(t.decided_at) >= w.m2 AND max(t.decided_at) < w.hi))) x)`

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

// Vacations reads the vacations read model (vacation_entitlements with the projection's
// per-person rollup of leaves and closed periods, vacation_away_weeks, vacation_leaves):
// balances and deadlines per person on the period's last day (CLT: 30 days a year; a period's
// days must be taken within the 12 months after it), who is away each week and the abono and
// 13th advances taken in the period.
func (Reports) Vacations(ctx context.Context, tx pgx.Tx, q ReportQuery) (VacationsReport, error) {
	out := VacationsReport{Scope: q.Scope, People: []VacationPersonRow{}, Away: []AwayWeek{}, Expiring: map[string]int{"30": 0, "60": 0, "90": 0}}
	if err := planEach(ctx, tx); err != nil {
		return out, err
	}
	// n is the periods acquired by the last day: the last of them (n-1) is the only one whose
	// deadline is still ahead, the ones before are overdue. Each open period has 30 days less
	// what its leaves took; a closed one has none. What the leaves took and which periods are
	// closed, below any period, is the rollup the vacations projection keeps on the
	// entitlement (migrations/00400_vacation_standing.sql): one row a person rather than a join
	// and sum of every leave (12 ms of the report's CPU over 5,000 people and 15,000 leaves).
	//
	// n is the years age() counts, from the hire date as yyyymmdd (migrations/00540) and the
	// last day's ($6): 3 ms of server CPU less than extract(year FROM age()) over 5,000 people.
	// The order and the counts read the deadline as due, the yyyymmdd of the anniversary that
	// follows it (n+1, 29 February as 28 in a common year, as date + interval counts), which
	// orders as the deadline does: a deadline within 30 days of the last day is an anniversary
	// by the 31st day after it ($7; 60 and 90 days: $8, $9). The date itself is worked out for
	// the rows returned only. s is kept apart (OFFSET 0) so that the rollup's four figures are
	// read once a person, not in every expression that uses them.
	ymd := func(t time.Time) int { return t.Year()*10000 + int(t.Month())*100 + t.Day() }
	args := append(q.args(q.From, q.To), ymd(q.To), ymd(q.To.AddDate(0, 0, 31)), ymd(q.To.AddDate(0, 0, 61)), ymd(q.To.AddDate(0, 0, 91)))
	rows, err := tx.Query(ctx, fmt.Sprintf(`
WITH rows AS MATERIALIZED (
    SELECT t.id, t.name, t.department_id, v.hired, s.n,
           (30 * (s.n - s.periods) - s.used)::int AS balance,
           (30 * (greatest(s.n - 1, 0) - s.before) - s.used_before)::int AS overdue,
           CASE WHEN s.n > 0 AND s.periods = s.before AND s.used - s.used_before < 30 THEN s.y * 10000 +
                CASE WHEN s.md = 229 AND (s.y %% 4 <> 0 OR (s.y %% 100 = 0 AND s.y %% 400 <> 0)) THEN 228 ELSE s.md END END AS due
    FROM employees t
    JOIN vacation_entitlements v ON v.tenant_id = (SELECT app_tenant()) AND v.employee_id = t.id
    CROSS JOIN LATERAL (
        SELECT p.n, p.y, p.md,
               CASE WHEN p.n < p.f THEN 0 ELSE coalesce(p.u[least(p.n - p.f + 1, cardinality(p.u))], 0) END AS used,
               CASE WHEN p.n - 1 < p.f THEN 0 ELSE coalesce(p.u[least(p.n - p.f, cardinality(p.u))], 0) END AS used_before,
               CASE WHEN p.n < p.f THEN 0 ELSE coalesce(p.c[least(p.n - p.f + 1, cardinality(p.c))], 0) END AS periods,
               CASE WHEN p.n - 1 < p.f THEN 0 ELSE coalesce(p.c[least(p.n - p.f, cardinality(p.c))], 0) END AS before
        FROM (SELECT ($6::int - v.hired_ymd) / 10000 AS n, v.hired_ymd / 10000 + ($6::int - v.hired_ymd) / 10000 + 1 AS y,
                     v.hired_ymd %% 10000 AS md, v.periods_from AS f, v.used_before AS u, v.closed_before AS c) p
        OFFSET 0) s
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.status <> 'inactive' AND $4::date <= $5::date AND %s
), counts AS (
    SELECT count(*) FILTER (WHERE r.overdue > 0) AS overdue,
           count(*) FILTER (WHERE r.due <= $7) AS in30,
           count(*) FILTER (WHERE r.due > $7 AND r.due <= $8) AS in60,
           count(*) FILTER (WHERE r.due > $8 AND r.due <= $9) AS in90
    FROM rows r
)
SELECT c.id::text, c.name, coalesce(d.name, ''), c.balance, c.overdue,
       CASE WHEN c.due IS NOT NULL THEN (c.hired + make_interval(years => c.n + 1) - interval '1 day')::date END,
       n.overdue, n.in30, n.in60, n.in90
FROM (SELECT * FROM rows r ORDER BY r.overdue DESC, r.due NULLS LAST, r.name LIMIT 1000) c
CROSS JOIN counts n
LEFT JOIN departments d ON d.tenant_id = (SELECT app_tenant()) AND d.id = c.department_id
ORDER BY c.overdue DESC, c.due NULLS LAST, c.name`, q.where("id")), args...)
	if err != nil {
		return out, err
	}
	var in30, in60, in90 int // every row carries the scope's counts
	for rows.Next() {
		var p VacationPersonRow
		var deadline *time.Time
		if err := rows.Scan(&p.EmployeeID, &p.Name, &p.Department, &p.Balance, &p.OverdueDays, &deadline, &out.Overdue, &in30, &in60, &in90); err != nil {
			rows.Close()
			return out, err
		}
		if deadline != nil {
			s := deadline.Format(time.DateOnly)
			p.NextDeadline = &s
			left := int(deadline.Sub(q.To).Hours() / 24)
			for _, n := range []int{30, 60, 90} {
				if left <= n {
					p.ExpiringIn = &n
					break
				}
			}
		}
		out.People = append(out.People, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	out.Expiring = map[string]int{"30": in30, "60": in60, "90": in90}
	// Leaves carry no unit or department: the filters apply through the employee. Each leave
	// counts in the weeks (Mondays) it touches: the vacations projection keeps those as one
	// row a person and week (vacation_away_weeks, migrations/00401), with the earliest start
	// of the leaves touching it, so that a leave starting after the last day, in the last
	// week, is not counted yet.
	//
	// A week's names are its first 20 distinct names in the names' order (pt_br). Sorting
	// all of a week's names to drop the repeated ones (array_agg(DISTINCT)) was most of the
	// query: 47 sorts of 325 names, each comparison an ICU one (17 ms of server CPU against
	// 7 for the counts alone). The first 20 names of the week, repeats kept, need only a
	// top-N sort (about one comparison a name); when those 20 are distinct they are the
	// first 20 distinct names, and only a week where they are not (two people of the same
	// name among them) is sorted whole as before. The middle subquery is kept apart (OFFSET
	// 0) so that top is worked out once a week, not once for each place it is read.
	who := fmt.Sprintf(`JOIN employees t ON t.tenant_id = l.tenant_id AND t.id = l.employee_id AND %s`, q.where("id"))
	rows, err = tx.Query(ctx, fmt.Sprintf(`
SELECT w.week, w.n,
       CASE WHEN (SELECT count(DISTINCT x.name) FROM unnest(w.top) x(name)) = cardinality(w.top) THEN w.top
            ELSE (SELECT (array_agg(DISTINCT x.name))[1:20] FROM unnest(w.names) x(name)) END
FROM (SELECT w.week, w.n, w.names, ARRAY(SELECT x.name FROM unnest(w.names) x(name) ORDER BY 1 LIMIT 20) AS top
      FROM (SELECT l.week, count(*) AS n, array_agg(t.name) AS names
            FROM vacation_away_weeks l %s
            WHERE l.tenant_id = (SELECT app_tenant()) AND l.week BETWEEN date_trunc('week', $4::date::timestamp)::date AND $5 AND l.start_date <= $5
            GROUP BY 1) w
      OFFSET 0) w
ORDER BY 1`, who), q.args(q.From, q.To)...)
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
WHERE l.tenant_id = (SELECT app_tenant()) AND l.status = 'scheduled' AND l.start_date BETWEEN $4 AND $5`, who), q.args(q.From, q.To)...).
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
	if err := planEach(ctx, tx); err != nil {
		return out, err
	}
	w := q.where("id")
	// One pass over the people: who was active the day before the first month, and each
	// month's hires and leavers; the active count at each month's end follows by adding up.
	rows, err := tx.Query(ctx, fmt.Sprintf(`
WITH people AS (
    SELECT t.hire_date, t.termination_date FROM employees t
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.hire_date < (date_trunc('month', $5::date) + interval '1 month')::date AND %s
), months AS (
    SELECT m::date AS first, (m + interval '1 month' - interval '1 day')::date AS last
    FROM generate_series(date_trunc('month', $4::date), $5::date, interval '1 month') m
), moves AS (
    SELECT date_trunc('month', x.day)::date AS first, sum(x.hired) AS hires, sum(x.gone) AS leavers
    FROM people p, LATERAL (VALUES (p.hire_date, 1, 0), (p.termination_date, 0, 1)) x(day, hired, gone)
    WHERE x.day >= date_trunc('month', $4::date)
    GROUP BY 1
)
SELECT to_char(m.first, 'YYYY-MM'),
       (SELECT count(*) FROM people p, (SELECT min(first) AS first FROM months) f
        WHERE p.hire_date < f.first AND (p.termination_date IS NULL OR p.termination_date >= f.first))
       + sum(coalesce(v.hires, 0) - coalesce(v.leavers, 0)) OVER (ORDER BY m.first),
       coalesce(v.hires, 0), coalesce(v.leavers, 0)
FROM months m LEFT JOIN moves v ON v.first = m.first
ORDER BY m.first`, w), q.args(q.From, q.To)...)
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
WHERE t.tenant_id = (SELECT app_tenant()) AND t.hire_date <= $5 AND (t.termination_date IS NULL OR t.termination_date > $5)
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
