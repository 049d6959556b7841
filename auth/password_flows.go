package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain"
	"portal/platform/db"
)

// ErrInvalidChallenge answers NewPasswordRequired with a session that is unknown, expired,
// used, or not the named user's: 401 {type:"sessionId", message:"sessao_invalida"}.
var ErrInvalidChallenge = errors.New("auth: invalid challenge session")

// TypePasswordChanged is the audit event of every password change (stream
// identity-<userId>). Its data, PasswordChanged, holds no secret.
const TypePasswordChanged = "identity.password_changed.v1"

// Reasons of a password change.
const (
	PasswordChangedByUser  = "changed"               // changePassword, signed in
	PasswordChangedOnLogin = "new_password_required" // NewPasswordRequired challenge
	PasswordChangedReset   = "reset"                 // AdminConfirmForgotPassword
)

// PasswordChanged is the data of TypePasswordChanged.
type PasswordChanged struct {
	UserID    uuid.UUID `json:"userId"`
	UserHash  string    `json:"userHash"`
	Reason    string    `json:"reason"`
	ChangedAt string    `json:"changedAt"` // RFC 3339, UTC
	// SessionsRevoked counts the other sign-ins the change ended.
	SessionsRevoked int `json:"sessionsRevoked"`
}

// Challenge kinds (auth_challenges.kind).
const (
	challengeNewPassword = "new_password"
	challengeReset       = "reset"
)

// mustChangePassword tells whether sign-in must answer the NEW_PASSWORD_REQUIRED
// challenge: the account is flagged, or its password is older than the tenant allows.
func (s *Service) mustChangePassword(t TenantInfo, u userRow) bool {
	return u.mustChange || passwordExpired(u.pwChangedAt, t.PasswordExpirationDays, s.now())
}

// secretHash is what auth_challenges stores of a secret: an HMAC under the token key, so a
// copy of the table does not let anyone test the 40 bits of a reset code offline.
func (s *Service) secretHash(kind string, tenant uuid.UUID, secret string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(kind + "\x00" + tenant.String() + "\x00" + secret))
	return m.Sum(nil)
}

// newPasswordChallenge answers a sign-in whose user must choose a new password: no tokens,
// a one-time session for NewPasswordRequired.
func (s *Service) newPasswordChallenge(ctx context.Context, t TenantInfo, u userRow) (LoginResult, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return LoginResult{}, err
	}
	session := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now().UTC()
	err := db.InTenant(ctx, s.pool, t.TenantID.String(), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO auth_challenges (tenant_id, id, user_id, kind, secret_hash, created_at, expires_at, max_attempts)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, t.TenantID, uuid.New(), u.id, challengeNewPassword,
			s.secretHash(challengeNewPassword, t.TenantID, session), now, now.Add(NewPasswordSessionTTL), ResetCodeTries)
		return err
	})
	if err != nil {
		return LoginResult{}, fmt.Errorf("store challenge: %w", err)
	}
	return LoginResult{AuthResponse: &AuthResponse{
		ChallengeName: ChallengeNewPassword, Session: session, UserHash: u.hash, UserName: u.userName,
	}}, nil
}

// ChangePassword answers changePassword for the signed-in caller: previous must be the
// current password (wrong answers count as failed sign-ins of the account), proposed must
// follow the rules and not be one of the tenant's reuse limit. The caller's session stays;
// the user's other sessions end.
func (s *Service) ChangePassword(ctx context.Context, c Claims, previous, proposed string) error {
	if previous == "" {
		return domain.InvalidField("previousPassword", KeyPasswordRequired)
	}
	if err := ValidateNewPassword("proposedPassword", proposed); err != nil {
		return err
	}
	account := "change\x00" + c.Tenant.String() + "\x00" + c.UserID.String()
	addr := clientIP(ctx)
	wrong := domain.Refusal("previousPassword", KeyWrongPassword)
	if blocked, err := s.limiter.blocked(ctx, account, addr, s.now()); err != nil || blocked {
		_, _ = CheckPassword(s.dummyHash, previous)
		if err != nil {
			return err
		}
		return wrong
	}
	failed := false
	var revoked []uuid.UUID
	err := db.InTenant(ctx, s.pool, c.Tenant.String(), func(tx pgx.Tx) error {
		var current, hash string
		var limit int
		err := tx.QueryRow(ctx, `SELECT u.password_hash, u.hash, t.password_reuse_limit FROM users u JOIN tenants t ON t.id = u.tenant_id
			WHERE u.tenant_id = $1 AND u.id = $2 AND u.active FOR UPDATE OF u`, c.Tenant, c.UserID).Scan(&current, &hash, &limit)
		if errors.Is(err, pgx.ErrNoRows) {
			return wrong
		}
		if err != nil {
			return err
		}
		if ok, err := CheckPassword(current, previous); !ok || err != nil {
			failed = true
			return wrong
		}
		if r, err := s.reused(ctx, tx, c.Tenant, c.UserID, current, proposed, limit); err != nil || r {
			if err == nil {
				err = domain.Refusal("proposedPassword", KeyPasswordReused)
			}
			return err
		}
		revoked, err = s.setPassword(ctx, tx, c.Tenant, c.UserID, hash, current, proposed, PasswordChangedByUser, c.SessionID)
		return err
	})
	if failed {
		if ferr := s.limiter.failed(ctx, account, addr, s.now()); ferr != nil {
			return ferr
		}
	}
	if err != nil {
		return err
	}
	if err := s.limiter.succeeded(ctx, account); err != nil {
		return err
	}
	s.forgetSessions(c.Tenant, revoked)
	return nil
}

