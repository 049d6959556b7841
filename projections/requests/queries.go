package requests

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	rq "portal/domain/request"
)

// Viewer is who reads: the token's user, their employee record and roles.
type Viewer struct {
	UserID     uuid.UUID
	EmployeeID uuid.UUID
	Roles      []string
	Today      time.Time
}

func (v Viewer) isHR() bool {
	for _, r := range v.Roles {
		if r == rq.RoleHR {
			return true
		}
	}
	return false
}

// Query is a list of requests (GET request, GetWithFilter, history).
type Query struct {
	Viewer   Viewer
	Source   string    // request (default), approver, delivery
	Folder   string    // all, waiting, draft, approved, rejected; history: closed
	Subject  uuid.UUID // the subject employee (source request)
	LabelID  string
	Origins  []int
	Without  []int // origins left out (the home banner counts adjustments apart)
	Filters  []rq.Filter
	Exclude  uuid.UUID // history: the request open in the dialog
	Page     int       // 1-based
	PageSize int
}

// Page is a page of requests (docs/api.md "Requests": Page).
type Page struct {
	Data        []Doc `json:"data"`
	CurrentPage int   `json:"currentPage"`
	PageSize    int   `json:"pageSize"`
	TotalPages  int   `json:"totalPages"`
	TotalCount  int   `json:"totalCount"`
	HasNext     bool  `json:"hasNext"`
}

// ErrUnknownFolder refuses a folder the source does not have.
var ErrUnknownFolder = errors.New("projections: unknown folder")

type sqlBuilder struct {
	where []string
	args  []any
}

func (b *sqlBuilder) arg(v any) string {
	b.args = append(b.args, v)
	return "$" + strconv.Itoa(len(b.args))
}

func (b *sqlBuilder) add(cond string, args ...any) {
	names := make([]any, len(args))
	for i, a := range args {
		names[i] = b.arg(a)
	}
	b.where = append(b.where, fmt.Sprintf(cond, names...))
}

// List answers a page of requests.
func List(ctx context.Context, tx pgx.Tx, q Query) (Page, error) {
	page := Page{Data: []Doc{}, CurrentPage: q.Page, PageSize: q.PageSize}
	b := &sqlBuilder{}
	v := q.Viewer
	order := "rank, created_at DESC, id"
	switch q.Source {
	case "", "request":
		b.add("subject_employee_id = %s", q.Subject)
		switch q.Folder {
		case "", "all":
			b.add("status <> %s", "removed")
		case "waiting", "draft", "approved", "rejected":
			b.add("status = %s", q.Folder)
		case "closed":
			b.add("status IN ('approved', 'rejected')")
			order = "updated_at DESC, id"
		default:
			return page, ErrUnknownFolder
		}
	case "approver":
		return listQueue(ctx, tx, q)
	case "delivery":
		order = "updated_at DESC, id"
		switch q.Folder {
		case "", "waiting":
			b.add("delivery_status IN ('pending', 'partially_delivered', 'not_delivered')")
		case "all":
			b.add("delivery_status IS NOT NULL")
		default:
			return page, ErrUnknownFolder
		}
	default:
		return page, ErrUnknownFolder
	}
	if err := addCommon(b, q); err != nil {
		return page, err
	}
	where := strings.Join(b.where, " AND ")
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM requests WHERE "+where, b.args...).Scan(&page.TotalCount); err != nil {
		return page, err
	}
	limit, offset := b.arg(q.PageSize), b.arg((q.Page-1)*q.PageSize)
	sql := "SELECT doc FROM requests WHERE " + where + " ORDER BY " + order + " LIMIT " + limit + " OFFSET " + offset
	if err := readDocs(ctx, tx, &page, sql, b.args); err != nil {
		return page, err
	}
	return page, markAbsent(ctx, tx, v.Today, page.Data)
}

// addCommon adds the conditions every list may have: label, types, an excluded request and
// the GetWithFilter items.
func addCommon(b *sqlBuilder, q Query) error {
	if q.LabelID != "" {
		b.add("%s = ANY(labels)", q.LabelID)
	}
	if len(q.Origins) > 0 {
		b.add("origin = ANY(%s::smallint[])", q.Origins)
	}
	if len(q.Without) > 0 {
		b.add("origin <> ALL(%s::smallint[])", q.Without)
	}
	if q.Exclude != uuid.Nil {
		b.add("id <> %s", q.Exclude)
	}
	for _, f := range q.Filters {
		if err := addFilter(b, f); err != nil {
			return err
		}
	}
	return nil
}

