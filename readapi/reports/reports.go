// Package reports serves the HR reports (docs/api.md "Reports"): each reads its own report
// read model, never the event log.
package reports

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
	peopleproj "portal/projections/people"
	reportsproj "portal/projections/reports"
	"portal/readapi/httpx"
)

// API serves the reports of a tenant's read models.
type API struct {
	Pool *pgxpool.Pool
	Now  func() time.Time
}

// Routes registers the reports behind the server's authentication. Who sees what: HR
// admins and auditors the tenant, a manager their direct reports, anyone else only themselves.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	r := g.Group("/reports", gates.Authn, httpx.Caller(httpx.TenantRequired))
	r.GET("/mood", reportOf(s, reportsproj.Reports.Mood))
	r.GET("/approvals", reportOf(s, reportsproj.Reports.Approvals))
	r.GET("/surveys", reportOf(s, reportsproj.Reports.Surveys), wholeTenantOnly)
	r.GET("/clock", reportOf(s, reportsproj.Reports.Clock))
	r.GET("/vacations", reportOf(s, reportsproj.Reports.Vacations))
	r.GET("/headcount", reportOf(s, reportsproj.Reports.Headcount))
	r.GET("/filters", s.reportFilters)
}

// reportFilters answers GET reports/filters: the tenant's business units and departments
// ({unidades, departamentos: [{id, nome}]}, by name), the reports' filter options.
func (s *API) reportFilters(c echo.Context) error {
	return httpx.Read(c, s.Pool, peopleproj.OrgUnits)
}

// reportScope is whose data a report covers for the caller.
type reportScope struct {
	Kind     string    `json:"kind"` // tenant, team, self
	Employee uuid.UUID `json:"-"`
}

func scopeOf(c echo.Context) reportScope {
	cl := httpx.Claims(c)
	switch {
	case slices.Contains(cl.Roles, auth.RoleHRAdmin) || slices.Contains(cl.Roles, auth.RoleAuditor):
		return reportScope{Kind: "tenant", Employee: cl.EmployeeID}
	case slices.Contains(cl.Roles, auth.RoleManager):
		return reportScope{Kind: "team", Employee: cl.EmployeeID}
	}
	return reportScope{Kind: "self", Employee: cl.EmployeeID}
}

// scopeRank orders the scopes from the narrowest.
var scopeRank = map[string]int{"self": 0, "team": 1, "tenant": 2}

// askedScope is the scope the caller asked for (scope=self|team|tenant; default the widest
// they have): a dashboard shows its own level. Wider than the caller's is 403.
func askedScope(c echo.Context) (reportScope, error) {
	sc := scopeOf(c)
	asked := strings.TrimSpace(c.QueryParam("scope"))
	if asked == "" {
		return sc, nil
	}
	rank, ok := scopeRank[asked]
	if !ok {
		return sc, httpx.Error(http.StatusBadRequest, "scope", domain.KeyInvalid)
	}
	if rank > scopeRank[sc.Kind] {
		return sc, httpx.Error(http.StatusForbidden, "scope", domain.KeyDenied)
	}
	sc.Kind = asked
	return sc, nil
}

// reportFilter is a report's period (from..to, inclusive days; default the last 12 calendar months)
// and optional business unit and department.
type reportFilter struct {
	From, To   time.Time
	Unit, Dept *uuid.UUID
}

func (s *API) filterOf(c echo.Context) (reportFilter, error) {
	today := s.Now().UTC().Truncate(24 * time.Hour)
	// Twelve calendar months: this one and the eleven before (a year back from today touched
	// thirteen, and the monthly reports showed a thirteenth month).
	f := reportFilter{From: time.Date(today.Year(), today.Month()-11, 1, 0, 0, 0, 0, time.UTC), To: today}
	for _, p := range []struct {
		name string
		dst  *time.Time
	}{{"from", &f.From}, {"to", &f.To}} {
		v := strings.TrimSpace(c.QueryParam(p.name))
		if v == "" {
			continue
		}
		t, err := httpx.ParseDay(v)
		if err != nil {
			return f, httpx.Error(http.StatusBadRequest, p.name, domain.KeyInvalid)
		}
		*p.dst = t
	}
	if f.To.Before(f.From) {
		return f, httpx.Error(http.StatusBadRequest, "to", "periodo_invalido")
	}
	if f.To.Sub(f.From) > 5*366*24*time.Hour {
		return f, httpx.Error(http.StatusBadRequest, "from", "periodo_muito_longo")
	}
	for _, p := range []struct {
		name string
		dst  **uuid.UUID
	}{{"unit", &f.Unit}, {"dept", &f.Dept}} {
		id, err := httpx.QueryUUID(c, p.name, false)
		if err != nil {
			return f, err
		}
		if id != uuid.Nil {
			*p.dst = &id
		}
	}
	return f, nil
}

// inReport runs fn with the caller's scope and filter in a tenant transaction.
func (s *API) inReport(c echo.Context, fn func(ctx context.Context, tx pgx.Tx, sc reportScope, f reportFilter) error) error {
	f, err := s.filterOf(c)
	if err != nil {
		return err
	}
	sc, err := askedScope(c)
	if err != nil {
		return err
	}
	if sc.Kind != "tenant" && sc.Employee == uuid.Nil {
		return httpx.Error(http.StatusForbidden, "request", domain.KeyDenied)
	}
	return httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error { return fn(c.Request().Context(), tx, sc, f) })
}

// reportOf answers a report read by read with the caller's scope and filters (docs/api.md
// "Reports": clock, vacations, headcount).
func reportOf[T any](s *API, read func(reportsproj.Reports, context.Context, pgx.Tx, reportsproj.ReportQuery) (T, error)) echo.HandlerFunc {
	return func(c echo.Context) error {
		var out T
		err := s.inReport(c, func(ctx context.Context, tx pgx.Tx, sc reportScope, f reportFilter) (err error) {
			out, err = read(reportsproj.Reports{}, ctx, tx, reportsproj.ReportQuery{
				Scope: sc.Kind, Employee: sc.Employee, From: f.From, To: f.To, Unit: f.Unit, Dept: f.Dept, Now: s.Now()})
			return err
		})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, out)
	}
}

// wholeTenantOnly admits the callers whose reports cover the tenant (HR admins and auditors):
// the surveys report has no team or personal view.
func wholeTenantOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if scopeOf(c).Kind != "tenant" {
			return httpx.Error(http.StatusForbidden, "request", domain.KeyDenied)
		}
		return next(c)
	}
}
