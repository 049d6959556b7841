package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
	"portal/platform/db"
)

// Errors of the token calls. Each is one answer whatever the reason (unknown, expired,
// revoked, reused, another user's token, disabled user), so a caller learns nothing more.
var (
	// ErrRefreshFailed answers refreshToken: 401 {type:"refresh", message:"falha_ao_renovar_token"}.
	ErrRefreshFailed = errors.New("auth: failed to refresh token")
	// ErrTokenSignIn answers signInWithToken and signInWithRefreshToken:
	// 401 {type:"login", message:"falha_login_token"}.
	ErrTokenSignIn = errors.New("auth: failed to sign in with token")
)

// Reasons a session was revoked, stored in auth_sessions.revoke_reason.
const (
	RevokedLogout         = "logout"
	RevokedReuse          = "refresh_reuse"
	RevokedPasswordChange = "password_changed"
)

// TypeRefreshReuseDetected is the audit event appended when a used refresh token comes back
// and its whole family is revoked. Stream identity-<userId>; data RefreshReuseDetected.
const TypeRefreshReuseDetected = "identity.refresh_reuse_detected.v1"

// RefreshReuseDetected is the data of TypeRefreshReuseDetected. It names the session, never
// a token.
type RefreshReuseDetected struct {
	UserID     uuid.UUID `json:"userId"`
	UserHash   string    `json:"userHash"`
	SessionID  uuid.UUID `json:"sessionId"`
	DetectedAt string    `json:"detectedAt"` // RFC 3339, UTC
}

// errReused is rotateRefresh's verdict on a used token; the family is revoked by then.
var errReused = errors.New("auth: refresh token reused")

// Refresh answers refreshToken (spec portal-core §7): it rotates the refresh token — the
// presented one is marked used and a new one of the same session (family) is issued with a
// new access token. userName, when given, must name the token's user.
//
// Presenting a token that was already used revokes the whole session: its refresh tokens and
// its access tokens are refused from then on (reuse detection: a used token coming back
// means two parties hold it). The presented token's row is locked while it is checked and
// replaced, so of many concurrent refreshes with one token exactly one rotates it and the
// others are reuse.
func (s *Service) Refresh(ctx context.Context, accessCode, userName, refreshToken string) (LoginResult, error) {
	res, err := s.rotate(ctx, accessCode, userName, refreshToken)
	if err != nil {
		if !errors.Is(err, ErrRefreshFailed) {
			return LoginResult{}, err
		}
		return LoginResult{}, ErrRefreshFailed
	}
	return res, nil
}

// SignInWithRefreshToken answers signInWithRefreshToken, the token sign-in screen's call
// (query u, r, c): a rotation of the refresh token answered like a sign-in.
func (s *Service) SignInWithRefreshToken(ctx context.Context, accessCode, userName, refreshToken string) (LoginResult, error) {
	res, err := s.rotate(ctx, accessCode, userName, refreshToken)
	if errors.Is(err, ErrRefreshFailed) {
		return LoginResult{}, ErrTokenSignIn
	}
	return res, err
}