// queueBranches are the disjoint parts of the viewer's "waiting" queue (§4: a step locked to
// a designated approver can be decided by others only while that approver is absent): the
// steps locked to the viewer; the steps locked to someone absent today whom the viewer may
// stand in for (HR admins for anyone, others for the steps of their roles); the steps open
// to a role the viewer holds. One branch per person and per role, so each is an ordered scan
// of a queue index (migrations/00011_requests.sql).
func queueBranches(ctx context.Context, tx pgx.Tx, b *sqlBuilder, v Viewer) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT DISTINCT user_id FROM approver_absences WHERE $1::date BETWEEN starts_on AND ends_on AND user_id <> $2`,
		v.Today.Format(time.DateOnly), v.UserID)
	if err != nil {
		return nil, err
	}
	absent, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, err
	}
	roles := ""
	branches := []string{"step_designated = " + b.arg(v.UserID)}
	for _, a := range absent {
		branch := "step_designated = " + b.arg(a)
		if !v.isHR() {
			if roles == "" {
				roles = b.arg(v.Roles)
			}
			branch += " AND step_role = ANY(" + roles + ")"
		}
		branches = append(branches, branch)
	}
	for _, r := range v.Roles {
		branches = append(branches, "step_designated IS NULL AND step_role = "+b.arg(r))
	}
	return branches, nil
}

// listQueue answers the approver's lists: "waiting" (the queue) and "all" (the queue and the
// requests the viewer decided).
func listQueue(ctx context.Context, tx pgx.Tx, q Query) (Page, error) {
	page := Page{Data: []Doc{}, CurrentPage: q.Page, PageSize: q.PageSize}
	if q.Folder != "" && q.Folder != "waiting" && q.Folder != "all" {
		return page, ErrUnknownFolder
	}
	b := &sqlBuilder{}
	me := b.arg(q.Viewer.UserID)
	if err := addCommon(b, q); err != nil {
		return page, err
	}
	common := append([]string{"status = 'waiting'", "subject_user_id IS DISTINCT FROM " + me}, b.where...)
	branches, err := queueBranches(ctx, tx, b, q.Viewer)
	if err != nil {
		return page, err
	}
	var parts []string
	for _, br := range branches {
		parts = append(parts, strings.Join(append(common, br), " AND "))
	}
	if q.Folder == "all" {
		parts = append(parts, strings.Join(append(b.where[:len(b.where):len(b.where)], "deciders @> ARRAY["+me+"]::uuid[]"), " AND "))
	}
	n := q.Page * q.PageSize
	var counts, pages []string
	for _, p := range parts {
		counts = append(counts, "SELECT id FROM requests WHERE "+p)
		pages = append(pages, "(SELECT id, updated_at FROM requests WHERE "+p+" ORDER BY updated_at DESC, id LIMIT "+strconv.Itoa(n)+")")
	}
	countSQL := "SELECT count(*) FROM (" + strings.Join(counts, " UNION ") + ") q"
	if q.Folder != "all" { // the waiting branches are disjoint: add index-only counts
		countSQL = "SELECT 0"
		for _, c := range counts {
			countSQL += " + (SELECT count(*) FROM (" + c + ") q)"
		}
	}
	if err := tx.QueryRow(ctx, countSQL, b.args...).Scan(&page.TotalCount); err != nil {
		return page, err
	}
	pageSQL := "SELECT r.doc FROM (SELECT DISTINCT id, updated_at FROM (" + strings.Join(pages, " UNION ALL ") + ") u) q " +
		"JOIN requests r ON r.id = q.id ORDER BY q.updated_at DESC, q.id LIMIT " + strconv.Itoa(q.PageSize) + " OFFSET " + strconv.Itoa(n-q.PageSize)
	if err := readDocs(ctx, tx, &page, pageSQL, b.args); err != nil {
		return page, err
	}
	return page, markAbsent(ctx, tx, q.Viewer.Today, page.Data)
}

func readDocs(ctx context.Context, tx pgx.Tx, page *Page, sql string, args []any) error {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	docs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Doc, error) {
		var d Doc
		var raw []byte
		if err := row.Scan(&raw); err != nil {
			return d, err
		}
		return d, json.Unmarshal(raw, &d)
	})
	if err != nil {
		return err
	}
	page.Data = append(page.Data, docs...)
	if page.PageSize > 0 {
		page.TotalPages = (page.TotalCount + page.PageSize - 1) / page.PageSize
	}
	page.HasNext = page.CurrentPage*page.PageSize < page.TotalCount
	return nil
}

// filterColumns maps GetWithFilter fields to columns.
var filterColumns = map[string]string{
	"status": "status", "approvalStatus": "approval_status", "deliveryStatus": "delivery_status", "origem": "origin",
	"prioridade": "priority", "titulo": "title", "dataReferencia": "reference_date", "labels": "labels",
}

func addFilter(b *sqlBuilder, f rq.Filter) error {
	col, ok := filterColumns[f.Field]
	if !ok {
		return fmt.Errorf("projections: unknown filter field %q", f.Field)
	}
	switch {
	case f.Field == "labels":
		if f.Operator == "contains" {
			b.add("EXISTS (SELECT FROM unnest(labels) l WHERE strpos(lower(l), lower(%s)) > 0)", f.Value)
		} else {
			b.add("%s = ANY(labels)", f.Value)
		}
	case f.Field == "titulo" && f.Operator == "contains":
		b.add("strpos(lower(title), lower(%s)) > 0", f.Value)
	case f.Field == "origem" || f.Field == "prioridade":
		n, err := strconv.Atoi(f.Value)
		if err != nil {
			return errors.New("projections: filter value is not a number")
		}
		op := map[string]string{"eq": "=", "gte": ">=", "lte": "<="}[f.Operator]
		b.add(col+" "+op+" %s", n)
	case f.Field == "dataReferencia":
		op := map[string]string{"eq": "=", "gte": ">=", "lte": "<="}[f.Operator]
		b.add(col+" "+op+" %s::date", f.Value)
	default:
		b.add(col+" = %s", f.Value)
	}
	return nil
}

// markAbsent sets lockedToAbsent on the waiting steps whose designated approver is away
// today (the one field of the answer that depends on the day).
func markAbsent(ctx context.Context, tx pgx.Tx, today time.Time, docs []Doc) error {
	var hashes []string
	for _, d := range docs {
		if d.CurrentStep != nil && d.CurrentStep.LockedTo != nil {
			hashes = append(hashes, d.CurrentStep.LockedTo.UserHash)
		}
	}
	if len(hashes) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `SELECT u.hash FROM approver_absences a JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.user_id
