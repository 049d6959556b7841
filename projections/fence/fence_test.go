package fence_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands/clocktest"
	fencecmd "portal/commands/fence"
	"portal/domain/fence"
	"portal/eventstore"
	"portal/projections"
	fenceproj "portal/projections/fence"
	"portal/projections/projtest"
)

// The fences read models built live (inline, by the commands) equal their rebuild from the
// log, and the runner's second application of the same events changes nothing.
func TestReplayEqualsLive(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	h, err := fencecmd.New(d.Pool, fenceproj.Fences{}, func() time.Time { return projtest.Now })
	if err != nil {
		t.Fatal(err)
	}
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	var people []clocktest.Person
	for range 3 {
		p, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{})
		if err != nil {
			t.Fatal(err)
		}
		people = append(people, p)
	}
	var dept uuid.UUID
	if err := d.Pool.QueryRow(ctx, `SELECT department_id FROM employees WHERE id = $1`, people[0].EmployeeID).Scan(&dept); err != nil {
		t.Fatal(err)
	}
	hr := people[0]
	call := func() fencecmd.Caller {
		return fencecmd.Caller{Tenant: hr.Tenant, UserID: hr.UserID, CommandID: uuid.NewString()}
	}
	var ids []uuid.UUID
	for i := range 3 {
		f, err := h.Create(ctx, fencecmd.Create{Caller: call(), Shape: fence.Shape{Name: fmt.Sprint("Cerca ", i), Lat: -23.5 - float64(i)/100, Lon: -46.6, Radius: 100 + 50*i}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, uuid.MustParse(f.ID))
	}
	steps := []error{
		func() error {
			_, err := h.Assign(ctx, fencecmd.Assign{Caller: call(), FenceID: ids[0], Employees: []uuid.UUID{people[1].EmployeeID}})
			return err
		}(),
		func() error {
			_, err := h.Assign(ctx, fencecmd.Assign{Caller: call(), FenceID: ids[1], Departments: []uuid.UUID{dept}, Employees: []uuid.UUID{people[2].EmployeeID}})
			return err
		}(),
		func() error {
			_, err := h.Edit(ctx, fencecmd.Edit{Caller: call(), FenceID: ids[1], Shape: fence.Shape{Name: "Renamed", Lat: -23.4, Lon: -46.5, Radius: 2500}})
			return err
		}(),
		func() error {
			_, err := h.Assign(ctx, fencecmd.Assign{Caller: call(), FenceID: ids[2], Employees: []uuid.UUID{people[0].EmployeeID}})
			return err
		}(),
		h.Remove(ctx, fencecmd.Remove{Caller: call(), FenceID: ids[2]}),
	}
	for i, err := range steps {
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	live := snapshot(t, d.Pool, tenant.ID)
	if len(live.effective) != 3+1 { // fence 1 reaches everybody (one department) and fence 0 one person
		t.Fatalf("effective rows: %v", live.effective)
	}

	// The runner applies every event again after the commands did: nothing changes.
	events, err := store.ReadStream(ctx, tenant.ID, fence.Stream(ids[1]), 0)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := (fenceproj.Fences{}).Apply(ctx, tx, events[:1]); err != nil { // an old event, redelivered
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if again := snapshot(t, d.Pool, tenant.ID); !reflect.DeepEqual(again, live) {
		t.Fatalf("a redelivered event changed the read model:\n%v\n%v", again, live)
	}

	projtest.Readable(t, store, eventstore.Cursor{})
	if _, err := projections.Replay(ctx, d.Pool, store, fenceproj.Fences{}, nil); err != nil {
		t.Fatal(err)
	}
	if replayed := snapshot(t, d.Pool, tenant.ID); !reflect.DeepEqual(replayed, live) {
		t.Fatalf("replay differs from live:\nreplay %v\nlive   %v", replayed, live)
	}
}

type rows struct{ catalog, effective []string }

// snapshot reads the tenant's rows of both read models as text, in a stable order.
func snapshot(t *testing.T, pool *pgxpool.Pool, tenant uuid.UUID) rows {
	t.Helper()
	read := func(q string) []string {
		r, err := pool.Query(context.Background(), q, tenant)
		if err != nil {
			t.Fatal(err)
		}
		out, err := pgx.CollectRows(r, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	return rows{
		catalog:   read(`SELECT c::text FROM fence_catalog c WHERE tenant_id = $1 ORDER BY id`),
		effective: read(`SELECT f::text FROM fences f WHERE tenant_id = $1 AND fence_id IS NOT NULL ORDER BY fence_id, employee_id`),
	}
}
