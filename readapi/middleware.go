package readapi

import (
	"errors"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"portal/auth"
)

// claimsKey is where requireAuth leaves the verified claims in the Echo context.
const claimsKey = "auth.claims"

// requireAuth admits requests that carry a valid access token in
// "Authorization: Bearer <token>" and stores its claims for claimsOf. Anything else is
// 401 {type:"token", message:"token_invalido"}, which makes the web app sign out
// (spec: portal-core §4).
func (s *Server) requireAuth(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		token, ok := bearerToken(c.Request().Header.Get(echo.HeaderAuthorization))
		if !ok {
			return apiError(http.StatusUnauthorized, "token", "token_invalido")
		}
		claims, err := s.Auth.VerifyContext(c.Request().Context(), token)
		if errors.Is(err, auth.ErrInvalidToken) {
			return apiError(http.StatusUnauthorized, "token", "token_invalido")
		}
		if err != nil {
			return err
		}
		c.Set(claimsKey, claims)
		return next(c)
	}
}

// bearerToken takes the token out of an Authorization header value.
func bearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(header), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// claimsOf returns the claims requireAuth verified; zero claims when the route is not
// behind requireAuth.
func claimsOf(c echo.Context) auth.Claims {
	claims, _ := c.Get(claimsKey).(auth.Claims)
	return claims
}

// callerRule says which caller parameters (query tenId and userHash) a call must carry;
// whichever it carries must be the token's.
type callerRule int

const (
	idsWhenSent    callerRule = iota // neither is required
	tenantRequired                   // tenId is required (400 campo_obrigatorio), userHash is not
	bothRequired                     // both are required
)

// callerOf is the one caller middleware: it refuses a call whose parameters break rule or
// name another tenant or user than the token's (checkCaller).
func callerOf(rule callerRule) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if rule == tenantRequired && strings.TrimSpace(c.QueryParam("tenId")) == "" {
				return apiError(http.StatusBadRequest, "tenId", "campo_obrigatorio")
			}
			if err := matchCaller(c, rule == bothRequired); err != nil {
				return err
			}
			return next(c)
		}
	}
}

// The caller middlewares of the routes.
var (
	callerMatches = callerOf(idsWhenSent)
	tenantCaller  = callerOf(tenantRequired)
	fullCaller    = callerOf(bothRequired)
)

// checkCaller refuses (403 acesso_negado, type naming the parameter) a request whose query
// tenId or userHash is present and differs from the token: these parameters are never
// trusted on their own (ARCHITECTURE.md, "Multi-tenancy and security"). Absent parameters
// pass; callerOf(bothRequired) is for the calls the spec always sends them with.
func checkCaller(c echo.Context) error {
	return matchCaller(c, false)
}

func matchCaller(c echo.Context, required bool) error {
	claims := claimsOf(c)
	if claims.UserID == uuid.Nil {
		return apiError(http.StatusUnauthorized, "token", "token_invalido")
	}
	tenID := strings.TrimSpace(c.QueryParam("tenId"))
	userHash := strings.TrimSpace(c.QueryParam("userHash"))
	if required {
		if tenID == "" {
			return apiError(http.StatusBadRequest, "tenId", "campo_obrigatorio")
		}
		if userHash == "" {
			return apiError(http.StatusBadRequest, "userHash", "campo_obrigatorio")
		}
	}
	if tenID != "" {
		if id, err := uuid.Parse(tenID); err != nil || id != claims.Tenant {
			return apiError(http.StatusForbidden, "tenId", "acesso_negado")
		}
	}
	if userHash != "" && userHash != claims.UserHash {
		return apiError(http.StatusForbidden, "userHash", "acesso_negado")
	}
	return nil
}
