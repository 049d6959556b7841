package notification_test

import (
	"context"
	"os"
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
	testDB = pgtest.MustStart("commands/notification")
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