WHERE u.hash = ANY($1) AND $2::date BETWEEN a.starts_on AND a.ends_on`, hashes, today.Format(time.DateOnly))
	if err != nil {
		return err
	}
	absent, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	away := map[string]bool{}
	for _, h := range absent {
		away[h] = true
	}
	for i := range docs {
		if s := docs[i].CurrentStep; s != nil && s.LockedTo != nil && away[s.LockedTo.UserHash] {
			s.LockedToAbsent = true
		}
	}
	return nil
}

// visibleSQL is who may see a request (docs/api.md by-id): its subject, creator, the
// subject's manager, any designated approver or decider, the holders of the waiting step's
// role, and HR admins. $1 viewer user, $2 viewer employee, $3 roles.
const visibleSQL = `(subject_user_id = $1 OR creator_user_id = $1 OR $1 = ANY(approvers) OR $1 = ANY(deciders)
 OR step_role = ANY($3) OR 'pwa-rh-adm' = ANY($3)
 OR EXISTS (SELECT FROM employees e WHERE e.tenant_id = requests.tenant_id AND e.id = requests.subject_employee_id AND e.manager_id = $2))`

// ByID answers a request the viewer may see: its folded state and its answer.
func ByID(ctx context.Context, tx pgx.Tx, v Viewer, id uuid.UUID) (*rq.Request, *Doc, error) {
	var state, raw []byte
	err := tx.QueryRow(ctx, `SELECT state, doc FROM requests WHERE id = $4 AND status <> 'removed' AND `+visibleSQL,
		v.UserID, v.EmployeeID, v.Roles, id).Scan(&state, &raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	r := &rq.Request{}
	var d Doc
	if err := json.Unmarshal(state, r); err != nil {
		return nil, nil, err
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, nil, err
	}
	docs := []Doc{d}
	if err := markAbsent(ctx, tx, v.Today, docs); err != nil {
		return nil, nil, err
	}
	return r, &docs[0], nil
}

// Counts are the menu badges.
type Counts struct {
	Waiting  int `json:"waiting"`
	Approver int `json:"approver"`
	Delivery int `json:"delivery"`
}

// Count answers the badges: the viewer's open requests, their approval queue, and
// (HR) the delivery queue.
func Count(ctx context.Context, tx pgx.Tx, v Viewer) (Counts, error) {
	var c Counts
	queue, err := listQueue(ctx, tx, Query{Viewer: v, Source: "approver", Folder: "waiting", Page: 1, PageSize: 1})
	if err != nil {
		return c, err
	}
	c.Approver = queue.TotalCount
	err = tx.QueryRow(ctx, `SELECT
  (SELECT count(*) FROM requests WHERE subject_employee_id = $1 AND status = 'waiting'),
  (SELECT CASE WHEN $2 THEN (SELECT count(*) FROM requests WHERE delivery_status IN ('pending', 'partially_delivered', 'not_delivered')) ELSE 0 END)`,
		v.EmployeeID, v.isHR()).Scan(&c.Waiting, &c.Delivery)
	return c, err
}

// Item is a catalogue item (itemSearch).
type Item struct {
	ItemID    string `json:"itemId"`
	Codigo    string `json:"codigo"`
	Descricao string `json:"descricao"`
	TipoItem  int    `json:"tipoItem"`
	Unidade   string `json:"unidade"`
}

// SearchItems answers a page of items whose code or description contains text.
func SearchItems(ctx context.Context, tx pgx.Tx, text string, page, pageSize int, ignore, include []uuid.UUID) ([]Item, bool, error) {
	rows, err := tx.Query(ctx, `SELECT id::text, code, description, item_type, unit FROM request_items
