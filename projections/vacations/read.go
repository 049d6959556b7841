package vacations

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/vacation"
)

// Period is whose days away a row is, and when: what a request, a plan and a bar
// of the map share.
type Period struct {
	ID          uuid.UUID `json:"id"`
	M01Ukey     uuid.UUID `json:"m01Ukey"`
	Nome        string    `json:"nome"`
	Departament string    `json:"departamento"`
	Inicio      string    `json:"inicio"`
	Fim         string    `json:"fim"`
	Dias        int       `json:"dias"`
}

// scanned are the destinations of a period's columns (id, employee, name, department,
// start, end, days), the dates into start and end; setDates fills Inicio and Fim from them.
// The ids are scanned as the [16]byte a uuid.UUID is: as a uuid.UUID (an sql.Scanner) pgx
// formats each id as text and the scanner parses it back (bench vacations, profile of the
// client: 30 % of reading the map's 2,000 bars, when the map read them this way).
func (p *Period) scanned(start, end *time.Time) []any {
	return []any{(*[16]byte)(&p.ID), (*[16]byte)(&p.M01Ukey), &p.Nome, &p.Departament, start, end, &p.Dias}
}

// setDates sets Inicio and Fim as time.DateOnly formats them.
func (p *Period) setDates(start, end time.Time) {
	p.Inicio, p.Fim = dayString(start), dayString(end)
}

// dayString formats t as time.DateOnly (2006-01-02) does, without time.Format's layout
// parsing for the years 0 to 9999.
func dayString(t time.Time) string {
	y, m, d := t.Date()
	if y < 0 || y > 9999 {
		return t.Format(time.DateOnly)
	}
	b := [10]byte{byte('0' + y/1000), byte('0' + y/100%10), byte('0' + y/10%10), byte('0' + y%10), '-',
		byte('0' + int(m)/10), byte('0' + int(m)%10), '-', byte('0' + d/10), byte('0' + d%10)}
	return string(b[:])
}

// Leave is one vacation request as the read model holds it.
type Leave struct {
	Period
	Abono       int        `json:"abono"`
	Adiant13    bool       `json:"adiantamento13"`
	Periodo     int        `json:"periodo"`
	Status      string     `json:"status"` // pending, scheduled, taken, rejected, cancelled
	Steps       []string   `json:"etapas"`
	Step        int        `json:"etapa"`
	StepKind    string     `json:"etapaAtual"` // manager, hr; "" when not pending
	RequestedAt time.Time  `json:"solicitadoEm"`
	DecidedAt   *time.Time `json:"decididoEm"`
	Comment     string     `json:"comentario"`
	Decisions   []any      `json:"decisoes"`
	start, end  time.Time  // as dates, for folding
	requestedBy string
}

// Plan is one planned period.
type Plan struct {
	Period
}

// Alert is an alert raised for a period.
type Alert struct {
	Periodo int       `json:"periodo"`
	Dias    int       `json:"dias"` // the threshold: 90, 60, 30
	Em      time.Time `json:"em"`
}

// File is everything the read model holds of one employee's entitlement, and the
// entitlement folded from it for the domain to count balances on a given day.
type File struct {
	Hired       time.Time
	Leaves      []Leave
	Plans       []Plan
	Alerts      []Alert
	Entitlement *vacation.Entitlement
}

// ErrNoEntitlement: the employee's entitlement was never opened.
var ErrNoEntitlement = errors.New("projections: no vacation entitlement")

const leaveColumns = `l.id, l.employee_id, e.name, d.name, l.start_date, l.end_date, l.days, l.abono_days, l.advance13, l.period,
    l.status, l.steps, l.step, l.requested_at, l.requested_by, l.decided_at, l.comment, l.decisions`

