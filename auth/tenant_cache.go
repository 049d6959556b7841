package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TenantConfigChannel is the LISTEN/NOTIFY channel on which a change of a tenant's sign-in
// configuration (tables tenants and tenant_sso; trigger of migration 00010) names the tenant.
const TenantConfigChannel = "portal_tenant_config"

// tenantCache keeps the answers of TenantInfo (the login screen's first call, made by every
// visitor) by access code, so that it costs no database round trip. An entry lives at most
// the configured TTL; a change of the tenant's configuration drops it at once in every
// process that runs WatchTenantConfig, and in this process when the change went through it
// (SaveSSOConfig). Unknown access codes are never kept, so random codes cannot fill it.
type tenantCache struct {
	ttl time.Duration // <= 0: no cache

	mu      sync.Mutex
	entries map[string]cachedTenant // by normalized access code
	// gen counts drops: an answer read from the database is kept only if no drop happened
	// since the read began, so a change announced meanwhile cannot be undone by a late put.
	gen uint64
}

type cachedTenant struct {
	info  TenantInfo
	until time.Time
}

func newTenantCache(ttl time.Duration) *tenantCache {
	return &tenantCache{ttl: ttl, entries: map[string]cachedTenant{}}
}

func (c *tenantCache) get(code string, now time.Time) (TenantInfo, bool) {
	if c.ttl <= 0 {
		return TenantInfo{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[code]
	if !ok || !now.Before(e.until) {
		return TenantInfo{}, false
	}
	return e.info, true
}

// generation is the drop count to pass to put after reading the database.
func (c *tenantCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

func (c *tenantCache) put(code string, info TenantInfo, now time.Time, gen uint64) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	c.entries[code] = cachedTenant{info: info, until: now.Add(c.ttl)}
}

// drop forgets the tenant's entries (every access code it was asked by); uuid.Nil forgets all.
func (c *tenantCache) drop(tenant uuid.UUID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for code, e := range c.entries {
		if tenant == uuid.Nil || e.info.TenantID == tenant {
			delete(c.entries, code)
		}
	}
}

// TenantCacheActive tells whether TenantInfo answers from its cache: a TTL is configured and
// WatchTenantConfig is listening.
func (s *Service) TenantCacheActive() bool { return s.tenants.ttl > 0 && s.watching.Load() }

// ForgetTenant drops the cached TenantInfo of a tenant in this process (after a change of its
// configuration that did not go through this service).
func (s *Service) ForgetTenant(tenant uuid.UUID) { s.tenants.drop(tenant) }

// WatchTenantConfig keeps the TenantInfo cache in step with the database until ctx ends: it
// LISTENs on TenantConfigChannel and drops the named tenant's entry on each notification.
// While the connection is down nothing can be trusted, so every entry is dropped and the
// cache is bypassed until it is back. Run it in every server process that caches.
func (s *Service) WatchTenantConfig(ctx context.Context, pool *pgxpool.Pool) error {
	if s.tenants.ttl <= 0 {
		<-ctx.Done()
		return nil
	}
	for {
		err := s.watchOnce(ctx, pool)
		s.tenants.drop(uuid.Nil)
		if ctx.Err() != nil {
			return nil
		}
		slog.Warn("tenant config watch: reconnecting", "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

func (s *Service) watchOnce(ctx context.Context, pool *pgxpool.Pool) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+TenantConfigChannel); err != nil {
		return err
	}
	// Changes made before the LISTEN took effect are not announced to this connection.
	s.tenants.drop(uuid.Nil)
	s.watching.Store(true)
	defer s.watching.Store(false)
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				_, _ = conn.Exec(context.Background(), "UNLISTEN *")
			}
			return fmt.Errorf("wait for notification: %w", err)
		}
		id, err := uuid.Parse(n.Payload)
		if err != nil {
			id = uuid.Nil
		}
		s.tenants.drop(id)
	}
}
