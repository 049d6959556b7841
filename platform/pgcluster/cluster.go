// Package pgcluster starts a private PostgreSQL cluster from the system's server binaries,
// so that `portal serve` and the tests need no database to be configured.
package pgcluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Cluster is a PostgreSQL data directory served on a Unix socket inside it.
type Cluster struct {
	Dir  string // data directory
	Port int
	bin  string
	run  []string // prefix that runs a command as the unprivileged owner when we are root
}

// BinDir finds the PostgreSQL server binaries: PG_BINDIR, then the newest
// /usr/lib/postgresql/*/bin, then pg_config --bindir.
func BinDir() (string, error) {
	if d := os.Getenv("PG_BINDIR"); d != "" {
		return d, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Strings(dirs)
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "pg_ctl")); err == nil {
			return dirs[i], nil
		}
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		d := strings.TrimSpace(string(out))
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("no PostgreSQL server binaries found (install Debian's postgresql package or set PG_BINDIR)")
}

// New describes a cluster in dir; Start creates it on first use.
func New(dir string, port int) (*Cluster, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c := &Cluster{Dir: abs, Port: port, bin: bin}
	if os.Geteuid() == 0 {
		// initdb refuses to run as root; the server runs as the postgres system user.
		if _, err := user.Lookup("postgres"); err != nil {
			return nil, fmt.Errorf("running as root needs the postgres system user: %w", err)
		}
		c.run = []string{"runuser", "-u", "postgres", "--"}
	}
	return c, nil
}

func (c *Cluster) cmd(name string, args ...string) *exec.Cmd {
	full := append(append([]string{}, c.run...), filepath.Join(c.bin, name))
	full = append(full, args...)
	return exec.Command(full[0], full[1:]...)
}

// URL is the connection string for database db as the cluster's superuser "portal".
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://portal@/%s?host=%s&port=%d&sslmode=disable", db, c.Dir, c.Port)
}

// Start initialises the data directory if needed and starts the server unless it runs
// already; started tells whether this call started it.
func (c *Cluster) Start(ctx context.Context) (started bool, err error) {
	return c.start(ctx)
}

func (c *Cluster) start(ctx context.Context) (bool, error) {
	if err := os.MkdirAll(filepath.Dir(c.Dir), 0o755); err != nil {
		return false, err
	}
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return false, err
	}
	if len(c.run) > 0 {
		// The postgres user must be able to reach the data directory.
		if err := os.Chmod(filepath.Dir(c.Dir), 0o755); err != nil {
			return false, err
		}
		if out, err := exec.Command("chown", "-R", "postgres:postgres", c.Dir).CombinedOutput(); err != nil {
			return false, fmt.Errorf("chown %s: %v: %s", c.Dir, err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(c.Dir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		out, err := c.cmd("initdb", "-D", c.Dir, "-U", "portal", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions").CombinedOutput()
		if err != nil {
			return false, fmt.Errorf("initdb: %v: %s", err, out)
		}
		conf := strings.Join([]string{
			"listen_addresses = ''",
			"unix_socket_directories = '" + c.Dir + "'",
			"max_connections = 200",
			"shared_buffers = 256MB",
			"idle_in_transaction_session_timeout = '60s'",
			"fsync = on",
		}, "\n") + "\n"
		f, err := os.OpenFile(filepath.Join(c.Dir, "postgresql.auto.conf"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return false, err
		}
		_, err = f.WriteString(conf)
		f.Close()
		if err != nil {
			return false, err
		}
	}
	if c.running() {
		return false, nil
	}
	logf := filepath.Join(c.Dir, "server.log")
	out, err := c.cmd("pg_ctl", "-D", c.Dir, "-l", logf, "-w", "-t", "60", "-o", fmt.Sprintf("-p %d", c.Port), "start").CombinedOutput()
	if err != nil {
		return false, fmt.Errorf("pg_ctl start: %v: %s", err, out)
	}
	return true, c.waitReady(ctx)
}

func (c *Cluster) running() bool {
	return c.cmd("pg_ctl", "-D", c.Dir, "status").Run() == nil
}

func (c *Cluster) waitReady(ctx context.Context) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if c.cmd("pg_isready", "-h", c.Dir, "-p", fmt.Sprint(c.Port)).Run() == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return errors.New("PostgreSQL did not become ready in 30s")
}

// Stop shuts the server down quickly.
func (c *Cluster) Stop() error {
	if !c.running() {
		return nil
	}
	out, err := c.cmd("pg_ctl", "-D", c.Dir, "-m", "fast", "-w", "stop").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v: %s", err, out)
	}
	return nil
}
