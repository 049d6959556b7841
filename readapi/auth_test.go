package readapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/eventstore"
	"portal/platform/pgtest"
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

type response struct {
	status int
	body   []byte
}

func (r response) errorBody(t *testing.T) ErrorBody {
	t.Helper()
	var b ErrorBody
	if err := json.Unmarshal(r.body, &b); err != nil {
		t.Fatalf("error body %s: %v", r.body, err)
	}
	return b
}

func do(h http.Handler, method, target, body, remote string, header map[string]string) response {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	}
	if remote != "" {
		req.RemoteAddr = remote
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return response{rec.Code, rec.Body.Bytes()}
}

func loginBody(code, user, password string) string {
	b, _ := json.Marshal(map[string]string{"accessCode": code, "userName": user, "password": password, "redirectUrl": "/apps/homePage"})
	return string(b)
}

func wantError(t *testing.T, r response, status int, list ...FieldError) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	b := r.errorBody(t)
	if fmt.Sprint(b.Errors) != fmt.Sprint(list) || b.Message != list[0].Message {
		t.Errorf("body %s, want errors %v", r.body, list)
	}
}

func TestTenantInfoCall(t *testing.T) {
	_, h := authServer(t)
	r := do(h, http.MethodGet, "/api/auth/TenantInfo?accessCode=DEMOCORP", "", "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var info map[string]any
	json.Unmarshal(r.body, &info)
	for _, k := range []string{"accessCode", "tenantId", "tenantName", "cognitoGrantTypes", "loginRedirect", "settings",
		"logo", "themes", "urls", "provider"} {
		if _, ok := info[k]; !ok {
			t.Errorf("TenantInfo lacks %q: %s", k, r.body)
		}
	}
	if info["tenantId"] != seed.TenantID(seed.DemoCode).String() || info["tenantName"] != seed.DemoName {
		t.Errorf("TenantInfo = %s", r.body)
	}
	for _, k := range []string{"linkedin", "facebook", "youTube", "spotify", "url", "title"} {
		if _, ok := info["urls"].(map[string]any)[k]; !ok {
			t.Errorf("urls lacks %q", k)
		}
	}

	wantError(t, do(h, http.MethodGet, "/api/auth/TenantInfo?accessCode=NOPECORP", "", "", nil),
		http.StatusNotFound, FieldError{Type: "accessCode", Message: "codigo_acesso_invalido"})
	wantError(t, do(h, http.MethodGet, "/api/auth/TenantInfo", "", "", nil),
		http.StatusBadRequest, FieldError{Type: "accessCode", Message: "codigo_acesso_obrigatorio"})
}

func TestLoginCall(t *testing.T) {
	_, h := authServer(t)
	r := do(h, http.MethodPost, "/api/auth/login", loginBody("DEMOCORP", "ana.souza", seed.DemoPassword), "192.0.2.10:5000", nil)
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var res struct {
		User struct {
			Hash         string `json:"hash"`
			TenID        string `json:"tenId"`
			Layoff       []any  `json:"layoff"`
			CercaVirtual []struct {
				Desc     string
				Lat, Lon float64
			} `json:"cercaVirtual"`
		} `json:"user"`
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refreshToken"`
		IDToken      string `json:"idToken"`
	}
	if err := json.Unmarshal(r.body, &res); err != nil {
		t.Fatal(err)
	}
	if res.User.Hash != seed.UserHash(seed.DemoCode, seed.UserAna) || res.User.TenID != seed.TenantID(seed.DemoCode).String() ||
		res.User.Layoff == nil || len(res.User.Layoff) != 0 || len(res.User.CercaVirtual) != 2 ||
		res.AccessToken == "" || res.RefreshToken == "" || res.IDToken == "" {
		t.Errorf("login answer %s", r.body)
	}

	// Missing fields are named, all at once.
	wantError(t, do(h, http.MethodPost, "/api/auth/login", `{"userName":"  "}`, "", nil), http.StatusBadRequest,
		FieldError{Type: "accessCode", Message: "codigo_acesso_obrigatorio"}, FieldError{Type: "userName", Message: "usuario_obrigatorio"},
		FieldError{Type: "password", Message: "senha_obrigatoria"})
	wantError(t, do(h, http.MethodPost, "/api/auth/login", loginBody("DEMOCORP", "ana.souza", ""), "", nil), http.StatusBadRequest,
		FieldError{Type: "password", Message: "senha_obrigatoria"})
	wantError(t, do(h, http.MethodPost, "/api/auth/login", `{"accessCode":`, "", nil), http.StatusBadRequest,
		FieldError{Type: "request", Message: "valor_invalido"})
}

// Every failed sign-in gets the very same answer.
func TestLoginCallFailures(t *testing.T) {
	s, h := authServer(t)
	ctx := context.Background()
	// A disabled account with the right password.
	if _, err := s.Pool.Exec(ctx, `UPDATE users SET active = false WHERE tenant_id = $1 AND user_name = $2`,
		seed.TenantID(seed.DemoCode), seed.UserTotem); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.Pool.Exec(ctx, `UPDATE users SET active = true WHERE tenant_id = $1 AND user_name = $2`,
			seed.TenantID(seed.DemoCode), seed.UserTotem)
	})
	var first []byte
	for name, body := range map[string]string{
		"wrong_password":   loginBody("DEMOCORP", "marcos.lima", "Demo@2023!"),
		"unknown_user":     loginBody("DEMOCORP", "ninguem.aqui", seed.DemoPassword),
		"unknown_code":     loginBody("NOPECORP", "marcos.lima", seed.DemoPassword),
		"disabled_account": loginBody("DEMOCORP", seed.UserTotem, seed.DemoPassword),
	} {
		r := do(h, http.MethodPost, "/api/auth/login", body, "192.0.2.11:5000", nil)
		wantError(t, r, http.StatusUnauthorized, FieldError{Type: "password", Message: "nao_autorizado"})
		if first == nil {
			first = r.body
		} else if string(r.body) != string(first) {
			t.Errorf("%s: body %s differs from %s", name, r.body, first)
		}
	}
}

