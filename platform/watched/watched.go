// Package watched keeps answers read from the database in memory, per tenant, in step with
// the database through LISTEN/NOTIFY: a trigger names the changed tenant on a channel, and
// every process that watches the channel drops that tenant's answers at once.
package watched

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Cache keeps answers by key. It answers from memory only while Watch is listening, and an
// entry lives at most the TTL should a change ever go unannounced. Answers read elsewhere are
// never kept, so a caller cannot fill it with keys that do not exist.
type Cache[K comparable, V any] struct {
	ttl       time.Duration // <= 0: no cache
	listening atomic.Bool

	mu      sync.Mutex
	entries map[K]entry[V]
	// Drops are numbered: dropped holds the number of each tenant's last drop, all that of
	// the last drop of everything. An answer is kept only if its tenant was not dropped since
	// the read began, so a change announced meanwhile cannot be undone by a late put, while
	// other tenants' changes do not stop it.
	drops, all uint64
	dropped    map[uuid.UUID]uint64
}

type entry[V any] struct {
	value  V
	tenant uuid.UUID
	until  time.Time
}

// New returns a cache whose entries live at most ttl (<= 0: it keeps nothing).
func New[K comparable, V any](ttl time.Duration) *Cache[K, V] {
	return &Cache[K, V]{ttl: ttl, entries: map[K]entry[V]{}, dropped: map[uuid.UUID]uint64{}}
}

// Active tells whether the cache answers from memory: it has a TTL and Watch is listening.
func (c *Cache[K, V]) Active() bool { return c.ttl > 0 && c.listening.Load() }

// Get returns key's answer: the kept one while the cache is active and the entry is younger
// than the TTL, else what read returns, which is kept when read found it (found) for tenant
// and the cache stayed active with nothing dropped meanwhile.
func (c *Cache[K, V]) Get(key K, now time.Time, read func() (v V, tenant uuid.UUID, found bool, err error)) (V, bool, error) {
	active := c.Active()
	c.mu.Lock()
	e, ok := c.entries[key]
	start := c.drops
	c.mu.Unlock()
	if active && ok && now.Before(e.until) {
		return e.value, true, nil
	}
	v, tenant, found, err := read()
	if err != nil || !found || !active || !c.Active() {
		return v, found, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.all <= start && c.dropped[tenant] <= start {
		c.entries[key] = entry[V]{value: v, tenant: tenant, until: now.Add(c.ttl)}
	}
	return v, true, nil
}

// Drop forgets a tenant's answers; uuid.Nil forgets all.
func (c *Cache[K, V]) Drop(tenant uuid.UUID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drops++
	if tenant == uuid.Nil {
		c.all = c.drops
		clear(c.dropped)
		clear(c.entries)
		return
	}
	c.dropped[tenant] = c.drops
	for k, e := range c.entries {
		if e.tenant == tenant {
			delete(c.entries, k)
		}
	}
}

// Watch keeps the cache in step with the database until ctx ends: it LISTENs on channel and
// drops the tenant each notification names (all of them when the payload is no tenant id).
// While the connection is down nothing can be trusted, so every entry is dropped and the
// cache answers nothing from memory until it is back (retried every second). Run it in every
// process that uses the cache; without it the cache only passes reads through.
func (c *Cache[K, V]) Watch(ctx context.Context, pool *pgxpool.Pool, channel string) error {
	if c.ttl <= 0 {
		<-ctx.Done()
		return nil
	}
	for {
		err := c.watchOnce(ctx, pool, channel)
		c.Drop(uuid.Nil)
		if ctx.Err() != nil {
			return nil
		}
		slog.Warn("watch "+channel+": reconnecting", "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

func (c *Cache[K, V]) watchOnce(ctx context.Context, pool *pgxpool.Pool, channel string) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return err
	}
	// Changes made before the LISTEN took effect are not announced to this connection.
	c.Drop(uuid.Nil)
	c.listening.Store(true)
	defer c.listening.Store(false)
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				_, _ = conn.Exec(context.Background(), "UNLISTEN *")
			}
			return fmt.Errorf("wait for notification: %w", err)
		}
		tenant, err := uuid.Parse(n.Payload)
		if err != nil {
			tenant = uuid.Nil
		}
		c.Drop(tenant)
	}
}
