package auth

// Single sign-on with OpenID Connect (spec: portal-core §2 login screen, §3 identity provider
// config, §4 cloud login, §7 loginGoogle / linkGoogle / removelinkGoogle).
//
// A tenant may have one OpenID provider (table tenant_sso); Google is simply one such
// provider (issuer https://accounts.google.com). Sign-in runs the authorization code flow
// with PKCE S256, a state and a nonce, all made here from crypto/rand and kept server-side
// (table sso_states, single use, ten minutes). The spec's implicit variant (cognitoGrantTypes
// 2) is not run: it hands tokens over in the URL fragment and cannot be bound to the client
// with PKCE (OAuth 2.0 Security BCP, RFC 9700 §2.1.2), so grant type 2 is served by the code
// flow too.
//
// A provider's identity is linked to a user by (issuer, subject) — never by e-mail, which
// a provider may let anyone claim — and only within the tenant that linked it.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"golang.org/x/oauth2"

	"portal/platform/db"
)

// Errors of single sign-on. readapi maps each to its {type, message}.
var (
	// ErrSSONotConfigured: the tenant has no enabled identity provider.
	ErrSSONotConfigured = errors.New("auth: single sign-on is not configured for the tenant")
	// ErrInvalidRedirect: the redirect URL is not an absolute http(s) URL of the /callback page.
	ErrInvalidRedirect = errors.New("auth: invalid redirect URL")
	// ErrInvalidState: the callback's state is unknown, used, expired or malformed (the
	// spec's 'Invalid state').
	ErrInvalidState = errors.New("auth: invalid state")
	// ErrCodeRejected: the provider's token endpoint refused the code (wrong or reused code,
	// PKCE verifier mismatch, redirect URI mismatch).
	ErrCodeRejected = errors.New("auth: the provider refused the authorization code")
	// ErrIDTokenInvalid: the ID token is missing or fails its checks (signature from the
	// provider's JWKS, issuer, audience, expiry; for linking, freshness).
	ErrIDTokenInvalid = errors.New("auth: invalid ID token")
	// ErrNonceMismatch: the ID token does not carry the nonce of the authorization request.
	ErrNonceMismatch = errors.New("auth: ID token nonce mismatch")
	// ErrProviderUnavailable: discovery or the token endpoint could not be reached.
	ErrProviderUnavailable = errors.New("auth: identity provider unavailable")
	// ErrNotLinked: no user of the tenant is linked to the identity.
	ErrNotLinked = errors.New("auth: identity not linked to an account")
	// ErrIdentityTaken: the identity is already linked to another user of the tenant.
	ErrIdentityTaken = errors.New("auth: identity linked to another account")
	// ErrAlreadyLinked: the user is already linked to another identity of the provider.
	ErrAlreadyLinked = errors.New("auth: account already linked to another identity")
)

// GoogleIssuer is Google's OpenID issuer: a tenant whose provider it is signs in "with Google".
const GoogleIssuer = "https://accounts.google.com"

// Limits of single sign-on.
const (
	SSOStateTTL      = 10 * time.Minute // an authorization request must come back within this
	SSOFreshIDToken  = 10 * time.Minute // linkGoogle / removelinkGoogle need an ID token this recent
	ssoProviderTTL   = 10 * time.Minute // discovery documents are cached this long
	ssoClockSkew     = time.Minute      // an ID token issued this far in the future still counts
	ssoMaxCodeLength = 2048
	cognitoScope     = "aws.cognito.signin.user.admin"
)

// Audit events of linking, on the user's stream identity-<userId>.
const (
	TypeSSOLinked   = "identity.sso_linked.v1"
	TypeSSOUnlinked = "identity.sso_unlinked.v1"
)

// SSOLinkChanged is the data of TypeSSOLinked and TypeSSOUnlinked.
type SSOLinkChanged struct {
	UserID   uuid.UUID `json:"userId"`
	UserHash string    `json:"userHash"`
	Issuer   string    `json:"issuer"`
	Subject  string    `json:"subject"`
	At       string    `json:"at"` // RFC 3339, UTC
}

// CognitoAppIntegration is the public part of a tenant's identity provider, as TenantInfo
// shows it (spec: portal-core §3): the client id and the provider (its issuer URL; the
// spec's "cognitoDomain"). The client secret never leaves the server.
type CognitoAppIntegration struct {
	AppClientID   string `json:"appClientId"`
	CognitoDomain string `json:"cognitoDomain"`
}

