// Package audit serves the audit area (docs/api.md "Audit"): auditors and HR admins find a
// subject, read its event timeline, rebuild its state as of an instant, verify the tenant's
// hash chains and rebuild a projection in a shadow to compare. Everything is read-only;
// every call that answers is itself recorded as an audit.read event in the reader's audit
// stream with the status of its answer, refusals included, and GET /audit/reads lists them.
package audit

import (
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	chain "portal/audit"
	"portal/auth"
	"portal/domain"
	auditlog "portal/domain/audit"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/projections"
	"portal/projections/audit"
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
	// recordRefusals runs right behind authentication: a call refused by the tenant check,
	// the access check or the handler is recorded too.
	a := g.Group("/audit", s.Authn, s.recordRefusals, httpx.Caller(httpx.IDsWhenSent), s.Access(httpx.MenuAccess("audit")))
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
	View   string `json:"view"` // subjects, timeline, asof, verify, reads, replay
	Kind   string `json:"kind,omitempty"`
	ID     string `json:"id,omitempty"`
	Query  string `json:"query,omitempty"`  // the call's query string, tenId left out
	Status int    `json:"status,omitempty"` // the answer's HTTP status (absent in reads recorded before it was)
}

// recordedKey marks a call whose read is recorded already (recordRead).
const recordedKey = "audit.recorded"

// recordRead appends the caller's read to their audit stream, before the answer leaves: a
// read that cannot be recorded is not answered. A zero Status is 200.
func (s *API) recordRead(c echo.Context, r auditRead) error {
	q := c.QueryParams()
	q.Del("tenId")
	r.Query = q.Encode()
	if r.Status == 0 {
		r.Status = http.StatusOK
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	cl := httpx.Claims(c)
	_, err = s.Store.Append(c.Request().Context(), eventstore.Meta{Tenant: cl.Tenant, Actor: cl.UserID.String()},
		auditlog.Stream(cl.UserID), eventstore.Any,
		eventstore.EventData{ID: eventstore.NewID(), Type: auditReadType, Data: data})
	if err == nil {
		c.Set(recordedKey, true)
	}
	return err
}

// recordRefusals records every call the handler did not record itself: a refusal (403 of the
// tenant or access check, 400 of bad input, 404 of an id the tenant does not have, or a
// failure) is recorded with its status before the error is answered, so probing leaves a
// trace. If it cannot be recorded, the recording's failure is answered instead.
func (s *API) recordRefusals(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		if err == nil || c.Get(recordedKey) != nil || c.Response().Committed {
			return err
		}
		status, _ := httpx.Classify(err)
		r := auditRead{View: path.Base(c.Path()), Kind: short(c.QueryParam("kind")), ID: short(c.QueryParam("id")), Status: status}
		if rerr := s.recordRead(c, r); rerr != nil {
			return fmt.Errorf("audit: recording a refused read (%w): %w", err, rerr)
		}
		return err
	}
}

// short keeps at most 100 characters of a query value recorded on its own (the whole query
// is recorded as it came).
func short(v string) string {
	if r := []rune(v); len(r) > 100 {
		return string(r[:100])
	}
	return v
}

