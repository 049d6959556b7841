package projections

import (
	"context"
	"log/slog"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
)

// tailSize is how many of the newest events a Tail keeps at least (at most twice as many).
const tailSize = 4096

// Tail reads the head of the log once for all the subscribers of a process: each append
// wakes one reader (and one held-back check) instead of one per projection. A subscriber at
// the head takes its events from the Tail and waits on it; one further behind (a catch-up, a
// restart) reads the log itself until it reaches what the Tail holds.
type Tail struct {
	store  eventstore.Store
	pool   *pgxpool.Pool
	logger *slog.Logger

	// waiting is set while Run waits for an older open transaction to end; Poke then wakes
	// it through poke.
	waiting atomic.Bool
	poke    chan struct{}

	mu     sync.Mutex
	from   eventstore.Cursor          // every event after from, up to the last of events, is in events
	events []eventstore.RecordedEvent // in log order
	next   chan struct{}              // closed when events grow
}

// NewTail returns a Tail that starts after cursor from (the head of the log).
func NewTail(store eventstore.Store, pool *pgxpool.Pool, from eventstore.Cursor, logger *slog.Logger) *Tail {
	return &Tail{store: store, pool: pool, logger: logger, from: from, next: make(chan struct{}), poke: make(chan struct{}, 1)}
}

// Poke tells the Tail that a transaction of this process that may have held events back
// (one with a transaction id, such as a projection's) has ended. While the Tail waits for
// held-back events it then reads again at once instead of at the end of its backoff; at any
// other time Poke costs one atomic load.
func (t *Tail) Poke() {
	if t.waiting.Load() {
		select {
		case t.poke <- struct{}{}:
		default:
		}
	}
}

// After returns up to n events after cursor c and true when the Tail covers c (c is at or
// after its start and at or before its last event); with no event after c, the channel is
// closed when there are more.
func (t *Tail) After(c eventstore.Cursor, n int) ([]eventstore.RecordedEvent, bool, <-chan struct{}) {
	t.mu.Lock()
	defer t.mu.Unlock()
	last := t.from
	if len(t.events) > 0 {
		last = t.events[len(t.events)-1].Cursor
	}
	if c.Before(t.from) || last.Before(c) {
		return nil, false, nil
	}
	i := sort.Search(len(t.events), func(i int) bool { return c.Before(t.events[i].Cursor) })
	out := t.events[i:min(len(t.events), i+n)]
	return out[:len(out):len(out)], true, t.next
}

// Run reads the log's new events as appends wake it, until ctx ends.
func (t *Tail) Run(ctx context.Context) {
	wake, stop := t.store.Wake()
	defer stop()
	var heldBack time.Duration
	for ctx.Err() == nil {
		t.mu.Lock()
		cursor := t.from
		if len(t.events) > 0 {
			cursor = t.events[len(t.events)-1].Cursor
		}
		t.mu.Unlock()
		events, err := t.store.ReadAll(ctx, cursor, 500)
		if err != nil {
			if ctx.Err() == nil {
				t.logger.Warn("projections: the tail could not read the log; retrying", "err", err)
			}
			if sleep(ctx, time.Second) != nil {
				return
			}
			continue
		}
		if len(events) > 0 {
			traceStage("tail.read", "", events)
			t.add(events)
		}
		if len(events) == 500 {
			heldBack = 0
			continue
		}
		// Set before the check, so that a transaction ending during it pokes a read.
		t.waiting.Store(true)
		var timer <-chan time.Time
		var poke <-chan struct{}
		if heldBackAfter(ctx, t.pool, cursorAfter(cursor, events)) {
			traceCount("tail found events held back")
			// The events are held back by an open transaction: usually a projection's
			// of this process, whose commit pokes; the timer covers the others.
			heldBack = min(max(2*heldBack, heldBackMin), heldBackMax)
			timer, poke = time.After(heldBack), t.poke
		} else {
			heldBack = 0
			t.waiting.Store(false)
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
			traceCount("tail woken by an append")
		case <-timer:
			traceCount("tail woken by the held-back timer")
		case <-poke:
			traceCount("tail woken by a projection's end")
		}
		t.waiting.Store(false)
	}
}

// add appends events, drops the oldest when there are twice tailSize (copying the newest
// tailSize once per tailSize appended, not at every append), and wakes the waiting
// subscribers.
func (t *Tail) add(events []eventstore.RecordedEvent) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.events = append(t.events, events...)
	if len(t.events) > 2*tailSize {
		drop := len(t.events) - tailSize
		t.from = t.events[drop-1].Cursor
		t.events = append([]eventstore.RecordedEvent(nil), t.events[drop:]...)
	}
	close(t.next)
	t.next = make(chan struct{})
}

// cursorAfter is the cursor of the last of events, or c without events.
func cursorAfter(c eventstore.Cursor, events []eventstore.RecordedEvent) eventstore.Cursor {
	if len(events) == 0 {
		return c
	}
	return events[len(events)-1].Cursor
}