// SSOConfig is a tenant's identity provider (table tenant_sso).
type SSOConfig struct {
	Tenant       uuid.UUID
	Issuer       string
	ClientID     string
	ClientSecret string // empty for a public client
	GrantTypes   int    // the spec's cognitoGrantTypes: 0, 1 or 2
}

// ssoConfig reads the tenant's enabled provider.
func (s *Service) ssoConfig(ctx context.Context, tenant uuid.UUID) (SSOConfig, bool, error) {
	c := SSOConfig{Tenant: tenant}
	found := false
	err := db.InTenant(ctx, s.pool, tenant.String(), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT issuer, client_id, client_secret, grant_types FROM tenant_sso
			WHERE tenant_id = $1 AND enabled`, tenant).Scan(&c.Issuer, &c.ClientID, &c.ClientSecret, &c.GrantTypes)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		found = err == nil
		return err
	})
	if err != nil {
		return c, false, fmt.Errorf("tenant %s single sign-on: %w", tenant, err)
	}
	return c, found, nil
}

// SSOLoginResult answers a single sign-on like login answers a password sign-in; its user
// has isSSO (and isGoogle for Google), which the session keeps through refreshes.
type SSOLoginResult = LoginResult

// SSOOptions configure an SSO; zero values take the defaults.
type SSOOptions struct {
	// HTTPClient talks to the providers (discovery, JWKS, token endpoint); default: a client
	// with a 10 s time-out.
	HTTPClient *http.Client
}

// SSO signs users in through their tenant's OpenID provider and links accounts to
// provider identities.
type SSO struct {
	svc    *Service
	client *http.Client

	mu        sync.Mutex
	providers map[string]cachedProvider // by issuer
}

type cachedProvider struct {
	p     *oidc.Provider
	until time.Time
}

// NewSSO returns the single sign-on of svc.
func NewSSO(svc *Service, opts SSOOptions) (*SSO, error) {
	if svc == nil {
		return nil, errors.New("auth.NewSSO: nil service")
	}
	client := opts.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &SSO{svc: svc, client: client, providers: map[string]cachedProvider{}}, nil
}

// provider returns the issuer's discovered provider, cached for ssoProviderTTL. go-oidc
// checks that the discovery document names the same issuer; the provider's key set caches
// the JWKS and fetches it again when a token names an unknown key.
func (o *SSO) provider(ctx context.Context, issuer string) (*oidc.Provider, error) {
	now := o.svc.now()
	o.mu.Lock()
	c, ok := o.providers[issuer]
	o.mu.Unlock()
	if ok && now.Before(c.until) {
		return c.p, nil
	}
	p, err := oidc.NewProvider(oidc.ClientContext(ctx, o.client), issuer)
	if err != nil {
		return nil, fmt.Errorf("%w: discovery of %s: %v", ErrProviderUnavailable, issuer, err)
	}
	o.mu.Lock()
	o.providers[issuer] = cachedProvider{p: p, until: now.Add(ssoProviderTTL)}
	o.mu.Unlock()
	return p, nil
}

// oauthConfig is the OAuth client of the tenant at provider p, returning to redirect.
func oauthConfig(c SSOConfig, p *oidc.Provider, redirect string) *oauth2.Config {
	var meta struct {
		Scopes      []string `json:"scopes_supported"`
		AuthMethods []string `json:"token_endpoint_auth_methods_supported"`
	}
	_ = p.Claims(&meta)
	scopes := []string{oidc.ScopeOpenID, "email", "profile"}
	// spec §4 names the Cognito admin scope; it is asked only of a provider that offers it
	// (any other would refuse the whole request as invalid_scope).
	if slices.Contains(meta.Scopes, cognitoScope) {
		scopes = append(scopes, cognitoScope)
	}
	endpoint := p.Endpoint()
	switch {
	case c.ClientSecret == "":
		endpoint.AuthStyle = oauth2.AuthStyleInParams // a public client: client_id in the form, PKCE proves it
	case len(meta.AuthMethods) == 0 || slices.Contains(meta.AuthMethods, "client_secret_basic"):
		endpoint.AuthStyle = oauth2.AuthStyleInHeader
	default:
		endpoint.AuthStyle = oauth2.AuthStyleInParams
	}
	return &oauth2.Config{
		ClientID: c.ClientID, ClientSecret: c.ClientSecret, Endpoint: endpoint,
		RedirectURL: redirect, Scopes: scopes,
	}
}

// tenantSSO finds the tenant of an access code and its provider.
func (o *SSO) tenantSSO(ctx context.Context, accessCode string) (TenantInfo, SSOConfig, error) {
	t, err := o.svc.tenantByCode(ctx, accessCode)
	if err != nil {
		return t, SSOConfig{}, err
	}
	c, ok, err := o.svc.ssoConfig(ctx, t.TenantID)
	if err != nil {
		return t, c, err
	}
	if !ok {
		return t, c, ErrSSONotConfigured
	}
	return t, c, nil
}

// callbackURL checks the redirect URL the web app sends: an absolute http(s) URL of its
// /callback page (the app's origin alone means its /callback). The provider checks it
// against the client's registered redirect URIs as well.
func callbackURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		u.Fragment != "" || u.RawQuery != "" || u.Opaque != "" {
		return "", ErrInvalidRedirect
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/callback"
	}
	if u.Path != "/callback" {
		return "", ErrInvalidRedirect
	}
	return u.String(), nil
}

// randomToken is n random bytes, base64url.
func randomToken(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func stateHash(state string) []byte {
	sum := sha256.Sum256([]byte(state))
	return sum[:]
}

// Intents of an authorization request (sso_states.intent).
const (
	IntentSignIn = "signin"
	IntentLink   = "link"
	IntentUnlink = "unlink"
)

// ErrInvalidIntent: a link request that is neither link nor unlink.
var ErrInvalidIntent = errors.New("auth: invalid single sign-on intent")

// Start begins a sign-in through the tenant's provider (spec §4, cloud login): it makes the
// state, the nonce and the PKCE verifier, keeps them server-side for SSOStateTTL, and returns
// the provider's authorization URL (code flow, S256 challenge, scopes openid email profile).
//
// The state is "<tenant id>.<32 random bytes>": the callback finds the tenant from it, and
// the random part, of which only a SHA-256 is stored, is what proves it.
func (o *SSO) Start(ctx context.Context, accessCode, redirectURL string) (string, error) {
	redirect, err := callbackURL(redirectURL)
	if err != nil {
		return "", err
	}
	t, c, err := o.tenantSSO(ctx, accessCode)
	if err != nil {
		return "", err
	}
	return o.start(ctx, t.TenantID, c, redirect, IntentSignIn, uuid.Nil)
}

// StartLink begins an authorization request that links (IntentLink) or unlinks
// (IntentUnlink) the signed-in caller's identity at the tenant's provider: the profile
// screen's way to linkGoogle / removelinkGoogle, the provider's sign-in proving the identity
// as the fresh ID token of those calls does. The request is bound to the caller: only the
// same user can complete it (CompleteLink).
func (o *SSO) StartLink(ctx context.Context, caller Claims, intent, redirectURL string) (string, error) {
	if intent != IntentLink && intent != IntentUnlink {
		return "", ErrInvalidIntent
	}
	redirect, err := callbackURL(redirectURL)
	if err != nil {
		return "", err
	}
	c, ok, err := o.svc.ssoConfig(ctx, caller.Tenant)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrSSONotConfigured
	}
	return o.start(ctx, caller.Tenant, c, redirect, intent, caller.UserID)
}

// start stores an authorization request of intent (for user, unless a sign-in) and returns
// the provider's authorization URL.
func (o *SSO) start(ctx context.Context, tenant uuid.UUID, c SSOConfig, redirect, intent string, user uuid.UUID) (string, error) {
	p, err := o.provider(ctx, c.Issuer)
	if err != nil {
		return "", err
	}
	secret, err := randomToken(32)
	if err != nil {
		return "", err
	}
	state := tenant.String() + "." + secret
	nonce, err := randomToken(32)
	if err != nil {
		return "", err
	}
	verifier := oauth2.GenerateVerifier() // 32 bytes of crypto/rand
	now := o.svc.now().UTC()
	var userID *uuid.UUID
	if intent != IntentSignIn {
		userID = &user
	}
	err = db.InTenant(ctx, o.svc.pool, tenant.String(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sso_states WHERE tenant_id = $1 AND expires_at <= $2`, tenant, now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sso_states (tenant_id, state_hash, nonce, code_verifier, redirect_uri, created_at, expires_at, intent, user_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, tenant, stateHash(state), nonce, verifier, redirect, now, now.Add(SSOStateTTL), intent, userID)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("store sso state: %w", err)
	}
	return oauthConfig(c, p, redirect).AuthCodeURL(state, oauth2.S256ChallengeOption(verifier), oidc.Nonce(nonce)), nil
}

