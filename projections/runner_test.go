package projections_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/projections"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

type running struct {
	runner *projections.Runner
	cancel context.CancelFunc
	done   chan error
}

func startRunner(t *testing.T, d *pgtest.DB, store eventstore.Store, cfg projections.RunnerConfig, ps ...projections.Projection) *running {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = quiet
	}
	r, err := projections.NewRunner(d.Pool, store, cfg, ps...)
	if err != nil {
		t.Fatal(err)
	}
	return runWith(t, r)
}

func runWith(t *testing.T, r *projections.Runner) *running {
	ctx, cancel := context.WithCancel(context.Background())
	rr := &running{runner: r, cancel: cancel, done: make(chan error, 1)}
	go func() { rr.done <- r.Run(ctx) }()
	t.Cleanup(rr.stop)
	return rr
}

func (r *running) stop() {
	r.cancel()
	<-r.done
	r.done <- nil // let a second stop return
}

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
	d := freshDB(t)
	store := newStore(t, d.Pool)
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
	r := startRunner(t, d, store, projections.RunnerConfig{}, l)
	waitFor(t, "the ledger to catch up", 10*time.Second, func() bool {
		st := status(t, r.runner, "parking")
		return st.Lag == 0 && st.Position == res.Last.Position
	})
	st := status(t, r.runner, "parking")
	if len(st.Parked) != 1 {
		t.Fatalf("parked %+v, want exactly the refused event", st.Parked)
	}
	p := st.Parked[0]
	if p.EventID != bad || p.Type != creditType || !strings.Contains(p.Reason, "ledger refuses amount 3") {
		t.Errorf("parked %+v, want event %s with its reason", p, bad)
	}
	if n := l.attempts(bad); n != 6 {
		t.Errorf("the refused event was tried %d times, want 6 (1 + 5 retries)", n)
	}
	if n := count(t, d, `SELECT count(*) FROM parking_entries`); n != 9 {
		t.Errorf("ledger holds %d entries, want the 9 others", n)
	}
	if n := count(t, d, `SELECT count(*) FROM parking_entries WHERE amount > 3`); n != 6 {
		t.Errorf("ledger holds %d entries after the parked one, want 6", n)
	}
	waitFor(t, "ready", 2*time.Second, r.runner.Ready)
	if !st.Active {
		t.Error("the runner does not report its projection as active")
	}

	// More events later are applied too; the parked one stays parked.
	res = appendCredits(t, store, "acct-park", 2, 10)
	waitFor(t, "the new events", 5*time.Second, func() bool { return status(t, r.runner, "parking").Position == res.Last.Position })
	if n := count(t, d, `SELECT count(*) FROM parking_entries`); n != 11 {
		t.Errorf("ledger holds %d entries, want 11", n)
	}
}

// Ready waits for every projection to reach the head of the log as it was at start.
func TestRunnerReadyAfterCatchingUp(t *testing.T) {
	d := freshDB(t)
	store := newStore(t, d.Pool)
	for i := range 20 {
		appendCredits(t, store, fmt.Sprintf("acct-%d", i%4), 50, i*50)
	}
	a, b := newLedger(t, d, "ready_a"), newLedger(t, d, "ready_b")
	t0 := time.Now()
	r := startRunner(t, d, store, projections.RunnerConfig{}, a, b)
	if r.runner.Ready() {
		t.Fatal("ready before applying 1,000 events")
	}
	waitFor(t, "ready", 30*time.Second, r.runner.Ready)
	el := time.Since(t0)
	t.Logf("two projections caught up with 1,000 events each in %s (%.0f events/s per projection, one transaction per event)",
		el.Round(time.Millisecond), 1000/el.Seconds())
	for _, name := range []string{"ready_a", "ready_b"} {
		if n := count(t, d, `SELECT count(*) FROM `+name+`_entries`); n != 1000 {
			t.Errorf("%s has %d entries when ready, want 1000", name, n)
		}
	}
}

