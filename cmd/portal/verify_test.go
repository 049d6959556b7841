package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/platform/db"
	"portal/platform/pgtest"
)

// TestVerifyDoesNotMigrate: `portal verify` is a check. On a database that was never migrated
// it migrated it first (issue 29); now it says so and leaves the schema as it found it. On a
// migrated database it checks.
func TestVerifyDoesNotMigrate(t *testing.T) {
	d, err := pgtest.Start("cmd_portal_verify")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	ctx := context.Background()

	// A second, empty database on the same server.
	name := fmt.Sprintf("t_verify_empty_%d", time.Now().UnixNano())
	if _, err := d.Pool.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	cfg, err := pgx.ParseConfig(d.URL)
	if err != nil {
		t.Fatal(err)
	}
	empty := strings.Replace(d.URL, "/"+cfg.Database, "/"+name, 1)
	t.Setenv("DATABASE_URL", empty)
	err = withReadOnlyDB(ctx, func(e *env) error { return verify(ctx, e, nil) })
	if err == nil || !strings.Contains(err.Error(), "at migration 0 of") || !strings.Contains(err.Error(), "portal migrate") {
		t.Fatalf("verify of an empty database: %v", err)
	}
	pool, err := db.Open(ctx, empty, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var tables int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != 0 {
		t.Fatalf("verify left %d tables in a database it must not migrate", tables)
	}

	// A migrated database is checked (it has no tenant yet).
	t.Setenv("DATABASE_URL", d.URL)
	err = withReadOnlyDB(ctx, func(e *env) error { return verify(ctx, e, nil) })
	if err == nil || !strings.Contains(err.Error(), "no tenant") {
		t.Fatalf("verify of a migrated database: %v", err)
	}
}
