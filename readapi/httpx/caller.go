package httpx

import (
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/commands"
	"portal/domain"
)

// Where the auth middlewares leave what they verified in the Echo context.
const (
	ClaimsKey      = "auth.claims"      // the token's claims (requireAuth)
	PermissionsKey = "auth.permissions" // the caller's permissions (requireAccess)
)

// Claims returns the claims requireAuth verified; zero claims when the route is not behind it.
func Claims(c echo.Context) auth.Claims {
	claims, _ := c.Get(ClaimsKey).(auth.Claims)
	return claims
}

// Permissions returns the caller's permissions requireAccess derived; zero when the route
// is not behind it.
func Permissions(c echo.Context) auth.Permissions {
	p, _ := c.Get(PermissionsKey).(auth.Permissions)
	return p
}

// CallerRule says which caller parameters (query tenId and userHash) a call must carry;
// whichever it carries must be the token's.
type CallerRule int

// Caller rules.
const (
	IDsWhenSent    CallerRule = iota // neither is required
	TenantRequired                   // tenId is required (400 campo_obrigatorio), userHash is not
	BothRequired                     // both are required
)

// Caller is the one caller middleware: it refuses a call whose parameters break rule or
// name another tenant or user than the token's (MatchCaller).
func Caller(rule CallerRule) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if rule == TenantRequired && strings.TrimSpace(c.QueryParam("tenId")) == "" {
				return Error(http.StatusBadRequest, "tenId", domain.KeyRequired)
			}
			if err := MatchCaller(c, rule == BothRequired); err != nil {
				return err
			}
			return next(c)
		}
	}
}

// MatchCaller refuses (403 acesso_negado, type naming the parameter) a request whose query
// tenId or userHash is present and differs from the token: these parameters are never
// trusted on their own (ARCHITECTURE.md, "Multi-tenancy and security"). With required, a
// missing one is 400 campo_obrigatorio.
func MatchCaller(c echo.Context, required bool) error {
	claims := Claims(c)
	if claims.UserID == uuid.Nil {
		return Error(http.StatusUnauthorized, "token", "token_invalido")
	}
	tenID := strings.TrimSpace(c.QueryParam("tenId"))
	userHash := strings.TrimSpace(c.QueryParam("userHash"))
	if required {
		if tenID == "" {
			return Error(http.StatusBadRequest, "tenId", domain.KeyRequired)
		}
		if userHash == "" {
			return Error(http.StatusBadRequest, "userHash", domain.KeyRequired)
		}
	}
	if tenID != "" {
		if id, err := uuid.Parse(tenID); err != nil || id != claims.Tenant {
			return Error(http.StatusForbidden, "tenId", domain.KeyDenied)
		}
	}
	if userHash != "" && userHash != claims.UserHash {
		return Error(http.StatusForbidden, "userHash", domain.KeyDenied)
	}
	return nil
}

// Allowed admits a caller whose roles the policy allows act on obj (auth.Allowed); anyone
// else is 403, type userHash. It runs behind Authn.
func Allowed(obj, act string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			claims := Claims(c)
			if !auth.Allowed(claims.Roles, claims.Tenant.String(), obj, act) {
				return Error(http.StatusForbidden, "userHash", domain.KeyDenied)
			}
			return next(c)
		}
	}
}

// RequestCaller is the caller of a request command, from the verified claims.
func RequestCaller(c echo.Context) commands.RequestCaller {
	cl := Claims(c)
	return commands.RequestCaller{Tenant: cl.Tenant, UserID: cl.UserID, UserHash: cl.UserHash, EmployeeID: cl.EmployeeID, Roles: cl.Roles}
}

// BearerToken takes the token out of an Authorization header value.
func BearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(header), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}
