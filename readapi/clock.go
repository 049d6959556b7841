package readapi

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/commands"
	"portal/domain/clock"
	"portal/platform/db"
	"portal/projections"
)

// clockMarksShown is how many recent marks historico-ponto lists (spec portal-core §9).
const clockMarksShown = 10

// ClockReadModel is what the clock queries need from the read model; projections.Clock
// implements it. tx is a tenant transaction (db.InTenant).
type ClockReadModel interface {
	RecentMarks(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]projections.ClockMark, error)
	SavedAddresses(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]projections.ClockAddress, error)
}

// routesClock registers the quick time-clock calls (spec portal-core §4, §7; docs/api.md
// "Time clock"). Every call needs a token, and tenId and userHash matching it.
func (s *Server) routesClock(g *echo.Group) {
	_ = s.InitClock() // without Pool or Store the command calls answer 500; InitClock reports why
	c := g.Group("/rh-app/colaborador", s.requireAuth, fullCaller, clockReader)
	c.GET("/historico-endereco-ponto", s.clockAddresses)
	// Changing the clock needs what the time-clock menu entry needs (access id rh_007_001;
	// spec portal-core §6), checked by the permission rule (permission_middleware.go).
	mayChange := s.requireAccess(menuAccess(auth.TimeClockModule))
	c.DELETE("/historico-endereco-ponto", s.clockRemoveAddress, clockMayPunch, mayChange)
	c.GET("/v2/historico-ponto", s.clockHistory)
	c.GET("/local-aproximado", s.clockApproximate)
	c.POST("/v2/registrar-ponto", s.clockRegister, clockMayPunch, mayChange)
}

// InitClock builds the clock's nil fields from Pool, Store and Now and tells what is missing.
// Handler calls it; the wiring may call it first to fail at start-up instead.
func (s *Server) InitClock() error {
	if s.Now == nil {
		s.Now = time.Now
	}
	if s.ClockReads == nil {
		s.ClockReads = projections.Clock{}
	}
	var errs []error
	if s.RegisterMark == nil {
		h, err := commands.NewRegisterMarkHandler(s.Pool, s.Store, s.Now)
		s.RegisterMark, errs = h, append(errs, err)
	}
	if s.RemoveAddress == nil {
		h, err := commands.NewRemoveAddressHandler(s.Store, s.Now)
		s.RemoveAddress, errs = h, append(errs, err)
	}
	return errors.Join(errs...)
}

// clockReader admits roles that may use the clock (after fullCaller).
func clockReader(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		claims := claimsOf(c)
		if !auth.Allowed(claims.Roles, claims.Tenant.String(), "clock", "read") {
			return apiError(http.StatusForbidden, "userHash", "acesso_negado")
		}
		return next(c)
	}
}

// clockMayPunch admits callers allowed to change their clock. An inactive employee's token
// holds pwa-rh-inativo, which may not register; their punch still reaches the domain so that
// the answer is the spec's colaborador_inativo (spec portal-core §8) and the attempt is
// recorded. The domain decides from the employee's current status, not from the token.
func clockMayPunch(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		claims := claimsOf(c)
		if !auth.Allowed(claims.Roles, claims.Tenant.String(), "clock", "register") &&
			!slices.Contains(claims.Roles, auth.RoleInactive) {
			return apiError(http.StatusForbidden, "userHash", "acesso_negado")
		}
		return next(c)
	}
}

