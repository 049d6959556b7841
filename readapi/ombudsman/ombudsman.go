// Package ombudsman serves the ombudsman channel (spec portal-core §2 /apps/Ouvidoria, menu
// tools_015), its public follow-up (/ouvidoria/acompanhar) and the contact form
// (/apps/faq/Contato, tools_014). docs/api.md "Ombudsman and contact"; docs/ombudsman.md.
package ombudsman

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"

	"portal/auth"
	ombcmd "portal/commands/ombudsman"
	"portal/domain"
	"portal/eventstore"
	ombproj "portal/projections/ombudsman"
	"portal/readapi/httpx"
)

// Permission is the casbin object and action of the ombudsman team (auth/policy.csv).
const (
	PermObject = "ombudsman"
	PermAction = "handle"
)

// API serves the ombudsman and contact calls.
type API struct {
	Pool     *pgxpool.Pool
	Commands *ombcmd.Handler
	Reads    ombproj.Reports

	// follow limits the public follow-up per client address: guessing codes is slow.
	mu      sync.Mutex
	follows map[string]*rate.Limiter
}

// New builds the calls on the log and the read model; mail goes through tenantMail (the
// tenant's own server and templates; nil: none) or fallback (SMTP_ADDR; nil: none).
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time, tenantMail auth.TenantMail, fallback auth.Mailer) (*API, error) {
	h, err := ombcmd.New(pool, store, now)
	if err != nil {
		return nil, err
	}
	h.Mail, h.Fallback = tenantMail, fallback
	return &API{Pool: pool, Commands: h, follows: map[string]*rate.Limiter{}}, nil
}

// Routes registers the calls. Filing needs the menu item tools_015; the queue, in addition,
// the casbin permission "ombudsman, handle"; the contact form the menu item tools_014; the
// follow-up nothing but the protocol and the code.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	signed := []echo.MiddlewareFunc{gates.Authn, httpx.Caller(httpx.TenantRequired)}
	o := g.Group("/ombudsman", append(signed, gates.Access(httpx.MenuAccess("tools_015")))...)
	o.POST("/reports", s.file)
	o.GET("/reports/mine", s.mine)
	team := o.Group("", httpx.Allowed(PermObject, PermAction))
	team.GET("/reports", s.queue)
	team.GET("/reports/:id", s.one)
	team.PUT("/reports/:id/status", s.move)
	team.POST("/reports/:id/answer", s.answer)

	ct := g.Group("/contact", append(signed, gates.Access(httpx.MenuAccess("tools_014")))...)
	ct.GET("", s.contacts)
	ct.POST("", s.contact)

	g.GET("/public/ombudsman/follow", s.follow)
}

func (s *API) caller(c echo.Context, id string) ombcmd.Caller {
	cl := httpx.Claims(c)
	return ombcmd.Caller{Tenant: cl.Tenant, UserID: cl.UserID, UserHash: cl.UserHash, CommandID: id}
}

func isOmbudsman(c echo.Context) bool {
	cl := httpx.Claims(c)
	return auth.Allowed(cl.Roles, cl.Tenant.String(), PermObject, PermAction)
}

type fileBody struct {
	Category   string `json:"category"`
	Subject    string `json:"subject"`
	Text       string `json:"text"`
	Visibility string `json:"visibility"`
}

// file answers POST ombudsman/reports with {id, protocol, code}: the code is shown once.
func (s *API) file(c echo.Context) error {
	b, cmdID, err := httpx.Command(c, httpx.Strict[fileBody])
	if err != nil {
		return err
	}
	f, err := s.Commands.File(c.Request().Context(), s.caller(c, cmdID), ombcmd.Filing{Category: b.Category, Subject: b.Subject, Text: b.Text, Visibility: b.Visibility})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "id": f.ID, "protocol": f.Protocol, "code": f.Code})
}

// mine answers GET ombudsman/reports/mine: the caller's public and private reports.
func (s *API) mine(c echo.Context) error {
	user := httpx.Claims(c).UserID
	list, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]ombproj.Report, error) { return s.Reads.Mine(ctx, tx, user) })
	if err != nil {
		return err
	}
	for i := range list {
		ombproj.Redact(&list[i], false) // they know who they are; the answer needs no id
	}
	return c.JSON(http.StatusOK, map[string]any{"reports": orEmpty(list), "canHandle": isOmbudsman(c)})
}

func orEmpty[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}

var statuses = map[string]bool{"": true, "received": true, "in_analysis": true, "answered": true, "closed": true}

