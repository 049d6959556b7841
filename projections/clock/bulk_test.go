package clock_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/projections/projtest"
)

// clockMarkIndexes lists the indexes of clock_marks by their definitions, and the rows
// waiting in projection_deferred_indexes.
func clockMarkIndexes(t *testing.T, d *pgtest.DB) (indexes []string, deferred int64) {
	t.Helper()
	indexes = projtest.Texts(t, d, `
SELECT pg_get_indexdef(i.indexrelid) || coalesce(' ' || pg_get_constraintdef(c.oid), '')
FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
WHERE i.indrelid = 'clock_marks'::regclass ORDER BY 1`)
	return indexes, projtest.Count(t, d, `SELECT count(*) FROM projection_deferred_indexes`)
}

// indexProbe is a replay's progress writer that lists clock_marks' indexes when the replay
// first reports, right after its reset.
type indexProbe struct {
	t      *testing.T
	d      *pgtest.DB
	once   sync.Once
	probed bool
	seen   []string
}

func (p *indexProbe) Write(b []byte) (int, error) {
	p.once.Do(func() { p.seen, _ = clockMarkIndexes(p.t, p.d); p.probed = true })
	return len(b), nil
}

// A replay of the clock writes the marks while clock_marks has no index, and ends with the
// indexes it had, defined as before, and nothing left deferred.
func TestClockReplayBuildsItsIndexesAfterTheRows(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	total := clockLog(t, store, projections.ReplayBatch+1500, nil)
	before, _ := clockMarkIndexes(t, d)
	if len(before) != 3 {
		t.Fatalf("clock_marks has indexes %q, want its primary key, the employee index and the HR marks index", before)
	}
	probe := &indexProbe{t: t, d: d}
	n, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), probe)
	if err != nil || n != total {
		t.Fatalf("replay: %d of %d events, %v", n, total, err)
	}
	if !probe.probed || len(probe.seen) != 0 {
		t.Fatalf("after the reset clock_marks had indexes %q, want none", probe.seen)
	}
	after, deferred := clockMarkIndexes(t, d)
	if !reflect.DeepEqual(after, before) || deferred != 0 {
		t.Fatalf("after the replay: indexes %q (%d still deferred), want %q", after, deferred, before)
	}
	if marks := projtest.Count(t, d, `SELECT count(*) FROM clock_marks`); marks != projtest.Count(t, d, `SELECT count(*) FROM events WHERE type = $1`, clock.TypeMarkRegistered) {
		t.Fatalf("%d marks projected", marks)
	}
}

// A mark the log holds twice cannot be written twice: the replay parks the later event, as
// it would if the primary key had been there all along, and builds the key.
func TestClockReplayParksADuplicateMark(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	total := clockLog(t, store, 2000, nil)
	var tenant uuid.UUID
	var stream string
	var data []byte
	if err := d.Pool.QueryRow(ctx, `SELECT tenant_id, stream, data FROM events WHERE type = $1 ORDER BY position LIMIT 1`,
		clock.TypeMarkRegistered).Scan(&tenant, &stream, &data); err != nil {
		t.Fatal(err)
	}
	res, err := store.Append(ctx, eventstore.Meta{Tenant: tenant, Actor: "test"}, stream, eventstore.Any,
		eventstore.EventData{ID: uuid.New(), Type: clock.TypeMarkRegistered, Data: json.RawMessage(data)})
	if err != nil {
		t.Fatal(err)
	}
	projtest.Readable(t, store, res.Last)
	n, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), nil)
	if err != nil || n != total+1 {
		t.Fatalf("replay: %d of %d events, %v", n, total+1, err)
	}
	var position int64
	var reason string
	if err := d.Pool.QueryRow(ctx, `SELECT position, reason FROM parked_events WHERE projection = 'clock'`).Scan(&position, &reason); err != nil {
		t.Fatalf("parked events: %v", err)
	}
	if position != res.Last.Position || !strings.Contains(reason, "clock_marks_pkey") {
		t.Fatalf("parked position %d (%q), want the second copy at %d", position, reason, res.Last.Position)
	}
	if after, deferred := clockMarkIndexes(t, d); len(after) != 3 || deferred != 0 {
		t.Fatalf("after the replay: indexes %q, %d deferred", after, deferred)
	}
}

// Should a replay's process die with the indexes deferred, the projection's next runner
// builds them when it takes the lock, before it applies anything.
func TestRunnerBuildsTheIndexesADeadReplayLeft(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	before, _ := clockMarkIndexes(t, d)
	if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		_, err := projections.DeferIndexes(ctx, tx, clockproj.New())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if left, deferred := clockMarkIndexes(t, d); len(left) != 0 || deferred != 3 {
		t.Fatalf("deferred: indexes %q left, %d definitions kept", left, deferred)
	}
	projtest.StartRunner(t, d, store, projections.RunnerConfig{}, clockproj.New())
	p := projtest.Person(t, d)
	projtest.Punch(t, d, store, p, "after", "Rua Depois", projtest.Now)
	projtest.WaitFor(t, "the punch in the read model", 30*time.Second, func() bool {
		return projtest.Count(t, d, `SELECT count(*) FROM clock_marks WHERE tenant_id = $1`, p.Tenant) == 1
	})
	if after, deferred := clockMarkIndexes(t, d); !reflect.DeepEqual(after, before) || deferred != 0 {
		t.Fatalf("indexes %q (%d deferred), want %q", after, deferred, before)
	}
}
