// Package requests serves the requests, approvals and deliveries (spec portal-business §7
// Requests; docs/api.md "Requests, approvals and deliveries").
package requests

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/commands/request"
	"portal/domain"
	rq "portal/domain/request"
	"portal/eventstore"
	requestsproj "portal/projections/requests"
	"portal/readapi/httpx"
)

// Requests page sizes (spec portal-business §9: request history page size 8).
const (
	requestPageSize    = 20
	requestMaxPageSize = 100
	requestHistorySize = 8
	itemPageSize       = 10
)

// ReadModel is what the request queries need from the read model;
// projections implements it (Queries). tx is a tenant transaction (db.InTenant).
type ReadModel interface {
	List(ctx context.Context, tx pgx.Tx, q requestsproj.Query) (requestsproj.Page, error)
	ByID(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer, id uuid.UUID) (*rq.Request, *requestsproj.Doc, error)
	Count(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer) (requestsproj.Counts, error)
	Items(ctx context.Context, tx pgx.Tx, text string, page, size int, ignore, include []uuid.UUID) ([]requestsproj.Item, bool, error)
	Team(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer, search string) ([]requestsproj.TeamMember, error)
	File(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer, id uuid.UUID) (*requestsproj.File, error)
	People(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, actors []rq.Actor, employees []string) (requestsproj.People, error)
}

// Queries implements ReadModel with the projections package's queries.
type Queries struct{}

// List implements ReadModel.
func (Queries) List(ctx context.Context, tx pgx.Tx, q requestsproj.Query) (requestsproj.Page, error) {
	return requestsproj.List(ctx, tx, q)
}

// ByID implements ReadModel.
func (Queries) ByID(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer, id uuid.UUID) (*rq.Request, *requestsproj.Doc, error) {
	return requestsproj.ByID(ctx, tx, v, id)
}

// Count implements ReadModel.
func (Queries) Count(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer) (requestsproj.Counts, error) {
	return requestsproj.Count(ctx, tx, v)
}

// Items implements ReadModel.
func (Queries) Items(ctx context.Context, tx pgx.Tx, text string, page, size int, ignore, include []uuid.UUID) ([]requestsproj.Item, bool, error) {
	return requestsproj.SearchItems(ctx, tx, text, page, size, ignore, include)
}

// Team implements ReadModel.
func (Queries) Team(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer, search string) ([]requestsproj.TeamMember, error) {
	return requestsproj.MyTeam(ctx, tx, v, search)
}

// File implements ReadModel.
func (Queries) File(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer, id uuid.UUID) (*requestsproj.File, error) {
	return requestsproj.FileForViewer(ctx, tx, v, id)
}

// People implements ReadModel.
func (Queries) People(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, actors []rq.Actor, employees []string) (requestsproj.People, error) {
	return requestsproj.LoadActors(ctx, tx, tenant, actors, employees)
}

// API serves the request calls of a tenant.
type API struct {
	httpx.Gates
	Pool       *pgxpool.Pool
	Store      eventstore.Store // the requests' streams, for their timelines
	Now        func() time.Time
	Reads      ReadModel // the read model (Queries)
	Create     *request.CreateHandler
	Edit       *request.EditHandler
	Decide     *request.DecideStepHandler
	Act        *request.Actions // remove, send, lock, delivery, receipt
	Attachment *request.AttachmentHandler
}

// New builds the request calls on the log and the read models, with the process's request
// commands (commands/request.New).
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time, h request.Handlers) (*API, error) {
	if h.Create == nil {
		return nil, errors.New("requests.New: no request commands")
	}
	return &API{Pool: pool, Store: store, Now: now, Reads: Queries{},
		Create: h.Create, Edit: h.Edit, Decide: h.Decide, Act: h.Act, Attachment: h.Attachment}, nil
}

