// Package adjustments serves the punch adjustments (spec portal-business §2 aprovacao-ponto
// / aprovacao-ajustes, §3 origin AjustePonto 12, §6 switches solicita_ajuste_ponto / solicita_abono_ponto; docs/api.md
// "Punch adjustments"). The employee's day and ask, the approvers' lists and decisions. The
// decisions run the request module's DecideStep: its rules (chain, designated approver,
// concurrency, undo, HR finality) apply unchanged.
package adjustments

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	clockcmd "portal/commands/clock"
	"portal/commands/request"
	"portal/domain"
	timeclock "portal/domain/clock"
	rq "portal/domain/request"
	clockproj "portal/projections/clock"
	requestsproj "portal/projections/requests"
	"portal/readapi/clock"
	"portal/readapi/httpx"
)

// ReadModel is what these calls read; projections implements it.
type ReadModel interface {
	DayMarks(ctx context.Context, tx pgx.Tx, employee uuid.UUID, day time.Time) ([]clockproj.DayMark, []clockproj.DayExcuse, error)
	List(ctx context.Context, tx pgx.Tx, s requestsproj.AdjustmentScope, filter string, kinds []timeclock.AdjustmentKind) ([]requestsproj.AdjustmentRow, error)
	OfDay(ctx context.Context, tx pgx.Tx, employee uuid.UUID, day string) ([]requestsproj.AdjustmentRow, error)
	Origin(ctx context.Context, tx pgx.Tx, request uuid.UUID) (rq.Origin, error)
}

// reads joins the two projections' queries.
type reads struct {
	clockproj.Clock
	requestsproj.Adjustments
}

// The screens' areas: which menu item guards them and whether HR's list is shown.
var adjustmentAreas = map[string]struct {
	menuID string
	hr     bool
}{
	"gestor": {"rh_004_04", false},
	"admin":  {"admin-aprovacao-ajustes", true},
}

// The lists' kinds (spec §2: aprovacao-ponto approves time-clock items, here the abonos;
// aprovacao-ajustes the mark adjustments).
var adjustmentLists = map[string][]timeclock.AdjustmentKind{
	"ponto":   {timeclock.AdjustExcuse},
	"ajustes": {timeclock.AdjustAdd, timeclock.AdjustCorrect},
}

// API serves the punch adjustments of a tenant.
type API struct {
	httpx.Gates
	Pool   *pgxpool.Pool
	Now    func() time.Time
	Reads  ReadModel                      // the read models (clockproj.Clock, requestsproj.Adjustments)
	Ask    *clockcmd.AskAdjustmentHandler // POST ajuste-ponto
	Decide *request.DecideStepHandler     // POST ajuste-ponto/decidir
}

// New builds the adjustment calls on the read models, with the clock's ask (commands/clock.New)
// and the process's request commands (commands/request.New): an adjustment is a request.
func New(pool *pgxpool.Pool, now func() time.Time, ask *clockcmd.AskAdjustmentHandler, h request.Handlers) (*API, error) {
	if ask == nil || h.Decide == nil {
		return nil, errors.New("adjustments.New: no clock or request commands")
	}
	return &API{Pool: pool, Now: now, Reads: reads{}, Ask: ask, Decide: h.Decide}, nil
}

// Routes registers the adjustment calls (docs/api.md "Punch adjustments").
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	own := g.Group("/rh-app/colaborador", s.Authn, httpx.Caller(httpx.BothRequired), clock.Reader,
		s.Access(httpx.MenuAccess("ponto-dia")))
	own.GET("/ponto-dia", s.adjustDay)
	own.POST("/ajuste-ponto", s.adjustAsk)
	ap := g.Group("/rh-app/ajuste-ponto", s.Authn, httpx.Caller(httpx.BothRequired))
	ap.GET("", s.adjustList)
	ap.POST("/decidir", s.adjustDecide)
}

// dayMarkJSON is a mark of ponto-dia.
type dayMarkJSON struct {
	ID        string        `json:"id"`
	Time      string        `json:"n09_001_t"` // local YYYY-MM-DDTHH:mm:ss
	Hora      string        `json:"hora"`      // local HH:mm
	Endereco  string        `json:"endereco"`
	Ajustada  bool          `json:"ajustada"`
	Incluida  bool          `json:"incluida"`
	Original  *string       `json:"horaOriginal"` // as punched, when moved
	Solicitac *string       `json:"ac4Ukey"`      // the adjustment in force
	RH        *clock.HRJSON `json:"rh,omitempty"` // recorded by HR: by whom and why
}

type dayExcuseJSON struct {
	Inicio  string `json:"inicio"`
	Fim     string `json:"fim"`
	Motivo  string `json:"motivo"`
	AC4Ukey string `json:"ac4Ukey"`
}

