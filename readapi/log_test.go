package readapi

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/eventstore"
)

// tenantLog reads the global log until newest has become readable (other transactions on
// the shared server may hold it back a while) and returns the tenant's events in log order.
func tenantLog(t *testing.T, store eventstore.Store, tenant uuid.UUID, newest func(eventstore.RecordedEvent) bool) []eventstore.RecordedEvent {
	t.Helper()
	var mine []eventstore.RecordedEvent
	seen := false
	deadline := time.Now().Add(10 * time.Second)
	for after := eventstore.Start; !seen; {
		batch, err := store.ReadAll(context.Background(), after, 1000)
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
		for _, ev := range batch {
			if ev.Tenant == tenant {
				mine = append(mine, ev)
			}
			seen = seen || newest(ev)
		}
		after = batch[len(batch)-1].Cursor
	}
	return mine
}