// Routes registers the request calls (spec portal-business §7 Requests; docs/api.md
// "Requests, approvals and deliveries"). Every call needs a token and tenId of the token's
// tenant; userHash, when sent, must be the caller's.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	requester := s.Access(httpx.MenuAccess("tools_001"))
	approver := s.Access(httpx.MenuAccess("tools_002"))
	delivery := s.Access(httpx.MenuAccess("tools_003"))
	c := g.Group("/cac-app", s.Authn, httpx.Caller(httpx.TenantRequired))
	c.GET("/request", s.requestList, requester)
	c.GET("/request/count", s.requestCount, requester)
	c.POST("/request/GetWithFilter", s.requestGetWithFilter, requester)
	c.GET("/request/history", s.requestHistory, requester)
	c.GET("/request/by-id", s.requestByID, requester)
	c.GET("/request/isrequester", s.requestIsRequester, requester)
	c.GET("/request/requestTypeSearch", s.requestTypes, requester)
	c.GET("/request/itemSearch", s.requestItemSearch, requester)
	c.GET("/request/my-team", s.requestMyTeam, requester)
	c.GET("/request/timeline", s.requestTimeline, requester)
	c.POST("/request", s.requestCreate, requester)
	c.PUT("/request", s.requestEdit, requester)
	c.DELETE("/request", s.requestRemove, requester)
	c.DELETE("/request/bulk", s.requestBulkRemove, requester)
	c.POST("/request/send", s.requestSend, requester)
	c.POST("/request/approve", s.requestDecide(request.Approve), approver)
	c.POST("/request/reject", s.requestDecide(request.Reject), approver)
	c.POST("/request/undo", s.requestDecide(request.Undo), approver)
	c.POST("/request/lock", s.requestLock(true), approver)
	c.POST("/request/unlock", s.requestLock(false), approver)
	c.GET("/requestApprover", s.requestApprovers, requester)
	c.GET("/requestDelivery/history", s.deliveryHistory(false), requester)
	c.GET("/requestDelivery/grouped-history", s.deliveryHistory(true), requester)
	c.POST("/requestDelivery/status", s.deliveryStatus, delivery)
	c.POST("/requestDelivery/confirmReceipt", s.deliveryConfirm, requester)
	c.POST("/anexos", s.attachmentUpload, requester)
	c.DELETE("/anexos", s.attachmentRemove, requester)
	c.GET("/anexos/baixar", s.attachmentDownload, requester)
	s.lookupRoutes(c, g.Group("/est-app", s.Authn, httpx.Caller(httpx.TenantRequired)), requester)
	s.planRoutes(c, requester)
}

func (s *API) viewer(c echo.Context) requestsproj.Viewer {
	cl := httpx.Claims(c)
	return requestsproj.Viewer{UserID: cl.UserID, EmployeeID: cl.EmployeeID, Roles: cl.Roles, Today: s.Now().UTC()}
}

// mayUse tells whether the caller's permissions show menu item id.
func mayUse(c echo.Context, id string) bool {
	p, _ := c.Get(httpx.PermissionsKey).(auth.Permissions)
	return auth.Visible(httpx.MenuAccess(id), p)
}

// subjectFor reads m01Ukey: the caller's own key by default; another employee's only for
// their manager or HR (checked against the employees table in the caller's tenant).
func (s *API) subjectFor(c echo.Context, tx pgx.Tx, m01Ukey string) (uuid.UUID, error) {
	cl := httpx.Claims(c)
	m01Ukey = strings.TrimSpace(m01Ukey)
	if m01Ukey == "" || m01Ukey == cl.EmployeeID.String() {
		if cl.EmployeeID == uuid.Nil {
			return uuid.Nil, httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyRequired)
		}
		return cl.EmployeeID, nil
	}
	id, err := uuid.Parse(m01Ukey)
	if err != nil {
		return uuid.Nil, httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyInvalid)
	}
	ok, err := requestsproj.Manages(c.Request().Context(), tx, cl.EmployeeID, id, slices.Contains(cl.Roles, rq.RoleHR))
	if err != nil {
		return uuid.Nil, err
	}
	if !ok {
		return uuid.Nil, httpx.Error(http.StatusForbidden, "m01Ukey", domain.KeyDenied)
	}
	return id, nil
}

// listQuery reads what GET request and GetWithFilter share.
func (s *API) listQuery(c echo.Context, tx pgx.Tx, source, folder, m01Ukey string) (requestsproj.Query, error) {
	q := requestsproj.Query{Viewer: s.viewer(c), Source: source, Folder: folder}
	switch source {
	case "", "request":
		subject, err := s.subjectFor(c, tx, m01Ukey)
		if err != nil {
			return q, err
		}
		q.Subject = subject
	case "approver":
		if !mayUse(c, "tools_002") {
			return q, httpx.Error(http.StatusForbidden, "source", domain.KeyDenied)
		}
	case "delivery":
		if !mayUse(c, "tools_003") || !slices.Contains(httpx.Claims(c).Roles, rq.RoleHR) {
			return q, httpx.Error(http.StatusForbidden, "source", domain.KeyDenied)
		}
	default:
		return q, httpx.Error(http.StatusBadRequest, "source", domain.KeyInvalid)
	}
	var err error
	if q.Page, err = httpx.QueryInt(c, "page", 1, 1, 100000); err != nil {
		return q, err
	}
	if q.PageSize, err = httpx.QueryInt(c, "pageSize", requestPageSize, 1, requestMaxPageSize); err != nil {
		return q, err
	}
	return q, nil
}

