package auth

import (
	"fmt"
	"testing"
	"time"
)

func TestThrottleAccount(t *testing.T) {
	t.Parallel()
	th := newThrottle()
	now := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
	for i := 0; i < AccountFailureLimit; i++ {
		// From many addresses, so that no address reaches its own limit.
		addr := fmt.Sprintf("10.0.%d.%d", i/200, i%200)
		if th.blocked("acc", addr, now) {
			t.Fatalf("blocked after %d failures", i)
		}
		th.failed("acc", addr, now.Add(time.Duration(i)*30*time.Second))
	}
	last := now.Add(time.Duration(AccountFailureLimit-1) * 30 * time.Second)
	if !th.blocked("acc", "10.0.0.2", last) {
		t.Fatal("not blocked after the limit")
	}
	if th.blocked("other", "10.0.0.1", last) {
		t.Fatal("another account is blocked")
	}
	// The window slides: the first failure leaves it an hour after it happened.
	if th.blocked("acc", "", now.Add(AccountFailureWindow)) {
		t.Error("still blocked once the oldest failure left the window")
	}
	th.succeeded("acc")
	if th.blocked("acc", "", last) {
		t.Error("blocked after a success")
	}
}

// The numbers: 100 failures per account and per address, each in an hour.
func TestThrottleLimits(t *testing.T) {
	t.Parallel()
	if AccountFailureLimit != 100 || AccountFailureWindow != time.Hour || AddressFailureLimit != 100 || AddressFailureWindow != time.Hour {
		t.Errorf("limits %d/%v per account, %d/%v per address", AccountFailureLimit, AccountFailureWindow,
			AddressFailureLimit, AddressFailureWindow)
	}
	th := newThrottle()
	now := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
	for i := 0; i < 99; i++ {
		th.failed("acc", "", now.Add(time.Duration(i)*30*time.Second))
	}
	if th.blocked("acc", "", now.Add(59*time.Minute)) {
		t.Error("blocked after 99 failures")
	}
	th.failed("acc", "", now.Add(59*time.Minute))
	if !th.blocked("acc", "", now.Add(59*time.Minute+time.Second)) {
		t.Error("not blocked after 100 failures within the hour")
	}
}

func TestThrottleAddress(t *testing.T) {
	t.Parallel()
	th := newThrottle()
	now := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
	for i := 0; i < AddressFailureLimit; i++ {
		th.failed(fmt.Sprint("acc", i), "10.0.0.1", now.Add(time.Duration(i)*time.Second))
	}
	if !th.blocked("fresh", "10.0.0.1", now.Add(2*time.Minute)) {
		t.Error("address not blocked after the limit")
	}
	if th.blocked("fresh", "10.0.0.2", now.Add(2*time.Minute)) {
		t.Error("another address is blocked")
	}
	th.succeeded("acc1") // a success does not reset the address
	if !th.blocked("fresh", "10.0.0.1", now.Add(2*time.Minute)) {
		t.Error("a success reset the address")
	}
	if th.blocked("fresh", "10.0.0.1", now.Add(AddressFailureWindow+time.Minute)) {
		t.Error("still blocked an hour later")
	}
}

func TestThrottleMemoryBounded(t *testing.T) {
	t.Parallel()
	th := newThrottle()
	now := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
	for i := 0; i < 5000; i++ {
		th.failed(fmt.Sprint("acc", i), fmt.Sprint("ip", i), now)
	}
	th.failed("late", "late", now.Add(2*time.Hour))
	for i := 0; i < 2048; i++ {
		th.failed("late", "late", now.Add(2*time.Hour))
	}
	if n := len(th.accounts) + len(th.addrs); n > 2 {
		t.Errorf("%d keys kept after their windows passed", n)
	}
}
