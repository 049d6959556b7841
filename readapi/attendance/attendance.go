// Package attendance serves the hour bank (banco de horas) and absenteeism screens of the
// managers and HR (docs/api.md "Hour bank and absenteeism"). Both read the timesheet read
// models the Timesheet projection keeps (timesheet_months, timesheet_days, timesheet_tenants),
// never the event log.
package attendance

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
	"portal/domain/timesheet"
	"portal/readapi/httpx"
)

// Message keys of this area's refusals.
const (
	KeyFutureMonth = "mes_futuro" // a month after the current one
)

// API serves the hour bank and absenteeism of a tenant.
type API struct {
	Pool *pgxpool.Pool
	Now  func() time.Time
}

// Menu entries whose screens call this area: the manager's and HR's.
var (
	bankScreens   = []string{"rh_004_05", "admin-banco-horas"}
	absentScreens = []string{"rh_004_06", "admin-absenteismo"}
)

// Routes registers the area behind the server's authentication and the screens' access:
// a collaborator without a manager's or HR's screen is refused (403 acesso_negado).
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	b := g.Group("/hour-bank", gates.Authn, httpx.Caller(httpx.TenantRequired), gates.AnyAccess(bankScreens...))
	b.GET("/team", s.bankTeam)
	b.GET("/employees/:id", s.bankEmployee)
	a := g.Group("/absenteeism", gates.Authn, httpx.Caller(httpx.TenantRequired), gates.AnyAccess(absentScreens...))
	a.GET("", s.absenteeism)
	a.GET("/people", s.absentPeople)
	a.GET("/days", s.absentDays)
}

// Scope is whose figures a call covers: the whole tenant (HR, auditors) or a manager's
// direct reports.
type Scope struct {
	Tenant  bool
	Manager uuid.UUID // the caller's employee; the team's manager when !Tenant
}

// scopeOf is the widest scope of the caller, narrowed to their team when they ask
// (scope=team: the manager's screen of an HR admin who is also a manager).
func scopeOf(c echo.Context) (Scope, error) {
	cl := httpx.Claims(c)
	hr := slices.Contains(cl.Roles, auth.RoleHRAdmin) || slices.Contains(cl.Roles, auth.RoleAuditor)
	sc := Scope{Tenant: hr, Manager: cl.EmployeeID}
	switch strings.TrimSpace(c.QueryParam("scope")) {
	case "":
	case "tenant":
		if !hr {
			return sc, httpx.Error(http.StatusForbidden, "scope", domain.KeyDenied)
		}
	case "team":
		sc.Tenant = false
	default:
		return sc, httpx.Error(http.StatusBadRequest, "scope", domain.KeyInvalid)
	}
	if !sc.Tenant && sc.Manager == uuid.Nil {
		return sc, httpx.Error(http.StatusForbidden, "request", domain.KeyDenied)
	}
	return sc, nil
}

// monthOf reads month=YYYY-MM (default the current month); a month after the current one
// is refused.
func (s *API) monthOf(c echo.Context) (time.Time, error) {
	now := firstDay(s.Now().UTC())
	v := strings.TrimSpace(c.QueryParam("month"))
	if v == "" {
		return now, nil
	}
	m, err := time.Parse("2006-01", v)
	if err != nil || m.Year() < 1900 {
		return now, httpx.Error(http.StatusBadRequest, "month", domain.KeyInvalid)
	}
	if m.After(now) {
		return now, httpx.Error(http.StatusBadRequest, "month", KeyFutureMonth)
	}
	return m, nil
}

func firstDay(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC) }

// RuleOf is the tenant's timesheet rule as the projection last saw it (the default, bank
// off, before any).
func RuleOf(ctx context.Context, tx pgx.Tx) (timesheet.Rule, error) {
	var values map[string]any
	err := tx.QueryRow(ctx, `SELECT rule FROM timesheet_tenants WHERE tenant_id = app_tenant()`).Scan(&values)
	if err == pgx.ErrNoRows {
		return timesheet.DefaultRule(), nil
	}
	if err != nil {
		return timesheet.Rule{}, err
	}
	return timesheet.RuleOf(values), nil
}

// Employee names an employee of a line.
type Employee struct {
	ID         uuid.UUID `json:"id"`
	Name       string    `json:"name"`
	Department string    `json:"department"`
}

// employeeIn reads an employee of the tenant, and whether the scope covers them (a manager:
// their direct report now, or in the month given). An unknown employee is 404.
func employeeIn(ctx context.Context, tx pgx.Tx, sc Scope, id uuid.UUID, month *time.Time) (Employee, error) {
	e := Employee{ID: id}
	var manager *uuid.UUID
	err := tx.QueryRow(ctx, `SELECT e.name, coalesce(d.name, ''), e.manager_id FROM employees e
LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE e.tenant_id = app_tenant() AND e.id = $1`, id).Scan(&e.Name, &e.Department, &manager)
	if err == pgx.ErrNoRows {
		return e, httpx.Error(http.StatusNotFound, "employee", domain.KeyNotFound)
	}
	if err != nil || sc.Tenant || (manager != nil && *manager == sc.Manager) {
		return e, err
	}
	if month != nil { // the team of the month (the months keep the manager of their time)
		var was bool
		err = tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM timesheet_months WHERE tenant_id = app_tenant()
AND employee_id = $1 AND month = $2 AND manager_id = $3)`, id, *month, sc.Manager).Scan(&was)
		if err != nil || was {
			return e, err
		}
	}
	return e, httpx.Error(http.StatusForbidden, "employee", domain.KeyDenied)
}

// pathEmployee reads the :id of the path.
func pathEmployee(c echo.Context) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return uuid.Nil, httpx.Error(http.StatusBadRequest, "employee", domain.KeyInvalid)
	}
	return id, nil
}
