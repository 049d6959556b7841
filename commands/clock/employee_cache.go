package clock

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/clock"
	"portal/platform/watched"
)

// EmployeeFactsChannel is the LISTEN/NOTIFY channel on which a change of what the clock rules
// read about employees (tables employees and fences; trigger of migration 00147) names the
// tenant.
const EmployeeFactsChannel = "portal_employee_facts"

// CachedEmployees answers Employees from memory while Watch keeps it in step with the
// database, so that a punch costs no round trip for its employee's facts; otherwise, and for
// employees it does not know, it asks facts. A change of a tenant's employees or fences drops
// that tenant's entries in every process that watches.
type CachedEmployees struct {
	facts Employees
	cache *watched.Cache[[2]uuid.UUID, clock.Employee]
}

var _ Employees = (*CachedEmployees)(nil)

// NewCachedEmployees caches what facts answers for at most ttl (should a change ever go
// unannounced).
func NewCachedEmployees(facts Employees, ttl time.Duration) *CachedEmployees {
	return &CachedEmployees{facts: facts, cache: watched.New[[2]uuid.UUID, clock.Employee](ttl)}
}

// Employee implements Employees. The answer is shared: callers only read it.
func (c *CachedEmployees) Employee(ctx context.Context, tenant, employee uuid.UUID) (clock.Employee, bool, error) {
	return c.cache.Get([2]uuid.UUID{tenant, employee}, time.Now(), func() (clock.Employee, uuid.UUID, bool, error) {
		emp, found, err := c.facts.Employee(ctx, tenant, employee)
		return emp, tenant, found, err
	})
}

// Watch keeps the cache in step with the database until ctx ends (watched.Cache.Watch on
// EmployeeFactsChannel); Active tells when it is listening.
func (c *CachedEmployees) Watch(ctx context.Context, pool *pgxpool.Pool) error {
	return c.cache.Watch(ctx, pool, EmployeeFactsChannel)
}

// Active tells whether answers come from memory.
func (c *CachedEmployees) Active() bool { return c.cache.Active() }
