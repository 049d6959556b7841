package projections_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
	"portal/projections"
	"portal/projections/projtest"
)

func status(t *testing.T, r *projections.Runner, name string) projections.ProjectionStatus {
	t.Helper()
	st, err := r.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no status for %s", name)
	return projections.ProjectionStatus{}
}

// A projection that refuses one event: the event is retried (1 + 5 attempts), then parked
// with its reason, and the events after it are still applied.
func TestRunnerParksAFailingEventAndGoesOn(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	l := newLedger(t, d, "parking")
	l.calls = map[uuid.UUID]int{}
	evs := credit(10, 0)
	bad := evs[3].ID
	l.failOn = func(e eventstore.RecordedEvent) error {
		if e.ID == bad {
			return errors.New("ledger refuses amount 3")
		}
		return nil
	}
	res, err := store.Append(context.Background(), eventstore.Meta{Tenant: testTenant}, "acct-park", eventstore.NoStream, evs...)
	if err != nil {
		t.Fatal(err)
	}
	r := projtest.StartRunner(t, d, store, projections.RunnerConfig{}, l)
	projtest.WaitFor(t, "the ledger to catch up", 10*time.Second, func() bool {
		st := status(t, r.Runner, "parking")
		return st.Lag == 0 && st.Position == res.Last.Position
	})
	st := status(t, r.Runner, "parking")
	if len(st.Parked) != 1 {
		t.Fatalf("parked %+v, want exactly the refused event", st.Parked)
	}
	p := st.Parked[0]
	if p.EventID != bad || p.Type != creditType || !strings.Contains(p.Reason, "ledger refuses amount 3") {
		t.Errorf("parked %+v, want event %s with its reason", p, bad)
	}
	// 1 + 5 retries of the message that carries it, and once more alone when that message
	// carried other events too (to find which one fails).
	if n := l.attempts(bad); n < 6 || n > 7 {
		t.Errorf("the refused event was tried %d times, want 6 or 7 (1 + 5 retries, + 1 alone)", n)
	}
	if n := projtest.Count(t, d, `SELECT count(*) FROM parking_entries`); n != 9 {
		t.Errorf("ledger holds %d entries, want the 9 others", n)
	}
	if n := projtest.Count(t, d, `SELECT count(*) FROM parking_entries WHERE amount > 3`); n != 6 {
		t.Errorf("ledger holds %d entries after the parked one, want 6", n)
	}
	projtest.WaitFor(t, "ready", 2*time.Second, r.Runner.Ready)
	if !st.Active {
		t.Error("the runner does not report its projection as active")
	}

	// More events later are applied too; the parked one stays parked.
	res = appendCredits(t, store, "acct-park", 2, 10)
	projtest.WaitFor(t, "the new events", 5*time.Second, func() bool { return status(t, r.Runner, "parking").Position == res.Last.Position })
	if n := projtest.Count(t, d, `SELECT count(*) FROM parking_entries`); n != 11 {
		t.Errorf("ledger holds %d entries, want 11", n)
	}
}

// Ready waits for every projection to reach the head of the log as it was at start. A
// projection far behind catches up in batches; one close to the head goes event by event.
func TestRunnerReadyAfterCatchingUp(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	for i := range 20 {
		appendCredits(t, store, fmt.Sprintf("acct-%d", i%4), 1000, i*1000)
	}
	for _, c := range []struct {
		name    string
		catchUp int
		events  int64
	}{
		{"batches", 0, 20_000},
		{"per_event", -1, 1_000},
	} {
		a, b := newLedger(t, d, "ready_a_"+c.name), newLedger(t, d, "ready_b_"+c.name)
		if c.events < 20_000 { // start 1,000 events behind the head
			all, err := store.ReadAll(context.Background(), eventstore.Start, 20_000)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range []*ledger{a, b} {
				if _, err := d.Pool.Exec(context.Background(), `INSERT INTO projection_checkpoints (name, transaction_id, position) VALUES ($1, $2::text::xid8, $3)`,
					l.name, fmt.Sprint(all[18_999].Cursor.TxID), all[18_999].Position()); err != nil {
					t.Fatal(err)
				}
			}
		}
		t0 := time.Now()
		r := projtest.StartRunner(t, d, store, projections.RunnerConfig{CatchUp: c.catchUp}, a, b)
		if r.Runner.Ready() {
			t.Fatalf("%s: ready before applying anything", c.name)
		}
		projtest.WaitFor(t, "ready", 60*time.Second, r.Runner.Ready)
		el := time.Since(t0)
		t.Logf("%s: two projections caught up with %d events each in %s (%.0f events/s per projection)",
			c.name, c.events, el.Round(time.Millisecond), float64(c.events)/el.Seconds())
		for _, l := range []*ledger{a, b} {
			if n := projtest.Count(t, d, `SELECT count(*) FROM `+l.name+`_entries`); n != c.events {
				t.Errorf("%s has %d entries when ready, want %d", l.name, n, c.events)
			}
		}
		r.Stop()
	}
}

