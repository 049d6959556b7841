// Package db opens the PostgreSQL pool, runs the embedded migrations and runs work inside
// tenant-scoped transactions.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"portal/migrations"
)

// Open connects a pool to databaseURL.
func Open(ctx context.Context, databaseURL string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	// Every query here is short. JIT compilation, which PostgreSQL starts from a cost
	// estimate, took 557 ms of the vacations report's 712 ms.
	if _, set := cfg.ConnConfig.RuntimeParams["jit"]; !set {
		cfg.ConnConfig.RuntimeParams["jit"] = "off"
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect: %w", err)
	}
	return pool, nil
}

// EnsureDatabase creates the database named in databaseURL when it does not exist, by
// connecting to the server's "postgres" database.
func EnsureDatabase(ctx context.Context, databaseURL string) error {
	cfg, err := pgx.ParseConfig(databaseURL)
	if err != nil {
		return err
	}
	// Most often it exists: then the "postgres" database is never needed.
	if conn, err := pgx.ConnectConfig(ctx, cfg); err == nil {
		return conn.Close(ctx)
	} else if pgErr := (*pgconn.PgError)(nil); !errors.As(err, &pgErr) || pgErr.Code != "3D000" {
		return err
	}
	name := cfg.Database
	cfg.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // created meanwhile
		return nil
	}
	return err
}

// Migrate applies every embedded migration not yet applied.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	sqlDB := stdlib.OpenDBFromPool(pool)
	defer sqlDB.Close()
	return migrate(ctx, sqlDB)
}

// Versions is the database's latest applied migration (0 when it was never migrated) and the
// latest embedded one. It reads in a read-only transaction: goose's own version calls create
// its version table, which a read-only command must not.
func Versions(ctx context.Context, pool *pgxpool.Pool) (current, target int64, err error) {
	sqlDB := stdlib.OpenDBFromPool(pool)
	defer sqlDB.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, sqlDB, migrations.FS)
	if err != nil {
		return 0, 0, err
	}
	sources := provider.ListSources()
	if len(sources) > 0 {
		target = sources[len(sources)-1].Version
	}
	err = pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var migrated bool
		if err := tx.QueryRow(ctx, `SELECT to_regclass('goose_db_version') IS NOT NULL`).Scan(&migrated); err != nil || !migrated {
			return err
		}
		return tx.QueryRow(ctx, `SELECT coalesce(max(version_id), 0) FROM goose_db_version WHERE is_applied`).Scan(&current)
	})
	return current, target, err
}

func migrate(ctx context.Context, sqlDB *sql.DB) error {
	provider, err := goose.NewProvider(goose.DialectPostgres, sqlDB, migrations.FS)
	if err != nil {
		return err
	}
	_, err = provider.Up(ctx)
	return err
}

// InTenant runs fn in a transaction that sees only tenant's rows: it switches to the
// portal_app role (which owns nothing, so row-level security applies) and sets
// app.tenant_id for this transaction only.
//
// A tenant id (a UUID, as every caller passes) is set by the BEGIN itself: BEGIN, SET LOCAL
// ROLE and set_config go as one simple-protocol query, one round trip where they took
// three (a busy request, such as a punch's sign-in check, paid two for nothing). The id is
// written into that query only in uuid.UUID's canonical form (hex digits and dashes), never
// as given. Should any of them fail, BeginTx fails and the pool drops the connection, whose
// transaction is then still open. Anything else takes the three statements as before.
func InTenant(ctx context.Context, pool *pgxpool.Pool, tenant string, fn func(pgx.Tx) error) error {
	if tenant == "" {
		return errors.New("InTenant: empty tenant")
	}
	if id, err := uuid.Parse(tenant); err == nil {
		begin := "BEGIN; SET LOCAL ROLE portal_app; SELECT set_config('app.tenant_id', '" + id.String() + "', true)"
		return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{BeginQuery: begin}, fn)
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL ROLE portal_app; "); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "SELECT set_config('app.tenant_id', $1, true)", tenant); err != nil {
			return err
		}
		return fn(tx)
	})
}

// Redact hides the password of a connection URL for logs.
func Redact(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil || u.User == nil {
		return databaseURL
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return strings.Replace(u.String(), "xxxxx", "***", 1)
}
