package projections_test

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"portal/eventstore"
	"portal/projections"
	"portal/projections/projtest"
)

func subscribe(t *testing.T, cfg projections.SubscriberConfig) <-chan *message.Message {
	t.Helper()
	sub, err := projections.NewSubscriber(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	msgs, err := sub.Subscribe(ctx, projections.TopicAll)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); sub.Close() })
	return msgs
}

func next(t *testing.T, msgs <-chan *message.Message, timeout time.Duration) *message.Message {
	t.Helper()
	select {
	case m, ok := <-msgs:
		if !ok {
			t.Fatal("subscription closed")
		}
		return m
	case <-time.After(timeout):
		t.Fatalf("no message within %s", timeout)
		return nil
	}
}

func noMessage(t *testing.T, msgs <-chan *message.Message, d time.Duration) {
	t.Helper()
	select {
	case m := <-msgs:
		t.Fatalf("unexpected message %s at position %s: %s", m.UUID, m.Metadata.Get(projections.MetaPosition), m.Payload)
	case <-time.After(d):
	}
}

// Many concurrent writers (whose transactions commit out of order), a small read batch and
// nacks: every event arrives exactly once, in the log's order, and a nacked one again.
func TestSubscriberDeliversEveryEventOnceInOrder(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	msgs := subscribe(t, projections.SubscriberConfig{Store: store, Pool: d.Pool, BatchSize: 16})

	const writers, appends = 8, 40
	var wg sync.WaitGroup
	var mu sync.Mutex
	appended := map[uuid.UUID]bool{}
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range appends {
				evs := credit(1+i%3, i)
				if _, err := store.Append(context.Background(), eventstore.Meta{Tenant: testTenant}, fmt.Sprintf("acct-%d-%d", w, i%5), eventstore.Any, evs...); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				for _, e := range evs {
					appended[e.ID] = true
				}
				mu.Unlock()
			}
		}()
	}
	total := 0
	for i := range appends {
		total += writers * (1 + i%3)
	}

	var got []eventstore.RecordedEvent
	seen := map[uuid.UUID]bool{}
	nacked := 0
	for len(got) < total {
		m := next(t, msgs, 10*time.Second)
		e, err := projections.DecodeEvent(m)
		if err != nil {
			t.Fatal(err)
		}
		if m.UUID != e.ID.String() || m.Metadata.Get(projections.MetaPosition) != fmt.Sprint(e.Position()) ||
			m.Metadata.Get(projections.MetaTxID) != fmt.Sprint(e.Cursor.TxID) {
			t.Fatalf("message %s does not match its event %+v (metadata %v)", m.UUID, e.Cursor, m.Metadata)
		}
		if len(got)%7 == 3 && !seen[e.ID] {
			seen[e.ID] = true
			m.Nack()
			again := next(t, msgs, 5*time.Second)
			if again.UUID != m.UUID {
				t.Fatalf("after a nack of %s got %s, want the same event again", m.UUID, again.UUID)
			}
			nacked++
			m = again
		}
		if len(got) > 0 && !got[len(got)-1].Cursor.Before(e.Cursor) {
			t.Fatalf("out of order: %+v after %+v", e.Cursor, got[len(got)-1].Cursor)
		}
		got = append(got, e)
		m.Ack()
	}
	wg.Wait()
	noMessage(t, msgs, 200*time.Millisecond)

	ids := map[uuid.UUID]bool{}
	for _, e := range got {
		if ids[e.ID] {
			t.Fatalf("event %s delivered twice", e.ID)
		}
		ids[e.ID] = true
	}
	mu.Lock()
	for id := range appended {
		if !ids[id] {
			t.Errorf("event %s never delivered", id)
		}
	}
	mu.Unlock()
	all, err := store.ReadAll(context.Background(), eventstore.Start, 10*total)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(got) {
		t.Fatalf("log has %d events, subscriber delivered %d", len(all), len(got))
	}
	for i := range all {
		if all[i].ID != got[i].ID {
			t.Fatalf("delivery %d is %s, log has %s", i, got[i].ID, all[i].ID)
		}
	}
	t.Logf("%d events from %d concurrent writers delivered once each in log order; %d nacks redelivered", len(got), writers, nacked)
}

// An idle subscriber is woken by the append itself (LISTEN/NOTIFY), not by a timer: it
// sees an event within milliseconds, from this process and from another one.
func TestSubscriberWakesWithinMilliseconds(t *testing.T) {
	d := projtest.FreshDB(t)
	readerPool := openPool(t, d, "wake-reader")
	defer readerPool.Close()
	reader := projtest.NewStore(t, readerPool)
	msgs := subscribe(t, projections.SubscriberConfig{Store: reader, Pool: readerPool})

	otherPool := openPool(t, d, "wake-writer")
	defer otherPool.Close()
	cases := []struct {
		name   string
		writer eventstore.Store
	}{
		{"same process", reader},
		{"other process (NOTIFY)", projtest.NewStore(t, otherPool)},
	}
	for _, c := range cases {
		var lat []time.Duration
		for i := range 20 {
			time.Sleep(30 * time.Millisecond) // let the subscriber go back to waiting
			t0 := time.Now()
			appendCredits(t, c.writer, "wake", 1, i)
			m := next(t, msgs, 3*time.Second)
			lat = append(lat, time.Since(t0))
			m.Ack()
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		p50, worst := lat[len(lat)/2], lat[len(lat)-1]
		t.Logf("wake latency, %s: p50 %s, max %s (append → message, 20 appends)", c.name, p50.Round(10*time.Microsecond), worst.Round(10*time.Microsecond))
		// The store's safety tick is 1 s and nothing polls faster: a median in the tens of
		// milliseconds can only come from the wake-up.
		if p50 > 50*time.Millisecond || worst > 500*time.Millisecond {
			t.Errorf("%s: wake latency p50 %s / max %s is too slow for LISTEN/NOTIFY", c.name, p50, worst)
		}
	}
}

// An event committed while an older transaction is open is not readable yet; when that
// transaction ends (without appending, so nobody notifies) the subscriber still sees the
// event within its 1 ms → 5 ms backoff, not after the store's 1 s safety tick.
func TestSubscriberReadsPastAnOpenTransaction(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	msgs := subscribe(t, projections.SubscriberConfig{Store: store, Pool: d.Pool})
	appendCredits(t, store, "held", 1, 0)
	next(t, msgs, 3*time.Second).Ack()

	ctx := context.Background()
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_current_xact_id()`); err != nil { // takes a transaction id
		t.Fatal(err)
	}
	res := appendCredits(t, store, "held", 1, 1)
	noMessage(t, msgs, 150*time.Millisecond)
	t0 := time.Now()
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	m := next(t, msgs, 3*time.Second)
	lat := time.Since(t0)
	if m.Metadata.Get(projections.MetaPosition) != fmt.Sprint(res.Last.Position) {
		t.Fatalf("got position %s, want %d", m.Metadata.Get(projections.MetaPosition), res.Last.Position)
	}
	m.Ack()
	t.Logf("held-back event delivered %s after the older transaction ended", lat.Round(time.Millisecond))
	if lat > 500*time.Millisecond {
		t.Errorf("held-back event took %s; the backoff re-read should find it within ~100 ms", lat)
	}
}