// SignInWithToken answers signInWithToken: a client that holds tokens (a host app, another
// tab) opens a session with them. A valid access token of the tenant gives the user and a
// new access token of the same session; the refresh token, when given, must be the
// session's current one and is handed back unchanged. Without a valid access token the
// refresh token is rotated as by Refresh.
func (s *Service) SignInWithToken(ctx context.Context, accessCode, accessToken, refreshToken string) (LoginResult, error) {
	tenant, err := s.tenantByCode(ctx, accessCode)
	if errors.Is(err, ErrUnknownTenant) {
		return LoginResult{}, ErrTokenSignIn
	}
	if err != nil {
		return LoginResult{}, err
	}
	c, err := s.VerifyContext(ctx, accessToken)
	if errors.Is(err, ErrInvalidToken) || (err == nil && c.Tenant != tenant.TenantID) {
		if refreshToken == "" {
			return LoginResult{}, ErrTokenSignIn
		}
		return s.SignInWithRefreshToken(ctx, accessCode, "", refreshToken)
	}
	if err != nil {
		return LoginResult{}, err
	}
	if c.SessionID == uuid.Nil {
		return LoginResult{}, ErrTokenSignIn // tools' tokens open no session
	}
	if refreshToken != "" {
		current := false
		err := db.InTenant(ctx, s.pool, tenant.TenantID.String(), func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM refresh_tokens WHERE tenant_id = $1 AND token_hash = $2
				AND family_id = $3 AND user_id = $4 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $5)`,
				tenant.TenantID, refreshHash(refreshToken), c.SessionID, c.UserID, s.now().UTC()).Scan(&current)
		})
		if err != nil {
			return LoginResult{}, err
		}
		if !current {
			return LoginResult{}, ErrTokenSignIn
		}
	}
	u, found, err := s.loadUserByID(ctx, tenant.TenantID, c.UserID)
	if err != nil {
		return LoginResult{}, err
	}
	if !found || !u.active {
		return LoginResult{}, ErrTokenSignIn
	}
	return s.result(tenant, u, c.SessionID, refreshToken, c.SSOIssuer)
}

// rotate checks and rotates a refresh token. Its refusals are ErrRefreshFailed.
func (s *Service) rotate(ctx context.Context, accessCode, userName, refreshToken string) (LoginResult, error) {
	if strings.TrimSpace(refreshToken) == "" {
		return LoginResult{}, ErrRefreshFailed
	}
	tenant, err := s.tenantByCode(ctx, accessCode)
	if errors.Is(err, ErrUnknownTenant) {
		return LoginResult{}, ErrRefreshFailed
	}
	if err != nil {
		return LoginResult{}, err
	}
	name := strings.ToLower(strings.TrimSpace(userName))
	now := s.now().UTC()
	var (
		u       userRow
		session uuid.UUID
		next    string
		issuer  string // the session's single sign-on provider, answered again (isSSO)
		reused  bool
	)
	err = db.InTenant(ctx, s.pool, tenant.TenantID.String(), func(tx pgx.Tx) error {
		var (
			id, user                    uuid.UUID
			expires                     time.Time
			used, revoked, sessionEnded *time.Time
			sessionIssuer               *string
		)
		// FOR UPDATE serializes rotations of one token: a second one waits here and then
		// reads the row as the first left it (used), which is reuse.
		err := tx.QueryRow(ctx, `SELECT r.id, r.user_id, r.family_id, r.expires_at, r.used_at, r.revoked_at, s.revoked_at, s.sso_issuer
			FROM refresh_tokens r LEFT JOIN auth_sessions s ON s.tenant_id = r.tenant_id AND s.id = r.family_id
			WHERE r.tenant_id = $1 AND r.token_hash = $2 FOR UPDATE OF r`, tenant.TenantID, refreshHash(refreshToken)).
			Scan(&id, &user, &session, &expires, &used, &revoked, &sessionEnded, &sessionIssuer)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrRefreshFailed
		}
		if err != nil {
			return err
		}
		if revoked != nil || sessionEnded != nil {
			return ErrRefreshFailed
		}
		if sessionIssuer != nil {
			issuer = *sessionIssuer
		}
		if used != nil {
			reused = true
			return s.revokeReused(ctx, tx, tenant.TenantID, user, session, now)
		}
		if !expires.After(now) {
			return ErrRefreshFailed
		}
		var found bool
		u, found, err = readUser(ctx, tx, tenant.TenantID, "u.id = $2", user)
		if err != nil {
			return err
		}
		if !found || !u.active || (name != "" && strings.ToLower(u.userName) != name) {
			return ErrRefreshFailed
		}
		var nextID uuid.UUID
		if next, nextID, err = s.issueRefresh(ctx, tx, tenant.TenantID, user, session); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE refresh_tokens SET used_at = $3, replaced_by = $4 WHERE tenant_id = $1 AND id = $2`,
			tenant.TenantID, id, now, nextID)
		return err
	})
	if reused && err == nil {
		slog.Warn("refresh token reused: session revoked", "tenant", tenant.TenantID, "session", session)
		s.rememberSession(tenant.TenantID, session, false)
		return LoginResult{}, fmt.Errorf("%w: %w", ErrRefreshFailed, errReused)
	}
	if err != nil {
		return LoginResult{}, err
	}
	return s.result(tenant, u, session, next, issuer)
}

// revokeReused revokes the session of a reused token and leaves the audit event.
func (s *Service) revokeReused(ctx context.Context, tx pgx.Tx, tenant, user, session uuid.UUID, now time.Time) error {
	if _, err := revokeSessions(ctx, tx, tenant, user, []uuid.UUID{session}, uuid.Nil, RevokedReuse, now); err != nil {
		return err
	}
	var hash string
	if err := tx.QueryRow(ctx, `SELECT hash FROM users WHERE tenant_id = $1 AND id = $2`, tenant, user).Scan(&hash); err != nil {
		return err
	}
	return appendAudit(ctx, tx, tenant, user, TypeRefreshReuseDetected, RefreshReuseDetected{
		UserID: user, UserHash: hash, SessionID: session, DetectedAt: now.Format(time.RFC3339),
	})
}

