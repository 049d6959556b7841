package projections_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections/projtest"
)

// openPool opens a separate pool on the test database whose sessions carry appName, so a
// test can kill exactly them.
func openPool(t testing.TB, d *pgtest.DB, appName string) *pgxpool.Pool {
	t.Helper()
	url := d.URL
	if strings.Contains(url, "?") {
		url += "&application_name=" + appName
	} else {
		url += "?application_name=" + appName
	}
	pool, err := db.Open(context.Background(), url, 16)
	if err != nil {
		t.Fatal(err)
	}
	return pool
}

const creditType = "test.credited.v1"

var testTenant = uuid.MustParse("7f3e2b1a-0000-4000-8000-000000000001")

// credit builds n credit events with amounts from..from+n-1.
func credit(n, from int) []eventstore.EventData {
	out := make([]eventstore.EventData, n)
	for i := range out {
		out[i] = eventstore.EventData{ID: uuid.New(), Type: creditType, Data: json.RawMessage(fmt.Sprintf(`{"amount":%d}`, from+i))}
	}
	return out
}

func appendCredits(t testing.TB, s eventstore.Store, stream string, n, from int) eventstore.AppendResult {
	t.Helper()
	res, err := s.Append(context.Background(), eventstore.Meta{Tenant: testTenant, Actor: "test"}, stream, eventstore.Any, credit(n, from)...)
	if err != nil {
		t.Fatalf("append: %v", err)
	}
	return res
}

// ledger is the test projection: it records every credit event with the order in which it
// was applied (seq) and keeps a balance per stream. Applying an event twice fails on the
// primary key; applying out of order gives different seq numbers: either shows in a
// comparison with a replay. Apply is set-based, as the Projection contract asks.
type ledger struct {
	name   string
	failOn func(e eventstore.RecordedEvent) error // an event it refuses

	mu    sync.Mutex
	calls map[uuid.UUID]int // Apply attempts per event (when tracking)
}

func (l *ledger) attempts(id uuid.UUID) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.calls[id]
}

func newLedger(t testing.TB, d *pgtest.DB, name string) *ledger {
	t.Helper()
	_, err := d.Pool.Exec(context.Background(), fmt.Sprintf(`
CREATE TABLE IF NOT EXISTS %[1]s_entries (
    position bigint PRIMARY KEY, seq bigint NOT NULL UNIQUE,
    stream text NOT NULL, version bigint NOT NULL, amount bigint NOT NULL);
CREATE TABLE IF NOT EXISTS %[1]s_balances (stream text PRIMARY KEY, total bigint NOT NULL, events bigint NOT NULL);
TRUNCATE %[1]s_entries, %[1]s_balances;
DELETE FROM projection_checkpoints WHERE name = '%[1]s';
DELETE FROM parked_events WHERE projection = '%[1]s';`, name))
	if err != nil {
		t.Fatal(err)
	}
	return &ledger{name: name}
}

func (l *ledger) Name() string { return l.name }

func (l *ledger) Reset(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, fmt.Sprintf(`TRUNCATE %[1]s_entries, %[1]s_balances`, l.name))
	return err
}

func (l *ledger) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	var pos, ver, amt []int64
	var streams []string
	for _, e := range events {
		if e.Type != creditType {
			continue
		}
		l.mu.Lock()
		if l.calls != nil {
			l.calls[e.ID]++
		}
		l.mu.Unlock()
		if l.failOn != nil {
			if err := l.failOn(e); err != nil {
				return err
			}
		}
		var d struct{ Amount int64 }
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return err
		}
		pos, ver, amt, streams = append(pos, e.Position()), append(ver, e.Version), append(amt, d.Amount), append(streams, e.Stream)
	}
	if len(pos) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, fmt.Sprintf(`
INSERT INTO %[1]s_entries (position, seq, stream, version, amount)
SELECT p, (SELECT coalesce(max(seq), 0) FROM %[1]s_entries) + o, s, v, a
FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[]) WITH ORDINALITY AS u(p, s, v, a, o)`, l.name),
		pos, streams, ver, amt)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, fmt.Sprintf(`
INSERT INTO %[1]s_balances AS b (stream, total, events)
SELECT s, sum(a), count(*) FROM unnest($1::text[], $2::bigint[]) AS u(s, a) GROUP BY s
ON CONFLICT (stream) DO UPDATE SET total = b.total + excluded.total, events = b.events + excluded.events`, l.name),
		streams, amt)
	return err
}

// sameLedger fails unless ledgers a and b hold exactly the same rows.
func sameLedger(t testing.TB, d *pgtest.DB, a, b string) {
	t.Helper()
	for _, tbl := range []string{"entries", "balances"} {
		diff := projtest.Count(t, d, fmt.Sprintf(`SELECT count(*) FROM (
(SELECT * FROM %[1]s_%[3]s EXCEPT ALL SELECT * FROM %[2]s_%[3]s)
UNION ALL
(SELECT * FROM %[2]s_%[3]s EXCEPT ALL SELECT * FROM %[1]s_%[3]s)) d`, a, b, tbl))
		if diff != 0 {
			t.Errorf("%s_%s and %s_%s differ in %d rows", a, tbl, b, tbl, diff)
		}
	}
}