func scanLeave(r pgx.CollectableRow) (Leave, error) {
	var l Leave
	var decisions []any
	err := r.Scan(append(l.scanned(&l.start, &l.end), &l.Abono, &l.Adiant13, &l.Periodo,
		&l.Status, &l.Steps, &l.Step, &l.RequestedAt, &l.requestedBy, &l.DecidedAt, &l.Comment, &decisions)...)
	l.setDates(l.start, l.end)
	l.Decisions = decisions
	if l.Decisions == nil {
		l.Decisions = []any{}
	}
	if l.Status == "pending" && l.Step < len(l.Steps) {
		l.StepKind = l.Steps[l.Step]
	}
	return l, err
}

// markTaken shows a scheduled leave whose last day is past as taken (spec §3).
func markTaken(ls []Leave, today time.Time) {
	for i := range ls {
		if ls[i].Status == "scheduled" && ls[i].end.Before(today) {
			ls[i].Status = "taken"
		}
	}
}

// File reads an employee's entitlement. tx is a tenant transaction (db.InTenant).
func (Vacations) File(ctx context.Context, tx pgx.Tx, employee uuid.UUID, today time.Time) (File, error) {
	var f File
	err := tx.QueryRow(ctx, `SELECT hired FROM vacation_entitlements WHERE tenant_id = app_tenant() AND employee_id = $1`, employee).Scan(&f.Hired)
	if errors.Is(err, pgx.ErrNoRows) {
		return f, ErrNoEntitlement
	}
	if err != nil {
		return f, err
	}
	rows, err := tx.Query(ctx, `SELECT `+leaveColumns+`
FROM vacation_leaves l JOIN employees e ON e.tenant_id = l.tenant_id AND e.id = l.employee_id
JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE l.tenant_id = app_tenant() AND l.employee_id = $1 ORDER BY l.requested_at, l.position`, employee)
	if err != nil {
		return f, err
	}
	if f.Leaves, err = pgx.CollectRows(rows, scanLeave); err != nil {
		return f, err
	}
	if f.Plans, err = plansOf(ctx, tx, `p.employee_id = $1`, employee); err != nil {
		return f, err
	}
	rows, err = tx.Query(ctx, `SELECT period, threshold, raised_at FROM vacation_alerts
WHERE tenant_id = app_tenant() AND employee_id = $1 ORDER BY raised_at`, employee)
	if err != nil {
		return f, err
	}
	if f.Alerts, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Alert, error) {
		var a Alert
		return a, r.Scan(&a.Periodo, &a.Dias, &a.Em)
	}); err != nil {
		return f, err
	}
	rows, err = tx.Query(ctx, `SELECT period, reason FROM vacation_closures WHERE tenant_id = app_tenant() AND employee_id = $1`, employee)
	if err != nil {
		return f, err
	}
	closures, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (vacation.PeriodClosed, error) {
		var c vacation.PeriodClosed
		var reason string
		err := r.Scan(&c.Period, &reason)
		c.Reason = vacation.Closure(reason)
		return c, err
	})
	if err != nil {
		return f, err
	}
	f.Entitlement = fold(employee, f, closures)
	markTaken(f.Leaves, vacation.DayOf(today))
	return f, nil
}

// fold rebuilds the entitlement from the rows by replaying the events they stand for, so the
// balance and statuses are counted by the domain's one set of rules.
func fold(employee uuid.UUID, f File, closures []vacation.PeriodClosed) *vacation.Entitlement {
	e := vacation.New()
	e.Apply(vacation.Opened{UserID: employee.String(), Hired: f.Hired})
	for _, l := range f.Leaves {
		id := l.ID.String()
		e.Apply(vacation.Requested{ID: id, Start: l.start, Days: l.Dias, AbonoDays: l.Abono, Advance13: l.Adiant13,
			Period: l.Periodo, Steps: l.Steps, At: l.RequestedAt, By: l.requestedBy})
		switch l.Status {
		case "scheduled", "taken":
			e.Apply(vacation.Approved{ID: id})
		case "rejected":
			e.Apply(vacation.Rejected{ID: id})
		case "cancelled":
			e.Apply(vacation.Cancelled{ID: id})
		default:
			for s := 0; s < l.Step; s++ {
				e.Apply(vacation.StepApproved{ID: id, Step: s})
			}
		}
	}
	for _, p := range f.Plans {
		start, _ := time.Parse(time.DateOnly, p.Inicio)
		e.Apply(vacation.Planned{ID: p.ID.String(), Start: start, Days: p.Dias})
	}
	for _, c := range closures {
		e.Apply(c)
	}
	for _, a := range f.Alerts {
		e.Apply(vacation.AlertRaised{Period: a.Periodo, Threshold: a.Dias})
	}
	return e
}

