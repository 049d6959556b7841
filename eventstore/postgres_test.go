package eventstore_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/google/uuid"

	"portal/eventstore"
	"portal/eventstore/storetest"
	"portal/platform/pgtest"
)

var testDB *pgtest.DB

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("eventstore")
	code := m.Run()
	testDB.Close()
	os.Exit(code)
}

func TestPostgresContract(t *testing.T) {
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	storetest.Run(t, harness(store))
}

// TestPostgresContractGrouped: the contract holds when the store gathers every append of the
// suite's event types into shared transactions, one of a tenant at a time or two at once.
func TestPostgresContractGrouped(t *testing.T) {
	types := []string{"t.a.v1", "t.b.v1", "t.c.v1", "t.d.v1", "t.first.v1", "t.held.v1", "t.keep.v1", "t.late.held.v1",
		"t.meta.v1", "t.n.v1", "t.o.v1", "t.once.v1", "t.own.v1", "t.race.v1", "t.w.v1"}
	for _, width := range []int{1, 2} {
		t.Run(fmt.Sprintf("width_%d", width), func(t *testing.T) {
			store := eventstore.NewPostgres(testDB.Pool)
			defer store.Close()
			store.GroupCommitConcurrent(width, types...)
			storetest.Run(t, harness(store))
		})
	}
}

func harness(store *eventstore.Postgres) storetest.Harness {
	return storetest.Harness{
		Store: store,
		HoldOpen: func(ctx context.Context, meta eventstore.Meta, stream string, ev eventstore.EventData) (func() error, error) {
			tx, err := testDB.Pool.Begin(ctx)
			if err != nil {
				return nil, err
			}
			if err := eventstore.AppendTx(ctx, tx, meta, stream, eventstore.NoStream, ev); err != nil {
				tx.Rollback(ctx)
				return nil, err
			}
			return func() error { return tx.Commit(context.Background()) }, nil
		},
		OpenWriter: func(ctx context.Context) (func(eventstore.Meta, string, eventstore.EventData) error, func() error, error) {
			tx, err := testDB.Pool.Begin(ctx)
			if err != nil {
				return nil, nil, err
			}
			// Any write takes a transaction id; this takes one without writing anything.
			if _, err := tx.Exec(ctx, `SELECT pg_current_xact_id()`); err != nil {
				tx.Rollback(ctx)
				return nil, nil, err
			}
			appendIn := func(meta eventstore.Meta, stream string, ev eventstore.EventData) error {
				return eventstore.AppendTx(ctx, tx, meta, stream, eventstore.NoStream, ev)
			}
			return appendIn, func() error { return tx.Commit(context.Background()) }, nil
		},
		Tamper: func(ctx context.Context, id uuid.UUID) (error, error) {
			_, uerr := testDB.Pool.Exec(ctx, `UPDATE events SET data = '{}' WHERE id = $1`, id)
			_, derr := testDB.Pool.Exec(ctx, `DELETE FROM events WHERE id = $1`, id)
			return uerr, derr
		},
	}
}
