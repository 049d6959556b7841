package clock

import (
	"context"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/commands/clock"
	"portal/domain"
	timeclock "portal/domain/clock"
	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/readapi/httpx"
)

// HR marking (issue 30; docs/api.md "HR marking"): HR records a mark for an employee who
// could not punch. The calls are HR's only: they need what the menu entry rh_005_02
// (/apps/admin-rh/marcacao, role admRH) needs.

// hrMarkMenuID is the menu entry that guards the HR marking calls.
const hrMarkMenuID = "rh_005_02"

// hrMarksShown is how many recent HR marks the screen lists; hrSearchShown how many
// employees its search finds.
const (
	hrMarksShown  = 20
	hrSearchShown = 15
)

// HRReadModel is what the HR marking calls read; clockproj.Clock implements it.
type HRReadModel interface {
	RecentHRMarks(ctx context.Context, tx pgx.Tx, limit int) ([]clockproj.RecentHRMark, error)
	SearchMarkable(ctx context.Context, tx pgx.Tx, like string, limit int) ([]clockproj.MarkableEmployee, error)
}

func (s *API) hrMarkRoutes(g *echo.Group) {
	hr := g.Group("/rh-app/marcacao-rh", s.Authn, httpx.Caller(httpx.TenantRequired), s.Access(httpx.MenuAccess(hrMarkMenuID)))
	hr.GET("", s.hrMarkList)
	hr.POST("", s.hrMarkRecord)
	hr.GET("/colaboradores", s.hrMarkSearch)
}

// HRJSON is the HR part of a mark in every list of marks: who recorded it and why.
type HRJSON struct {
	AutorID   string `json:"autorId"`
	AutorNome string `json:"autorNome"`
	Motivo    string `json:"motivo"`
	Tipo      string `json:"tipo"`
}

// HROf is the JSON of m (nil for a mark not recorded by HR).
func HROf(m *clockproj.HRMark) *HRJSON {
	if m == nil {
		return nil
	}
	return &HRJSON{AutorID: m.ActorID.String(), AutorNome: m.ActorName, Motivo: m.Reason, Tipo: m.Kind}
}

type hrMarkJSON struct {
	ID              string `json:"id"`
	ColaboradorID   string `json:"colaboradorId"`
	ColaboradorNome string `json:"colaboradorNome"`
	Time            string `json:"n09_001_t"` // the mark's local time
	HRJSON
}

// hrMarkList answers GET rh-app/marcacao-rh: the tenant's newest HR marks.
func (s *API) hrMarkList(c echo.Context) error {
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]hrMarkJSON, error) {
		out := []hrMarkJSON{}
		list, err := s.HRReads.RecentHRMarks(ctx, tx, hrMarksShown)
		for _, m := range list {
			out = append(out, hrMarkJSON{ID: m.ID.String(), ColaboradorID: m.EmployeeID.String(), ColaboradorNome: m.EmployeeName,
				Time: timeclock.LocalTime(m.At), HRJSON: *HROf(&m.HRMark)})
		}
		return out, err
	})
}

type markableJSON struct {
	ID       string `json:"id"`
	Nome     string `json:"nome"`
	Codigo   string `json:"codigo"`
	Admissao string `json:"admissao"` // YYYY-MM-DD
}

// hrMarkSearch answers GET rh-app/marcacao-rh/colaboradores?searchText: active employees
// by name or code.
func (s *API) hrMarkSearch(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("searchText"))
	if utf8.RuneCountInString(q) > timeclock.MaxText {
		return httpx.Error(http.StatusBadRequest, "searchText", domain.KeyTooLong)
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]markableJSON, error) {
		out := []markableJSON{}
		list, err := s.HRReads.SearchMarkable(ctx, tx, "%"+projections.EscapeLike(q)+"%", hrSearchShown)
		for _, e := range list {
			out = append(out, markableJSON{ID: e.ID.String(), Nome: e.Name, Codigo: e.Code, Admissao: e.HireDate})
		}
		return out, err
	})
}

type hrRecordedJSON struct {
	Success bool       `json:"success"`
	Data    hrMarkJSON `json:"data"`
}

// hrMarkRecord answers POST rh-app/marcacao-rh (Idempotency-Key): 201 with the mark once it
// is appended; the read models follow.
func (s *API) hrMarkRecord(c echo.Context) error {
	in, id, err := httpx.Command(c, timeclock.ParseHRMark)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	e, err := s.RecordByHR.Handle(c.Request().Context(), clock.RecordByHR{
		CommandID: id, Tenant: claims.Tenant, ActorID: claims.UserID, EmployeeID: uuid.MustParse(in.EmployeeID),
		At: in.At, Kind: in.Kind, Reason: in.Reason, Address: in.Address,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, hrRecordedJSON{Success: true, Data: hrMarkJSON{
		ID: e.MarkID, ColaboradorID: e.EmployeeID, Time: timeclock.LocalTime(e.RecordedAt),
		HRJSON: HRJSON{AutorID: e.ActorID, Motivo: e.Reason, Tipo: string(e.Kind)},
	}})
}
