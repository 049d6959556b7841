package readapi

import (
	"errors"
	"net"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"portal/auth"
)

// routesAuth registers the sign-in calls (spec: portal-core §7; docs/api.md "Auth").
func (s *Server) routesAuth(g *echo.Group) {
	g.GET("/auth/TenantInfo", s.tenantInfo)
	g.POST("/auth/login", s.login)
}

// tenantInfo answers GET /api/auth/TenantInfo?accessCode=.
func (s *Server) tenantInfo(c echo.Context) error {
	code := strings.TrimSpace(c.QueryParam("accessCode"))
	if code == "" {
		return apiError(http.StatusBadRequest, "accessCode", "codigo_acesso_obrigatorio")
	}
	info, err := s.Auth.TenantInfo(c.Request().Context(), code)
	if errors.Is(err, auth.ErrUnknownTenant) {
		return apiError(http.StatusNotFound, "accessCode", "codigo_acesso_invalido")
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, info)
}

type loginRequest struct {
	AccessCode  string `json:"accessCode"`
	UserName    string `json:"userName"`
	Password    string `json:"password"`
	RedirectURL string `json:"redirectUrl"`
}

// login answers POST /api/auth/login. Every refusal (unknown code or user, wrong password,
// disabled account, too many failures) is the same 401 on the password field, so the
// answer never tells which part was wrong (spec: portal-core §8).
func (s *Server) login(c echo.Context) error {
	var req loginRequest
	if err := (&echo.DefaultBinder{}).BindBody(c, &req); err != nil {
		return apiError(http.StatusBadRequest, "request", "valor_invalido")
	}
	var missing []FieldError
	if strings.TrimSpace(req.AccessCode) == "" {
		missing = append(missing, FieldError{Type: "accessCode", Message: "codigo_acesso_obrigatorio"})
	}
	if strings.TrimSpace(req.UserName) == "" {
		missing = append(missing, FieldError{Type: "userName", Message: "usuario_obrigatorio"})
	}
	if req.Password == "" {
		missing = append(missing, FieldError{Type: "password", Message: "senha_obrigatoria"})
	}
	if len(missing) > 0 {
		return &APIError{Status: http.StatusBadRequest, Errors: missing}
	}
	ctx := auth.WithClientIP(c.Request().Context(), clientAddress(c))
	res, err := s.Auth.Login(ctx, req.AccessCode, req.UserName, req.Password)
	if errors.Is(err, auth.ErrUnauthorized) {
		return apiError(http.StatusUnauthorized, "password", "nao_autorizado")
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, res)
}

// clientAddress is the caller's address for sign-in throttling. Forwarded headers are
// trusted only when the router was told how (Echo's IPExtractor, set by the wiring when the
// server runs behind a proxy); otherwise a client could pick a fresh address per request
// by sending X-Forwarded-For.
func clientAddress(c echo.Context) string {
	if c.Echo().IPExtractor != nil {
		return c.RealIP()
	}
	host, _, err := net.SplitHostPort(c.Request().RemoteAddr)
	if err != nil {
		return c.Request().RemoteAddr
	}
	return host
}
