package requests

import (
	"context"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/domain"
	rq "portal/domain/request"
	requestsproj "portal/projections/requests"
	"portal/readapi/httpx"
)

// planRoutes registers the request's side lists (spec portal-business §7: "GET others",
// "GET /api/cac-app/pedidocompra/parcelas and GET /api/cac-app/crd, each with tenId, origem,
// origemId"; docs/api.md "Request lookups"). tenId is checked against the token by the
// group's httpx.Caller, as on every request call.
func (s *API) planRoutes(c *echo.Group, requester echo.MiddlewareFunc) {
	c.GET("/request/others", s.requestOthers, requester)
	c.GET("/pedidocompra/parcelas", s.requestPlan(func(d *requestsproj.Doc) any { return d.Parcelas }), requester)
	c.GET("/crd", s.requestPlan(func(d *requestsproj.Doc) any { return d.Rateio }), requester)
}

// requestOthers answers GET request/others?tenId&id: the same subject's other open requests.
func (s *API) requestOthers(c echo.Context) error {
	id, err := httpx.QueryUUID(c, "id", true)
	if err != nil {
		return err
	}
	var out []requestsproj.Other
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		r, _, err := s.loadVisible(c, tx, "id", id)
		if err != nil {
			return err
		}
		out, err = requestsproj.Others(c.Request().Context(), tx, s.viewer(c), r.Subject.EmployeeID, id)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// requestPlan answers one list of the request origemId of origin origem that the caller may
// see: a request of another origin is not found, as one of another tenant is.
func (s *API) requestPlan(list func(*requestsproj.Doc) any) echo.HandlerFunc {
	return func(c echo.Context) error {
		if strings.TrimSpace(c.QueryParam("origem")) == "" {
			return httpx.Error(http.StatusBadRequest, "origem", domain.KeyRequired)
		}
		origin, err := httpx.QueryInt(c, "origem", 0, 1, 1000)
		if err != nil {
			return err
		}
		if _, ok := rq.Lookup(rq.Origin(origin)); !ok {
			return httpx.Error(http.StatusBadRequest, "origem", rq.KeyTypeInvalid)
		}
		id, err := httpx.QueryUUID(c, "origemId", true)
		if err != nil {
			return err
		}
		return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (any, error) {
			r, doc, err := s.loadVisible(c, tx, "origemId", id)
			if err != nil {
				return nil, err
			}
			if r.Origin != rq.Origin(origin) {
				return nil, httpx.Error(http.StatusNotFound, "origemId", rq.KeyNotFound)
			}
			return list(doc), nil
		})
	}
}
