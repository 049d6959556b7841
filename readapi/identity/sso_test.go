package identity_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"portal/auth"
	"portal/auth/oidctest"
	"portal/eventstore"
	"portal/readapi"
	"portal/readapi/apitest"
	"portal/readapi/httpx"
	"portal/readapi/readapitest"
	"portal/seed"
)

// The single sign-on calls driven end to end over real HTTP: the portal on one httptest
// server, a real OpenID provider (auth/oidctest, ory/fosite) on another, and an HTTP client
// in the browser's part (start → provider → callback). The tests change the demo tenants'
// provider, so they do not run in parallel, and they undo their changes.

type ssoEnv struct {
	t      *testing.T
	server *readapi.Server
	portal *httptest.Server
	op     *oidctest.Provider
}

func newSSOEnv(t *testing.T) *ssoEnv {
	t.Helper()
	seeded := readapitest.NewSeeded(t, "readapi_sso")
	s := seeded.Server
	portal := httptest.NewServer(seeded.Handler())
	t.Cleanup(portal.Close)
	op := oidctest.Start(t, oidctest.Options{
		ClientID: "portal-web", RedirectURIs: []string{"http://127.0.0.1/callback"},
		User: oidctest.User{Subject: "google-ana", Email: seed.UserAna + "@democorp.com.br"},
	})
	e := &ssoEnv{t: t, server: s, portal: portal, op: op}
	for _, code := range []string{seed.DemoCode, seed.AcmeCode} {
		tenant := seed.TenantID(code)
		// Both tenants use the same provider and client: only the link decides.
		if _, err := s.Pool.Exec(context.Background(), `INSERT INTO tenant_sso (tenant_id, issuer, client_id, grant_types)
			VALUES ($1, $2, $3, 1) ON CONFLICT (tenant_id) DO UPDATE SET issuer = excluded.issuer,
			client_id = excluded.client_id, grant_types = 1, enabled = true`, tenant, op.Issuer(), op.ClientID()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			s.Pool.Exec(context.Background(), `DELETE FROM user_identities WHERE tenant_id = $1`, tenant)
			s.Pool.Exec(context.Background(), `DELETE FROM tenant_sso WHERE tenant_id = $1`, tenant)
		})
	}
	return e
}

type ssoResponse struct {
	status int
	body   []byte
	header http.Header
}

func (r ssoResponse) want(t *testing.T, status int, typ, message string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	if typ == "" {
		return
	}
	var b httpx.ErrorBody
	json.Unmarshal(r.body, &b)
	if len(b.Errors) != 1 || b.Errors[0] != (httpx.FieldError{Type: typ, Message: message}) || b.Message != message {
		t.Fatalf("body %s, want {%s, %s}", r.body, typ, message)
	}
}

func (e *ssoEnv) call(method, path string, body any, token string) ssoResponse {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.portal.URL+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return ssoResponse{resp.StatusCode, b, resp.Header}
}

// authorize starts a sign-in for the tenant and plays the browser at the provider: the
// answer is the provider's redirect to the portal's /callback, with code and state.
func (e *ssoEnv) authorize(code string) url.Values {
	e.t.Helper()
	r := e.call(http.MethodGet, "/api/auth/sso/start?"+url.Values{
		"accessCode": {code}, "redirectUrl": {e.portal.URL + "/callback"}}.Encode(), nil, "")
	r.want(e.t, http.StatusOK, "", "")
	var start struct {
		URL string `json:"url"`
	}
	json.Unmarshal(r.body, &start)
	back, err := oidctest.Authorize(context.Background(), start.URL)
	if err != nil {
		e.t.Fatal(err)
	}
	if !strings.HasPrefix(back.String(), e.portal.URL+"/callback?") || back.Query().Get("code") == "" {
		e.t.Fatalf("provider redirected to %s", back)
	}
	return back.Query()
}

func (e *ssoEnv) callback(code, state string) ssoResponse {
	e.t.Helper()
	return e.call(http.MethodPost, "/api/auth/sso/callback", map[string]string{"code": code, "state": state}, "")
}