// One active runner per projection: a second process stands by and takes over within about
// a second when the first dies, and between them nothing is applied twice or skipped.
func TestRunnerStandbyTakesOver(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	l := newLedger(t, d, "takeover")
	poolA := openPool(t, d, "takeover-a")
	storeA := projtest.NewStore(t, poolA)
	rA, err := projections.NewRunner(poolA, storeA, projections.RunnerConfig{Logger: projtest.Quiet}, l)
	if err != nil {
		t.Fatal(err)
	}
	a := projtest.RunWith(t, rA)
	projtest.WaitFor(t, "runner A to take the lock", 5*time.Second, func() bool { return status(t, rA, "takeover").Active })
	b := projtest.StartRunner(t, d, store, projections.RunnerConfig{LockRetry: 200 * time.Millisecond}, l)
	res := appendCredits(t, store, "acct-t", 100, 0)
	projtest.WaitFor(t, "the first batch", 10*time.Second, func() bool { return status(t, b.Runner, "takeover").Position == res.Last.Position })
	if status(t, b.Runner, "takeover").Active {
		t.Fatal("the standby runner is active while the first one holds the lock")
	}

	a.Stop()
	poolA.Close()
	t0 := time.Now()
	projtest.WaitFor(t, "runner B to take over", 5*time.Second, func() bool { return status(t, b.Runner, "takeover").Active })
	t.Logf("standby took over %s after the holder stopped", time.Since(t0).Round(time.Millisecond))
	res = appendCredits(t, store, "acct-t", 100, 100)
	projtest.WaitFor(t, "the second batch", 10*time.Second, func() bool { return status(t, b.Runner, "takeover").Position == res.Last.Position })
	if n := projtest.Count(t, d, `SELECT count(*) FROM takeover_entries`); n != 200 {
		t.Errorf("ledger has %d entries, want 200", n)
	}
}

