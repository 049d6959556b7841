// Package vacations serves the vacation calls (spec portal-business §2 Vacations, §5;
// docs/api.md "Vacations") and the work schedule (spec portal-core §7).
package vacations

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/commands"
	vacationcmd "portal/commands/vacation"
	"portal/domain"
	"portal/domain/vacation"
	"portal/eventstore"
	vacationsproj "portal/projections/vacations"
	"portal/readapi/httpx"
)

// ReadModel is what the vacation queries need from the read model;
// vacationsproj.Vacations implements it. tx is a tenant transaction (db.InTenant).
type ReadModel interface {
	File(ctx context.Context, tx pgx.Tx, employee uuid.UUID, today time.Time) (vacationsproj.File, error)
	Map(ctx context.Context, tx pgx.Tx, scope vacationsproj.Scope, from, to time.Time, kind int, today time.Time) ([]vacationsproj.MapEntry, error)
	Approvals(ctx context.Context, tx pgx.Tx, manager uuid.UUID, hr bool, userID uuid.UUID, filter string, today time.Time) ([]vacationsproj.Leave, error)
	Plans(ctx context.Context, tx pgx.Tx, scope vacationsproj.Scope, from, to time.Time) ([]vacationsproj.Plan, error)
	Team(ctx context.Context, tx pgx.Tx, scope vacationsproj.Scope) ([]vacationsproj.TeamMember, error)
	Departments(ctx context.Context, tx pgx.Tx) ([]vacationsproj.Department, error)
	Away(ctx context.Context, tx pgx.Tx, employee uuid.UUID, first, last time.Time) ([]vacationsproj.Away, error)
	Schedule(ctx context.Context, tx pgx.Tx, employee uuid.UUID) ([]byte, error)
}

// API serves the vacation calls of a tenant.
type API struct {
	httpx.Gates
	Pool    *pgxpool.Pool
	Now     func() time.Time
	Reads   ReadModel         // the read model (vacationsproj.Vacations)
	Facts   vacationcmd.Facts // the employees and the holiday calendar (commands.PoolFacts)
	Request *vacationcmd.RequestHandler
	Decide  *vacationcmd.DecideHandler
	Cancel  *vacationcmd.CancelHandler
	Plan    *vacationcmd.PlanHandler
	Close   *vacationcmd.ClosePeriodHandler
}

// New builds the vacation calls on the log and the read models; chain is the approval
// chain the requests go through (nil: commands/vacation.LocalChain).
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time, chain vacationcmd.Chain) (*API, error) {
	facts := commands.PoolFacts{Pool: pool}
	h, err := vacationcmd.New(facts, store, now, chain)
	if err != nil {
		return nil, err
	}
	return &API{Pool: pool, Now: now, Reads: vacationsproj.Vacations{}, Facts: facts,
		Request: h.Request, Decide: h.Decide, Cancel: h.Cancel, Plan: h.Plan, Close: h.Close}, nil
}

// Access of the vacation routes: the menu items of the screens that call them (spec
// portal-core §6; a caller the menu would not show the screen to gets 403).
var (
	accessMyVacations  = []string{"rh_001_01", "rh_001_03"}
	accessRequest      = []string{"rh_001_02"}
	accessApprovals    = []string{"rh_004_02", "rh_005_05"}
	accessManagerMap   = []string{"rh_004_03", "rh_005_05"}
	accessPlanning     = []string{"rh_004_07", "rh_005_04"}
	accessVacationSeen = []string{"rh_001_01", "rh_001_02", "rh_001_03", "rh_004_03", "rh_005_05", "rh_004_07", "rh_005_04"}
)

