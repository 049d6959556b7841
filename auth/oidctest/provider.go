// Package oidctest is a real OpenID provider for tests, built on github.com/ory/fosite: the
// protocol (authorization requests, codes, PKCE, token requests, ID tokens with the nonce) is
// fosite's, not a hand-written fake. What this package adds is what a provider's deployment
// adds around fosite: a discovery document, the JWKS, one registered client and a user who
// signs in and consents at once (there is no login page to drive).
//
// It serves:
//
//	GET  /.well-known/openid-configuration  discovery
//	GET  /.well-known/jwks.json              the signing key (RS256)
//	GET  /oauth2/auth                        authorization endpoint (code flow; PKCE S256 enforced)
//	POST /oauth2/token                       token endpoint (authorization_code grant)
//	GET  /oauth2/logout                      end-session endpoint (RP-Initiated Logout 1.0)
//
// The provider keeps a browser session as a real one does: it starts signed in (the user
// consents at once), and after the end-session endpoint has signed the browser out (a
// cookie), its next authorization request shows a sign-in page instead of consenting; its
// "sign in" button signs the user in again and completes the request.
//
// Tests use Start (an httptest server); cmd/testop wraps New for the browser tests.
package oidctest

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v3"
	"github.com/ory/fosite"
	"github.com/ory/fosite/compose"
	"github.com/ory/fosite/handler/openid"
	"github.com/ory/fosite/storage"
	fjwt "github.com/ory/fosite/token/jwt"
	"golang.org/x/crypto/bcrypt"
	"golang.org/x/oauth2"
)

// Endpoint paths, relative to the issuer.
const (
	AuthPath      = "/oauth2/auth"
	TokenPath     = "/oauth2/token"
	JWKSPath      = "/.well-known/jwks.json"
	DiscoveryPath = "/.well-known/openid-configuration"
	LogoutPath    = "/oauth2/logout"

	// signedOutCookie marks a browser the end-session endpoint signed out.
	signedOutCookie = "oidctest_signed_out"
)

// DefaultScopes are the scopes the provider advertises and the client may ask for.
var DefaultScopes = []string{"openid", "email", "profile"}

// User is the person who signs in at the provider.
type User struct {
	Subject string
	Email   string
	Name    string
}

// Options configure a Provider.
type Options struct {
	Issuer       string   // required by New; Start fills it with the test server's URL
	ClientID     string   // the one registered client; default "portal"
	ClientSecret string   // empty: a public client (token requests authenticate with PKCE only)
	RedirectURIs []string // registered redirect URIs (for 127.0.0.1 any port matches, RFC 8252)
	User         User     // who signs in (auto-consent); change it with SetUser
	// Scopes the provider advertises in discovery and lets the client ask for; default
	// DefaultScopes.
	Scopes []string
}

// Provider is the OpenID provider.
type Provider struct {
	issuer   string
	clientID string
	scopes   []string
	key      *rsa.PrivateKey
	kid      string
	oauth    fosite.OAuth2Provider
	mux      *http.ServeMux

	redirects []string

	mu          sync.Mutex
	user        User
	tokenErrors []string
	authorized  int
	logouts     int
}

