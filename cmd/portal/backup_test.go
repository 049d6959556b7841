package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/platform/pgtest"
	"portal/projections"
	"portal/seed"
)

// TestBackupRestore: `portal backup` of a seeded database with its read models built, then
// `portal restore` into a new database: the restore passes `portal verify` (every hash
// chain), and each read model equals its rebuild from the restored log (a shadow replay
// and diff). A second restore into the now non-empty database is refused.
func TestBackupRestore(t *testing.T) {
	d, err := pgtest.Start("cmd_portal_backup")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	ctx := context.Background()
	t.Setenv("DATABASE_URL", d.URL)
	err = withDB(ctx, func(e *env) error {
		if err := seed.Run(ctx, e.pool, e.store, time.Now()); err != nil {
			return err
		}
		for _, p := range allProjections() {
			if _, err := projections.Replay(ctx, e.pool, e.store, p, nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "portal.dump")
	if err := backup(ctx, []string{file}); err != nil {
		t.Fatal(err)
	}

	name := fmt.Sprintf("t_restored_%d", time.Now().UnixNano())
	cfg, err := pgx.ParseConfig(d.URL)
	if err != nil {
		t.Fatal(err)
	}
	restored := strings.Replace(d.URL, "/"+cfg.Database, "/"+name, 1)
	t.Cleanup(func() { dropDatabase(d.URL, restored) })
	t.Setenv("DATABASE_URL", restored)
	if err := restore(ctx, []string{file}); err != nil {
		t.Fatal(err)
	}
	if err := withReadOnlyDB(ctx, func(e *env) error { return verify(ctx, e, nil) }); err != nil {
		t.Fatalf("verify of the restored database: %v", err)
	}
	err = withReadOnlyDB(ctx, func(e *env) error {
		var events int
		if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&events); err != nil || events == 0 {
			return fmt.Errorf("restored log: %d events, %v", events, err)
		}
		for name := range shadowable() {
			if err := e.replayShadow(ctx, name); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("read models of the restored database: %v", err)
	}
	if err := restore(ctx, []string{file}); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("a restore into a database with data: %v", err)
	}
}
