package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"portal/auth"
)

// The access checks admit a caller the rule shows one of the screens to, leave the caller's
// permissions for the handler, refuse anyone else with 403 acesso_negado, and pass on an
// error deriving the permissions.
func TestGatesAccessChecks(t *testing.T) {
	admin := auth.Permissions{Admin: true}
	deniedTools := auth.Permissions{Deny: []string{"tools_001"}}
	broken := errors.New("permissions unavailable")
	for _, tc := range []struct {
		name   string
		check  func(Gates) echo.MiddlewareFunc
		perms  auth.Permissions
		err    error
		status int // 0: admitted
	}{
		{"admin_flag_admitted", func(g Gates) echo.MiddlewareFunc { return g.Access(AccessAdmin) }, admin, nil, 0},
		{"no_admin_flag_refused", func(g Gates) echo.MiddlewareFunc { return g.Access(AccessAdmin) }, auth.Permissions{}, nil, http.StatusForbidden},
		{"signed_in_admitted", func(g Gates) echo.MiddlewareFunc { return g.Access(AccessSignedIn) }, auth.Permissions{}, nil, 0},
		{"denied_screen_refused", func(g Gates) echo.MiddlewareFunc { return g.Access(auth.Access{ID: "tools_001"}) }, deniedTools, nil, http.StatusForbidden},
		{"one_of_the_screens_admitted", func(g Gates) echo.MiddlewareFunc {
			return g.any([]auth.Access{{ID: "tools_001"}, {ID: "tools_002"}})
		}, deniedTools, nil, 0},
		{"permissions_error_passed_on", func(g Gates) echo.MiddlewareFunc { return g.Access(AccessSignedIn) }, auth.Permissions{}, broken, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := Gates{Permissions: func(echo.Context) (auth.Permissions, error) { return tc.perms, tc.err }}
			c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
			reached := false
			err := tc.check(g)(func(c echo.Context) error {
				reached = true
				if _, ok := c.Get(PermissionsKey).(auth.Permissions); !ok {
					t.Error("the handler got no permissions")
				}
				return nil
			})(c)
			var apiErr *APIError
			switch {
			case tc.status == 0 && (err != nil || !reached):
				t.Fatalf("refused: %v", err)
			case tc.status == -1 && (!errors.Is(err, broken) || reached):
				t.Fatalf("error %v, reached %v", err, reached)
			case tc.status > 0 && (!errors.As(err, &apiErr) || apiErr.Status != tc.status || apiErr.Errors[0].Message != "acesso_negado" || reached):
				t.Fatalf("error %v, reached %v", err, reached)
			}
		})
	}
}

// Every menu id a route names exists; an unknown one stops the start-up.
func TestMenuAccessPanicsOnAnUnknownID(t *testing.T) {
	_ = MenuAccess("tools_001")
	defer func() {
		if recover() == nil {
			t.Error("no panic for an unknown menu id")
		}
	}()
	MenuAccess("no-such-menu-item")
}