func (s *API) runList(c echo.Context, q requestsproj.Query) error {
	page, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (requestsproj.Page, error) {
		return s.Reads.List(ctx, tx, q)
	})
	if errors.Is(err, requestsproj.ErrUnknownFolder) {
		return httpx.Error(http.StatusBadRequest, "filterHandle", domain.KeyInvalid)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

// requestList answers GET api/cac-app/request.
func (s *API) requestList(c echo.Context) error {
	folder := strings.TrimSpace(c.QueryParam("filterHandle"))
	if folder == "" {
		folder = strings.TrimSpace(c.QueryParam("historyFilterHandle"))
	}
	q, err := httpx.Fetch(c, s.Pool, func(_ context.Context, tx pgx.Tx) (requestsproj.Query, error) {
		return s.listQuery(c, tx, strings.TrimSpace(c.QueryParam("source")), folder, c.QueryParam("m01Ukey"))
	})
	if err != nil {
		return err
	}
	q.LabelID = strings.TrimSpace(c.QueryParam("labelId"))
	for _, t := range auth.SplitList(c.QueryParam("types")) {
		n, err := strconv.Atoi(t)
		if _, ok := rq.Lookup(rq.Origin(n)); err != nil || !ok {
			return httpx.Error(http.StatusBadRequest, "types", domain.KeyInvalid)
		}
		q.Origins = append(q.Origins, n)
	}
	return s.runList(c, q)
}

// requestGetWithFilter answers POST api/cac-app/request/GetWithFilter.
func (s *API) requestGetWithFilter(c echo.Context) error {
	fb, err := httpx.Body(c, rq.ParseFilterBody)
	if err != nil {
		return err
	}
	q, err := httpx.Fetch(c, s.Pool, func(_ context.Context, tx pgx.Tx) (requestsproj.Query, error) {
		return s.listQuery(c, tx, fb.Source, "all", fb.M01Ukey)
	})
	if err != nil {
		return err
	}
	if fb.Origin != 0 {
		q.Origins = []int{int(fb.Origin)}
	}
	q.Filters = fb.Items
	return s.runList(c, q)
}

// requestHistory answers GET request/history: the employee's closed requests, 8 a page.
func (s *API) requestHistory(c echo.Context) error {
	folder := strings.TrimSpace(c.QueryParam("filterHandle"))
	switch folder {
	case "", "all":
		folder = "closed"
	case "approved", "rejected":
	default:
		return httpx.Error(http.StatusBadRequest, "filterHandle", domain.KeyInvalid)
	}
	exclude, err := httpx.QueryUUID(c, "ac4Ukey", false)
	if err != nil {
		return err
	}
	var q requestsproj.Query
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		var err error
		if q, err = s.listQuery(c, tx, "request", folder, c.QueryParam("m01Ukey")); err != nil {
			return err
		}
		if exclude != uuid.Nil {
			r, _, err := s.Reads.ByID(c.Request().Context(), tx, q.Viewer, exclude)
			if err != nil {
				return err
			}
			if r == nil {
				return httpx.Error(http.StatusNotFound, "ac4Ukey", rq.KeyNotFound)
			}
			q.Exclude, q.Origins = exclude, []int{int(r.Origin)}
		}
		return nil
	})
	if err != nil {
		return err
	}
	q.PageSize = min(q.PageSize, requestHistorySize)
	if c.QueryParam("pageSize") == "" {
		q.PageSize = requestHistorySize
	}
	return s.runList(c, q)
}

// requestCount answers GET request/count: the badges.
func (s *API) requestCount(c echo.Context) error {
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (requestsproj.Counts, error) {
		return s.Reads.Count(ctx, tx, s.viewer(c))
	})
}

