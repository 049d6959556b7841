// Package identity serves who the caller is: sign-in and its flows, single sign-on, and the
// signed-in user's profile, permissions and preferences (docs/api.md "Auth", "Single
// sign-on", "User").
package identity

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
	"portal/readapi/httpx"
)

// API serves the sign-in, single sign-on and signed-in user calls.
type API struct {
	httpx.Gates
	Auth *auth.Service
	Pool *pgxpool.Pool
	Now  func() time.Time
	// ManagerRequests is the manager-requests variant of spec portal-core §1 (the rule keeps
	// only request and general tools).
	ManagerRequests bool
	// Remember keeps a user's freshly derived permissions for the access checks that follow.
	Remember func(tenant, user uuid.UUID, p auth.Permissions)
	sso      *auth.SSO // logout reads the provider's end-session address
}

// Routes registers the sign-in calls (spec: portal-core §7; docs/api.md "Auth"), single
// sign-on and the signed-in user's calls.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	s.routesSSO(g)
	s.routesUser(g)
	g.GET("/auth/TenantInfo", s.tenantInfo)
	g.POST("/auth/login", s.login)
	s.routesAuthFlows(g)
}

// tenantInfo answers GET /api/auth/TenantInfo?accessCode=.
func (s *API) tenantInfo(c echo.Context) error {
	code := strings.TrimSpace(c.QueryParam("accessCode"))
	if code == "" {
		return errAccessCodeMissing
	}
	info, err := s.Auth.TenantInfo(c.Request().Context(), code)
	if err != nil {
		return refusal(err, auth.ErrUnknownTenant, errUnknownTenant)
	}
	// The host's environment rides along: the login screen's cookie-consent lifetime and
	// pre-release label depend on it (spec portal-core §2, §9).
	return c.JSON(http.StatusOK, struct {
		auth.TenantInfo
		Environment auth.Environment `json:"environment"`
	}{info, s.Environment(c)})
}

type loginRequest struct {
	AccessCode  string `json:"accessCode"`
	UserName    string `json:"userName"`
	Password    string `json:"password"`
	RedirectURL string `json:"redirectUrl"`
}

// login answers POST /api/auth/login. Every refusal (unknown code or user, wrong password,
// disabled account, too many failures) is the same 401 on the password field, so the
// answer never tells which part was wrong (spec: portal-core §8). A user who must choose a
// new password gets 200 {authResponse:{challengeName:"NEW_PASSWORD_REQUIRED", session,
// userHash, userName}} and no tokens (spec §4).
func (s *API) login(c echo.Context) error {
	return signIn(c, auth.ErrUnauthorized, errLogin, func(ctx context.Context, req loginRequest) (auth.LoginResult, error) {
		if err := req.check(); err != nil {
			return auth.LoginResult{}, err
		}
		return s.Auth.Login(auth.WithClientIP(ctx, clientAddress(c)), req.AccessCode, req.UserName, req.Password)
	})
}

