package httpx

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
)

// Gates is what the server lends every area's routes: its authentication and what it knows
// of a request's caller. The access checks of spec portal-core §6 are built on it, so an
// area's call is refused whenever the menu would not show its caller the screen.
type Gates struct {
	// Authn admits a request carrying a valid bearer token and leaves its claims (Claims);
	// anything else is 401 token_invalido.
	Authn echo.MiddlewareFunc
	// Permissions are the caller's derived permissions, in the request's host environment.
	Permissions func(c echo.Context) (auth.Permissions, error)
	// Environment is the request's host environment (docs/operations.md "Host environments").
	Environment func(c echo.Context) auth.Environment
}

// Access refuses with 403 {type:"request", message:domain.KeyDenied} a caller the rule would
// not show a, and leaves the caller's permissions for the handler (Permissions). It runs
// behind Authn.
func (g Gates) Access(a auth.Access) echo.MiddlewareFunc {
	return g.any([]auth.Access{a})
}

// AnyAccess admits a caller the menu shows one of the entries ids (MenuAccess).
func (g Gates) AnyAccess(ids ...string) echo.MiddlewareFunc {
	access := make([]auth.Access, len(ids))
	for i, id := range ids {
		access[i] = MenuAccess(id)
	}
	return g.any(access)
}

func (g Gates) any(access []auth.Access) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			p, err := g.Permissions(c)
			if err != nil {
				return err
			}
			for _, a := range access {
				if auth.Visible(a, p) {
					c.Set(PermissionsKey, p)
					return next(c)
				}
			}
			return Error(http.StatusForbidden, "request", domain.KeyDenied)
		}
	}
}

// Route requirements besides the menu items' own.
var (
	// AccessSignedIn: any signed-in user (nothing required by the rule).
	AccessSignedIn = auth.Access{}
	// AccessAdmin: the tenant's settings are for users with the Admin flag (spec portal-core
	// §2, user menu).
	AccessAdmin = auth.Access{Review: auth.ReviewAdmin}
)

// MenuAccess is what a menu item requires; it panics at start-up for an unknown id, so a
// route cannot silently lose its check when the menu changes.
func MenuAccess(id string) auth.Access {
	it, ok := auth.FindMenuItem(auth.AppMenu(), id)
	if !ok {
		panic("httpx: no menu item " + id)
	}
	return it.Access()
}
