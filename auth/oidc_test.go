package auth_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/auth/oidctest"
	"portal/eventstore"
	"portal/seed"
)

// These tests run a real OpenID provider (auth/oidctest, built on ory/fosite) on an httptest
// server and the portal's SSO against it. They change tenant_sso of the demo tenants, so
// they run one after another (no t.Parallel) and undo their changes.

const ssoRedirect = "http://127.0.0.1/callback" // registered at the provider; any port matches

var anaEmail = seed.UserAna + "@democorp.com.br"

func ssoStartOP(t *testing.T, sub, email string, scopes ...string) *oidctest.Provider {
	t.Helper()
	return oidctest.Start(t, oidctest.Options{
		ClientID: "portal-" + uuid.NewString()[:8], RedirectURIs: []string{ssoRedirect},
		User: oidctest.User{Subject: sub, Email: email}, Scopes: scopes,
	})
}

// configureSSO points a tenant's provider at op (grant type grant) until the test ends.
func configureSSO(t *testing.T, code string, op *oidctest.Provider, grant int) {
	t.Helper()
	tenant := seed.TenantID(code)
	_, err := testDB.Pool.Exec(context.Background(), `INSERT INTO tenant_sso (tenant_id, issuer, client_id, grant_types)
		VALUES ($1, $2, $3, $4) ON CONFLICT (tenant_id) DO UPDATE
		SET issuer = excluded.issuer, client_id = excluded.client_id, grant_types = excluded.grant_types, enabled = true`,
		tenant, op.Issuer(), op.ClientID(), grant)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		testDB.Pool.Exec(ctx, `DELETE FROM tenant_sso WHERE tenant_id = $1`, tenant)
		testDB.Pool.Exec(ctx, `DELETE FROM user_identities WHERE tenant_id = $1`, tenant)
	})
}