// loadVisible reads a request the caller may see, or answers 404 on field.
func (s *API) loadVisible(c echo.Context, tx pgx.Tx, field string, id uuid.UUID) (*rq.Request, *requestsproj.Doc, error) {
	r, doc, err := s.Reads.ByID(c.Request().Context(), tx, s.viewer(c), id)
	if err != nil {
		return nil, nil, err
	}
	if r == nil {
		return nil, nil, httpx.Error(http.StatusNotFound, field, rq.KeyNotFound)
	}
	return r, doc, nil
}

// requestByID answers GET request/by-id?id.
func (s *API) requestByID(c echo.Context) error {
	id, err := httpx.QueryUUID(c, "id", true)
	if err != nil {
		return err
	}
	var answer struct {
		*requestsproj.Doc
		Acoes Actions `json:"acoes"`
	}
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		r, doc, err := s.loadVisible(c, tx, "id", id)
		if err != nil {
			return err
		}
		answer.Doc = doc
		answer.Acoes, err = actionsFor(c.Request().Context(), tx, s.viewer(c), httpx.Claims(c).UserHash, r, doc)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, answer)
}

// requestIsRequester answers GET request/isrequester.
func (s *API) requestIsRequester(c echo.Context) error {
	id, err := httpx.QueryUUID(c, "ac4Ukey", true)
	if err != nil {
		return err
	}
	cl := httpx.Claims(c)
	keys := map[string]bool{}
	for _, k := range []string{"m01Ukey", "m01Ukey2"} {
		if v := strings.TrimSpace(c.QueryParam(k)); v != "" {
			keys[v] = true
		}
	}
	if len(keys) == 0 {
		keys[cl.EmployeeID.String()] = true
	}
	var is bool
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		r, _, err := s.loadVisible(c, tx, "ac4Ukey", id)
		if err == nil {
			is = keys[r.Subject.EmployeeID]
		}
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"isRequester": is})
}

type requestTypeJSON struct {
	Origem    int    `json:"origem"`
	Tipo      string `json:"tipo"`
	Descricao string `json:"descricao"`
	Entrega   bool   `json:"entrega"`
	Ausencia  bool   `json:"ausencia"`
}

// requestTypes answers GET request/requestTypeSearch: the types the caller may file (their
// purchased pwa-req-tools- entries; business §2).
func (s *API) requestTypes(c echo.Context) error {
	p, _ := c.Get(httpx.PermissionsKey).(auth.Permissions)
	search := strings.ToLower(strings.TrimSpace(c.QueryParam("searchText")))
	out := []requestTypeJSON{}
	for _, t := range rq.PurchasedTypes(p.Purchased) {
		if !t.Generic || (search != "" && !strings.Contains(t.Code, search)) {
			continue
		}
		out = append(out, requestTypeJSON{Origem: int(t.Origin), Tipo: t.Code, Descricao: "request_type_" + t.Code, Entrega: t.Delivery, Ausencia: t.Absence})
	}
	return c.JSON(http.StatusOK, out)
}

// requestItemSearch answers GET request/itemSearch.
func (s *API) requestItemSearch(c echo.Context) error {
	page, err := httpx.QueryInt(c, "page", 1, 1, 100000)
	if err != nil {
		return err
	}
	ignore, err := httpx.QueryUUIDs(c, "ignoreIds")
	if err != nil {
		return err
	}
	include, err := httpx.QueryUUIDs(c, "includesIds")
	if err != nil {
		return err
	}
	req, err := httpx.QueryUUID(c, "ac4Ukey", false)
	if err != nil {
		return err
	}
	text := strings.TrimSpace(c.QueryParam("searchQuery"))
	if len([]rune(text)) > rq.MaxText {
		return httpx.Error(http.StatusBadRequest, "searchQuery", domain.KeyTooLong)
	}
	var items []requestsproj.Item
	var more bool
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		if req != uuid.Nil {
			r, _, err := s.loadVisible(c, tx, "ac4Ukey", req)
			if err != nil {
				return err
			}
			for _, it := range r.Fields.Items {
				if id, err := uuid.Parse(it.ItemID); err == nil {
					ignore = append(ignore, id)
				}
			}
		}
		var err error
		items, more, err = s.Reads.Items(c.Request().Context(), tx, text, page, itemPageSize, ignore, include)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"data": items, "currentPage": page, "pageSize": itemPageSize, "hasNext": more})
}