// pending is an authorization request under way.
type pending struct {
	nonce, verifier, redirect, intent string
	user                              *uuid.UUID
}

// takeState consumes the state: it deletes the row, so a state works once.
func (o *SSO) takeState(ctx context.Context, state string) (uuid.UUID, pending, error) {
	var p pending
	prefix, _, ok := strings.Cut(state, ".")
	tenant, err := uuid.Parse(prefix)
	if !ok || err != nil || len(state) > 200 {
		return tenant, p, ErrInvalidState
	}
	found := false
	err = db.InTenant(ctx, o.svc.pool, tenant.String(), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `DELETE FROM sso_states WHERE tenant_id = $1 AND state_hash = $2
			RETURNING nonce, code_verifier, redirect_uri, intent, user_id, expires_at > $3`, tenant, stateHash(state), o.svc.now().UTC()).
			Scan(&p.nonce, &p.verifier, &p.redirect, &p.intent, &p.user, &found)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return tenant, p, fmt.Errorf("take sso state: %w", err)
	}
	if !found {
		return tenant, p, ErrInvalidState
	}
	return tenant, p, nil
}

// Callback completes a sign-in (spec §4: "when a code query parameter is present it is
// exchanged for tokens"): it checks and consumes the state, exchanges the code with the PKCE
// verifier at the provider's token endpoint, verifies the ID token (signature from the
// provider's JWKS, issuer, audience, expiry, then the nonce) and signs in the user linked to
// (issuer, subject) in the state's tenant.
func (o *SSO) Callback(ctx context.Context, code, state string) (SSOLoginResult, error) {
	tenant, req, err := o.takeState(ctx, state)
	if err != nil {
		return SSOLoginResult{}, err
	}
	if req.intent != IntentSignIn {
		return SSOLoginResult{}, ErrInvalidState // a link request signs no one in
	}
	idt, err := o.exchange(ctx, tenant, req, code)
	if err != nil {
		return SSOLoginResult{}, err
	}
	t, err := o.tenantByID(ctx, tenant)
	if err != nil {
		return SSOLoginResult{}, err
	}
	return o.signInLinked(ctx, t, idt.Issuer, idt.Subject)
}