// Routes registers the vacation calls (spec portal-business §2 Vacations, §5; the
// spec leaves their paths open: docs/api.md "Vacations"). Every call needs a token; tenId
// (and userHash when sent) must match it.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	v := g.Group("/rh-app/ferias", s.Authn, httpx.Caller(httpx.TenantRequired))
	v.GET("/minhas", s.vacationMine, s.AnyAccess(accessMyVacations...))
	v.GET("/historico", s.vacationHistory, s.AnyAccess(accessMyVacations...))
	v.POST("/verificar", s.vacationAsk(true), s.AnyAccess(accessRequest...))
	v.POST("/solicitar", s.vacationAsk(false), s.AnyAccess(accessRequest...))
	v.POST("/cancelar", s.vacationCancel, s.AnyAccess(accessMyVacations...))
	v.GET("/feriados", s.vacationHolidays, s.AnyAccess(accessVacationSeen...))
	v.GET("/mapa", s.vacationMap, s.AnyAccess(accessManagerMap...))
	v.GET("/departamentos", s.vacationDepartments, s.AnyAccess(accessManagerMap...))
	v.GET("/aprovacoes", s.vacationApprovals, s.AnyAccess(accessApprovals...))
	v.POST("/aprovar", s.vacationDecide(true), s.AnyAccess(accessApprovals...))
	v.POST("/reprovar", s.vacationDecide(false), s.AnyAccess(accessApprovals...))
	v.GET("/planejamento", s.vacationPlanning, s.AnyAccess(accessPlanning...))
	v.POST("/planejamento", s.vacationPlanAdd, s.AnyAccess(accessPlanning...))
	v.DELETE("/planejamento", s.vacationPlanRemove, s.AnyAccess(accessPlanning...))
	v.POST("/fechar-periodo", s.vacationClosePeriod, s.AnyAccess(accessPlanning...))
	s.routesWorkSchedule(g)
}

func actorOf(c echo.Context) commands.Actor {
	cl := httpx.Claims(c)
	return commands.Actor{UserID: cl.UserID, UserHash: cl.UserHash, EmployeeID: cl.EmployeeID, Roles: cl.Roles}
}

// vacationTx runs fn in a tenant transaction of the caller's tenant.
func (s *API) vacationTx(c echo.Context, fn func(ctx context.Context, tx pgx.Tx) error) error {
	return httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error { return fn(c.Request().Context(), tx) })
}

// ---- my vacations and history ----

// VacationPeriodJSON is an acquisition period with its balance on the day asked.
type VacationPeriodJSON struct {
	Periodo        int    `json:"periodo"` // 0 is the first year from hiring
	Inicio         string `json:"inicio"`
	Fim            string `json:"fim"`
	FimConcessivo  string `json:"fimConcessivo"`
	Direito        int    `json:"direito"`
	Pendentes      int    `json:"pendentes"`
	Agendados      int    `json:"agendados"`
	Gozados        int    `json:"gozados"`
	Abono          int    `json:"abono"`
	Saldo          int    `json:"saldo"`
	Status         string `json:"status"` // acquiring, in_concessive, expiring, overdue, scheduled, taken, closed
	Encerramento   string `json:"encerramento,omitempty"`
	DiasParaVencer int    `json:"diasParaVencer"`
}

// MyVacationsJSON answers GET ferias/minhas.
type MyVacationsJSON struct {
	M01Ukey      uuid.UUID             `json:"m01Ukey"`
	Admissao     string                `json:"admissao"`
	Saldo        int                   `json:"saldo"`
	Periodos     []VacationPeriodJSON  `json:"periodos"`
	Solicitacoes []vacationsproj.Leave `json:"solicitacoes"`
	Planejadas   []vacationsproj.Plan  `json:"planejadas"`
	Alertas      []vacationsproj.Alert `json:"alertas"`
	Permissoes   map[string]bool       `json:"permissoes"`
}

