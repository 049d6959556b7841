// Package fence serves the virtual fences (docs/api.md "Fences"): HR's editor on
// /apps/admin-rh/cerca (list, create, edit, remove, assign) and the employee's own fences on
// /apps/rh/cerca. HR's calls need the fence/admin permission (auth/policy.csv) and the menu
// entry rh_005_03; the employee's list needs a signed-in employee.
package fence

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	fencecmd "portal/commands/fence"
	"portal/domain"
	"portal/domain/clock"
	"portal/domain/fence"
	fenceproj "portal/projections/fence"
	"portal/readapi/httpx"
)

// DefaultTiles is the map tiles' URL template when the server sets none (MAP_TILE_URL).
const DefaultTiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

// menuFenceAdmin is HR's fence editor (auth/menu.json).
const menuFenceAdmin = "rh_005_03"

const (
	maxSearch  = 100
	maxTargets = 50 // employees a picker search answers
)

// API serves the fence calls of a tenant.
type API struct {
	Pool     *pgxpool.Pool
	Commands *fencecmd.Handler
	// Tiles is the URL template of the map tiles the web app draws under the fences
	// (Leaflet's {z}/{x}/{y}); empty: the maps draw no tiles.
	Tiles string
}

// NewDefault builds the fence calls with their commands on pool and the fences projection;
// tiles is the map tiles' URL template.
func NewDefault(pool *pgxpool.Pool, now func() time.Time, tiles string) (*API, error) {
	h, err := fencecmd.New(pool, fenceproj.Fences{}, now)
	if err != nil {
		return nil, err
	}
	return &API{Pool: pool, Commands: h, Tiles: tiles}, nil
}

// Routes registers the fence calls (docs/api.md "Fences").
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	caller := httpx.Caller(httpx.TenantRequired)
	g.GET("/rh-app/cerca/minhas", s.mine, gates.Authn, caller)
	adm := g.Group("/rh-app/cerca/adm", gates.Authn, caller, httpx.Allowed("fence", "admin"), gates.AnyAccess(menuFenceAdmin))
	adm.GET("", s.list)
	adm.GET("/alvos", s.targets)
	adm.POST("", s.create)
	adm.PUT("/:id", s.edit)
	adm.DELETE("/:id", s.remove)
	adm.PUT("/:id/atribuicao", s.assign)
}

// mine answers GET cerca/minhas?tenId: {tileUrl, fences: [{name, lat, lon, radius}]}, the
// caller's effective fences.
func (s *API) mine(c echo.Context) error {
	claims := httpx.Claims(c)
	fences := []fenceproj.Mine{}
	if claims.EmployeeID != uuid.Nil {
		var err error
		fences, err = httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]fenceproj.Mine, error) {
			return fenceproj.Fences{}.Mine(ctx, tx, claims.EmployeeID, int(clock.RedRadius))
		})
		if err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, map[string]any{"tileUrl": s.Tiles, "fences": fences})
}

// list answers GET cerca/adm?tenId: {tileUrl, fences: [Item]}.
func (s *API) list(c echo.Context) error {
	items, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]fenceproj.Item, error) {
		return fenceproj.Fences{}.List(ctx, tx)
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"tileUrl": s.Tiles, "fences": items})
}

// targets answers GET cerca/adm/alvos?tenId&searchText: {employees, departments}.
func (s *API) targets(c echo.Context) error {
	search := strings.TrimSpace(c.QueryParam("searchText"))
	if len([]rune(search)) > maxSearch {
		return httpx.Error(http.StatusBadRequest, "searchText", domain.KeyTooLong)
	}
	search = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(search)
	type answer struct {
		Employees   []fenceproj.Target `json:"employees"`
		Departments []fenceproj.Target `json:"departments"`
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (answer, error) {
		e, d, err := fenceproj.Fences{}.Targets(ctx, tx, search, maxTargets)
		return answer{e, d}, err
	})
}

// shapeBody is the body of create and edit: {name, lat, lon, radius}.
type shapeBody struct {
	Name   *string  `json:"name"`
	Lat    *float64 `json:"lat"`
	Lon    *float64 `json:"lon"`
	Radius *float64 `json:"radius"`
}

