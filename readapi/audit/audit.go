// Package audit serves the audit area (docs/api.md "Audit"): auditors and HR admins find a
// subject, read its event timeline, rebuild its state as of an instant, verify the tenant's
// hash chains and rebuild a projection in a shadow to compare. Everything is read-only;
// every call that answers is itself recorded as an audit.read event in the reader's audit
// stream, and GET /audit/reads lists them.
package audit

import (
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	chain "portal/audit"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/projections"
	"portal/readapi/httpx"
)

// API serves the audit area of a tenant.
type API struct {
	httpx.Gates
	Pool *pgxpool.Pool
	// Store is the log the area reads; it records every read there too.
	Store eventstore.Store
	Now   func() time.Time
	// Shadows are the projections a shadow rebuild may copy, by name.
	Shadows map[string]projections.Tabled
	replays replayJobs
}

// Routes registers the audit calls (docs/api.md "Audit").
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	a := g.Group("/audit", s.Authn, httpx.Caller(httpx.IDsWhenSent), s.Access(httpx.MenuAccess("audit")))
	a.GET("/subjects", s.auditSubjects)
	a.GET("/timeline", s.auditTimeline)
	a.GET("/asof", s.auditAsOf)
	a.GET("/verify", s.auditVerify)
	a.GET("/reads", s.auditReads)
	s.replays.jobs = map[[2]string]*replayJob{}
	a.GET("/replay", s.auditReplayList)
	a.POST("/replay", s.auditReplayStart)
}

// auditReadType is the event that records a read of the audit area.
const auditReadType = "audit.read.v1"

// auditRead is its data.
type auditRead struct {
	View  string `json:"view"` // subjects, timeline, asof, verify, reads, replay
	Kind  string `json:"kind,omitempty"`
	ID    string `json:"id,omitempty"`
	Query string `json:"query,omitempty"` // the call's query string, tenId left out
}

// recordRead appends the caller's read to their audit stream, before the answer leaves: a
// read that cannot be recorded is not answered.
func (s *API) recordRead(c echo.Context, r auditRead) error {
	q := c.QueryParams()
	q.Del("tenId")
	r.Query = q.Encode()
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	cl := httpx.Claims(c)
	_, err = s.Store.Append(c.Request().Context(), eventstore.Meta{Tenant: cl.Tenant, Actor: cl.UserID.String()},
		eventstore.StreamName("audit", cl.UserID), eventstore.Any,
		eventstore.EventData{ID: uuid.New(), Type: auditReadType, Data: data})
	return err
}

// auditSubject is something whose history can be read.
type auditSubject struct {
	Kind   string `json:"kind"` // employee, punches, vacation, request, survey
	ID     string `json:"id"`
	Label  string `json:"label"`
	Detail string `json:"detail,omitempty"`

	streams []string
}

