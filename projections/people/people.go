package people

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	"portal/projections"
)

// Directory reads the people area (spec portal-business §2 "Team listing", "Colleague card"):
// the employees table, which HR keeps (reference data, not projected from events), joined
// with the vacation and mood read models. Every method runs in a tenant transaction.
type Directory struct{}

// ErrNotFound: no employee with that id in the caller's tenant.
var ErrNotFound = errors.New("person not found")

// Scope is whose rows a listing holds.
type Scope int

const (
	ScopeReports    Scope = iota // a manager's direct reports (gestor)
	ScopeTenant                  // every employee of the tenant, former ones included (adm)
	ScopeColleagues              // the tenant's current employees, public fields (all)
)

// PersonRow is one employee of a listing: the avatar card of spec §3 (codigo, nome, picture,
// id, emo, title) and the columns the listings sort by.
type PersonRow struct {
	ID           string `json:"id"`
	Codigo       string `json:"codigo,omitempty"`
	Nome         string `json:"nome"`
	Email        string `json:"email"`
	Title        string `json:"title"` // the position
	Departamento string `json:"departamento"`
	DeptID       string `json:"departamentoId"` // the drill-down's filter
	Unidade      string `json:"unidade"`
	Admissao     string `json:"admissao,omitempty"`    // hire date, YYYY-MM-DD
	Aniversario  string `json:"aniversario,omitempty"` // MM-DD (birthdays: never the year)
	Status       string `json:"status,omitempty"`      // active, away, inactive
	Picture      string `json:"picture"`
	Emo          *Emo   `json:"emo,omitempty"` // the latest check-in, for whom the viewer may see it
	manager      uuid.UUID
}

// Viewer is who reads the people area: HR sees everyone's mood and private fields, a manager
// those of their direct reports.
type Viewer struct {
	Employee uuid.UUID
	HR       bool
}

func (v Viewer) seesPrivate(p PersonRow) bool {
	return v.HR || (v.Employee != uuid.Nil && p.manager == v.Employee)
}

// Query selects a page of a listing.
type Query struct {
	Scope      Scope
	Search     string    // substring of the name, code or e-mail, any case or accent
	Department uuid.UUID // uuid.Nil: every department
	OrderBy    string    // a key of Orders
	Desc       bool
	Page       int // from 1
	PageSize   int
}

// Orders are the sort fields of the listings (orderBy), by column.
var Orders = map[string]string{
	"nome":         "e.name",
	"codigo":       "e.code",
	"cargo":        "p.name",
	"departamento": "d.name",
	"unidade":      "u.name",
	"admissao":     "e.hire_date",
}

// Page is a page of a listing (spec §7: data, currentPage, pageSize, totalPages,
// totalCount, hasNext).
type Page struct {
	Data        []PersonRow `json:"data"`
	CurrentPage int         `json:"currentPage"`
	PageSize    int         `json:"pageSize"`
	TotalPages  int         `json:"totalPages"`
	TotalCount  int         `json:"totalCount"`
	HasNext     bool        `json:"hasNext"`
}

// personColumns are the columns of a PersonRow, named so that a query over a subquery of them
// can tell the employee's name from the position's, department's and unit's.
const personColumns = `e.id, e.code, e.name, e.email, p.name AS position, d.name AS department, e.department_id, u.name AS unit, e.hire_date,
       e.birth_date, e.status, e.picture, coalesce(e.manager_id, '00000000-0000-0000-0000-000000000000'::uuid) AS manager`

// personJoins names each employee's position, department and unit. Every employee has exactly
// one of each (NOT NULL columns, foreign keys within the tenant), so LEFT JOIN gives the rows an
// inner join gives. It keeps the employees on the outer side, though. With inner joins, when
// the statistics of those small tables did not know the tenant's rows yet (a tenant added
// since they were last analyzed), the planner scanned positions first and searched the
// employees once per position: 566 ms instead of 7.5 for "a" over 5,000 employees (bench
// people, p99).
const personJoins = `FROM employees e
` + personNames

// personNames are personJoins' joins, by alias (a query of the employees alone joins them
// itself).
const personNames = `LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
LEFT JOIN business_units u ON u.tenant_id = e.tenant_id AND u.id = e.business_unit_id`

