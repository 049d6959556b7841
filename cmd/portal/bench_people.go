package main

import (
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	peopleproj "portal/projections/people"
)

// benchPeople is the size of the people bench's tenant (issue: team listing and find-people
// search over 5,000 employees, p99 ≤ 20 ms).
const (
	benchPeople        = 5000
	benchPeopleReports = 100 // direct reports of each of the 50 managers
)

// people: the team listing (a manager's reports, the whole company) and find people over a
// tenant of 5,000 employees with their mood, beside an indexed single-row read of one employee.
// bigTenant makes a tenant of n employees (10 units, 12 departments, 20 positions; names from
// common Brazilian first names and surnames, accents included): the first 50 are managers,
// everyone else reports to one of them (benchPeopleReports each); one in forty left.
func (b *benchRun) bigTenant(code string, n int) (uuid.UUID, error) {
	ctx := b.ctx
	tenant := uuid.New()
	_, err := b.pool.Exec(ctx, `
WITH t AS (INSERT INTO tenants (id, access_code, name) VALUES ($1, $2, 'Bench ' || $2) RETURNING id),
     u AS (INSERT INTO business_units (tenant_id, id, name) SELECT t.id, gen_random_uuid(), 'Unidade ' || i FROM t, generate_series(1, 10) i RETURNING tenant_id),
     d AS (INSERT INTO departments (tenant_id, id, name) SELECT t.id, gen_random_uuid(), 'Departamento ' || i FROM t, generate_series(1, 12) i RETURNING tenant_id)
INSERT INTO positions (tenant_id, id, name) SELECT t.id, gen_random_uuid(), 'Cargo ' || i FROM t, generate_series(1, 20) i`,
		tenant, code+tenant.String()[:8])
	if err != nil {
		return tenant, err
	}
	_, err = b.pool.Exec(ctx, `
WITH first(n) AS (SELECT unnest('{Ana,Bruno,Camila,Diego,Érica,Fábio,Gabriela,Heitor,Íris,João,Larissa,Márcio,Natália,Otávio,Paula,Rafael,Sônia,Tiago,Vânia,William}'::text[])),
     last(n) AS (SELECT unnest('{Silva,Santos,Oliveira,Souza,Rodrigues,Ferreira,Alves,Pereira,Lima,Gomes,Costa,Ribeiro,Martins,Carvalho,Araújo,Melo,Barbosa,Rocha,Dias,Nascimento}'::text[])),
     f AS (SELECT array_agg(n) a FROM first), l AS (SELECT array_agg(n) a FROM last),
     u AS (SELECT array_agg(id ORDER BY name) a FROM business_units WHERE tenant_id = $1),
     d AS (SELECT array_agg(id ORDER BY name) a FROM departments WHERE tenant_id = $1),
     p AS (SELECT array_agg(id ORDER BY name) a FROM positions WHERE tenant_id = $1)
INSERT INTO employees (tenant_id, id, code, name, email, hire_date, business_unit_id, department_id, position_id, birth_date, status,
                       termination_date, schedule)
SELECT $1, gen_random_uuid(), lpad(i::text, 6, '0'),
       f.a[1 + i % 20] || ' ' || l.a[1 + (i / 20) % 20] || ' ' || l.a[1 + (i / 400) % 20],
       'pessoa' || i || '@bench.example', date '2010-01-01' + (i * 7) % 5000,
       u.a[1 + i % 10], d.a[1 + i % 12], p.a[1 + i % 20], date '1970-01-01' + (i * 13) % 12000,
       CASE WHEN i % 40 = 7 THEN 'inactive' ELSE 'active' END,
       CASE WHEN i % 40 = 7 THEN current_date - (i % 1000) END,
       '{"weekly":{"mon":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],"tue":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],"wed":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],"thu":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],"fri":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}]},"weeklyHours":44}'
FROM generate_series(1, $2::int) i, f, l, u, d, p`, tenant, n)
	if err != nil {
		return tenant, fmt.Errorf("bench tenant: %w", err)
	}
	_, err = b.pool.Exec(ctx, `
UPDATE employees e SET manager_id = m.id
FROM employees m
WHERE e.tenant_id = $1 AND m.tenant_id = $1 AND e.code > '000050'
  AND m.code = lpad((1 + (e.code::int - 51) / $2)::text, 6, '0')`, tenant, benchPeopleReports)
	return tenant, err
}

