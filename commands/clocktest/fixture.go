// Package clocktest builds the supporting rows the time-clock tests need (a tenant with its
// organisation, employees with status, layoffs and fences, and users who can sign in) in a
// real database. Tests only.
package clocktest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/domain/clock"
)

// Password is every fixture user's password.
const Password = "senha-de-teste-123"

// Tenant is a fixture tenant with one business unit, department and position.
type Tenant struct {
	ID         uuid.UUID
	AccessCode string
	unit       uuid.UUID
	dept       uuid.UUID
	position   uuid.UUID
}

// Person is a fixture user, usually with an employee record.
type Person struct {
	Tenant     uuid.UUID
	AccessCode string
	UserID     uuid.UUID
	UserName   string
	UserHash   string
	EmployeeID uuid.UUID // uuid.Nil for a user without an employee record
}

// Options shape a Person.
type Options struct {
	Status     clock.Status // default active
	Layoff     []map[string]string
	Fences     []clock.Fence
	Roles      []string // default pwa-rh-col
	NoEmployee bool
}

func random(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// NewTenant creates a tenant.
func NewTenant(ctx context.Context, pool *pgxpool.Pool) (Tenant, error) {
	t := Tenant{ID: uuid.New(), AccessCode: "T" + strings.ToUpper(random(6)), unit: uuid.New(), dept: uuid.New(), position: uuid.New()}
	_, err := pool.Exec(ctx, `
WITH t AS (INSERT INTO tenants (id, access_code, name) VALUES ($1, $2, 'Tenant ' || $2) RETURNING id),
     b AS (INSERT INTO business_units (tenant_id, id, name) SELECT id, $3, 'Unit' FROM t RETURNING tenant_id),
     d AS (INSERT INTO departments (tenant_id, id, name) SELECT id, $4, 'Dept' FROM t RETURNING tenant_id)
INSERT INTO positions (tenant_id, id, name) SELECT id, $5, 'Position' FROM t`,
		t.ID, t.AccessCode, t.unit, t.dept, t.position)
	return t, err
}

var (
	hashOnce sync.Once
	hash     string
	hashErr  error
)

// NewPerson creates a user (and employee, fences) in the tenant.
func (t Tenant) NewPerson(ctx context.Context, pool *pgxpool.Pool, o Options) (Person, error) {
	hashOnce.Do(func() { hash, hashErr = auth.HashPassword(Password) })
	if hashErr != nil {
		return Person{}, hashErr
	}
	p := Person{Tenant: t.ID, AccessCode: t.AccessCode, UserID: uuid.New(), UserName: "u" + random(6), UserHash: random(16)}
	if o.Status == "" {
		o.Status = clock.Active
	}
	if o.Roles == nil {
		o.Roles = []string{auth.RoleCollaborator}
	}
	if o.Layoff == nil {
		o.Layoff = []map[string]string{}
	}
	layoff, err := json.Marshal(o.Layoff)
	if err != nil {
		return p, err
	}
	var employee *uuid.UUID
	if !o.NoEmployee {
		p.EmployeeID = uuid.New()
		employee = &p.EmployeeID
		_, err := pool.Exec(ctx, `
INSERT INTO employees (tenant_id, id, code, name, hire_date, business_unit_id, department_id, position_id, status, layoff)
VALUES ($1, $2, $3, 'Employee ' || $3, '2020-01-01', $4, $5, $6, $7, $8)`,
			t.ID, p.EmployeeID, random(4), t.unit, t.dept, t.position, string(o.Status), layoff)
		if err != nil {
			return p, err
		}
		for _, f := range o.Fences {
			if _, err := pool.Exec(ctx, `INSERT INTO fences (tenant_id, id, employee_id, description, lat, lon) VALUES ($1, $2, $3, $4, $5, $6)`,
				t.ID, uuid.New(), p.EmployeeID, f.Desc, f.Lat, f.Lon); err != nil {
				return p, err
			}
		}
	}
	_, err = pool.Exec(ctx, `
INSERT INTO users (tenant_id, id, user_name, hash, password_hash, employee_id, display_name, roles)
VALUES ($1, $2, $3, $4, $5, $6, 'User ' || $3, $7)`,
		t.ID, p.UserID, p.UserName, p.UserHash, hash, employee, o.Roles)
	return p, err
}