// CompleteNewPassword answers NewPasswordRequired: the challenge session of a sign-in,
// with the user's name and hash as the challenge gave them, sets the new password. The
// user then signs in again (spec portal-core §4).
func (s *Service) CompleteNewPassword(ctx context.Context, accessCode, userName, userHash, session, newPassword string) error {
	if err := ValidateNewPassword("newPassword", newPassword); err != nil {
		return err
	}
	if session == "" {
		return ErrInvalidChallenge
	}
	tenant, err := s.tenantByCode(ctx, accessCode)
	if errors.Is(err, ErrUnknownTenant) {
		return ErrInvalidChallenge
	}
	if err != nil {
		return err
	}
	name := strings.ToLower(strings.TrimSpace(userName))
	now := s.now().UTC()
	var revoked []uuid.UUID
	err = db.InTenant(ctx, s.pool, tenant.TenantID.String(), func(tx pgx.Tx) error {
		var id, user uuid.UUID
		var uname, hash, current string
		var active bool
		err := tx.QueryRow(ctx, `SELECT c.id, c.user_id, u.user_name, u.hash, u.password_hash, u.active
			FROM auth_challenges c JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.user_id
			WHERE c.tenant_id = $1 AND c.secret_hash = $2 AND c.kind = $3 AND c.used_at IS NULL AND c.expires_at > $4
			FOR UPDATE OF c, u`, tenant.TenantID, s.secretHash(challengeNewPassword, tenant.TenantID, session), challengeNewPassword, now).
			Scan(&id, &user, &uname, &hash, &current, &active)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrInvalidChallenge
		}
		if err != nil {
			return err
		}
		if !active || (name != "" && strings.ToLower(uname) != name) || (userHash != "" && userHash != hash) {
			return ErrInvalidChallenge
		}
		if r, err := s.reused(ctx, tx, tenant.TenantID, user, current, newPassword, tenant.PasswordReuseLimit); err != nil || r {
			if err == nil {
				err = domain.Refusal("newPassword", KeyPasswordReused)
			}
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE auth_challenges SET used_at = $3 WHERE tenant_id = $1 AND id = $2`, tenant.TenantID, id, now); err != nil {
			return err
		}
		revoked, err = s.setPassword(ctx, tx, tenant.TenantID, user, hash, current, newPassword, PasswordChangedOnLogin, uuid.Nil)
		return err
	})
	if err != nil {
		return err
	}
	s.forgetSessions(tenant.TenantID, revoked)
	return nil
}

// ForgotPassword answers authManagement/AdminForgotPassword: it e-mails the user a new
// reset code (and kills the codes sent before). An unknown, disabled or mail-less user gets
// the same answer and no mail, so the call does not tell which accounts exist; so does an
// account that already received ResetCodesPerHour codes this hour. The mail is sent in the
// background, so the answer takes the same time either way.
func (s *Service) ForgotPassword(ctx context.Context, accessCode, userName string) error {
	name := strings.ToLower(strings.TrimSpace(userName))
	if name == "" {
		return domain.InvalidField("userName", KeyUserNameRequired)
	}
	tenant, err := s.tenantByCode(ctx, accessCode)
	if err != nil {
		return err
	}
	u, found, err := s.loadUser(ctx, tenant.TenantID, name)
	if err != nil {
		return err
	}
	code, err := NewResetCode()
	if err != nil {
		return err
	}
	if !found || !u.active {
		return nil
	}
	now := s.now().UTC()
	issued := false
	err = db.InTenant(ctx, s.pool, tenant.TenantID.String(), func(tx pgx.Tx) error {
		// The user's row lock serializes requests, so exactly one code is live.
		if _, err := tx.Exec(ctx, `SELECT FROM users WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, tenant.TenantID, u.id); err != nil {
			return err
		}
		var recent int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM auth_challenges WHERE tenant_id = $1 AND user_id = $2 AND kind = $3
			AND created_at > $4`, tenant.TenantID, u.id, challengeReset, now.Add(-time.Hour)).Scan(&recent); err != nil {
			return err
		}
		if recent >= ResetCodesPerHour {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE auth_challenges SET used_at = $4 WHERE tenant_id = $1 AND user_id = $2 AND kind = $3
			AND used_at IS NULL`, tenant.TenantID, u.id, challengeReset, now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO auth_challenges (tenant_id, id, user_id, kind, secret_hash, created_at, expires_at, max_attempts)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, tenant.TenantID, uuid.New(), u.id, challengeReset,
			s.secretHash(challengeReset, tenant.TenantID, u.id.String()+"\x00"+code), now, now.Add(ResetCodeTTL), ResetCodeTries)
		issued = err == nil
		return err
	})
	if err != nil {
		return fmt.Errorf("forgot password: %w", err)
	}
	if !issued {
		slog.Warn("forgot password: hourly code limit reached, no mail sent", "tenant", tenant.TenantID, "user", u.id)
		return nil
	}
	if u.email == "" {
		slog.Warn("forgot password: the user has no e-mail address", "tenant", tenant.TenantID, "user", u.id)
		return nil
	}
	mailer, templates, err := s.mailFor(ctx, tenant.TenantID)
	if err != nil {
		return fmt.Errorf("forgot password: the tenant's mail settings: %w", err)
	}
	if mailer == nil {
		slog.Warn("forgot password: SMTP_ADDR is not set, so the reset code is logged instead of e-mailed",
			"tenant", tenant.TenantID, "user", u.userName, "code", code)
		return nil
	}
	m, ok := templated(templates, "verification_code", u.email, map[string]string{"code": code, "name": u.displayName})
	if !ok {
		m = resetMail(u.email, u.language, u.displayName, code)
	}
	s.mails.Add(1)
	go func() {
		defer s.mails.Done()
		if err := mailer.Send(context.WithoutCancel(ctx), m); err != nil {
			slog.Error("forgot password: sending the code failed", "tenant", tenant.TenantID, "user", u.id, "err", err)
		}
	}()
	return nil
}

