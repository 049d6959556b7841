package surveys

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	surveycmd "portal/commands/survey"
	"portal/domain"
	"portal/domain/survey"
	peopleproj "portal/projections/people"
	surveysproj "portal/projections/surveys"
	"portal/readapi/httpx"
)

// PDIReadModel is what the PDI queries need; surveysproj.Surveys implements it.
type PDIReadModel interface {
	PDI(ctx context.Context, tx pgx.Tx, user uuid.UUID) ([]surveysproj.PDIAction, error)
}

// routesPDI registers the development-plan calls (spec §2 /apps/eval360/pdi; docs/api.md
// "PDI"), which need what the 360 results menu entry needs (purchased pwa-aval-360).
func (s *API) routesPDI(a *echo.Group) {
	need := s.Access(httpx.MenuAccess("tools_008"))
	a.GET("/pdi", s.pdiList, need)
	a.POST("/pdi", s.pdiAdd, need)
	a.POST("/pdi/concluir", s.pdiComplete, need)
}

// pdiList answers GET pdi: the caller's plan, or (HR) the plan of the user named by colaborador
// (a userHash of the tenant).
func (s *API) pdiList(c echo.Context) error {
	claims := httpx.Claims(c)
	hash := strings.TrimSpace(c.QueryParam("colaborador"))
	other := hash != "" && hash != claims.UserHash
	if other && !survey.MayManage(claims.Roles) {
		return httpx.Error(http.StatusForbidden, "colaborador", domain.KeyDenied)
	}
	err := httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]surveysproj.PDIAction, error) {
		owner := claims.UserID
		if other {
			var err error
			if owner, err = peopleproj.UserOf(ctx, tx, hash); err != nil {
				return nil, err
			}
		}
		list, err := s.PDI.PDI(ctx, tx, owner)
		return append([]surveysproj.PDIAction{}, list...), err
	})
	if errors.Is(err, peopleproj.ErrUnknown) {
		return httpx.Error(http.StatusNotFound, "colaborador", domain.KeyNotFound)
	}
	return err
}

// pdiAdd answers POST pdi {titulo, prazo, oa8Ukey?, userHash?}: {success, id}.
func (s *API) pdiAdd(c echo.Context) error {
	draft, cmdID, err := httpx.Command(c, survey.ParseAction)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	id, err := s.AddAction.Handle(c.Request().Context(), surveycmd.AddPDIAction{CommandID: cmdID, Tenant: claims.Tenant,
		UserID: claims.UserID, UserHash: claims.UserHash, Roles: claims.Roles, Draft: draft})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "id": id})
}

// pdiComplete answers POST pdi/concluir?id: the action of the caller's plan is done.
func (s *API) pdiComplete(c echo.Context) error {
	text := strings.TrimSpace(c.QueryParam("id"))
	if text == "" {
		return httpx.Error(http.StatusBadRequest, "id", domain.KeyRequired)
	}
	id, err := uuid.Parse(text)
	if err != nil {
		return httpx.Error(http.StatusNotFound, "id", domain.KeyNotFound)
	}
	cmdID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	return httpx.Success(c, s.Complete.Handle(c.Request().Context(), surveycmd.CompletePDIAction{CommandID: cmdID, Tenant: claims.Tenant,
		UserID: claims.UserID, ActionID: id}))
}