// New builds a provider for opts.Issuer.
func New(opts Options) (*Provider, error) {
	issuer := strings.TrimSuffix(opts.Issuer, "/")
	if issuer == "" {
		return nil, errors.New("oidctest: issuer required")
	}
	if opts.ClientID == "" {
		opts.ClientID = "portal"
	}
	if len(opts.RedirectURIs) == 0 {
		return nil, errors.New("oidctest: at least one redirect URI required")
	}
	if opts.User.Subject == "" {
		return nil, errors.New("oidctest: user subject required")
	}
	scopes := opts.Scopes
	if len(scopes) == 0 {
		scopes = DefaultScopes
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, err
	}
	config := &fosite.Config{
		IDTokenIssuer:                  issuer,
		AccessTokenIssuer:              issuer,
		GlobalSecret:                   secret,
		AuthorizeCodeLifespan:          5 * time.Minute,
		AccessTokenLifespan:            time.Hour,
		IDTokenLifespan:                time.Hour,
		EnforcePKCE:                    true,  // every authorization request needs a code_challenge
		EnablePKCEPlainChallengeMethod: false, // and it must be S256
		ScopeStrategy:                  fosite.ExactScopeStrategy,
		AudienceMatchingStrategy:       fosite.DefaultAudienceMatchingStrategy,
		MinParameterEntropy:            fosite.MinParameterEntropy,
		SendDebugMessagesToClients:     true,
	}
	client := &fosite.DefaultClient{
		ID:            opts.ClientID,
		RedirectURIs:  opts.RedirectURIs,
		ResponseTypes: []string{"code"},
		GrantTypes:    []string{"authorization_code"},
		Scopes:        scopes,
		Public:        opts.ClientSecret == "",
	}
	if opts.ClientSecret != "" {
		if client.Secret, err = bcrypt.GenerateFromPassword([]byte(opts.ClientSecret), bcrypt.MinCost); err != nil {
			return nil, err
		}
	}
	store := storage.NewMemoryStore()
	store.Clients[client.ID] = client

	keyGetter := func(context.Context) (interface{}, error) { return key, nil }
	strategy := &compose.CommonStrategy{
		CoreStrategy:               compose.NewOAuth2HMACStrategy(config),
		OpenIDConnectTokenStrategy: compose.NewOpenIDConnectStrategy(keyGetter, config),
		Signer:                     &fjwt.DefaultSigner{GetPrivateKey: keyGetter},
	}
	// Only what the portal uses: the authorization code flow, OpenID Connect on top of it and
	// PKCE. No implicit or hybrid flow, no password grant.
	oauth := compose.Compose(config, store, strategy,
		compose.OAuth2AuthorizeExplicitFactory,
		compose.OpenIDConnectExplicitFactory,
		compose.OAuth2PKCEFactory,
	)

	p := &Provider{
		issuer: issuer, clientID: opts.ClientID, scopes: scopes, key: key, kid: "oidctest-1",
		oauth: oauth, user: opts.User, mux: http.NewServeMux(), redirects: slices.Clone(opts.RedirectURIs),
	}
	p.mux.HandleFunc("GET "+DiscoveryPath, p.discovery)
	p.mux.HandleFunc("GET "+JWKSPath, p.jwks)
	p.mux.HandleFunc("GET "+AuthPath, p.authorize)
	p.mux.HandleFunc("POST "+AuthPath, p.authorize)
	p.mux.HandleFunc("POST "+TokenPath, p.token)
	p.mux.HandleFunc("GET "+LogoutPath, p.logout)
	return p, nil
}

// Start runs a provider on an httptest server of its own (127.0.0.1, random port); the
// issuer is the server's URL. The server is closed when the test ends.
func Start(t interface {
	Helper()
	Fatal(...any)
	Cleanup(func())
}, opts Options) *Provider {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	opts.Issuer = "http://" + srv.Listener.Addr().String()
	p, err := New(opts)
	if err != nil {
		srv.Close()
		t.Fatal(err)
	}
	srv.Config.Handler = p
	srv.Start()
	t.Cleanup(srv.Close)
	return p
}

// ServeHTTP serves the provider's endpoints.
func (p *Provider) ServeHTTP(w http.ResponseWriter, r *http.Request) { p.mux.ServeHTTP(w, r) }

// Issuer is the provider's issuer URL.
func (p *Provider) Issuer() string { return p.issuer }

// ClientID is the registered client's id.
func (p *Provider) ClientID() string { return p.clientID }

// SetUser changes who signs in at the next authorization request.
func (p *Provider) SetUser(u User) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.user = u
}

// TokenErrors lists the OAuth error codes (e.g. "invalid_grant") the token endpoint answered,
// oldest first.
func (p *Provider) TokenErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.tokenErrors)
}

// Authorized counts the authorization requests that ended with a code.
func (p *Provider) Authorized() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.authorized
}

// Logouts counts the browser sign-outs of the end-session endpoint.
func (p *Provider) Logouts() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logouts
}

