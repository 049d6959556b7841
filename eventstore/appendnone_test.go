package eventstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"portal/eventstore"
	"portal/eventstore/storetest"
)

// logEnd reads the whole log and returns the cursor of its last readable event.
func logEnd(t *testing.T, s eventstore.Store) eventstore.Cursor {
	t.Helper()
	cur := eventstore.Start
	for {
		batch, err := s.ReadAll(context.Background(), cur, 10000)
		if err != nil {
			t.Fatal(err)
		}
		if len(batch) == 0 {
			return cur
		}
		cur = batch[len(batch)-1].Cursor
	}
}

// readsWithin tells whether the event id becomes readable after cursor within d.
func readsWithin(t *testing.T, s eventstore.Store, after eventstore.Cursor, id uuid.UUID, d time.Duration) bool {
	t.Helper()
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		batch, err := s.ReadAll(context.Background(), after, 10000)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range batch {
			if e.ID == id {
				return true
			}
		}
	}
	return false
}

func appendOne(t *testing.T, s eventstore.Store, meta eventstore.Meta) eventstore.EventData {
	t.Helper()
	ev := storetest.Event("t.none.v1", 1)
	if _, err := s.Append(context.Background(), meta, "none-"+uuid.NewString(), eventstore.NoStream, ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

func begin(t *testing.T, stmts ...string) pgx.Tx {
	t.Helper()
	tx, err := testDB.Pool.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tx.Rollback(context.Background()) })
	for _, s := range stmts {
		if _, err := tx.Exec(context.Background(), s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return tx
}

// A transaction that said first that it appends no events does not hold readers back, and
// cannot append.
func TestAppendNoneDoesNotHoldReaders(t *testing.T) {
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	meta := eventstore.Meta{Tenant: uuid.New(), Actor: "tester"}
	start := logEnd(t, store)
	tx := begin(t, eventstore.AppendNoneSQL, `CREATE TEMP TABLE unrelated_write (x int)`)
	ev := appendOne(t, store, meta)
	if !readsWithin(t, store, start, ev.ID, 5*time.Second) {
		t.Fatal("an event committed after the transaction began was held back by it")
	}
	err := eventstore.AppendTx(context.Background(), tx, meta, "none-"+uuid.NewString(), eventstore.NoStream, storetest.Event("t.none.v1", 2))
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "25006" {
		t.Fatalf("append in a transaction that appends none: %v, want SQLSTATE 25006", err)
	}
}

// Said after the transaction has written (it may have appended), or rolled back with a
// savepoint, it does not count: the transaction holds readers back, and what it appends
// later is read, before the events that committed while it was open.
func TestAppendNoneTooLateOrRolledBackHoldsReaders(t *testing.T) {
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	meta := eventstore.Meta{Tenant: uuid.New(), Actor: "tester"}
	for name, stmts := range map[string][]string{
		"after a write":       {`SELECT pg_current_xact_id()`, eventstore.AppendNoneSQL, `SET LOCAL portal.events_append_none = off`},
		"rolled back":         {`SAVEPOINT s`, eventstore.AppendNoneSQL, `ROLLBACK TO SAVEPOINT s`},
		"rolled back, unsaid": {`SELECT pg_current_xact_id()`, `SAVEPOINT s`, eventstore.AppendNoneSQL, `ROLLBACK TO SAVEPOINT s`},
	} {
		t.Run(name, func(t *testing.T) {
			start := logEnd(t, store)
			tx := begin(t, stmts...)
			ev := appendOne(t, store, meta)
			if readsWithin(t, store, start, ev.ID, 300*time.Millisecond) {
				t.Fatal("an event committed after the open transaction began was read while it was open")
			}
			late := storetest.Event("t.none.v1", 3)
			if err := eventstore.AppendTx(context.Background(), tx, meta, "none-"+uuid.NewString(), eventstore.NoStream, late); err != nil {
				t.Fatal(err)
			}
			if err := tx.Commit(context.Background()); err != nil {
				t.Fatal(err)
			}
			got := storetest.ReadUntil(t, store, start, func(e eventstore.RecordedEvent) bool { return e.ID == ev.ID })
			for _, e := range got {
				if e.ID == late.ID {
					return
				}
			}
			t.Fatal("the late event was not read before the one that committed while it was open")
		})
	}
}
