package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/mood"
	domainrep "portal/domain/rep"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgcluster"
)

// env is an open, migrated database with its event store.
type env struct {
	url     string
	pool    *pgxpool.Pool
	store   *eventstore.Postgres
	cluster *pgcluster.Cluster // set when this process started the private cluster
}

// openEnv connects to DATABASE_URL, or starts the private cluster under $DATA_DIR (./.data),
// then migrates.
func openEnv(ctx context.Context) (*env, error) { return openEnvWith(ctx, true) }

// openEnvWith is openEnv; without migrate it neither creates the database nor migrates it,
// and refuses a database that is not at this binary's migration: a check such as `portal
// verify` must not change the schema of what it checks.
func openEnvWith(ctx context.Context, migrate bool) (*env, error) {
	e := &env{url: getenv("DATABASE_URL", "")}
	if e.url == "" {
		dir := filepath.Join(getenv("DATA_DIR", ".data"), "pg")
		c, err := pgcluster.New(dir, getenvInt("PG_PORT", 55432))
		if err != nil {
			return nil, err
		}
		started, err := c.Start(ctx)
		if err != nil {
			return nil, err
		}
		if started {
			e.cluster = c
			slog.Info("started the private PostgreSQL cluster", "dir", c.Dir)
		}
		e.url = c.URL("portal")
	}
	if migrate {
		if err := db.EnsureDatabase(ctx, e.url); err != nil {
			e.close()
			return nil, err
		}
	}
	pool, err := db.Open(ctx, e.url, int32(getenvInt("DB_MAX_CONNS", 40)))
	if err != nil {
		e.close()
		return nil, fmt.Errorf("open %s: %w", db.Redact(e.url), err)
	}
	e.pool = pool
	start := time.Now()
	if !migrate {
		current, target, err := db.Versions(ctx, pool)
		if err == nil && current < target {
			err = fmt.Errorf("at migration %d of %d", current, target)
		}
		if err != nil {
			e.close()
			return nil, fmt.Errorf("database %s not migrated (%w): run `portal migrate` first; this command does not migrate", db.Redact(e.url), err)
		}
	} else if err := db.Migrate(ctx, pool); err != nil {
		e.close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	slog.Info("database ready", "url", db.Redact(e.url), "migrated_in", time.Since(start).Round(time.Millisecond))
	e.store = eventstore.NewPostgres(pool)
	groupCommit(e.store)
	return e, nil
}

// groupCommit makes the store gather the concurrent appends of one tenant of some event types
// into shared transactions (eventstore/group.go): the REP-P marks, which take their NSR
// counter's row lock, one transaction of a tenant at a time; and the mood check-ins, a
// one-event command that many people send at once, moodGroupWidth transactions of a tenant at
// a time. Each check-in committed alone waits for a WAL flush of its own, and PostgreSQL
// gathered only 2.5 to 3.6 commits per flush at 32 clients (bench mood: 1,100 to 1,570
// flushes for 4,000 check-ins); gathered, 25 to 34 check-ins share one flush.
func groupCommit(store *eventstore.Postgres) {
	store.GroupCommit(domainrep.GroupedTypes...)
	store.GroupCommitConcurrent(moodGroupWidth, mood.TypeCheckedIn)
}

// moodGroupWidth is how many transactions of a tenant's check-ins are written at once. A
// check-in takes no lock the others need, and with one at a time the check-ins that arrived
// while it was written waited for it whole (bench mood at 2,000/s, load 13: 6 ms at the
// median, 33 to 42 ms at p99 before their own transaction began), and on a busy host
// the tenant stalled whenever that one connection's backend was not running.
const moodGroupWidth = 2

func (e *env) close() {
	if e.store != nil {
		e.store.Close()
	}
	if e.pool != nil {
		e.pool.Close()
	}
	if e.cluster != nil {
		if err := e.cluster.Stop(); err != nil {
			slog.Warn("stopping PostgreSQL", "err", err)
		}
	}
}

func withDB(ctx context.Context, fn func(*env) error) error {
	return with(ctx, true, fn)
}

// withReadOnlyDB is withDB for a check: the database is not created or migrated
// (openEnvWith).
func withReadOnlyDB(ctx context.Context, fn func(*env) error) error {
	return with(ctx, false, fn)
}

func with(ctx context.Context, migrate bool, fn func(*env) error) error {
	e, err := openEnvWith(ctx, migrate)
	if err != nil {
		return err
	}
	defer e.close()
	return fn(e)
}

// dbCommand runs `portal db start|stop DIR PORT`: the scripts' way to a private cluster.
func dbCommand(ctx context.Context, args []string) error {
	if len(args) != 3 {
		return fmt.Errorf("usage: portal db start|stop DIR PORT")
	}
	var port int
	if _, err := fmt.Sscan(args[2], &port); err != nil {
		return fmt.Errorf("port: %w", err)
	}
	c, err := pgcluster.New(args[1], port)
	if err != nil {
		return err
	}
	switch args[0] {
	case "start":
		if _, err := c.Start(ctx); err != nil {
			return err
		}
		fmt.Println(c.URL("postgres"))
		return nil
	case "stop":
		return c.Stop()
	}
	return fmt.Errorf("usage: portal db start|stop DIR PORT")
}
