package readapi

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestFairGateTakesTenantsInTurn: with the only slot busy, three calls of tenant A wait and
// then one of tenant B: B's call runs second, not behind all of A's; a caller that gives up
// leaves the line without losing the slot.
func TestFairGateTakesTenantsInTurn(t *testing.T) {
	g := &fairGate{free: 1, queues: map[uuid.UUID][]chan struct{}{}}
	a, b := uuid.New(), uuid.New()
	ctx := context.Background()
	hold, err := g.enter(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	ran := make(chan string, 8)
	var done sync.WaitGroup
	wait := func(tenant uuid.UUID, name string) {
		defer done.Done()
		leave, err := g.enter(ctx, tenant)
		if err != nil {
			t.Error(err)
			return
		}
		ran <- name
		leave()
	}
	queued := func(n int) { // waits until n callers stand in line
		for {
			g.mu.Lock()
			k := 0
			for _, q := range g.queues {
				k += len(q)
			}
			g.mu.Unlock()
			if k == n {
				return
			}
			time.Sleep(time.Millisecond)
		}
	}
	for i, n := range []string{"a1", "a2", "a3"} {
		done.Add(1)
		go wait(a, n)
		queued(i + 1) // queue in this order
	}
	gaveUp, cancel := context.WithCancel(ctx)
	go func() {
		if _, err := g.enter(gaveUp, b); err == nil {
			t.Error("a cancelled caller got the slot")
		}
	}()
	queued(4)
	done.Add(1)
	go wait(b, "b1")
	queued(5)
	cancel()
	queued(4)
	hold()
	var got []string
	for range 4 {
		got = append(got, <-ran)
	}
	if got[0] != "a1" || got[1] != "b1" {
		t.Fatalf("order %v, want a1 then b1", got)
	}
	done.Wait() // the last caller sends before it leaves
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.free != 1 || len(g.order) != 0 {
		t.Fatalf("slot not given back: free %d, waiting %d", g.free, len(g.order))
	}
}
