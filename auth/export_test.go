package auth

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
)

// Test hooks for the external auth_test package: they let a test put an account near its
// throttling limit without paying a hundred argon2id checks.

// LoginAccount is the throttle key of a sign-in.
func LoginAccount(accessCode, userName string) string {
	return normalizeCode(accessCode) + "\x00" + userName
}

// ChangeAccount is the throttle key of a user's changePassword.
func ChangeAccount(tenant, user uuid.UUID) string {
	return "change\x00" + tenant.String() + "\x00" + user.String()
}

// RecordFailures records n failed attempts of account from addr at at.
func (s *Service) RecordFailures(t testing.TB, account, addr string, n int, at time.Time) {
	t.Helper()
	for i := 0; i < n; i++ {
		if err := s.limiter.failed(context.Background(), account, addr, at); err != nil {
			t.Fatal(err)
		}
	}
}

// Throttled tells whether the throttle refuses account from addr at at.
func (s *Service) Throttled(t testing.TB, account, addr string, at time.Time) bool {
	t.Helper()
	blocked, err := s.limiter.blocked(context.Background(), account, addr, at)
	if err != nil {
		t.Fatal(err)
	}
	return blocked
}

// Succeeded forgets account's failures, as a good password does.
func (s *Service) Succeeded(t testing.TB, account string) {
	t.Helper()
	if err := s.limiter.succeeded(context.Background(), account); err != nil {
		t.Fatal(err)
	}
}
