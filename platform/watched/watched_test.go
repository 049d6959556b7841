package watched_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/platform/pgtest"
	"portal/platform/watched"
	"portal/platform/watched/watchedtest"
)

var testDB *pgtest.DB

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("watched")
	code := m.Run()
	testDB.Close()
	os.Exit(code)
}

const channel = "watched_test"

var (
	tenantA = uuid.MustParse("0a000000-0000-0000-0000-00000000000a")
	tenantB = uuid.MustParse("0b000000-0000-0000-0000-00000000000b")
)

// source stands for the database: it counts reads and answers value for every key.
type source struct {
	reads int
	value string
}

func (s *source) read(tenant uuid.UUID) func() (string, uuid.UUID, bool, error) {
	return func() (string, uuid.UUID, bool, error) {
		s.reads++
		return s.value, tenant, true, nil
	}
}

// watch runs c.Watch until the test ends and waits until it listens.
func watch(t *testing.T, c *watched.Cache[string, string]) {
	t.Helper()
	watchedtest.Run(t, func(ctx context.Context) error { return c.Watch(ctx, testDB.Pool, channel) }, c.Active)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5 s for %s", what)
		}
	}
}

func get(t *testing.T, c *watched.Cache[string, string], key string, now time.Time, s *source, tenant uuid.UUID) string {
	t.Helper()
	v, found, err := c.Get(key, now, s.read(tenant))
	if err != nil || !found {
		t.Fatalf("Get(%s) = %q, %v, %v", key, v, found, err)
	}
	return v
}

func notify(t *testing.T, payload string) {
	t.Helper()
	if _, err := testDB.Pool.Exec(context.Background(), `SELECT pg_notify($1, $2)`, channel, payload); err != nil {
		t.Fatal(err)
	}
}

// Without Watch the cache only passes reads through; while it watches it answers from memory
// until the entry is older than the TTL.
func TestGetKeepsAnswersOnlyWhileWatching(t *testing.T) {
	c := watched.New[string, string](time.Minute)
	s := &source{value: "v1"}
	now := time.Now()
	get(t, c, "k", now, s, tenantA)
	get(t, c, "k", now, s, tenantA)
	if s.reads != 2 || c.Active() {
		t.Fatalf("unwatched: %d reads, active %v; want 2 reads, inactive", s.reads, c.Active())
	}
	watch(t, c)
	s.reads = 0
	get(t, c, "k", now, s, tenantA)
	s.value = "v2"
	if v := get(t, c, "k", now.Add(59*time.Second), s, tenantA); v != "v1" || s.reads != 1 {
		t.Fatalf("watched: %q after %d reads, want the kept v1 after 1", v, s.reads)
	}
	if v := get(t, c, "k", now.Add(time.Minute), s, tenantA); v != "v2" || s.reads != 2 {
		t.Fatalf("after the TTL: %q after %d reads, want v2 read again", v, s.reads)
	}
	// What read did not find, and read's errors, are never kept.
	for range 2 {
		if _, found, _ := c.Get("missing", now, func() (string, uuid.UUID, bool, error) { s.reads++; return "", tenantA, false, nil }); found {
			t.Fatal("missing key found")
		}
	}
	failure := errors.New("down")
	if _, _, err := c.Get("failing", now, func() (string, uuid.UUID, bool, error) { return "x", tenantA, true, failure }); err != failure {
		t.Fatalf("read error = %v", err)
	}
	if s.reads != 4 {
		t.Fatalf("%d reads, want the missing key read twice", s.reads)
	}
	if v := get(t, c, "failing", now, s, tenantA); v != "v2" {
		t.Fatalf("a failed read was kept: %q", v)
	}
}

// A notification drops the entries of the tenant it names, or all of them when it names no
// tenant; the other tenants' entries stay.
func TestNotificationDropsItsTenant(t *testing.T) {
	c := watched.New[string, string](time.Hour)
	watch(t, c)
	now := time.Now()
	a, b := &source{value: "a1"}, &source{value: "b1"}
	get(t, c, "a", now, a, tenantA)
	get(t, c, "b", now, b, tenantB)
	a.value, b.value = "a2", "b2"
	notify(t, tenantA.String())
	waitFor(t, "tenant A's entry to drop", func() bool { return get(t, c, "a", now, a, tenantA) == "a2" })
	if v := get(t, c, "b", now, b, tenantB); v != "b1" {
		t.Fatalf("tenant B's entry = %q, want the kept b1", v)
	}
	notify(t, "not a tenant")
	waitFor(t, "every entry to drop", func() bool { return get(t, c, "b", now, b, tenantB) == "b2" })
}

// An answer read while its tenant, or everything, was dropped is not kept: the drop may
// announce a change the read did not see. Another tenant's drop does not stop it.
func TestDropDuringReadIsNotUndone(t *testing.T) {
	c := watched.New[string, string](time.Hour)
	watch(t, c)
	now := time.Now()
	for _, tt := range []struct {
		key     string
		dropped uuid.UUID
		kept    bool
	}{{"a", tenantA, false}, {"b", uuid.Nil, false}, {"c", tenantB, true}} {
		s := &source{value: "old"}
		if _, _, err := c.Get(tt.key, now, func() (string, uuid.UUID, bool, error) {
			c.Drop(tt.dropped) // a notification arrives while the read runs
			return s.read(tenantA)()
		}); err != nil {
			t.Fatal(err)
		}
		s.value = "new"
		if v := get(t, c, tt.key, now, s, tenantA); (v == "old") != tt.kept {
			t.Errorf("%s: %q after a drop of %s during the read; kept = %v", tt.key, v, tt.dropped, tt.kept)
		}
	}
}

// While the connection is lost nothing is answered from memory, and what was kept is gone;
// the watch reconnects by itself.
func TestLostConnectionBypassesTheCache(t *testing.T) {
	c := watched.New[string, string](time.Hour)
	watch(t, c)
	now := time.Now()
	s := &source{value: "v1"}
	get(t, c, "k", now, s, tenantA)
	if _, err := testDB.Pool.Exec(context.Background(),
		`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN `+channel+`' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the cache to stop answering", func() bool { return !c.Active() })
	s.value = "v2"
	if v := get(t, c, "k", now, s, tenantA); v != "v2" {
		t.Fatalf("answered %q from memory without a connection", v)
	}
	waitFor(t, "the watch to reconnect", c.Active)
	reads := s.reads
	get(t, c, "k", now, s, tenantA)
	get(t, c, "k", now, s, tenantA)
	if s.reads != reads+1 {
		t.Fatalf("%d reads after reconnecting, want 1", s.reads-reads)
	}
}
