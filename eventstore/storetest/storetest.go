// Package storetest is the contract suite every eventstore.Store implementation must pass
// (ARCHITECTURE.md, "Event store contract").
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/eventstore"
	"portal/platform/pgtest"
)

// Harness gives the suite a store and the implementation-specific hooks it cannot express
// through the port.
type Harness struct {
	Store eventstore.Store
	// HoldOpen appends ev to stream inside a transaction it keeps open until commit is called.
	HoldOpen func(ctx context.Context, meta eventstore.Meta, stream string, ev eventstore.EventData) (commit func() error, err error)
	// Tamper tries to update and then delete the stored event id; both must fail.
	Tamper func(ctx context.Context, id uuid.UUID) (updateErr, deleteErr error)
	// OpenWriter begins a transaction that writes (so it is ordered in the log like an
	// append's, for instance by a transaction id) but has appended nothing yet, as a
	// projection's or a command's transaction is before it appends, if it ever does.
	// appendIn appends inside it; commit ends it. Nil skips the tests that need it.
	OpenWriter func(ctx context.Context) (appendIn func(meta eventstore.Meta, stream string, ev eventstore.EventData) error, commit func() error, err error)
	// Writers and Events size the concurrency test (defaults 32 and 20,000).
	Writers, Events int
	// Hold is how long HoldOpen's transaction stays open (default 3 s).
	Hold time.Duration
}

// Run runs the whole contract.
func Run(t *testing.T, h Harness) {
	t.Run("append_is_atomic_and_checks_version", func(t *testing.T) { testAppendVersion(t, h) })
	t.Run("retried_append_is_a_no_op", func(t *testing.T) { testIdempotent(t, h) })
	t.Run("append_to_several_streams_is_all_or_nothing", func(t *testing.T) { testAppendStreams(t, h) })
	t.Run("racing_several_stream_appends", func(t *testing.T) { testRacingStreams(t, h) })
	t.Run("events_carry_their_metadata", func(t *testing.T) { testMetadata(t, h) })
	t.Run("events_are_never_updated_or_deleted", func(t *testing.T) { testImmutable(t, h) })
	t.Run("wake_signals_new_events", func(t *testing.T) { testWake(t, h) })
	t.Run("global_log_exactly_once_in_one_order_under_concurrency", func(t *testing.T) { testConcurrentLog(t, h) })
	t.Run("racing_single_appends_each_get_their_own_answer", func(t *testing.T) { testRacingSingles(t, h) })
	t.Run("reader_never_passes_a_late_appender_under_unrelated_writers", func(t *testing.T) { testLateAppender(t, h) })
}

