package fence_test

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/commands/clocktest"
	fencecmd "portal/commands/fence"
	"portal/domain"
	"portal/domain/clock"
	"portal/domain/fence"
	fenceproj "portal/projections/fence"
)

var harness clocktest.Harness

func TestMain(m *testing.M) { clocktest.Run(m, "commands/fence", &harness) }

var fixedNow = time.Date(2024, 5, 10, 12, 30, 15, 0, time.UTC)

func handler(t *testing.T) *fencecmd.Handler {
	t.Helper()
	h, err := fencecmd.New(harness.DB.Pool, fenceproj.Fences{}, func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func caller(p clocktest.Person) fencecmd.Caller {
	return fencecmd.Caller{Tenant: p.Tenant, UserID: p.UserID, CommandID: uuid.NewString()}
}

// written counts what a tenant has of the fences: events, catalog rows, effective rows.
func written(t *testing.T, tenant uuid.UUID) (events, catalog, effective int) {
	t.Helper()
	err := harness.DB.Pool.QueryRow(context.Background(), `
SELECT (SELECT count(*) FROM events WHERE tenant_id = $1 AND type LIKE 'fence.%'),
       (SELECT count(*) FROM fence_catalog WHERE tenant_id = $1),
       (SELECT count(*) FROM fences WHERE tenant_id = $1 AND fence_id IS NOT NULL)`, tenant).Scan(&events, &catalog, &effective)
	if err != nil {
		t.Fatal(err)
	}
	return
}

var office = fence.Shape{Name: "Sede", Lat: -23.5614, Lon: -46.6559, Radius: 300}

// Bad input is an Invalid error on the field and writes nothing.
func TestCreateRefusesBadInputAndWritesNothing(t *testing.T) {
	t.Parallel()
	h := handler(t)
	hr := harness.Person(t, clocktest.Options{})
	for _, tt := range []struct {
		name  string
		shape fence.Shape
		field string
		key   string
	}{
		{"radius_zero", fence.Shape{Name: "Sede", Lat: 1, Lon: 1, Radius: 0}, "radius", fence.KeyRadiusRange},
		{"radius_49", fence.Shape{Name: "Sede", Lat: 1, Lon: 1, Radius: 49}, "radius", fence.KeyRadiusRange},
		{"radius_5001", fence.Shape{Name: "Sede", Lat: 1, Lon: 1, Radius: 5001}, "radius", fence.KeyRadiusRange},
		{"blank_name", fence.Shape{Name: "  ", Lat: 1, Lon: 1, Radius: 100}, "name", domain.KeyRequired},
		{"lat_91", fence.Shape{Name: "Sede", Lat: 91, Lon: 1, Radius: 100}, "lat", domain.KeyInvalid},
		{"lon_nan", fence.Shape{Name: "Sede", Lat: 1, Lon: math.NaN(), Radius: 100}, "lon", domain.KeyInvalid},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := h.Create(context.Background(), fencecmd.Create{Caller: caller(hr), Shape: tt.shape})
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Invalid || de.Field != tt.field || de.Key != tt.key {
				t.Fatalf("err = %v, want invalid %s/%s", err, tt.field, tt.key)
			}
		})
	}
	if e, c, f := written(t, hr.Tenant); e+c+f != 0 {
		t.Fatalf("written: %d events, %d catalog rows, %d effective rows", e, c, f)
	}
}