// exchange trades the code of a request taken from sso_states for the provider's tokens
// (with the PKCE verifier) and returns the verified ID token (signature from the provider's
// JWKS, issuer, audience, expiry, the request's nonce, at_hash when present).
func (o *SSO) exchange(ctx context.Context, tenant uuid.UUID, req pending, code string) (*oidc.IDToken, error) {
	if code == "" || len(code) > ssoMaxCodeLength {
		return nil, ErrCodeRejected
	}
	c, ok, err := o.svc.ssoConfig(ctx, tenant)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrSSONotConfigured
	}
	p, err := o.provider(ctx, c.Issuer)
	if err != nil {
		return nil, err
	}
	xctx := context.WithValue(ctx, oauth2.HTTPClient, o.client)
	tok, err := oauthConfig(c, p, req.redirect).Exchange(xctx, code, oauth2.VerifierOption(req.verifier))
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode < 500 {
			return nil, fmt.Errorf("%w: %s", ErrCodeRejected, re.ErrorCode)
		}
		return nil, fmt.Errorf("%w: token endpoint: %v", ErrProviderUnavailable, err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return nil, fmt.Errorf("%w: no id_token in the token response", ErrIDTokenInvalid)
	}
	idt, err := o.verify(ctx, p, c, raw)
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(req.nonce)) != 1 {
		return nil, ErrNonceMismatch
	}
	if idt.AccessTokenHash != "" {
		if err := idt.VerifyAccessToken(tok.AccessToken); err != nil {
			return nil, fmt.Errorf("%w: at_hash: %v", ErrIDTokenInvalid, err)
		}
	}
	return idt, nil
}

