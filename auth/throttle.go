package auth

import (
	"context"
	"sync"
	"time"
)

// Sign-in throttling limits (ARCHITECTURE.md, "sign-in throttled per user and per address";
// issue 3: at most 100 failures per account per hour, and per address).
const (
	AccountFailureLimit  = 100
	AccountFailureWindow = time.Hour
	AddressFailureLimit  = 100
	AddressFailureWindow = time.Hour
)

// maxThrottleKeys bounds the limiter's memory: past it, expired keys are swept at once.
const maxThrottleKeys = 100_000

// throttle counts failed sign-ins in sliding windows, per account and per remote address.
// A throttled attempt is answered exactly like a wrong password, without checking the
// password, so it neither confirms the account nor lets guessing continue.
//
// It lives in memory, per process: with several server processes each keeps its own
// counts, so the effective limit is the limit times the processes. A limiter shared
// through PostgreSQL (and a lockout visible to HR) is still to be built.
//
// Besides sign-in, changePassword counts its wrong current passwords against the account
// (key "change", tenant, user).
type throttle struct {
	mu       sync.Mutex
	accounts map[string][]time.Time
	addrs    map[string][]time.Time
	ops      int
}

func newThrottle() *throttle {
	return &throttle{accounts: map[string][]time.Time{}, addrs: map[string][]time.Time{}}
}

// blocked tells whether the account or the address has used up its failures.
func (t *throttle) blocked(account, addr string, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if recent(t.accounts, account, now, AccountFailureWindow) >= AccountFailureLimit {
		return true
	}
	return addr != "" && recent(t.addrs, addr, now, AddressFailureWindow) >= AddressFailureLimit
}

// failed records a failed attempt.
func (t *throttle) failed(account, addr string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	add(t.accounts, account, now, AccountFailureWindow, AccountFailureLimit)
	if addr != "" {
		add(t.addrs, addr, now, AddressFailureWindow, AddressFailureLimit)
	}
	t.ops++
	if t.ops%1024 == 0 || len(t.accounts)+len(t.addrs) > maxThrottleKeys {
		sweep(t.accounts, now, AccountFailureWindow)
		sweep(t.addrs, now, AddressFailureWindow)
	}
}

// succeeded forgets the account's failures (not the address's: one good password from an
// address must not reset its budget for guessing other accounts).
func (t *throttle) succeeded(account string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.accounts, account)
}

// recent counts the key's failures inside the window, dropping older ones.
func recent(m map[string][]time.Time, key string, now time.Time, window time.Duration) int {
	times := m[key]
	i := 0
	for i < len(times) && now.Sub(times[i]) >= window {
		i++
	}
	if i == len(times) {
		delete(m, key)
		return 0
	}
	if i > 0 {
		m[key] = times[i:]
	}
	return len(times) - i
}

// add appends a failure, keeping at most limit timestamps: more would not change blocked.
func add(m map[string][]time.Time, key string, now time.Time, window time.Duration, limit int) {
	recent(m, key, now, window)
	times := append(m[key], now)
	if len(times) > limit {
		times = times[len(times)-limit:]
	}
	m[key] = times
}

func sweep(m map[string][]time.Time, now time.Time, window time.Duration) {
	for k := range m {
		recent(m, k, now, window)
	}
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