// queue answers GET ombudsman/reports?status.
func (s *API) queue(c echo.Context) error {
	status := c.QueryParam("status")
	if !statuses[status] {
		return httpx.Error(http.StatusBadRequest, "status", domain.KeyInvalid)
	}
	list, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]ombproj.Report, error) { return s.Reads.Queue(ctx, tx, status) })
	if err != nil {
		return err
	}
	for i := range list {
		ombproj.Redact(&list[i], true)
	}
	return c.JSON(http.StatusOK, map[string]any{"reports": orEmpty(list)})
}

func pathID(c echo.Context) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return uuid.Nil, httpx.Error(http.StatusBadRequest, "id", domain.KeyInvalid)
	}
	return id, nil
}

// one answers GET ombudsman/reports/:id.
func (s *API) one(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var found bool
	r, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (r ombproj.Report, err error) {
		r, found, err = s.Reads.One(ctx, tx, id)
		return r, err
	})
	if err != nil {
		return err
	}
	if !found {
		return httpx.Error(http.StatusNotFound, "id", domain.KeyNotFound)
	}
	ombproj.Redact(&r, true)
	return c.JSON(http.StatusOK, r)
}

type statusBody struct {
	Status string `json:"status"`
}

// move answers PUT ombudsman/reports/:id/status {status: in_analysis|closed}.
func (s *API) move(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	b, cmdID, err := httpx.Command(c, httpx.Strict[statusBody])
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Commands.Move(c.Request().Context(), s.caller(c, cmdID), id, b.Status))
}

type answerBody struct {
	Answer string `json:"answer"`
}

// answer answers POST ombudsman/reports/:id/answer {answer} with {mailed, notified}.
func (s *API) answer(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	b, cmdID, err := httpx.Command(c, httpx.Strict[answerBody])
	if err != nil {
		return err
	}
	out, err := s.Commands.Answer(c.Request().Context(), s.caller(c, cmdID), id, b.Answer)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "mailed": out.Mailed, "notified": out.Notified})
}

type contactBody struct {
	Subject string `json:"subject"`
	Message string `json:"message"`
}

// contact answers POST contact {subject, message} with {id}.
func (s *API) contact(c echo.Context) error {
	b, cmdID, err := httpx.Command(c, httpx.Strict[contactBody])
	if err != nil {
		return err
	}
	id, err := s.Commands.SendContact(c.Request().Context(), s.caller(c, cmdID), ombcmd.Contact{Subject: b.Subject, Message: b.Message})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "id": id})
}

// contacts answers GET contact: the caller's sent messages.
func (s *API) contacts(c echo.Context) error {
	user := httpx.Claims(c).UserID
	list, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]ombproj.Contact, error) {
		return s.Reads.Contacts(ctx, tx, user)
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"messages": orEmpty(list)})
}

// Follow-up limits per client address: one try every 3 seconds, 5 at once.
const (
	followEvery = 3 * time.Second
	followBurst = 5
)

func (s *API) allowFollow(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.follows) > 10_000 { // a flood of addresses: start over rather than grow
		s.follows = map[string]*rate.Limiter{}
	}
	l := s.follows[addr]
	if l == nil {
		l = rate.NewLimiter(rate.Every(followEvery), followBurst)
		s.follows[addr] = l
	}
	return l.Allow()
}

// follow answers GET public/ombudsman/follow?protocol&code without a token: the status,
// dates and answer of the report, or 404 nao_encontrado whichever part was wrong.
func (s *API) follow(c echo.Context) error {
	if !s.allowFollow(c.RealIP()) {
		c.Response().Header().Set("Retry-After", "3")
		return httpx.Error(http.StatusTooManyRequests, "code", "muitas_requisicoes")
	}
	protocol := strings.ToUpper(strings.TrimSpace(c.QueryParam("protocol")))
	code := strings.TrimSpace(c.QueryParam("code"))
	if protocol == "" {
		return httpx.Error(http.StatusBadRequest, "protocol", domain.KeyRequired)
	}
	if code == "" {
		return httpx.Error(http.StatusBadRequest, "code", domain.KeyRequired)
	}
	if len(protocol) > 40 || len(code) > 40 {
		return httpx.Error(http.StatusNotFound, "protocol", domain.KeyNotFound)
	}
	f, found, err := ombproj.FollowUp(c.Request().Context(), s.Pool, protocol, ombcmd.HashCode(code))
	if err != nil {
		return err
	}
	if !found {
		return httpx.Error(http.StatusNotFound, "protocol", domain.KeyNotFound)
	}
	return c.JSON(http.StatusOK, f)
}