// CompleteLink completes a StartLink request of the same caller: the code is exchanged and
// its ID token verified as a sign-in's, then the identity is linked to (or unlinked from)
// the caller. It returns the request's intent. A state of a sign-in, of another user or of
// another tenant is ErrInvalidState.
func (o *SSO) CompleteLink(ctx context.Context, caller Claims, code, state string) (string, error) {
	tenant, req, err := o.takeState(ctx, state)
	if err != nil {
		return "", err
	}
	if tenant != caller.Tenant || req.intent == IntentSignIn || req.user == nil || *req.user != caller.UserID {
		return "", ErrInvalidState
	}
	idt, err := o.exchange(ctx, tenant, req, code)
	if err != nil {
		return "", err
	}
	if req.intent == IntentLink {
		return req.intent, o.linkIdentity(ctx, caller, idt)
	}
	return req.intent, o.unlinkIdentity(ctx, caller, idt)
}

// LoginGoogle answers loginGoogle {accessCode, token} (spec §7): token is an ID token the
// client got from the tenant's provider itself (e.g. Google's sign-in button). It is
// verified (signature, issuer, audience = the tenant's client id, expiry) and the user
// linked to its (issuer, subject) is signed in. There is no nonce to check: the server did
// not start that flow.
func (o *SSO) LoginGoogle(ctx context.Context, accessCode, rawIDToken string) (SSOLoginResult, error) {
	t, c, err := o.tenantSSO(ctx, accessCode)
	if err != nil {
		return SSOLoginResult{}, err
	}
	p, err := o.provider(ctx, c.Issuer)
	if err != nil {
		return SSOLoginResult{}, err
	}
	idt, err := o.verify(ctx, p, c, rawIDToken)
	if err != nil {
		return SSOLoginResult{}, err
	}
	return o.signInLinked(ctx, t, idt.Issuer, idt.Subject)
}

// verify checks an ID token of the tenant's provider.
func (o *SSO) verify(ctx context.Context, p *oidc.Provider, c SSOConfig, raw string) (*oidc.IDToken, error) {
	if raw == "" {
		return nil, ErrIDTokenInvalid
	}
	v := p.Verifier(&oidc.Config{ClientID: c.ClientID, Now: o.svc.now})
	idt, err := v.Verify(oidc.ClientContext(ctx, o.client), raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrIDTokenInvalid, err)
	}
	if idt.Subject == "" {
		return nil, fmt.Errorf("%w: no subject", ErrIDTokenInvalid)
	}
	return idt, nil
}

// verifyFresh is verify plus: the token was issued within SSOFreshIDToken, so a link or an
// unlink is proven by a sign-in at the provider that just happened.
func (o *SSO) verifyFresh(ctx context.Context, c SSOConfig, raw string) (*oidc.IDToken, error) {
	p, err := o.provider(ctx, c.Issuer)
	if err != nil {
		return nil, err
	}
	idt, err := o.verify(ctx, p, c, raw)
	if err != nil {
		return nil, err
	}
	now := o.svc.now()
	if idt.IssuedAt.IsZero() || now.Sub(idt.IssuedAt) > SSOFreshIDToken || idt.IssuedAt.Sub(now) > ssoClockSkew {
		return nil, fmt.Errorf("%w: not fresh (issued %s)", ErrIDTokenInvalid, idt.IssuedAt.UTC().Format(time.RFC3339))
	}
	return idt, nil
}

func (o *SSO) tenantByID(ctx context.Context, tenant uuid.UUID) (TenantInfo, error) {
	var code string
	if err := o.svc.pool.QueryRow(ctx, `SELECT access_code FROM tenants WHERE id = $1`, tenant).Scan(&code); err != nil {
		return TenantInfo{}, fmt.Errorf("tenant %s: %w", tenant, err)
	}
	return o.svc.tenantByCode(ctx, code)
}