// requestMyTeam answers GET request/my-team.
func (s *API) requestMyTeam(c echo.Context) error {
	search := strings.TrimSpace(c.QueryParam("searchText"))
	if len([]rune(search)) > rq.MaxText {
		return httpx.Error(http.StatusBadRequest, "searchText", domain.KeyTooLong)
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]requestsproj.TeamMember, error) {
		return s.Reads.Team(ctx, tx, s.viewer(c), search)
	})
}

type ApproverStep struct {
	Index          int                  `json:"index"`
	Kind           string               `json:"kind"`
	Label          string               `json:"label"`
	State          string               `json:"state"`
	Approver       *requestsproj.Person `json:"approver"`
	LockedTo       *requestsproj.Person `json:"lockedTo"`
	LockedToAbsent bool                 `json:"lockedToAbsent"`
	DecidedBy      *requestsproj.Person `json:"decidedBy"`
	OnBehalfOf     *requestsproj.Person `json:"onBehalfOf"`
	DecidedAt      *time.Time           `json:"decidedAt"`
	Comentario     string               `json:"comentario"`
}

// requestApprovers answers GET requestApprover?requestId: the chain and each step's state.
func (s *API) requestApprovers(c echo.Context) error {
	id, err := httpx.QueryUUID(c, "requestId", true)
	if err != nil {
		return err
	}
	out := []ApproverStep{}
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		r, doc, err := s.loadVisible(c, tx, "requestId", id)
		if err != nil {
			return err
		}
		people, err := requestsproj.LoadPeople(c.Request().Context(), tx, httpx.Claims(c).Tenant, r)
		if err != nil {
			return err
		}
		for i, st := range r.Steps {
			j := ApproverStep{Index: st.Index, Kind: string(st.Kind), Label: st.Label, State: "pending",
				Approver: people.User(st.Designated), LockedTo: people.User(st.Designated)}
			switch {
			case i < len(r.Decisions):
				d := r.Decisions[i]
				j.State = "rejected"
				if d.Approved {
					j.State = "approved"
				}
				at := d.By.At
				j.DecidedBy, j.OnBehalfOf, j.DecidedAt, j.Comentario = people.User(d.By.Actor), people.User(d.By.OnBehalfOf), &at, d.Comment
			case i == r.Current():
				j.State = "waiting"
				j.LockedToAbsent = doc.CurrentStep != nil && doc.CurrentStep.LockedToAbsent
			}
			out = append(out, j)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

type Timeline struct {
	Version    int64                `json:"version"`
	Type       string               `json:"type"`
	What       string               `json:"what"`
	Actor      *requestsproj.Person `json:"actor"`
	OnBehalfOf *requestsproj.Person `json:"onBehalfOf"`
	At         time.Time            `json:"at"`
	Data       map[string]any       `json:"data"`
}

// requestEvents reads a visible request's events with their people.
func (s *API) requestEvents(c echo.Context, field string) ([]rq.Event, []int64, requestsproj.People, error) {
	id, err := httpx.QueryUUID(c, field, true)
	if err != nil {
		return nil, nil, requestsproj.People{}, err
	}
	var events []rq.Event
	var versions []int64
	var people requestsproj.People
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		if _, _, err := s.loadVisible(c, tx, field, id); err != nil {
			return err
		}
		recorded, err := s.Store.ReadStream(c.Request().Context(), httpx.Claims(c).Tenant, rq.Stream(id), 0)
		if err != nil {
			return err
		}
		var actors []rq.Actor
		for _, re := range recorded {
			e, ok, err := request.DecodeEvent(re)
			if err != nil {
				return err
			}
			if ok {
				events, versions = append(events, e), append(versions, re.Version)
				by := rq.ByOf(e)
				actors = append(actors, by.Actor, by.OnBehalfOf)
			}
		}
		people, err = s.Reads.People(c.Request().Context(), tx, httpx.Claims(c).Tenant, actors, nil)
		return err
	})
	return events, versions, people, err
}

