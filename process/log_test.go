package process_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
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
	var all []eventstore.RecordedEvent
	deadline := time.Now().Add(10 * time.Second)
	for after := eventstore.Start; len(all) == 0 || all[len(all)-1].Position() < newest; {
		batch, err := store.ReadAll(ctx, after, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(batch) == 0 {
			if time.Now().After(deadline) {
				t.Fatal("the newest event never became readable")
			}
			time.Sleep(10 * time.Millisecond)
			continue
		}
		all = append(all, batch...)
		after = batch[len(batch)-1].Cursor
	}
	return all
}