// After 100 failures from one address in an hour, even the right password is refused from
// it; forged X-Forwarded-For headers do not give fresh addresses.
func TestLoginCallThrottledPerAddress(t *testing.T) {
	_, h := authServer(t)
	const remote = "198.51.100.77:40000"
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := 0; i < auth.AddressFailureLimit; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r := do(h, http.MethodPost, "/api/auth/login", loginBody("DEMOCORP", fmt.Sprintf("guess.%d", i), "x"), remote,
				map[string]string{"X-Forwarded-For": fmt.Sprintf("10.1.%d.%d", i/250, i%250)})
			if r.status != http.StatusUnauthorized {
				t.Errorf("attempt %d: %d", i, r.status)
			}
		}()
	}
	wg.Wait()
	wantError(t, do(h, http.MethodPost, "/api/auth/login", loginBody("DEMOCORP", "helena.rh", seed.DemoPassword), remote,
		map[string]string{"X-Forwarded-For": "10.9.9.9"}), http.StatusUnauthorized, FieldError{Type: "password", Message: "nao_autorizado"})
	// Another address signs in.
	if r := do(h, http.MethodPost, "/api/auth/login", loginBody("DEMOCORP", "helena.rh", seed.DemoPassword), "198.51.100.78:40000", nil); r.status != http.StatusOK {
		t.Errorf("another address: %d %s", r.status, r.body)
	}
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

func signIn(t *testing.T, h http.Handler, code, user string) (token string, tenID, hash string) {
	t.Helper()
	r := do(h, http.MethodPost, "/api/auth/login", loginBody(code, user, seed.DemoPassword), "192.0.2.20:1", nil)
	if r.status != http.StatusOK {
		t.Fatalf("sign in %s: %d %s", user, r.status, r.body)
	}
	var res struct {
		User struct {
			TenID string `json:"tenId"`
			Hash  string `json:"hash"`
		} `json:"user"`
		AccessToken string `json:"access_token"`
	}
	json.Unmarshal(r.body, &res)
	return res.AccessToken, res.User.TenID, res.User.Hash
}

func TestRequireAuth(t *testing.T) {
	s, h := authServer(t)
	token, _, _ := signIn(t, h, seed.DemoCode, seed.UserAna)
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
			wantError(t, do(p, http.MethodGet, "/probe", "", "", map[string]string{"Authorization": header}), http.StatusUnauthorized, invalid)
		})
	}
	r := do(p, http.MethodGet, "/probe", "", "", map[string]string{"Authorization": "bearer " + token})
	if r.status != http.StatusOK {
		t.Fatalf("valid token: %d %s", r.status, r.body)
	}
	var c auth.Claims
	json.Unmarshal(r.body, &c)
	if c.UserID != seed.UserID(seed.DemoCode, seed.UserAna) || c.Tenant != seed.TenantID(seed.DemoCode) {
		t.Errorf("claims in context: %+v", c)
	}
}

func TestCheckCaller(t *testing.T) {
	s, h := authServer(t)
	token, tenID, hash := signIn(t, h, seed.DemoCode, seed.UserAna)
	_, acmeID, carlaHash := signIn(t, h, seed.AcmeCode, seed.UserCarla)
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
			r := do(c.h, http.MethodGet, c.target, "", "", bearer)
			if c.status == 200 {
				if r.status != 200 {
					t.Errorf("status %d: %s", r.status, r.body)
				}
				return
			}
			wantError(t, r, c.status, FieldError{Type: c.field, Message: c.key})
		})
	}
}
