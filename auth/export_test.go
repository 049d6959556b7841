package auth

import (
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
func (s *Service) RecordFailures(account, addr string, n int, at time.Time) {
	for i := 0; i < n; i++ {
		s.limiter.failed(account, addr, at)
	}
}