// signInLinked signs in the tenant's user linked to (issuer, subject).
func (o *SSO) signInLinked(ctx context.Context, t TenantInfo, issuer, subject string) (SSOLoginResult, error) {
	var user uuid.UUID
	err := db.InTenant(ctx, o.svc.pool, t.TenantID.String(), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT user_id FROM user_identities WHERE tenant_id = $1 AND issuer = $2 AND subject = $3`,
			t.TenantID, issuer, subject).Scan(&user)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotLinked
		}
		return err
	})
	if err != nil {
		return SSOLoginResult{}, err
	}
	u, found, err := o.svc.loadUserByID(ctx, t.TenantID, user)
	if err != nil {
		return SSOLoginResult{}, err
	}
	if !found || !u.active {
		return SSOLoginResult{}, ErrUnauthorized
	}
	// No new-password challenge: the provider signed the user in, no password was used.
	return o.svc.signIn(ctx, t, u, issuer)
}

// EndSessionURL is where a sign-out of a single sign-on session goes next (spec portal-core
// §4: "logout goes to the identity provider's logout address if known"): the end-session
// endpoint the tenant's provider announces in its discovery document (OpenID Connect
// RP-Initiated Logout 1.0), with client_id and post_logout_redirect_uri. Without it the
// provider would keep its own session and a tenant that signs in through it (grant type 1)
// would be signed straight back in.
//
// It is "" when the session was not single sign-on, the tenant's provider is no longer the
// one the session used, or the provider announces no end-session endpoint (Google does not).
// returnTo, when it is an absolute http(s) URL of the app's /login page, is sent as
// post_logout_redirect_uri (the provider checks it against the client's registration).
func (o *SSO) EndSessionURL(ctx context.Context, tenant uuid.UUID, issuer, returnTo string) (string, error) {
	if issuer == "" || tenant == uuid.Nil {
		return "", nil
	}
	c, ok, err := o.svc.ssoConfig(ctx, tenant)
	if err != nil || !ok || c.Issuer != issuer {
		return "", err
	}
	p, err := o.provider(ctx, c.Issuer)
	if err != nil {
		return "", err
	}
	var meta struct {
		EndSession string `json:"end_session_endpoint"`
	}
	if err := p.Claims(&meta); err != nil || meta.EndSession == "" {
		return "", nil
	}
	u, err := url.Parse(meta.EndSession)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", nil
	}
	q := u.Query()
	q.Set("client_id", c.ClientID)
	if back, ok := loginReturnURL(returnTo); ok {
		q.Set("post_logout_redirect_uri", back)
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// loginReturnURL accepts an absolute http(s) URL of the app's login page (/login or
// /login/<access code>), without credentials, query or fragment.
func loginReturnURL(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		u.Fragment != "" || u.RawQuery != "" || u.Opaque != "" {
		return "", false
	}
	if u.Path != "/login" && !strings.HasPrefix(u.Path, "/login/") {
		return "", false
	}
	return u.String(), true
}

// Link answers linkGoogle (spec §7): it links the signed-in user to the identity the fresh
// ID token proves, in the user's tenant, and leaves the audit event identity.sso_linked.v1.
// Linking an identity the user already has is a no-op.
func (o *SSO) Link(ctx context.Context, caller Claims, rawIDToken string) error {
	idt, err := o.freshIdentity(ctx, caller, rawIDToken)
	if err != nil {
		return err
	}
	return o.linkIdentity(ctx, caller, idt)
}

// freshIdentity verifies a fresh ID token with the caller's tenant's provider.
func (o *SSO) freshIdentity(ctx context.Context, caller Claims, rawIDToken string) (*oidc.IDToken, error) {
	c, ok, err := o.svc.ssoConfig(ctx, caller.Tenant)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrSSONotConfigured
	}
	return o.verifyFresh(ctx, c, rawIDToken)
}

// linkIdentity links the caller to the verified identity (a no-op when already linked).
func (o *SSO) linkIdentity(ctx context.Context, caller Claims, idt *oidc.IDToken) error {
	var email string
	_ = idt.Claims(&struct {
		Email *string `json:"email"`
	}{&email})
	now := o.svc.now().UTC()
	err := db.InTenant(ctx, o.svc.pool, caller.Tenant.String(), func(tx pgx.Tx) error {
		var owner uuid.UUID
		err := tx.QueryRow(ctx, `SELECT user_id FROM user_identities WHERE tenant_id = $1 AND issuer = $2 AND subject = $3`,
			caller.Tenant, idt.Issuer, idt.Subject).Scan(&owner)
		switch {
		case err == nil && owner == caller.UserID:
			return errNoChange
		case err == nil:
			return ErrIdentityTaken
		case !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO user_identities (tenant_id, user_id, issuer, subject, email, linked_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, caller.Tenant, caller.UserID, idt.Issuer, idt.Subject, email, now)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			if pgErr.ConstraintName == "user_identities_pkey" {
				return ErrIdentityTaken // linked meanwhile by someone else
			}
			return ErrAlreadyLinked
		}
		if err != nil {
			return err
		}
		return appendAudit(ctx, tx, caller.Tenant, caller.UserID, TypeSSOLinked, SSOLinkChanged{
			UserID: caller.UserID, UserHash: caller.UserHash, Issuer: idt.Issuer, Subject: idt.Subject, At: now.Format(time.RFC3339),
		})
	})
	if errors.Is(err, errNoChange) {
		return nil
	}
	return err
}

// errNoChange ends a transaction that has nothing to write.
var errNoChange = errors.New("auth: no change")

// Unlink answers removelinkGoogle (spec §7): it removes the link between the signed-in user
// and the identity the fresh ID token proves, and leaves the audit event
// identity.sso_unlinked.v1. ErrNotLinked when the user is not linked to it.
func (o *SSO) Unlink(ctx context.Context, caller Claims, rawIDToken string) error {
	idt, err := o.freshIdentity(ctx, caller, rawIDToken)
	if err != nil {
		return err
	}
	return o.unlinkIdentity(ctx, caller, idt)
}

// unlinkIdentity removes the caller's link to the verified identity (ErrNotLinked without one).
func (o *SSO) unlinkIdentity(ctx context.Context, caller Claims, idt *oidc.IDToken) error {
	now := o.svc.now().UTC()
	return db.InTenant(ctx, o.svc.pool, caller.Tenant.String(), func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM user_identities WHERE tenant_id = $1 AND user_id = $2 AND issuer = $3 AND subject = $4`,
			caller.Tenant, caller.UserID, idt.Issuer, idt.Subject)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrNotLinked
		}
		return appendAudit(ctx, tx, caller.Tenant, caller.UserID, TypeSSOUnlinked, SSOLinkChanged{
			UserID: caller.UserID, UserHash: caller.UserHash, Issuer: idt.Issuer, Subject: idt.Subject, At: now.Format(time.RFC3339),
		})
	})
}