func (b *benchRun) people() error {
	ctx := b.ctx
	// The tenant measured joins a server where another tenant's positions, departments and
	// units were analyzed before it came, as when autovacuum last looked at those small
	// tables: their statistics know nothing of its rows. That made the listing's plan search
	// the employees once per position (projections.personJoins).
	if _, err := b.bigTenant("BN", benchPeople/5); err != nil {
		return err
	}
	if _, err := b.pool.Exec(ctx, `ANALYZE employees, positions, departments, business_units`); err != nil {
		return err
	}
	tenant, err := b.bigTenant("BP", benchPeople)
	if err != nil {
		return err
	}
	// Half of them checked in their mood, ten times each.
	_, err = b.pool.Exec(ctx, `
INSERT INTO mood_checkins (tenant_id, id, user_id, employee_id, humor, energy, checked_in_at, position)
SELECT $1, gen_random_uuid(), e.id, e.id, 1 + (k % 40) / 10.0, 1 + ((k * 7) % 40) / 10.0, now() - k * interval '1 day', k
FROM employees e, generate_series(1, 10) k WHERE e.tenant_id = $1 AND e.code::int % 2 = 0`, tenant)
	if err != nil {
		return err
	}
	// The employees at rest, as bench queue's requests: HR edits a few a day, and autovacuum
	// has been through since the load (the dead rows of the managers' UPDATE above gone, the
	// visibility map set, so the listings' scans of the name index are index-only). Without it
	// the figures depended on whether autovacuum (naptime 1 min) came before or during the
	// measurements.
	if _, err := b.pool.Exec(ctx, `VACUUM ANALYZE employees`); err != nil {
		return err
	}
	if _, err := b.pool.Exec(ctx, `ANALYZE mood_checkins`); err != nil {
		return err
	}
	var manager, one uuid.UUID
	if err := b.pool.QueryRow(ctx, `SELECT id FROM employees WHERE tenant_id = $1 AND code = '000001'`, tenant).Scan(&manager); err != nil {
		return err
	}
	one = manager
	timed := func(fn func(pgx.Tx) error) ([]time.Duration, error) {
		return b.timedInTenant(b.pool, tenant, b.dur/4, 50, fn)
	}
	base, err := timed(func(tx pgx.Tx) error {
		var name string
		return tx.QueryRow(ctx, `SELECT name FROM employees WHERE tenant_id = app_tenant() AND id = $1`, one).Scan(&name)
	})
	if err != nil {
		return err
	}
	cases := []struct {
		name   string
		viewer peopleproj.Viewer
		q      peopleproj.Query
		min    int
	}{
		{"team listing (a manager's 100 reports, \"a\", page 1)", peopleproj.Viewer{Employee: manager},
			peopleproj.Query{Scope: peopleproj.ScopeReports, Search: "a", OrderBy: "nome", Page: 1, PageSize: 30}, 30},
		{"team listing (HR, 5,000, \"silva\", by department desc, page 3)", peopleproj.Viewer{Employee: manager, HR: true},
			peopleproj.Query{Scope: peopleproj.ScopeTenant, Search: "silva", OrderBy: "departamento", Desc: true, Page: 3, PageSize: 30}, 30},
		{"team listing (HR, 5,000, \"a\": nearly everyone, page 1)", peopleproj.Viewer{Employee: manager, HR: true},
			peopleproj.Query{Scope: peopleproj.ScopeTenant, Search: "a", OrderBy: "nome", Page: 1, PageSize: 30}, 30},
		{"find people (5,000, \"joao mar\")", peopleproj.Viewer{Employee: manager},
			peopleproj.Query{Scope: peopleproj.ScopeColleagues, Search: "joão mar", OrderBy: "nome", Page: 1, PageSize: 30}, 1},
	}
	for _, c := range cases {
		var rows int
		got, err := timed(func(tx pgx.Tx) error {
			page, err := peopleproj.Directory{}.List(ctx, tx, c.viewer, c.q)
			rows = len(page.Data)
			return err
		})
		if err != nil {
			return err
		}
		if rows < c.min {
			return fmt.Errorf("%s: %d rows, want at least %d", c.name, rows, c.min)
		}
		b.ratio(c.name, p99Fig(got), p99Fig(base), "one employee by id in a tenant tx", atMost(15))
	}
	return nil
}
