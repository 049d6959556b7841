package identity_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/readapi/readapitest"
	"portal/seed"
)

// The host's environment (PORTAL_HOSTS, else the host's first label) decides which items the
// rule shows (spec portal-core §6): pivot table and grid reports only on test and demo hosts,
// the ombudsman channel never on demo hosts. userinfo, TenantInfo and the server's own checks
// all follow the request's Host.
func TestHostEnvironmentDenials(t *testing.T) {
	e := readapitest.NewSeeded(t, "identity_environment")
	rules, err := auth.ParseHostRules("rh.acme.test=test,*.demo.acme.test=demo")
	if err != nil {
		t.Fatal(err)
	}
	e.Server.Hosts = rules
	h := e.Handler()
	helena := e.SignIn(t, seed.DemoCode, seed.UserHelena)
	get := func(host, target string, auth bool) (int, map[string]any) {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Host = host
		if auth {
			req.Header.Set(echo.HeaderAuthorization, "Bearer "+helena.Token)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var body map[string]any
		json.Unmarshal(rec.Body.Bytes(), &body)
		return rec.Code, body
	}
	info := "/api/cac-app/userinfo?tenId=" + helena.TenID + "&userHash=" + helena.Hash
	for _, c := range []struct {
		host      string
		env       auth.Environment
		shown     []string
		hidden    []string
		deniedIDs []string
	}{
		{"portal.acme.com", auth.EnvProduction, []string{"dashboards2"}, []string{"pivottable", "gridreports"}, []string{"pivottable", "gridreports"}},
		{"rh.acme.test:8443", auth.EnvTest, []string{"pivottable", "gridreports"}, nil, nil},
		{"x.demo.acme.test", auth.EnvDemo, []string{"pivottable"}, []string{"tools_015"}, []string{"tools_015"}},
		{"pre.acme.com", auth.EnvPre, nil, []string{"pivottable"}, []string{"pivottable"}},
	} {
		status, u := get(c.host, info, true)
		if status != http.StatusOK {
			t.Fatalf("%s: userinfo %d", c.host, status)
		}
		if u["environment"] != string(c.env) {
			t.Errorf("%s: environment %v, want %s", c.host, u["environment"], c.env)
		}
		menu, deny := strs(u["menu"]), strs(u["deny"])
		for _, id := range c.shown {
			if !slices.Contains(menu, id) {
				t.Errorf("%s: menu lacks %s: %v", c.host, id, menu)
			}
		}
		for _, id := range c.hidden {
			if slices.Contains(menu, id) {
				t.Errorf("%s: menu shows %s", c.host, id)
			}
		}
		for _, id := range c.deniedIDs {
			if !slices.Contains(deny, id) {
				t.Errorf("%s: deny lacks %s: %v", c.host, id, deny)
			}
		}
		if _, ti := get(c.host, "/api/auth/TenantInfo?accessCode="+seed.DemoCode, false); ti["environment"] != string(c.env) {
			t.Errorf("%s: TenantInfo environment %v", c.host, ti["environment"])
		}
	}
}
