package projections_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"portal/eventstore"
	"portal/projections"
	"portal/projections/projtest"
)

// Replay over 200,000 simple events: every event applied once, the progress bar, the
// checkpoint. The speed is logged only; `portal bench replay` measures it against a baseline.
func TestReplaySpeedAndProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("appends 200,000 events")
	}
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	const total, chunk = 200_000, 2_000
	t0 := time.Now()
	for i := 0; i < total; i += chunk {
		appendCredits(t, store, fmt.Sprintf("acct-%d", i/chunk%50), chunk, i)
	}
	t.Logf("appended %d events in %s", total, time.Since(t0).Round(time.Millisecond))
	newLedger(t, d, "speed")
	if _, err := d.Pool.Exec(context.Background(), `VACUUM ANALYZE events`); err != nil {
		t.Fatal(err)
	}

	var progress strings.Builder
	t0 = time.Now()
	n, err := projections.Replay(context.Background(), d.Pool, store, &ledger{name: "speed"}, &progress)
	el := time.Since(t0)
	if err != nil {
		t.Fatal(err)
	}
	rate := float64(n) / el.Seconds()
	t.Logf("replayed %d events in %s: %.0f events/s", n, el.Round(time.Millisecond), rate)
	if n != total {
		t.Fatalf("replayed %d events, want %d", n, total)
	}
	if c := projtest.Count(t, d, `SELECT count(*) FROM speed_entries`); c != total {
		t.Fatalf("read model has %d entries, want %d", c, total)
	}
	if c := projtest.Count(t, d, `SELECT sum(total) FROM speed_balances`); c != int64(total)*(total-1)/2 {
		t.Fatalf("balances sum to %d, want %d", c, int64(total)*(total-1)/2)
	}

	out := progress.String()
	last := out[strings.LastIndex(out, "\r")+1:]
	t.Logf("progress: %d redraws, last line %q", strings.Count(out, "\r"), last)
	if !strings.HasSuffix(out, "\n") || !strings.Contains(last, "[##############################] 200000/200000 events") ||
		!strings.Contains(last, "ev/s") || strings.Count(out, "\r") < 2 {
		t.Errorf("progress output %q is not a \\r-updated bar ending at 200000/200000 with a rate", out)
	}
	cp, err := projections.ReadCheckpoint(context.Background(), d.Pool, "speed")
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := store.Head(context.Background()); cp != h {
		t.Errorf("checkpoint after replay %+v, want the head %+v", cp, h)
	}
}

// A replay resets the read model first (running it twice gives the same result), refuses
// to run while a runner holds the projection, and parks an event the projection refuses.
func TestReplayResetsLocksAndParks(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	for i := range 30 {
		appendCredits(t, store, fmt.Sprintf("acct-%d", i%3), 400, i*400) // 12,000 events: 3 batches
	}
	l := newLedger(t, d, "again")
	for range 2 {
		n, err := projections.Replay(context.Background(), d.Pool, store, l, nil)
		if err != nil || n != 12_000 {
			t.Fatalf("replay: %d, %v", n, err)
		}
		if c := projtest.Count(t, d, `SELECT count(*) FROM again_entries`); c != 12_000 {
			t.Fatalf("read model has %d entries after replay, want 12000", c)
		}
	}

	// A refused event in the middle of a batch: parked, the rest of the batch applied.
	all, err := store.ReadAll(context.Background(), eventstore.Start, 12_000)
	if err != nil {
		t.Fatal(err)
	}
	bad := all[7_777]
	l.failOn = func(e eventstore.RecordedEvent) error {
		if e.ID == bad.ID {
			return errors.New("refused in replay")
		}
		return nil
	}
	if _, err := projections.Replay(context.Background(), d.Pool, store, l, nil); err != nil {
		t.Fatal(err)
	}
	if c := projtest.Count(t, d, `SELECT count(*) FROM again_entries`); c != 11_999 {
		t.Errorf("read model has %d entries, want 11999", c)
	}
	if c := projtest.Count(t, d, `SELECT count(*) FROM parked_events WHERE projection = 'again' AND position = $1 AND reason LIKE '%refused in replay%'`, bad.Position()); c != 1 {
		t.Errorf("the refused event is not parked with its reason")
	}
	l.failOn = nil

	r := projtest.StartRunner(t, d, store, projections.RunnerConfig{}, l)
	projtest.WaitFor(t, "the runner to hold the lock", 5*time.Second, func() bool { return status(t, r.Runner, "again").Active })
	if _, err := projections.Replay(context.Background(), d.Pool, store, l, nil); !errors.Is(err, projections.ErrLocked) {
		t.Errorf("replay while a runner holds the projection: %v, want ErrLocked", err)
	}
}

// A replay that begins while an older transaction still runs somewhere (the log is readable
// only below it) waits for it and still reads every event committed before it began.
func TestReplayWaitsForTheLogToBecomeReadable(t *testing.T) {
	d := projtest.FreshDB(t)
	store := projtest.NewStore(t, d.Pool)
	ctx := context.Background()
	appendCredits(t, store, "early", 10, 0)
	// An open transaction with an id, older than the next append.
	blocker, err := d.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer blocker.Rollback(ctx)
	if _, err := blocker.Exec(ctx, `SELECT pg_current_xact_id()`); err != nil {
		t.Fatal(err)
	}
	appendCredits(t, store, "late", 10, 10)

	l := newLedger(t, d, "waits")
	done := make(chan int, 1)
	go func() {
		n, err := projections.Replay(ctx, d.Pool, store, l, nil)
		if err != nil {
			t.Error(err)
		}
		done <- n
	}()
	select {
	case n := <-done:
		t.Fatalf("the replay ended with %d events while the log's end was not readable", n)
	case <-time.After(300 * time.Millisecond):
	}
	if err := blocker.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if n := <-done; n != 20 {
		t.Fatalf("replayed %d events, want 20", n)
	}
}
