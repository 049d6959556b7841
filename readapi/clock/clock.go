// Package clock serves the quick time clock: registering a mark, the recent marks, the
// address book and the approximate place (spec portal-core §4, §7; docs/api.md "Time clock").
package clock

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/commands"
	"portal/commands/clock"
	"portal/domain"
	timeclock "portal/domain/clock"
	"portal/eventstore"
	clockproj "portal/projections/clock"
	"portal/readapi/httpx"
)

// clockMarksShown is how many recent marks historico-ponto lists (spec portal-core §9).
const clockMarksShown = 10

// ReadModel is what the clock queries need from the read model; clockproj.Clock
// implements it. tx is a tenant transaction (db.InTenant).
type ReadModel interface {
	RecentMarks(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]clockproj.Mark, error)
	SavedAddresses(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]clockproj.Address, error)
	Fences(ctx context.Context, tx pgx.Tx, employee uuid.UUID) ([]timeclock.Fence, error)
}

// API serves the quick time-clock calls of a tenant.
type API struct {
	httpx.Gates
	Pool          *pgxpool.Pool
	Now           func() time.Time
	Reads         ReadModel                   // the read model (clockproj.Clock)
	RegisterMark  *clock.RegisterMarkHandler  // POST v2/registrar-ponto
	RemoveAddress *clock.RemoveAddressHandler // DELETE historico-endereco-ponto
	// Employees are the employees' facts RegisterMark decides on: from memory while the
	// process runs Employees.Watch, else read for each punch.
	Employees *clock.CachedEmployees
	// AskAdjustment files punch adjustments; the adjustments area serves it (POST ajuste-ponto).
	AskAdjustment *clock.AskAdjustmentHandler
	// RecordByHR records HR marks (POST marcacao-rh, hr_mark.go); HRReads are its lists.
	RecordByHR *clock.RecordByHRHandler
	HRReads    HRReadModel
}

// employeeFactsTTL bounds how long a punch may decide on cached employee facts should a
// change ever go unannounced (a change announces itself: CachedEmployees).
const employeeFactsTTL = time.Minute

// New builds the clock calls on the log and the read models; requests are the request
// commands a punch adjustment is filed through (commands/request.New).
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time, requests clock.RequestCreator) (*API, error) {
	h, err := clock.New(commands.PoolFacts{Pool: pool}, employeeFactsTTL, requests, store, now)
	if err != nil {
		return nil, err
	}
	return &API{Pool: pool, Now: now, Reads: clockproj.Clock{}, RegisterMark: h.Register, RemoveAddress: h.Remove, Employees: h.Employees,
		AskAdjustment: h.Ask, RecordByHR: h.Record, HRReads: clockproj.Clock{}}, nil
}

// Reader admits roles that may use the clock (after the caller check).
var Reader = httpx.Allowed("clock", "read")

// Routes registers the quick time-clock calls (spec portal-core §4, §7; docs/api.md
// "Time clock"). Every call needs a token, and tenId and userHash matching it.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	c := g.Group("/rh-app/colaborador", s.Authn, httpx.Caller(httpx.BothRequired), Reader)
	c.GET("/historico-endereco-ponto", s.clockAddresses)
	// Changing the clock needs what the time-clock menu entry needs (access id rh_007_001;
	// spec portal-core §6), checked by the permission rule.
	mayChange := s.Access(httpx.MenuAccess(auth.TimeClockModule))
	c.DELETE("/historico-endereco-ponto", s.clockRemoveAddress, clockMayPunch, mayChange)
	c.GET("/v2/historico-ponto", s.clockHistory)
	c.GET("/local-aproximado", s.clockApproximate)
	c.POST("/v2/registrar-ponto", s.clockRegister, clockMayPunch, mayChange)
	s.hrMarkRoutes(g)
}

