package identity

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
	"portal/readapi/httpx"
)

// routesSSO registers single sign-on (spec: portal-core §4 cloud login, §7 loginGoogle,
// linkGoogle, removelinkGoogle; docs/api.md "Single sign-on"):
//
//	GET  /api/auth/sso/start?accessCode=&redirectUrl=[&redirect=1]  → {url} (or 302 to it)
//	POST /api/auth/sso/callback       {code, state}            → like login
//	POST /api/auth/loginGoogle        {accessCode, token}      → like login
//	POST /api/auth/linkGoogle         {tenId, userHash, token} → 204 (signed in)
//	POST /api/auth/removelinkGoogle   {tenId, userHash, token} → 204 (signed in)
func (s *API) routesSSO(g *echo.Group) {
	if s.Auth == nil {
		return // a server without sign-in (some tests) has no single sign-on either
	}
	sso, err := auth.NewSSO(s.Auth, auth.SSOOptions{})
	if err != nil {
		panic(err) // NewSSO refuses only a nil service
	}
	s.sso = sso // logout asks it for the provider's end-session address
	h := ssoHandlers{sso: sso}
	g.GET("/auth/sso/start", h.start)
	g.POST("/auth/sso/callback", h.callback)
	g.POST("/auth/loginGoogle", h.loginGoogle)
	g.POST("/auth/linkGoogle", h.link, s.Authn)
	g.POST("/auth/removelinkGoogle", h.unlink, s.Authn)
	// The tenant's provider, for users with the Admin flag (spec portal-core §3; business §6).
	admin := []echo.MiddlewareFunc{s.Authn, httpx.Caller(httpx.IDsWhenSent), s.Access(httpx.AccessAdmin)}
	g.GET("/auth/sso/config", h.config, admin...)
	g.PUT("/auth/sso/config", h.saveConfig, admin...)
	// The signed-in user's own identities (the profile screen).
	g.GET("/auth/sso/identities", h.identities, s.Authn, httpx.Caller(httpx.IDsWhenSent))
	g.GET("/auth/sso/link/start", h.linkStart, s.Authn, httpx.Caller(httpx.IDsWhenSent))
	g.POST("/auth/sso/link", h.linkComplete, s.Authn, httpx.Caller(httpx.IDsWhenSent))
}

type ssoHandlers struct {
	sso *auth.SSO
}

// ssoError maps the single sign-on errors to the spec's {type, message} (one place, so every
// call answers a kind the same way). signedIn says the caller is signed in (link, unlink):
// a refusal then must not be 401, which makes the web app sign out.
func ssoError(err error, signedIn bool) error {
	refused := http.StatusUnauthorized
	if signedIn {
		refused = http.StatusUnprocessableEntity
	}
	switch {
	case errors.Is(err, auth.ErrUnknownTenant):
		return errUnknownTenant
	case errors.Is(err, auth.ErrSSONotConfigured):
		return httpx.Error(http.StatusBadRequest, "sso", "sso_nao_configurado")
	case errors.Is(err, auth.ErrInvalidIntent):
		return httpx.Error(http.StatusBadRequest, "intent", domain.KeyInvalid)
	case errors.Is(err, auth.ErrInvalidRedirect):
		return httpx.Error(http.StatusBadRequest, "redirectUrl", domain.KeyInvalid)
	case errors.Is(err, auth.ErrInvalidState):
		return httpx.Error(http.StatusBadRequest, "state", "estado_invalido")
	case errors.Is(err, auth.ErrCodeRejected):
		return httpx.Error(refused, "code", "codigo_invalido")
	case errors.Is(err, auth.ErrIDTokenInvalid):
		return httpx.Error(refused, "token", "id_token_invalido")
	case errors.Is(err, auth.ErrNonceMismatch):
		return httpx.Error(refused, "nonce", "nonce_invalido")
	case errors.Is(err, auth.ErrProviderUnavailable):
		slog.Warn("single sign-on: provider unavailable", "err", err)
		return httpx.Error(http.StatusBadGateway, "sso", "provedor_indisponivel")
	case errors.Is(err, auth.ErrNotLinked) && signedIn:
		return httpx.Error(http.StatusNotFound, "token", "conta_nao_vinculada")
	case errors.Is(err, auth.ErrNotLinked):
		return httpx.Error(http.StatusUnauthorized, "sso", "conta_nao_vinculada")
	case errors.Is(err, auth.ErrIdentityTaken):
		return httpx.Error(http.StatusConflict, "token", "identidade_ja_vinculada")
	case errors.Is(err, auth.ErrAlreadyLinked):
		return httpx.Error(http.StatusConflict, "token", "conta_ja_vinculada")
	case errors.Is(err, auth.ErrUnauthorized):
		return httpx.Error(http.StatusUnauthorized, "sso", "nao_autorizado")
	}
	return err
}

