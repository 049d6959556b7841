package readapi

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/readapi/httpx"
)

// claimsKey is where requireAuth leaves the verified claims in the Echo context.
const claimsKey = httpx.ClaimsKey

// requireAuth admits requests that carry a valid access token in
// "Authorization: Bearer <token>" and stores its claims for claimsOf. Anything else is
// 401 {type:"token", message:"token_invalido"}, which makes the web app sign out
// (spec: portal-core §4).
func (s *Server) requireAuth(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		token, ok := httpx.BearerToken(c.Request().Header.Get(echo.HeaderAuthorization))
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
		if err := s.rateLimit(c, claims.Tenant, claims.UserID); err != nil {
			return err
		}
		if s.fair != nil && writes(c.Request().Method) {
			leave, err := s.fair.enter(c.Request().Context(), claims.Tenant)
			if err != nil {
				return err
			}
			defer leave()
		}
		return next(c)
	}
}

// claimsOf returns the claims requireAuth verified; zero claims when the route is not
// behind requireAuth.
func claimsOf(c echo.Context) auth.Claims { return httpx.Claims(c) }
