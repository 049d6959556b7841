package auth

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TenantConfigChannel is the LISTEN/NOTIFY channel on which a change of a tenant's sign-in
// configuration (tables tenants and tenant_sso; trigger of migration 00010) names the tenant.
const TenantConfigChannel = "portal_tenant_config"

// The TenantInfo cache (Service.tenants) keeps the answers of TenantInfo (the login screen's
// first call, made by every visitor) by normalized access code, so that it costs no database
// round trip. A change of the tenant's configuration drops it at once in every process that
// runs WatchTenantConfig, and in this process when the change went through it
// (SaveSSOConfig). Unknown access codes are never kept, so random codes cannot fill it.

// TenantCacheActive tells whether TenantInfo answers from its cache: a TTL is configured and
// WatchTenantConfig is listening.
func (s *Service) TenantCacheActive() bool { return s.tenants.Active() }

// ForgetTenant drops the cached TenantInfo of a tenant in this process (after a change of its
// configuration that did not go through this service).
func (s *Service) ForgetTenant(tenant uuid.UUID) { s.tenants.Drop(tenant) }

// WatchTenantConfig keeps the TenantInfo cache in step with the database until ctx ends
// (watched.Cache.Watch on TenantConfigChannel). Run it in every server process that caches.
func (s *Service) WatchTenantConfig(ctx context.Context, pool *pgxpool.Pool) error {
	return s.tenants.Watch(ctx, pool, TenantConfigChannel)
}
