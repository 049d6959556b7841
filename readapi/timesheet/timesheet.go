// Package timesheet serves the monthly timesheet (espelho de ponto; docs/api.md
// "Timesheet"): an employee's month, its PDF, the gridReport of a month, HR's closing and
// reopening, and the employee's signature (spec portal-business §7
// AssinaturaEletronica/assinar). Reads come from the timesheet read model only.
package timesheet

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	tscmd "portal/commands/timesheet"
	"portal/domain"
	ts "portal/domain/timesheet"
	"portal/eventstore"
	"portal/platform/pdflogo"
	"portal/readapi/httpx"
)

// API serves the timesheet calls of a tenant.
type API struct {
	httpx.Gates
	Pool     *pgxpool.Pool
	Now      func() time.Time
	Commands *tscmd.Handlers
	Logos    *pdflogo.Fetcher // the tenants' PDF logos
	// Payslip signs a payroll document: assinar with descricao=holerite (readapi/payroll).
	Payslip echo.HandlerFunc
}

// New builds the timesheet calls on the log, the read models and sign-in (the password the
// signature confirms).
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time, password tscmd.Password) (*API, error) {
	h, err := tscmd.New(pool, store, now, password)
	if err != nil {
		return nil, err
	}
	return &API{Pool: pool, Now: now, Commands: h, Logos: pdflogo.New(10*time.Minute, false)}, nil
}

// Routes registers the timesheet calls; every one needs a token and tenId (tenid on the
// signature's spec path) naming the token's tenant.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	r := g.Group("/rh-app/espelho", gates.Authn, httpx.Caller(httpx.TenantRequired))
	r.GET("", s.month, gates.Access(auth.TimesheetAccess))
	r.GET("/pdf", s.pdf, gates.Access(auth.TimesheetAccess))
	r.GET("/grid", s.grid, gates.Access(auth.TimesheetGridAccess))
	r.POST("/fechar", s.close, gates.Access(auth.TimesheetGridAccess))
	r.POST("/reabrir", s.reopen, gates.Access(auth.TimesheetGridAccess))
	a := g.Group("/cac-app/AssinaturaEletronica", gates.Authn, tenid)
	timesheetSign := gates.Access(auth.TimesheetAccess)(s.sign)
	var payslipSign echo.HandlerFunc
	if s.Payslip != nil {
		payslipSign = gates.Access(auth.PayrollAccess)(s.Payslip)
	}
	a.POST("/assinar", func(c echo.Context) error {
		// The spec's one signing call serves payslips too: descricao=holerite goes to payroll,
		// behind the payroll gate instead of the timesheet's.
		if payslipSign != nil && strings.EqualFold(strings.TrimSpace(c.QueryParam("descricao")), "holerite") {
			return payslipSign(c)
		}
		return timesheetSign(c)
	})
}

// tenid is the spec's lower-case tenant parameter of AssinaturaEletronica/assinar: required,
// and the token's.
func tenid(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		v := strings.TrimSpace(c.QueryParam("tenid"))
		if v == "" {
			v = strings.TrimSpace(c.QueryParam("tenId"))
		}
		if v == "" {
			return httpx.Error(http.StatusBadRequest, "tenid", domain.KeyRequired)
		}
		if id, err := uuid.Parse(v); err != nil || id != httpx.Claims(c).Tenant {
			return httpx.Error(http.StatusForbidden, "tenid", domain.KeyDenied)
		}
		if err := httpx.MatchCaller(c, false); err != nil {
			return err
		}
		return next(c)
	}
}

func isHR(cl auth.Claims) bool {
	return slices.Contains(cl.Roles, auth.RoleHRAdmin) || slices.Contains(cl.Roles, auth.RoleAuditor)
}

func isManager(cl auth.Claims) bool { return slices.Contains(cl.Roles, auth.RoleManager) }

// monthParam reads mes=YYYY-MM (default: the month before this one, the one usually read).
func (s *API) monthParam(c echo.Context) (time.Time, error) {
	v := strings.TrimSpace(c.QueryParam("mes"))
	if v == "" {
		y, m, _ := s.Now().UTC().Date()
		return time.Date(y, m-1, 1, 0, 0, 0, 0, time.UTC), nil
	}
	t, err := ts.ParseMonth("mes", v)
	if err != nil {
		return t, err
	}
	if t.Year() < 2000 || t.Year() > 2100 {
		return t, domain.InvalidField("mes", domain.KeyBadDate)
	}
	return t, nil
}

// target is the employee whose month is asked (m01Ukey; default the caller's own), refused
// unless in the caller's scope: their own with visualiza_espelho on, a manager's direct
// reports, HR everyone in the tenant. Unknown is 404 to HR, 403 to anyone else (they cannot
// tell an unknown id from a colleague's).
func (s *API) target(c echo.Context, tx pgx.Tx) (Employee, error) {
	cl := httpx.Claims(c)
	id, err := httpx.QueryUUID(c, "m01Ukey", false)
	if err != nil {
		return Employee{}, err
	}
	if id == uuid.Nil {
		id = cl.EmployeeID
	}
	if id == uuid.Nil {
		return Employee{}, httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyRequired)
	}
	e, found, err := employeeOf(c.Request().Context(), tx, id)
	if err != nil {
		return e, err
	}
	denied := httpx.Error(http.StatusForbidden, "m01Ukey", domain.KeyDenied)
	switch {
	case isHR(cl):
		if !found {
			return e, httpx.Error(http.StatusNotFound, "m01Ukey", domain.KeyNotFound)
		}
		return e, nil
	case !found:
		return e, denied
	case id == cl.EmployeeID:
		if isManager(cl) || httpx.Permissions(c).Switches["visualiza_espelho"] == 1 {
			return e, nil
		}
		return e, httpx.Error(http.StatusForbidden, "m01Ukey", ts.KeyTimesheetHidden)
	case isManager(cl) && e.ManagerID != nil && *e.ManagerID == cl.EmployeeID:
		return e, nil
	}
	return e, denied
}