func newSSO(t *testing.T, svc *auth.Service) *auth.SSO {
	t.Helper()
	sso, err := auth.NewSSO(svc, auth.SSOOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return sso
}

// ssoLink links a user to the provider's current user, as linkGoogle does.
func ssoLink(t *testing.T, svc *auth.Service, sso *auth.SSO, op *oidctest.Provider, code, userName string) auth.Claims {
	t.Helper()
	ctx := context.Background()
	res, err := svc.Login(ctx, code, userName, seed.DemoPassword)
	if err != nil {
		t.Fatal(err)
	}
	idToken, err := op.IDToken(ctx, ssoRedirect)
	if err != nil {
		t.Fatal(err)
	}
	if err := sso.Link(ctx, res.Claims, idToken); err != nil {
		t.Fatal(err)
	}
	return res.Claims
}

// ssoSignIn runs start → provider → callback and returns the callback's answer.
func ssoSignIn(t *testing.T, sso *auth.SSO, code string) (auth.SSOLoginResult, error) {
	t.Helper()
	ctx := context.Background()
	authURL, err := sso.Start(ctx, code, "http://127.0.0.1:5173")
	if err != nil {
		t.Fatal(err)
	}
	back, err := oidctest.Authorize(ctx, authURL)
	if err != nil {
		t.Fatal(err)
	}
	return sso.Callback(ctx, back.Query().Get("code"), back.Query().Get("state"))
}

// The sign-out of a single sign-on session goes on to the provider's end-session endpoint
// (spec portal-core §4), which ends the provider's own session: its next authorization
// request asks the user to sign in instead of signing straight back in.
func TestSSOLogoutEndSession(t *testing.T) {
	svc := newService(t, auth.Options{})
	sso := newSSO(t, svc)
	ctx := context.Background()
	op := ssoStartOP(t, "sub-ana", anaEmail)
	configureSSO(t, seed.DemoCode, op, 1)
	ssoLink(t, svc, sso, op, seed.DemoCode, seed.UserAna)
	res, err := ssoSignIn(t, sso, seed.DemoCode)
	if err != nil {
		t.Fatal(err)
	}
	const back = "http://127.0.0.1:5173/login/DEMOCORP"

	issuer, err := svc.Logout(ctx, res.Claims)
	if err != nil || issuer != op.Issuer() {
		t.Fatalf("logout: issuer %q, %v", issuer, err)
	}
	end, err := sso.EndSessionURL(ctx, res.Claims.Tenant, issuer, back)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(end)
	if err != nil || u.Scheme+"://"+u.Host+u.Path != op.Issuer()+oidctest.LogoutPath ||
		u.Query().Get("client_id") != op.ClientID() || u.Query().Get("post_logout_redirect_uri") != back {
		t.Fatalf("end-session URL %q", end)
	}
	// Only a login page of the app is sent back to; anything else is left out.
	for _, bad := range []string{"https://evil.example/steal", "http://127.0.0.1:5173/apps/homePage", "javascript:alert(1)", "http://u:p@127.0.0.1/login"} {
		if end, _ := sso.EndSessionURL(ctx, res.Claims.Tenant, issuer, bad); strings.Contains(end, "post_logout_redirect_uri") {
			t.Errorf("return URL %q kept: %s", bad, end)
		}
	}
	// No provider session, another provider, or a provider without the endpoint: no URL.
	if end, err := sso.EndSessionURL(ctx, res.Claims.Tenant, "", back); end != "" || err != nil {
		t.Errorf("password session: %q %v", end, err)
	}
	if end, err := sso.EndSessionURL(ctx, res.Claims.Tenant, "https://accounts.google.com", back); end != "" || err != nil {
		t.Errorf("session of another provider: %q %v", end, err)
	}
	// The refresh-token sign-out finds the provider too.
	res2, err := ssoSignIn(t, sso, seed.DemoCode)
	if err != nil {
		t.Fatal(err)
	}
	if tenant, iss, err := svc.LogoutRefreshToken(ctx, seed.DemoCode, res2.RefreshToken); err != nil || iss != op.Issuer() || tenant != res2.Claims.Tenant {
		t.Errorf("logout by refresh token: %s %q %v", tenant, iss, err)
	}
}

func TestSSOTenantInfo(t *testing.T) {
	svc := newService(t, auth.Options{})
	ctx := context.Background()
	info, err := svc.TenantInfo(ctx, seed.DemoCode)
	if err != nil {
		t.Fatal(err)
	}
	if info.CognitoGrantTypes != 0 || info.CognitoAppIntegration != nil {
		t.Fatalf("no provider: grant types %d, integration %+v", info.CognitoGrantTypes, info.CognitoAppIntegration)
	}
	body, _ := json.Marshal(info)
	if !strings.Contains(string(body), `"cognitoAppIntegration":null`) {
		t.Errorf("TenantInfo JSON %s", body)
	}

	op := ssoStartOP(t, "sub-ana", anaEmail)
	configureSSO(t, seed.DemoCode, op, 1)
	info, err = svc.TenantInfo(ctx, seed.DemoCode)
	if err != nil {
		t.Fatal(err)
	}
	want := auth.CognitoAppIntegration{AppClientID: op.ClientID(), CognitoDomain: op.Issuer()}
	if info.CognitoGrantTypes != 1 || info.CognitoAppIntegration == nil || *info.CognitoAppIntegration != want {
		t.Fatalf("grant types %d, integration %+v, want 1 and %+v", info.CognitoGrantTypes, info.CognitoAppIntegration, want)
	}
	body, _ = json.Marshal(info)
	if strings.Contains(string(body), "secret") {
		t.Errorf("TenantInfo shows a secret: %s", body)
	}
	// Another tenant is not affected; a disabled provider is no provider.
	if acme, _ := svc.TenantInfo(ctx, seed.AcmeCode); acme.CognitoAppIntegration != nil {
		t.Errorf("ACMECORP shows DEMOCORP's provider")
	}
	testDB.Pool.Exec(ctx, `UPDATE tenant_sso SET enabled = false WHERE tenant_id = $1`, seed.TenantID(seed.DemoCode))
	if info, _ = svc.TenantInfo(ctx, seed.DemoCode); info.CognitoAppIntegration != nil || info.CognitoGrantTypes != 0 {
		t.Errorf("disabled provider still shown: %+v", info)
	}
}

func TestSSOStart(t *testing.T) {
	clk := &clock{t: time.Now()}
	svc := newService(t, auth.Options{Now: clk.Now})
	sso := newSSO(t, svc)
	ctx := context.Background()

	if _, err := sso.Start(ctx, seed.DemoCode, "http://127.0.0.1:5173/callback"); !errors.Is(err, auth.ErrSSONotConfigured) {
		t.Fatalf("no provider: %v", err)
	}
	if _, err := sso.Start(ctx, "NOSUCHCODE", "http://127.0.0.1:5173/callback"); !errors.Is(err, auth.ErrUnknownTenant) {
		t.Fatalf("unknown code: %v", err)
	}
	op := ssoStartOP(t, "sub-ana", anaEmail)
	configureSSO(t, seed.DemoCode, op, 0)

	for _, bad := range []string{"", "/callback", "javascript:alert(1)", "ftp://h/callback", "http://127.0.0.1:5173/apps/homePage",
		"http://u:p@127.0.0.1/callback", "http://127.0.0.1/callback?x=1", "http://127.0.0.1/callback#f"} {
		if _, err := sso.Start(ctx, seed.DemoCode, bad); !errors.Is(err, auth.ErrInvalidRedirect) {
			t.Errorf("redirect %q: %v, want ErrInvalidRedirect", bad, err)
		}
	}

	raw, err := sso.Start(ctx, seed.DemoCode, "http://127.0.0.1:5173/")
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(raw)
	q := u.Query()
	if !strings.HasPrefix(raw, op.Issuer()+oidctest.AuthPath+"?") || q.Get("response_type") != "code" ||
		q.Get("client_id") != op.ClientID() || q.Get("redirect_uri") != "http://127.0.0.1:5173/callback" ||
		q.Get("code_challenge_method") != "S256" || len(q.Get("code_challenge")) != 43 ||
		len(q.Get("nonce")) < 40 || !strings.HasPrefix(q.Get("state"), seed.TenantID(seed.DemoCode).String()+".") {
		t.Fatalf("authorize URL %s", raw)
	}
	if scopes := strings.Fields(q.Get("scope")); !slices.Equal(scopes, []string{"openid", "email", "profile"}) {
		t.Errorf("scopes %v", scopes)
	}
	// Each start makes a new state, nonce and verifier.
	raw2, _ := sso.Start(ctx, seed.DemoCode, "http://127.0.0.1:5173/")
	u2, _ := url.Parse(raw2)
	for _, k := range []string{"state", "nonce", "code_challenge"} {
		if u2.Query().Get(k) == q.Get(k) {
			t.Errorf("%s repeated", k)
		}
	}

	// The state expires after SSOStateTTL.
	back, err := oidctest.Authorize(ctx, raw)
	if err != nil {
		t.Fatal(err)
	}
	clk.Add(auth.SSOStateTTL + time.Second)
	if _, err := sso.Callback(ctx, back.Query().Get("code"), back.Query().Get("state")); !errors.Is(err, auth.ErrInvalidState) {
		t.Errorf("expired state: %v, want ErrInvalidState", err)
	}
}

// The Cognito admin scope of spec §4 is asked only of a provider that advertises it.
func TestSSOCognitoScope(t *testing.T) {
	svc := newService(t, auth.Options{})
	op := ssoStartOP(t, "sub-ana", anaEmail, "openid", "email", "profile", "aws.cognito.signin.user.admin")
	configureSSO(t, seed.DemoCode, op, 1)
	raw, err := newSSO(t, svc).Start(context.Background(), seed.DemoCode, "http://127.0.0.1:5173/callback")
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(raw)
	if scopes := strings.Fields(u.Query().Get("scope")); !slices.Contains(scopes, "aws.cognito.signin.user.admin") {
		t.Errorf("scopes %v lack the advertised Cognito scope", scopes)
	}
	back, err := oidctest.Authorize(context.Background(), raw)
	if err != nil || back.Query().Get("code") == "" {
		t.Fatalf("provider refused the request: %v %v", back, err)
	}
}

func TestSSOSignIn(t *testing.T) {
	svc := newService(t, auth.Options{})
	sso := newSSO(t, svc)
	ctx := context.Background()
	op := ssoStartOP(t, "sub-ana", anaEmail)
	configureSSO(t, seed.DemoCode, op, 1)

	if _, err := ssoSignIn(t, sso, seed.DemoCode); !errors.Is(err, auth.ErrNotLinked) {
		t.Fatalf("unlinked identity: %v, want ErrNotLinked", err)
	}
	ana := ssoLink(t, svc, sso, op, seed.DemoCode, seed.UserAna)

	res, err := ssoSignIn(t, sso, seed.DemoCode)
	if err != nil {
		t.Fatal(err)
	}
	if res.User.UserName != seed.UserAna || !res.User.IsSSO || res.User.IsGoogle || res.AccessToken == "" || res.RefreshToken == "" {
		t.Fatalf("result %+v", res)
	}
	claims, err := svc.VerifyContext(ctx, res.AccessToken)
	if err != nil || claims.UserID != ana.UserID || claims.Tenant != ana.Tenant {
		t.Fatalf("access token: %+v %v", claims, err)
	}
	if claims.SSOIssuer != op.Issuer() || !claims.IsSSO() || claims.IsGoogle() {
		t.Errorf("access token's provider %q, want %q", claims.SSOIssuer, op.Issuer())
	}
	// isSSO survives a refresh: the session remembers its provider (spec portal-core §3).
	refreshed, err := svc.Refresh(ctx, seed.DemoCode, seed.UserAna, res.RefreshToken)
	if err != nil || refreshed.AccessToken == "" {
		t.Fatalf("the SSO session's refresh token: %v", err)
	}
	if !refreshed.User.IsSSO || refreshed.User.IsGoogle || refreshed.Claims.SSOIssuer != op.Issuer() {
		t.Errorf("refreshed answer: isSSO %v isGoogle %v issuer %q", refreshed.User.IsSSO, refreshed.User.IsGoogle, refreshed.Claims.SSOIssuer)
	}
	if body, _ := json.Marshal(refreshed); !strings.Contains(string(body), `"isSSO":true`) {
		t.Errorf("refreshed JSON %s", body)
	}
	again, err := svc.SignInWithRefreshToken(ctx, seed.DemoCode, seed.UserAna, refreshed.RefreshToken)
	if err != nil || !again.User.IsSSO {
		t.Errorf("signInWithRefreshToken of the SSO session: isSSO %v, %v", again.User.IsSSO, err)
	}
	if byToken, err := svc.SignInWithToken(ctx, seed.DemoCode, again.AccessToken, again.RefreshToken); err != nil || !byToken.User.IsSSO {
		t.Errorf("signInWithToken of the SSO session: isSSO %v, %v", byToken.User.IsSSO, err)
	}
	// A password session of the same user is not single sign-on, refreshed or not.
	pw := login(t, svc, seed.DemoCode, seed.UserAna)
	if r, err := svc.Refresh(ctx, seed.DemoCode, seed.UserAna, pw.RefreshToken); err != nil || r.User.IsSSO || r.Claims.SSOIssuer != "" {
		t.Errorf("password session refreshed: isSSO %v, %v", r.User.IsSSO, err)
	}

	// loginGoogle: an ID token the client got from the provider itself.
	idToken, err := op.IDToken(ctx, ssoRedirect)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := sso.LoginGoogle(ctx, seed.DemoCode, idToken); err != nil || g.User.UserName != seed.UserAna {
		t.Errorf("loginGoogle: %+v %v", g.User.UserName, err)
	}
	if _, err := sso.LoginGoogle(ctx, seed.DemoCode, idToken+"x"); !errors.Is(err, auth.ErrIDTokenInvalid) {
		t.Errorf("loginGoogle with a broken signature: %v", err)
	}

	// Another subject with Ana's e-mail is not Ana.
	op.SetUser(oidctest.User{Subject: "sub-impostor", Email: anaEmail})
	if _, err := ssoSignIn(t, sso, seed.DemoCode); !errors.Is(err, auth.ErrNotLinked) {
		t.Errorf("same e-mail, other subject: %v, want ErrNotLinked", err)
	}
	other, _ := op.IDToken(ctx, ssoRedirect)
	if _, err := sso.LoginGoogle(ctx, seed.DemoCode, other); !errors.Is(err, auth.ErrNotLinked) {
		t.Errorf("loginGoogle, same e-mail, other subject: %v", err)
	}

	// A disabled user is refused although linked.
	op.SetUser(oidctest.User{Subject: "sub-ana", Email: anaEmail})
	testDB.Pool.Exec(ctx, `UPDATE users SET active = false WHERE tenant_id = $1 AND id = $2`, ana.Tenant, ana.UserID)
	t.Cleanup(func() {
		testDB.Pool.Exec(ctx, `UPDATE users SET active = true WHERE tenant_id = $1 AND id = $2`, ana.Tenant, ana.UserID)
	})
	if _, err := ssoSignIn(t, sso, seed.DemoCode); !errors.Is(err, auth.ErrUnauthorized) {
		t.Errorf("disabled user: %v, want ErrUnauthorized", err)
	}
}

func TestSSOLink(t *testing.T) {
	svc := newService(t, auth.Options{})
	sso := newSSO(t, svc)
	ctx := context.Background()
	op := ssoStartOP(t, "sub-ana", anaEmail)
	configureSSO(t, seed.DemoCode, op, 0)
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()

	ana := ssoLink(t, svc, sso, op, seed.DemoCode, seed.UserAna)
	// Again: a no-op, no second event.
	ssoLink(t, svc, sso, op, seed.DemoCode, seed.UserAna)
	if got, _ := sso.Linked(ctx, ana.Tenant, ana.UserID); !slices.Equal(got, [][2]string{{op.Issuer(), "sub-ana"}}) {
		t.Fatalf("linked %v", got)
	}
	// Marcos cannot take Ana's identity.
	marcos, err := svc.Login(ctx, seed.DemoCode, seed.UserMarcos, seed.DemoPassword)
	if err != nil {
		t.Fatal(err)
	}
	idToken, _ := op.IDToken(ctx, ssoRedirect)
	if err := sso.Link(ctx, marcos.Claims, idToken); !errors.Is(err, auth.ErrIdentityTaken) {
		t.Errorf("another user's identity: %v, want ErrIdentityTaken", err)
	}
	// Ana cannot link a second identity of the same provider.
	op.SetUser(oidctest.User{Subject: "sub-ana-2", Email: anaEmail})
	second, _ := op.IDToken(ctx, ssoRedirect)
	if err := sso.Link(ctx, ana, second); !errors.Is(err, auth.ErrAlreadyLinked) {
		t.Errorf("second identity: %v, want ErrAlreadyLinked", err)
	}

	// The ID token must be the provider's, for this client, and fresh.
	now := time.Now()
	for name, claims := range map[string]map[string]any{
		"stale":          {"iss": op.Issuer(), "aud": op.ClientID(), "sub": "sub-x", "iat": now.Add(-auth.SSOFreshIDToken - time.Minute).Unix(), "exp": now.Add(time.Hour).Unix()},
		"other_audience": {"iss": op.Issuer(), "aud": "someone-else", "sub": "sub-x", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()},
		"other_issuer":   {"iss": "https://accounts.google.com", "aud": op.ClientID(), "sub": "sub-x", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()},
		"expired":        {"iss": op.Issuer(), "aud": op.ClientID(), "sub": "sub-x", "iat": now.Add(-2 * time.Minute).Unix(), "exp": now.Add(-time.Minute).Unix()},
	} {
		tok, err := op.SignIDToken(claims)
		if err != nil {
			t.Fatal(err)
		}
		if err := sso.Link(ctx, marcos.Claims, tok); !errors.Is(err, auth.ErrIDTokenInvalid) {
			t.Errorf("%s: %v, want ErrIDTokenInvalid", name, err)
		}
	}
	// Signed by another provider's key, claiming this issuer.
	stranger := ssoStartOP(t, "sub-x", "")
	forged, _ := stranger.SignIDToken(map[string]any{"iss": op.Issuer(), "aud": op.ClientID(), "sub": "sub-x",
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix()})
	if err := sso.Link(ctx, marcos.Claims, forged); !errors.Is(err, auth.ErrIDTokenInvalid) {
		t.Errorf("foreign key: %v, want ErrIDTokenInvalid", err)
	}

	// Unlink needs a fresh token of the linked identity.
	if err := sso.Unlink(ctx, ana, second); !errors.Is(err, auth.ErrNotLinked) {
		t.Errorf("unlink another identity: %v, want ErrNotLinked", err)
	}
	op.SetUser(oidctest.User{Subject: "sub-ana", Email: anaEmail})
	first, _ := op.IDToken(ctx, ssoRedirect)
	if err := sso.Unlink(ctx, ana, first); err != nil {
		t.Fatal(err)
	}
	if err := sso.Unlink(ctx, ana, first); !errors.Is(err, auth.ErrNotLinked) {
		t.Errorf("unlink twice: %v", err)
	}
	if got, _ := sso.Linked(ctx, ana.Tenant, ana.UserID); len(got) != 0 {
		t.Errorf("still linked %v", got)
	}

	// Audit: one linked and one unlinked event of this provider on identity-<userId> (other
	// tests' providers have other issuers).
	events, err := store.ReadStream(ctx, ana.Tenant, eventstore.StreamName("identity", ana.UserID), 0)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range events {
		var d auth.SSOLinkChanged
		json.Unmarshal(e.Data, &d)
		if !strings.HasPrefix(e.Type, "identity.sso_") || d.Issuer != op.Issuer() {
			continue
		}
		types = append(types, e.Type)
		if d.Subject != "sub-ana" || d.UserID != ana.UserID || d.UserHash != ana.UserHash || e.Actor != ana.UserID.String() {
			t.Errorf("event %s data %s actor %s", e.Type, e.Data, e.Actor)
		}
	}
	if !slices.Equal(types, []string{auth.TypeSSOLinked, auth.TypeSSOUnlinked}) {
		t.Errorf("audit events %v", types)
	}
}