type ssoSignedIn struct {
	User struct {
		UserName string `json:"userName"`
		TenID    string `json:"tenId"`
		Hash     string `json:"hash"`
		IsSSO    bool   `json:"isSSO"`
	} `json:"user"`
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refreshToken"`
}

func (e *ssoEnv) password(code, user string) ssoSignedIn {
	e.t.Helper()
	r := e.call(http.MethodPost, "/api/auth/login", map[string]string{"accessCode": code, "userName": user,
		"password": seed.DemoPassword, "redirectUrl": e.portal.URL}, "")
	r.want(e.t, http.StatusOK, "", "")
	var s ssoSignedIn
	json.Unmarshal(r.body, &s)
	return s
}

// linkBody is the linkGoogle / removelinkGoogle body with a fresh ID token of the provider's
// current user.
func (e *ssoEnv) linkBody(who ssoSignedIn) map[string]string {
	e.t.Helper()
	idToken, err := e.op.IDToken(context.Background(), "http://127.0.0.1/callback")
	if err != nil {
		e.t.Fatal(err)
	}
	return map[string]string{"tenId": who.User.TenID, "userHash": who.User.Hash, "token": idToken}
}

func TestSSOCodeFlow(t *testing.T) {
	e := newSSOEnv(t)

	// TenantInfo shows the provider (spec §3) and no secret.
	r := e.call(http.MethodGet, "/api/auth/TenantInfo?accessCode="+seed.DemoCode, nil, "")
	var info struct {
		CognitoGrantTypes     int               `json:"cognitoGrantTypes"`
		CognitoAppIntegration map[string]string `json:"cognitoAppIntegration"`
	}
	json.Unmarshal(r.body, &info)
	if info.CognitoGrantTypes != 1 || info.CognitoAppIntegration["appClientId"] != "portal-web" ||
		info.CognitoAppIntegration["cognitoDomain"] != e.op.Issuer() {
		t.Fatalf("TenantInfo %s", r.body)
	}

	// Not linked yet: the provider's sign-in does not make Ana.
	q := e.authorize(seed.DemoCode)
	e.callback(q.Get("code"), q.Get("state")).want(t, http.StatusUnauthorized, "sso", "conta_nao_vinculada")

	// Ana links her account, signed in with her password and holding a fresh ID token.
	ana := e.password(seed.DemoCode, seed.UserAna)
	e.call(http.MethodPost, "/api/auth/linkGoogle", e.linkBody(ana), ana.AccessToken).want(t, http.StatusNoContent, "", "")

	// start → provider → callback → tokens.
	q = e.authorize(seed.DemoCode)
	r = e.callback(q.Get("code"), q.Get("state"))
	r.want(t, http.StatusOK, "", "")
	var got ssoSignedIn
	json.Unmarshal(r.body, &got)
	if got.User.UserName != seed.UserAna || !got.User.IsSSO || got.AccessToken == "" || got.RefreshToken == "" {
		t.Fatalf("callback answered %s", r.body)
	}
	if r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q", r.header.Get("Cache-Control"))
	}
	// The access token works on the API.
	e.call(http.MethodPost, "/api/auth/linkGoogle", map[string]string{"tenId": got.User.TenID, "userHash": got.User.Hash},
		got.AccessToken).want(t, http.StatusBadRequest, "token", "campo_obrigatorio")

	// The state is single use: the same callback again is 'Invalid state'.
	e.callback(q.Get("code"), q.Get("state")).want(t, http.StatusBadRequest, "state", "estado_invalido")

	// userinfo and a refresh of the session still say isSSO (spec §3).
	r = e.call(http.MethodGet, "/api/cac-app/userinfo?tenId="+got.User.TenID+"&userHash="+got.User.Hash, nil, got.AccessToken)
	r.want(t, http.StatusOK, "", "")
	if !strings.Contains(string(r.body), `"isSSO":true`) {
		t.Errorf("userinfo of the SSO session: %s", r.body)
	}
	r = e.call(http.MethodPost, "/api/auth/refreshToken", map[string]string{"accessCode": seed.DemoCode,
		"userName": seed.UserAna, "refreshToken": got.RefreshToken}, "")
	r.want(t, http.StatusOK, "", "")
	var refreshed ssoSignedIn
	json.Unmarshal(r.body, &refreshed)
	if !refreshed.User.IsSSO {
		t.Errorf("refreshed answer %s", r.body)
	}

	// Its logout answers the provider's end-session address (spec §4); a password session's
	// logout answers none.
	back := e.portal.URL + "/login/" + seed.DemoCode
	r = e.call(http.MethodPost, "/api/auth/logout", map[string]string{"accessCode": seed.DemoCode,
		"refreshToken": refreshed.RefreshToken, "redirectUrl": back}, refreshed.AccessToken)
	r.want(t, http.StatusOK, "", "")
	var out struct {
		Success   bool   `json:"success"`
		LogoutURL string `json:"logoutUrl"`
	}
	json.Unmarshal(r.body, &out)
	if !out.Success || !strings.HasPrefix(out.LogoutURL, e.op.Issuer()+oidctest.LogoutPath+"?") ||
		!strings.Contains(out.LogoutURL, url.QueryEscape(back)) {
		t.Errorf("SSO logout answered %s", r.body)
	}
	r = e.call(http.MethodPost, "/api/auth/logout", map[string]string{"accessCode": seed.DemoCode,
		"refreshToken": ana.RefreshToken, "redirectUrl": back}, ana.AccessToken)
	if r.want(t, http.StatusOK, "", ""); strings.Contains(string(r.body), "logoutUrl") {
		t.Errorf("password logout answered %s", r.body)
	}

	// start?redirect=1 answers a redirect to the provider.
	r = e.call(http.MethodGet, "/api/auth/sso/start?"+url.Values{"accessCode": {seed.DemoCode},
		"redirectUrl": {e.portal.URL + "/callback"}, "redirect": {"1"}}.Encode(), nil, "")
	if r.status != http.StatusFound || !strings.HasPrefix(r.header.Get("Location"), e.op.Issuer()+oidctest.AuthPath+"?") {
		t.Errorf("redirect=1: %d %s", r.status, r.header.Get("Location"))
	}
}

