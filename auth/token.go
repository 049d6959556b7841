package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TokenKeyEnv names the environment variable that may hold the access-token signing key
// (standard base64, at least 32 bytes once decoded).
const TokenKeyEnv = "PORTAL_TOKEN_KEY"

const (
	tokenIssuer   = "portal"
	tokenKeyName  = "access_token_key"
	minTokenKey   = 32
	refreshTokenN = 32 // random bytes in an opaque refresh token
)

// ErrInvalidToken says an access token is malformed, badly signed, expired, or belongs to a
// user who may no longer sign in.
var ErrInvalidToken = errors.New("auth: invalid token")

// tokenClaims is the JWT body. Short names keep the header small; the registered claims
// carry the user id (sub), issue and expiry times and a unique id (jti).
type tokenClaims struct {
	jwt.RegisteredClaims
	Tenant   string   `json:"tid"`
	UserHash string   `json:"uh"`
	Employee string   `json:"emp,omitempty"`
	Roles    []string `json:"roles"`
	Session  string   `json:"sid,omitempty"` // the sign-in (refresh-token family) it belongs to
	IdP      string   `json:"idp,omitempty"` // the OpenID issuer of a single sign-on session
}

// issueAccess signs a short-lived HS256 access token for c.
func (s *Service) issueAccess(c Claims) (string, time.Time, error) {
	now := s.now().UTC()
	exp := now.Add(s.accessTTL)
	tc := tokenClaims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    tokenIssuer,
			Subject:   c.UserID.String(),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(exp),
			ID:        uuid.NewString(),
		},
		Tenant:   c.Tenant.String(),
		UserHash: c.UserHash,
		Roles:    c.Roles,
		IdP:      c.SSOIssuer,
	}
	if c.EmployeeID != uuid.Nil {
		tc.Employee = c.EmployeeID.String()
	}
	if c.SessionID != uuid.Nil {
		tc.Session = c.SessionID.String()
	}
	signed, err := jwt.NewWithClaims(jwt.SigningMethodHS256, tc).SignedString(s.key)
	return signed, exp, err
}

// parseAccess checks the token's algorithm, signature, issuer and expiry, and returns its
// claims. It does not look at the database. There is no not-before and no issued-at check:
// with several server processes a few seconds of clock skew must not refuse fresh tokens.
func (s *Service) parseAccess(token string) (Claims, error) {
	now := s.now()
	if c, ok := s.verified.get(token, now); ok {
		return c, nil
	}
	c, tc, err := s.decodeAccess(token)
	if err != nil {
		return Claims{}, err
	}
	e := verifiedToken{claims: c, exp: tc.ExpiresAt.Time} // required: set once verified
	if tc.NotBefore != nil {
		e.nbf = tc.NotBefore.Time
	}
	s.verified.put(token, e, now)
	return c, nil
}

