package auth_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/seed"
)

// The throttle's counts live in PostgreSQL and every test shares the database: each test
// uses keys of its own.
func uniqueKey(prefix string) string { return prefix + "-" + uuid.NewString() }

func TestThrottleAccount(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	acc, other := uniqueKey("acc"), uniqueKey("other")
	now := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
	for i := 0; i < auth.AccountFailureLimit; i++ {
		// From many addresses, so that no address reaches its own limit.
		addr := fmt.Sprintf("%s-10.0.%d.%d", acc, i/200, i%200)
		if s.Throttled(t, acc, addr, now) {
			t.Fatalf("blocked after %d failures", i)
		}
		s.RecordFailures(t, acc, addr, 1, now.Add(time.Duration(i)*30*time.Second))
	}
	last := now.Add(time.Duration(auth.AccountFailureLimit-1) * 30 * time.Second)
	if !s.Throttled(t, acc, uniqueKey("addr"), last) {
		t.Fatal("not blocked after the limit")
	}
	if s.Throttled(t, other, uniqueKey("addr"), last) {
		t.Fatal("another account is blocked")
	}
	// The window slides: the first failure leaves it an hour after it happened.
	if s.Throttled(t, acc, "", now.Add(auth.AccountFailureWindow)) {
		t.Error("still blocked once the oldest failure left the window")
	}
	s.Succeeded(t, acc)
	if s.Throttled(t, acc, "", last) {
		t.Error("blocked after a success")
	}
}

// The numbers: 100 failures per account and per address, each in an hour.
func TestThrottleLimits(t *testing.T) {
	t.Parallel()
	if auth.AccountFailureLimit != 100 || auth.AccountFailureWindow != time.Hour || auth.AddressFailureLimit != 100 || auth.AddressFailureWindow != time.Hour {
		t.Errorf("limits %d/%v per account, %d/%v per address", auth.AccountFailureLimit, auth.AccountFailureWindow,
			auth.AddressFailureLimit, auth.AddressFailureWindow)
	}
	s := newService(t, auth.Options{})
	acc := uniqueKey("acc")
	now := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
	for i := 0; i < 99; i++ {
		s.RecordFailures(t, acc, "", 1, now.Add(time.Duration(i)*30*time.Second))
	}
	if s.Throttled(t, acc, "", now.Add(59*time.Minute)) {
		t.Error("blocked after 99 failures")
	}
	s.RecordFailures(t, acc, "", 1, now.Add(59*time.Minute))
	if !s.Throttled(t, acc, "", now.Add(59*time.Minute+time.Second)) {
		t.Error("not blocked after 100 failures within the hour")
	}
}

func TestThrottleAddress(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	addr, fresh := uniqueKey("10.0.0.1"), uniqueKey("fresh")
	now := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
	for i := 0; i < auth.AddressFailureLimit; i++ {
		s.RecordFailures(t, fmt.Sprint(addr, "acc", i), addr, 1, now.Add(time.Duration(i)*time.Second))
	}
	if !s.Throttled(t, fresh, addr, now.Add(2*time.Minute)) {
		t.Error("address not blocked after the limit")
	}
	if s.Throttled(t, fresh, uniqueKey("10.0.0.2"), now.Add(2*time.Minute)) {
		t.Error("another address is blocked")
	}
	s.Succeeded(t, fmt.Sprint(addr, "acc", 1)) // a success does not reset the address
	if !s.Throttled(t, fresh, addr, now.Add(2*time.Minute)) {
		t.Error("a success reset the address")
	}
	if s.Throttled(t, fresh, addr, now.Add(auth.AddressFailureWindow+time.Minute)) {
		t.Error("still blocked an hour later")
	}
}

// No user name or address is stored in clear.
func TestThrottleStoresHashes(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	acc, addr := uniqueKey("secret.user"), uniqueKey("192.0.2.44")
	s.RecordFailures(t, acc, addr, 1, time.Now())
	var n int
	err := testDB.Pool.QueryRow(context.Background(), `SELECT count(*) FROM login_failures
		WHERE position($1::bytea IN key_hash) > 0 OR position($2::bytea IN key_hash) > 0`, []byte(acc), []byte(addr)).Scan(&n)
	if err != nil || n != 0 {
		t.Errorf("%d rows hold a key in clear, %v", n, err)
	}
}

// Two server processes on one database see one counter (issue 3): failures made through one
// Service, with its own connection pool, throttle sign-in through the other.
func TestThrottleSharedByProcesses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	second, err := pgxpool.New(ctx, testDB.Pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(second.Close)
	a := newService(t, auth.Options{})
	b, err := auth.NewService(ctx, second, auth.Options{TokenKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	user := makeUser(t, seed.AcmeCode, 7, true)
	account := auth.LoginAccount(seed.AcmeCode, user)
	addr := auth.WithClientIP(ctx, uniqueKey("198.51.100.90"))
	// Half the failures through each process: neither alone reaches the limit.
	half := auth.AccountFailureLimit / 2
	a.RecordFailures(t, account, "", half-1, time.Now())
	b.RecordFailures(t, account, "", half-1, time.Now())
	for _, s := range []*auth.Service{a, b} {
		if _, err := s.Login(addr, seed.AcmeCode, user, "wrong"); err != auth.ErrUnauthorized {
			t.Fatalf("wrong password: %v", err)
		}
	}
	// 100 failures in all: both processes refuse even the right password.
	for name, s := range map[string]*auth.Service{"first": a, "second": b} {
		if _, err := s.Login(addr, seed.AcmeCode, user, seed.DemoPassword); err != auth.ErrUnauthorized {
			t.Errorf("%s process after %d failures in all: %v, want ErrUnauthorized", name, auth.AccountFailureLimit, err)
		}
	}
	// A success through one (the counts cleared, as a password reset does) frees both.
	a.Succeeded(t, account)
	if _, err := b.Login(addr, seed.AcmeCode, user, seed.DemoPassword); err != nil {
		t.Errorf("after the reset, the second process: %v", err)
	}
}