func TestSSORefusals(t *testing.T) {
	e := newSSOEnv(t)
	s := e.server
	ana := e.password(seed.DemoCode, seed.UserAna)
	e.call(http.MethodPost, "/api/auth/linkGoogle", e.linkBody(ana), ana.AccessToken).want(t, http.StatusNoContent, "", "")

	t.Run("wrong_state", func(t *testing.T) {
		q := e.authorize(seed.DemoCode)
		demo := seed.TenantID(seed.DemoCode).String()
		acme := seed.TenantID(seed.AcmeCode).String()
		real := q.Get("state")
		for name, state := range map[string]string{
			"random":       "x" + real[1:],
			"no_tenant":    strings.SplitN(real, ".", 2)[1],
			"other_secret": demo + ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
			"other_tenant": acme + "." + strings.SplitN(real, ".", 2)[1],
			"not_uuid":     "DEMOCORP." + strings.SplitN(real, ".", 2)[1],
		} {
			t.Run(name, func(t *testing.T) {
				e.callback(q.Get("code"), state).want(t, http.StatusBadRequest, "state", "estado_invalido")
			})
		}
		e.callback(q.Get("code"), "").want(t, http.StatusBadRequest, "state", "estado_invalido")
		// The real state still works once: a wrong one consumed nothing.
		e.callback(q.Get("code"), real).want(t, http.StatusOK, "", "")
	})

	t.Run("pkce_verifier_mismatch", func(t *testing.T) {
		// Two sign-ins under way; the code of one comes back with the state of the other.
		// The portal sends the verifier of the state's request, which does not match the
		// challenge the code was issued for: the provider refuses the exchange.
		first, second := e.authorize(seed.DemoCode), e.authorize(seed.DemoCode)
		before := len(e.op.TokenErrors())
		e.callback(second.Get("code"), first.Get("state")).want(t, http.StatusUnauthorized, "code", "codigo_invalido")
		if errs := e.op.TokenErrors(); len(errs) != before+1 || errs[len(errs)-1] != "invalid_grant" {
			t.Errorf("provider's token errors %v, want a new invalid_grant", errs)
		}
	})

	t.Run("nonce_mismatch", func(t *testing.T) {
		// The provider puts the authorization request's nonce in the ID token; a pending
		// request whose stored nonce differs (as when an ID token of another request is
		// injected) is refused after the exchange.
		q := e.authorize(seed.DemoCode)
		sum := sha256.Sum256([]byte(q.Get("state")))
		tag, err := s.Pool.Exec(context.Background(), `UPDATE sso_states SET nonce = 'another-nonce-0123456789'
			WHERE tenant_id = $1 AND state_hash = $2`, seed.TenantID(seed.DemoCode), sum[:])
		if err != nil || tag.RowsAffected() != 1 {
			t.Fatal(tag, err)
		}
		e.callback(q.Get("code"), q.Get("state")).want(t, http.StatusUnauthorized, "nonce", "nonce_invalido")
	})

	t.Run("identity_of_tenant_a_in_tenant_b", func(t *testing.T) {
		// ACMECORP uses the same provider and client; Ana's identity is linked in DEMOCORP only.
		q := e.authorize(seed.AcmeCode)
		e.callback(q.Get("code"), q.Get("state")).want(t, http.StatusUnauthorized, "sso", "conta_nao_vinculada")
		body := e.linkBody(ana)
		e.call(http.MethodPost, "/api/auth/loginGoogle", map[string]string{"accessCode": seed.AcmeCode, "token": body["token"]}, "").
			want(t, http.StatusUnauthorized, "sso", "conta_nao_vinculada")
		// and in DEMOCORP it is Ana
		r := e.call(http.MethodPost, "/api/auth/loginGoogle", map[string]string{"accessCode": seed.DemoCode, "token": body["token"]}, "")
		r.want(t, http.StatusOK, "", "")
		if !strings.Contains(string(r.body), `"userName":"`+seed.UserAna+`"`) {
			t.Errorf("loginGoogle answered %s", r.body)
		}
	})

	t.Run("same_email_other_subject", func(t *testing.T) {
		e.op.SetUser(oidctest.User{Subject: "someone-else", Email: seed.UserAna + "@democorp.com.br"})
		defer e.op.SetUser(oidctest.User{Subject: "google-ana", Email: seed.UserAna + "@democorp.com.br"})
		q := e.authorize(seed.DemoCode)
		e.callback(q.Get("code"), q.Get("state")).want(t, http.StatusUnauthorized, "sso", "conta_nao_vinculada")
	})

	t.Run("bad_requests", func(t *testing.T) {
		start := func(q url.Values) ssoResponse {
			return e.call(http.MethodGet, "/api/auth/sso/start?"+q.Encode(), nil, "")
		}
		start(url.Values{"redirectUrl": {e.portal.URL}}).want(t, http.StatusBadRequest, "accessCode", "codigo_acesso_obrigatorio")
		start(url.Values{"accessCode": {"NOPE0000"}, "redirectUrl": {e.portal.URL}}).want(t, http.StatusNotFound, "accessCode", "codigo_acesso_invalido")
		start(url.Values{"accessCode": {seed.DemoCode}, "redirectUrl": {"https://evil.example/steal"}}).want(t, http.StatusBadRequest, "redirectUrl", "valor_invalido")
		e.callback("", "x.y").want(t, http.StatusBadRequest, "code", "campo_obrigatorio")
		e.call(http.MethodPost, "/api/auth/loginGoogle", map[string]string{"accessCode": seed.DemoCode, "token": "a.b.c"}, "").
			want(t, http.StatusUnauthorized, "token", "id_token_invalido")
	})

	t.Run("link_calls", func(t *testing.T) {
		marcos := e.password(seed.DemoCode, seed.UserMarcos)
		carla := e.password(seed.AcmeCode, seed.UserCarla)
		body := e.linkBody(marcos)
		e.call(http.MethodPost, "/api/auth/linkGoogle", body, "").want(t, http.StatusUnauthorized, "token", "token_invalido")
		// tenId and userHash must be the caller's.
		other := map[string]string{"tenId": carla.User.TenID, "userHash": marcos.User.Hash, "token": body["token"]}
		e.call(http.MethodPost, "/api/auth/linkGoogle", other, marcos.AccessToken).want(t, http.StatusForbidden, "tenId", "acesso_negado")
		other = map[string]string{"tenId": marcos.User.TenID, "userHash": ana.User.Hash, "token": body["token"]}
		e.call(http.MethodPost, "/api/auth/linkGoogle", other, marcos.AccessToken).want(t, http.StatusForbidden, "userHash", "acesso_negado")
		// Ana's identity is taken; a refusal of a signed-in call is never 401 (that signs out).
		e.call(http.MethodPost, "/api/auth/linkGoogle", body, marcos.AccessToken).want(t, http.StatusConflict, "token", "identidade_ja_vinculada")
		e.call(http.MethodPost, "/api/auth/removelinkGoogle", body, marcos.AccessToken).want(t, http.StatusNotFound, "token", "conta_nao_vinculada")
		body["token"] = "a.b.c"
		e.call(http.MethodPost, "/api/auth/linkGoogle", body, marcos.AccessToken).want(t, http.StatusUnprocessableEntity, "token", "id_token_invalido")

		// Ana unlinks: the provider no longer signs her in.
		e.call(http.MethodPost, "/api/auth/removelinkGoogle", e.linkBody(ana), ana.AccessToken).want(t, http.StatusNoContent, "", "")
		q := e.authorize(seed.DemoCode)
		e.callback(q.Get("code"), q.Get("state")).want(t, http.StatusUnauthorized, "sso", "conta_nao_vinculada")
	})

	t.Run("no_provider", func(t *testing.T) {
		s.Pool.Exec(context.Background(), `UPDATE tenant_sso SET enabled = false WHERE tenant_id = $1`, seed.TenantID(seed.AcmeCode))
		e.call(http.MethodGet, "/api/auth/sso/start?"+url.Values{"accessCode": {seed.AcmeCode}, "redirectUrl": {e.portal.URL}}.Encode(), nil, "").
			want(t, http.StatusBadRequest, "sso", "sso_nao_configurado")
	})

	if errs := e.op.TokenErrors(); slices.Contains(errs, "invalid_client") {
		t.Errorf("the provider refused the portal as a client: %v", errs)
	}
}