// vacationSubject reads m01Ukey and loads that employee's facts: the caller's own when
// absent; another employee's only for their manager or HR (else 404, telling nothing about
// them).
func (s *API) vacationSubject(c echo.Context) (commands.VacationSubject, error) {
	a := actorOf(c)
	id := a.EmployeeID
	if text := strings.TrimSpace(c.QueryParam("m01Ukey")); text != "" && text != a.EmployeeID.String() {
		var err error
		if id, err = uuid.Parse(text); err != nil {
			return commands.VacationSubject{}, httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyInvalid)
		}
	} else if id == uuid.Nil {
		return commands.VacationSubject{}, httpx.Error(http.StatusForbidden, "m01Ukey", domain.KeyDenied)
	}
	subject, err := s.Facts.VacationSubject(c.Request().Context(), httpx.Claims(c).Tenant, id)
	if err != nil {
		return subject, err
	}
	if id != a.EmployeeID && !vacationcmd.ManagesVacationsOf(a, subject) {
		return subject, httpx.Error(http.StatusNotFound, "m01Ukey", domain.KeyNotFound)
	}
	return subject, nil
}

func (s *API) vacationFile(c echo.Context, employee uuid.UUID) (vacationsproj.File, error) {
	var f vacationsproj.File
	err := s.vacationTx(c, func(ctx context.Context, tx pgx.Tx) (err error) {
		f, err = s.Reads.File(ctx, tx, employee, s.Now())
		return err
	})
	if errors.Is(err, vacationsproj.ErrNoEntitlement) {
		return f, httpx.Error(http.StatusNotFound, "m01Ukey", vacation.KeyNotOpened)
	}
	return f, err
}

// vacationMine answers GET ferias/minhas?tenId&m01Ukey?: periods with balance and status,
// requests, plans, alerts and which requests the access switches allow.
func (s *API) vacationMine(c echo.Context) error {
	subject, err := s.vacationSubject(c)
	if err != nil {
		return err
	}
	employee := subject.Employee
	f, err := s.vacationFile(c, employee)
	if err != nil {
		return err
	}
	today := vacation.DayOf(s.Now().UTC())
	out := MyVacationsJSON{M01Ukey: employee, Admissao: f.Hired.Format(time.DateOnly), Saldo: f.Entitlement.Balance(today),
		Solicitacoes: f.Leaves, Planejadas: f.Plans, Alertas: f.Alerts, Periodos: []VacationPeriodJSON{}}
	for _, p := range f.Entitlement.Periods(today) {
		out.Periodos = append(out.Periodos, VacationPeriodJSON{
			Periodo: p.Index, Inicio: p.Start.Format(time.DateOnly), Fim: p.End.Format(time.DateOnly),
			FimConcessivo: p.ConcessiveEnd.Format(time.DateOnly), Direito: p.Entitled, Pendentes: p.Pending,
			Agendados: p.Scheduled, Gozados: p.Taken, Abono: p.Abono, Saldo: p.Remaining, Status: string(p.Status),
			Encerramento: string(p.Closed), DiasParaVencer: int(p.ConcessiveEnd.Sub(today).Hours() / 24),
		})
	}
	out.Permissoes = map[string]bool{"solicita_ferias": subject.Switches.Vacation,
		"solicita_abono_ferias": subject.Switches.Abono, "solicita_13_ferias": subject.Switches.Advance13}
	return c.JSON(http.StatusOK, out)
}

// vacationHistory answers GET ferias/historico?tenId&m01Ukey?: every request, newest first.
func (s *API) vacationHistory(c echo.Context) error {
	subject, err := s.vacationSubject(c)
	if err != nil {
		return err
	}
	f, err := s.vacationFile(c, subject.Employee)
	if err != nil {
		return err
	}
	out := make([]vacationsproj.Leave, 0, len(f.Leaves))
	for i := len(f.Leaves) - 1; i >= 0; i-- {
		out = append(out, f.Leaves[i])
	}
	return c.JSON(http.StatusOK, map[string]any{"data": out})
}

// ---- request, check, cancel ----

// vacationBody is the body of verificar and solicitar: {inicio, dias, abono?, adiantamento13?}.
type vacationBody struct {
	Inicio         string `json:"inicio"`
	Dias           int    `json:"dias"`
	Abono          int    `json:"abono"`
	Adiantamento13 bool   `json:"adiantamento13"`
}