// view reads the month asked, in the caller's scope.
func (s *API) view(c echo.Context) (MonthView, error) {
	month, err := s.monthParam(c)
	if err != nil {
		return MonthView{}, err
	}
	cl := httpx.Claims(c)
	var v MonthView
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		e, err := s.target(c, tx)
		if err != nil {
			return err
		}
		v, err = readMonth(c.Request().Context(), tx, cl.Tenant, e, month, Today(s.Now()))
		return err
	})
	if err != nil {
		return v, err
	}
	v.CanSign = v.Employee.ID == cl.EmployeeID && v.Closed && httpx.Permissions(c).Switches["assina_ponto"] == 1 &&
		v.RowsHash != "" && (v.Signature == nil || v.Signature.Superseded)
	return v, nil
}

// month answers GET rh-app/espelho?tenId&mes&m01Ukey with the MonthView.
func (s *API) month(c echo.Context) error {
	v, err := s.view(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

// monthBody is the body of fechar and reabrir.
type monthBody struct {
	Month  string `json:"mes"`
	Reason string `json:"motivo"`
}

func parseMonthBody(b []byte) (monthBody, error) {
	var m monthBody
	if err := unmarshal(b, &m); err != nil {
		return m, err
	}
	return m, nil
}

func (s *API) caller(c echo.Context) tscmd.Caller {
	return tscmd.Caller{Claims: httpx.Claims(c), CanSign: httpx.Permissions(c).Switches["assina_ponto"] == 1}
}

// close answers POST rh-app/espelho/fechar?tenId body {mes} (HR): {success:true}.
func (s *API) close(c echo.Context) error {
	b, id, err := httpx.Command(c, parseMonthBody)
	if err != nil {
		return err
	}
	month, err := ts.ParseMonth("mes", b.Month)
	if err != nil {
		return err
	}
	if err := s.Commands.Close(c.Request().Context(), s.caller(c), month, id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true})
}

// reopen answers POST rh-app/espelho/reabrir?tenId body {mes, motivo} (HR): {success:true}.
func (s *API) reopen(c echo.Context) error {
	b, id, err := httpx.Command(c, parseMonthBody)
	if err != nil {
		return err
	}
	month, err := ts.ParseMonth("mes", b.Month)
	if err != nil {
		return err
	}
	if err := s.Commands.Reopen(c.Request().Context(), s.caller(c), month, b.Reason, id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true})
}

// signBody is the body of the signature: the password the confirm-password dialog took and
// the hash of the rows the employee read.
type signBody struct {
	Password string `json:"senha"`
	RowsHash string `json:"hash"`
}

// sign answers POST /api/cac-app/AssinaturaEletronica/assinar?tenid&par&ukeyp&descricao
// (spec portal-business §7): par is the month signed (YYYY-MM), ukeyp the employee (the
// caller's own; default it), descricao a free description kept out of the event; body
// {senha, hash} → {success:true, data:{month, signedAt, rowsHash, totals}}.
func (s *API) sign(c echo.Context) error {
	b, id, err := httpx.Command(c, func(raw []byte) (signBody, error) {
		var v signBody
		err := unmarshal(raw, &v)
		return v, err
	})
	if err != nil {
		return err
	}
	month, err := ts.ParseMonth("par", c.QueryParam("par"))
	if err != nil {
		return err
	}
	cl := httpx.Claims(c)
	if p := strings.TrimSpace(c.QueryParam("ukeyp")); p != "" && p != cl.EmployeeID.String() {
		return httpx.Error(http.StatusForbidden, "ukeyp", domain.KeyDenied)
	}
	signed, err := s.Commands.Sign(c.Request().Context(), tscmd.Sign{Caller: s.caller(c), Month: month,
		Password: b.Password, RowsHash: b.RowsHash, CommandID: id})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "data": map[string]any{
		"month": signed.Month, "signedAt": signed.At, "rowsHash": signed.RowsHash, "totals": signed.Totals}})
}

// scopeEmployees lists the employees of the caller's grid: HR the tenant's, a manager their
// direct reports, by name.
func scopeEmployees(ctx context.Context, tx pgx.Tx, cl auth.Claims) ([]Employee, error) {
	q := `SELECT e.id, e.code, e.name, coalesce(d.name, ''), e.manager_id FROM employees e
		LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
		WHERE e.tenant_id = app_tenant()`
	args := []any{}
	if !isHR(cl) {
		q += ` AND e.manager_id = $1`
		args = append(args, cl.EmployeeID)
	}
	rows, err := tx.Query(ctx, q+` ORDER BY e.name, e.id`, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Employee, error) {
		var e Employee
		err := r.Scan(&e.ID, &e.Code, &e.Name, &e.Department, &e.ManagerID)
		return e, err
	})
}

// unmarshal reads a JSON object body; anything else is 400 body valor_invalido.
func unmarshal(b []byte, v any) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' || json.Unmarshal(b, v) != nil {
		return domain.InvalidField("body", domain.KeyInvalid)
	}
	return nil
}
