package reports

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Reports reads the HR report read models (report_*). Every method runs in a tenant
// transaction and reads only its report's tables (and names from the reference tables).
type Reports struct{}

// MinGroup is the anonymity threshold: no figure for a group of fewer people.
const MinGroup = 3

// ReportQuery is a report's scope and filters. Scope is tenant (everyone), team (the direct
// reports of Employee) or self (Employee).
type ReportQuery struct {
	Scope      string
	Employee   uuid.UUID
	From, To   time.Time // days, inclusive
	Unit, Dept *uuid.UUID
	Now        time.Time
}

// where is the scope and the unit and department filters over a table aliased t with
// employee column emp; the arguments start at $1 (the employee), $2 (unit), $3 (department).
func (q ReportQuery) where(emp string) string {
	scope := "$1::uuid IS NOT NULL"
	switch q.Scope {
	case "team":
		scope = "t.manager_id = $1"
	case "self":
		scope = "t." + emp + " = $1"
	}
	return scope + " AND ($2::uuid IS NULL OR t.business_unit_id = $2) AND ($3::uuid IS NULL OR t.department_id = $3)"
}

// The report tables are read under row-level security, where PostgreSQL uses only leakproof
// operators as index conditions: a date column is compared with dates and a timestamptz column
// with timestamptz (date against timestamptz is not leakproof and read every row).
//
// The report queries compare tenant_id with (SELECT app_tenant()), which PostgreSQL evaluates
// once per query, rather than with app_tenant(), which a filter evaluates on every row (a read
// of the setting and the parse of a uuid): the time-clock report's people over three years
// (180,000 employee-months) went from 93–96 ms to 58–70.

// planEach has PostgreSQL plan each report query for its arguments: a cached generic plan
// cannot drop the filters left empty ($2 IS NULL OR …), and costs a report more (vacations:
// 113 ms against 65) than planning it again does.
func planEach(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, "SET LOCAL plan_cache_mode = force_custom_plan")
	return err
}

// scopeOnly is where without the unit and department filters (which the query applies itself).
func (q ReportQuery) scopeOnly(emp string) string {
	switch q.Scope {
	case "team":
		return "t.manager_id = $1"
	case "self":
		return "t." + emp + " = $1"
	}
	return "$1::uuid IS NOT NULL"
}

func (q ReportQuery) args(more ...any) []any {
	return append([]any{q.Employee, q.Unit, q.Dept}, more...)
}

// MoodRow is one week of one group.
type MoodRow struct {
	Week     string   `json:"week"` // the Monday, YYYY-MM-DD
	GroupID  string   `json:"groupId"`
	Group    string   `json:"group"` // the department's name; empty for a team or oneself
	People   int      `json:"people"`
	Checkins int      `json:"checkins"`
	Humor    *float64 `json:"humor"`  // null under MinGroup people (tenant and team scopes)
	Energy   *float64 `json:"energy"` // idem
}

// MoodReport is GET reports/mood.
type MoodReport struct {
	Scope    string    `json:"scope"`
	MinGroup int       `json:"minGroup"`
	Rows     []MoodRow `json:"rows"`
}