// WaitMail waits until the mails being sent in the background are delivered or failed.
func (s *Service) WaitMail() { s.mails.Wait() }

// ConfirmForgotPassword answers authManagement/AdminConfirmForgotPassword: the user's live
// reset code sets the new password. A code works once, for ResetCodeTTL, and dies after
// ResetCodeTries wrong tries; every wrong, expired or dead code, and any code of an unknown
// user, is the same refusal {type:"code", message:"codigo_invalido"}. A reset ends all the
// user's sessions and clears the account's sign-in failures.
func (s *Service) ConfirmForgotPassword(ctx context.Context, accessCode, userName, code, newPassword string) error {
	name := strings.ToLower(strings.TrimSpace(userName))
	if name == "" {
		return domain.InvalidField("userName", KeyUserNameRequired)
	}
	code = normalizeResetCode(code)
	if code == "" {
		return domain.InvalidField("code", KeyInvalidCode)
	}
	if err := ValidateNewPassword("newPassword", newPassword); err != nil {
		return err
	}
	tenant, err := s.tenantByCode(ctx, accessCode)
	if err != nil {
		return err
	}
	invalid := domain.Refusal("code", KeyInvalidCode)
	u, found, err := s.loadUser(ctx, tenant.TenantID, name)
	if err != nil {
		return err
	}
	if !found || !u.active {
		return invalid
	}
	now := s.now().UTC()
	var refusal error
	var revoked []uuid.UUID
	err = db.InTenant(ctx, s.pool, tenant.TenantID.String(), func(tx pgx.Tx) error {
		var current, hash string
		if err := tx.QueryRow(ctx, `SELECT password_hash, hash FROM users WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
			tenant.TenantID, u.id).Scan(&current, &hash); err != nil {
			return err
		}
		var id uuid.UUID
		var stored []byte
		err := tx.QueryRow(ctx, `SELECT id, secret_hash FROM auth_challenges WHERE tenant_id = $1 AND user_id = $2 AND kind = $3
			AND used_at IS NULL AND expires_at > $4 AND attempts < max_attempts
			ORDER BY created_at DESC LIMIT 1 FOR UPDATE`, tenant.TenantID, u.id, challengeReset, now).Scan(&id, &stored)
		if errors.Is(err, pgx.ErrNoRows) {
			refusal = invalid
			return nil
		}
		if err != nil {
			return err
		}
		if !hmac.Equal(stored, s.secretHash(challengeReset, tenant.TenantID, u.id.String()+"\x00"+code)) {
			refusal = invalid // the try is counted and committed
			_, err := tx.Exec(ctx, `UPDATE auth_challenges SET attempts = attempts + 1 WHERE tenant_id = $1 AND id = $2`, tenant.TenantID, id)
			return err
		}
		if r, err := s.reused(ctx, tx, tenant.TenantID, u.id, current, newPassword, tenant.PasswordReuseLimit); err != nil || r {
			if err == nil {
				refusal = domain.Refusal("newPassword", KeyPasswordReused) // the code stays usable
			}
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE auth_challenges SET used_at = $3, attempts = attempts + 1 WHERE tenant_id = $1 AND id = $2`,
			tenant.TenantID, id, now); err != nil {
			return err
		}
		revoked, err = s.setPassword(ctx, tx, tenant.TenantID, u.id, hash, current, newPassword, PasswordChangedReset, uuid.Nil)
		return err
	})
	if err != nil {
		return fmt.Errorf("confirm forgot password: %w", err)
	}
	if refusal != nil {
		return refusal
	}
	s.forgetSessions(tenant.TenantID, revoked)
	// The owner of the mailbox proved the account: its sign-in failures are forgotten.
	if err := s.limiter.succeeded(ctx, normalizeCode(tenant.AccessCode)+"\x00"+name); err != nil {
		return err
	}
	return nil
}

