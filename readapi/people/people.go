// Package people serves the team and colleague calls (spec portal-business §2 Team listing,
// Colleague card, Drill-down dialog; §7; docs/api.md "People") from the people read models.
package people

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
	peopleproj "portal/projections/people"
	"portal/readapi/httpx"
)

// The people area's menu entries (auth/menu.json): each call needs its screen's access.
const (
	menuFindPeople = "rh_003_01"
	menuBirthdays  = "rh_003_02"
	menuHires      = "rh_003_03"
	menuTeamGestor = "rh_004_01"
	menuTeamAdmin  = "rh_005_01"
)

// People listing limits (spec portal-business §9: page size 30, first page sent as 1).
const (
	peoplePageSize    = 30
	peopleMaxPageSize = 100
	peopleMaxSearch   = 255
	dynamicMaxRecords = 50
)

// API serves the people area of a tenant.
type API struct {
	Pool *pgxpool.Pool
	Now  func() time.Time
}

// Routes registers the team and colleague calls of spec portal-business §7 (docs/api.md
// "People"). Every call needs a token; tenId (and userHash when sent) must match it.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	authn, anyAccess := gates.Authn, gates.AnyAccess
	caller := httpx.Caller(httpx.TenantRequired)
	team := g.Group("/rh-app/Colaborador", authn, caller)
	team.GET("/gestor-minha-equipe", s.peopleList(peopleproj.ScopeReports), anyAccess(menuTeamGestor))
	team.GET("/adm-minha-equipe", s.peopleList(peopleproj.ScopeTenant), anyAccess(menuTeamAdmin))
	team.GET("/minha-equipe", s.peopleList(peopleproj.ScopeColleagues), anyAccess(menuFindPeople))
	card := g.Group("/rh-app/colaborador", authn, caller)
	card.GET("/cartao-apresentacao", s.peopleCard)
	card.GET("/aniversariantes", s.peopleBirthdays, anyAccess(menuBirthdays))
	card.GET("/admitidos-mes", s.peopleHires, anyAccess(menuHires))
	g.GET("/gen/DynamicMessage", s.dynamicMessages, authn, caller)
}

func peopleViewer(c echo.Context) peopleproj.Viewer {
	cl := httpx.Claims(c)
	return peopleproj.Viewer{Employee: cl.EmployeeID, HR: slices.Contains(cl.Roles, auth.RoleHRAdmin)}
}

// peopleList answers GET Colaborador/{gestor-minha-equipe | adm-minha-equipe | minha-equipe}
// with searchText, orderBy, orderDescending, page (from 1), pageSize (default 30) and, for the
// drill-down dialog, departamento (a department id).
func (s *API) peopleList(scope peopleproj.Scope) echo.HandlerFunc {
	return func(c echo.Context) error {
		q := peopleproj.Query{Scope: scope, Search: strings.TrimSpace(c.QueryParam("searchText"))}
		if len([]rune(q.Search)) > peopleMaxSearch {
			return httpx.Error(http.StatusBadRequest, "searchText", domain.KeyTooLong)
		}
		q.OrderBy = strings.TrimSpace(c.QueryParam("orderBy"))
		if _, ok := peopleproj.Orders[q.OrderBy]; !ok && q.OrderBy != "" {
			return httpx.Error(http.StatusBadRequest, "orderBy", domain.KeyInvalid)
		}
		var err error
		if q.Desc, err = httpx.QueryBool(c, "orderDescending"); err != nil {
			return err
		}
		if q.Page, err = httpx.QueryInt(c, "page", 1, 1, 1_000_000); err != nil {
			return err
		}
		if q.PageSize, err = httpx.QueryInt(c, "pageSize", peoplePageSize, 1, peopleMaxPageSize); err != nil {
			return err
		}
		if q.Department, err = httpx.QueryUUID(c, "departamento", false); err != nil {
			return err
		}
		return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (peopleproj.Page, error) {
			return peopleproj.Directory{}.List(ctx, tx, peopleViewer(c), q)
		})
	}
}

// peopleCard answers GET colaborador/cartao-apresentacao?m01Ukey: a colleague's card. The phone
// (the contact QR's) goes to HR admins and managers only (spec §6).
func (s *API) peopleCard(c echo.Context) error {
	id, err := httpx.QueryUUID(c, "m01Ukey", true)
	if err != nil {
		return err
	}
	roles := httpx.Claims(c).Roles
	withPhone := slices.Contains(roles, auth.RoleHRAdmin) || slices.Contains(roles, auth.RoleManager)
	card, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (peopleproj.Card, error) {
		return peopleproj.Directory{}.Card(ctx, tx, peopleViewer(c), id, s.Now().UTC(), withPhone)
	})
	if err == peopleproj.ErrNotFound {
		return httpx.Error(http.StatusNotFound, "m01Ukey", domain.KeyNotFound)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, card)
}

// peopleBirthdays answers GET colaborador/aniversariantes?month (1..12, default this month).
func (s *API) peopleBirthdays(c echo.Context) error {
	month, err := httpx.QueryInt(c, "month", int(s.Now().UTC().Month()), 1, 12)
	if err != nil {
		return err
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]peopleproj.PersonRow, error) {
		return peopleproj.Directory{}.Birthdays(ctx, tx, peopleViewer(c), time.Month(month))
	})
}

// peopleHires answers GET colaborador/admitidos-mes?yearMonth (YYYYMM, default this month).
func (s *API) peopleHires(c echo.Context) error {
	now := s.Now().UTC()
	year, month := now.Year(), now.Month()
	if text := strings.TrimSpace(c.QueryParam("yearMonth")); text != "" {
		var ok bool
		if year, month, ok = httpx.ParseYearMonth(text); !ok {
			return httpx.Error(http.StatusBadRequest, "yearMonth", domain.KeyInvalid)
		}
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]peopleproj.PersonRow, error) {
		return peopleproj.Directory{}.Hires(ctx, tx, peopleViewer(c), time.Date(year, month, 1, 0, 0, 0, 0, time.UTC))
	})
}

// dynamicMessages answers GET /api/gen/DynamicMessage?codeId&maxRecords: the tenant's notices
// of that code shown today (maxRecords 1..50, default 5).
func (s *API) dynamicMessages(c echo.Context) error {
	code, err := httpx.QueryInt(c, "codeId", 0, 0, 1_000_000)
	if err != nil {
		return err
	}
	if strings.TrimSpace(c.QueryParam("codeId")) == "" {
		return httpx.Error(http.StatusBadRequest, "codeId", domain.KeyRequired)
	}
	max, err := httpx.QueryInt(c, "maxRecords", 5, 1, dynamicMaxRecords)
	if err != nil {
		return err
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]peopleproj.DynamicMessage, error) {
		return peopleproj.Directory{}.DynamicMessages(ctx, tx, code, s.Now().UTC(), max)
	})
}