WHERE ($1 = '' OR strpos(lower(description), lower($1)) > 0 OR strpos(lower(code), lower($1)) > 0)
  AND NOT (id = ANY($2::uuid[])) AND (cardinality($3::uuid[]) = 0 OR id = ANY($3::uuid[]))
ORDER BY description, id LIMIT $4 OFFSET $5`, text, ignore, include, pageSize+1, (page-1)*pageSize)
	if err != nil {
		return nil, false, err
	}
	items, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Item, error) {
		var it Item
		err := row.Scan(&it.ItemID, &it.Codigo, &it.Descricao, &it.TipoItem, &it.Unidade)
		return it, err
	})
	if err != nil {
		return nil, false, err
	}
	more := len(items) > pageSize
	if more {
		items = items[:pageSize]
	}
	if items == nil {
		items = []Item{}
	}
	return items, more, nil
}

// TeamMember is one person of the "my team" dialog.
type TeamMember struct {
	M01Ukey  string `json:"m01Ukey"`
	UserHash string `json:"userHash"`
	Nome     string `json:"nome"`
	Cargo    string `json:"cargo"`
}

// MyTeam answers the viewer's direct reports (HR admins: every active employee), by name,
// at most 50.
func MyTeam(ctx context.Context, tx pgx.Tx, v Viewer, search string) ([]TeamMember, error) {
	rows, err := tx.Query(ctx, `SELECT e.id::text, coalesce((SELECT u.hash FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.id ORDER BY u.id LIMIT 1), ''),
       e.name, coalesce(p.name, '')
FROM employees e LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
WHERE e.status <> 'inactive' AND e.id IS DISTINCT FROM $1 AND (e.manager_id = $1 OR $2)
  AND ($3 = '' OR strpos(lower(e.name), lower($3)) > 0)
ORDER BY e.name, e.id LIMIT 50`, v.EmployeeID, v.isHR(), search)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (TeamMember, error) {
		var m TeamMember
		err := row.Scan(&m.M01Ukey, &m.UserHash, &m.Nome, &m.Cargo)
		return m, err
	})
	if out == nil {
		out = []TeamMember{}
	}
	return out, err
}

// File is an attachment's bytes.
type File struct {
	Name, Kind, SHA256 string
	Content            []byte
}

// FileForViewer answers an attachment of a request the viewer may see; nil otherwise.
func FileForViewer(ctx context.Context, tx pgx.Tx, v Viewer, id uuid.UUID) (*File, error) {
	var f File
	err := tx.QueryRow(ctx, `SELECT f.name, f.kind, f.sha256, f.content FROM request_files f
JOIN requests ON requests.tenant_id = f.tenant_id AND requests.id = f.request_id
WHERE f.id = $4 AND requests.status <> 'removed' AND `+visibleSQL, v.UserID, v.EmployeeID, v.Roles, id).Scan(&f.Name, &f.Kind, &f.SHA256, &f.Content)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return &f, err
}