// parseShape reads {name, lat, lon, radius}: a missing field is campo_obrigatorio on it, a
// radius that is not a whole number of metres raio_fora_intervalo; the ranges are the
// domain's (fence.Shape.Validate).
func parseShape(body []byte) (fence.Shape, error) {
	var b shapeBody
	if json.Unmarshal(body, &b) != nil {
		return fence.Shape{}, httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	for _, f := range []struct {
		name    string
		missing bool
	}{{"name", b.Name == nil}, {"lat", b.Lat == nil}, {"lon", b.Lon == nil}, {"radius", b.Radius == nil}} {
		if f.missing {
			return fence.Shape{}, httpx.Error(http.StatusBadRequest, f.name, domain.KeyRequired)
		}
	}
	r := *b.Radius
	if r != math.Trunc(r) || r < fence.MinRadius || r > fence.MaxRadius {
		return fence.Shape{}, httpx.Error(http.StatusBadRequest, "radius", fence.KeyRadiusRange)
	}
	s, err := fence.Shape{Name: *b.Name, Lat: *b.Lat, Lon: *b.Lon, Radius: int(r)}.Validate()
	return s, err
}

func (s *API) caller(c echo.Context, id string) fencecmd.Caller {
	cl := httpx.Claims(c)
	return fencecmd.Caller{Tenant: cl.Tenant, UserID: cl.UserID, CommandID: id}
}

// fenceID reads the :id path parameter.
func fenceID(c echo.Context) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return uuid.Nil, httpx.Error(http.StatusNotFound, "fenceId", domain.KeyNotFound)
	}
	return id, nil
}

// answer is a fence as a command answers it.
func answer(c echo.Context, f fence.Fence) error {
	return c.JSON(http.StatusOK, map[string]any{"id": f.ID, "name": f.Shape.Name, "lat": f.Shape.Lat, "lon": f.Shape.Lon,
		"radius": f.Shape.Radius, "employees": nonNil(f.Employees), "departments": nonNil(f.Departments)})
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// create answers POST cerca/adm?tenId with {name, lat, lon, radius}: the new fence.
func (s *API) create(c echo.Context) error {
	shape, id, err := httpx.Command(c, parseShape)
	if err != nil {
		return err
	}
	f, err := s.Commands.Create(c.Request().Context(), fencecmd.Create{Caller: s.caller(c, id), Shape: shape})
	if err != nil {
		return err
	}
	return answer(c, f)
}

// edit answers PUT cerca/adm/:id?tenId with {name, lat, lon, radius}: the fence.
func (s *API) edit(c echo.Context) error {
	fid, err := fenceID(c)
	if err != nil {
		return err
	}
	shape, id, err := httpx.Command(c, parseShape)
	if err != nil {
		return err
	}
	f, err := s.Commands.Edit(c.Request().Context(), fencecmd.Edit{Caller: s.caller(c, id), FenceID: fid, Shape: shape})
	if err != nil {
		return err
	}
	return answer(c, f)
}

// remove answers DELETE cerca/adm/:id?tenId: {success:true}.
func (s *API) remove(c echo.Context) error {
	fid, err := fenceID(c)
	if err != nil {
		return err
	}
	id, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Commands.Remove(c.Request().Context(), fencecmd.Remove{Caller: s.caller(c, id), FenceID: fid}))
}

// assignBody is the body of assign: {employees: [id], departments: [id]}.
type assignBody struct {
	Employees   []string `json:"employees"`
	Departments []string `json:"departments"`
}

type assignment struct{ employees, departments []uuid.UUID }

func parseAssign(body []byte) (assignment, error) {
	var b assignBody
	if json.Unmarshal(body, &b) != nil {
		return assignment{}, httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	var a assignment
	for _, l := range []struct {
		field string
		in    []string
		out   *[]uuid.UUID
	}{{"employees", b.Employees, &a.employees}, {"departments", b.Departments, &a.departments}} {
		if len(l.in) > fence.MaxTargets {
			return a, httpx.Error(http.StatusBadRequest, l.field, domain.KeyTooLong)
		}
		for _, s := range l.in {
			id, err := uuid.Parse(s)
			if err != nil {
				return a, httpx.Error(http.StatusBadRequest, l.field, domain.KeyInvalid)
			}
			*l.out = append(*l.out, id)
		}
	}
	return a, nil
}

// assign answers PUT cerca/adm/:id/atribuicao?tenId with {employees, departments}: the fence.
func (s *API) assign(c echo.Context) error {
	fid, err := fenceID(c)
	if err != nil {
		return err
	}
	a, id, err := httpx.Command(c, parseAssign)
	if err != nil {
		return err
	}
	f, err := s.Commands.Assign(c.Request().Context(), fencecmd.Assign{Caller: s.caller(c, id), FenceID: fid,
		Employees: a.employees, Departments: a.departments})
	if err != nil {
		return err
	}
	return answer(c, f)
}