type clockAddressJSON struct {
	UKey      string  `json:"ukey"`
	Endereco  string  `json:"endereco"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Timestamp string  `json:"timestamp"` // RFC 3339 in the tenant's zone
}

// clockAddresses answers GET historico-endereco-ponto: the saved addresses, newest first.
func (s *Server) clockAddresses(c echo.Context) error {
	claims := claimsOf(c)
	out := []clockAddressJSON{}
	if claims.EmployeeID == uuid.Nil {
		return c.JSON(http.StatusOK, out)
	}
	ctx := c.Request().Context()
	err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
		list, err := s.ClockReads.SavedAddresses(ctx, tx, claims.EmployeeID, clock.MaxSavedAddresses)
		for _, a := range list {
			out = append(out, clockAddressJSON{
				UKey: a.UKey, Endereco: a.Address, Latitude: a.Lat, Longitude: a.Lon,
				Timestamp: a.SavedAt.In(clock.Zone).Format("2006-01-02T15:04:05Z07:00"),
			})
		}
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// clockRemoveAddress answers DELETE historico-endereco-ponto?ukey=.
func (s *Server) clockRemoveAddress(c echo.Context) error {
	ukey := strings.TrimSpace(c.QueryParam("ukey"))
	if ukey == "" {
		return apiError(http.StatusBadRequest, "ukey", clock.KeyRequired)
	}
	if utf8.RuneCountInString(ukey) > clock.MaxText {
		return apiError(http.StatusBadRequest, "ukey", clock.KeyTooLong)
	}
	if s.RemoveAddress == nil {
		return errors.New("clock: no RemoveAddress handler")
	}
	id, err := commandIDOf(c)
	if err != nil {
		return err
	}
	claims := claimsOf(c)
	err = s.RemoveAddress.Handle(c.Request().Context(), commands.RemoveAddress{
		CommandID: id, Tenant: claims.Tenant, UserID: claims.UserID, EmployeeID: claims.EmployeeID, UKey: ukey,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"success": true})
}

type clockMarkJSON struct {
	Time     string `json:"n09_001_t"` // the server's time of the mark, tenant-local
	Endereco string `json:"endereco"`
	Ajustada bool   `json:"ajustada,omitempty"` // moved or added by an approved punch adjustment
}

// clockHistory answers GET v2/historico-ponto: the newest marks, newest first.
func (s *Server) clockHistory(c echo.Context) error {
	claims := claimsOf(c)
	out := []clockMarkJSON{}
	if claims.EmployeeID == uuid.Nil {
		return c.JSON(http.StatusOK, out)
	}
	ctx := c.Request().Context()
	err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
		list, err := s.ClockReads.RecentMarks(ctx, tx, claims.EmployeeID, clockMarksShown)
		for _, m := range list {
			out = append(out, clockMarkJSON{Time: clock.LocalTime(m.RecordedAt), Endereco: m.Address, Ajustada: m.Adjusted})
		}
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

type clockPlaceJSON struct {
	Endereco  string  `json:"endereco"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Source    string  `json:"source"` // address, fence or coordinates
}

// clockApproximate answers GET local-aproximado?latitude&longitude: the saved address or
// fence within 150 m of the position, else the coordinates themselves.
func (s *Server) clockApproximate(c echo.Context) error {
	var p clock.Position
	for _, q := range []struct {
		name string
		to   *float64
		max  float64
	}{{"latitude", &p.Lat, 90}, {"longitude", &p.Lon, 180}} {
		text := strings.TrimSpace(c.QueryParam(q.name))
		if text == "" {
			return apiError(http.StatusBadRequest, q.name, clock.KeyRequired)
		}
		v, ok := clock.ParseDecimal(text)
		if !ok || v < -q.max || v > q.max {
			return apiError(http.StatusBadRequest, q.name, clock.KeyInvalid)
		}
		*q.to = v
	}
	claims := claimsOf(c)
	var saved []clock.SavedAddress
	var fences []clock.Fence
	if claims.EmployeeID != uuid.Nil {
		ctx := c.Request().Context()
		err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
			list, err := s.ClockReads.SavedAddresses(ctx, tx, claims.EmployeeID, clock.MaxSavedAddresses)
			if err != nil {
				return err
			}
			for _, a := range list {
				saved = append(saved, clock.SavedAddress{UKey: a.UKey, Address: a.Address, Lat: a.Lat, Lon: a.Lon, SavedAt: a.SavedAt})
			}
			rows, err := tx.Query(ctx, `SELECT description, lat, lon FROM fences WHERE employee_id = $1 ORDER BY description, id`, claims.EmployeeID)
			if err != nil {
				return err
			}
			fences, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (clock.Fence, error) {
				var f clock.Fence
				return f, r.Scan(&f.Desc, &f.Lat, &f.Lon)
			})
			return err
		})
		if err != nil {
			return err
		}
	}
	place, source := clock.Approximate(saved, fences, p)
	return c.JSON(http.StatusOK, clockPlaceJSON{Endereco: place.Address, Latitude: place.Lat, Longitude: place.Lon, Source: source})
}

type clockRegisteredJSON struct {
	Success bool          `json:"success"`
	Data    clockMarkJSON `json:"data"`
}

// clockRegister answers POST v2/registrar-ponto. It answers once the mark is appended; the
// read model follows (the web app refreshes on the "clock.mark" push). A refusal is recorded
// and answered 422 with fora_da_area, periodo_afastamento or colaborador_inativo.
func (s *Server) clockRegister(c echo.Context) error {
	if s.RegisterMark == nil {
		return errors.New("clock: no RegisterMark handler")
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	payload, err := clock.ParsePayload(body)
	if err != nil {
		return err
	}
	id, err := commandIDOf(c)
	if err != nil {
		return err
	}
	claims := claimsOf(c)
	res, err := s.RegisterMark.Handle(c.Request().Context(), commands.RegisterMark{
		CommandID: id, Tenant: claims.Tenant, UserID: claims.UserID, UserHash: claims.UserHash,
		EmployeeID: claims.EmployeeID, Payload: payload,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clockRegisteredJSON{
		Success: true,
		Data:    clockMarkJSON{Time: clock.LocalTime(res.RecordedAt), Endereco: res.Address},
	})
}