func plansOf(ctx context.Context, tx pgx.Tx, where string, args ...any) ([]Plan, error) {
	rows, err := tx.Query(ctx, `SELECT p.id, p.employee_id, e.name, d.name, p.start_date, p.end_date, p.days
FROM vacation_plans p JOIN employees e ON e.tenant_id = p.tenant_id AND e.id = p.employee_id
JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE p.tenant_id = app_tenant() AND `+where+` ORDER BY p.start_date, e.name`, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Plan, error) {
		var p Plan
		var s, e time.Time
		err := r.Scan(p.scanned(&s, &e)...)
		p.setDates(s, e)
		return p, err
	})
}

// Scope is whose vacations a list covers: a manager's direct reports, or (HR) one
// department or the whole tenant.
type Scope struct {
	Manager    uuid.UUID // the manager's employee id: their direct reports
	Department uuid.UUID // HR: one department; uuid.Nil with AllTenant: everyone
	AllTenant  bool
}

func (s Scope) where(n int) (string, any) {
	switch {
	case s.Manager != uuid.Nil:
		return `e.manager_id = $` + itoa(n), s.Manager
	case s.Department != uuid.Nil:
		return `e.department_id = $` + itoa(n), s.Department
	case s.AllTenant:
		return `$` + itoa(n) + `::boolean`, true
	}
	return `$` + itoa(n) + `::boolean`, false
}

func itoa(n int) string { return strconv.Itoa(n) }

// Map kinds (tipoFerias of /mapVaccations/filter/:tipoFerias; docs/api.md): 0 every leave
// and plan, 1 approved (scheduled or taken), 2 waiting for approval, 3 planned.
const (
	MapAll = iota
	MapApproved
	MapWaiting
	MapPlanned
)

// MapEntry is one bar of the vacation map: who is away (or planned to be) when.
type MapEntry struct {
	Period
	Status   string `json:"status"` // pending, scheduled, taken, planned
	StepKind string `json:"etapaAtual,omitempty"`
}