// GET /audit/subjects?q: employees (with their punches and vacation), requests and surveys
// whose name, code, login, title or id matches q (at least 2 characters), and the tenant's
// configuration history when q starts like "configurações"/"settings" or names the tenant.
func (s *API) auditSubjects(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	if len([]rune(q)) < 2 || len(q) > 100 {
		return httpx.Error(http.StatusBadRequest, "q", "valor_invalido")
	}
	like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(q) + "%"
	items := []auditSubject{}
	err := httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		ctx := c.Request().Context()
		rows, err := tx.Query(ctx, `
SELECT e.id::text, e.name, e.code FROM employees e
WHERE e.name ILIKE $1 OR e.code ILIKE $1 OR e.id::text = $2
   OR EXISTS (SELECT 1 FROM users u WHERE u.employee_id = e.id AND u.user_name ILIKE $1)
ORDER BY e.name LIMIT 10`, like, q)
		if err != nil {
			return err
		}
		var id, name, code string
		if _, err := pgx.ForEachRow(rows, []any{&id, &name, &code}, func() error {
			for _, k := range []string{"employee", "punches", "vacation"} {
				items = append(items, auditSubject{Kind: k, ID: id, Label: name, Detail: code})
			}
			return nil
		}); err != nil {
			return err
		}
		// The tenant's configuration history (the administration panels' changes).
		var tenant auditSubject
		err = tx.QueryRow(ctx, `SELECT id::text, name, access_code FROM tenants WHERE id = app_tenant()
  AND ($1 ~* '^(conf|sett|ajus|admin)' OR name ILIKE $2 OR access_code ILIKE $2)`, q, like).Scan(&tenant.ID, &tenant.Label, &tenant.Detail)
		switch {
		case err == nil:
			tenant.Kind = "settings"
			items = append(items, tenant)
		case !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		for _, t := range []struct{ kind, sql string }{
			{"request", `SELECT id::text, title, reference_date::text FROM requests WHERE title ILIKE $1 OR id::text = $2 ORDER BY created_at DESC LIMIT 10`},
			{"survey", `SELECT id::text, title, kind FROM surveys WHERE title ILIKE $1 OR id::text = $2 ORDER BY start_at DESC LIMIT 10`},
		} {
			rows, err := tx.Query(ctx, t.sql, like, q)
			if err != nil {
				return err
			}
			var id, label, detail string
			if _, err := pgx.ForEachRow(rows, []any{&id, &label, &detail}, func() error {
				items = append(items, auditSubject{Kind: t.kind, ID: id, Label: label, Detail: detail})
				return nil
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.recordRead(c, auditRead{View: "subjects"}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"items": items})
}

// parseSubject reads the subject of a call (kind among kinds, id a uuid) without I/O; an
// unknown kind or a malformed id is refused.
func parseSubject(c echo.Context, kinds ...string) (auditSubject, error) {
	kind := c.QueryParam("kind")
	if !slices.Contains(kinds, kind) {
		return auditSubject{}, httpx.Error(http.StatusBadRequest, "kind", "valor_invalido")
	}
	id, err := uuid.Parse(strings.TrimSpace(c.QueryParam("id")))
	if err != nil {
		return auditSubject{}, httpx.Error(http.StatusBadRequest, "id", "valor_invalido")
	}
	return auditSubject{Kind: kind, ID: id.String()}, nil
}

// loadSubject finds sub in the caller's tenant (tx) with its label and the streams of its
// history; a subject the tenant does not have is 404.
func loadSubject(ctx context.Context, tx pgx.Tx, sub *auditSubject) error {
	id := uuid.MustParse(sub.ID)
	var err error
	switch sub.Kind {
	case "employee", "punches", "vacation":
		err = loadPerson(ctx, tx, id, sub)
	case "request":
		sub.streams = []string{eventstore.StreamName("request", id)}
		err = tx.QueryRow(ctx, `SELECT title, reference_date::text FROM requests WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	case "settings": // the caller's own tenant only: another's is no row under RLS
		sub.streams = []string{eventstore.StreamName("settings", id)}
		err = tx.QueryRow(ctx, `SELECT name, access_code FROM tenants WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	case "survey":
		sub.streams = []string{eventstore.StreamName("survey", id)}
		err = tx.QueryRow(ctx, `SELECT title, kind FROM surveys WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return httpx.Error(http.StatusNotFound, "id", "nao_encontrado")
	}
	return err
}

// loadPerson loads an employee subject: their punches, their vacation, or everything of
// theirs (clock, the user's vacation, mood, pdi and audit streams, the requests about them).
func loadPerson(ctx context.Context, tx pgx.Tx, id uuid.UUID, sub *auditSubject) error {
	var user *uuid.UUID
	err := tx.QueryRow(ctx, `SELECT e.name, e.code, (SELECT u.id FROM users u WHERE u.employee_id = e.id ORDER BY u.user_name LIMIT 1)
FROM employees e WHERE e.id = $1`, id).Scan(&sub.Label, &sub.Detail, &user)
	if err != nil {
		return err
	}
	clockStream := "clock-" + id.String()
	switch {
	case sub.Kind == "punches":
		sub.streams = []string{clockStream}
	case sub.Kind == "vacation" && user != nil:
		sub.streams = []string{eventstore.StreamName("vacation", *user)}
	case sub.Kind == "employee":
		sub.streams = []string{clockStream}
		if user != nil {
			for _, area := range []string{"vacation", "mood", "pdi", "audit"} {
				sub.streams = append(sub.streams, eventstore.StreamName(area, *user))
			}
		}
		rows, err := tx.Query(ctx, `SELECT 'request-' || id FROM requests WHERE subject_employee_id = $1`, id)
		if err != nil {
			return err
		}
		var st string
		_, err = pgx.ForEachRow(rows, []any{&st}, func() error { sub.streams = append(sub.streams, st); return nil })
		return err
	}
	return nil
}

// TimelineItem is one event of a timeline, readable.
type TimelineItem struct {
	Position   int64           `json:"position"`
	Stream     string          `json:"stream"`
	Version    int64           `json:"version"`
	Type       string          `json:"type"`
	At         time.Time       `json:"at"` // server time of the append
	Actor      string          `json:"actor"`
	ActorName  string          `json:"actorName"`
	OnBehalfOf string          `json:"onBehalfOf,omitempty"` // the name of whom the actor acted for
	Fields     []timelineData  `json:"fields"`
	Data       json.RawMessage `json:"data"`
}

// timelineData is one leaf of an event's data: its dotted path and its value as text.
type timelineData struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// GET /audit/timeline?kind&id&type&from&to&page&pageSize[&format=csv]: the subject's events,
// oldest first, filtered by type (comma-separated) and by day (from, to: YYYY-MM-DD, both
// included), 50 a page (at most 500); CSV holds every filtered event.
func (s *API) auditTimeline(c echo.Context) error {
	sub, err := parseSubject(c, "employee", "punches", "vacation", "request", "survey", "settings")
	if err != nil {
		return err
	}
	var types []string
	if t := strings.TrimSpace(c.QueryParam("type")); t != "" {
		types = strings.Split(t, ",")
	}
	from, err := optionalDay(c, "from", 0)
	if err != nil {
		return err
	}
	to, err := optionalDay(c, "to", 1)
	if err != nil {
		return err
	}
	if from != nil && to != nil && !from.Before(*to) {
		return httpx.Error(http.StatusBadRequest, "to", "periodo_invalido")
	}
	page, err := httpx.QueryInt(c, "page", 1, 1, 1_000_000)
	if err != nil {
		return err
	}
	size, err := httpx.QueryInt(c, "pageSize", 50, 1, 500)
	if err != nil {
		return err
	}
	csvOut := c.QueryParam("format") == "csv"
	limit, offset := size, (page-1)*size
	if csvOut {
		limit, offset = 100_000, 0
	}
	ctx := c.Request().Context()
	cl := httpx.Claims(c)
	var (
		items    = []TimelineItem{}
		total    int64
		allTypes = []string{}
	)
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		if err := loadSubject(ctx, tx, &sub); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
SELECT position, stream, version, type, actor, recorded_at, data, count(*) OVER ()
FROM events
WHERE tenant_id = $1 AND stream = ANY($2) AND ($3::text[] IS NULL OR type = ANY($3))
  AND ($4::timestamptz IS NULL OR recorded_at >= $4) AND ($5::timestamptz IS NULL OR recorded_at < $5)
ORDER BY position LIMIT $6 OFFSET $7`, cl.Tenant, sub.streams, types, from, to, limit, offset)
		if err != nil {
			return err
		}
		var it TimelineItem
		if _, err := pgx.ForEachRow(rows, []any{&it.Position, &it.Stream, &it.Version, &it.Type, &it.Actor, &it.At, &it.Data, &total}, func() error {
			it.Fields = flatten(it.Data)
			items = append(items, it)
			return nil
		}); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT DISTINCT type FROM events WHERE tenant_id = $1 AND stream = ANY($2) ORDER BY type`, cl.Tenant, sub.streams)
		if err != nil {
			return err
		}
		var t string
		if _, err := pgx.ForEachRow(rows, []any{&t}, func() error { allTypes = append(allTypes, t); return nil }); err != nil {
			return err
		}
		ids := make([]string, 0, 2*len(items))
		for i := range items {
			ids = append(ids, items[i].Actor)
			if b := onBehalfOf(items[i].Fields); b != "" && b != items[i].Actor {
				items[i].OnBehalfOf = b
				ids = append(ids, b)
			}
		}
		names, err := userNames(ctx, tx, ids)
		if err != nil {
			return err
		}
		for i := range items {
			items[i].ActorName = names[items[i].Actor]
			if b := items[i].OnBehalfOf; b != "" {
				items[i].OnBehalfOf = cmp.Or(names[b], b)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.recordRead(c, auditRead{View: "timeline", Kind: sub.Kind, ID: sub.ID}); err != nil {
		return err
	}
	if csvOut {
		return writeTimelineCSV(c, sub, items)
	}
	return c.JSON(http.StatusOK, map[string]any{
		"subject": sub, "items": items, "total": total, "page": page, "pageSize": size, "types": allTypes,
	})
}

// optionalDay reads a YYYY-MM-DD query parameter as the start of that day (plus addDays) in
// the tenant's zone; absent is nil.
func optionalDay(c echo.Context, name string, addDays int) (*time.Time, error) {
	v := strings.TrimSpace(c.QueryParam(name))
	if v == "" {
		return nil, nil
	}
	d, err := time.ParseInLocation(time.DateOnly, v, clock.Zone)
	if err != nil {
		return nil, httpx.Error(http.StatusBadRequest, name, "data_invalida")
	}
	d = d.AddDate(0, 0, addDays)
	return &d, nil
}

// flatten lists the leaves of an event's data as dotted paths and text, in path order.
func flatten(data []byte) []timelineData {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return nil
	}
	var out []timelineData
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				walk(strings.TrimPrefix(path+"."+k, "."), x[k])
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		case nil:
		case string:
			if x != "" {
				out = append(out, timelineData{path, x})
			}
		default:
			b, _ := json.Marshal(x)
			out = append(out, timelineData{path, string(b)})
		}
	}
	walk("", v)
	return out
}

// onBehalfOf is the user an event says its actor acted for (request events: onBehalfOf or
// by.onBehalfOf), read from its flattened data, or "".
func onBehalfOf(fields []timelineData) string {
	var top, by string
	for _, f := range fields {
		switch f.Name {
		case "onBehalfOf.id":
			top = f.Value
		case "by.onBehalfOf.id":
			by = f.Value
		}
	}
	return cmp.Or(top, by)
}

// userNames maps user ids (as text) of the tenant to display names; others are left out.
func userNames(ctx context.Context, tx pgx.Tx, ids []string) (map[string]string, error) {
	var uids []uuid.UUID
	for _, s := range ids {
		if id, err := uuid.Parse(s); err == nil {
			uids = append(uids, id)
		}
	}
	names := map[string]string{}
	if len(uids) == 0 {
		return names, nil
	}
	rows, err := tx.Query(ctx, `SELECT id::text, display_name FROM users WHERE id = ANY($1)`, uids)
	if err != nil {
		return nil, err
	}
	var id, name string
	_, err = pgx.ForEachRow(rows, []any{&id, &name}, func() error { names[id] = name; return nil })
	return names, err
}

func writeTimelineCSV(c echo.Context, sub auditSubject, items []TimelineItem) error {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "text/csv; charset=utf-8")
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="audit-%s-%s.csv"`, sub.Kind, sub.ID))
	c.Response().WriteHeader(http.StatusOK)
	w := csv.NewWriter(c.Response())
	_ = w.Write([]string{"position", "at", "stream", "version", "type", "actor", "actor_name", "on_behalf_of", "data"})
	for _, it := range items {
		parts := make([]string, len(it.Fields))
		for i, f := range it.Fields {
			parts[i] = f.Name + "=" + f.Value
		}
		_ = w.Write([]string{strconv.FormatInt(it.Position, 10), it.At.UTC().Format(time.RFC3339Nano), it.Stream,
			strconv.FormatInt(it.Version, 10), it.Type, it.Actor, it.ActorName, it.OnBehalfOf, strings.Join(parts, "; ")})
	}
	w.Flush()
	return w.Error()
}

// GET /audit/asof?kind&id&at[&day]: the state of a request, a vacation entitlement or a
// day of punches (day: YYYY-MM-DD) as it was at the instant at (RFC 3339, not in the
// future), folded from the events recorded until then with the domain's own code, beside
// the state now and the fields that differ.
func (s *API) auditAsOf(c echo.Context) error {
	sub, err := parseSubject(c, chain.KindRequest, chain.KindVacation, chain.KindPunches)
	if err != nil {
		return err
	}
	at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(c.QueryParam("at")))
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "at", "data_invalida")
	}
	now := s.Now()
	if at.After(now) {
		return httpx.Error(http.StatusBadRequest, "at", "data_futura")
	}
	day := strings.TrimSpace(c.QueryParam("day"))
	if sub.Kind == chain.KindPunches {
		if _, err := time.Parse(time.DateOnly, day); err != nil {
			return httpx.Error(http.StatusBadRequest, "day", "data_invalida")
		}
	}
	ctx := c.Request().Context()
	var (
		events              []eventstore.RecordedEvent
		then                []eventstore.RecordedEvent
		thenState, nowState map[string]string
	)
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		if err := loadSubject(ctx, tx, &sub); err != nil {
			return err
		}
		if len(sub.streams) > 0 {
			if events, err = s.Store.ReadStream(ctx, httpx.Claims(c).Tenant, sub.streams[0], 0); err != nil {
				return err
			}
		}
		then = chain.Upto(events, at)
		if thenState, err = chain.State(sub.Kind, then, day, at); err != nil {
			return err
		}
		if nowState, err = chain.State(sub.Kind, events, day, now); err != nil {
			return err
		}
		return namesInState(ctx, tx, thenState, nowState)
	})
	if err != nil {
		return err
	}
	if err := s.recordRead(c, auditRead{View: "asof", Kind: sub.Kind, ID: sub.ID}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"subject": sub, "at": at, "now": now,
		"eventsThen": len(then), "eventsNow": len(events),
		"then": thenState, "current": nowState, "changes": chain.Diff(thenState, nowState),
	})
}

