package seed_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/seed"
)

var (
	testDB *pgtest.DB
	store  *eventstore.Postgres
	now    = time.Date(2025, 3, 14, 12, 30, 0, 0, time.UTC)
)

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("seed")
	store = eventstore.NewPostgres(testDB.Pool)
	code := m.Run()
	store.Close()
	testDB.Close()
	os.Exit(code)
}

// counts returns per-table row counts as tenant sees them through row-level security.
func counts(t *testing.T, tenant uuid.UUID) map[string]int {
	t.Helper()
	out := map[string]int{}
	err := db.InTenant(context.Background(), testDB.Pool, tenant.String(), func(tx pgx.Tx) error {
		for _, tbl := range []string{"tenants", "business_units", "departments", "positions", "employees", "users", "fences"} {
			var n int
			if err := tx.QueryRow(context.Background(), "SELECT count(*) FROM "+tbl).Scan(&n); err != nil {
				return err
			}
			out[tbl] = n
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRun(t *testing.T) {
	ctx := context.Background()
	start := time.Now()
	if err := seed.Run(ctx, testDB.Pool, store, now); err != nil {
		t.Fatal(err)
	}
	t.Logf("seed took %v", time.Since(start)) // a figure, not a limit: speed is held in make bench
	demo, acme := seed.TenantID(seed.DemoCode), seed.TenantID(seed.AcmeCode)
	first := map[uuid.UUID]map[string]int{demo: counts(t, demo), acme: counts(t, acme)}

	t.Run("employees_per_tenant", func(t *testing.T) {
		for tenant, c := range first {
			if c["employees"] < 120 || c["employees"] != seed.EmployeesPerTenant {
				t.Errorf("tenant %s: %d employees, want %d", tenant, c["employees"], seed.EmployeesPerTenant)
			}
			if c["users"] < c["employees"] || c["tenants"] != 1 || c["business_units"] < 2 || c["departments"] < 5 || c["positions"] < 5 {
				t.Errorf("tenant %s: counts %v", tenant, c)
			}
			if c["fences"] < c["employees"] {
				t.Errorf("tenant %s: %d fences for %d employees", tenant, c["fences"], c["employees"])
			}
		}
	})

	t.Run("idempotent", func(t *testing.T) {
		if err := seed.Run(ctx, testDB.Pool, store, now.Add(48*time.Hour)); err != nil {
			t.Fatal(err)
		}
		for tenant, c := range first {
			if again := counts(t, tenant); fmt.Sprint(again) != fmt.Sprint(c) {
				t.Errorf("tenant %s: after a second run %v, before %v", tenant, again, c)
			}
		}
		evs, err := store.ReadStream(ctx, demo, eventstore.StreamName("clock", seed.EmployeeID(seed.DemoCode, seed.UserAna)), 0)
		if err != nil || len(evs) != 2 {
			t.Fatalf("ana's clock stream after two runs: %d events, %v", len(evs), err)
		}
		// Ana's payroll documents (issue 32): three payslips and, after February, last year's
		// income report, each matched to her by the CPF in the PDF's text.
		var docs int
		if err := testDB.Pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE tenant_id = $1 AND type = 'payroll.document_published.v1'
			AND data->>'employeeId' = $2`, demo, seed.EmployeeID(seed.DemoCode, seed.UserAna).String()).Scan(&docs); err != nil || docs < 3 {
			t.Fatalf("ana's payroll documents: %d, %v", docs, err)
		}
	})

	t.Run("tenants_isolated", func(t *testing.T) {
		for _, pair := range [][2]uuid.UUID{{demo, acme}, {acme, demo}} {
			self, other := pair[0], pair[1]
			err := db.InTenant(ctx, testDB.Pool, self.String(), func(tx pgx.Tx) error {
				for _, tbl := range []string{"tenants", "business_units", "departments", "positions", "employees", "users", "fences"} {
					var n int
					if err := tx.QueryRow(ctx, "SELECT count(*) FROM "+tbl+" WHERE tenant_id = $1", other).Scan(&n); err != nil {
						return err
					}
					if n != 0 {
						t.Errorf("tenant %s sees %d rows of %s of tenant %s", self, n, tbl, other)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		// Without a tenant, the application role sees nothing.
		err := pgx.BeginFunc(ctx, testDB.Pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SET LOCAL ROLE portal_app"); err != nil {
				return err
			}
			var n int
			if err := tx.QueryRow(ctx, "SELECT count(*) FROM employees").Scan(&n); err != nil {
				return err
			}
			if n != 0 {
				t.Errorf("no tenant set: %d employees visible", n)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})

	t.Run("named_users", func(t *testing.T) {
		type row struct {
			roles    []string
			admin    bool
			empID    *uuid.UUID
			status   *string
			manager  *uuid.UUID
			layoff   []byte
			fences   int
			hash     string
			password string
		}
		get := func(code, user string) row {
			var r row
			err := db.InTenant(ctx, testDB.Pool, seed.TenantID(code).String(), func(tx pgx.Tx) error {
				return tx.QueryRow(ctx, `SELECT u.roles, u.admin, u.employee_id, e.status, e.manager_id, e.layoff,
						(SELECT count(*) FROM fences f WHERE f.tenant_id = u.tenant_id AND f.employee_id = u.employee_id),
						u.hash, u.password_hash
					FROM users u LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
					WHERE u.user_name = $1`, user).
					Scan(&r.roles, &r.admin, &r.empID, &r.status, &r.manager, &r.layoff, &r.fences, &r.hash, &r.password)
			})
			if err != nil {
				t.Fatalf("%s/%s: %v", code, user, err)
			}
			return r
		}
		ana := get(seed.DemoCode, seed.UserAna)
		if fmt.Sprint(ana.roles) != "[pwa-rh-col]" || ana.fences != 2 || *ana.manager != seed.EmployeeID(seed.DemoCode, seed.UserMarcos) ||
			ana.hash != seed.UserHash(seed.DemoCode, seed.UserAna) || *ana.empID != seed.EmployeeID(seed.DemoCode, seed.UserAna) {
			t.Errorf("ana: %+v", ana)
		}
		if m := get(seed.DemoCode, seed.UserMarcos); m.roles[0] != "pwa-rh-ges" || m.manager != nil {
			t.Errorf("marcos: %+v", m)
		}
		if h := get(seed.DemoCode, seed.UserHelena); h.roles[0] != "pwa-rh-adm" || !h.admin {
			t.Errorf("helena: %+v", h)
		}
		if j := get(seed.DemoCode, seed.UserJoao); *j.status != "inactive" || fmt.Sprint(j.roles) != "[pwa-rh-inativo]" {
			t.Errorf("joao: %+v", j)
		}
		if k := get(seed.DemoCode, seed.UserTotem); k.empID != nil || fmt.Sprint(k.roles) != "[totem-totem-totem-totem-totem]" {
			t.Errorf("totem: %+v", k)
		}
		if c := get(seed.AcmeCode, seed.UserCarla); c.fences != 1 || fmt.Sprint(c.roles) != "[pwa-rh-col]" {
			t.Errorf("carla: %+v", c)
		}
		var periods []struct{ Start, End string }
		p := get(seed.DemoCode, seed.UserPedro)
		if err := json.Unmarshal(p.layoff, &periods); err != nil || len(periods) != 1 {
			t.Fatalf("pedro layoff %s: %v", p.layoff, err)
		}
		today := now.Format(time.DateOnly)
		if !(periods[0].Start <= today && today <= periods[0].End) {
			t.Errorf("pedro's layoff %v does not cover %s", periods[0], today)
		}
		if string(ana.layoff) != "[]" {
			t.Errorf("ana's layoff = %s, want []", ana.layoff)
		}
	})

	t.Run("saved_address_events", func(t *testing.T) {
		evs, err := store.ReadStream(ctx, demo, "clock-"+seed.EmployeeID(seed.DemoCode, seed.UserAna).String(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 2 {
			t.Fatalf("%d events, want 2", len(evs))
		}
		for i, e := range evs {
			var d struct {
				Ukey    uuid.UUID `json:"ukey"`
				Address string    `json:"address"`
				Lat     float64   `json:"lat"`
				Lon     float64   `json:"lon"`
				SavedAt string    `json:"savedAt"`
			}
			if err := json.Unmarshal(e.Data, &d); err != nil {
				t.Fatal(err)
			}
			savedAt, err := time.Parse(time.RFC3339, d.SavedAt)
			if e.Type != seed.AddressSavedType || e.Actor != seed.UserID(seed.DemoCode, seed.UserAna).String() || e.Tenant != demo || d.Ukey != seed.AddressKey(seed.DemoCode, seed.UserAna, i+1) ||
				d.Address == "" || d.Lat > -23.5 || d.Lat < -23.6 || d.Lon > -46.6 || d.Lon < -46.7 || err != nil || !savedAt.Before(now) {
				t.Errorf("event %d: %+v %+v (%v)", i, e, d, err)
			}
		}
	})

	t.Run("realistic_people", func(t *testing.T) {
		err := db.InTenant(ctx, testDB.Pool, demo.String(), func(tx pgx.Tx) error {
			var minHire, maxHire time.Time
			var types, managers, badNames, noEmail, noPhone int
			err := tx.QueryRow(ctx, `SELECT min(hire_date), max(hire_date), count(DISTINCT schedule_type),
					count(DISTINCT manager_id),
					(SELECT count(*) FROM users WHERE length(user_name) NOT BETWEEN 5 AND 20),
					count(*) FILTER (WHERE email NOT LIKE '%@democorp.com.br'),
					count(*) FILTER (WHERE phone !~ '^\(\d\d\) 9\d{4}-\d{4}$')
				FROM employees`).Scan(&minHire, &maxHire, &types, &managers, &badNames, &noEmail, &noPhone)
			if err != nil {
				return err
			}
			if maxHire.Sub(minHire) < 8*365*24*time.Hour || types != 3 || managers < 5 || badNames != 0 || noEmail != 0 || noPhone != 0 {
				t.Errorf("hires %v..%v, %d schedule types, %d managers, %d bad user names, %d bad e-mails, %d bad phones",
					minHire, maxHire, types, managers, badNames, noEmail, noPhone)
			}
			var weekly int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM employees WHERE schedule ? 'weekly'`).Scan(&weekly); err != nil {
				return err
			}
			if weekly != seed.EmployeesPerTenant {
				t.Errorf("%d employees with a weekly schedule", weekly)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
