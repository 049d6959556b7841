package readapi

import (
	"context"
	"testing"
	"time"
)

// TestRefusalHold: a refused call is answered refusalHold later, or as soon as its caller
// goes away; once maxHeldRefusals are held, the next is answered at once and the count is
// given back either way.
func TestRefusalHold(t *testing.T) {
	l := newLimiter(nil, RateLimits{})
	start := time.Now()
	l.hold(context.Background())
	if d := time.Since(start); d < refusalHold {
		t.Fatalf("held %s, want at least %s", d, refusalHold)
	}

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(10*time.Millisecond, cancel)
	start = time.Now()
	l.hold(ctx)
	if d := time.Since(start); d >= refusalHold {
		t.Fatalf("a caller gone after 10ms was held %s", d)
	}

	l.held.Store(maxHeldRefusals)
	start = time.Now()
	l.hold(context.Background())
	if d := time.Since(start); d >= refusalHold {
		t.Fatalf("past %d held, the next was held %s", maxHeldRefusals, d)
	}
	if n := l.held.Load(); n != maxHeldRefusals {
		t.Fatalf("held count %d after, want %d", n, maxHeldRefusals)
	}
}
