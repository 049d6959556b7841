package readapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"portal/commands/clocktest"
	"portal/commands/settings"
	settingsproj "portal/projections/settings"
	"portal/readapi/readapitest"
	settingsapi "portal/readapi/settings"
)

// publicRoutes answer without a signed-in caller (sign-in itself); every other /api route
// must refuse a caller who names another tenant's ids.
var publicRoutes = map[string]bool{
	"/api/auth/TenantInfo": true, "/api/auth/login": true, "/api/auth/refreshToken": true,
	"/api/auth/signInWithToken": true, "/api/auth/signInWithRefreshToken": true, "/api/auth/logout": true,
	"/api/auth/NewPasswordRequired": true, "/api/auth/authManagement/AdminForgotPassword": true,
	"/api/auth/authManagement/AdminConfirmForgotPassword": true, "/api/auth/sso/start": true,
	"/api/auth/sso/callback": true, "/api/auth/loginGoogle": true, "/api/*": true,
	// The push token takes no ids at all: its channels are the token's tenant and user
	// (push_test.go shows another tenant's messages never arrive).
	"/api/push/token": true,
}

// Every route called with another tenant's ids (in the query and in the body) returns no
// data: a 4xx, never a 2xx. The list of routes comes from the router itself, so a route
// added later is swept too.
func TestEveryRouteRefusesAnotherTenantsIDs(t *testing.T) {
	env := readapitest.New(t, "readapi_tenancy", readapitest.ClockNow)
	ctx := context.Background()

	a := env.Person(t, nil, clocktest.Options{})
	b := env.Person(t, nil, clocktest.Options{})
	if a.Tenant == b.Tenant {
		t.Fatal("the two people share a tenant")
	}
	// The settings area is wired apart (cmd/portal); the sweep adds it to the server.
	full := env.Server
	settingsHandler, err := settings.New(env.DB.Pool, settingsproj.Settings{}, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	full.Settings = &settingsapi.API{Handler: settingsHandler}
	e := full.Handler()
	swept := 0
	for _, r := range e.Routes() {
		if !strings.HasPrefix(r.Path, "/api/") || publicRoutes[r.Path] || r.Method == "echo_route_not_found" || r.Method == http.MethodOptions {
			continue
		}
		q := url.Values{"tenId": {b.Tenant.String()}, "userHash": {b.UserHash}, "tenantId": {b.Tenant.String()},
			"m01Ukey": {b.EmployeeID.String()}, "id": {"1"}, "ukey": {"x"}, "latitude": {"-23.55"}, "longitude": {"-46.63"}, "type": {"1"}}
		body := fmt.Sprintf(`{"tenId":%q,"tenantId":%q,"userHash":%q,"message":"x","shortcuts":"","languageId":"pt","settings":{}}`,
			b.Tenant, b.Tenant, b.UserHash)
		req := httptest.NewRequest(r.Method, r.Path+"?"+q.Encode(), strings.NewReader(body)).WithContext(ctx)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+a.Token)
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("%s %s with another tenant's ids answered %d: %s", r.Method, r.Path, rec.Code, rec.Body.String())
		}
		swept++
	}
	if swept < 10 {
		t.Fatalf("swept only %d routes", swept)
	}
	t.Logf("%d routes refuse another tenant's ids", swept)
}
