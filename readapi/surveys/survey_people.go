package surveys

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/domain"
	"portal/domain/survey"
	peopleproj "portal/projections/people"
	"portal/readapi/httpx"
)

// The lookups of HR's survey form (docs/api.md "Surveys"): the tenant's units and
// departments for an audience, people by name, and a 360's evaluators by relation. They read
// the supporting tables (users, employees) under the tenant's row-level security.

// surveyAudienceOptions answers GET pesquisas/publico: {unidades, departamentos}.
func (s *API) surveyAudienceOptions(c echo.Context) error {
	return httpx.Read(c, s.Pool, peopleproj.OrgUnits)
}

// surveyPeople answers GET pesquisas/pessoas?searchText: up to 20 active employees whose name
// contains the text.
func (s *API) surveyPeople(c echo.Context) error {
	text := strings.TrimSpace(c.QueryParam("searchText"))
	if len([]rune(text)) > survey.MaxText {
		return httpx.Error(http.StatusBadRequest, "searchText", domain.KeyTooLong)
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]peopleproj.OrgPerson, error) {
		return peopleproj.OrgPeople(ctx, tx, text)
	})
}

// surveyEvaluators answers GET pesquisas/avaliadores?avaliado=<userHash>: the people a 360
// of that person would ask, by relation (peopleproj.Evaluators).
func (s *API) surveyEvaluators(c echo.Context) error {
	hash := strings.TrimSpace(c.QueryParam("avaliado"))
	if hash == "" {
		return httpx.Error(http.StatusBadRequest, "avaliado", domain.KeyRequired)
	}
	err := httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (map[string][]peopleproj.OrgPerson, error) {
		return peopleproj.Evaluators(ctx, tx, hash)
	})
	if errors.Is(err, peopleproj.ErrUnknown) {
		return httpx.Error(http.StatusNotFound, "avaliado", domain.KeyNotFound)
	}
	return err
}