// reused tells whether proposed is the current password or one of the user's previous
// ones that the tenant's reuse limit still refuses.
func (s *Service) reused(ctx context.Context, tx pgx.Tx, tenant, user uuid.UUID, current, proposed string, limit int) (bool, error) {
	if ok, _ := CheckPassword(current, proposed); ok {
		return true, nil
	}
	n := reuseWindow(limit)
	if n == 0 {
		return false, nil
	}
	rows, err := tx.Query(ctx, `SELECT password_hash FROM password_history WHERE tenant_id = $1 AND user_id = $2
		ORDER BY changed_at DESC LIMIT $3`, tenant, user, n)
	if err != nil {
		return false, err
	}
	hashes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return false, err
	}
	for _, h := range hashes {
		if ok, _ := CheckPassword(h, proposed); ok {
			return true, nil
		}
	}
	return false, nil
}

// setPassword stores a new password in tx: the replaced hash goes to the history, the
// must-change flag is cleared, the user's sessions but keep end, and the audit event is
// appended (last: it leaves row-level security). It returns the sessions it ended.
func (s *Service) setPassword(ctx context.Context, tx pgx.Tx, tenant, user uuid.UUID, userHash, oldHash, password, reason string, keep uuid.UUID) ([]uuid.UUID, error) {
	hash, err := HashPassword(password)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	if _, err := tx.Exec(ctx, `INSERT INTO password_history (tenant_id, id, user_id, password_hash, changed_at)
		VALUES ($1, $2, $3, $4, $5)`, tenant, uuid.New(), user, oldHash, now); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM password_history WHERE tenant_id = $1 AND user_id = $2 AND id NOT IN (
			SELECT id FROM password_history WHERE tenant_id = $1 AND user_id = $2 ORDER BY changed_at DESC LIMIT $3)`,
		tenant, user, MaxReuseLimit); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = $3, password_changed_at = $4, must_change_password = false
		WHERE tenant_id = $1 AND id = $2`, tenant, user, hash, now); err != nil {
		return nil, err
	}
	revoked, err := revokeSessions(ctx, tx, tenant, user, nil, keep, RevokedPasswordChange, now)
	if err != nil {
		return nil, err
	}
	return revoked, appendAudit(ctx, tx, tenant, user, TypePasswordChanged, PasswordChanged{
		UserID: user, UserHash: userHash, Reason: reason, ChangedAt: now.Format(time.RFC3339), SessionsRevoked: len(revoked),
	})
}

// forgetSessions marks revoked sessions in the cache, so this process refuses their access
// tokens at once.
func (s *Service) forgetSessions(tenant uuid.UUID, sessions []uuid.UUID) {
	for _, id := range sessions {
		s.rememberSession(tenant, id, false)
	}
}