// testLateAppender opens two transactions that write but append nothing yet: one that
// never appends (an unrelated writer: a projection's, an outbox's) and one that appends only
// after many other appends, begun after it, have committed (a command or a process manager
// that writes first and appends last). A reader follows the log all along. Whatever the
// implementation lets the reader pass while they are open, it must never pass an event that
// commits later but is ordered before one already read: every event is read exactly once,
// in the order a later full read repeats, the late one included.
func testLateAppender(t *testing.T, h Harness) {
	if h.OpenWriter == nil {
		t.Skip("the harness has no OpenWriter")
	}
	const writers, total = 16, 2000
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start, err := head(ctx, h.Store)
	if err != nil {
		t.Fatal(err)
	}
	meta := newMeta()
	_, commitUnrelated, err := h.OpenWriter(ctx)
	if err != nil {
		t.Fatalf("OpenWriter: %v", err)
	}
	appendLate, commitLate, err := h.OpenWriter(ctx)
	if err != nil {
		t.Fatalf("OpenWriter: %v", err)
	}

	seen := map[uuid.UUID]bool{}
	var order []eventstore.Cursor
	cur := start
	// follow reads what the log offers after cur, checking it never goes back or repeats.
	follow := func() int {
		n := 0
		for {
			batch, err := h.Store.ReadAll(ctx, cur, 500)
			if err != nil {
				t.Fatalf("ReadAll: %v", err)
			}
			for _, e := range batch {
				if !cur.Before(e.Cursor) {
					t.Fatalf("log went backwards: %+v after %+v", e.Cursor, cur)
				}
				if seen[e.ID] {
					t.Fatalf("event %s read twice", e.ID)
				}
				seen[e.ID] = true
				order = append(order, e.Cursor)
				cur = e.Cursor
			}
			n += len(batch)
			if len(batch) < 500 {
				return n
			}
		}
	}

	writersDone, writeErr := appendConcurrently(ctx, h, meta, writers, total, 31, "late", "t.late.v1")
	for done := false; !done; {
		select {
		case <-writersDone:
			done = true
		case <-time.After(2 * time.Millisecond):
		}
		follow()
	}
	select {
	case err := <-writeErr:
		t.Fatalf("writer: %v", err)
	default:
	}
	follow()
	readWhileOpen := len(order)

	// The late transaction appends after every other append has committed, then commits.
	late := Event("t.late.held.v1", 0)
	if err := appendLate(meta, "late-held-"+uuid.NewString(), late); err != nil {
		t.Fatalf("append in the open transaction: %v", err)
	}
	follow()
	if seen[late.ID] {
		t.Fatal("the late event was read before its transaction committed")
	}
	if err := commitLate(); err != nil {
		t.Fatalf("commit the late transaction: %v", err)
	}
	follow()
	if err := commitUnrelated(); err != nil {
		t.Fatalf("commit the unrelated transaction: %v", err)
	}
	for deadline := time.Now().Add(10 * time.Second); len(order) < total+1 && time.Now().Before(deadline); {
		if follow() == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if len(order) != total+1 || !seen[late.ID] {
		t.Fatalf("the reader read %d of the %d events (the late one: %v)", len(order), total+1, seen[late.ID])
	}
	readsAgainInOrder(ctx, t, h.Store, start, order)
	t.Logf("%d writers, %d events; the follower read %d of them while the two writers were open", writers, total+1, readWhileOpen)
}

// testRacingSingles fires many single-event appends at once (an implementation may commit
// them together, as Postgres's group commit does): on one stream with the same expected
// version exactly one wins and the others get ErrConcurrency; a retried event id racing its
// first append is stored once and the other is Duplicate; on their own streams every one is
// stored, after its expected version, with its own metadata.
func testRacingSingles(t *testing.T, h Harness) {
	ctx := context.Background()
	const n = 48
	race := func(f func(i int) (eventstore.AppendResult, error)) ([]eventstore.AppendResult, []error) {
		res, errs := make([]eventstore.AppendResult, n), make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				res[i], errs[i] = f(i)
			}()
		}
		close(start)
		wg.Wait()
		return res, errs
	}

	// One stream, one expected version: one winner.
	meta := newMeta()
	stream := "race-" + uuid.NewString()
	first, err := h.Store.Append(ctx, meta, stream, eventstore.NoStream, Event("t.first.v1", 0))
	if err != nil {
		t.Fatal(err)
	}
	_, errs := race(func(i int) (eventstore.AppendResult, error) {
		return h.Store.Append(ctx, meta, stream, first.NextVersion, Event("t.race.v1", i))
	})
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, eventstore.ErrConcurrency):
			t.Fatalf("a losing append: %v, want ErrConcurrency", err)
		}
	}
	if got, _ := h.Store.ReadStream(ctx, meta.Tenant, stream, 0); won != 1 || len(got) != 2 || got[1].Version != first.NextVersion+1 {
		t.Fatalf("%d winners, stream of %d events", won, len(got))
	}

	// NoStream on a new stream, raced: one creates it.
	stream = "race-new-" + uuid.NewString()
	_, errs = race(func(i int) (eventstore.AppendResult, error) {
		return h.Store.Append(ctx, meta, stream, eventstore.NoStream, Event("t.race.v1", i))
	})
	won = 0
	for _, err := range errs {
		if err == nil {
			won++
		} else if !errors.Is(err, eventstore.ErrConcurrency) {
			t.Fatalf("a losing append: %v", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d appends created the same stream", won)
	}

	// The same event id twice at once: stored once, the other answer is Duplicate.
	stream = "race-dup-" + uuid.NewString()
	ev := Event("t.once.v1", 1)
	res, errs := race(func(i int) (eventstore.AppendResult, error) {
		if i >= 2 {
			return eventstore.AppendResult{}, nil
		}
		return h.Store.Append(ctx, meta, stream, eventstore.NoStream, ev)
	})
	if errs[0] != nil || errs[1] != nil || res[0].Duplicate == res[1].Duplicate {
		t.Fatalf("a retry racing its first append: %+v %v, %+v %v", res[0], errs[0], res[1], errs[1])
	}
	if got, _ := h.Store.ReadStream(ctx, meta.Tenant, stream, 0); len(got) != 1 {
		t.Fatalf("the event is stored %d times", len(got))
	}

	// Each on its own stream: all stored, each with its own metadata and version.
	metas := make([]eventstore.Meta, n)
	for i := range metas {
		metas[i] = newMeta()
	}
	res, errs = race(func(i int) (eventstore.AppendResult, error) {
		return h.Store.Append(ctx, metas[i], "own", eventstore.NoStream, Event("t.own.v1", i))
	})
	for i := range n {
		if errs[i] != nil || res[i].NextVersion != 0 || res[i].Duplicate {
			t.Fatalf("append %d: %+v %v", i, res[i], errs[i])
		}
		got, err := h.Store.ReadStream(ctx, metas[i].Tenant, "own", 0)
		if err != nil || len(got) != 1 {
			t.Fatalf("stream %d: %v, %d events", i, err, len(got))
		}
		e := got[0]
		var d int
		_ = json.Unmarshal(e.Data, &d)
		if e.Actor != metas[i].Actor || e.CorrelationID != metas[i].CorrelationID || e.CommandID != metas[i].CommandID ||
			e.Tenant != metas[i].Tenant || d != i || e.Cursor.Position != res[i].Last.Position {
			t.Fatalf("append %d stored as %+v", i, e)
		}
	}
}

// Event builds an event with a fresh id.
func Event(typ string, data any) eventstore.EventData {
	b, err := json.Marshal(data)
	if err != nil {
		panic(err)
	}
	return eventstore.EventData{ID: uuid.New(), Type: typ, SchemaVersion: 1, Data: b}
}

func newMeta() eventstore.Meta {
	return eventstore.Meta{Tenant: uuid.New(), Actor: "tester", CorrelationID: uuid.New(), CausationID: uuid.New(), CommandID: uuid.NewString()}
}

func testAppendVersion(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.Store
	meta := newMeta()
	stream := "test-" + uuid.NewString()

	res, err := s.Append(ctx, meta, stream, eventstore.NoStream, Event("t.a.v1", 1), Event("t.b.v1", 2))
	if err != nil {
		t.Fatalf("first append: %v", err)
	}
	if res.NextVersion != 1 {
		t.Fatalf("NextVersion = %d, want 1", res.NextVersion)
	}
	if _, err := s.Append(ctx, meta, stream, eventstore.NoStream, Event("t.c.v1", 3)); !errors.Is(err, eventstore.ErrConcurrency) {
		t.Fatalf("append to existing stream with NoStream: err = %v, want ErrConcurrency", err)
	}
	if _, err := s.Append(ctx, meta, stream, 0, Event("t.c.v1", 3), Event("t.d.v1", 4)); !errors.Is(err, eventstore.ErrConcurrency) {
		t.Fatalf("stale expected version: err = %v, want ErrConcurrency", err)
	}
	got, err := s.ReadStream(ctx, meta.Tenant, stream, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("a refused append wrote something: stream has %d events, want 2", len(got))
	}
	if _, err := s.Append(ctx, meta, stream, 1, Event("t.c.v1", 3)); err != nil {
		t.Fatalf("append at the right version: %v", err)
	}
	if _, err := s.Append(ctx, meta, stream, eventstore.Any, Event("t.d.v1", 4)); err != nil {
		t.Fatalf("append with Any: %v", err)
	}
	got, _ = s.ReadStream(ctx, meta.Tenant, stream, 2)
	if len(got) != 2 || got[0].Version != 2 || got[1].Version != 3 || got[0].Type != "t.c.v1" {
		t.Fatalf("ReadStream from 2 = %+v", got)
	}
	// Streams are scoped by tenant: the same name in another tenant is another stream.
	other, _ := s.ReadStream(ctx, uuid.New(), stream, 0)
	if len(other) != 0 {
		t.Fatalf("another tenant sees %d events of this stream", len(other))
	}
	// Concurrent appends at the same expected version: exactly one wins.
	var wins, conflicts atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.Append(ctx, meta, stream, 3, Event("t.race.v1", i))
			switch {
			case err == nil:
				wins.Add(1)
			case errors.Is(err, eventstore.ErrConcurrency):
				conflicts.Add(1)
			default:
				t.Errorf("racing append: %v", err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 || conflicts.Load() != 7 {
		t.Fatalf("racing appends: %d won, %d conflicted; want 1 and 7", wins.Load(), conflicts.Load())
	}
}

func testAppendStreams(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.Store
	meta := newMeta()
	a, b := "test-"+uuid.NewString(), "inbox-"+uuid.NewString()
	first := []eventstore.StreamAppend{
		{Meta: meta, Stream: a, Expected: eventstore.NoStream, Events: []eventstore.EventData{Event("t.a.v1", 1), Event("t.b.v1", 2)}},
		{Meta: meta, Stream: b, Expected: eventstore.Any, Events: []eventstore.EventData{Event("t.n.v1", 1)}},
	}
	res, err := s.AppendStreams(ctx, first...)
	if err != nil || len(res) != 2 || res[0].NextVersion != 1 || res[1].NextVersion != 0 || res[0].Duplicate || res[1].Duplicate {
		t.Fatalf("AppendStreams = %+v, %v; want versions 1 and 0", res, err)
	}
	count := func(stream string) int {
		got, err := s.ReadStream(ctx, meta.Tenant, stream, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(got)
	}
	// A part whose version does not match fails the call, and the other parts are not written.
	other := newMeta()
	other.Tenant = meta.Tenant
	for name, wrong := range map[string]eventstore.StreamAppend{
		"a stale version":       {Meta: other, Stream: a, Expected: 0, Events: []eventstore.EventData{Event("t.c.v1", 3)}},
		"a version not reached": {Meta: other, Stream: "test-" + uuid.NewString(), Expected: 4, Events: []eventstore.EventData{Event("t.c.v1", 3)}},
		"NoStream on a stream":  {Meta: other, Stream: a, Expected: eventstore.NoStream, Events: []eventstore.EventData{Event("t.c.v1", 3)}},
	} {
		kept := eventstore.StreamAppend{Meta: other, Stream: b, Expected: eventstore.Any, Events: []eventstore.EventData{Event("t.n.v1", 2)}}
		if _, err := s.AppendStreams(ctx, kept, wrong); !errors.Is(err, eventstore.ErrConcurrency) {
			t.Fatalf("%s: err = %v, want ErrConcurrency", name, err)
		}
		if n := count(b); n != 1 {
			t.Fatalf("%s: the other part was written (%d events, want 1)", name, n)
		}
	}
	// The same call again is a retry: nothing is written and every part says Duplicate.
	res, err = s.AppendStreams(ctx, first...)
	if err != nil || len(res) != 2 || !res[0].Duplicate || !res[1].Duplicate {
		t.Fatalf("retried AppendStreams = %+v, %v; want two duplicates", res, err)
	}
	if count(a) != 2 || count(b) != 1 {
		t.Fatalf("a retry wrote: %d and %d events, want 2 and 1", count(a), count(b))
	}
	// A stored part beside a new one is not a retry: refused, and the new part not written.
	fresh := "inbox-" + uuid.NewString()
	if _, err := s.AppendStreams(ctx, first[0], eventstore.StreamAppend{Meta: other, Stream: fresh, Expected: eventstore.Any,
		Events: []eventstore.EventData{Event("t.n.v1", 4)}}); !errors.Is(err, eventstore.ErrConcurrency) {
		t.Fatalf("a stored part beside a new one: err = %v, want ErrConcurrency", err)
	}
	if n := count(fresh); n != 0 {
		t.Fatalf("the new part beside a stored one was written (%d events)", n)
	}
	// One tenant per call.
	stranger := newMeta()
	if _, err := s.AppendStreams(ctx, first[0], eventstore.StreamAppend{Meta: stranger, Stream: b, Expected: eventstore.Any,
		Events: []eventstore.EventData{Event("t.n.v1", 3)}}); !errors.Is(err, eventstore.ErrInvalid) {
		t.Fatalf("parts of two tenants: err = %v, want ErrInvalid", err)
	}
	if _, err := s.AppendStreams(ctx); !errors.Is(err, eventstore.ErrInvalid) {
		t.Fatalf("no parts: err = %v, want ErrInvalid", err)
	}
}

// testRacingStreams races calls that share an Any stream (an inbox every call reaches): all
// are stored, each at its own version; and calls that expect one version of a shared stream:
// exactly one wins, and the losers' other parts are not written.
func testRacingStreams(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.Store
	meta := newMeta()
	const n = 16
	inbox, decided := "inbox-"+uuid.NewString(), "test-"+uuid.NewString()
	if _, err := s.Append(ctx, meta, decided, eventstore.NoStream, Event("t.a.v1", 0)); err != nil {
		t.Fatal(err)
	}
	own := make([]string, 2*n)
	errs := make([]error, 2*n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 2 * n {
		own[i] = "test-" + uuid.NewString()
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			shared := eventstore.StreamAppend{Meta: meta, Stream: inbox, Expected: eventstore.Any, Events: []eventstore.EventData{Event("t.n.v1", i)}}
			if i >= n {
				shared = eventstore.StreamAppend{Meta: meta, Stream: decided, Expected: 0, Events: []eventstore.EventData{Event("t.d.v1", i)}}
			}
			_, errs[i] = s.AppendStreams(ctx, eventstore.StreamAppend{Meta: meta, Stream: own[i], Expected: eventstore.NoStream,
				Events: []eventstore.EventData{Event("t.o.v1", i)}}, shared)
		}()
	}
	close(start)
	wg.Wait()
	wins := 0
	for i := range 2 * n {
		got, err := s.ReadStream(ctx, meta.Tenant, own[i], 0)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case i < n && (errs[i] != nil || len(got) != 1):
			t.Fatalf("call %d on the inbox: err %v, own stream %d events", i, errs[i], len(got))
		case i >= n && errs[i] == nil && len(got) == 1:
			wins++
		case i >= n && (!errors.Is(errs[i], eventstore.ErrConcurrency) || len(got) != 0):
			t.Fatalf("losing call %d: err %v, own stream %d events; want ErrConcurrency and none", i, errs[i], len(got))
		}
	}
	if wins != 1 {
		t.Fatalf("%d calls won the expected version, want 1", wins)
	}
	got, err := s.ReadStream(ctx, meta.Tenant, inbox, 0)
	if err != nil || len(got) != n {
		t.Fatalf("inbox has %d events (%v), want %d", len(got), err, n)
	}
	for v, e := range got {
		if e.Version != int64(v) {
			t.Fatalf("inbox event %d has version %d", v, e.Version)
		}
	}
}

func testIdempotent(t *testing.T, h Harness) {
	ctx := context.Background()
	meta := newMeta()
	stream := "test-" + uuid.NewString()
	evs := []eventstore.EventData{Event("t.a.v1", 1), Event("t.b.v1", 2)}
	if _, err := h.Store.Append(ctx, meta, stream, eventstore.NoStream, evs...); err != nil {
		t.Fatal(err)
	}
	res, err := h.Store.Append(ctx, meta, stream, eventstore.NoStream, evs...)
	if err != nil {
		t.Fatalf("retried append: %v", err)
	}
	if !res.Duplicate {
		t.Fatalf("retried append not reported as duplicate: %+v", res)
	}
	res, err = h.Store.Append(ctx, meta, stream, eventstore.Any, evs...)
	if err != nil || !res.Duplicate {
		t.Fatalf("retried append with Any: %+v, %v", res, err)
	}
	got, _ := h.Store.ReadStream(ctx, meta.Tenant, stream, 0)
	if len(got) != 2 {
		t.Fatalf("stream has %d events after retries, want 2", len(got))
	}
	// One new event beside an old one is not a retry: it must not be half-written.
	if _, err := h.Store.Append(ctx, meta, stream, eventstore.Any, evs[0], Event("t.c.v1", 3)); err == nil {
		t.Fatal("mixing a stored and a new event id was accepted")
	}
	got, _ = h.Store.ReadStream(ctx, meta.Tenant, stream, 0)
	if len(got) != 2 {
		t.Fatalf("stream has %d events after a refused mixed append, want 2", len(got))
	}
}

func testMetadata(t *testing.T, h Harness) {
	ctx := context.Background()
	meta := newMeta()
	stream := "test-" + uuid.NewString()
	ev := Event("t.meta.v1", map[string]int{"n": 7})
	ev.SchemaVersion = 3
	before := time.Now().Add(-time.Minute)
	res, err := h.Store.Append(ctx, meta, stream, eventstore.NoStream, ev)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := h.Store.ReadStream(ctx, meta.Tenant, stream, 0)
	if len(got) != 1 {
		t.Fatalf("got %d events", len(got))
	}
	e := got[0]
	var data map[string]int
	json.Unmarshal(e.Data, &data)
	switch {
	case e.ID != ev.ID, e.Stream != stream, e.Version != 0, e.Type != "t.meta.v1", e.SchemaVersion != 3:
		t.Fatalf("identity fields wrong: %+v", e)
	case e.Tenant != meta.Tenant, e.Actor != meta.Actor, e.CorrelationID != meta.CorrelationID,
		e.CausationID != meta.CausationID, e.CommandID != meta.CommandID:
		t.Fatalf("metadata wrong: %+v", e)
	case e.Cursor != res.Last || e.Position() <= 0:
		t.Fatalf("position %+v, append said %+v", e.Cursor, res.Last)
	case e.RecordedAt.Before(before), data["n"] != 7:
		t.Fatalf("recorded time or data wrong: %v %s", e.RecordedAt, e.Data)
	}
	c, err := h.Store.Lookup(ctx, e.Position())
	if err != nil || c != e.Cursor {
		t.Fatalf("Lookup(%d) = %+v, %v; want %+v", e.Position(), c, err, e.Cursor)
	}
	if _, err := h.Store.Lookup(ctx, -5); !errors.Is(err, eventstore.ErrNotFound) {
		t.Fatalf("Lookup of unknown position: %v", err)
	}
}

func testImmutable(t *testing.T, h Harness) {
	if h.Tamper == nil {
		t.Fatal("harness has no Tamper hook")
	}
	ctx := context.Background()
	meta := newMeta()
	ev := Event("t.keep.v1", 1)
	if _, err := h.Store.Append(ctx, meta, "test-"+uuid.NewString(), eventstore.NoStream, ev); err != nil {
		t.Fatal(err)
	}
	uerr, derr := h.Tamper(ctx, ev.ID)
	if uerr == nil || derr == nil {
		t.Fatalf("update err = %v, delete err = %v; both must fail", uerr, derr)
	}
}

func testWake(t *testing.T, h Harness) {
	ch, cancel := h.Store.Wake()
	defer cancel()
	for len(ch) > 0 {
		<-ch
	}
	start := time.Now()
	if _, err := h.Store.Append(context.Background(), newMeta(), "test-"+uuid.NewString(), eventstore.NoStream, Event("t.w.v1", 1)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ch:
		t.Logf("woken %v after the append started", time.Since(start))
	case <-time.After(500 * time.Millisecond):
		t.Fatal("no wake-up within 500 ms of an append")
	}
}

// testConcurrentLog has many writers append single-event transactions while one transaction
// holds an appended event open for seconds; a reader following the log must see every event
// exactly once, in one order that a later full read repeats, with nothing missing.
func testConcurrentLog(t *testing.T, h Harness) {
	writers, total, hold := h.Writers, h.Events, h.Hold
	if writers == 0 {
		writers = 32
	}
	if total == 0 {
		total = 20000
	}
	if hold == 0 {
		hold = 3 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	start, err := head(ctx, h.Store)
	if err != nil {
		t.Fatal(err)
	}
	meta := newMeta()

	commitHeld, err := h.HoldOpen(ctx, meta, "held-"+uuid.NewString(), Event("t.held.v1", 0))
	if err != nil {
		t.Fatalf("HoldOpen: %v", err)
	}
	heldCommitted := make(chan struct{})
	go func() {
		time.Sleep(hold)
		if err := commitHeld(); err != nil {
			t.Errorf("commit held transaction: %v", err)
		}
		close(heldCommitted)
	}()

	writersDone, writeErr := appendConcurrently(ctx, h, meta, writers, int64(total), 97, "conc", "t.conc.v1")

	want := total + 1 // the held event too
	seen := make(map[int64]bool, want)
	var order []eventstore.Cursor
	cur := start
	wake, stop := h.Store.Wake()
	defer stop()
	sawBeforeHeldCommit := 0
	for len(order) < want {
		batch, err := h.Store.ReadAll(ctx, cur, 1000)
		if err != nil {
			t.Fatalf("ReadAll: %v", err)
		}
		for i, e := range batch {
			if !cur.Before(e.Cursor) {
				t.Fatalf("log went backwards: %+v after %+v (item %d of a batch of %d read after %d events)", e.Cursor, cur, i, len(batch), len(order))
			}
			if seen[e.Position()] {
				t.Fatalf("event %d seen twice", e.Position())
			}
			seen[e.Position()] = true
			order = append(order, e.Cursor)
			cur = e.Cursor
		}
		select {
		case <-heldCommitted:
		default:
			sawBeforeHeldCommit = len(order)
		}
		if len(batch) == 0 {
			select {
			case err := <-writeErr:
				t.Fatalf("writer: %v", err)
			case <-wake:
			case <-time.After(50 * time.Millisecond):
			case <-ctx.Done():
				t.Fatalf("reader saw %d of %d events before the deadline", len(order), want)
			}
		}
	}
	<-writersDone
	select {
	case err := <-writeErr:
		t.Fatalf("writer: %v", err)
	default:
	}
	if extra, _ := h.Store.ReadAll(ctx, cur, 10); len(extra) != 0 {
		t.Fatalf("%d events beyond the %d expected", len(extra), want)
	}
	// The order is total and stable: reading everything again gives the same sequence.
	readsAgainInOrder(ctx, t, h.Store, start, order)
	t.Logf("%d writers, %d events; the reader had %d events while the held transaction was open", writers, want, sawBeforeHeldCommit)
}

// appendConcurrently appends events 1 to total (of type typ) from writers goroutines, event i
// to stream prefix-<tenant>-<i mod streams>. done closes when they have all returned; errs
// holds the first failure of each.
func appendConcurrently(ctx context.Context, h Harness, meta eventstore.Meta, writers int, total int64, streams int64, prefix, typ string) (done chan struct{}, errs chan error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	errs, done = make(chan error, writers), make(chan struct{})
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1)
				if i > total {
					return
				}
				stream := fmt.Sprintf("%s-%s-%d", prefix, meta.Tenant, i%streams)
				if _, err := h.Store.Append(ctx, meta, stream, eventstore.Any, Event(typ, i)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()
	return done, errs
}

// readsAgainInOrder reads the whole log after start again, in batches, and fails unless it
// gives exactly order: the order is total and stable.
func readsAgainInOrder(ctx context.Context, t *testing.T, s eventstore.Store, start eventstore.Cursor, order []eventstore.Cursor) {
	t.Helper()
	var again []eventstore.Cursor
	for c := start; ; {
		batch, err := s.ReadAll(ctx, c, 5000)
		if err != nil {
			t.Fatal(err)
		}
		if len(batch) == 0 {
			break
		}
		for _, e := range batch {
			again = append(again, e.Cursor)
		}
		c = batch[len(batch)-1].Cursor
	}
	if len(again) != len(order) {
		t.Fatalf("a second read saw %d events, the first %d", len(again), len(order))
	}
	for i := range order {
		if order[i] != again[i] {
			t.Fatalf("order differs at %d: %+v then %+v", i, order[i], again[i])
		}
	}
}

func head(ctx context.Context, s eventstore.Store) (eventstore.Cursor, error) {
	cur := eventstore.Start
	for {
		batch, err := s.ReadAll(ctx, cur, 10000)
		if err != nil || len(batch) == 0 {
			return cur, err
		}
		cur = batch[len(batch)-1].Cursor
	}
}

// ReadUntil reads the global log after cursor after until stop has been true for an event
// it read, and returns what it read. ReadAll holds back the events that a transaction in
// flight anywhere in the cluster could precede, so it waits for them (10 s at most).
func ReadUntil(t *testing.T, store eventstore.Store, after eventstore.Cursor, stop func(eventstore.RecordedEvent) bool) []eventstore.RecordedEvent {
	t.Helper()
	var out []eventstore.RecordedEvent
	deadline := time.Now().Add(10 * time.Second)
	for seen := false; !seen; {
		batch, err := store.ReadAll(context.Background(), after, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(batch) == 0 {
			if time.Now().After(deadline) {
				t.Fatal("the awaited event never became readable")
			}
			time.Sleep(10 * time.Millisecond)
			continue
		}
		for _, e := range batch {
			seen = seen || stop(e)
		}
		out = append(out, batch...)
		after = batch[len(batch)-1].Cursor
	}
	return out
}

// Postgres starts a fresh test database named name (pgtest) with a Postgres store on it;
// both are closed when the test ends.
func Postgres(t testing.TB, name string) (*pgtest.DB, *eventstore.Postgres) {
	t.Helper()
	d, err := pgtest.Start(name)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	store := eventstore.NewPostgres(d.Pool)
	t.Cleanup(func() { store.Close(); d.Close() })
	return d, store
}