// LinkedIdentity is an identity linked to a user, as the profile screen lists it.
type LinkedIdentity struct {
	Issuer   string    `json:"issuer"`
	Subject  string    `json:"subject"`
	Email    string    `json:"email"`
	LinkedAt time.Time `json:"linkedAt"`
}

// Identities lists the identities linked to a user, oldest first, and the issuer of the
// tenant's enabled provider ("" without one).
func (o *SSO) Identities(ctx context.Context, tenant, user uuid.UUID) ([]LinkedIdentity, string, error) {
	c, ok, err := o.svc.ssoConfig(ctx, tenant)
	if err != nil {
		return nil, "", err
	}
	if !ok {
		c.Issuer = ""
	}
	out := []LinkedIdentity{}
	err = db.InTenant(ctx, o.svc.pool, tenant.String(), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT issuer, subject, email, linked_at FROM user_identities
			WHERE tenant_id = $1 AND user_id = $2 ORDER BY linked_at, issuer`, tenant, user)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (LinkedIdentity, error) {
			var v LinkedIdentity
			return v, r.Scan(&v.Issuer, &v.Subject, &v.Email, &v.LinkedAt)
		})
		return err
	})
	return out, c.Issuer, err
}

// Linked lists the identities (issuer, subject) linked to a user, oldest first.
func (o *SSO) Linked(ctx context.Context, tenant, user uuid.UUID) ([][2]string, error) {
	var out [][2]string
	err := db.InTenant(ctx, o.svc.pool, tenant.String(), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT issuer, subject FROM user_identities WHERE tenant_id = $1 AND user_id = $2
			ORDER BY linked_at, issuer`, tenant, user)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]string, error) {
			var v [2]string
			return v, r.Scan(&v[0], &v[1])
		})
		return err
	})
	return out, err
}
