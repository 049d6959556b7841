package readapi

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/readapi/apitest"
	"portal/readapi/httpx"
	"portal/seed"
)

// The server's own checks follow the request's Host (spec portal-core §6): the pivot table
// is refused on a production host and allowed on a test host (readapi/identity's
// environment test shows userinfo and TenantInfo following it too).
func TestHostEnvironmentGates(t *testing.T) {
	base, _ := authServer(t)
	rules, err := auth.ParseHostRules("rh.acme.test=test,*.demo.acme.test=demo")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Pool: base.Pool, Store: base.Store, Auth: base.Auth, Hosts: rules}
	token, _, _ := apitest.SignIn(t, s.Handler(), seed.DemoCode, seed.UserHelena, seed.DemoPassword)
	// The server refuses what the host hides, whatever the client asks.
	p := echo.New()
	p.HTTPErrorHandler = errorHandler
	p.GET("/probe", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) },
		s.requireAuth, s.gates().Access(httpx.MenuAccess("pivottable")))
	for host, want := range map[string]int{"portal.acme.com": http.StatusForbidden, "rh.acme.test": http.StatusNoContent} {
		req := httptest.NewRequest(http.MethodGet, "/probe", nil)
		req.Host = host
		req.Header.Set(echo.HeaderAuthorization, "Bearer "+token)
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Errorf("%s: pivot table probe %d, want %d", host, rec.Code, want)
		}
	}
}