// Mood averages the check-ins per week and group: per department (tenant), the team (team),
// oneself (self).
//
// Complementary suppression (docs/api.md "Reports"): a caller can ask the same week with and
// without the unit and department filters and subtract, so a filtered figure is shown only
// when every finest group it is cut from is empty or of MinGroup people or more. The finest
// groups are the week's department × unit cells of that department (tenant; the department
// filter picks whole rows) or of the team (team). Then any difference of figures a caller
// can read covers MinGroup people or more.
func (Reports) Mood(ctx context.Context, tx pgx.Tx, q ReportQuery) (MoodReport, error) {
	// The tenant's departments come from the week × department × unit rollup, whose key
	// (tenant, week, department, unit) makes each of its rows one cell: summing them per cell
	// first cost a hash aggregate of every row (3,180 for a year of 5,000 people) for nothing;
	// the department's name is joined to the week × department sums (636), not to every cell.
	sql := fmt.Sprintf(`
WITH cells AS (
    SELECT t.week, t.department_id, t.people AS p, t.checkins AS c, t.humor_sum AS h, t.energy_sum AS e,
           $2::uuid IS NULL OR t.business_unit_id = $2 AS asked
    FROM report_mood_groups t
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.week BETWEEN $4::date - 6 AND $5 AND $1::uuid IS NOT NULL
      AND ($3::uuid IS NULL OR t.department_id = $3)
), g AS (
    SELECT week, department_id, sum(p) FILTER (WHERE asked) AS p, sum(c) FILTER (WHERE asked) AS c, sum(h) FILTER (WHERE asked) AS h,
           sum(e) FILTER (WHERE asked) AS e, bool_and(p = 0 OR p >= %[1]d) AS shown
    FROM cells GROUP BY 1, 2 HAVING bool_or(asked))
SELECT g.week, g.department_id::text, coalesce(d.name, ''), g.p, g.c, g.h::float8, g.e::float8, g.shown
FROM g LEFT JOIN departments d ON d.tenant_id = (SELECT app_tenant()) AND d.id = g.department_id
ORDER BY 1, 3`, MinGroup)
	filtered := q.Unit != nil
	if q.Scope != "tenant" {
		filtered = q.Unit != nil || q.Dept != nil
		sql = fmt.Sprintf(`
WITH cells AS (
    SELECT t.week, count(*) AS p, sum(t.checkins) AS c, sum(t.humor_sum) AS h, sum(t.energy_sum) AS e,
           ($2::uuid IS NULL OR t.business_unit_id = $2) AND ($3::uuid IS NULL OR t.department_id = $3) AS asked
    FROM report_mood_weekly t
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.week BETWEEN $4::date - 6 AND $5 AND %[1]s
    GROUP BY t.week, t.business_unit_id, t.department_id)
SELECT week, '', '', sum(p) FILTER (WHERE asked), sum(c) FILTER (WHERE asked), sum(h) FILTER (WHERE asked)::float8,
       sum(e) FILTER (WHERE asked)::float8, bool_and(p >= %[2]d)
FROM cells GROUP BY 1 HAVING bool_or(asked) ORDER BY 1`, q.scopeOnly("employee_id"), MinGroup)
	}
	rows, err := tx.Query(ctx, sql, q.args(q.From, q.To)...)
	if err != nil {
		return MoodReport{}, err
	}
	out := MoodReport{Scope: q.Scope, MinGroup: MinGroup, Rows: []MoodRow{}}
	defer rows.Close()
	for rows.Next() {
		var r MoodRow
		var week time.Time
		var humor, energy float64
		var cellsShown bool
		if err := rows.Scan(&week, &r.GroupID, &r.Group, &r.People, &r.Checkins, &humor, &energy, &cellsShown); err != nil {
			return out, err
		}
		r.Week = week.Format(time.DateOnly)
		if q.Scope == "self" || (r.People >= MinGroup && (!filtered || cellsShown)) {
			h, e := round1(humor/float64(r.Checkins)), round1(energy/float64(r.Checkins))
			r.Humor, r.Energy = &h, &e
		}
		out.Rows = append(out.Rows, r)
	}
	return out, rows.Err()
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// OpenByApprover is the steps waiting for one approver (a user, or anyone with a role).
type OpenByApprover struct {
	ApproverID string  `json:"approverId"`
	Approver   string  `json:"approver"` // the user's name; empty for a role
	Role       string  `json:"role"`
	Items      int     `json:"items"`
	OldestDays float64 `json:"oldestDays"`
	AvgDays    float64 `json:"avgDays"`
}

// DecisionTimes is the time to decision of one step kind.
type DecisionTimes struct {
	Kind     string  `json:"kind"`
	Decided  int     `json:"decided"`
	P50Hours float64 `json:"p50Hours"`
	P90Hours float64 `json:"p90Hours"`
}

// Delegation counts decisions one user took in another's place: for someone (on behalf of)
// or instead of the step's designated approver (who was away).
type Delegation struct {
	DecidedBy  string `json:"decidedBy"`
	OnBehalfOf string `json:"onBehalfOf"`
	Decisions  int    `json:"decisions"`
}

// ApprovalsReport is GET reports/approvals.
type ApprovalsReport struct {
	Scope       string           `json:"scope"`
	Open        []OpenByApprover `json:"open"`
	Times       []DecisionTimes  `json:"times"`
	Delegations []Delegation     `json:"delegations"`
	Opened      int              `json:"opened"`
	Approved    int              `json:"approved"`
	Rejected    int              `json:"rejected"`
}

// Approvals reads the open steps (now), the decisions of the period (by decision day) and the
// delegations among them.
func (Reports) Approvals(ctx context.Context, tx pgx.Tx, q ReportQuery) (ApprovalsReport, error) {
	out := ApprovalsReport{Scope: q.Scope, Open: []OpenByApprover{}, Times: []DecisionTimes{}, Delegations: []Delegation{}}
	if err := planEach(ctx, tx); err != nil {
		return out, err
	}
	w := q.where("subject_employee_id")
	rows, err := tx.Query(ctx, fmt.Sprintf(`
SELECT coalesce(t.approver_id::text, ''), coalesce(u.display_name, ''), CASE WHEN t.approver_id IS NULL THEN t.approver_role ELSE '' END,
       count(*), extract(epoch FROM $4 - min(t.opened_at)) / 86400, extract(epoch FROM avg($4 - t.opened_at)) / 86400
FROM report_approval_steps t
LEFT JOIN users u ON u.tenant_id = t.tenant_id AND u.id = t.approver_id
WHERE t.tenant_id = (SELECT app_tenant()) AND t.outcome = 'waiting' AND %s
GROUP BY 1, 2, 3 ORDER BY 4 DESC, 2`, w), q.args(q.Now)...)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var o OpenByApprover
		if err := rows.Scan(&o.ApproverID, &o.Approver, &o.Role, &o.Items, &o.OldestDays, &o.AvgDays); err != nil {
			rows.Close()
			return out, err
		}
		o.OldestDays, o.AvgDays = round1(o.OldestDays), round1(o.AvgDays)
		out.Open = append(out.Open, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	period := fmt.Sprintf("t.decided_at >= $4::date::timestamptz AND t.decided_at < ($5::date + 1)::timestamptz AND %s", w)
	// Decisions of the period per step kind: how many, approved or rejected, and their times.
	rollup := q.Scope == "tenant" && q.Unit == nil && q.Dept == nil
	if rollup {
		rows, err = tx.Query(ctx, approvalDaysSQL+`,
x AS (
    SELECT r.kind, r.decided, r.approved, r.rejected, r.hours FROM report_approval_days r, w
    WHERE r.tenant_id = (SELECT app_tenant()) AND r.day >= w.a AND r.day < w.z AND r.decided > 0
    UNION ALL
    SELECT t.kind, 1, (t.outcome = 'approved')::int, (t.outcome = 'rejected')::int, ARRAY[(extract(epoch FROM t.decided_at - t.opened_at) / 3600)::float8]
    FROM report_approval_steps t, w
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.decided_at >= w.lo AND t.decided_at < w.m1
    UNION ALL
    SELECT t.kind, 1, (t.outcome = 'approved')::int, (t.outcome = 'rejected')::int, ARRAY[(extract(epoch FROM t.decided_at - t.opened_at) / 3600)::float8]
    FROM report_approval_steps t, w
    WHERE t.tenant_id = (SELECT app_tenant()) AND t.decided_at >= w.m2 AND t.decided_at < w.hi)
SELECT g.kind, g.n, g.a, g.r,
       (SELECT percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY h) FROM x, unnest(x.hours) h WHERE x.kind = g.kind)
FROM (SELECT kind, sum(decided) AS n, sum(approved) AS a, sum(rejected) AS r FROM x GROUP BY kind) g
ORDER BY 1`, q.From, q.To)
	} else {
		rows, err = tx.Query(ctx, fmt.Sprintf(`
SELECT t.kind, count(*), count(*) FILTER (WHERE t.outcome = 'approved'), count(*) FILTER (WHERE t.outcome = 'rejected'),
       percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY extract(epoch FROM t.decided_at - t.opened_at) / 3600)
FROM report_approval_steps t
WHERE t.tenant_id = (SELECT app_tenant()) AND %s
GROUP BY 1 ORDER BY 1`, period), q.args(q.From, q.To)...)
	}
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var d DecisionTimes
		var approved, rejected int
		var hours []float64 // p50, p90
		if err := rows.Scan(&d.Kind, &d.Decided, &approved, &rejected, &hours); err != nil {
			rows.Close()
			return out, err
		}
		d.P50Hours, d.P90Hours = round1(hours[0]), round1(hours[1])
		out.Times = append(out.Times, d)
		out.Approved, out.Rejected = out.Approved+approved, out.Rejected+rejected
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	rows, err = tx.Query(ctx, fmt.Sprintf(`
SELECT coalesce(b.display_name, t.decided_by::text), coalesce(o.display_name, coalesce(t.on_behalf_of, t.approver_id)::text), count(*)
FROM report_approval_steps t
LEFT JOIN users b ON b.tenant_id = t.tenant_id AND b.id = t.decided_by
LEFT JOIN users o ON o.tenant_id = t.tenant_id AND o.id = coalesce(t.on_behalf_of, t.approver_id)
WHERE t.tenant_id = (SELECT app_tenant()) AND t.decided_by IS NOT NULL
  AND (t.on_behalf_of IS NOT NULL OR (t.approver_id IS NOT NULL AND t.decided_by <> t.approver_id)) AND %s
GROUP BY 1, 2 ORDER BY 3 DESC, 1`, period), q.args(q.From, q.To)...)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var d Delegation
		if err := rows.Scan(&d.DecidedBy, &d.OnBehalfOf, &d.Decisions); err != nil {
			rows.Close()
			return out, err
		}
		out.Delegations = append(out.Delegations, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	if rollup {
		err = tx.QueryRow(ctx, approvalDaysSQL+`
SELECT (SELECT coalesce(sum(r.sent), 0) FROM report_approval_days r, w WHERE r.tenant_id = (SELECT app_tenant()) AND r.day >= w.a AND r.day < w.z)
     + (SELECT count(*) FROM report_approval_steps t, w WHERE t.tenant_id = (SELECT app_tenant()) AND t.step = 0 AND t.opened_at >= w.lo AND t.opened_at < w.m1)
     + (SELECT count(*) FROM report_approval_steps t, w WHERE t.tenant_id = (SELECT app_tenant()) AND t.step = 0 AND t.opened_at >= w.m2 AND t.opened_at < w.hi)`,
			q.From, q.To).Scan(&out.Opened)
		return out, err
	}
	err = tx.QueryRow(ctx, fmt.Sprintf(`
SELECT count(*) FROM report_approval_steps t
WHERE t.tenant_id = (SELECT app_tenant()) AND t.step = 0 AND t.opened_at >= $4::date::timestamptz AND t.opened_at < ($5::date + 1)::timestamptz
  AND %s`, w), q.args(q.From, q.To)...).Scan(&out.Opened)
	return out, err
}

// approvalDaysSQL splits the period [$1, $2] (days of the session's time zone, as the other
// approvals queries read them) into the whole UTC days that report_approval_days holds, [a,
// z), and the hours around them, [lo, m1) and [m2, hi), that the report reads from the steps.
// Under UTC both are empty; a period shorter than a whole UTC day is read from the steps.
const approvalDaysSQL = `
WITH p AS (SELECT $1::date::timestamptz AS lo, ($2::date + 1)::timestamptz AS hi),
d AS (SELECT lo, hi,
             CASE WHEN (lo AT TIME ZONE 'UTC')::time = '00:00' THEN (lo AT TIME ZONE 'UTC')::date ELSE (lo AT TIME ZONE 'UTC')::date + 1 END AS a,
             (hi AT TIME ZONE 'UTC')::date AS z
      FROM p),
w AS (SELECT lo, hi, a, z, least(a::timestamp AT TIME ZONE 'UTC', hi) AS m1,
             greatest(z::timestamp AT TIME ZONE 'UTC', least(a::timestamp AT TIME ZONE 'UTC', hi)) AS m2
      FROM d)`

// SurveyFigures is one survey's response rate and, for an eNPS with MinGroup answers or
// more, its score.
type SurveyFigures struct {
	ID         string   `json:"id"`
	Title      string   `json:"title"`
	Kind       string   `json:"kind"`
	CreatedAt  string   `json:"createdAt"`
	Invited    int      `json:"invited"`
	Completed  int      `json:"completed"`
	Rate       float64  `json:"rate"` // % of the invited who completed
	ENPS       *float64 `json:"enps"`
	Promoters  int      `json:"promoters"`
	Passives   int      `json:"passives"`
	Detractors int      `json:"detractors"`
}

// ENPSWeek is the eNPS of the answers completed in one week (all eNPS surveys).
type ENPSWeek struct {
	Week      string   `json:"week"`
	Completed int      `json:"completed"`
	ENPS      *float64 `json:"enps"`
}

// SurveysReport is GET reports/surveys.
type SurveysReport struct {
	MinGroup int             `json:"minGroup"`
	Surveys  []SurveyFigures `json:"surveys"`
	Trend    []ENPSWeek      `json:"trend"`
}

func enpsOf(p, d, n int) *float64 {
	if n < MinGroup {
		return nil
	}
	v := round1(100 * float64(p-d) / float64(n))
	return &v
}

// Surveys reads the surveys open during the period (started by its last day, not ended or
// closed before its first) with the responses of the weeks the period touches, and the eNPS
// answers per week of the period.
func (Reports) Surveys(ctx context.Context, tx pgx.Tx, q ReportQuery) (SurveysReport, error) {
	out := SurveysReport{MinGroup: MinGroup, Surveys: []SurveyFigures{}, Trend: []ENPSWeek{}}
	rows, err := tx.Query(ctx, `
SELECT s.survey_id, s.title, s.kind, s.created_at, s.invited, coalesce(sum(w.completed), 0), coalesce(sum(w.promoters), 0),
       coalesce(sum(w.passives), 0), coalesce(sum(w.detractors), 0)
FROM report_surveys s LEFT JOIN report_survey_weekly w ON w.tenant_id = s.tenant_id AND w.survey_id = s.survey_id
    AND w.week BETWEEN $1::date - 6 AND $2
WHERE s.tenant_id = (SELECT app_tenant()) AND s.start_at < ($2::date + 1)::timestamptz AND s.end_at >= $1::date::timestamptz
GROUP BY 1, 2, 3, 4, 5 ORDER BY s.created_at DESC`, q.From, q.To)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var f SurveyFigures
		var id uuid.UUID
		var at time.Time
		if err := rows.Scan(&id, &f.Title, &f.Kind, &at, &f.Invited, &f.Completed, &f.Promoters, &f.Passives, &f.Detractors); err != nil {
			rows.Close()
			return out, err
		}
		f.ID, f.CreatedAt = id.String(), at.UTC().Format(time.DateOnly)
		if f.Invited > 0 {
			f.Rate = round1(100 * float64(f.Completed) / float64(f.Invited))
		}
		if f.Kind == "enps" {
			f.ENPS = enpsOf(f.Promoters, f.Detractors, f.Promoters+f.Passives+f.Detractors)
		}
		out.Surveys = append(out.Surveys, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	rows, err = tx.Query(ctx, `
SELECT w.week, sum(w.completed), sum(w.promoters), sum(w.passives), sum(w.detractors)
FROM report_survey_weekly w JOIN report_surveys s ON s.tenant_id = w.tenant_id AND s.survey_id = w.survey_id AND s.kind = 'enps'
WHERE w.tenant_id = (SELECT app_tenant()) AND w.week BETWEEN $1::date - 6 AND $2
GROUP BY 1 ORDER BY 1`, q.From, q.To)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var wk ENPSWeek
		var week time.Time
		var p, pa, d int
		if err := rows.Scan(&week, &wk.Completed, &p, &pa, &d); err != nil {
			return out, err
		}
		wk.Week, wk.ENPS = week.Format(time.DateOnly), enpsOf(p, d, p+pa+d)
		out.Trend = append(out.Trend, wk)
	}
	return out, rows.Err()
}