// parseVacationBody reads and validates the shape of a request body (the rules are the
// domain's). Malformed → 400 on the field.
func parseVacationBody(body []byte) (start time.Time, b vacationBody, err error) {
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return start, b, httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	if strings.TrimSpace(b.Inicio) == "" {
		return start, b, httpx.Error(http.StatusBadRequest, "inicio", domain.KeyRequired)
	}
	if start, err = httpx.ParseDay(b.Inicio); err != nil {
		return start, b, httpx.Error(http.StatusBadRequest, "inicio", domain.KeyBadDate)
	}
	if b.Dias < 1 || b.Dias > 366 {
		if b.Dias == 0 {
			return start, b, httpx.Error(http.StatusBadRequest, "dias", domain.KeyRequired)
		}
		return start, b, httpx.Error(http.StatusBadRequest, "dias", domain.KeyInvalid)
	}
	if b.Abono < 0 || b.Abono > 366 {
		return start, b, httpx.Error(http.StatusBadRequest, "abono", domain.KeyInvalid)
	}
	return start, b, nil
}

func (s *API) requestCommand(c echo.Context, check bool) (vacationcmd.Request, error) {
	body, err := httpx.ReadBody(c)
	if err != nil {
		return vacationcmd.Request{}, err
	}
	start, b, err := parseVacationBody(body)
	if err != nil {
		return vacationcmd.Request{}, err
	}
	id, err := httpx.CommandID(c)
	if err != nil {
		return vacationcmd.Request{}, err
	}
	return vacationcmd.Request{CommandID: id, Tenant: httpx.Claims(c).Tenant, Actor: actorOf(c), Start: start,
		Days: b.Dias, AbonoDays: b.Abono, Advance13: b.Adiantamento13, Check: check}, nil
}

// requestJSON is a request as filed or checked.
type requestJSON struct {
	ID      *uuid.UUID `json:"id,omitempty"`
	Inicio  string     `json:"inicio"`
	Fim     string     `json:"fim"`
	Dias    int        `json:"dias"`
	Periodo int        `json:"periodo"`
	Etapas  []string   `json:"etapas"`
	Status  string     `json:"status"`
}

func answerRequest(c echo.Context, r vacationcmd.Requested, withID bool) error {
	out := requestJSON{Inicio: r.Start.Format(time.DateOnly), Fim: r.End.Format(time.DateOnly), Dias: r.Days,
		Periodo: r.Period, Etapas: r.Steps, Status: "pending"}
	if withID {
		out.ID = &r.ID
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "data": out})
}

// vacationAsk answers POST ferias/verificar (check) and ferias/solicitar. The check answers
// the request as it would be filed, or the refusal the request itself would get (422 {type,
// message} with the rule's key), and writes nothing; solicitar files the request, which then
// waits for its chain.
func (s *API) vacationAsk(check bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		cmd, err := s.requestCommand(c, check)
		if err != nil {
			return err
		}
		res, err := s.Request.Handle(c.Request().Context(), cmd)
		if err != nil {
			return err
		}
		return answerRequest(c, res, !check)
	}
}

// idBody is {id, m01Ukey?, step?, comentario?}: a request or plan of an employee.
type idBody struct {
	ID         string `json:"id"`
	M01Ukey    string `json:"m01Ukey"`
	Step       *int   `json:"step"`
	Comentario string `json:"comentario"`
}

func parseIDBody(c echo.Context) (id, employee uuid.UUID, b idBody, err error) {
	if err = httpx.JSON(c, &b); err != nil {
		return id, employee, b, err
	}
	if strings.TrimSpace(b.ID) == "" {
		return id, employee, b, httpx.Error(http.StatusBadRequest, "id", domain.KeyRequired)
	}
	if id, err = uuid.Parse(strings.TrimSpace(b.ID)); err != nil {
		return id, employee, b, httpx.Error(http.StatusBadRequest, "id", domain.KeyInvalid)
	}
	if m := strings.TrimSpace(b.M01Ukey); m != "" {
		if employee, err = uuid.Parse(m); err != nil {
			return id, employee, b, httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyInvalid)
		}
	}
	if len([]rune(b.Comentario)) > 255 {
		return id, employee, b, httpx.Error(http.StatusBadRequest, "comentario", domain.KeyTooLong)
	}
	return id, employee, b, nil
}