// adjustmentJSON is an adjustment request in lists.
type adjustmentJSON struct {
	AC4Ukey        string                   `json:"ac4Ukey"`
	Tipo           timeclock.AdjustmentKind `json:"tipo"`
	Data           string                   `json:"data"`
	MarcacaoID     string                   `json:"marcacaoId,omitempty"`
	Hora           string                   `json:"hora,omitempty"`
	HoraAnterior   *string                  `json:"horaAnterior"` // corrigir: the mark's time as punched
	Inicio         string                   `json:"inicio,omitempty"`
	Fim            string                   `json:"fim,omitempty"`
	Motivo         string                   `json:"motivo"`
	Colaborador    *requestsproj.Person     `json:"colaborador"`
	Status         string                   `json:"status"`
	ApprovalStatus string                   `json:"approvalStatus"`
	CurrentStep    *requestsproj.StepView   `json:"currentStep"`
	PodeDecidir    bool                     `json:"podeDecidir"`
	CreatedAt      time.Time                `json:"createdAt"`
	UpdatedAt      time.Time                `json:"updatedAt"`
}

func toAdjustmentJSON(r requestsproj.AdjustmentRow, scope requestsproj.AdjustmentScope) adjustmentJSON {
	a := r.Adjustment
	out := adjustmentJSON{
		AC4Ukey: r.Doc.AC4Ukey, Tipo: a.Kind, Data: a.Day, MarcacaoID: a.MarkID, Hora: a.Time, Inicio: a.From, Fim: a.To,
		Motivo: a.Reason, Colaborador: r.Doc.Subject, Status: r.Status, ApprovalStatus: r.Doc.ApprovalStatus,
		CurrentStep: r.Doc.CurrentStep, PodeDecidir: r.MayDecide(scope), CreatedAt: r.Doc.CreatedAt, UpdatedAt: r.Doc.UpdatedAt,
	}
	if r.MarkWas != nil {
		h := r.MarkWas.In(timeclock.Zone).Format(timeclock.HourLayout)
		out.HoraAnterior = &h
	}
	return out
}

