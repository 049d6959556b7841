package surveys

import (
	"errors"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/domain/survey"
	"portal/platform/db"
	"portal/readapi/httpx"
)

// The lookups of HR's survey form (docs/api.md "Surveys"): the tenant's units and
// departments for an audience, people by name, and a 360's evaluators by relation. They read
// the supporting tables (users, employees) under the tenant's row-level security.

type surveyOption struct {
	ID   string `json:"id"`
	Name string `json:"nome"`
}

type surveyPerson struct {
	UserHash   string `json:"userHash"`
	Name       string `json:"nome"`
	Department string `json:"departamento"`
}

// surveyAudienceOptions answers GET pesquisas/publico: {unidades, departamentos}.
func (s *API) surveyAudienceOptions(c echo.Context) error {
	claims := httpx.Claims(c)
	ctx := c.Request().Context()
	out := map[string][]surveyOption{"unidades": {}, "departamentos": {}}
	err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
		for key, table := range map[string]string{"unidades": "business_units", "departamentos": "departments"} {
			rows, err := tx.Query(ctx, `SELECT id::text, name FROM `+table+` WHERE tenant_id = app_tenant() ORDER BY name`)
			if err != nil {
				return err
			}
			list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[surveyOption])
			if err != nil {
				return err
			}
			out[key] = append(out[key], list...)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

const personSQL = `SELECT u.hash, u.display_name, coalesce(d.name, '')
FROM users u JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE u.tenant_id = app_tenant() AND u.active AND e.status <> 'inactive'`

// surveyPeople answers GET pesquisas/pessoas?searchText: up to 20 active employees whose name
// contains the text.
func (s *API) surveyPeople(c echo.Context) error {
	text := strings.TrimSpace(c.QueryParam("searchText"))
	if len([]rune(text)) > survey.MaxText {
		return httpx.Error(http.StatusBadRequest, "searchText", survey.KeyTooLong)
	}
	claims := httpx.Claims(c)
	ctx := c.Request().Context()
	out := []surveyPerson{}
	err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, personSQL+` AND ($1 = '' OR u.display_name ILIKE '%' || $1 || '%') ORDER BY u.display_name LIMIT 20`, escapeLikeText(text))
		if err != nil {
			return err
		}
		list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[surveyPerson])
		out = append(out, list...)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// surveyEvaluators answers GET pesquisas/avaliadores?avaliado=<userHash>: the people a 360
// of that person would ask, by relation (issue 6: self, manager, peers — same manager —
// and reports).
func (s *API) surveyEvaluators(c echo.Context) error {
	hash := strings.TrimSpace(c.QueryParam("avaliado"))
	if hash == "" {
		return httpx.Error(http.StatusBadRequest, "avaliado", survey.KeyRequired)
	}
	claims := httpx.Claims(c)
	ctx := c.Request().Context()
	out := map[string][]surveyPerson{}
	err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
		var emp, manager *string
		err := tx.QueryRow(ctx, `SELECT e.id::text, e.manager_id::text FROM users u JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
WHERE u.tenant_id = app_tenant() AND u.hash = $1`, hash).Scan(&emp, &manager)
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.Error(http.StatusNotFound, "avaliado", survey.KeyNotFound)
		}
		if err != nil {
			return err
		}
		groups := map[survey.Relation]struct {
			cond string
			args []any
		}{
			survey.RelationSelf:    {` AND e.id::text = $1`, []any{emp}},
			survey.RelationManager: {` AND e.id::text = $1`, []any{manager}},
			survey.RelationPeer:    {` AND e.manager_id::text = $1 AND e.id::text <> $2`, []any{manager, emp}},
			survey.RelationReport:  {` AND e.manager_id::text = $1`, []any{emp}},
		}
		for rel, g := range groups {
			rows, err := tx.Query(ctx, personSQL+g.cond+` ORDER BY u.display_name LIMIT 50`, g.args...)
			if err != nil {
				return err
			}
			list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[surveyPerson])
			if err != nil {
				return err
			}
			out[string(rel)] = append([]surveyPerson{}, list...)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

func escapeLikeText(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