// vacationCancel answers POST ferias/cancelar {id, m01Ukey?}.
func (s *API) vacationCancel(c echo.Context) error {
	id, employee, _, err := parseIDBody(c)
	if err != nil {
		return err
	}
	cmdID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Cancel.Handle(c.Request().Context(), vacationcmd.Cancel{CommandID: cmdID,
		Tenant: httpx.Claims(c).Tenant, Actor: actorOf(c), Employee: employee, LeaveID: id}))
}

// ---- holidays ----

// HolidayJSON is one holiday: the date, its name key (translated by the web app) or, for a
// tenant's own date, its name.
type HolidayJSON struct {
	Data  string `json:"data"`
	Chave string `json:"chave"`
	Nome  string `json:"nome,omitempty"`
}

// vacationHolidays answers GET ferias/feriados?tenId&ano: the year's holidays (national,
// movable from Easter, the tenant's own).
func (s *API) vacationHolidays(c echo.Context) error {
	year, err := yearParam(c, "ano", s.Now().Year())
	if err != nil {
		return err
	}
	_, fixed, err := s.Facts.Calendar(c.Request().Context(), httpx.Claims(c).Tenant)
	if err != nil {
		return err
	}
	own := map[string]bool{}
	for i := range fixed {
		own[fixed[i].Key] = true
	}
	out := []HolidayJSON{}
	for _, h := range vacation.Holidays(year, fixed) {
		j := HolidayJSON{Data: h.Date.Format(time.DateOnly), Chave: h.Key}
		if own[h.Key] {
			j.Chave, j.Nome = "holiday_tenant", h.Key
		}
		out = append(out, j)
	}
	return c.JSON(http.StatusOK, out)
}

func yearParam(c echo.Context, name string, def int) (int, error) {
	text := strings.TrimSpace(c.QueryParam(name))
	if text == "" {
		return def, nil
	}
	y, err := strconv.Atoi(text)
	if err != nil || y < 1900 || y > 2200 {
		return 0, httpx.Error(http.StatusBadRequest, name, domain.KeyInvalid)
	}
	return y, nil
}

// ---- map, approvals, planning ----

// vacationScope reads the scope of the map and planning: escopo=gestor (the caller's direct
// reports; the default for managers) or escopo=admin (HR only: departamento, or everyone).
func (s *API) vacationScope(c echo.Context) (vacationsproj.Scope, error) {
	a := actorOf(c)
	scope := strings.TrimSpace(c.QueryParam("escopo"))
	dept := strings.TrimSpace(c.QueryParam("departamento"))
	if scope == "" {
		scope = "gestor"
		if a.IsHR() && a.EmployeeID == uuid.Nil {
			scope = "admin"
		}
	}
	switch scope {
	case "gestor":
		if a.EmployeeID == uuid.Nil {
			return vacationsproj.Scope{}, httpx.Error(http.StatusForbidden, "escopo", domain.KeyDenied)
		}
		return vacationsproj.Scope{Manager: a.EmployeeID}, nil
	case "admin":
		if !a.IsHR() {
			return vacationsproj.Scope{}, httpx.Error(http.StatusForbidden, "escopo", domain.KeyDenied)
		}
		if dept == "" || dept == "0" {
			return vacationsproj.Scope{AllTenant: true}, nil
		}
		id, err := uuid.Parse(dept)
		if err != nil {
			return vacationsproj.Scope{}, httpx.Error(http.StatusBadRequest, "departamento", domain.KeyInvalid)
		}
		return vacationsproj.Scope{Department: id}, nil
	}
	return vacationsproj.Scope{}, httpx.Error(http.StatusBadRequest, "escopo", domain.KeyInvalid)
}

