package readapi

import (
	"context"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// fairGate lets at most slots write calls run at once (one per pool connection) and hands a
// freed slot to the waiting tenants in turn, one call each. Without it the calls a flooding
// tenant is allowed (its rate limit) all run at once, and another tenant's call waits behind
// every one of them for the CPU and the pool (pgxpool queues in arrival order); with it, that
// call waits for one slot at most.
type fairGate struct {
	mu     sync.Mutex
	free   int
	queues map[uuid.UUID][]chan struct{}
	order  []uuid.UUID // tenants with callers waiting, next first
}

func newFairGate(pool *pgxpool.Pool) *fairGate {
	slots := 8
	if pool != nil {
		slots = max(2, int(pool.Config().MaxConns))
	}
	return &fairGate{free: slots, queues: map[uuid.UUID][]chan struct{}{}}
}

// enter waits for a slot for tenant's call; the returned function gives it back.
func (g *fairGate) enter(ctx context.Context, tenant uuid.UUID) (func(), error) {
	g.mu.Lock()
	if g.free > 0 && len(g.order) == 0 {
		g.free--
		g.mu.Unlock()
		return g.leave, nil
	}
	ch := make(chan struct{})
	if len(g.queues[tenant]) == 0 {
		g.order = append(g.order, tenant)
	}
	g.queues[tenant] = append(g.queues[tenant], ch)
	g.mu.Unlock()
	select {
	case <-ch:
		return g.leave, nil
	case <-ctx.Done():
		g.mu.Lock()
		granted := !g.dequeue(tenant, ch)
		g.mu.Unlock()
		if granted {
			g.leave() // the slot came with the cancellation: pass it on
		}
		return nil, ctx.Err()
	}
}

// dequeue removes a waiter that gave up; false when it was already granted its slot.
func (g *fairGate) dequeue(tenant uuid.UUID, ch chan struct{}) bool {
	q := g.queues[tenant]
	for i, c := range q {
		if c == ch {
			q = append(q[:i:i], q[i+1:]...)
			if len(q) == 0 {
				delete(g.queues, tenant)
				for j, t := range g.order {
					if t == tenant {
						g.order = append(g.order[:j:j], g.order[j+1:]...)
						break
					}
				}
			} else {
				g.queues[tenant] = q
			}
			return true
		}
	}
	return false
}

// leave gives the slot to the next tenant in turn (which goes to the back of the line when it
// has more callers waiting), or frees it.
func (g *fairGate) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.order) == 0 {
		g.free++
		return
	}
	t := g.order[0]
	g.order = g.order[1:]
	q := g.queues[t]
	ch := q[0]
	if len(q) > 1 {
		g.queues[t] = q[1:]
		g.order = append(g.order, t)
	} else {
		delete(g.queues, t)
	}
	close(ch)
}

// writes reports whether a method changes state (the calls the gate orders; reads and
// streams, which may stay open, pass freely).
func writes(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}
