package projections_test

import (
	"context"
	"math"
	"testing"
	"time"

	"portal/eventstore"
	"portal/projections"
	"portal/projections/projtest"
)

// The Tail serves the events after a cursor it covers, wakes its waiters when more arrive,
// and refuses a cursor behind the events it still keeps or ahead of what it has read.
func TestTailServesTheHeadOfTheLog(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	head := appendCredits(t, store, "acct-tail", 3, 0).Last
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tail := projections.NewTail(store, d.Pool, head, projtest.Quiet)
	go tail.Run(ctx)

	events, ok, more := tail.After(head, 10)
	if !ok || len(events) != 0 {
		t.Fatalf("at the head: %d events, covered %v", len(events), ok)
	}
	res := appendCredits(t, store, "acct-tail", 2, 3)
	select {
	case <-more:
	case <-time.After(5 * time.Second):
		t.Fatal("the tail did not wake its waiter")
	}
	events, ok, _ = tail.After(head, 10)
	if !ok || len(events) != 2 || events[1].Cursor != res.Last || events[0].Cursor.Before(head) {
		t.Fatalf("after two appends: %d events, covered %v", len(events), ok)
	}
	if events, _, _ := tail.After(head, 1); len(events) != 1 {
		t.Fatalf("a limit of 1 gave %d events", len(events))
	}
	if _, ok, _ := tail.After(eventstore.Start, 10); ok {
		t.Error("a cursor behind the tail is covered")
	}
	if _, ok, _ := tail.After(eventstore.Cursor{TxID: math.MaxUint32, Position: math.MaxInt64}, 10); ok {
		t.Error("a cursor ahead of the tail is covered")
	}

	// It keeps the newest 4,096 to 8,192: the old head falls behind it.
	var last eventstore.Cursor
	for range 9 {
		last = appendCredits(t, store, "acct-tail", 1000, 0).Last
	}
	projtest.WaitFor(t, "the tail to read 9,000 more", 10*time.Second, func() bool {
		events, ok, _ := tail.After(last, 1)
		return ok && len(events) == 0
	})
	if _, ok, _ := tail.After(head, 10); ok {
		t.Error("the old head is still covered after 9,000 more events")
	}
}