// dateRange reads inicio and fim (default: the current year), at most 2 years apart.
func (s *API) dateRange(c echo.Context) (from, to time.Time, err error) {
	y := s.Now().Year()
	from, to = vacation.Day(y, time.January, 1), vacation.Day(y, time.December, 31)
	if t := strings.TrimSpace(c.QueryParam("inicio")); t != "" {
		if from, err = httpx.ParseDay(t); err != nil {
			return from, to, httpx.Error(http.StatusBadRequest, "inicio", domain.KeyBadDate)
		}
	}
	if t := strings.TrimSpace(c.QueryParam("fim")); t != "" {
		if to, err = httpx.ParseDay(t); err != nil {
			return from, to, httpx.Error(http.StatusBadRequest, "fim", domain.KeyBadDate)
		}
	}
	if to.Before(from) || to.Sub(from) > 2*366*24*time.Hour {
		return from, to, httpx.Error(http.StatusBadRequest, "fim", domain.KeyDateRange)
	}
	return from, to, nil
}

// vacationMap answers GET ferias/mapa?tenId&tipoFerias&inicio&fim&escopo&departamento: who
// is away (or waiting, or planned) when, for the scope.
func (s *API) vacationMap(c echo.Context) error {
	kind := vacationsproj.MapAll
	if t := strings.TrimSpace(c.QueryParam("tipoFerias")); t != "" {
		k, err := strconv.Atoi(t)
		if err != nil || k < vacationsproj.MapAll || k > vacationsproj.MapPlanned {
			return httpx.Error(http.StatusBadRequest, "tipoFerias", domain.KeyInvalid)
		}
		kind = k
	}
	scope, err := s.vacationScope(c)
	if err != nil {
		return err
	}
	from, to, err := s.dateRange(c)
	if err != nil {
		return err
	}
	out := []vacationsproj.MapEntry{}
	err = s.vacationTx(c, func(ctx context.Context, tx pgx.Tx) error {
		list, err := s.Reads.Map(ctx, tx, scope, from, to, kind, s.Now())
		out = append(out, list...)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"data": out})
}

// vacationDepartments answers GET ferias/departamentos?tenId: the map's department filter.
func (s *API) vacationDepartments(c echo.Context) error {
	out := []vacationsproj.Department{}
	err := s.vacationTx(c, func(ctx context.Context, tx pgx.Tx) error {
		list, err := s.Reads.Departments(ctx, tx)
		out = append(out, list...)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// vacationApprovals answers GET ferias/aprovacoes?tenId&filterHandle=waiting|decided|all.
func (s *API) vacationApprovals(c echo.Context) error {
	filter := strings.TrimSpace(c.QueryParam("filterHandle"))
	switch filter {
	case "":
		filter = "waiting"
	case "waiting", "decided", "all":
	default:
		return httpx.Error(http.StatusBadRequest, "filterHandle", domain.KeyInvalid)
	}
	a := actorOf(c)
	out := []vacationsproj.Leave{}
	err := s.vacationTx(c, func(ctx context.Context, tx pgx.Tx) error {
		list, err := s.Reads.Approvals(ctx, tx, a.EmployeeID, a.IsHR(), a.UserID, filter, s.Now())
		out = append(out, list...)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"data": out})
}

// vacationDecide answers POST ferias/aprovar and ferias/reprovar {id, m01Ukey, step,
// comentario?}: the caller's ruling on the step they saw.
func (s *API) vacationDecide(approve bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, employee, b, err := parseIDBody(c)
		if err != nil {
			return err
		}
		if employee == uuid.Nil {
			return httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyRequired)
		}
		if b.Step == nil || *b.Step < 0 {
			return httpx.Error(http.StatusBadRequest, "step", domain.KeyRequired)
		}
		cmdID, err := httpx.CommandID(c)
		if err != nil {
			return err
		}
		res, err := s.Decide.Handle(c.Request().Context(), vacationcmd.Decide{CommandID: cmdID,
			Tenant: httpx.Claims(c).Tenant, Actor: actorOf(c), Employee: employee, LeaveID: id, Step: *b.Step,
			Approve: approve, Comment: strings.TrimSpace(b.Comentario)})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"success": true, "data": map[string]any{"status": res.Status, "etapa": res.Step}})
	}
}

