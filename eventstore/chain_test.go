package eventstore_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
)

// appendChained appends n events to each of streams for a new tenant (concurrently, one
// writer per stream) and returns the tenant and the stored events in log order.
func appendChained(t *testing.T, store *eventstore.Postgres, streams, n int) (uuid.UUID, []eventstore.RecordedEvent) {
	t.Helper()
	ctx := context.Background()
	tenant := uuid.New()
	var wg sync.WaitGroup
	errs := make(chan error, streams)
	for s := 0; s < streams; s++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < n; i++ {
				_, err := store.Append(ctx, eventstore.Meta{Tenant: tenant, Actor: "chain"}, fmt.Sprintf("chain-%d", s), eventstore.Any,
					eventstore.EventData{ID: uuid.New(), Type: "test.chained.v1", Data: []byte(fmt.Sprintf(`{"i":%d}`, i))})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var all []eventstore.RecordedEvent
	for s := 0; s < streams; s++ {
		evs, err := store.ReadStream(ctx, tenant, fmt.Sprintf("chain-%d", s), 0)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, evs...)
	}
	return tenant, all
}

// tamper runs sql with the append-only triggers off, as an intruder with the database's
// keys could.
func tamper(t *testing.T, sql string, args ...any) {
	t.Helper()
	err := pgx.BeginFunc(context.Background(), testDB.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(context.Background(), `SET LOCAL session_replication_role = replica`); err != nil {
			return err
		}
		_, err := tx.Exec(context.Background(), sql, args...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestChainHoldsUnderConcurrentAppendsAndCatchesTampering(t *testing.T) {
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	ctx := context.Background()

	// 24 writers at once on one tenant: every link holds.
	tenant, evs := appendChained(t, store, 24, 20)
	rep, err := store.VerifyChain(ctx, tenant)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Broken != nil || rep.Events != int64(len(evs)) || rep.Streams != 24 {
		t.Fatalf("intact log: %+v (broken %+v), %d events", rep, rep.Broken, len(evs))
	}

	cases := []struct {
		name, reason string
		sql          string
	}{
		{"an edited payload", "altered", `UPDATE events SET data = '{"i":999}' WHERE id = $1`},
		{"an edited actor", "altered", `UPDATE events SET actor = 'someone else' WHERE id = $1`},
		{"a removed event", "missing", `DELETE FROM events WHERE id = $1`},
		{"a replaced hash", "altered", `UPDATE events SET hash = sha256('x') WHERE id = $1`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tenant, evs := appendChained(t, store, 4, 5)
			victim := evs[7] // the third event of the second stream
			tamper(t, c.sql, victim.ID)
			rep, err := store.VerifyChain(ctx, tenant)
			if err != nil {
				t.Fatal(err)
			}
			b := rep.Broken
			if b == nil || b.Reason != c.reason {
				t.Fatalf("not caught: %+v", b)
			}
			want := victim.ID
			if c.reason == "missing" { // the first link after the hole is the broken one
				want = evs[8].ID
			}
			if b.EventID == nil || *b.EventID != want || b.Stream != victim.Stream {
				t.Fatalf("break at %+v, want event %s of %s", b, want, victim.Stream)
			}
		})
	}

	t.Run("a removed tail", func(t *testing.T) {
		tenant, evs := appendChained(t, store, 1, 5)
		if rep, err := store.VerifyChain(ctx, tenant); err != nil || rep.Broken != nil { // anchors the tail
			t.Fatal(rep, err)
		}
		tamper(t, `DELETE FROM events WHERE id = $1`, evs[4].ID)
		rep, err := store.VerifyChain(ctx, tenant)
		if err != nil {
			t.Fatal(err)
		}
		if b := rep.Broken; b == nil || b.Reason != "missing_tail" || b.Stream != evs[4].Stream || b.Version != 4 {
			t.Fatalf("removed tail: %+v", rep.Broken)
		}
	})

	t.Run("batch appends are chained", func(t *testing.T) {
		tenant := uuid.New()
		meta := eventstore.Meta{Tenant: tenant, Actor: "chain"}
		batch := func(n int) []eventstore.EventData {
			evs := make([]eventstore.EventData, n)
			for i := range evs {
				evs[i] = eventstore.EventData{ID: uuid.New(), Type: "test.chained.v1", Data: []byte(fmt.Sprintf(`{"i":%d}`, i))}
			}
			return evs
		}
		res, err := store.Append(ctx, meta, "batch", eventstore.NoStream, batch(3)...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := store.Append(ctx, meta, "batch", res.NextVersion, batch(1)...); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Append(ctx, meta, "batch", eventstore.Any, batch(2)...); err != nil {
			t.Fatal(err)
		}
		rep, err := store.VerifyChain(ctx, tenant)
		if err != nil || rep.Broken != nil || rep.Events != 6 {
			t.Fatalf("batches: %+v %v", rep, err)
		}
	})
}

// TestChainCatchesATamperedEventInALongChain: verification hashes in Go, in parallel batches;
// an event edited in the middle of a long chain (its hash left as it was) is still caught,
// and among several breaks the first in log order is the one reported.
func TestChainCatchesATamperedEventInALongChain(t *testing.T) {
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	ctx := context.Background()
	tenant := uuid.New()
	meta := eventstore.Meta{Tenant: tenant, Actor: "chain"}
	const streams, n = 3, 4000
	for s := 0; s < streams; s++ {
		for done := 0; done < n; done += 500 {
			evs := make([]eventstore.EventData, 500)
			for i := range evs {
				evs[i] = eventstore.EventData{ID: uuid.New(), Type: "test.chained.v1",
					Data: []byte(fmt.Sprintf(`{"i":%d,"note":"ação ✓"}`, done+i))}
			}
			if _, err := store.Append(ctx, meta, fmt.Sprintf("long-%d", s), eventstore.Any, evs...); err != nil {
				t.Fatal(err)
			}
		}
	}
	rep, err := store.VerifyChain(ctx, tenant)
	if err != nil || rep.Broken != nil || rep.Events != streams*n || rep.Streams != streams {
		t.Fatalf("intact: %+v %v", rep, err)
	}

	at := func(stream string, version int) eventstore.RecordedEvent {
		evs, err := store.ReadStream(ctx, tenant, stream, int64(version))
		if err != nil || len(evs) == 0 {
			t.Fatal(err)
		}
		return evs[0]
	}
	// Rows out of log order in the table (one moved to the table's end, as a restore could)
	// are put back in order: the chains still hold.
	tamper(t, `WITH moved AS (DELETE FROM events WHERE tenant_id = $1 AND stream = 'long-0' AND version = 10 RETURNING *)
		INSERT INTO events SELECT * FROM moved`, tenant)
	rep, err = store.VerifyChain(ctx, tenant)
	if err != nil || rep.Broken != nil || rep.Events != streams*n || rep.Streams != streams {
		t.Fatalf("a row moved: %+v %v", rep, err)
	}

	later, victim := at("long-2", 3000), at("long-1", n/2)
	tamper(t, `UPDATE events SET data = '{"i":1}' WHERE id = $1`, later.ID)
	tamper(t, `UPDATE events SET data = data || '{"note":"ação ✗"}' WHERE id = $1`, victim.ID)
	rep, err = store.VerifyChain(ctx, tenant)
	if err != nil {
		t.Fatal(err)
	}
	b := rep.Broken
	if b == nil || b.Reason != "altered" || b.EventID == nil || *b.EventID != victim.ID || b.Position != victim.Position() ||
		b.Stream != "long-1" || b.Version != n/2 {
		t.Fatalf("break %+v, want the event at version %d of long-1 (position %d)", b, n/2, victim.Position())
	}
	if rep.Events != streams*n || rep.Streams != streams {
		t.Fatalf("counts: %+v", rep)
	}
}

// TestChainLinksAcrossTheReadersRanges: verification reads the table in two ranges of blocks,
// one reader each, so a stream may be split between them; the link from one reader's last
// event of a stream to the other's first is still checked. The tenant's one stream grows
// until two of its consecutive events lie on either side of the readers' boundary (the middle
// block): intact it holds, and with the one before the boundary removed, the one after it is
// reported as following a missing event.
func TestChainLinksAcrossTheReadersRanges(t *testing.T) {
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	ctx := context.Background()
	if st := testDB.Pool.Stat(); st.MaxConns()-st.AcquiredConns() < 2 {
		t.Fatalf("the pool has %d connections free: verification would read on one", st.MaxConns()-st.AcquiredConns())
	}
	tenant := uuid.New()
	meta := eventstore.Meta{Tenant: tenant, Actor: "chain"}
	var before, after uuid.UUID
	var afterVersion int64
	for done := 0; ; done += 500 {
		evs := make([]eventstore.EventData, 500)
		for i := range evs {
			evs[i] = eventstore.EventData{ID: uuid.New(), Type: "test.chained.v1", Data: []byte(fmt.Sprintf(`{"i":%d}`, done+i))}
		}
		if _, err := store.Append(ctx, meta, "split", eventstore.Any, evs...); err != nil {
			t.Fatal(err)
		}
		// The first event from the middle block on whose predecessor lies before it.
		err := testDB.Pool.QueryRow(ctx, `WITH edge AS (
			SELECT format('(%s,0)', pg_relation_size('events') / current_setting('block_size')::bigint / 2)::tid AS tid)
			SELECT a.id, a.version, b.id FROM edge, events a
			JOIN events b ON b.tenant_id = a.tenant_id AND b.stream = a.stream AND b.version = a.version - 1
			WHERE a.tenant_id = $1 AND a.ctid >= edge.tid AND b.ctid < edge.tid
			ORDER BY a.ctid LIMIT 1`, tenant).Scan(&after, &afterVersion, &before)
		if err == nil {
			break
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			t.Fatal(err)
		}
	}
	rep, err := store.VerifyChain(ctx, tenant)
	if err != nil || rep.Broken != nil || rep.Streams != 1 {
		t.Fatalf("intact across the boundary: %+v %v", rep, err)
	}
	tamper(t, `DELETE FROM events WHERE id = $1`, before)
	rep, err = store.VerifyChain(ctx, tenant)
	if err != nil {
		t.Fatal(err)
	}
	if b := rep.Broken; b == nil || b.Reason != "missing" || b.EventID == nil || *b.EventID != after || b.Version != afterVersion {
		t.Fatalf("break %+v, want missing before event %s (version %d), the first after the boundary", rep.Broken, after, afterVersion)
	}
}
