package clocktest

import (
	"context"
	"os"
	"testing"

	"github.com/google/uuid"

	"portal/eventstore"
	"portal/platform/pgtest"
)

// Harness is a commands area's test database and event store, one per test package.
type Harness struct {
	DB    *pgtest.DB
	Store *eventstore.Postgres
}

// Run starts the harness for the package named name, runs its tests, closes both and exits
// with the tests' code: a package's whole TestMain.
func Run(m *testing.M, name string, h *Harness) {
	h.DB = pgtest.MustStart(name)
	h.Store = eventstore.NewPostgres(h.DB.Pool)
	code := m.Run()
	h.Store.Close()
	h.DB.Close()
	os.Exit(code)
}

// Person makes a new tenant with one person in it, so parallel tests never share streams.
func (h *Harness) Person(t testing.TB, o Options) Person {
	t.Helper()
	ctx := context.Background()
	tenant, err := NewTenant(ctx, h.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	p, err := tenant.NewPerson(ctx, h.DB.Pool, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Stream reads the whole stream of tenant.
func (h *Harness) Stream(t testing.TB, tenant uuid.UUID, stream string) []eventstore.RecordedEvent {
	t.Helper()
	events, err := h.Store.ReadStream(context.Background(), tenant, stream, 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}
