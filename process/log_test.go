package process_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
	"portal/eventstore/storetest"
)

// readLog reads the whole log as the Runner would feed it. Readers see an event once no
// older transaction is open (ARCHITECTURE.md), so it reads until the newest event has come
// through.
func readLog(t *testing.T, ctx context.Context, pool *pgxpool.Pool, store eventstore.Store) []eventstore.RecordedEvent {
	t.Helper()
	var newest int64
	if err := pool.QueryRow(ctx, `SELECT max(position) FROM events`).Scan(&newest); err != nil {
		t.Fatal(err)
	}
	return storetest.ReadUntil(t, store, eventstore.Start, func(e eventstore.RecordedEvent) bool { return e.Position() >= newest })
}
