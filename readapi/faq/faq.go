// Package faq serves the FAQ (spec portal-core §2 /apps/faq/Faq, menu tools_012; docs/api.md
// "FAQ"): every employee with the menu item browses and searches it, HR admins (casbin
// "faq, admin") edit its categories and questions.
package faq

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	faqcmd "portal/commands/faq"
	"portal/domain"
	"portal/eventstore"
	faqproj "portal/projections/faq"
	"portal/readapi/httpx"
)

// API serves the FAQ calls of a tenant.
type API struct {
	Pool     *pgxpool.Pool
	Commands *faqcmd.Handler
	Reads    faqproj.FAQ
}

// New builds the FAQ calls on the log and the read model.
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*API, error) {
	h, err := faqcmd.New(store, now)
	return &API{Pool: pool, Commands: h}, err
}

// Routes registers the FAQ calls. Reading needs the menu item tools_012; editing, in
// addition, the casbin permission "faq, admin".
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	f := g.Group("/faq", gates.Authn, httpx.Caller(httpx.TenantRequired), gates.Access(httpx.MenuAccess("tools_012")))
	f.GET("", s.list)
	adm := f.Group("", httpx.Allowed("faq", "admin"))
	adm.POST("/categories", s.saveCategory)
	adm.PUT("/categories/:id", s.saveCategory)
	adm.DELETE("/categories/:id", s.remove(s.Commands.RemoveCategory))
	adm.POST("/questions", s.saveQuestion)
	adm.PUT("/questions/:id", s.saveQuestion)
	adm.DELETE("/questions/:id", s.remove(s.Commands.RemoveQuestion))
}

// Page is the answer of GET faq: the categories, the questions of the category asked (all
// when none) that match q, and whether the caller may edit.
type Page struct {
	Categories []faqproj.Category `json:"categories"`
	Questions  []faqproj.Question `json:"questions"`
	CanEdit    bool               `json:"canEdit"`
}

// list answers GET faq?tenId&category&q.
func (s *API) list(c echo.Context) error {
	category, err := httpx.QueryUUID(c, "category", false)
	if err != nil {
		return err
	}
	q := c.QueryParam("q")
	if len([]rune(q)) > 200 {
		return httpx.Error(http.StatusBadRequest, "q", domain.KeyTooLong)
	}
	claims := httpx.Claims(c)
	page, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (Page, error) {
		cats, err := s.Reads.Categories(ctx, tx)
		if err != nil {
			return Page{}, err
		}
		qs, err := s.Reads.Questions(ctx, tx, category, q)
		return Page{Categories: cats, Questions: qs}, err
	})
	if err != nil {
		return err
	}
	if page.Categories == nil {
		page.Categories = []faqproj.Category{}
	}
	if page.Questions == nil {
		page.Questions = []faqproj.Question{}
	}
	page.CanEdit = auth.Allowed(claims.Roles, claims.Tenant.String(), "faq", "admin")
	return c.JSON(http.StatusOK, page)
}

type categoryBody struct {
	Name string `json:"name"`
	Rank int    `json:"rank"`
}

type questionBody struct {
	CategoryID string `json:"categoryId"`
	Question   string `json:"question"`
	Answer     string `json:"answer"`
	Rank       int    `json:"rank"`
}

// pathID is the :id of an edit or removal; uuid.Nil when the route has none (a create).
func pathID(c echo.Context) (uuid.UUID, error) {
	raw := c.Param("id")
	if raw == "" {
		return uuid.Nil, nil
	}
	id, err := uuid.Parse(raw)
	if err != nil {
		return uuid.Nil, httpx.Error(http.StatusBadRequest, "id", domain.KeyInvalid)
	}
	return id, nil
}

func (s *API) caller(c echo.Context, id string) faqcmd.Caller {
	cl := httpx.Claims(c)
	return faqcmd.Caller{Tenant: cl.Tenant, UserID: cl.UserID, CommandID: id}
}

// saveCategory answers POST faq/categories and PUT faq/categories/:id with {id}.
func (s *API) saveCategory(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	b, cmdID, err := httpx.Command(c, httpx.Strict[categoryBody])
	if err != nil {
		return err
	}
	saved, err := s.Commands.SaveCategory(c.Request().Context(), s.caller(c, cmdID), faqcmd.Category{ID: id, Name: b.Name, Rank: b.Rank})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "id": saved})
}

// remove answers DELETE faq/categories/:id and faq/questions/:id through the command do.
func (s *API) remove(do func(context.Context, faqcmd.Caller, uuid.UUID) error) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := pathID(c)
		if err != nil {
			return err
		}
		cmdID, err := httpx.CommandID(c)
		if err != nil {
			return err
		}
		return httpx.Success(c, do(c.Request().Context(), s.caller(c, cmdID), id))
	}
}

// saveQuestion answers POST faq/questions and PUT faq/questions/:id with {id}.
func (s *API) saveQuestion(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	b, cmdID, err := httpx.Command(c, httpx.Strict[questionBody])
	if err != nil {
		return err
	}
	category, err := uuid.Parse(strings.TrimSpace(b.CategoryID))
	if err != nil {
		key := domain.KeyInvalid
		if strings.TrimSpace(b.CategoryID) == "" {
			key = domain.KeyRequired
		}
		return httpx.Error(http.StatusBadRequest, "category", key)
	}
	saved, err := s.Commands.SaveQuestion(c.Request().Context(), s.caller(c, cmdID),
		faqcmd.Question{ID: id, Category: category, Question: b.Question, Answer: b.Answer, Rank: b.Rank})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "id": saved})
}
