package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"portal/commands/request"
	"portal/projections"
)

// soak runs, for the bench's duration (make bench soak: 10 minutes), 32 clients punching
// through the HTTP stack and its projections and 4 workers filing requests and approving
// every step, then checks what a long run must keep: every command answered, no event
// parked, each read model equal to a rebuild of it from the log (a shadow replay and its
// row-by-row diff), and the heap flat (sampled after a GC every 30 s; the first minute is
// warm-up).
func (b *benchRun) soak() error {
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	ts, authSvc, _, err := b.server(ctx)
	if err != nil {
		return err
	}
	defer ts.Close()
	const punchers, approvers = 32, 4
	users, err := b.users(authSvc, punchers)
	if err != nil {
		return err
	}
	people, err := b.requesters()
	if err != nil {
		return err
	}
	create, decide, err := b.requestHandlers()
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}

	var sent, answered, failed atomic.Int64
	var firstErr atomic.Value
	fail := func(err error) {
		failed.Add(1)
		firstErr.CompareAndSwap(nil, err)
	}
	deadline := time.Now().Add(b.dur)
	var wg sync.WaitGroup
	for w := range punchers {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				sent.Add(1)
				if _, err := b.register(client, ts.URL, users[w], "Av. Paulista, 1000"); err != nil {
					fail(err)
					continue
				}
				answered.Add(1)
			}
		})
	}
	for w := range approvers {
		wg.Go(func() {
			for i := 0; time.Now().Before(deadline); i++ {
				p := people[(w+i*approvers)%len(people)]
				sent.Add(1)
				r, err := fileRequest(ctx, create, p, benchOrigins[i%len(benchOrigins)], uuid.NewString())
				if err != nil {
					fail(err)
					continue
				}
				answered.Add(1)
				for step, c := range r.callers {
					sent.Add(1)
					if _, err := decide.Handle(ctx, request.DecideStep{CommandID: uuid.NewString(), Caller: c, ID: r.id, Action: request.Approve, Step: step}); err != nil {
						fail(err)
						break
					}
					answered.Add(1)
				}
			}
		})
	}
	var heap []uint64 // MiB, every 30 s
	sample := time.NewTicker(30 * time.Second)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for running := true; running; {
		select {
		case <-done:
			running = false
		case <-sample.C:
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			heap = append(heap, m.HeapAlloc>>20)
			fmt.Fprintf(os.Stderr, "  (soak: %d commands answered, %d failed, heap %d MiB)\n", answered.Load(), failed.Load(), m.HeapAlloc>>20)
		}
	}
	sample.Stop()
	elapsed := b.dur

	// The projections catch up; then nothing may be parked and every read model must equal
	// its rebuild.
	names := make([]string, 0, len(allProjections()))
	for _, p := range allProjections() {
		names = append(names, p.Name())
	}
	if err := caughtUp(ctx, b.pool, 100*time.Millisecond, names...); err != nil {
		return err
	}
	cancel() // the runner stops: the rebuilds compare with a still read model
	var parked int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM parked_events`).Scan(&parked); err != nil {
		return err
	}
	differing, rebuilt := 0, 0
	for _, p := range allProjections() {
		t, ok := p.(projections.Tabled)
		if !ok {
			continue
		}
		diffs, err := projections.ReplayShadow(b.ctx, b.pool, b.store, t, uuid.Nil, nil)
		if err != nil {
			return fmt.Errorf("soak: rebuild %s: %w", p.Name(), err)
		}
		rebuilt++
		for _, d := range diffs {
			if d.Missing+d.Extra+d.Different > 0 {
				differing++
				fmt.Fprintf(os.Stderr, "  (soak: %s.%s differs from its rebuild: %+v)\n", p.Name(), d.Table, d)
			}
		}
	}

	flat := "too short to tell"
	if len(heap) > 2 {
		warm := heap[1:]
		flat = fmt.Sprintf("%d–%d MiB over %d samples after warm-up, %d MiB at the end", slices.Min(warm), slices.Max(warm), len(warm), warm[len(warm)-1])
	}
	b.check(fmt.Sprintf("soak %s: %d punchers, %d approvers (%.0f commands/s)", elapsed, punchers, approvers, perSec(answered.Load(), elapsed)),
		fmt.Sprintf("%d of %d commands answered (%d failed), %d parked, %d of %d read models differ from their rebuild; heap %s",
			answered.Load(), sent.Load(), failed.Load(), parked, differing, rebuilt, flat),
		"all answered, 0 parked, 0 differ, heap flat", answered.Load() == sent.Load() && failed.Load() == 0 && parked == 0 && differing == 0)
	if err, _ := firstErr.Load().(error); err != nil {
		return fmt.Errorf("soak: %d commands failed, the first: %w", failed.Load(), err)
	}
	if parked > 0 || differing > 0 {
		return fmt.Errorf("soak: %d parked events, %d read models differ from their rebuild", parked, differing)
	}
	return nil
}