// SignIDToken signs arbitrary ID-token claims with the provider's key. It is for negative
// tests only (a stale, foreign-audience or otherwise odd token that the protocol would not
// produce); real tokens come from the code flow.
func (p *Provider) SignIDToken(claims map[string]any) (string, error) {
	signer := &fjwt.DefaultSigner{GetPrivateKey: func(context.Context) (interface{}, error) { return p.key, nil }}
	token, _, err := signer.Generate(context.Background(), fjwt.MapClaims(claims),
		&fjwt.Headers{Extra: map[string]interface{}{"kid": p.kid}})
	return token, err
}

func (p *Provider) discovery(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, map[string]any{
		"issuer":                                p.issuer,
		"authorization_endpoint":                p.issuer + AuthPath,
		"token_endpoint":                        p.issuer + TokenPath,
		"jwks_uri":                              p.issuer + JWKSPath,
		"end_session_endpoint":                  p.issuer + LogoutPath,
		"response_types_supported":              []string{"code"},
		"response_modes_supported":              []string{"query"},
		"grant_types_supported":                 []string{"authorization_code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"scopes_supported":                      p.scopes,
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post", "none"},
		"code_challenge_methods_supported":      []string{"S256"},
		"claims_supported":                      []string{"sub", "iss", "aud", "exp", "iat", "nonce", "email", "email_verified", "name"},
	})
}

func (p *Provider) jwks(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{
		Key: &p.key.PublicKey, KeyID: p.kid, Algorithm: "RS256", Use: "sig",
	}}})
}

// authorize is the authorization endpoint. fosite validates the request (client, redirect
// URI, response type, scopes, state, PKCE challenge); the configured user then signs in and
// grants every requested scope at once, and fosite issues the code.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	ar, err := p.oauth.NewAuthorizeRequest(ctx, r)
	if err != nil {
		p.oauth.WriteAuthorizeError(ctx, w, ar, err)
		return
	}
	if c, err := r.Cookie(signedOutCookie); err == nil && c.Value == "1" {
		if r.Method != http.MethodPost || r.PostFormValue("login") != "1" {
			p.signInPage(w, r)
			return
		}
		http.SetCookie(w, &http.Cookie{Name: signedOutCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true})
	}
	for _, scope := range ar.GetRequestedScopes() {
		ar.GrantScope(scope)
	}
	p.mu.Lock()
	u := p.user
	p.mu.Unlock()
	now := time.Now().UTC()
	extra := map[string]interface{}{}
	if u.Email != "" {
		extra["email"] = u.Email
		extra["email_verified"] = true
	}
	if u.Name != "" {
		extra["name"] = u.Name
	}
	session := &openid.DefaultSession{
		Claims: &fjwt.IDTokenClaims{
			Subject: u.Subject, RequestedAt: now, AuthTime: now, Extra: extra,
		},
		Headers: &fjwt.Headers{Extra: map[string]interface{}{"kid": p.kid}},
		Subject: u.Subject,
	}
	resp, err := p.oauth.NewAuthorizeResponse(ctx, ar, session)
	if err != nil {
		p.oauth.WriteAuthorizeError(ctx, w, ar, err)
		return
	}
	p.mu.Lock()
	p.authorized++
	p.mu.Unlock()
	p.oauth.WriteAuthorizeResponse(ctx, w, ar, resp)
}

// signInPage asks a signed-out browser to sign in again: one button that posts the same
// authorization request back with login=1.
func (p *Provider) signInPage(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	u := p.user
	p.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	action := html.EscapeString(AuthPath + "?" + r.URL.RawQuery)
	fmt.Fprintf(w, `<!doctype html><title>oidctest sign-in</title>
<h1 id="op-sign-in">Sign in to the test provider</h1>
<form method="post" action="%s"><input type="hidden" name="login" value="1">
<button id="op-sign-in-button" type="submit">Sign in as %s</button></form>`, action, html.EscapeString(u.Subject))
}