// Map lists the leaves and plans of the scope that touch [from, to], by start, then by
// the employee's name (pt_br); bars that tie on both (a leave and a plan of one person
// starting the same day, or two people of the same name) come in no set order.
func (Vacations) Map(ctx context.Context, tx pgx.Tx, scope Scope, from, to time.Time, kind int, today time.Time) ([]MapEntry, error) {
	statuses := []string{"pending", "scheduled"}
	switch kind {
	case MapApproved:
		statuses = []string{"scheduled"}
	case MapWaiting:
		statuses = []string{"pending"}
	case MapPlanned:
		statuses = []string{}
	}
	// The scope's employees come first, by name, each once with their department: their
	// bars then carry only the employee's id, not their name and department again (bench
	// vacations: 2,000 bars of 500 people), and the name order is the employees' (the
	// scope's employees are ranked once, not each of their bars: sorting the 2,000 wide rows
	// by start and name in the server was half its CPU, most of it comparisons of names in
	// the ICU collation). The bars are sorted here by start and rank. Both queries go in one
	// round trip.
	//
	// The bars of both kinds are gathered first and joined with the scope's employees once
	// (one hash of them, not one per kind), and the tenant is an init plan: as app_tenant()
	// in each scan's filter it was read and parsed from the setting on every row (bench
	// vacations, perf of the server: 15 % of its CPU in current_setting and uuid_in).
	// The leaves' statuses are also named as constants (those of every kind): a generic plan
	// cannot tell that status = ANY ($4) implies the predicate of vacation_leaves_range_idx,
	// and scanned the tenant's leaves of every status and date.
	//
	// A bar's status is told by which of step and plan is null, not sent as text: a leave
	// is pending (step: its current step's kind) or scheduled (step null), a plan has plan
	// true. Null costs the server no output function: the text status and step of each of
	// 2,000 bars were a sixth of the server's CPU for the bars (bench vacations).
	cond, arg := scope.where(1)
	var batch pgx.Batch
	batch.Queue(`
SELECT e.id, e.name, d.name
FROM employees e JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE e.tenant_id = (SELECT app_tenant()) AND `+cond+`
ORDER BY e.name`, arg)
	cond, arg = scope.where(3)
	batch.Queue(`
SELECT b.id, b.employee_id, b.start_date, b.end_date, b.days, b.step, b.plan
FROM (SELECT l.id, l.employee_id, l.start_date, l.end_date, l.days,
             CASE WHEN l.status = 'pending' THEN coalesce(l.steps[l.step + 1], '') END AS step, NULL::boolean AS plan
      FROM vacation_leaves l
      WHERE l.tenant_id = (SELECT app_tenant()) AND l.status IN ('pending', 'scheduled') AND l.status = ANY ($4)
        AND l.start_date <= $2 AND l.end_date >= $1
      UNION ALL
      SELECT p.id, p.employee_id, p.start_date, p.end_date, p.days, NULL, true
      FROM vacation_plans p
      WHERE p.tenant_id = (SELECT app_tenant()) AND $5 AND p.start_date <= $2 AND p.end_date >= $1) b
JOIN employees e ON e.tenant_id = (SELECT app_tenant()) AND e.id = b.employee_id
WHERE `+cond, from, to, arg, statuses, kind == MapAll || kind == MapPlanned)
	br := tx.SendBatch(ctx, &batch)
	people, err := mapPeople(br)
	if err != nil {
		br.Close()
		return nil, err
	}
	var r mapRead
	if err := r.read(br, people); err != nil {
		br.Close()
		return nil, err
	}
	if err := br.Close(); err != nil {
		return nil, err
	}
	return r.entries(people, vacation.DayOf(today)), nil
}

// mapPerson is an employee of the map's scope: their index in people is their rank by name.
type mapPerson struct {
	id         uuid.UUID
	name, dept string
}

// mapPeople reads the scope's employees (id, name, department), ranked by name; the
// department's name is one string for all who share it.
func mapPeople(br pgx.BatchResults) ([]mapPerson, error) {
	rows, err := br.Query()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var people []mapPerson
	var dept string
	fields := rows.FieldDescriptions()
	for rows.Next() {
		v := rows.RawValues()
		if len(v) != 3 || v[1] == nil || v[2] == nil {
			return nil, errors.New("vacations: map employee row")
		}
		id, err := rawUUID(v[0], fields[0].Format)
		if err != nil {
			return nil, err
		}
		if string(v[2]) != dept {
			dept = string(v[2])
		}
		people = append(people, mapPerson{id: id, name: string(v[1]), dept: dept})
	}
	return people, rows.Err()
}

// mapBar is one bar as read, without pointers (2,000 of them are not scanned by the
// collector nor moved with write barriers as the slice grows): its employee by rank, its
// dates as days since 2000-01-01 (PostgreSQL's epoch), its status, and a pending leave's
// step as an index in mapRead.words.
type mapBar struct {
	id         uuid.UUID
	person     int32
	start, end int32
	days       int32
	status     uint8 // barScheduled, barPending, barPlanned
	step       uint16
}

const (
	barScheduled = iota
	barPending
	barPlanned
)

// mapRead holds the bars read for the map and the words (the steps) they use.
type mapRead struct {
	bars  []mapBar
	words []string
}

