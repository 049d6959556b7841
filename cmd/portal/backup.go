package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/jackc/pgx/v5"

	"portal/platform/db"
	"portal/platform/pgcluster"
)

// backup runs `portal backup FILE`: pg_dump of the database (DATABASE_URL, or the private
// cluster's) in the custom format (compressed; pg_restore reads it). The dump is one
// consistent snapshot (a repeatable-read transaction), taken while the portal serves.
func backup(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return errors.New("usage: portal backup FILE")
	}
	return with(ctx, false, func(e *env) error {
		return pgTool(ctx, "pg_dump", "--format=custom", "--no-owner", "--file="+args[0], e.url)
	})
}

// restore runs `portal restore FILE` into DATABASE_URL's database (created when missing),
// which must be empty: a restore never merges into live data. Afterwards `portal verify`
// checks the hash chains; the read models come back as they were dumped, each with its
// checkpoint, so the projections go on from there.
func restore(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return errors.New("usage: portal restore FILE")
	}
	if _, err := os.Stat(args[0]); err != nil {
		return err
	}
	url := getenv("DATABASE_URL", "")
	if url == "" {
		return errors.New("portal restore needs DATABASE_URL (the database to restore into)")
	}
	if err := db.EnsureDatabase(ctx, url); err != nil {
		return err
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var tables int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&tables); err != nil {
		return err
	}
	if tables > 0 {
		return fmt.Errorf("database %s is not empty (%d tables): restore into a new database", db.Redact(url), tables)
	}
	// The read models' grants name the application role, which lives in the cluster, not in
	// the dump.
	if _, err := conn.Exec(ctx, `DO $$ BEGIN CREATE ROLE portal_app NOLOGIN NOBYPASSRLS; EXCEPTION WHEN duplicate_object THEN NULL; END $$`); err != nil {
		return err
	}
	if err := pgTool(ctx, "pg_restore", "--exit-on-error", "--no-owner", "--single-transaction", "--dbname="+url, args[0]); err != nil {
		return err
	}
	// The log is read in transaction-id order, and readers take only ids below the oldest
	// running transaction: restored events must stand below every id the cluster will hand out.
	var behind bool
	var maxTx string
	if err := conn.QueryRow(ctx, `SELECT coalesce(max(transaction_id)::text, '0'), coalesce(max(transaction_id) >= pg_current_xact_id(), false) FROM events`).Scan(&maxTx, &behind); err != nil {
		return err
	}
	if behind {
		tx, _ := strconv.ParseUint(maxTx, 10, 64)
		return fmt.Errorf("the restored log holds transaction ids up to %d, beyond this cluster's: drop the database, stop the new cluster, run `pg_resetwal -e %d -D <data dir>` (a new transaction id epoch) and restore again (docs/operations.md, \"Backups\")", tx, tx>>32+1)
	}
	fmt.Fprintf(os.Stderr, "restored %s into %s; check it with `portal verify`\n", args[0], db.Redact(url))
	return nil
}

// pgTool runs one of PostgreSQL's client programs (from the server binaries' folder, so its
// version matches the server's), its output passed through.
func pgTool(ctx context.Context, name string, args ...string) error {
	bin, err := pgcluster.BinDir()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, filepath.Join(bin, name), args...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