// logout is the end-session endpoint (OpenID Connect RP-Initiated Logout 1.0): it signs the
// browser out and sends it to post_logout_redirect_uri when that URI belongs to the client
// (same scheme and host as a registered redirect URI; for 127.0.0.1 any port, RFC 8252).
func (p *Provider) logout(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if id := q.Get("client_id"); id != "" && id != p.clientID {
		http.Error(w, "unknown client_id", http.StatusBadRequest)
		return
	}
	back := q.Get("post_logout_redirect_uri")
	if back != "" && !p.registeredOrigin(back) {
		http.Error(w, "post_logout_redirect_uri not registered", http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	p.logouts++
	p.mu.Unlock()
	http.SetCookie(w, &http.Cookie{Name: signedOutCookie, Value: "1", Path: "/", HttpOnly: true})
	if back == "" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>signed out</title><h1 id="op-signed-out">Signed out</h1>`)
		return
	}
	http.Redirect(w, r, back, http.StatusFound)
}

// registeredOrigin tells whether raw has the scheme and host of a registered redirect URI.
func (p *Provider) registeredOrigin(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.User != nil {
		return false
	}
	for _, reg := range p.redirects {
		ru, err := url.Parse(reg)
		if err != nil || ru.Scheme != u.Scheme {
			continue
		}
		if ru.Host == u.Host || (ru.Hostname() == "127.0.0.1" && ru.Port() == "" && u.Hostname() == "127.0.0.1") {
			return true
		}
	}
	return false
}

// token is the token endpoint: fosite checks the client, the code, the redirect URI and the
// PKCE verifier, then issues the access token and the ID token (with the request's nonce).
func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	session := &openid.DefaultSession{Claims: &fjwt.IDTokenClaims{}, Headers: &fjwt.Headers{}}
	ar, err := p.oauth.NewAccessRequest(ctx, r, session)
	if err != nil {
		p.tokenError(err)
		p.oauth.WriteAccessError(ctx, w, ar, err)
		return
	}
	resp, err := p.oauth.NewAccessResponse(ctx, ar)
	if err != nil {
		p.tokenError(err)
		p.oauth.WriteAccessError(ctx, w, ar, err)
		return
	}
	p.oauth.WriteAccessResponse(ctx, w, ar, resp)
}

func (p *Provider) tokenError(err error) {
	name := "server_error"
	if rfc := fosite.ErrorToRFC6749Error(err); rfc != nil {
		name = rfc.ErrorField
	}
	p.mu.Lock()
	p.tokenErrors = append(p.tokenErrors, name)
	p.mu.Unlock()
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if err := json.NewEncoder(w).Encode(v); err != nil {
		http.Error(w, fmt.Sprint(err), http.StatusInternalServerError)
	}
}

// Authorize plays the browser's part of an authorization request: it GETs authURL at the
// provider (which signs its user in and consents at once) and returns the redirect it
// answers — the client's redirect URI with code and state, or with error — without
// following it.
func Authorize(ctx context.Context, authURL string) (*url.URL, error) {
	client := &http.Client{
		Timeout:       10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode < 300 || resp.StatusCode > 399 {
		return nil, fmt.Errorf("oidctest: authorize answered %s: %s", resp.Status, body)
	}
	return resp.Location()
}

// IDToken runs a whole authorization code flow with PKCE against the provider as its
// registered (public) client and returns the ID token it issues for the current user: what a
// client that signs in at the provider itself (Google's sign-in button) holds. redirectURI
// must be registered.
func (p *Provider) IDToken(ctx context.Context, redirectURI string) (string, error) {
	conf := &oauth2.Config{
		ClientID: p.clientID, RedirectURL: redirectURI, Scopes: []string{"openid", "email"},
		Endpoint: oauth2.Endpoint{AuthURL: p.issuer + AuthPath, TokenURL: p.issuer + TokenPath, AuthStyle: oauth2.AuthStyleInParams},
	}
	verifier := oauth2.GenerateVerifier()
	state := oauth2.GenerateVerifier()
	back, err := Authorize(ctx, conf.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier),
		oauth2.SetAuthURLParam("nonce", oauth2.GenerateVerifier())))
	if err != nil {
		return "", err
	}
	if back.Query().Get("state") != state {
		return "", fmt.Errorf("oidctest: state not returned: %s", back)
	}
	tok, err := conf.Exchange(ctx, back.Query().Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		return "", err
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return "", errors.New("oidctest: no id_token")
	}
	return raw, nil
}