// word returns the index of b in r.words, adding it.
func (r *mapRead) word(b []byte) (uint16, error) {
	for i, w := range r.words {
		if w == string(b) {
			return uint16(i), nil
		}
	}
	if len(r.words) > 0xffff {
		return 0, errors.New("vacations: map words")
	}
	r.words = append(r.words, string(b))
	return uint16(len(r.words) - 1), nil
}

// read reads the bars (id, employee, start, end, days, step, plan) of the scope's
// employees; a bar of an employee outside people (none: the query joins the same scope) is
// left out.
func (r *mapRead) read(br pgx.BatchResults, people []mapPerson) error {
	rank := make(map[uuid.UUID]int32, len(people))
	for i, p := range people {
		rank[p.id] = int32(i)
	}
	rows, err := br.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	fields := rows.FieldDescriptions()
	if len(fields) != 7 {
		return errors.New("vacations: map bar columns")
	}
	for rows.Next() {
		v := rows.RawValues()
		var b mapBar
		var err error
		var employee uuid.UUID
		if b.id, err = rawUUID(v[0], fields[0].Format); err != nil {
			return err
		}
		if employee, err = rawUUID(v[1], fields[1].Format); err != nil {
			return err
		}
		p, ok := rank[employee]
		if !ok {
			continue
		}
		b.person = p
		if b.start, err = rawDay(v[2], fields[2].Format); err != nil {
			return err
		}
		if b.end, err = rawDay(v[3], fields[3].Format); err != nil {
			return err
		}
		if b.days, err = rawInt(v[4], fields[4].Format); err != nil {
			return err
		}
		switch {
		case v[6] != nil:
			b.status = barPlanned
		case v[5] != nil:
			b.status = barPending
			if b.step, err = r.word(v[5]); err != nil {
				return err
			}
		}
		r.bars = append(r.bars, b)
	}
	return rows.Err()
}

// entries sorts the bars by start, then their employee's rank (then as read, so that ties
// come in the same order from one call to the next) and makes them entries; a scheduled
// leave whose last day is before today shows as taken (spec §3).
func (r *mapRead) entries(people []mapPerson, today time.Time) []MapEntry {
	order := r.order(len(people))
	todayN := pgDays(today)
	days := map[int32]string{}
	day := func(n int32) string {
		s, ok := days[n]
		if !ok {
			s = dayString(pgEpoch.AddDate(0, 0, int(n)))
			days[n] = s
		}
		return s
	}
	out := make([]MapEntry, len(order))
	for i, k := range order {
		b := &r.bars[k]
		p := &people[b.person]
		status, step := "scheduled", ""
		switch {
		case b.status == barPlanned:
			status = "planned"
		case b.status == barPending:
			status, step = "pending", r.words[b.step]
		case b.end < todayN:
			status = "taken"
		}
		out[i] = MapEntry{
			Period: Period{ID: b.id, M01Ukey: p.id, Nome: p.name, Departament: p.dept,
				Inicio: day(b.start), Fim: day(b.end), Dias: int(b.days)},
			Status:   status,
			StepKind: step,
		}
	}
	return out
}

// order returns the indexes of r.bars sorted by start, then rank (of people employees), then
// index. The three are packed into one uint64 (the start as days after the first, the rank
// and the index in as few bits as their counts need; 2,000 bars of 500 people over a year
// take 9 + 9 + 11 bits) and sorted as integers: comparing key structs field by field was
// 12 % of reading the map (bench vacations, profile of the client). When they do not fit,
// the bars are sorted by comparing the three.
func (r *mapRead) order(people int) []int32 {
	order := make([]int32, len(r.bars))
	if len(r.bars) == 0 {
		return order
	}
	first, last := r.bars[0].start, r.bars[0].start
	for _, b := range r.bars {
		first, last = min(first, b.start), max(last, b.start)
	}
	startBits := bits.Len64(uint64(int64(last) - int64(first)))
	rankBits, iBits := bits.Len(uint(people)), bits.Len(uint(len(r.bars)))
	if startBits+rankBits+iBits > 64 {
		for i := range order {
			order[i] = int32(i)
		}
		slices.SortFunc(order, func(i, j int32) int {
			a, b := &r.bars[i], &r.bars[j]
			return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.person, b.person), cmp.Compare(i, j))
		})
		return order
	}
	keys := make([]uint64, len(r.bars))
	for i, b := range r.bars {
		keys[i] = uint64(int64(b.start)-int64(first))<<(rankBits+iBits) | uint64(b.person)<<iBits | uint64(i)
	}
	slices.Sort(keys)
	for i, k := range keys {
		order[i] = int32(k & (1<<iBits - 1))
	}
	return order
}