// requestTimeline answers GET request/timeline?requestId: every event of the request.
func (s *API) requestTimeline(c echo.Context) error {
	events, versions, people, err := s.requestEvents(c, "requestId")
	if err != nil {
		return err
	}
	out := make([]Timeline, 0, len(events))
	for i, e := range events {
		by := rq.ByOf(e)
		t := e.EventType()
		data := map[string]any{}
		switch e := e.(type) {
		case rq.Sent:
			data["steps"] = len(e.Steps)
		case rq.StepApproved:
			data["step"], data["kind"], data["comentario"], data["final"] = e.Step, e.Kind, e.Comment, e.Final
		case rq.StepRejected:
			data["step"], data["kind"], data["comentario"] = e.Step, e.Kind, e.Comment
		case rq.DecisionUndone:
			data["step"] = e.Step
		case rq.Locked:
			data["comentario"] = e.Comment
		case rq.Unlocked:
			data["comentario"] = e.Comment
		case rq.AttachmentAdded:
			data["anexo"] = e.Attachment.Name
		case rq.DeliveryChanged:
			data["status"], data["comentario"] = e.Status, e.Comment
		case rq.ReceiptConfirmed:
			data["status"], data["comentario"] = rq.DeliveryConfirmed, e.Comment
		case rq.Ranked:
			data["rank"] = e.Rank
		}
		what := strings.ReplaceAll(strings.TrimSuffix(t, ".v1"), ".", "_")
		out = append(out, Timeline{Version: versions[i], Type: t, What: what, Actor: people.User(by.Actor),
			OnBehalfOf: people.User(by.OnBehalfOf), At: by.At, Data: data})
	}
	return c.JSON(http.StatusOK, out)
}

type deliveryEntryJSON struct {
	Status     string               `json:"status"`
	Comentario string               `json:"comentario"`
	By         *requestsproj.Person `json:"by"`
	At         time.Time            `json:"at"`
}

type DeliveryGroup struct {
	Status  string              `json:"status"`
	Count   int                 `json:"count"`
	LastAt  time.Time           `json:"lastAt"`
	Entries []deliveryEntryJSON `json:"entries"`
}

// deliveryHistory answers GET requestDelivery/history and grouped-history?requestId.
func (s *API) deliveryHistory(grouped bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		events, _, people, err := s.requestEvents(c, "requestId")
		if err != nil {
			return err
		}
		entries := []deliveryEntryJSON{}
		for _, e := range events {
			switch e := e.(type) {
			case rq.DeliveryChanged:
				entries = append(entries, deliveryEntryJSON{string(e.Status), e.Comment, people.User(e.Actor), e.At})
			case rq.ReceiptConfirmed:
				entries = append(entries, deliveryEntryJSON{string(rq.DeliveryConfirmed), e.Comment, people.User(e.Actor), e.At})
			}
		}
		if !grouped {
			return c.JSON(http.StatusOK, entries)
		}
		groups := []DeliveryGroup{}
		at := map[string]int{}
		for _, en := range entries {
			i, ok := at[en.Status]
			if !ok {
				i = len(groups)
				at[en.Status] = i
				groups = append(groups, DeliveryGroup{Status: en.Status})
			}
			g := &groups[i]
			g.Count++
			g.LastAt = en.At
			g.Entries = append(g.Entries, en)
		}
		return c.JSON(http.StatusOK, groups)
	}
}

// answered answers {success:true, data: Request} for the request a command returned, or the
// command's error: s.answered(c)(handler's call).
func (s *API) answered(c echo.Context) func(r *rq.Request, err error) error {
	return func(r *rq.Request, err error) error {
		if err != nil {
			return err
		}
		doc, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (requestsproj.Doc, error) {
			people, err := requestsproj.LoadPeople(ctx, tx, httpx.Claims(c).Tenant, r)
			return requestsproj.BuildDoc(httpx.Claims(c).Tenant, r, people), err
		})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"success": true, "data": doc})
	}
}

// action is the caller's action on request rid, with the write's command id.
func action(c echo.Context, rid uuid.UUID, comment string) (request.Action, error) {
	id, err := httpx.CommandID(c)
	return request.Action{CommandID: id, Caller: httpx.RequestCaller(c), ID: rid, Comment: comment}, err
}

// requestCreate answers POST api/cac-app/request.
func (s *API) requestCreate(c echo.Context) error {
	b, id, err := httpx.Command(c, rq.ParseBody)
	if err != nil {
		return err
	}
	if b.Origin == 0 {
		return httpx.Error(http.StatusBadRequest, "tipo", domain.KeyRequired)
	}
	if !b.HasFields {
		return httpx.Error(http.StatusBadRequest, "titulo", domain.KeyRequired)
	}
	cmd := request.Create{CommandID: id, Caller: httpx.RequestCaller(c), Body: b}
	return s.answered(c)(s.Create.Handle(c.Request().Context(), cmd))
}

