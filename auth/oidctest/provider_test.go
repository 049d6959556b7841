package oidctest_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"testing"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"portal/auth/oidctest"
)

const redirect = "http://127.0.0.1/callback"

func start(t *testing.T) (*oidctest.Provider, *oauth2.Config) {
	t.Helper()
	op := oidctest.Start(t, oidctest.Options{
		ClientID: "portal", RedirectURIs: []string{redirect},
		User: oidctest.User{Subject: "sub-1", Email: "one@example.com", Name: "One"},
	})
	conf := &oauth2.Config{
		ClientID: "portal", RedirectURL: "http://127.0.0.1:5173/callback", // any port on 127.0.0.1 (RFC 8252)
		Scopes: []string{oidc.ScopeOpenID, "email"},
		Endpoint: oauth2.Endpoint{AuthURL: op.Issuer() + oidctest.AuthPath, TokenURL: op.Issuer() + oidctest.TokenPath,
			AuthStyle: oauth2.AuthStyleInParams},
	}
	return op, conf
}

func TestDiscoveryAndKeys(t *testing.T) {
	t.Parallel()
	op, _ := start(t)
	p, err := oidc.NewProvider(context.Background(), op.Issuer()) // checks the document's issuer
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Challenges []string `json:"code_challenge_methods_supported"`
		JWKS       string   `json:"jwks_uri"`
	}
	if err := p.Claims(&meta); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(meta.Challenges, []string{"S256"}) {
		t.Errorf("code_challenge_methods_supported = %v, want [S256]", meta.Challenges)
	}
	resp, err := http.Get(meta.JWKS)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var set struct {
		Keys []map[string]any `json:"keys"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&set); err != nil || len(set.Keys) != 1 || set.Keys[0]["kty"] != "RSA" {
		t.Fatalf("jwks: %v %v", set, err)
	}
	if _, ok := set.Keys[0]["d"]; ok {
		t.Fatal("the JWKS leaks the private key")
	}
}

// The code flow with PKCE S256 gives an ID token that go-oidc verifies, with the nonce of
// the authorization request and the configured user's subject and e-mail.
func TestCodeFlowWithPKCE(t *testing.T) {
	t.Parallel()
	op, conf := start(t)
	ctx := context.Background()
	verifier := oauth2.GenerateVerifier()
	back, err := oidctest.Authorize(ctx, conf.AuthCodeURL("state-123456789", oauth2.S256ChallengeOption(verifier), oidc.Nonce("nonce-123456789")))
	if err != nil {
		t.Fatal(err)
	}
	if back.Query().Get("state") != "state-123456789" || back.Query().Get("code") == "" {
		t.Fatalf("redirect %s", back)
	}
	tok, err := conf.Exchange(ctx, back.Query().Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatal(err)
	}
	p, err := oidc.NewProvider(ctx, op.Issuer())
	if err != nil {
		t.Fatal(err)
	}
	idt, err := p.Verifier(&oidc.Config{ClientID: "portal"}).Verify(ctx, tok.Extra("id_token").(string))
	if err != nil {
		t.Fatal(err)
	}
	var claims struct {
		Email string `json:"email"`
	}
	_ = idt.Claims(&claims)
	if idt.Nonce != "nonce-123456789" || idt.Subject != "sub-1" || claims.Email != "one@example.com" {
		t.Errorf("id token nonce %q sub %q email %q", idt.Nonce, idt.Subject, claims.Email)
	}

	// A code works once.
	if _, err := conf.Exchange(ctx, back.Query().Get("code"), oauth2.VerifierOption(verifier)); err == nil {
		t.Error("a used code was exchanged again")
	}
}

// PKCE is enforced: no challenge and the plain method are refused at the authorization
// endpoint; a verifier that does not match the challenge is refused at the token endpoint.
func TestPKCEEnforced(t *testing.T) {
	t.Parallel()
	op, conf := start(t)
	ctx := context.Background()
	for name, opts := range map[string][]oauth2.AuthCodeOption{
		"no_challenge": nil,
		"plain":        {oauth2.SetAuthURLParam("code_challenge", oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("code_challenge_method", "plain")},
	} {
		back, err := oidctest.Authorize(ctx, conf.AuthCodeURL("state-123456789", opts...))
		if err != nil {
			t.Fatal(name, err)
		}
		if back.Query().Get("error") != "invalid_request" || back.Query().Get("code") != "" {
			t.Errorf("%s: redirect %s, want error=invalid_request", name, back)
		}
	}

	back, err := oidctest.Authorize(ctx, conf.AuthCodeURL("state-123456789", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
	if err != nil {
		t.Fatal(err)
	}
	_, err = conf.Exchange(ctx, back.Query().Get("code"), oauth2.VerifierOption(oauth2.GenerateVerifier()))
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) || re.ErrorCode != "invalid_grant" {
		t.Fatalf("exchange with another verifier: %v, want invalid_grant", err)
	}
	if errs := op.TokenErrors(); !slices.Equal(errs, []string{"invalid_grant"}) {
		t.Errorf("token errors %v", errs)
	}
}

// A redirect URI that is not registered is refused (no redirect to it).
func TestUnregisteredRedirect(t *testing.T) {
	t.Parallel()
	_, conf := start(t)
	conf.RedirectURL = "http://evil.example/callback"
	_, err := oidctest.Authorize(context.Background(), conf.AuthCodeURL("state-123456789", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
	if err == nil {
		t.Fatal("an unregistered redirect URI got a redirect")
	}
}

// The end-session endpoint signs the browser out: its next authorization request shows the
// sign-in page, and only the page's button (login=1) completes it with a code.
func TestEndSessionSignsTheBrowserOut(t *testing.T) {
	t.Parallel()
	op, conf := start(t)
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	authURL := conf.AuthCodeURL("state-0123456789", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()))

	get := func(u string) *http.Response {
		t.Helper()
		resp, err := browser.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := get(authURL); resp.StatusCode != http.StatusSeeOther && resp.StatusCode != http.StatusFound {
		t.Fatalf("signed-in browser: %s, want a redirect with the code", resp.Status)
	}
	// A return address outside the client's registration is refused.
	if resp := get(op.Issuer() + oidctest.LogoutPath + "?client_id=portal&post_logout_redirect_uri=" +
		url.QueryEscape("https://evil.example/login")); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("foreign return address: %s", resp.Status)
	}
	back := "http://127.0.0.1:5173/login/DEMOCORP"
	resp := get(op.Issuer() + oidctest.LogoutPath + "?client_id=portal&post_logout_redirect_uri=" + url.QueryEscape(back))
	if loc, _ := resp.Location(); resp.StatusCode != http.StatusFound || loc.String() != back || op.Logouts() != 1 {
		t.Fatalf("logout: %s to %v, %d logouts", resp.Status, loc, op.Logouts())
	}
	if resp := get(authURL); resp.StatusCode != http.StatusOK {
		t.Fatalf("signed-out browser: %s, want the sign-in page", resp.Status)
	}
	before := op.Authorized()
	resp, err := browser.PostForm(authURL, url.Values{"login": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc, _ := resp.Location(); loc == nil || loc.Query().Get("code") == "" || op.Authorized() != before+1 {
		t.Fatalf("sign-in button: %s to %v", resp.Status, loc)
	}
	// Signed in again: the next request consents at once.
	if resp := get(authURL); resp.StatusCode == http.StatusOK {
		t.Errorf("after signing in again the sign-in page shows again")
	}
}