// vacationPlanning answers GET ferias/planejamento?tenId&ano&escopo&departamento: the team and
// its planned periods of the year.
func (s *API) vacationPlanning(c echo.Context) error {
	year, err := yearParam(c, "ano", s.Now().Year()+1)
	if err != nil {
		return err
	}
	scope, err := s.vacationScope(c)
	if err != nil {
		return err
	}
	team, plans := []vacationsproj.TeamMember{}, []vacationsproj.Plan{}
	err = s.vacationTx(c, func(ctx context.Context, tx pgx.Tx) error {
		t, err := s.Reads.Team(ctx, tx, scope)
		if err != nil {
			return err
		}
		p, err := s.Reads.Plans(ctx, tx, scope, vacation.Day(year, 1, 1), vacation.Day(year, 12, 31))
		team, plans = append(team, t...), append(plans, p...)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ano": year, "equipe": team, "planos": plans})
}

// planBody is {m01Ukey, inicio, dias}.
type planBody struct {
	M01Ukey string `json:"m01Ukey"`
	Inicio  string `json:"inicio"`
	Dias    int    `json:"dias"`
}

// vacationPlanAdd answers POST ferias/planejamento {m01Ukey, inicio, dias} → {success, data:{id}}.
func (s *API) vacationPlanAdd(c echo.Context) error {
	var b planBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	employee, err := uuid.Parse(strings.TrimSpace(b.M01Ukey))
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyInvalid)
	}
	start, err := httpx.ParseDay(b.Inicio)
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "inicio", domain.KeyBadDate)
	}
	if b.Dias < 1 || b.Dias > 366 {
		return httpx.Error(http.StatusBadRequest, "dias", domain.KeyInvalid)
	}
	cmdID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	id, err := s.Plan.Plan(c.Request().Context(), vacationcmd.Plan{CommandID: cmdID, Tenant: httpx.Claims(c).Tenant,
		Actor: actorOf(c), Employee: employee, Start: start, Days: b.Dias})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "data": map[string]any{"id": id}})
}

// vacationPlanRemove answers DELETE ferias/planejamento?tenId&id&m01Ukey.
func (s *API) vacationPlanRemove(c echo.Context) error {
	id, err := uuid.Parse(strings.TrimSpace(c.QueryParam("id")))
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "id", domain.KeyInvalid)
	}
	employee, err := uuid.Parse(strings.TrimSpace(c.QueryParam("m01Ukey")))
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyInvalid)
	}
	cmdID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Plan.Remove(c.Request().Context(), vacationcmd.RemovePlan{CommandID: cmdID,
		Tenant: httpx.Claims(c).Tenant, Actor: actorOf(c), Employee: employee, PlanID: id}))
}

// vacationClosePeriod answers POST ferias/fechar-periodo {m01Ukey, periodo, motivo} (HR).
func (s *API) vacationClosePeriod(c echo.Context) error {
	var b struct {
		M01Ukey string `json:"m01Ukey"`
		Periodo *int   `json:"periodo"`
		Motivo  string `json:"motivo"`
	}
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	employee, err := uuid.Parse(strings.TrimSpace(b.M01Ukey))
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "m01Ukey", domain.KeyInvalid)
	}
	if b.Periodo == nil {
		return httpx.Error(http.StatusBadRequest, "periodo", domain.KeyRequired)
	}
	cmdID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Close.Handle(c.Request().Context(), vacationcmd.ClosePeriod{CommandID: cmdID,
		Tenant: httpx.Claims(c).Tenant, Actor: actorOf(c), Employee: employee, Period: *b.Periodo, Reason: vacation.Closure(b.Motivo)}))
}