// clockMayPunch admits callers allowed to change their clock. An inactive employee's token
// holds pwa-rh-inativo, which may not register; their punch still reaches the domain so that
// the answer is the spec's colaborador_inativo (spec portal-core §8) and the attempt is
// recorded. The domain decides from the employee's current status, not from the token.
func clockMayPunch(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		claims := httpx.Claims(c)
		if !auth.Allowed(claims.Roles, claims.Tenant.String(), "clock", "register") &&
			!slices.Contains(claims.Roles, auth.RoleInactive) {
			return httpx.Error(http.StatusForbidden, "userHash", domain.KeyDenied)
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

// employeeList answers the list read finds, in the caller's tenant transaction, for the
// caller's employee record; a caller without one has nothing on the clock and gets [].
func employeeList[T any](c echo.Context, pool *pgxpool.Pool, read func(ctx context.Context, tx pgx.Tx, employee uuid.UUID) ([]T, error)) error {
	employee := httpx.Claims(c).EmployeeID
	if employee == uuid.Nil {
		return c.JSON(http.StatusOK, []T{})
	}
	return httpx.Read(c, pool, func(ctx context.Context, tx pgx.Tx) ([]T, error) { return read(ctx, tx, employee) })
}

// clockAddresses answers GET historico-endereco-ponto: the saved addresses, newest first.
func (s *API) clockAddresses(c echo.Context) error {
	return employeeList(c, s.Pool, func(ctx context.Context, tx pgx.Tx, employee uuid.UUID) ([]clockAddressJSON, error) {
		out := []clockAddressJSON{}
		list, err := s.Reads.SavedAddresses(ctx, tx, employee, timeclock.MaxSavedAddresses)
		for _, a := range list {
			out = append(out, clockAddressJSON{
				UKey: a.UKey, Endereco: a.Address, Latitude: a.Lat, Longitude: a.Lon,
				Timestamp: a.SavedAt.In(timeclock.Zone).Format("2006-01-02T15:04:05Z07:00"),
			})
		}
		return out, err
	})
}

// clockRemoveAddress answers DELETE historico-endereco-ponto?ukey=.
func (s *API) clockRemoveAddress(c echo.Context) error {
	ukey := strings.TrimSpace(c.QueryParam("ukey"))
	if ukey == "" {
		return httpx.Error(http.StatusBadRequest, "ukey", domain.KeyRequired)
	}
	if utf8.RuneCountInString(ukey) > timeclock.MaxText {
		return httpx.Error(http.StatusBadRequest, "ukey", domain.KeyTooLong)
	}
	id, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	return httpx.Success(c, s.RemoveAddress.Handle(c.Request().Context(), clock.RemoveAddress{
		CommandID: id, Tenant: claims.Tenant, UserID: claims.UserID, EmployeeID: claims.EmployeeID, UKey: ukey,
	}))
}

type clockMarkJSON struct {
	Time     string  `json:"n09_001_t"` // the server's time of the mark, tenant-local
	Endereco string  `json:"endereco"`
	Ajustada bool    `json:"ajustada,omitempty"` // moved or added by an approved punch adjustment
	RH       *HRJSON `json:"rh,omitempty"`       // recorded by HR: by whom and why
}

// clockHistory answers GET v2/historico-ponto: the newest marks, newest first.
func (s *API) clockHistory(c echo.Context) error {
	return employeeList(c, s.Pool, func(ctx context.Context, tx pgx.Tx, employee uuid.UUID) ([]clockMarkJSON, error) {
		out := []clockMarkJSON{}
		list, err := s.Reads.RecentMarks(ctx, tx, employee, clockMarksShown)
		for _, m := range list {
			out = append(out, clockMarkJSON{Time: timeclock.LocalTime(m.RecordedAt), Endereco: m.Address, Ajustada: m.Adjusted, RH: HROf(m.HR)})
		}
		return out, err
	})
}

type clockPlaceJSON struct {
	Endereco  string  `json:"endereco"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Source    string  `json:"source"` // address, fence or coordinates
}

// clockApproximate answers GET local-aproximado?latitude&longitude: the saved address or
// fence within 150 m of the position, else the coordinates themselves.
func (s *API) clockApproximate(c echo.Context) error {
	var p timeclock.Position
	for _, q := range []struct {
		name string
		to   *float64
		max  float64
	}{{"latitude", &p.Lat, 90}, {"longitude", &p.Lon, 180}} {
		text := strings.TrimSpace(c.QueryParam(q.name))
		if text == "" {
			return httpx.Error(http.StatusBadRequest, q.name, domain.KeyRequired)
		}
		v, ok := timeclock.ParseDecimal(text)
		if !ok || v < -q.max || v > q.max {
			return httpx.Error(http.StatusBadRequest, q.name, domain.KeyInvalid)
		}
		*q.to = v
	}
	claims := httpx.Claims(c)
	var saved []timeclock.SavedAddress
	var fences []timeclock.Fence
	if claims.EmployeeID != uuid.Nil {
		ctx := c.Request().Context()
		err := httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
			list, err := s.Reads.SavedAddresses(ctx, tx, claims.EmployeeID, timeclock.MaxSavedAddresses)
			if err != nil {
				return err
			}
			for _, a := range list {
				saved = append(saved, timeclock.SavedAddress{UKey: a.UKey, Address: a.Address, Lat: a.Lat, Lon: a.Lon, SavedAt: a.SavedAt})
			}
			fences, err = s.Reads.Fences(ctx, tx, claims.EmployeeID)
			return err
		})
		if err != nil {
			return err
		}
	}
	place, source := timeclock.Approximate(saved, fences, p)
	return c.JSON(http.StatusOK, clockPlaceJSON{Endereco: place.Address, Latitude: place.Lat, Longitude: place.Lon, Source: source})
}

type clockRegisteredJSON struct {
	Success bool          `json:"success"`
	Data    clockMarkJSON `json:"data"`
}

// clockRegister answers POST v2/registrar-ponto. It answers once the mark is appended; the
// read model follows (the web app refreshes on the "clock.mark" push). A refusal is recorded
// and answered 422 with fora_da_area, periodo_afastamento or colaborador_inativo.
func (s *API) clockRegister(c echo.Context) error {
	payload, id, err := httpx.Command(c, timeclock.ParsePayload)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	res, err := s.RegisterMark.Handle(c.Request().Context(), clock.RegisterMark{
		CommandID: id, Tenant: claims.Tenant, UserID: claims.UserID, UserHash: claims.UserHash,
		EmployeeID: claims.EmployeeID, Payload: payload,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, clockRegisteredJSON{
		Success: true,
		Data:    clockMarkJSON{Time: timeclock.LocalTime(res.RecordedAt), Endereco: res.Address},
	})
}
