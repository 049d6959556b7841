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

// lookupPageSize is the page of every request lookup (as itemSearch).
const lookupPageSize = 10

// lookupRoutes registers the new-request dialog's lookups (spec portal-business §7; docs/api.md
// "Request lookups"). The spec names unidadesNegocio, departamentos, cargos and funcoes and
// UnitOfMeasurement; CRD1Search and CRD2Search sit under the request area.
func (s *API) lookupRoutes(c, est *echo.Group, requester echo.MiddlewareFunc) {
	c.GET("/request/CRD1Search", s.lookup(requestsproj.LookupCostCentre), requester)
	c.GET("/request/CRD2Search", s.lookup(requestsproj.LookupResultCentre), requester)
	c.GET("/unidadesNegocio", s.lookup(requestsproj.LookupBusinessUnit), requester)
	c.GET("/departamentos", s.lookup(requestsproj.LookupDepartment), requester)
	c.GET("/cargos", s.lookup(requestsproj.LookupPosition), requester)
	c.GET("/funcoes", s.lookup(requestsproj.LookupFunction), requester)
	est.GET("/UnitOfMeasurement", s.lookup(requestsproj.LookupUnit), requester)
}

// lookup answers one lookup: searchQuery (or the spec's searchText) and page (from 1, 10 a
// page) give [{id, code?, description}] of the caller's tenant. ac4Ukey and d04Ukey are
// accepted as the spec sends them but, being uuids, are checked and do not narrow the list.
func (s *API) lookup(kind requestsproj.LookupKind) echo.HandlerFunc {
	return func(c echo.Context) error {
		page, err := httpx.QueryInt(c, "page", 1, 1, 100000)
		if err != nil {
			return err
		}
		for _, k := range []string{"ac4Ukey", "d04Ukey"} {
			if _, err := httpx.QueryUUID(c, k, false); err != nil {
				return err
			}
		}
		text := strings.TrimSpace(c.QueryParam("searchQuery"))
		if text == "" {
			text = strings.TrimSpace(c.QueryParam("searchText"))
		}
		if len([]rune(text)) > rq.MaxText {
			return httpx.Error(http.StatusBadRequest, "searchQuery", domain.KeyTooLong)
		}
		return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]requestsproj.Lookup, error) {
			return requestsproj.SearchLookups(ctx, tx, kind, text, page, lookupPageSize)
		})
	}
}