// check refuses (400) a login request without access code, user name or password, listing
// every missing field.
func (r loginRequest) check() error {
	var missing []httpx.FieldError
	if strings.TrimSpace(r.AccessCode) == "" {
		missing = append(missing, httpx.FieldError{Type: "accessCode", Message: "codigo_acesso_obrigatorio"})
	}
	if strings.TrimSpace(r.UserName) == "" {
		missing = append(missing, httpx.FieldError{Type: "userName", Message: "usuario_obrigatorio"})
	}
	if r.Password == "" {
		missing = append(missing, httpx.FieldError{Type: "password", Message: "senha_obrigatoria"})
	}
	if len(missing) > 0 {
		return &httpx.APIError{Status: http.StatusBadRequest, Errors: missing}
	}
	return nil
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

// routesAuthFlows registers the token and password calls (spec portal-core §7; docs/api.md
// "Auth"). None of them sits behind requireAuth: changePassword and logout verify the token
// they are given themselves, so that a refused one answers the call's own error.
func (s *API) routesAuthFlows(g *echo.Group) {
	g.POST("/auth/refreshToken", s.refreshToken)
	g.POST("/auth/signInWithToken", s.signInWithToken)
	g.POST("/auth/signInWithRefreshToken", s.signInWithRefreshToken)
	g.POST("/auth/logout", s.logout)
	g.POST("/auth/changePassword", s.changePassword)
	g.POST("/auth/NewPasswordRequired", s.newPasswordRequired)
	g.POST("/auth/authManagement/AdminForgotPassword", s.forgotPassword)
	g.POST("/auth/authManagement/AdminConfirmForgotPassword", s.confirmForgotPassword)
}

// bind reads a JSON body; a malformed one is 400 valor_invalido.
func bind(c echo.Context, v any) error {
	if err := (&echo.DefaultBinder{}).BindBody(c, v); err != nil {
		return httpx.Error(http.StatusBadRequest, "request", domain.KeyInvalid)
	}
	return nil
}

// refusal is err as a call answers it: the service's refusal sentinel (errors.Is) is the
// call's own answer.
func refusal(err, sentinel error, answer *httpx.APIError) error {
	if errors.Is(err, sentinel) {
		return answer
	}
	return err
}

// signIn answers a sign-in, refresh or token sign-in: the body read as Req (bind) and the
// tokens call issues for it, never cached; call's sentinel refusal is answered as answer.
func signIn[Req any](c echo.Context, sentinel error, answer *httpx.APIError, call func(ctx context.Context, req Req) (auth.LoginResult, error)) error {
	var req Req
	if err := bind(c, &req); err != nil {
		return err
	}
	res, err := call(c.Request().Context(), req)
	if err != nil {
		return refusal(err, sentinel, answer)
	}
	return private(c, res)
}

var (
	errLogin             = httpx.Error(http.StatusUnauthorized, "password", "nao_autorizado")
	errToken             = httpx.Error(http.StatusUnauthorized, "token", "token_invalido")
	errNoUser            = httpx.Error(http.StatusForbidden, "request", domain.KeyDenied) // the user is gone
	errRefresh           = httpx.Error(http.StatusUnauthorized, "refresh", "falha_ao_renovar_token")
	errTokenSignIn       = httpx.Error(http.StatusUnauthorized, "login", "falha_login_token")
	errChallenge         = httpx.Error(http.StatusUnauthorized, "sessionId", auth.KeyInvalidSession)
	errUnknownTenant     = httpx.Error(http.StatusNotFound, "accessCode", "codigo_acesso_invalido")
	errAccessCodeMissing = httpx.Error(http.StatusBadRequest, "accessCode", auth.KeyAccessCodeRequired)
)

type refreshRequest struct {
	AccessToken  string `json:"accessToken"`
	RefreshToken string `json:"refreshToken"`
	IDToken      string `json:"idToken"`
	AccessCode   string `json:"accessCode"`
	UserName     string `json:"userName"`
}

// refreshToken answers POST /api/auth/refreshToken: the refresh token is rotated and a new
// access token issued, answered like login. Any refusal — a reused token among them, which
// also revokes its whole session — is 401 {type:"refresh", message:"falha_ao_renovar_token"}.
func (s *API) refreshToken(c echo.Context) error {
	return signIn(c, auth.ErrRefreshFailed, errRefresh, func(ctx context.Context, req refreshRequest) (auth.LoginResult, error) {
		return s.Auth.Refresh(ctx, req.AccessCode, req.UserName, req.RefreshToken)
	})
}

type signInWithTokenRequest struct {
	AccessToken  string `json:"accessToken"`
	RefreshToken string `json:"refreshToken"`
	AccessCode   string `json:"accessCode"`
	RedirectURL  string `json:"redirectUrl"`
	IDToken      string `json:"idToken"`
}

// signInWithToken answers POST /api/auth/signInWithToken like login; refusals are 401
// {type:"login", message:"falha_login_token"}.
func (s *API) signInWithToken(c echo.Context) error {
	return signIn(c, auth.ErrTokenSignIn, errTokenSignIn, func(ctx context.Context, req signInWithTokenRequest) (auth.LoginResult, error) {
		access := req.AccessToken
		if access == "" {
			access = req.IDToken // the id token is the access token (auth.LoginResult)
		}
		return s.Auth.SignInWithToken(ctx, req.AccessCode, access, req.RefreshToken)
	})
}

type signInWithRefreshTokenRequest struct {
	UserName     string `json:"username"`
	RefreshToken string `json:"refreshToken"`
	AccessCode   string `json:"accessCode"`
	RedirectURL  string `json:"redirectUrl"`
}

// signInWithRefreshToken answers POST /api/auth/signInWithRefreshToken (the token sign-in
// screen, query u, r, c): the refresh token is rotated and the answer is login's; refusals
// are 401 {type:"login", message:"falha_login_token"}.
func (s *API) signInWithRefreshToken(c echo.Context) error {
	return signIn(c, auth.ErrTokenSignIn, errTokenSignIn, func(ctx context.Context, req signInWithRefreshTokenRequest) (auth.LoginResult, error) {
		return s.Auth.SignInWithRefreshToken(ctx, req.AccessCode, req.UserName, req.RefreshToken)
	})
}

type logoutRequest struct {
	RefreshToken string `json:"refreshToken"`
	AccessCode   string `json:"accessCode"`
	// RedirectURL is the app's login page, where the provider sends the browser back after
	// its own sign-out (post_logout_redirect_uri).
	RedirectURL string `json:"redirectUrl"`
}

type logoutAnswer struct {
	Success bool `json:"success"`
	// LogoutURL is the identity provider's end-session address for a single sign-on session
	// whose provider has one (spec portal-core §4); the web app goes there instead of /login.
	LogoutURL string `json:"logoutUrl,omitempty"`
}

// logout answers POST /api/auth/logout: the caller's session (the bearer token's, else the
// body's refresh token's) ends everywhere: its refresh and access tokens are refused from
// then on. Sign-out always answers {success:true}, plus logoutUrl for a single sign-on
// session whose provider announces an end-session endpoint.
func (s *API) logout(c echo.Context) error {
	ctx := c.Request().Context()
	var req logoutRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	var tenant uuid.UUID
	var issuer string
	if token, ok := httpx.BearerToken(c.Request().Header.Get(echo.HeaderAuthorization)); ok {
		claims, err := s.Auth.VerifyContext(ctx, token)
		if err == nil {
			if issuer, err = s.Auth.Logout(ctx, claims); err != nil {
				return err
			}
			tenant = claims.Tenant
		} else if !errors.Is(err, auth.ErrInvalidToken) {
			return err
		}
	}
	if req.RefreshToken != "" {
		t, iss, err := s.Auth.LogoutRefreshToken(ctx, req.AccessCode, req.RefreshToken)
		if err != nil {
			return err
		}
		if issuer == "" {
			tenant, issuer = t, iss
		}
	}
	answer := logoutAnswer{Success: true}
	if issuer != "" && s.sso != nil {
		url, err := s.sso.EndSessionURL(ctx, tenant, issuer, req.RedirectURL)
		if err != nil {
			// The session has ended here; a provider that cannot be reached only costs its
			// own sign-out, which must not fail ours.
			slog.Warn("logout: provider end-session address unavailable", "tenant", tenant, "err", err)
		}
		answer.LogoutURL = url
	}
	return c.JSON(http.StatusOK, answer)
}

type changePasswordRequest struct {
	AccessToken      string `json:"accessToken"`
	PreviousPassword string `json:"previousPassword"`
	ProposedPassword string `json:"proposedPassword"`
}

// changePassword answers POST /api/auth/changePassword for the holder of accessToken (the
// body's, as the spec sends it, else the bearer token): 200 {success:true}, or 400/422 on
// previousPassword (senha_obrigatoria, senha_atual_incorreta) or proposedPassword
// (senha_obrigatoria, senha_minimo_8, senha_reutilizada). The caller's session stays, the
// user's other sessions end.
func (s *API) changePassword(c echo.Context) error {
	var req changePasswordRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	token := req.AccessToken
	if token == "" {
		token, _ = httpx.BearerToken(c.Request().Header.Get(echo.HeaderAuthorization))
	}
	ctx := auth.WithClientIP(c.Request().Context(), clientAddress(c))
	claims, err := s.Auth.VerifyContext(ctx, token)
	if err != nil {
		return refusal(err, auth.ErrInvalidToken, errToken)
	}
	return httpx.Success(c, s.Auth.ChangePassword(ctx, claims, req.PreviousPassword, req.ProposedPassword))
}

type newPasswordRequiredRequest struct {
	SessionID   string `json:"sessionId"`
	NewPassword string `json:"newPassword"`
	UserName    string `json:"userName"`
	AccessCode  string `json:"accessCode"`
	UserHash    string `json:"userHash"`
}

// newPasswordRequired answers POST /api/auth/NewPasswordRequired, the second half of the
// login challenge: 200 {success:true} (the user then signs in again), 400/422 on newPassword,
// or 401 {type:"sessionId", message:"sessao_invalida"}.
func (s *API) newPasswordRequired(c echo.Context) error {
	var req newPasswordRequiredRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	err := s.Auth.CompleteNewPassword(c.Request().Context(), req.AccessCode, req.UserName, req.UserHash, req.SessionID, req.NewPassword)
	return httpx.Success(c, refusal(err, auth.ErrInvalidChallenge, errChallenge))
}

type forgotRequest struct {
	AccessCode  string `json:"accessCode"`
	UserName    string `json:"userName"`
	Code        string `json:"code"`
	NewPassword string `json:"newPassword"`
}

// forgot answers a forgotten-password call: the body (its access code required) is run by
// call and answered {success:true}; an unknown access code is 404 on accessCode.
func forgot(c echo.Context, call func(ctx context.Context, req forgotRequest) error) error {
	var req forgotRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.AccessCode) == "" {
		return errAccessCodeMissing
	}
	err := call(c.Request().Context(), req)
	return httpx.Success(c, refusal(err, auth.ErrUnknownTenant, errUnknownTenant))
}

// forgotPassword answers POST /api/auth/authManagement/AdminForgotPassword: an 8-character
// code goes to the user's e-mail. Known or not, the user gets 200 {success:true}; a missing
// user name is 400 on userName, an unknown access code 404 on accessCode (TenantInfo tells
// that anyway).
func (s *API) forgotPassword(c echo.Context) error {
	return forgot(c, func(ctx context.Context, req forgotRequest) error {
		return s.Auth.ForgotPassword(ctx, req.AccessCode, req.UserName)
	})
}

// confirmForgotPassword answers POST /api/auth/authManagement/AdminConfirmForgotPassword:
// 200 {success:true}, 400/422 on newPassword (senha_minimo_8, senha_reutilizada), or 422
// {type:"code", message:"codigo_invalido"} for every wrong, used, expired or dead code.
func (s *API) confirmForgotPassword(c echo.Context) error {
	return forgot(c, func(ctx context.Context, req forgotRequest) error {
		return s.Auth.ConfirmForgotPassword(ctx, req.AccessCode, req.UserName, req.Code, req.NewPassword)
	})
}