// Logout ends the caller's session everywhere: its refresh tokens and its access tokens
// (in this process at once, in others within ActiveCacheTTL) are refused from then on.
// It returns the OpenID issuer the session was opened through ("" for none), whose
// end-session address the sign-out then visits (spec portal-core §4; SSO.EndSessionURL).
func (s *Service) Logout(ctx context.Context, c Claims) (string, error) {
	if c.SessionID == uuid.Nil {
		return "", nil
	}
	err := db.InTenant(ctx, s.pool, c.Tenant.String(), func(tx pgx.Tx) error {
		_, err := revokeSessions(ctx, tx, c.Tenant, c.UserID, []uuid.UUID{c.SessionID}, uuid.Nil, RevokedLogout, s.now().UTC())
		return err
	})
	if err != nil {
		return "", fmt.Errorf("logout: %w", err)
	}
	s.rememberSession(c.Tenant, c.SessionID, false)
	return c.SSOIssuer, nil
}

// LogoutRefreshToken ends the session of a refresh token (a sign-out whose access token has
// expired) and returns its tenant and single sign-on issuer, as Logout. Unknown tokens are
// ignored: sign-out always succeeds.
func (s *Service) LogoutRefreshToken(ctx context.Context, accessCode, refreshToken string) (uuid.UUID, string, error) {
	tenant, err := s.tenantByCode(ctx, accessCode)
	if errors.Is(err, ErrUnknownTenant) || refreshToken == "" {
		return uuid.Nil, "", nil
	}
	if err != nil {
		return uuid.Nil, "", err
	}
	var session uuid.UUID
	var issuer string
	err = db.InTenant(ctx, s.pool, tenant.TenantID.String(), func(tx pgx.Tx) error {
		var user uuid.UUID
		err := tx.QueryRow(ctx, `SELECT r.family_id, r.user_id, coalesce(s.sso_issuer, '')
			FROM refresh_tokens r LEFT JOIN auth_sessions s ON s.tenant_id = r.tenant_id AND s.id = r.family_id
			WHERE r.tenant_id = $1 AND r.token_hash = $2`,
			tenant.TenantID, refreshHash(refreshToken)).Scan(&session, &user, &issuer)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		_, err = revokeSessions(ctx, tx, tenant.TenantID, user, []uuid.UUID{session}, uuid.Nil, RevokedLogout, s.now().UTC())
		return err
	})
	if err != nil {
		return uuid.Nil, "", fmt.Errorf("logout: %w", err)
	}
	if session != uuid.Nil {
		s.rememberSession(tenant.TenantID, session, false)
	}
	return tenant.TenantID, issuer, nil
}

// revokeSessions revokes sessions of user and every refresh token of them, and returns
// the ids it revoked: those listed in only (all the user's when only is nil) but except.
func revokeSessions(ctx context.Context, tx pgx.Tx, tenant, user uuid.UUID, only []uuid.UUID, except uuid.UUID, reason string, now time.Time) ([]uuid.UUID, error) {
	rows, err := tx.Query(ctx, `UPDATE auth_sessions SET revoked_at = $5, revoke_reason = $6
		WHERE tenant_id = $1 AND user_id = $2 AND ($3::uuid[] IS NULL OR id = ANY($3)) AND id <> $4 AND revoked_at IS NULL
		RETURNING id`, tenant, user, only, except, now, reason)
	if err != nil {
		return nil, fmt.Errorf("revoke sessions: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("revoke sessions: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked_at = $5
		WHERE tenant_id = $1 AND user_id = $2 AND ($3::uuid[] IS NULL OR family_id = ANY($3)) AND family_id <> $4
		AND revoked_at IS NULL`, tenant, user, only, except, now); err != nil {
		return nil, fmt.Errorf("revoke refresh tokens: %w", err)
	}
	return ids, nil
}

// appendAudit appends an identity event to the user's stream identity-<userId> inside tx,
// so the change and its audit event commit together. The event store's table is outside
// row-level security and not granted to portal_app: the role db.InTenant switched to is
// reset first, so this must be the transaction's last statement.
func appendAudit(ctx context.Context, tx pgx.Tx, tenant, user uuid.UUID, eventType string, data any) error {
	body, err := json.Marshal(data)
	if err != nil {
		return err
	}
	stream := IdentityStream(user)
	// Appends to one stream in concurrent transactions would pick the same version: a
	// transaction-scoped lock per stream, taken last (after every row lock of the change),
	// queues them without any risk of deadlock.
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, tenant.String()+"/"+stream); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "RESET ROLE"); err != nil {
		return err
	}
	meta := eventstore.Meta{Tenant: tenant, Actor: user.String(), CorrelationID: uuid.New(), CommandID: eventType + ":" + uuid.NewString()}
	return eventstore.AppendTx(ctx, tx, meta, stream, eventstore.Any,
		eventstore.EventData{ID: eventstore.NewID(), Type: eventType, SchemaVersion: 1, Data: body})
}
