package auth

import (
	"context"
	"crypto/sha256"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Sign-in throttling limits (ARCHITECTURE.md, "sign-in throttled per user and per address";
// issue 3: at most 100 failures per account per hour, and per address).
const (
	AccountFailureLimit  = 100
	AccountFailureWindow = time.Hour
	AddressFailureLimit  = 100
	AddressFailureWindow = time.Hour
)

// sweepEvery is how many recorded failures of a process pass between two deletions of the
// rows that have left every window.
const sweepEvery = 1024

// throttle counts failed sign-ins in sliding windows, per account and per remote address.
// A throttled attempt is answered exactly like a wrong password, without checking the
// password, so it neither confirms the account nor lets guessing continue.
//
// The counts live in PostgreSQL (table login_failures, one row per failure, keyed by a
// SHA-256 of the account or address), so every server process on the database sees one
// counter: the limit holds for the installation, not per process. A blocked attempt records
// nothing, so a key holds at most about its limit of rows; rows older than the window are
// swept now and then.
//
// Besides sign-in, changePassword counts its wrong current passwords against the account
// (key "change", tenant, user).
type throttle struct {
	pool *pgxpool.Pool
	ops  atomic.Int64
}

func newThrottle(pool *pgxpool.Pool) *throttle { return &throttle{pool: pool} }

// throttleKey is how a key is stored: kind ("account" or "address") and value, hashed.
func throttleKey(kind, key string) []byte {
	sum := sha256.Sum256([]byte(kind + "\x00" + key))
	return sum[:]
}

// blocked tells whether the account or the address has used up its failures.
func (t *throttle) blocked(ctx context.Context, account, addr string, now time.Time) (bool, error) {
	var addrKey []byte
	if addr != "" {
		addrKey = throttleKey("address", addr)
	}
	var blocked bool
	err := t.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM (SELECT FROM login_failures WHERE key_hash = $1 AND failed_at > $2 LIMIT $3) a) >= $3
		OR ($4::bytea IS NOT NULL AND
		(SELECT count(*) FROM (SELECT FROM login_failures WHERE key_hash = $4 AND failed_at > $5 LIMIT $6) b) >= $6)`,
		throttleKey("account", account), now.Add(-AccountFailureWindow), AccountFailureLimit,
		addrKey, now.Add(-AddressFailureWindow), AddressFailureLimit).Scan(&blocked)
	if err != nil {
		return false, fmt.Errorf("sign-in throttle: %w", err)
	}
	return blocked, nil
}

// failed records a failed attempt.
func (t *throttle) failed(ctx context.Context, account, addr string, now time.Time) error {
	keys := [][]byte{throttleKey("account", account)}
	if addr != "" {
		keys = append(keys, throttleKey("address", addr))
	}
	if _, err := t.pool.Exec(ctx, `INSERT INTO login_failures (key_hash, failed_at) SELECT k, $2 FROM unnest($1::bytea[]) k`,
		keys, now); err != nil {
		return fmt.Errorf("sign-in throttle: %w", err)
	}
	if t.ops.Add(1)%sweepEvery == 0 {
		oldest := now.Add(-max(AccountFailureWindow, AddressFailureWindow))
		if _, err := t.pool.Exec(ctx, `DELETE FROM login_failures WHERE failed_at <= $1`, oldest); err != nil {
			return fmt.Errorf("sign-in throttle sweep: %w", err)
		}
	}
	return nil
}

// succeeded forgets the account's failures (not the address's: one good password from an
// address must not reset its budget for guessing other accounts).
func (t *throttle) succeeded(ctx context.Context, account string) error {
	if _, err := t.pool.Exec(ctx, `DELETE FROM login_failures WHERE key_hash = $1`, throttleKey("account", account)); err != nil {
		return fmt.Errorf("sign-in throttle: %w", err)
	}
	return nil
}

type clientIPKey struct{}

// WithClientIP tells Login the caller's remote address, for the per-address limit.
func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}

func clientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey{}).(string)
	return ip
}