// namesInState replaces user ids among the states' values by the users' names.
func namesInState(ctx context.Context, tx pgx.Tx, states ...map[string]string) error {
	var ids []string
	for _, st := range states {
		for _, v := range st {
			ids = append(ids, v)
		}
	}
	names, err := userNames(ctx, tx, ids)
	if err != nil {
		return err
	}
	for _, st := range states {
		for k, v := range st {
			if n, ok := names[v]; ok {
				st[k] = n
			}
		}
	}
	return nil
}

// chainVerifier is what the audit area needs of the event store to check the hash chains.
type chainVerifier interface {
	VerifyChain(ctx context.Context, tenant uuid.UUID) (eventstore.ChainReport, error)
}

// GET /audit/verify: recompute the caller's tenant's hash chains; the first broken link, if
// any (docs/operations.md "Hash chain").
func (s *API) auditVerify(c echo.Context) error {
	v, ok := s.Store.(chainVerifier)
	if !ok {
		return httpx.Error(http.StatusNotImplemented, "request", "indisponivel")
	}
	rep, err := v.VerifyChain(c.Request().Context(), httpx.Claims(c).Tenant)
	if err != nil {
		return err
	}
	if err := s.recordRead(c, auditRead{View: "verify"}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rep)
}

// GET /audit/reads?page: the audit area's reads in the tenant, newest first, 50 a page.
func (s *API) auditReads(c echo.Context) error {
	page, err := httpx.QueryInt(c, "page", 1, 1, 1_000_000)
	if err != nil {
		return err
	}
	type read struct {
		At   time.Time `json:"at"`
		User string    `json:"user"`
		Name string    `json:"name"`
		auditRead
	}
	items := []read{}
	var total int64
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		ctx := c.Request().Context()
		// The audit streams are a range of the stream index: no scan of the whole log.
		rows, err := tx.Query(ctx, `
SELECT recorded_at, actor, data, count(*) OVER () FROM events
WHERE tenant_id = $1 AND stream >= 'audit-' AND stream < 'audit.' AND type = $2
ORDER BY position DESC LIMIT 50 OFFSET $3`, httpx.Claims(c).Tenant, auditReadType, (page-1)*50)
		if err != nil {
			return err
		}
		var (
			r    read
			data []byte
		)
		if _, err := pgx.ForEachRow(rows, []any{&r.At, &r.User, &data, &total}, func() error {
			r.auditRead = auditRead{}
			if err := json.Unmarshal(data, &r.auditRead); err != nil {
				return err
			}
			items = append(items, r)
			return nil
		}); err != nil {
			return err
		}
		ids := make([]string, len(items))
		for i := range items {
			ids[i] = items[i].User
		}
		names, err := userNames(ctx, tx, ids)
		for i := range items {
			items[i].Name = names[items[i].User]
		}
		return err
	})
	if err != nil {
		return err
	}
	if err := s.recordRead(c, auditRead{View: "reads"}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"items": items, "total": total, "page": page})
}