// Approvals lists the requests of the scope: filter "waiting" those whose current step is
// the caller's (the manager step of their reports; the HR step when hr), "decided" those the
// caller decided (userID), "all" both. Oldest first.
func (Vacations) Approvals(ctx context.Context, tx pgx.Tx, manager uuid.UUID, hr bool, userID uuid.UUID, filter string, today time.Time) ([]Leave, error) {
	waiting := `(l.status = 'pending' AND ((l.steps[l.step + 1] = 'manager' AND e.manager_id = $1) OR (l.steps[l.step + 1] = 'hr' AND $2)))`
	decided := `(l.decisions @> jsonb_build_array(jsonb_build_object('by', $3::text)))`
	// Every filter names all three parameters, so one argument list serves them all.
	cond := waiting + ` AND $3::text IS NOT NULL`
	switch filter {
	case "decided":
		cond = decided + ` AND $1::uuid IS NOT NULL AND $2::boolean IS NOT NULL`
	case "all":
		cond = "(" + waiting + " OR " + decided + ")"
	}
	rows, err := tx.Query(ctx, `SELECT `+leaveColumns+`
FROM vacation_leaves l JOIN employees e ON e.tenant_id = l.tenant_id AND e.id = l.employee_id
JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE l.tenant_id = app_tenant() AND `+cond+` ORDER BY l.requested_at, l.position LIMIT 500`, manager, hr, userID.String())
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, scanLeave)
	markTaken(out, vacation.DayOf(today))
	return out, err
}

// Plans lists the planned periods of the scope that touch [from, to].
func (Vacations) Plans(ctx context.Context, tx pgx.Tx, scope Scope, from, to time.Time) ([]Plan, error) {
	cond, arg := scope.where(3)
	return plansOf(ctx, tx, `p.start_date <= $2 AND p.end_date >= $1 AND `+cond, from, to, arg)
}

// TeamMember is an employee a manager or HR plans for.
type TeamMember struct {
	M01Ukey     uuid.UUID `json:"m01Ukey"`
	Nome        string    `json:"nome"`
	Departament string    `json:"departamento"`
}

// Team lists the active employees of the scope by name (at most 1000).
func (Vacations) Team(ctx context.Context, tx pgx.Tx, scope Scope) ([]TeamMember, error) {
	cond, arg := scope.where(1)
	rows, err := tx.Query(ctx, `SELECT e.id, e.name, d.name FROM employees e
JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE e.tenant_id = app_tenant() AND e.status <> 'inactive' AND `+cond+` ORDER BY e.name LIMIT 1000`, arg)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (TeamMember, error) {
		var m TeamMember
		return m, r.Scan(&m.M01Ukey, &m.Nome, &m.Departament)
	})
}

// Department is a department of the tenant (the admin map's filter).
type Department struct {
	ID   uuid.UUID `json:"id"`
	Nome string    `json:"nome"`
}

// Departments lists the tenant's departments by name.
func (Vacations) Departments(ctx context.Context, tx pgx.Tx) ([]Department, error) {
	rows, err := tx.Query(ctx, `SELECT id, name FROM departments WHERE tenant_id = app_tenant() ORDER BY name`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Department, error) {
		var d Department
		return d, r.Scan(&d.ID, &d.Nome)
	})
}
