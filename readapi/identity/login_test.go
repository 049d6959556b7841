package identity_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"portal/auth"
	"portal/readapi/apitest"
	"portal/readapi/httpx"
	"portal/readapi/readapitest"
	"portal/seed"
)

func TestTenantInfoCall(t *testing.T) {
	h := readapitest.NewSeeded(t, "identity_login").Handler()
	r := apitest.Send(h, http.MethodGet, "/api/auth/TenantInfo?accessCode=DEMOCORP", "", "", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	var info map[string]any
	json.Unmarshal(r.Body, &info)
	for _, k := range []string{"accessCode", "tenantId", "tenantName", "cognitoGrantTypes", "loginRedirect", "settings",
		"logo", "themes", "urls", "provider"} {
		if _, ok := info[k]; !ok {
			t.Errorf("TenantInfo lacks %q: %s", k, r.Body)
		}
	}
	if info["tenantId"] != seed.TenantID(seed.DemoCode).String() || info["tenantName"] != seed.DemoName {
		t.Errorf("TenantInfo = %s", r.Body)
	}
	for _, k := range []string{"linkedin", "facebook", "youTube", "spotify", "url", "title"} {
		if _, ok := info["urls"].(map[string]any)[k]; !ok {
			t.Errorf("urls lacks %q", k)
		}
	}

	apitest.WantErrors(t, apitest.Send(h, http.MethodGet, "/api/auth/TenantInfo?accessCode=NOPECORP", "", "", nil),
		http.StatusNotFound, httpx.FieldError{Type: "accessCode", Message: "codigo_acesso_invalido"})
	apitest.WantErrors(t, apitest.Send(h, http.MethodGet, "/api/auth/TenantInfo", "", "", nil),
		http.StatusBadRequest, httpx.FieldError{Type: "accessCode", Message: "codigo_acesso_obrigatorio"})
}

func TestLoginCall(t *testing.T) {
	h := readapitest.NewSeeded(t, "identity_login").Handler()
	r := apitest.Send(h, http.MethodPost, "/api/auth/login", apitest.LoginBody("DEMOCORP", "ana.souza", seed.DemoPassword), "192.0.2.10:5000", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("status %d: %s", r.Status, r.Body)
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
	if err := json.Unmarshal(r.Body, &res); err != nil {
		t.Fatal(err)
	}
	if res.User.Hash != seed.UserHash(seed.DemoCode, seed.UserAna) || res.User.TenID != seed.TenantID(seed.DemoCode).String() ||
		res.User.Layoff == nil || len(res.User.Layoff) != 0 || len(res.User.CercaVirtual) != 2 ||
		res.AccessToken == "" || res.RefreshToken == "" || res.IDToken == "" {
		t.Errorf("login answer %s", r.Body)
	}

	// Missing fields are named, all at once.
	apitest.WantErrors(t, apitest.Send(h, http.MethodPost, "/api/auth/login", `{"userName":"  "}`, "", nil), http.StatusBadRequest,
		httpx.FieldError{Type: "accessCode", Message: "codigo_acesso_obrigatorio"}, httpx.FieldError{Type: "userName", Message: "usuario_obrigatorio"},
		httpx.FieldError{Type: "password", Message: "senha_obrigatoria"})
	apitest.WantErrors(t, apitest.Send(h, http.MethodPost, "/api/auth/login", apitest.LoginBody("DEMOCORP", "ana.souza", ""), "", nil), http.StatusBadRequest,
		httpx.FieldError{Type: "password", Message: "senha_obrigatoria"})
	apitest.WantErrors(t, apitest.Send(h, http.MethodPost, "/api/auth/login", `{"accessCode":`, "", nil), http.StatusBadRequest,
		httpx.FieldError{Type: "request", Message: "valor_invalido"})
}

// Every failed sign-in gets the very same answer.
func TestLoginCallFailures(t *testing.T) {
	e := readapitest.NewSeeded(t, "identity_login")
	s, h := e.Server, e.Handler()
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
		"wrong_password":   apitest.LoginBody("DEMOCORP", "marcos.lima", "Demo@2023!"),
		"unknown_user":     apitest.LoginBody("DEMOCORP", "ninguem.aqui", seed.DemoPassword),
		"unknown_code":     apitest.LoginBody("NOPECORP", "marcos.lima", seed.DemoPassword),
		"disabled_account": apitest.LoginBody("DEMOCORP", seed.UserTotem, seed.DemoPassword),
	} {
		r := apitest.Send(h, http.MethodPost, "/api/auth/login", body, "192.0.2.11:5000", nil)
		apitest.WantErrors(t, r, http.StatusUnauthorized, httpx.FieldError{Type: "password", Message: "nao_autorizado"})
		if first == nil {
			first = r.Body
		} else if string(r.Body) != string(first) {
			t.Errorf("%s: body %s differs from %s", name, r.Body, first)
		}
	}
}

// After 100 failures from one address in an hour, even the right password is refused from
// it; forged X-Forwarded-For headers do not give fresh addresses.
func TestLoginCallThrottledPerAddress(t *testing.T) {
	h := readapitest.NewSeeded(t, "identity_login").Handler()
	const remote = "198.51.100.77:40000"
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := 0; i < auth.AddressFailureLimit; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r := apitest.Send(h, http.MethodPost, "/api/auth/login", apitest.LoginBody("DEMOCORP", fmt.Sprintf("guess.%d", i), "x"), remote,
				map[string]string{"X-Forwarded-For": fmt.Sprintf("10.1.%d.%d", i/250, i%250)})
			if r.Status != http.StatusUnauthorized {
				t.Errorf("attempt %d: %d", i, r.Status)
			}
		}()
	}
	wg.Wait()
	apitest.WantErrors(t, apitest.Send(h, http.MethodPost, "/api/auth/login", apitest.LoginBody("DEMOCORP", "helena.rh", seed.DemoPassword), remote,
		map[string]string{"X-Forwarded-For": "10.9.9.9"}), http.StatusUnauthorized, httpx.FieldError{Type: "password", Message: "nao_autorizado"})
	// Another address signs in.
	if r := apitest.Send(h, http.MethodPost, "/api/auth/login", apitest.LoginBody("DEMOCORP", "helena.rh", seed.DemoPassword), "198.51.100.78:40000", nil); r.Status != http.StatusOK {
		t.Errorf("another address: %d %s", r.Status, r.Body)
	}
}
