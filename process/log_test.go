package process_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands/clocktest"
	"portal/eventstore"
	"portal/eventstore/storetest"
	"portal/platform/pgtest"
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

// teamLog starts a database named name with its event store (closed when the test ends), and
// a tenant with one person per set of roles, the second the manager of the first; purchased
// goes to every user of the tenant.
func teamLog(t *testing.T, name, purchased string, roles ...[]string) (*pgtest.DB, *eventstore.Postgres, []clocktest.Person) {
	t.Helper()
	d, store := storetest.Postgres(t, name)
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	people := make([]clocktest.Person, len(roles))
	for i, r := range roles {
		if people[i], err = tenant.NewPerson(ctx, d.Pool, clocktest.Options{Roles: r}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Pool.Exec(ctx, `UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND id = $3`,
		tenant.ID, people[1].EmployeeID, people[0].EmployeeID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pool.Exec(ctx, `UPDATE users SET purchased = $2 WHERE tenant_id = $1`, tenant.ID, purchased); err != nil {
		t.Fatal(err)
	}
	return d, store, people
}