// A fence assigned to a department reaches its employees; the punch facts see the fence's
// radius at once, an edit and a removal too; a retried command appends nothing again.
func TestFenceLifecycleReachesThePunch(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := handler(t)
	tenant, err := clocktest.NewTenant(ctx, harness.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	hr, err := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ana, err := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var dept uuid.UUID
	if err := harness.DB.Pool.QueryRow(ctx, `SELECT department_id FROM employees WHERE id = $1`, ana.EmployeeID).Scan(&dept); err != nil {
		t.Fatal(err)
	}
	create := fencecmd.Create{Caller: caller(hr), Shape: office}
	f, err := h.Create(ctx, create)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := h.Create(ctx, create); err != nil || again.ID != f.ID {
		t.Fatalf("retried create: %v, %v", again.ID, err)
	}
	id := uuid.MustParse(f.ID)
	if _, err := h.Assign(ctx, fencecmd.Assign{Caller: caller(hr), FenceID: id, Departments: []uuid.UUID{dept}}); err != nil {
		t.Fatal(err)
	}
	facts := commands.PoolFacts{Pool: harness.DB.Pool}
	emp := func() clock.Employee {
		e, _, err := facts.Employee(ctx, ana.Tenant, ana.EmployeeID)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	centre := clock.Position{Lat: office.Lat, Lon: office.Lon}
	sixKm := clock.Position{Lat: office.Lat - 0.054, Lon: office.Lon}
	if e := emp(); len(e.Fences) != 1 || e.Fences[0].Radius != 300 || !clock.Within(e.Fences, centre) || clock.Within(e.Fences, sixKm) {
		t.Fatalf("after assign: %+v", e.Fences)
	}
	// 400 m away: outside a 300 m fence, inside once it grows to 500 m.
	at400 := clock.Position{Lat: office.Lat - 0.0036, Lon: office.Lon}
	if clock.Within(emp().Fences, at400) {
		t.Fatal("400 m is inside a 300 m fence")
	}
	grown := office
	grown.Radius = 500
	if _, err := h.Edit(ctx, fencecmd.Edit{Caller: caller(hr), FenceID: id, Shape: grown}); err != nil {
		t.Fatal(err)
	}
	if !clock.Within(emp().Fences, at400) {
		t.Fatal("400 m is outside a 500 m fence")
	}
	if err := h.Remove(ctx, fencecmd.Remove{Caller: caller(hr), FenceID: id}); err != nil {
		t.Fatal(err)
	}
	if e := emp(); len(e.Fences) != 0 {
		t.Fatalf("after remove: %+v", e.Fences)
	}
	if events, _, _ := written(t, hr.Tenant); events != 4 {
		t.Fatalf("%d events, want created, assigned, changed, removed", events)
	}
	if _, err := h.Edit(ctx, fencecmd.Edit{Caller: caller(hr), FenceID: id, Shape: office}); !isKind(err, domain.NotFound) {
		t.Fatalf("edit of a removed fence: %v", err)
	}
}

// Another tenant's employees, departments and fences do not exist for a caller: assigning
// them or changing such a fence is 404 and writes nothing.
func TestTenantsNeverMeet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := handler(t)
	hr := harness.Person(t, clocktest.Options{})
	other := harness.Person(t, clocktest.Options{})
	f, err := h.Create(ctx, fencecmd.Create{Caller: caller(hr), Shape: office})
	if err != nil {
		t.Fatal(err)
	}
	id := uuid.MustParse(f.ID)
	_, err = h.Assign(ctx, fencecmd.Assign{Caller: caller(hr), FenceID: id, Employees: []uuid.UUID{other.EmployeeID}})
	if de := (*domain.Error)(nil); !errors.As(err, &de) || de.Kind != domain.NotFound || de.Field != "employees" {
		t.Fatalf("assign another tenant's employee: %v", err)
	}
	if _, err := h.Assign(ctx, fencecmd.Assign{Caller: caller(hr), FenceID: id, Departments: []uuid.UUID{uuid.New()}}); !isKind(err, domain.NotFound) {
		t.Fatalf("assign an unknown department: %v", err)
	}
	if _, err := h.Edit(ctx, fencecmd.Edit{Caller: caller(other), FenceID: id, Shape: office}); !isKind(err, domain.NotFound) {
		t.Fatalf("another tenant edits the fence: %v", err)
	}
	if err := h.Remove(ctx, fencecmd.Remove{Caller: caller(other), FenceID: id}); !isKind(err, domain.NotFound) {
		t.Fatalf("another tenant removes the fence: %v", err)
	}
	if e, c, eff := written(t, hr.Tenant); e != 1 || c != 1 || eff != 0 {
		t.Fatalf("hr's tenant: %d events, %d catalog rows, %d effective rows", e, c, eff)
	}
	if e, c, eff := written(t, other.Tenant); e+c+eff != 0 {
		t.Fatalf("other tenant: %d events, %d catalog rows, %d effective rows", e, c, eff)
	}
}

func isKind(err error, k domain.Kind) bool {
	var de *domain.Error
	return errors.As(err, &de) && de.Kind == k
}