// requestEdit answers PUT api/cac-app/request: rank and/or the whole set of fields.
func (s *API) requestEdit(c echo.Context) error {
	b, id, err := httpx.Command(c, rq.ParseBody)
	if err != nil {
		return err
	}
	if !b.HasFields && b.Rank == nil {
		return httpx.Error(http.StatusBadRequest, "rank", domain.KeyRequired)
	}
	cmd := request.Edit{CommandID: id, Caller: httpx.RequestCaller(c), Body: b}
	return s.answered(c)(s.Edit.Handle(c.Request().Context(), cmd))
}

// queryAction reads the caller's action on the request of the requestId parameter.
func queryAction(c echo.Context) (request.Action, error) {
	rid, err := httpx.QueryUUID(c, "requestId", true)
	if err != nil {
		return request.Action{}, err
	}
	return action(c, rid, "")
}

// requestRemove answers DELETE api/cac-app/request?requestId.
func (s *API) requestRemove(c echo.Context) error {
	a, err := queryAction(c)
	if err != nil {
		return err
	}
	_, err = s.Act.Remove(c.Request().Context(), a)
	return httpx.Success(c, err)
}

// requestSend answers POST request/send?requestId.
func (s *API) requestSend(c echo.Context) error {
	a, err := queryAction(c)
	if err != nil {
		return err
	}
	return s.answered(c)(s.Act.Send(c.Request().Context(), a))
}

// decisionBody is the body of the decision, lock and delivery calls.
type decisionBody struct {
	RequestID  string
	Step       *int
	Comentario string
	Status     string
}

// readDecision reads the body of the decision, lock and delivery calls, and the caller's
// action on its request; needStep and needStatus require those fields.
func readDecision(c echo.Context, needStep, needStatus bool) (decisionBody, request.Action, error) {
	var d decisionBody
	top, err := httpx.Body(c, decodeObject)
	if err != nil {
		return d, request.Action{}, err
	}
	for _, f := range []struct {
		name string
		to   *string
	}{{"requestId", &d.RequestID}, {"comentario", &d.Comentario}, {"status", &d.Status}} {
		if raw, ok := top[f.name]; ok && string(raw) != "null" {
			if err := jsonString(raw, f.to); err != nil {
				return d, request.Action{}, httpx.Error(http.StatusBadRequest, f.name, domain.KeyInvalid)
			}
		}
	}
	id, err := request.ParseID("requestId", d.RequestID)
	if err != nil {
		return d, request.Action{}, err
	}
	if raw, ok := top["step"]; ok && string(raw) != "null" {
		n, err := strconv.Atoi(string(raw))
		if err != nil || n < 0 || n > 100 {
			return d, request.Action{}, httpx.Error(http.StatusBadRequest, "step", domain.KeyInvalid)
		}
		d.Step = &n
	}
	if needStep && d.Step == nil {
		return d, request.Action{}, httpx.Error(http.StatusBadRequest, "step", domain.KeyRequired)
	}
	if needStatus && d.Status == "" {
		return d, request.Action{}, httpx.Error(http.StatusBadRequest, "status", domain.KeyRequired)
	}
	a, err := action(c, id, d.Comentario)
	return d, a, err
}

// requestDecide answers POST request/approve, reject and undo.
func (s *API) requestDecide(decision request.Decision) echo.HandlerFunc {
	return func(c echo.Context) error {
		d, a, err := readDecision(c, true, false)
		if err != nil {
			return err
		}
		return s.answered(c)(s.Decide.Handle(c.Request().Context(), request.DecideStep{CommandID: a.CommandID, Caller: a.Caller,
			ID: a.ID, Action: decision, Step: *d.Step, Comment: a.Comment}))
	}
}

// requestLock answers POST request/lock and unlock.
func (s *API) requestLock(lock bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		_, a, err := readDecision(c, false, false)
		if err != nil {
			return err
		}
		return s.answered(c)(s.Act.Lock(c.Request().Context(), a, lock))
	}
}

// deliveryStatus answers POST requestDelivery/status.
func (s *API) deliveryStatus(c echo.Context) error {
	d, a, err := readDecision(c, false, true)
	if err != nil {
		return err
	}
	switch rq.Delivery(d.Status) {
	case rq.Delivered, rq.PartiallyDeliv, rq.NotDelivered, rq.DeliveryCancelled:
	default:
		return httpx.Error(http.StatusBadRequest, "status", domain.KeyInvalid)
	}
	return s.answered(c)(s.Act.ChangeDelivery(c.Request().Context(), a, rq.Delivery(d.Status)))
}