// The tenant's provider is configured by users with the Admin flag (spec portal-core §3,
// business §6), validated by the server, and reaches TenantInfo at once.
func TestSSOConfigAdmin(t *testing.T) {
	e := newSSOEnv(t)
	helena := e.password(seed.DemoCode, seed.UserHelena)
	ana := e.password(seed.DemoCode, seed.UserAna)
	q := "?tenId=" + helena.User.TenID
	path := "/api/auth/sso/config"

	r := e.call(http.MethodGet, path+q, nil, helena.AccessToken)
	r.want(t, http.StatusOK, "", "")
	var v map[string]any
	json.Unmarshal(r.body, &v)
	if v["issuer"] != e.op.Issuer() || v["clientId"] != "portal-web" || v["hasSecret"] != false || v["configured"] != true ||
		strings.Contains(string(r.body), "secret\":\"") {
		t.Fatalf("config %s", r.body)
	}
	// Not for users without the Admin flag, nor for another tenant's id.
	e.call(http.MethodGet, path+"?tenId="+ana.User.TenID, nil, ana.AccessToken).want(t, http.StatusForbidden, "request", "acesso_negado")
	e.call(http.MethodPut, path+"?tenId="+ana.User.TenID, map[string]any{"issuer": e.op.Issuer(), "clientId": "x"}, ana.AccessToken).
		want(t, http.StatusForbidden, "request", "acesso_negado")
	e.call(http.MethodGet, path+"?tenId="+seed.TenantID(seed.AcmeCode).String(), nil, helena.AccessToken).
		want(t, http.StatusForbidden, "tenId", "acesso_negado")

	// Server validation: each bad field is a 400 on that field, and nothing changes.
	good := func(change func(m map[string]any)) map[string]any {
		m := map[string]any{"issuer": e.op.Issuer(), "clientId": "portal-web", "grantTypes": 1, "enabled": true}
		change(m)
		return m
	}
	for _, c := range []struct {
		body          map[string]any
		field, reason string
	}{
		{good(func(m map[string]any) { m["issuer"] = "" }), "issuer", "campo_obrigatorio"},
		{good(func(m map[string]any) { m["issuer"] = "not a url" }), "issuer", "emissor_invalido"},
		{good(func(m map[string]any) { m["issuer"] = "ftp://idp.example" }), "issuer", "emissor_invalido"},
		{good(func(m map[string]any) { m["issuer"] = "https://u:p@idp.example" }), "issuer", "emissor_invalido"},
		{good(func(m map[string]any) { m["issuer"] = "http://idp.example.com" }), "issuer", "emissor_https"},
		{good(func(m map[string]any) { m["clientId"] = " " }), "clientId", "campo_obrigatorio"},
		{good(func(m map[string]any) { m["clientId"] = "has space" }), "clientId", "cliente_invalido"},
		{good(func(m map[string]any) { m["grantTypes"] = 3 }), "grantTypes", "tipo_concessao_invalido"},
		{good(func(m map[string]any) { m["clientSecret"] = strings.Repeat("s", 501) }), "clientSecret", "segredo_muito_longo"},
	} {
		e.call(http.MethodPut, path+q, c.body, helena.AccessToken).want(t, http.StatusBadRequest, c.field, c.reason)
	}
	e.call(http.MethodPut, path+q, `{"issuer":`, helena.AccessToken).want(t, http.StatusBadRequest, "request", "valor_invalido")
	// An enabled provider whose discovery fails is refused; disabled, it may be stored.
	dead := good(func(m map[string]any) { m["issuer"] = "http://127.0.0.1:1" })
	e.call(http.MethodPut, path+q, dead, helena.AccessToken).want(t, http.StatusUnprocessableEntity, "issuer", "provedor_indisponivel")
	r = e.call(http.MethodGet, "/api/auth/TenantInfo?accessCode="+seed.DemoCode, nil, "")
	if !strings.Contains(string(r.body), e.op.Issuer()) {
		t.Fatalf("a refused change reached TenantInfo: %s", r.body)
	}

	// A good change: stored, secret kept when not sent, shown by TenantInfo at once.
	saved := good(func(m map[string]any) { m["grantTypes"] = 2; m["clientSecret"] = "s3cret" })
	r = e.call(http.MethodPut, path+q, saved, helena.AccessToken)
	r.want(t, http.StatusOK, "", "")
	if strings.Contains(string(r.body), "s3cret") || !strings.Contains(string(r.body), `"hasSecret":true`) {
		t.Fatalf("saved %s", r.body)
	}
	r = e.call(http.MethodPut, path+q, good(func(m map[string]any) { m["grantTypes"] = 0 }), helena.AccessToken)
	if r.want(t, http.StatusOK, "", ""); !strings.Contains(string(r.body), `"hasSecret":true`) {
		t.Errorf("secret not kept: %s", r.body)
	}
	r = e.call(http.MethodGet, "/api/auth/TenantInfo?accessCode="+seed.DemoCode, nil, "")
	if !strings.Contains(string(r.body), `"cognitoGrantTypes":0`) {
		t.Errorf("TenantInfo after the change: %s", r.body)
	}
	r = e.call(http.MethodPut, path+q, good(func(m map[string]any) { m["clientSecret"] = ""; m["enabled"] = false }), helena.AccessToken)
	if r.want(t, http.StatusOK, "", ""); !strings.Contains(string(r.body), `"hasSecret":false`) || !strings.Contains(string(r.body), `"enabled":false`) {
		t.Errorf("public client, disabled: %s", r.body)
	}
	r = e.call(http.MethodGet, "/api/auth/TenantInfo?accessCode="+seed.DemoCode, nil, "")
	if !strings.Contains(string(r.body), `"cognitoAppIntegration":null`) {
		t.Errorf("a disabled provider shows in TenantInfo: %s", r.body)
	}
	// Each stored change left an audit event on the administrator's stream, without the secret.
	s := e.server
	var audits []string
	for _, ev := range apitest.TenantLog(t, s.Store, seed.TenantID(seed.DemoCode), func(ev eventstore.RecordedEvent) bool {
		var d auth.SSOConfigured
		return ev.Type == auth.TypeSSOConfigured && json.Unmarshal(ev.Data, &d) == nil && !d.Enabled
	}) {
		if ev.Type == auth.TypeSSOConfigured {
			audits = append(audits, string(ev.Data))
			if ev.Stream != eventstore.StreamName("identity", seed.UserID(seed.DemoCode, seed.UserHelena)) || strings.Contains(string(ev.Data), "s3cret") {
				t.Errorf("audit event %s %s", ev.Stream, ev.Data)
			}
		}
	}
	if len(audits) != 3 {
		t.Errorf("%d audit events, want 3: %v", len(audits), audits)
	}
}

