package clock_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/commands/clocktest"
	"portal/domain"
	"portal/domain/clock"
	"portal/platform/watched/watchedtest"
)

// While it watches, CachedEmployees answers a punch's employee facts from memory, and a change
// of the employee's status or fences, made by any process, reaches the next punch.
func TestCachedEmployeesFollowTheirChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := person(t, clocktest.Options{})
	c := clockcmd.NewCachedEmployees(commands.PoolFacts{Pool: harness.DB.Pool}, time.Hour)
	watchedtest.Run(t, func(ctx context.Context) error { return c.Watch(ctx, harness.DB.Pool) }, c.Active)
	eventually := func(what string, ok func(clock.Employee) bool) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			emp, found, err := c.Employee(ctx, p.Tenant, p.EmployeeID)
			if err != nil || !found {
				t.Fatalf("Employee = %v, %v", found, err)
			}
			if ok(emp) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: still %+v", what, emp)
			}
		}
	}
	h, err := clockcmd.NewRegisterMarkHandler(c, harness.Store, func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := register(t, h, p, "k1", payload(t, "Rua A", office.Position, nil)); err != nil {
		t.Fatal(err)
	}

	// A change made without announcing it (triggers off for that one transaction) is not
	// seen: the punch is decided on the facts in memory.
	err = pgx.BeginFunc(ctx, harness.DB.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL session_replication_role = replica`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE employees SET status = 'inactive' WHERE tenant_id = $1 AND id = $2`, p.Tenant, p.EmployeeID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := register(t, h, p, "k2", payload(t, "Rua A", office.Position, nil)); err != nil {
		t.Fatalf("punch on the kept facts: %v", err)
	}

	// An announced change of the status reaches the next punch.
	if _, err := harness.DB.Pool.Exec(ctx, `UPDATE employees SET status = 'away' WHERE tenant_id = $1 AND id = $2`, p.Tenant, p.EmployeeID); err != nil {
		t.Fatal(err)
	}
	eventually("the status change", func(e clock.Employee) bool { return e.Status == clock.Away })
	_, err = register(t, h, p, "k3", payload(t, "Rua A", office.Position, nil))
	var de *domain.Error
	if !errors.As(err, &de) || de.Key != clock.ReasonInactive {
		t.Fatalf("punch of an employee away = %v, want refusal %s", err, clock.ReasonInactive)
	}

	// So does a new fence.
	if _, err := harness.DB.Pool.Exec(ctx, `INSERT INTO fences (tenant_id, id, employee_id, description, lat, lon) VALUES ($1, $2, $3, 'Sede', $4, $5)`,
		p.Tenant, uuid.New(), p.EmployeeID, office.Lat, office.Lon); err != nil {
		t.Fatal(err)
	}
	eventually("the new fence", func(e clock.Employee) bool { return len(e.Fences) == 1 && e.Fences[0] == office })
}