// One active runner per projection: a second process stands by and takes over within about
// a second when the first dies, and between them nothing is applied twice or skipped.
func TestRunnerStandbyTakesOver(t *testing.T) {
	d := freshDB(t)
	store := newStore(t, d.Pool)
	l := newLedger(t, d, "takeover")
	poolA := openPool(t, d, "takeover-a")
	storeA := newStore(t, poolA)
	rA, err := projections.NewRunner(poolA, storeA, projections.RunnerConfig{Logger: quiet}, l)
	if err != nil {
		t.Fatal(err)
	}
	a := runWith(t, rA)
	waitFor(t, "runner A to take the lock", 5*time.Second, func() bool { return status(t, rA, "takeover").Active })
	b := startRunner(t, d, store, projections.RunnerConfig{LockRetry: 200 * time.Millisecond}, l)
	res := appendCredits(t, store, "acct-t", 100, 0)
	waitFor(t, "the first batch", 10*time.Second, func() bool { return status(t, b.runner, "takeover").Position == res.Last.Position })
	if status(t, b.runner, "takeover").Active {
		t.Fatal("the standby runner is active while the first one holds the lock")
	}

	a.cancel()
	<-a.done
	a.done <- nil
	poolA.Close()
	t0 := time.Now()
	waitFor(t, "runner B to take over", 5*time.Second, func() bool { return status(t, b.runner, "takeover").Active })
	t.Logf("standby took over %s after the holder stopped", time.Since(t0).Round(time.Millisecond))
	res = appendCredits(t, store, "acct-t", 100, 100)
	waitFor(t, "the second batch", 10*time.Second, func() bool { return status(t, b.runner, "takeover").Position == res.Last.Position })
	if n := count(t, d, `SELECT count(*) FROM takeover_entries`); n != 200 {
		t.Errorf("ledger has %d entries, want 200", n)
	}
}

// The kill test: a runner dies in the middle of a stream of events (its sessions are
// terminated by the server, its context cancelled and its pool closed while writers keep
// appending); a new runner continues from the checkpoint, and the read model it ends with
// is identical to a full Replay of the log into a fresh copy.
func TestRunnerKilledMidStreamMatchesReplay(t *testing.T) {
	d := freshDB(t)
	writerStore := newStore(t, d.Pool)
	newLedger(t, d, "killed")
	newLedger(t, d, "rebuilt")

	const writers, perWriter = 4, 1500 // 6,000 events
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
				time.Sleep(10 * time.Millisecond) // keep events flowing for a while
				select {
				case <-stopWriters:
					return
				default:
				}
			}
		}()
	}
	defer close(stopWriters)

	// Runner 1, on its own pool, store and lock connection.
	pool1 := openPool(t, d, "kill-runner-1")
	store1 := eventstore.NewPostgres(pool1)
	r1, err := projections.NewRunner(pool1, store1, projections.RunnerConfig{Logger: quiet}, &ledger{name: "killed"})
	if err != nil {
		t.Fatal(err)
	}
	ctx1, cancel1 := context.WithCancel(context.Background())
	done1 := make(chan error, 1)
	go func() { done1 <- r1.Run(ctx1) }()

	waitFor(t, "runner 1 to apply 1,500 events", 60*time.Second, func() bool {
		return count(t, d, `SELECT count(*) FROM killed_entries`) >= 1500
	})
	// Kill it: the server drops its sessions mid-transaction, then the process "exits".
	count(t, d, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'kill-runner-1'`)
	cancel1()
	pool1.Close()
	store1.Close()
	if err := <-done1; err != nil {
		t.Logf("runner 1 ended with %v", err)
	}
	atKill, flowing := count(t, d, `SELECT count(*) FROM killed_entries`), appended.Load()
	t.Logf("killed runner 1 after it applied %d events; %d of %d appended so far", atKill, flowing, writers*perWriter)
	if flowing >= writers*perWriter {
		t.Error("the writers had finished before the kill; the test did not kill mid-stream")
	}

	// Runner 2 takes over from the checkpoint.
	pool2 := openPool(t, d, "kill-runner-2")
	defer pool2.Close()
	store2 := newStore(t, pool2)
	r2, err := projections.NewRunner(pool2, store2, projections.RunnerConfig{Logger: quiet}, &ledger{name: "killed"})
	if err != nil {
		t.Fatal(err)
	}
	rr2 := runWith(t, r2)
	wg.Wait()
	total := int64(writers * perWriter)
	waitFor(t, "runner 2 to catch up", 120*time.Second, func() bool {
		st := status(t, rr2.runner, "killed")
		return st.Lag == 0 && count(t, d, `SELECT count(*) FROM killed_entries`) == total
	})
	rr2.stop()
	st := status(t, r2, "killed")
	if len(st.Parked) != 0 {
		t.Errorf("events parked during the kill: %+v", st.Parked)
	}

	var progress strings.Builder
	n, err := projections.Replay(context.Background(), d.Pool, writerStore, &ledger{name: "rebuilt"}, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if int64(n) != total {
		t.Errorf("replay applied %d events, want %d", n, total)
	}
	sameLedger(t, d, "killed", "rebuilt")
	if c := count(t, d, `SELECT count(*) FROM killed_entries`); c != total {
		t.Errorf("killed ledger has %d entries, want %d", c, total)
	}
	if c := count(t, d, `SELECT max(seq) FROM killed_entries`); c != total {
		t.Errorf("killed ledger's last seq is %d, want %d (an event applied twice or skipped)", c, total)
	}
	t.Logf("after the kill: %d events, read model identical to a full replay", total)
}