// The kill test: a runner dies in the middle of a stream of events (its sessions are
// terminated by the server, its context cancelled and its pool closed while writers keep
// appending); a new runner continues from the checkpoint. After two such kills the read
// model is identical to a full Replay of the log into a fresh copy.
func TestRunnerKilledMidStreamMatchesReplay(t *testing.T) {
	d := projtest.FreshDB(t)
	writerStore := projtest.NewStore(t, d.Pool)
	newLedger(t, d, "killed")
	newLedger(t, d, "rebuilt")

	const writers, perWriter = 4, 1500 // 6,000 events
	const total = writers * perWriter
	var appended atomic.Int64
	var wg sync.WaitGroup
	stopWriters := make(chan struct{})
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < perWriter; {
				n := min(1+i%3, perWriter-i)
				if _, err := writerStore.Append(context.Background(), eventstore.Meta{Tenant: testTenant}, fmt.Sprintf("acct-%d-%d", w, i%7), eventstore.Any, credit(n, i)...); err != nil {
					t.Error(err)
					return
				}
				i += n
				appended.Add(int64(n))
				select {
				case <-stopWriters:
					return
				case <-time.After(3 * time.Millisecond): // a little faster than the runner
				}
			}
		}()
	}
	defer close(stopWriters)

	// Each runner has its own pool (hence its own store listener and lock connection),
	// tagged so the server can kill exactly its sessions.
	start := func(app string) (*projections.Runner, func()) {
		pool := openPool(t, d, app)
		store := eventstore.NewPostgres(pool)
		r, err := projections.NewRunner(pool, store, projections.RunnerConfig{Logger: projtest.Quiet}, &ledger{name: "killed"})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- r.Run(ctx) }()
		kill := func() {
			projtest.Count(t, d, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, app)
			cancel()
			pool.Close()
			store.Close()
			<-done
		}
		return r, kill
	}
	for i, at := range []int64{1200, 2400} {
		_, kill := start(fmt.Sprintf("kill-runner-%d", i+1))
		projtest.WaitFor(t, fmt.Sprintf("runner %d to apply %d events", i+1, at), 60*time.Second, func() bool {
			return projtest.Count(t, d, `SELECT count(*) FROM killed_entries`) >= at
		})
		kill()
		applied, flowing := projtest.Count(t, d, `SELECT count(*) FROM killed_entries`), appended.Load()
		t.Logf("killed runner %d after %d events applied, %d of %d appended", i+1, applied, flowing, total)
		// Mid-stream: the writers are still appending (the runner may have caught up with
		// them for a moment: on a loaded machine the writers are the slower side).
		if flowing >= total {
			t.Errorf("runner %d was not killed mid-stream (%d applied, %d of %d appended)", i+1, applied, flowing, total)
		}
	}

	last, kill := start("kill-runner-3")
	defer kill()
	wg.Wait()
	projtest.WaitFor(t, "the last runner to catch up", 120*time.Second, func() bool {
		return status(t, last, "killed").Lag == 0 && projtest.Count(t, d, `SELECT count(*) FROM killed_entries`) == total
	})
	if st := status(t, last, "killed"); len(st.Parked) != 0 {
		t.Errorf("events parked across the kills: %+v", st.Parked)
	}

	var progress strings.Builder
	n, err := projections.Replay(context.Background(), d.Pool, writerStore, &ledger{name: "rebuilt"}, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if n != total {
		t.Errorf("replay applied %d events, want %d", n, total)
	}
	sameLedger(t, d, "killed", "rebuilt")
	if c := projtest.Count(t, d, `SELECT count(*) FROM killed_entries`); c != total {
		t.Errorf("killed ledger has %d entries, want %d", c, total)
	}
	if c := projtest.Count(t, d, `SELECT max(seq) FROM killed_entries`); c != total {
		t.Errorf("killed ledger's last seq is %d, want %d (an event applied twice or skipped)", c, total)
	}
	t.Logf("after two kills: %d events, read model identical to a full replay", total)
}

// selectiveLedger is a ledger that names its area, and counts the batches it is given.
type selectiveLedger struct {
	*ledger
	batches atomic.Int64
}

func (s *selectiveLedger) Areas() []string { return []string{"test.credited"} }

func (s *selectiveLedger) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	s.batches.Add(1)
	return s.ledger.Apply(ctx, tx, events)
}

// A Selective projection is not given batches without its area, and its checkpoint still
// moves past them when the log goes projtest.Quiet.
func TestRunnerSkipsBatchesOutsideASelectiveProjectionsAreas(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	l := &selectiveLedger{ledger: newLedger(t, d, "selective")}
	r := projtest.StartRunner(t, d, store, projections.RunnerConfig{}, l)
	projtest.WaitFor(t, "ready", 5*time.Second, r.Runner.Ready)

	other := []eventstore.EventData{{ID: uuid.New(), Type: "other.noted.v1", Data: json.RawMessage(`{}`)}}
	res, err := store.Append(context.Background(), eventstore.Meta{Tenant: testTenant, Actor: "test"}, "other-1", eventstore.NoStream, other...)
	if err != nil {
		t.Fatal(err)
	}
	projtest.WaitFor(t, "the checkpoint past the other event", 3*time.Second, func() bool {
		return status(t, r.Runner, "selective").Position == res.Last.Position
	})
	if n := l.batches.Load(); n != 0 {
		t.Fatalf("the projection was given %d batches without its area", n)
	}

	res = appendCredits(t, store, "acct-sel", 3, 1)
	projtest.WaitFor(t, "the credits", 3*time.Second, func() bool { return status(t, r.Runner, "selective").Position == res.Last.Position })
	if n := projtest.Count(t, d, `SELECT count(*) FROM selective_entries`); n != 3 || l.batches.Load() == 0 {
		t.Fatalf("ledger holds %d entries after %d batches, want 3", n, l.batches.Load())
	}
}
