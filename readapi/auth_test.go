package readapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/readapi/apitest"
	"portal/readapi/httpx"
	"portal/seed"
)

// authEnv is a seeded database and a server with a real auth.Service, started once for
// the tests that need it (lazily, so this file needs no TestMain of its own).
var authEnv struct {
	once    sync.Once
	err     error
	server  *Server
	handler http.Handler
}

func authServer(t *testing.T) (*Server, http.Handler) {
	t.Helper()
	authEnv.once.Do(func() {
		d, err := pgtest.Start("readapi_auth")
		if err != nil {
			authEnv.err = err
			return
		}
		ctx := context.Background()
		store := eventstore.NewPostgres(d.Pool)
		if authEnv.err = seed.Run(ctx, d.Pool, store, time.Now()); authEnv.err != nil {
			return
		}
		svc, err := auth.NewService(ctx, d.Pool, auth.Options{TokenKey: []byte("readapi test key, 32 bytes long!")})
		if err != nil {
			authEnv.err = err
			return
		}
		authEnv.server = &Server{Pool: d.Pool, Store: store, Auth: svc}
		authEnv.handler = authEnv.server.Handler()
	})
	if authEnv.err != nil {
		t.Fatal(authEnv.err)
	}
	return authEnv.server, authEnv.handler
}

// probe is a router with one route behind requireAuth that runs check.
func probe(s *Server, check func(echo.Context) error) http.Handler {
	e := echo.New()
	e.HTTPErrorHandler = errorHandler
	e.GET("/probe", func(c echo.Context) error {
		if err := check(c); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, claimsOf(c))
	}, s.requireAuth)
	return e
}

// probeCaller is a server whose one route sits behind requireAuth and a caller middleware.
func probeCaller(s *Server, caller echo.MiddlewareFunc) http.Handler {
	e := echo.New()
	e.HTTPErrorHandler = errorHandler
	e.GET("/probe", func(c echo.Context) error { return c.JSON(http.StatusOK, claimsOf(c)) }, s.requireAuth, caller)
	return e
}

func TestRequireAuth(t *testing.T) {
	s, h := authServer(t)
	token, _, _ := apitest.SignIn(t, h, seed.DemoCode, seed.UserAna, seed.DemoPassword)
	p := probe(s, func(echo.Context) error { return nil })
	invalid := FieldError{Type: "token", Message: "token_invalido"}
	for name, header := range map[string]string{
		"none":      "",
		"no_scheme": token,
		"basic":     "Basic " + token,
		"garbage":   "Bearer abc.def.ghi",
		"tampered":  "Bearer " + token[:len(token)-2] + "xx",
	} {
		t.Run(name, func(t *testing.T) {
			apitest.WantErrors(t, apitest.Send(p, http.MethodGet, "/probe", "", "", map[string]string{"Authorization": header}), http.StatusUnauthorized, invalid)
		})
	}
	r := apitest.Send(p, http.MethodGet, "/probe", "", "", map[string]string{"Authorization": "bearer " + token})
	if r.Status != http.StatusOK {
		t.Fatalf("valid token: %d %s", r.Status, r.Body)
	}
	var c auth.Claims
	json.Unmarshal(r.Body, &c)
	if c.UserID != seed.UserID(seed.DemoCode, seed.UserAna) || c.Tenant != seed.TenantID(seed.DemoCode) {
		t.Errorf("claims in context: %+v", c)
	}
}

func TestCheckCaller(t *testing.T) {
	s, h := authServer(t)
	token, tenID, hash := apitest.SignIn(t, h, seed.DemoCode, seed.UserAna, seed.DemoPassword)
	_, acmeID, carlaHash := apitest.SignIn(t, h, seed.AcmeCode, seed.UserCarla, seed.DemoPassword)
	bearer := map[string]string{"Authorization": "Bearer " + token}
	optional, tenant, required := probeCaller(s, httpx.Caller(httpx.IDsWhenSent)), probeCaller(s, httpx.Caller(httpx.TenantRequired)),
		probeCaller(s, httpx.Caller(httpx.BothRequired))
	q := func(kv ...string) string {
		v := url.Values{}
		for i := 0; i < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return "/probe?" + v.Encode()
	}
	cases := []struct {
		name   string
		h      http.Handler
		target string
		status int
		field  string
		key    string
	}{
		{"own_ids", optional, q("tenId", tenID, "userHash", hash), 200, "", ""},
		{"own_ids_required", required, q("tenId", tenID, "userHash", hash), 200, "", ""},
		{"none_optional", optional, q(), 200, "", ""},
		{"foreign_tenant", optional, q("tenId", acmeID, "userHash", hash), 403, "tenId", "acesso_negado"},
		{"foreign_user", optional, q("tenId", tenID, "userHash", carlaHash), 403, "userHash", "acesso_negado"},
		{"foreign_user_only", optional, q("userHash", carlaHash), 403, "userHash", "acesso_negado"},
		{"malformed_tenant", optional, q("tenId", "DEMOCORP"), 403, "tenId", "acesso_negado"},
		{"foreign_tenant_required", required, q("tenId", acmeID, "userHash", hash), 403, "tenId", "acesso_negado"},
		{"missing_tenant", required, q("userHash", hash), 400, "tenId", "campo_obrigatorio"},
		{"missing_user", required, q("tenId", tenID), 400, "userHash", "campo_obrigatorio"},
		{"tenant_only", tenant, q("tenId", tenID), 200, "", ""},
		{"tenant_missing", tenant, q("userHash", hash), 400, "tenId", "campo_obrigatorio"},
		{"tenant_foreign_user", tenant, q("tenId", tenID, "userHash", carlaHash), 403, "userHash", "acesso_negado"},
		{"tenant_foreign", tenant, q("tenId", acmeID), 403, "tenId", "acesso_negado"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := apitest.Send(c.h, http.MethodGet, c.target, "", "", bearer)
			if c.status == 200 {
				if r.Status != 200 {
					t.Errorf("status %d: %s", r.Status, r.Body)
				}
				return
			}
			apitest.WantErrors(t, r, c.status, FieldError{Type: c.field, Message: c.key})
		})
	}
}