// decodeAccess is parseAccess without the memo; it also answers the token's registered
// claims.
func (s *Service) decodeAccess(token string) (Claims, tokenClaims, error) {
	var tc tokenClaims
	_, err := jwt.ParseWithClaims(token, &tc, func(*jwt.Token) (any, error) { return s.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(s.now),
	)
	if err != nil {
		return Claims{}, tc, fmt.Errorf("%w: %v", ErrInvalidToken, err)
	}
	var c Claims
	if c.UserID, err = uuid.Parse(tc.Subject); err != nil {
		return Claims{}, tc, fmt.Errorf("%w: subject", ErrInvalidToken)
	}
	if c.Tenant, err = uuid.Parse(tc.Tenant); err != nil {
		return Claims{}, tc, fmt.Errorf("%w: tenant", ErrInvalidToken)
	}
	if tc.Employee != "" {
		if c.EmployeeID, err = uuid.Parse(tc.Employee); err != nil {
			return Claims{}, tc, fmt.Errorf("%w: employee", ErrInvalidToken)
		}
	}
	if tc.Session != "" {
		if c.SessionID, err = uuid.Parse(tc.Session); err != nil {
			return Claims{}, tc, fmt.Errorf("%w: session", ErrInvalidToken)
		}
	}
	if tc.UserHash == "" {
		return Claims{}, tc, fmt.Errorf("%w: user hash", ErrInvalidToken)
	}
	c.UserHash = tc.UserHash
	c.Roles = tc.Roles
	c.SSOIssuer = tc.IdP
	return c, tc, nil
}

// startSession records a new sign-in (a refresh-token family) of user and returns its id.
// issuer is the OpenID provider it went through (” for a password sign-in): refreshes and
// the logout of the session read it back.
func (s *Service) startSession(ctx context.Context, tx pgx.Tx, tenant, user uuid.UUID, issuer string) (uuid.UUID, error) {
	id := uuid.New()
	_, err := tx.Exec(ctx, `INSERT INTO auth_sessions (tenant_id, id, user_id, created_at, sso_issuer) VALUES ($1, $2, $3, $4, $5)`,
		tenant, id, user, s.now().UTC(), issuer)
	if err != nil {
		return uuid.Nil, fmt.Errorf("store session: %w", err)
	}
	return id, nil
}

// issueRefresh creates an opaque refresh token of the session and stores its SHA-256; the
// token itself is never stored. Rotation (rotateRefresh) issues the next token of the same
// session and marks the presented one used.
func (s *Service) issueRefresh(ctx context.Context, tx pgx.Tx, tenant, user, session uuid.UUID) (string, uuid.UUID, error) {
	raw := make([]byte, refreshTokenN)
	if _, err := rand.Read(raw); err != nil {
		return "", uuid.Nil, err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now().UTC()
	id := uuid.New()
	_, err := tx.Exec(ctx, `INSERT INTO refresh_tokens (tenant_id, id, user_id, family_id, token_hash, issued_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		tenant, id, user, session, refreshHash(token), now, now.Add(s.refreshTTL))
	if err != nil {
		return "", uuid.Nil, fmt.Errorf("store refresh token: %w", err)
	}
	return token, id, nil
}

// refreshHash is how a refresh token is stored and looked up.
func refreshHash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// loadTokenKey returns the signing key: the given one, else PORTAL_TOKEN_KEY, else the key
// kept in server_secrets (created on first start, so restarts keep sessions valid and
// several server processes share it).
func loadTokenKey(ctx context.Context, pool *pgxpool.Pool, given []byte) ([]byte, error) {
	if len(given) > 0 {
		if len(given) < minTokenKey {
			return nil, fmt.Errorf("token key: need at least %d bytes", minTokenKey)
		}
		return given, nil
	}
	if env := os.Getenv(TokenKeyEnv); env != "" {
		key, err := base64.StdEncoding.DecodeString(env)
		if err != nil {
			return nil, fmt.Errorf("%s: not base64: %w", TokenKeyEnv, err)
		}
		if len(key) < minTokenKey {
			return nil, fmt.Errorf("%s: need at least %d bytes", TokenKeyEnv, minTokenKey)
		}
		return key, nil
	}
	fresh := make([]byte, minTokenKey)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	// Insert-if-absent then read: when several processes start at once they all end up with
	// the first key written.
	if _, err := pool.Exec(ctx, `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
		tokenKeyName, fresh); err != nil {
		return nil, fmt.Errorf("store token key: %w", err)
	}
	var key []byte
	if err := pool.QueryRow(ctx, `SELECT value FROM server_secrets WHERE name = $1`, tokenKeyName).Scan(&key); err != nil {
		return nil, fmt.Errorf("read token key: %w", err)
	}
	return key, nil
}

// IssueAccessToken signs an access token for claims the caller already trusts (the bench and
// operations tools; sign-in goes through Login).
func (s *Service) IssueAccessToken(c Claims) (string, error) {
	t, _, err := s.issueAccess(c)
	return t, err
}

// verifiedTokens remembers, by their exact text, the access tokens whose signature, algorithm
// and issuer were checked, with their claims: a token is immutable and signed by the
// service's one key, so the same text verifies the same way again, and the second call
// spares the base64, JSON and HMAC of the first (a busy call such as a check-in or a clock
// mark pays them on every request, and so does a flood refused with 429). Each use still
// checks the expiry and the not-before time against the clock, and VerifyContext still
// checks that the user is active and the session live: the memo holds nothing that a
// revocation or a disabled account changes. Its zero value is ready.
type verifiedTokens struct {
	mu sync.Mutex
	m  map[string]verifiedToken
}

type verifiedToken struct {
	claims   Claims
	exp, nbf time.Time
}

// maxVerifiedTokens bounds the memo (a few hundred bytes a token): when full, the expired
// tokens go, and all of them when none has expired.
const maxVerifiedTokens = 20_000

func (v *verifiedTokens) get(token string, now time.Time) (Claims, bool) {
	v.mu.Lock()
	e, ok := v.m[token]
	v.mu.Unlock()
	// As jwt's validator: valid while now < exp and now >= nbf.
	if !ok || !now.Before(e.exp) || now.Before(e.nbf) {
		return Claims{}, false
	}
	c := e.claims
	c.Roles = slices.Clone(c.Roles) // the caller may keep or change its claims
	return c, true
}

func (v *verifiedTokens) put(token string, e verifiedToken, now time.Time) {
	e.claims.Roles = slices.Clone(e.claims.Roles)
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.m == nil {
		v.m = map[string]verifiedToken{}
	}
	if len(v.m) >= maxVerifiedTokens {
		for k, old := range v.m {
			if !now.Before(old.exp) {
				delete(v.m, k)
			}
		}
		if len(v.m) >= maxVerifiedTokens {
			clear(v.m)
		}
	}
	v.m[strings.Clone(token)] = e
}
