package auth

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"portal/domain"
	"portal/platform/db"
)

// KeyPasswordNotConfirmed refuses the confirm-password dialog ('confirme sua senha'): the
// password given is not the caller's.
const KeyPasswordNotConfirmed = "senha_incorreta"

// ConfirmPassword checks the signed-in caller's own password before an act that needs it
// (the spec's confirm-password dialog, e.g. signing a timesheet). It counts wrong answers
// like ChangePassword does (failed sign-ins of the account, throttled per account and
// address), so the dialog cannot be used to guess the password.
func (s *Service) ConfirmPassword(ctx context.Context, c Claims, password string) error {
	if password == "" {
		return domain.InvalidField("password", KeyPasswordRequired)
	}
	account := "confirm\x00" + c.Tenant.String() + "\x00" + c.UserID.String()
	addr := clientIP(ctx)
	wrong := domain.Refusal("password", KeyPasswordNotConfirmed)
	if blocked, err := s.limiter.blocked(ctx, account, addr, s.now()); err != nil || blocked {
		_, _ = CheckPassword(s.dummyHash, password)
		if err != nil {
			return err
		}
		return wrong
	}
	current := s.dummyHash
	err := db.InTenant(ctx, s.pool, c.Tenant.String(), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT password_hash FROM users WHERE tenant_id = $1 AND id = $2 AND active`,
			c.Tenant, c.UserID).Scan(&current)
		if errors.Is(err, pgx.ErrNoRows) {
			current = s.dummyHash
			return nil
		}
		return err
	})
	if err != nil {
		return err
	}
	if ok, err := CheckPassword(current, password); !ok || err != nil || current == s.dummyHash {
		if ferr := s.limiter.failed(ctx, account, addr, s.now()); ferr != nil {
			return ferr
		}
		return wrong
	}
	return s.limiter.succeeded(ctx, account)
}