// The profile screen links and unlinks the signed-in user's identity through the provider's
// own sign-in (the code flow with PKCE), bound to that user.
func TestSSOLinkThroughProvider(t *testing.T) {
	e := newSSOEnv(t)
	ana := e.password(seed.DemoCode, seed.UserAna)
	marcos := e.password(seed.DemoCode, seed.UserMarcos)
	q := "tenId=" + ana.User.TenID + "&userHash=" + ana.User.Hash
	start := func(who ssoSignedIn, intent string) url.Values {
		t.Helper()
		r := e.call(http.MethodGet, "/api/auth/sso/link/start?"+url.Values{"intent": {intent},
			"redirectUrl": {e.portal.URL + "/callback"}}.Encode(), nil, who.AccessToken)
		r.want(t, http.StatusOK, "", "")
		var s struct {
			URL string `json:"url"`
		}
		json.Unmarshal(r.body, &s)
		back, err := oidctest.Authorize(context.Background(), s.URL)
		if err != nil {
			t.Fatal(err)
		}
		return back.Query()
	}
	complete := func(who ssoSignedIn, back url.Values) ssoResponse {
		return e.call(http.MethodPost, "/api/auth/sso/link", map[string]string{"code": back.Get("code"), "state": back.Get("state")}, who.AccessToken)
	}

	r := e.call(http.MethodGet, "/api/auth/sso/identities?"+q, nil, ana.AccessToken)
	if r.want(t, http.StatusOK, "", ""); !strings.Contains(string(r.body), `"identities":[]`) || !strings.Contains(string(r.body), e.op.Issuer()) {
		t.Fatalf("identities %s", r.body)
	}
	e.call(http.MethodGet, "/api/auth/sso/link/start?intent=steal&redirectUrl="+url.QueryEscape(e.portal.URL+"/callback"), nil, ana.AccessToken).
		want(t, http.StatusBadRequest, "intent", "valor_invalido")

	// Ana's request cannot be completed by Marcos (nor used to sign in), and is spent then.
	back := start(ana, "link")
	complete(marcos, back).want(t, http.StatusBadRequest, "state", "estado_invalido")
	complete(ana, back).want(t, http.StatusBadRequest, "state", "estado_invalido")
	e.callback(start(ana, "link").Get("code"), start(ana, "link").Get("state")).want(t, http.StatusBadRequest, "state", "estado_invalido")

	// Her own request links her; the provider's sign-in then signs her in.
	r = complete(ana, start(ana, "link"))
	r.want(t, http.StatusOK, "", "")
	if !strings.Contains(string(r.body), `"intent":"link"`) || !strings.Contains(string(r.body), `"subject":"google-ana"`) {
		t.Fatalf("link answered %s", r.body)
	}
	q2 := e.authorize(seed.DemoCode)
	e.callback(q2.Get("code"), q2.Get("state")).want(t, http.StatusOK, "", "")

	// Unlinking takes the same way; then the provider's sign-in no longer makes Ana.
	r = complete(ana, start(ana, "unlink"))
	if r.want(t, http.StatusOK, "", ""); !strings.Contains(string(r.body), `"identities":[]`) {
		t.Fatalf("unlink answered %s", r.body)
	}
	complete(ana, start(ana, "unlink")).want(t, http.StatusNotFound, "token", "conta_nao_vinculada")
	q2 = e.authorize(seed.DemoCode)
	e.callback(q2.Get("code"), q2.Get("state")).want(t, http.StatusUnauthorized, "sso", "conta_nao_vinculada")
}