// nameJoins is the join of personNames that names a sort column of Orders.
var nameJoins = func() map[string]string {
	m := map[string]string{}
	for _, j := range strings.Split(personNames, "\n") {
		alias := strings.Fields(j)[3] // LEFT JOIN table alias ON ...
		m[alias+".name"] = j
	}
	return m
}()

func scanPerson(row pgx.Row, extra ...any) (PersonRow, error) {
	var p PersonRow
	var id, dept uuid.UUID
	var hire time.Time
	var birth *time.Time
	dest := append([]any{&id, &p.Codigo, &p.Nome, &p.Email, &p.Title, &p.Departamento, &dept, &p.Unidade, &hire, &birth,
		&p.Status, &p.Picture, &p.manager}, extra...)
	if err := row.Scan(dest...); err != nil {
		return p, err
	}
	p.ID, p.DeptID, p.Admissao = id.String(), dept.String(), hire.Format(time.DateOnly)
	if birth != nil {
		p.Aniversario = birth.Format("01-02")
	}
	return p, nil
}

// likePattern is the LIKE pattern of a search text: folded, its wildcards escaped.
func likePattern(search string) string { return "%" + projections.EscapeLike(search) + "%" }

// List reads a page of a listing. Rows are in the order asked, then by name and id, so pages
// never overlap.
func (Directory) List(ctx context.Context, tx pgx.Tx, v Viewer, q Query) (Page, error) {
	col, ok := Orders[q.OrderBy]
	if !ok {
		col = Orders["nome"]
	}
	dir := "ASC"
	if q.Desc {
		dir = "DESC"
	}
	// The filter, with its arguments numbered as they are added.
	var args []any
	arg := func(v any) string { args = append(args, v); return fmt.Sprintf("$%d", len(args)) }
	// The tenant as an init plan: compared on each row (a filter rather than an index
	// condition, as in a sequential scan of a search), app_tenant() reads and parses the setting
	// each time; and the row-level security policy's own app_tenant() = tenant_id then becomes
	// a one-time test. Over 6,300 rows that was 8-14 ms of 16-30 (bench people, EXPLAIN ANALYZE
	// of the count of "a", loaded host).
	where := []string{"e.tenant_id = (SELECT app_tenant())"}
	switch q.Scope {
	case ScopeReports:
		where = append(where, "e.manager_id = "+arg(v.Employee))
	case ScopeColleagues:
		where = append(where, "e.status <> 'inactive'")
	}
	if q.Search != "" {
		where = append(where, "e.search LIKE people_fold("+arg(likePattern(q.Search))+")")
	}
	if q.Department != uuid.Nil {
		where = append(where, "e.department_id = "+arg(q.Department))
	}
	filter := strings.Join(where, " AND ")
	limit, offset := arg(q.PageSize), arg((q.Page-1)*q.PageSize)
	order := fmt.Sprintf("%s %s, e.name %s, e.id %s", col, dir, dir, dir)
	// Outside a manager's reports, the page is chosen over the employees' narrow columns alone
	// (id, name, the search text, the sort key: the name index holds them all, so that scan is
	// index-only) and only its rows are then read whole and named. Read from the table, every
	// match's wide row was read (the schedule: 840 bytes an employee in bench people, 1,419
	// pages for 6,300 where the name index has 463) and every match named before the sort. A
	// manager's reports are few and the manager index finds them; there the second read of the
	// page's rows costs more than it saves (bench people, reports "a": 2.3 ms of server CPU
	// in one query, 2.9-3.4 in two).
	narrow := q.Scope != ScopeReports
	outer := strings.NewReplacer(col, "page.sort_key", "e.name", "page.name", "e.id", "page.id").Replace(order)
	whole := "JOIN employees e ON e.tenant_id = (SELECT app_tenant()) AND e.id = page.id\n" + personNames
	var sql string
	if col == Orders["nome"] {
		// In name order the name index (or, for a manager's reports, the manager index) gives
		// the page without reading every match, so the total is counted apart, over the
		// employees alone (each has exactly one position, department and unit: the joins
		// neither add nor drop rows), and only when the page does not tell it: a page with
		// fewer rows than its size is the last one (the count subquery, an init plan, runs
		// only when the CASE reaches it). A count(*) OVER () of the page's query made it join
		// and number every match before the LIMIT: for "a", 5,000 rows where the index gives
		// the first page in 30.
		outer = strings.NewReplacer("e.name", "page.name", "e.id", "page.id").Replace(order)
		cols, page, rest := personColumns, "e.id, e.name FROM employees e", whole
		if !narrow {
			cols, page, rest = "page.*", personColumns+"\n"+personJoins, ""
		}
		sql = fmt.Sprintf(`SELECT %[1]s, CASE WHEN count(*) OVER () < %[6]s THEN %[7]s + count(*) OVER ()
       ELSE (SELECT count(*) FROM employees e WHERE %[3]s) END
FROM (SELECT %[2]s
WHERE %[3]s
ORDER BY %[4]s
LIMIT %[6]s OFFSET %[7]s) page
%[8]s
ORDER BY %[5]s`, cols, page, filter, order, outer, limit, offset, rest)
	} else if narrow {
		// Any other order sorts every match anyway: the same scan counts them.
		sql = fmt.Sprintf(`SELECT %[1]s, page.total
FROM (SELECT e.id, e.name, %[2]s AS sort_key, count(*) OVER () AS total FROM employees e %[3]s
WHERE %[4]s
ORDER BY %[5]s
LIMIT %[7]s OFFSET %[8]s) page
%[9]s
ORDER BY %[6]s`, personColumns, col, nameJoins[col], filter, order, outer, limit, offset, whole)
	} else {
		sql = fmt.Sprintf(`SELECT %s, count(*) OVER ()
%s
WHERE %s
ORDER BY %s
LIMIT %s OFFSET %s`, personColumns, personJoins, filter, order, limit, offset)
	}
	// Planned for each call's own search: a prepared plan kept for every search (the server's
	// generic plan) guesses how many employees a search matches, and for "a" (nearly everyone)
	// it guessed 25 and took 17 ms instead of 8.
	rows, err := tx.Query(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
	if err != nil {
		return Page{}, err
	}
	page := Page{Data: []PersonRow{}, CurrentPage: q.Page, PageSize: q.PageSize}
	for rows.Next() {
		p, err := scanPerson(rows, &page.TotalCount)
		if err != nil {
			rows.Close()
			return page, err
		}
		page.Data = append(page.Data, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return page, err
	}
	if len(page.Data) == 0 && q.Page > 1 {
		// Past the end: the count comes from a page that has rows.
		err := tx.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) FROM employees e WHERE %s`, filter), args[:len(args)-2]...).Scan(&page.TotalCount)
		if err != nil {
			return page, err
		}
	}
	page.TotalPages = (page.TotalCount + q.PageSize - 1) / q.PageSize
	page.HasNext = q.Page < page.TotalPages
	return page, finish(ctx, tx, v, page.Data, q.Scope == ScopeColleagues)
}

// finish fills the mood of the rows the viewer may see and blanks what they may not: the code
// and status of colleagues (public fields only).
func finish(ctx context.Context, tx pgx.Tx, v Viewer, rows []PersonRow, public bool) error {
	var ids []uuid.UUID
	at := map[uuid.UUID]int{}
	for i := range rows {
		if public && !v.seesPrivate(rows[i]) {
			rows[i].Codigo, rows[i].Status = "", ""
		}
		if v.seesPrivate(rows[i]) {
			id := uuid.MustParse(rows[i].ID)
			ids = append(ids, id)
			at[id] = i
		}
	}
	if len(ids) == 0 {
		return nil
	}
	moods, err := tx.Query(ctx, `
SELECT DISTINCT ON (employee_id) employee_id, humor::float8, energy::float8, checked_in_at
FROM mood_checkins WHERE tenant_id = app_tenant() AND employee_id = ANY($1)
ORDER BY employee_id, checked_in_at DESC, position DESC`, ids)
	if err != nil {
		return err
	}
	defer moods.Close()
	for moods.Next() {
		var id uuid.UUID
		var e Emo
		if err := moods.Scan(&id, &e.Humor, &e.Energy, &e.Data); err != nil {
			return err
		}
		e.Data = e.Data.UTC()
		rows[at[id]].Emo = &e
	}
	return moods.Err()
}

// Birthdays lists the current employees born in month, by day then name (the year of birth
// is never shown).
func (Directory) Birthdays(ctx context.Context, tx pgx.Tx, v Viewer, month time.Month) ([]PersonRow, error) {
	return collectPeople(ctx, tx, v, fmt.Sprintf(`SELECT %s %s
WHERE e.tenant_id = app_tenant() AND e.status <> 'inactive' AND extract(month FROM e.birth_date)::int = $1
ORDER BY extract(day FROM e.birth_date), e.name, e.id`, personColumns, personJoins), int(month))
}

// Hires lists the employees hired in the month of first, by hire date then name.
func (Directory) Hires(ctx context.Context, tx pgx.Tx, v Viewer, first time.Time) ([]PersonRow, error) {
	return collectPeople(ctx, tx, v, fmt.Sprintf(`SELECT %s %s
WHERE e.tenant_id = app_tenant() AND e.status <> 'inactive' AND e.hire_date >= $1 AND e.hire_date < $2
ORDER BY e.hire_date, e.name, e.id`, personColumns, personJoins), first, first.AddDate(0, 1, 0))
}

func collectPeople(ctx context.Context, tx pgx.Tx, v Viewer, sql string, args ...any) ([]PersonRow, error) {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (PersonRow, error) { return scanPerson(r) })
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []PersonRow{}
	}
	return out, finish(ctx, tx, v, out, true)
}

// Span is a reason with its dates (the card's status, ferias and afastamento).
type Span struct {
	Motivo string `json:"motivo"`
	Inicio string `json:"inicio,omitempty"`
	Fim    string `json:"fim,omitempty"`
}

// About is one "more information" answer of a card.
type About struct {
	ID       string `json:"id"`
	Pergunta string `json:"pergunta"`
	Resposta string `json:"resposta"`
}

// Card is the colleague card (spec §3): the fields by name and the presentation card's keys.
type Card struct {
	ID           string  `json:"id"`
	Nome         string  `json:"nome"`
	Email        string  `json:"email"`
	Unidade      string  `json:"unidade"`
	Cargo        string  `json:"cargo"`
	Departamento string  `json:"departamento"`
	Inicio       string  `json:"inicio"` // hire date in the unit, YYYY-MM-DD
	Fone         string  `json:"Fone,omitempty"`
	Picture      string  `json:"picture"`
	Status       *Span   `json:"status,omitempty"`
	Ferias       *Span   `json:"ferias,omitempty"`
	Afastamento  *Span   `json:"afastamento,omitempty"`
	TellMeMore   []About `json:"tellMeMore"`
	Emo          *Emo    `json:"emo,omitempty"`
	M10002C      string  `json:"m10_002_c"` // unit
	M41002C      string  `json:"m41_002_c"` // department
	M02002C      string  `json:"m02_002_c"` // position
	M01004C      string  `json:"m01_004_c"` // name
	M01056D      string  `json:"m01_056_d"` // start date
	M01021C      string  `json:"m01_021_c"` // e-mail
}

// Card reads an employee's card as of today. withPhone adds the phone (the contact QR's
// readers); the mood shows for whom the viewer may see it.
func (Directory) Card(ctx context.Context, tx pgx.Tx, v Viewer, id uuid.UUID, today time.Time, withPhone bool) (Card, error) {
	var phone string
	var layoff []byte
	p, err := scanPerson(tx.QueryRow(ctx, fmt.Sprintf(`SELECT %s, e.phone, e.layoff %s
WHERE e.tenant_id = app_tenant() AND e.id = $1`, personColumns, personJoins), id), &phone, &layoff)
	if errors.Is(err, pgx.ErrNoRows) {
		return Card{}, ErrNotFound
	}
	if err != nil {
		return Card{}, err
	}
	c := Card{ID: p.ID, Nome: p.Nome, Email: p.Email, Unidade: p.Unidade, Cargo: p.Title, Departamento: p.Departamento,
		Inicio: p.Admissao, Picture: p.Picture, TellMeMore: []About{}}
	c.M10002C, c.M41002C, c.M02002C, c.M01004C, c.M01056D, c.M01021C = c.Unidade, c.Departamento, c.Cargo, c.Nome, c.Inicio, c.Email
	if withPhone {
		c.Fone = phone
	}
	periods, _ := clock.ParseLayoff(layoff) // what the time clock reads; anything else is no leave
	for _, l := range periods {
		if l.Covers(today) {
			c.Afastamento = &Span{Motivo: "afastamento", Inicio: dayText(l.Start), Fim: dayText(l.End)}
		}
	}
	var from, to time.Time
	err = tx.QueryRow(ctx, `SELECT start_date, end_date FROM vacation_leaves
WHERE tenant_id = app_tenant() AND employee_id = $1 AND status = 'scheduled' AND start_date <= $2 AND end_date >= $2
ORDER BY start_date LIMIT 1`, id, today).Scan(&from, &to)
	switch {
	case err == nil:
		c.Ferias = &Span{Motivo: "ferias", Inicio: from.Format(time.DateOnly), Fim: to.Format(time.DateOnly)}
	case !errors.Is(err, pgx.ErrNoRows):
		return c, err
	}
	if c.Ferias == nil && c.Afastamento == nil {
		c.Status = &Span{Motivo: p.Status}
	}
	rows, err := tx.Query(ctx, `SELECT id, question, answer FROM employee_about
WHERE tenant_id = app_tenant() AND employee_id = $1 AND answer <> '' ORDER BY ord, question`, id)
	if err != nil {
		return c, err
	}
	about, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (About, error) {
		var a About
		var aid uuid.UUID
		err := r.Scan(&aid, &a.Pergunta, &a.Resposta)
		a.ID = aid.String()
		return a, err
	})
	if err != nil {
		return c, err
	}
	c.TellMeMore = append(c.TellMeMore, about...)
	one := []PersonRow{p}
	if err := finish(ctx, tx, v, one, false); err != nil {
		return c, err
	}
	c.Emo = one[0].Emo
	return c, nil
}

// dayText is a date as YYYY-MM-DD; empty for the zero time (an open end).
func dayText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}

// DynamicMessage is one notice of the home (GET /api/gen/DynamicMessage).
type DynamicMessage struct {
	ID       string `json:"id"`
	CodeID   int    `json:"codeId"`
	Titulo   string `json:"titulo"`
	Mensagem string `json:"mensagem"`
	Link     string `json:"link,omitempty"`
	Inicio   string `json:"inicio"`
	Fim      string `json:"fim,omitempty"`
}

// DynamicMessages reads the notices of code shown today, in order, at most max.
func (Directory) DynamicMessages(ctx context.Context, tx pgx.Tx, code int, today time.Time, max int) ([]DynamicMessage, error) {
	rows, err := tx.Query(ctx, `SELECT id, code_id, title, message, link, starts_on, ends_on FROM dynamic_messages
WHERE tenant_id = app_tenant() AND code_id = $1 AND starts_on <= $2 AND (ends_on IS NULL OR ends_on >= $2)
ORDER BY ord, starts_on DESC, id LIMIT $3`, code, today, max)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (DynamicMessage, error) {
		var m DynamicMessage
		var id uuid.UUID
		var from time.Time
		var to *time.Time
		if err := r.Scan(&id, &m.CodeID, &m.Titulo, &m.Mensagem, &m.Link, &from, &to); err != nil {
			return m, err
		}
		m.ID, m.Inicio = id.String(), from.Format(time.DateOnly)
		if to != nil {
			m.Fim = to.Format(time.DateOnly)
		}
		return m, nil
	})
	if out == nil {
		out = []DynamicMessage{}
	}
	return out, err
}

// Emo is a check-in as an avatar shows it.
type Emo struct {
	Energy float64   `json:"energy"`
	Humor  float64   `json:"humor"`
	Data   time.Time `json:"data"`
}