// GET /audit/subjects?q: employees (with their punches and vacation), requests and surveys
// whose name, code, login, title or id matches q (at least 2 characters), and the tenant's
// configuration history when q starts like "configurações"/"settings" or names the tenant.
func (s *API) auditSubjects(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	if n := utf8.RuneCountInString(q); n < 2 || n > 100 { // characters, not bytes: "Conceição" is 9
		return httpx.Error(http.StatusBadRequest, "q", domain.KeyInvalid)
	}
	like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(q) + "%"
	var items []audit.AuditSubject
	err := httpx.InTenant(c, s.Pool, func(tx pgx.Tx) (err error) {
		items, err = audit.FindAuditSubjects(c.Request().Context(), tx, q, like)
		return err
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
func parseSubject(c echo.Context, kinds ...string) (audit.AuditSubject, error) {
	kind := c.QueryParam("kind")
	if !slices.Contains(kinds, kind) {
		return audit.AuditSubject{}, httpx.Error(http.StatusBadRequest, "kind", domain.KeyInvalid)
	}
	id, err := uuid.Parse(strings.TrimSpace(c.QueryParam("id")))
	if err != nil {
		return audit.AuditSubject{}, httpx.Error(http.StatusBadRequest, "id", domain.KeyInvalid)
	}
	return audit.AuditSubject{Kind: kind, ID: id.String()}, nil
}

// loadSubject finds sub in the caller's tenant (tx) with its label and the streams of its
// history; a subject the tenant does not have is 404.
func loadSubject(ctx context.Context, tx pgx.Tx, sub *audit.AuditSubject) error {
	err := audit.LoadAuditSubject(ctx, tx, sub)
	if errors.Is(err, audit.ErrSubjectNotFound) {
		return httpx.Error(http.StatusNotFound, "id", domain.KeyNotFound)
	}
	return err
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
	sub, err := parseSubject(c, "employee", "punches", "vacation", "request", "survey", "settings", "fence", "payroll", "ombudsman")
	if err != nil {
		return err
	}
	var filter audit.AuditFilter
	if t := strings.TrimSpace(c.QueryParam("type")); t != "" {
		filter.Types = strings.Split(t, ",")
	}
	if filter.From, err = optionalDay(c, "from", 0); err != nil {
		return err
	}
	if filter.To, err = optionalDay(c, "to", 1); err != nil {
		return err
	}
	if from, to := filter.From, filter.To; from != nil && to != nil && !from.Before(*to) {
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
		events, n, types, err := audit.AuditTimeline(ctx, tx, cl.Tenant, sub.Streams, filter, limit, offset)
		if err != nil {
			return err
		}
		total, allTypes = n, types
		for _, e := range events {
			items = append(items, TimelineItem{Position: e.Position, Stream: e.Stream, Version: e.Version, Type: e.Type,
				At: e.At, Actor: e.Actor, Fields: flatten(e.Data), Data: e.Data})
		}
		redactReporters(items, auth.Allowed(cl.Roles, cl.Tenant.String(), "ombudsman", "handle"))
		ids := make([]string, 0, 2*len(items))
		for i := range items {
			ids = append(ids, items[i].Actor)
			if b := onBehalfOf(items[i].Type, items[i].Fields); b != "" && b != items[i].Actor {
				items[i].OnBehalfOf = b
				ids = append(ids, b)
			}
		}
		names, err := audit.UserNames(ctx, tx, ids)
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
		return nil, httpx.Error(http.StatusBadRequest, name, domain.KeyBadDate)
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
// by.onBehalfOf; an HR mark: the employee's userId, so the timeline names it as HR's mark
// for that employee), read from its flattened data, or "".
func onBehalfOf(eventType string, fields []timelineData) string {
	var top, by string
	for _, f := range fields {
		switch {
		case f.Name == "onBehalfOf.id", f.Name == "userId" && eventType == clock.TypeMarkRecordedByHR:
			top = f.Value
		case f.Name == "by.onBehalfOf.id":
			by = f.Value
		}
	}
	return cmp.Or(top, by)
}

func writeTimelineCSV(c echo.Context, sub audit.AuditSubject, items []TimelineItem) error {
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
		return httpx.Error(http.StatusBadRequest, "at", domain.KeyBadDate)
	}
	now := s.Now()
	if at.After(now) {
		return httpx.Error(http.StatusBadRequest, "at", "data_futura")
	}
	day := strings.TrimSpace(c.QueryParam("day"))
	if sub.Kind == chain.KindPunches {
		if _, err := time.Parse(time.DateOnly, day); err != nil {
			return httpx.Error(http.StatusBadRequest, "day", domain.KeyBadDate)
		}
	}
	ctx := c.Request().Context()
	var (
		events, then        []eventstore.RecordedEvent
		countThen, countNow int
		thenState, nowState map[string]string
	)
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		if err := loadSubject(ctx, tx, &sub); err != nil {
			return err
		}
		if len(sub.Streams) > 0 {
			if events, countThen, countNow, err = s.subjectEvents(ctx, tx, httpx.Claims(c).Tenant, sub, day, at); err != nil {
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
		"eventsThen": countThen, "eventsNow": countNow,
		"then": thenState, "current": nowState, "changes": chain.Diff(thenState, nowState),
	})
}

// dayReader is a log that reads the part of a stream that concerns a day
// (eventstore.Postgres).
type dayReader interface {
	ReadStreamDay(ctx context.Context, tenant uuid.UUID, stream string, f eventstore.DayFilter) ([]eventstore.RecordedEvent, error)
}

// subjectEvents reads the events "as of" folds for sub (of a day of punches, only those that
// concern the day: chain.DayFilter) and counts the subject's whole stream, until at and now.
func (s *API) subjectEvents(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, sub audit.AuditSubject, day string, at time.Time) (events []eventstore.RecordedEvent, then, now int, err error) {
	stream := sub.Streams[0]
	dr, ok := s.Store.(dayReader)
	if sub.Kind != chain.KindPunches || !ok {
		events, err = s.Store.ReadStream(ctx, tenant, stream, 0)
		return events, len(chain.Upto(events, at)), len(events), err
	}
	if events, err = dr.ReadStreamDay(ctx, tenant, stream, chain.DayFilter(day)); err != nil {
		return nil, 0, 0, err
	}
	err = tx.QueryRow(ctx, `SELECT count(*) FILTER (WHERE recorded_at <= $3), count(*) FROM events WHERE tenant_id = $1 AND stream = $2`,
		tenant, stream, at).Scan(&then, &now)
	return events, then, now, err
}

// namesInState replaces user ids among the states' values by the users' names.
func namesInState(ctx context.Context, tx pgx.Tx, states ...map[string]string) error {
	var ids []string
	for _, st := range states {
		for _, v := range st {
			ids = append(ids, v)
		}
	}
	names, err := audit.UserNames(ctx, tx, ids)
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
		events, n, err := audit.AuditReads(ctx, tx, httpx.Claims(c).Tenant, auditReadType, (page-1)*50)
		if err != nil {
			return err
		}
		total = n
		for _, e := range events {
			r := read{At: e.At, User: e.Actor}
			if err := json.Unmarshal(e.Data, &r.auditRead); err != nil {
				return err
			}
			items = append(items, r)
		}
		ids := make([]string, len(items))
		for i := range items {
			ids[i] = items[i].User
		}
		names, err := audit.UserNames(ctx, tx, ids)
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
