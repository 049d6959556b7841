package vacation_test

import (
	"context"
	"os"
	"portal/commands"
	"testing"

	"portal/commands/clocktest"
	"portal/eventstore"
	"portal/platform/pgtest"
)

var (
	testDB    *pgtest.DB
	testStore *eventstore.Postgres
)

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("commands/vacation")
	testStore = eventstore.NewPostgres(testDB.Pool)
	code := m.Run()
	testStore.Close()
	testDB.Close()
	os.Exit(code)
}

// person makes a new tenant with one person in it, so parallel tests never share streams.
func person(t *testing.T, o clocktest.Options) clocktest.Person {
	t.Helper()
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, testDB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	p, err := tenant.NewPerson(ctx, testDB.Pool, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func stream(t *testing.T, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	events, err := testStore.ReadStream(context.Background(), p.Tenant, eventstore.StreamName("clock", p.EmployeeID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// inbox is p's notification stream.
func inbox(t *testing.T, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	events, err := testStore.ReadStream(context.Background(), p.Tenant, commands.NotificationStream(p.UserID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}
