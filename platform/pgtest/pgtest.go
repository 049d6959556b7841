// Package pgtest gives integration tests a real, freshly migrated PostgreSQL database.
// The server comes from TEST_DATABASE_URL (a server the test run started; each test package
// gets its own new database on it) or, without it, from a private cluster started for the
// package in a temporary directory.
package pgtest

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/platform/db"
	"portal/platform/pgcluster"
)

// DB is a migrated database for one test package.
type DB struct {
	URL     string
	Pool    *pgxpool.Pool
	cluster *pgcluster.Cluster
}

// Start creates a new database for the calling package and migrates it. Call it from
// TestMain and Close it when m.Run returns.
func Start(name string) (*DB, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	d := &DB{}
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		dir, err := os.MkdirTemp("", "pgtest-")
		if err != nil {
			return nil, err
		}
		os.Chmod(dir, 0o755)
		c, err := pgcluster.New(filepath.Join(dir, "data"), freePort())
		if err != nil {
			return nil, err
		}
		if _, err := c.Start(ctx); err != nil {
			return nil, err
		}
		d.cluster = c
		base = c.URL("postgres")
	}
	cfg, err := pgx.ParseConfig(base)
	if err != nil {
		return nil, err
	}
	// PostgreSQL cuts identifiers at 63 bytes: keep the unique suffix inside them, or two
	// runs would share (and see each other's rows in) one database.
	label := strings.ReplaceAll(name, "/", "_")
	if len(label) > 36 {
		label = label[:36]
	}
	dbName := fmt.Sprintf("t_%s_%d", label, time.Now().UnixNano())
	d.URL = replaceDB(base, cfg.Database, dbName)
	if err := db.EnsureDatabase(ctx, d.URL); err != nil {
		return nil, err
	}
	if d.Pool, err = db.Open(ctx, d.URL, 64); err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx, d.Pool); err != nil {
		return nil, err
	}
	return d, nil
}

// Close drops nothing (databases are cheap and help post-mortems) but stops a private cluster.
func (d *DB) Close() {
	if d.Pool != nil {
		d.Pool.Close()
	}
	if d.cluster != nil {
		d.cluster.Stop()
		os.RemoveAll(filepath.Dir(d.cluster.Dir))
	}
}

// Reset empties the given tables; tests call it between cases that must not see each other.
func (d *DB) Reset(t testing.TB, tables ...string) {
	t.Helper()
	for _, tbl := range tables {
		if _, err := d.Pool.Exec(context.Background(), "TRUNCATE "+pgx.Identifier{tbl}.Sanitize()+" CASCADE"); err != nil {
			t.Fatalf("reset %s: %v", tbl, err)
		}
	}
}

func replaceDB(url, from, to string) string {
	if i := strings.Index(url, "/"+from+"?"); i >= 0 {
		return url[:i] + "/" + to + url[i+len(from)+1:]
	}
	if strings.HasSuffix(url, "/"+from) {
		return strings.TrimSuffix(url, from) + to
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "dbname=" + to
}

func freePort() int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 55432
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// MustStart is Start for TestMain: it ends the test binary when no database can be had.
func MustStart(name string) *DB {
	d, err := Start(name)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		os.Exit(1)
	}
	return d
}