// deliveryConfirm answers POST requestDelivery/confirmReceipt.
func (s *API) deliveryConfirm(c echo.Context) error {
	_, a, err := readDecision(c, false, false)
	if err != nil {
		return err
	}
	return s.answered(c)(s.Act.ConfirmReceipt(c.Request().Context(), a))
}

// uploadOverhead is what a multipart body may carry beyond the file itself.
const uploadOverhead = 64 << 10

// attachmentUpload answers POST anexos?requestId with multipart field "file".
func (s *API) attachmentUpload(c echo.Context) error {
	rid, err := httpx.QueryUUID(c, "requestId", true)
	if err != nil {
		return err
	}
	c.Request().Body = http.MaxBytesReader(c.Response(), c.Request().Body, rq.MaxFileSize+uploadOverhead)
	fh, err := c.FormFile("file")
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return httpx.Error(http.StatusRequestEntityTooLarge, "file", rq.KeyFileTooLarge)
		}
		return httpx.Error(http.StatusBadRequest, "file", domain.KeyRequired)
	}
	if fh.Size > rq.MaxFileSize {
		return httpx.Error(http.StatusRequestEntityTooLarge, "file", rq.KeyFileTooLarge)
	}
	f, err := fh.Open()
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "file", domain.KeyInvalid)
	}
	defer f.Close()
	content := make([]byte, fh.Size)
	if _, err := readFull(f, content); err != nil {
		return httpx.Error(http.StatusBadRequest, "file", domain.KeyInvalid)
	}
	id, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	a, err := s.Attachment.Add(c.Request().Context(), request.AddAttachment{CommandID: id, Caller: httpx.RequestCaller(c),
		ID: rid, Name: fh.Filename, Content: content})
	var de *domain.Error
	if errors.As(err, &de) && de.Key == rq.KeyFileTooLarge {
		return httpx.Error(http.StatusRequestEntityTooLarge, "file", rq.KeyFileTooLarge)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "data": requestsproj.AttachmentView{
		ID: a.ID, Nome: a.Name, Tipo: a.Kind, Tamanho: a.Size, SHA256: a.SHA256, URL: requestsproj.AttachmentURL(httpx.Claims(c).Tenant, a.ID)}})
}

// attachmentRemove answers DELETE anexos?id.
func (s *API) attachmentRemove(c echo.Context) error {
	fid, err := httpx.QueryUUID(c, "id", true)
	if err != nil {
		return err
	}
	id, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Attachment.Remove(c.Request().Context(), request.RemoveAttachment{CommandID: id, Caller: httpx.RequestCaller(c), AttachmentID: fid}))
}

// attachmentDownload answers GET anexos/baixar?id&blob: the bytes, to people who may see
// the request only.
func (s *API) attachmentDownload(c echo.Context) error {
	fid, err := httpx.QueryUUID(c, "id", true)
	if err != nil {
		return err
	}
	f, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (*requestsproj.File, error) {
		return s.Reads.File(ctx, tx, s.viewer(c), fid)
	})
	if err != nil {
		return err
	}
	if f == nil {
		return httpx.Error(http.StatusNotFound, "id", domain.KeyNotFound)
	}
	disposition := "attachment"
	if v := c.QueryParam("blob"); v == "1" || v == "true" {
		disposition = "inline"
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", disposition+`; filename="`+strings.ReplaceAll(f.Name, `"`, "")+`"`)
	h.Set("ETag", `"`+f.SHA256+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	return c.Blob(http.StatusOK, rq.ContentTypes[f.Kind], f.Content)
}

// IsUpload exempts the attachment upload from the 1 MB body limit: it has its own (10 MB).
func IsUpload(c echo.Context) bool {
	return c.Request().Method == http.MethodPost && c.Path() == "/api/cac-app/anexos"
}

func decodeObject(body []byte) (map[string]json.RawMessage, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil || top == nil {
		return nil, httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	return top, nil
}

func jsonString(raw json.RawMessage, to *string) error {
	if len(raw) == 0 || raw[0] != '"' {
		return errors.New("not a string")
	}
	return json.Unmarshal(raw, to)
}

func readFull(r io.Reader, buf []byte) (int, error) { return io.ReadFull(r, buf) }