// start answers GET /api/auth/sso/start: the provider's authorization URL for the tenant of
// accessCode, returning to redirectUrl (the web app's /callback). With redirect=1 it answers
// 302 to that URL instead, for a plain link.
func (h ssoHandlers) start(c echo.Context) error {
	code := strings.TrimSpace(c.QueryParam("accessCode"))
	if code == "" {
		return errAccessCodeMissing
	}
	redirect := strings.TrimSpace(c.QueryParam("redirectUrl"))
	if redirect == "" {
		return httpx.Error(http.StatusBadRequest, "redirectUrl", domain.KeyRequired)
	}
	url, err := h.sso.Start(c.Request().Context(), code, redirect)
	if err != nil {
		return ssoError(err, false)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	if c.QueryParam("redirect") == "1" {
		return c.Redirect(http.StatusFound, url)
	}
	return c.JSON(http.StatusOK, map[string]string{"url": url})
}

// bindCallback reads the {code, state} a provider sends back: a missing state is 400
// estado_invalido, a missing code 400 campo_obrigatorio.
func bindCallback(c echo.Context) (code, state string, err error) {
	var req struct {
		Code  string `json:"code"`
		State string `json:"state"`
	}
	if err := bind(c, &req); err != nil {
		return "", "", err
	}
	code, state = strings.TrimSpace(req.Code), strings.TrimSpace(req.State)
	if state == "" {
		return "", "", httpx.Error(http.StatusBadRequest, "state", "estado_invalido")
	}
	if code == "" {
		return "", "", httpx.Error(http.StatusBadRequest, "code", domain.KeyRequired)
	}
	return code, state, nil
}

// private answers v with 200, never to be cached (sign-in results, profiles, identities).
func private(c echo.Context, v any) error {
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, v)
}

// callback answers POST /api/auth/sso/callback {code, state}: a state that is unknown, used
// or expired is 400 {type:"state", message:"estado_invalido"} (the spec's 'Invalid state');
// an identity linked to no user of the tenant is 401 {type:"sso", message:"conta_nao_vinculada"}.
func (h ssoHandlers) callback(c echo.Context) error {
	code, state, err := bindCallback(c)
	if err != nil {
		return err
	}
	res, err := h.sso.Callback(c.Request().Context(), code, state)
	if err != nil {
		return ssoError(err, false)
	}
	return private(c, res)
}

type loginGoogleRequest struct {
	AccessCode string `json:"accessCode"`
	Token      string `json:"token"`
}

// loginGoogle answers POST /api/auth/loginGoogle {accessCode, token}: token is an ID token of
// the tenant's provider; the user linked to it signs in.
func (h ssoHandlers) loginGoogle(c echo.Context) error {
	var req loginGoogleRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.AccessCode) == "" {
		return errAccessCodeMissing
	}
	if strings.TrimSpace(req.Token) == "" {
		return httpx.Error(http.StatusBadRequest, "token", domain.KeyRequired)
	}
	res, err := h.sso.LoginGoogle(c.Request().Context(), req.AccessCode, strings.TrimSpace(req.Token))
	if err != nil {
		return ssoError(err, false)
	}
	return private(c, res)
}

type linkGoogleRequest struct {
	TenID    string `json:"tenId"`
	UserHash string `json:"userHash"`
	Token    string `json:"token"`
}

// bindLink reads a linkGoogle / removelinkGoogle body. tenId and userHash, in the body and
// (when present) in the query, must be the token's (ARCHITECTURE.md: never trusted alone).
func bindLink(c echo.Context) (linkGoogleRequest, error) {
	var req linkGoogleRequest
	if err := bind(c, &req); err != nil {
		return req, err
	}
	if err := httpx.MatchCaller(c, false); err != nil {
		return req, err
	}
	claims := httpx.Claims(c)
	tenID := strings.TrimSpace(req.TenID)
	if tenID == "" {
		return req, httpx.Error(http.StatusBadRequest, "tenId", domain.KeyRequired)
	}
	if id, err := uuid.Parse(tenID); err != nil || id != claims.Tenant {
		return req, httpx.Error(http.StatusForbidden, "tenId", domain.KeyDenied)
	}
	switch hash := strings.TrimSpace(req.UserHash); {
	case hash == "":
		return req, httpx.Error(http.StatusBadRequest, "userHash", domain.KeyRequired)
	case hash != claims.UserHash:
		return req, httpx.Error(http.StatusForbidden, "userHash", domain.KeyDenied)
	}
	if req.Token = strings.TrimSpace(req.Token); req.Token == "" {
		return req, httpx.Error(http.StatusBadRequest, "token", domain.KeyRequired)
	}
	return req, nil
}