// adjustDay answers GET rh-app/colaborador/ponto-dia?data=YYYY-MM-DD (default today): the
// day's marks as adjusted, its abonos, the caller's adjustment requests of the day and the
// caller's two switches.
func (s *API) adjustDay(c echo.Context) error {
	claims := httpx.Claims(c)
	day := strings.TrimSpace(c.QueryParam("data"))
	if day == "" {
		day = timeclock.DayOf(s.Now())
	}
	date, err := time.ParseInLocation(timeclock.DayLayout, day, timeclock.Zone)
	if err != nil || date.Format(timeclock.DayLayout) != day {
		return httpx.Error(http.StatusBadRequest, "data", domain.KeyInvalid)
	}
	perms, _ := c.Get(httpx.PermissionsKey).(auth.Permissions)
	out := struct {
		Data        string           `json:"data"`
		Marcacoes   []dayMarkJSON    `json:"marcacoes"`
		Abonos      []dayExcuseJSON  `json:"abonos"`
		Solicitacao []adjustmentJSON `json:"solicitacoes"`
		Permissoes  map[string]int   `json:"permissoes"`
	}{Data: day, Marcacoes: []dayMarkJSON{}, Abonos: []dayExcuseJSON{}, Solicitacao: []adjustmentJSON{},
		Permissoes: map[string]int{}}
	for _, k := range []timeclock.AdjustmentKind{timeclock.AdjustAdd, timeclock.AdjustExcuse} {
		out.Permissoes[k.Switch()] = perms.Switches[k.Switch()]
	}
	if claims.EmployeeID == uuid.Nil {
		return c.JSON(http.StatusOK, out)
	}
	ctx := c.Request().Context()
	scope := requestsproj.AdjustmentScope{User: claims.UserID, Roles: claims.Roles}
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		marks, excuses, err := s.Reads.DayMarks(ctx, tx, claims.EmployeeID, date)
		if err != nil {
			return err
		}
		for _, m := range marks {
			j := dayMarkJSON{ID: m.ID.String(), Time: timeclock.LocalTime(m.At), Hora: m.At.In(timeclock.Zone).Format(timeclock.HourLayout),
				Endereco: m.Address, Ajustada: m.Adjusted, Incluida: m.Added, RH: clock.HROf(m.HR)}
			if m.OriginalAt != nil {
				h := m.OriginalAt.In(timeclock.Zone).Format(timeclock.HourLayout)
				j.Original = &h
			}
			if m.RequestID != nil {
				id := m.RequestID.String()
				j.Solicitac = &id
			}
			out.Marcacoes = append(out.Marcacoes, j)
		}
		for _, x := range excuses {
			out.Abonos = append(out.Abonos, dayExcuseJSON{Inicio: x.From, Fim: x.To, Motivo: x.Reason, AC4Ukey: x.RequestID.String()})
		}
		rows, err := s.Reads.OfDay(ctx, tx, claims.EmployeeID, day)
		for _, r := range rows {
			out.Solicitacao = append(out.Solicitacao, toAdjustmentJSON(r, scope))
		}
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// adjustAsk answers POST rh-app/colaborador/ajuste-ponto: body {tipo, data, marcacaoId?,
// hora?, inicio?, fim?, motivo, titulo?} → {success, data: adjustment request}.
func (s *API) adjustAsk(c echo.Context) error {
	body, err := httpx.ReadBody(c)
	if err != nil {
		return err
	}
	a, err := timeclock.ParseAdjustment(body)
	if err != nil {
		return err
	}
	var extra struct {
		Titulo string `json:"titulo"`
	}
	_ = json.Unmarshal(body, &extra) // a wrong type leaves the default title
	commandID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	perms, _ := c.Get(httpx.PermissionsKey).(auth.Permissions)
	caller := httpx.RequestCaller(c)
	r, err := s.Ask.Handle(c.Request().Context(), clockcmd.AskAdjustment{
		CommandID: commandID, Caller: caller, Switches: perms.Switches, Adjustment: a, Title: strings.TrimSpace(extra.Titulo),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "data": map[string]any{
		"ac4Ukey": r.ID, "status": r.Status, "approvalStatus": r.ApprovalStatus(),
	}})
}

// adjustList answers GET rh-app/ajuste-ponto?area=gestor|admin&lista=ponto|ajustes&filterHandle=
// waiting|approved|rejected|all (default waiting).
func (s *API) adjustList(c echo.Context) error {
	area, ok := adjustmentAreas[c.QueryParam("area")]
	if !ok {
		return httpx.Error(http.StatusBadRequest, "area", domain.KeyInvalid)
	}
	kinds, ok := adjustmentLists[c.QueryParam("lista")]
	if !ok {
		return httpx.Error(http.StatusBadRequest, "lista", domain.KeyInvalid)
	}
	filter := c.QueryParam("filterHandle")
	if filter == "" {
		filter = "waiting"
	}
	if !slices.Contains([]string{"waiting", "approved", "rejected", "all"}, filter) {
		return httpx.Error(http.StatusBadRequest, "filterHandle", domain.KeyInvalid)
	}
	p, err := s.Permissions(c)
	if err != nil {
		return err
	}
	if !auth.Visible(httpx.MenuAccess(area.menuID), p) {
		return httpx.Error(http.StatusForbidden, "request", domain.KeyDenied)
	}
	claims := httpx.Claims(c)
	scope := requestsproj.AdjustmentScope{User: claims.UserID, Roles: claims.Roles, HR: area.hr}
	out := []adjustmentJSON{}
	ctx := c.Request().Context()
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		rows, err := s.Reads.List(ctx, tx, scope, filter, kinds)
		for _, r := range rows {
			out = append(out, toAdjustmentJSON(r, scope))
		}
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// adjustDecide answers POST rh-app/ajuste-ponto/decidir: body {requestId, step, acao:
// approve|reject|undo, comentario?} → {success, data: {ac4Ukey, status, approvalStatus}}.
func (s *API) adjustDecide(c echo.Context) error {
	var in struct {
		RequestID  string `json:"requestId"`
		Step       *int   `json:"step"`
		Acao       string `json:"acao"`
		Comentario string `json:"comentario"`
	}
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	id, err := uuid.Parse(in.RequestID)
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "requestId", domain.KeyInvalid)
	}
	if in.Step == nil {
		return httpx.Error(http.StatusBadRequest, "step", domain.KeyRequired)
	}
	action := request.Decision(in.Acao)
	if !slices.Contains([]request.Decision{request.Approve, request.Reject, request.Undo}, action) {
		return httpx.Error(http.StatusBadRequest, "acao", domain.KeyInvalid)
	}
	commandID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	// Only adjustment requests are decided here (the generic calls decide the others).
	origin, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (rq.Origin, error) {
		return s.Reads.Origin(ctx, tx, id)
	})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && origin != rq.AjustePonto) {
		return &domain.Error{Kind: domain.NotFound, Field: "requestId", Key: rq.KeyNotFound}
	}
	if err != nil {
		return err
	}
	r, err := s.Decide.Handle(ctx, request.DecideStep{
		CommandID: commandID, Caller: httpx.RequestCaller(c), ID: id, Action: action, Step: *in.Step, Comment: strings.TrimSpace(in.Comentario),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "data": map[string]any{
		"ac4Ukey": r.ID, "status": r.Status, "approvalStatus": r.ApprovalStatus(),
	}})
}
