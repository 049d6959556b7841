package auth_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/platform/watched/watchedtest"
	"portal/seed"
)

// TenantInfo is cached while the service watches the tenant configuration, and a change of
// the configuration (the tenant's row, its identity provider) reaches the next answer at
// once, in this process and in any other on the database.
func TestTenantInfoCache(t *testing.T) {
	ctx := context.Background()
	s := newService(t, auth.Options{TenantCacheTTL: time.Hour})
	other := newService(t, auth.Options{}) // another process that does not cache
	watchedtest.Run(t, func(ctx context.Context) error { return s.WatchTenantConfig(ctx, testDB.Pool) }, s.TenantCacheActive)
	tenant := seed.TenantID(seed.AcmeCode)
	name := func(svc *auth.Service) string {
		t.Helper()
		info, err := svc.TenantInfo(ctx, seed.AcmeCode)
		if err != nil {
			t.Fatal(err)
		}
		return info.TenantName
	}
	// eventually waits until the cached answer shows want (the notification is asynchronous).
	eventually := func(what, want string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); name(s) != want; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: TenantInfo still says %q, want %q", what, name(s), want)
			}
		}
	}
	original := name(s)
	t.Cleanup(func() { testDB.Pool.Exec(ctx, `UPDATE tenants SET name = $2 WHERE id = $1`, tenant, original) })

	// A change made without announcing it (triggers off for that one connection) is not
	// seen: the answer comes from the cache. The process without a cache sees it.
	conn, err := testDB.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(ctx, conn.Conn(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL session_replication_role = replica`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE tenants SET name = 'Silent Acme' WHERE id = $1`, tenant)
		return err
	})
	conn.Release()
	if err != nil {
		t.Fatal(err)
	}
	if got := name(s); got != original {
		t.Fatalf("cached answer %q, want %q", got, original)
	}
	if got := name(other); got != "Silent Acme" {
		t.Fatalf("uncached answer %q", got)
	}
	// ForgetTenant drops it in this process.
	s.ForgetTenant(tenant)
	if got := name(s); got != "Silent Acme" {
		t.Fatalf("after ForgetTenant %q", got)
	}

	// An announced change of the tenant's row, and of its identity provider, is seen at once.
	if _, err := testDB.Pool.Exec(ctx, `UPDATE tenants SET name = 'Loud Acme' WHERE id = $1`, tenant); err != nil {
		t.Fatal(err)
	}
	eventually("renamed", "Loud Acme")
	op := ssoStartOP(t, "sub-carla", "carla@acme.example")
	configureSSO(t, seed.AcmeCode, op, 1)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		info, err := s.TenantInfo(ctx, seed.AcmeCode)
		if err != nil {
			t.Fatal(err)
		}
		if info.CognitoGrantTypes == 1 && info.CognitoAppIntegration != nil && info.CognitoAppIntegration.CognitoDomain == op.Issuer() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("provider not seen: %+v", info)
		}
	}
	// Unknown codes are not kept.
	if _, err := s.TenantInfo(ctx, "NO-SUCH-CODE"); err != auth.ErrUnknownTenant {
		t.Errorf("unknown code: %v", err)
	}
}