type identitiesAnswer struct {
	// Provider is the issuer of the tenant's enabled provider, "" without one.
	Provider   string                `json:"provider"`
	Identities []auth.LinkedIdentity `json:"identities"`
}

func (h ssoHandlers) identitiesOf(c echo.Context) (identitiesAnswer, error) {
	claims := httpx.Claims(c)
	ids, provider, err := h.sso.Identities(c.Request().Context(), claims.Tenant, claims.UserID)
	return identitiesAnswer{Provider: provider, Identities: ids}, err
}

// identities answers GET /api/auth/sso/identities?tenId&userHash: the caller's linked
// identities and the tenant's provider.
func (h ssoHandlers) identities(c echo.Context) error {
	a, err := h.identitiesOf(c)
	if err != nil {
		return err
	}
	return private(c, a)
}

// linkStart answers GET /api/auth/sso/link/start?intent=link|unlink&redirectUrl= with the
// provider's authorization URL, for the signed-in caller only.
func (h ssoHandlers) linkStart(c echo.Context) error {
	redirect := strings.TrimSpace(c.QueryParam("redirectUrl"))
	if redirect == "" {
		return httpx.Error(http.StatusBadRequest, "redirectUrl", domain.KeyRequired)
	}
	url, err := h.sso.StartLink(c.Request().Context(), httpx.Claims(c), c.QueryParam("intent"), redirect)
	if err != nil {
		return ssoError(err, true)
	}
	return private(c, map[string]string{"url": url})
}

// linkComplete answers POST /api/auth/sso/link {code, state}: the caller's own link request
// comes back from the provider; the identity is linked or unlinked and the answer is
// {intent, provider, identities}. Another user's state is 400 estado_invalido.
func (h ssoHandlers) linkComplete(c echo.Context) error {
	code, state, err := bindCallback(c)
	if err != nil {
		return err
	}
	intent, err := h.sso.CompleteLink(c.Request().Context(), httpx.Claims(c), code, state)
	if err != nil {
		return ssoError(err, true)
	}
	a, err := h.identitiesOf(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		Intent string `json:"intent"`
		identitiesAnswer
	}{intent, a})
}

// config answers GET /api/auth/sso/config?tenId: the caller's tenant's provider, without its
// secret ({issuer, clientId, hasSecret, grantTypes, enabled, configured}).
func (h ssoHandlers) config(c echo.Context) error {
	v, err := h.sso.ConfigView(c.Request().Context(), httpx.Claims(c).Tenant)
	if err != nil {
		return err
	}
	return private(c, v)
}

// saveConfig answers PUT /api/auth/sso/config?tenId {issuer, clientId, clientSecret?,
// grantTypes, enabled}: 200 with the stored view, 400 on a malformed field, 422
// {type:"issuer", message:"provedor_indisponivel"} when an enabled provider's discovery fails.
func (h ssoHandlers) saveConfig(c echo.Context) error {
	var in auth.SSOConfigInput
	if err := bind(c, &in); err != nil {
		return err
	}
	v, err := h.sso.SaveConfig(c.Request().Context(), httpx.Claims(c), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

// link answers POST /api/auth/linkGoogle: the signed-in user is linked to the identity of a
// fresh ID token of the tenant's provider.
func (h ssoHandlers) link(c echo.Context) error {
	req, err := bindLink(c)
	if err != nil {
		return err
	}
	if err := h.sso.Link(c.Request().Context(), httpx.Claims(c), req.Token); err != nil {
		return ssoError(err, true)
	}
	return c.NoContent(http.StatusNoContent)
}

// unlink answers POST /api/auth/removelinkGoogle: the link to the identity of a fresh ID
// token is removed.
func (h ssoHandlers) unlink(c echo.Context) error {
	req, err := bindLink(c)
	if err != nil {
		return err
	}
	if err := h.sso.Unlink(c.Request().Context(), httpx.Claims(c), req.Token); err != nil {
		return ssoError(err, true)
	}
	return c.NoContent(http.StatusNoContent)
}
