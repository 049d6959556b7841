package auth

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain"
	"portal/platform/db"
)

// Configuring a tenant's identity provider (spec portal-core §3 "identity provider config:
// cognitoGrantTypes (0, 1 or 2), cognitoAppIntegration with appClientId and cognitoDomain";
// business §6 "administration panels: internal users with the Admin flag").

// TypeSSOConfigured is the audit event of a change of the tenant's provider, on the stream
// identity-<userId> of the administrator who made it. It never carries the secret.
const TypeSSOConfigured = "identity.sso_configured.v1"

// SSOConfigured is the data of TypeSSOConfigured.
type SSOConfigured struct {
	UserID     uuid.UUID `json:"userId"`
	Issuer     string    `json:"issuer"`
	ClientID   string    `json:"clientId"`
	GrantTypes int       `json:"grantTypes"`
	Enabled    bool      `json:"enabled"`
	SecretSet  bool      `json:"secretSet"`
	At         string    `json:"at"`
}

// Message keys of the provider form's server validation.
const (
	KeyInvalidIssuer       = "emissor_invalido"
	KeyIssuerNeedsHTTPS    = "emissor_https"
	KeyInvalidClientID     = "cliente_invalido"
	KeyInvalidGrantTypes   = "tipo_concessao_invalido"
	KeySecretTooLong       = "segredo_muito_longo"
	KeyProviderUnreachable = "provedor_indisponivel"
)

// SSOConfigView is the provider as the administration screen shows it: never the secret,
// only whether one is set.
type SSOConfigView struct {
	Issuer     string `json:"issuer"`
	ClientID   string `json:"clientId"`
	HasSecret  bool   `json:"hasSecret"`
	GrantTypes int    `json:"grantTypes"`
	Enabled    bool   `json:"enabled"`
	Configured bool   `json:"configured"`
}

// SSOConfigInput is a change of the provider. ClientSecret nil keeps the stored secret; ""
// makes the client public (PKCE alone).
type SSOConfigInput struct {
	Issuer       string  `json:"issuer"`
	ClientID     string  `json:"clientId"`
	ClientSecret *string `json:"clientSecret"`
	GrantTypes   int     `json:"grantTypes"`
	Enabled      bool    `json:"enabled"`
}

// Validate checks the input's form: issuer an absolute URL (https, or http on a loopback
// address for development), client id 1–200 printable characters without spaces, grant
// types 0, 1 or 2, secret at most 500 characters. It normalizes issuer and client id.
func (in *SSOConfigInput) Validate() error {
	in.Issuer = strings.TrimSuffix(strings.TrimSpace(in.Issuer), "/")
	in.ClientID = strings.TrimSpace(in.ClientID)
	if in.Issuer == "" {
		return domain.InvalidField("issuer", domain.KeyRequired)
	}
	u, err := url.Parse(in.Issuer)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" ||
		(u.Scheme != "https" && u.Scheme != "http") || len(in.Issuer) > 300 {
		return domain.InvalidField("issuer", KeyInvalidIssuer)
	}
	if u.Scheme == "http" && !loopbackHost(u.Hostname()) {
		return domain.InvalidField("issuer", KeyIssuerNeedsHTTPS)
	}
	if in.ClientID == "" {
		return domain.InvalidField("clientId", domain.KeyRequired)
	}
	if len(in.ClientID) > 200 || strings.IndexFunc(in.ClientID, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) >= 0 {
		return domain.InvalidField("clientId", KeyInvalidClientID)
	}
	if in.GrantTypes < 0 || in.GrantTypes > 2 {
		return domain.InvalidField("grantTypes", KeyInvalidGrantTypes)
	}
	if in.ClientSecret != nil && len(*in.ClientSecret) > 500 {
		return domain.InvalidField("clientSecret", KeySecretTooLong)
	}
	return nil
}

func loopbackHost(h string) bool {
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// ConfigView reads the tenant's provider for the administration screen (enabled or not).
func (o *SSO) ConfigView(ctx context.Context, tenant uuid.UUID) (SSOConfigView, error) {
	var v SSOConfigView
	err := db.InTenant(ctx, o.svc.pool, tenant.String(), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT issuer, client_id, client_secret <> '', grant_types, enabled FROM tenant_sso
			WHERE tenant_id = $1`, tenant).Scan(&v.Issuer, &v.ClientID, &v.HasSecret, &v.GrantTypes, &v.Enabled)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		v.Configured = err == nil
		return err
	})
	if err != nil {
		return v, fmt.Errorf("tenant %s provider: %w", tenant, err)
	}
	return v, nil
}

// SaveConfig validates and stores the caller's tenant's provider and leaves the audit event.
// An enabled provider must answer its discovery document with the same issuer (go-oidc
// checks it), so a typo never locks a grant-type-1 tenant out. TenantInfo caches drop the
// tenant at once (the table's trigger; here also in this process).
func (o *SSO) SaveConfig(ctx context.Context, caller Claims, in SSOConfigInput) (SSOConfigView, error) {
	if err := in.Validate(); err != nil {
		return SSOConfigView{}, err
	}
	if in.Enabled {
		if _, err := o.provider(ctx, in.Issuer); err != nil {
			return SSOConfigView{}, domain.Refusal("issuer", KeyProviderUnreachable)
		}
	}
	now := o.svc.now().UTC()
	err := db.InTenant(ctx, o.svc.pool, caller.Tenant.String(), func(tx pgx.Tx) error {
		secret, keep := "", in.ClientSecret == nil
		if !keep {
			secret = *in.ClientSecret
		}
		var secretSet bool
		err := tx.QueryRow(ctx, `INSERT INTO tenant_sso (tenant_id, issuer, client_id, client_secret, grant_types, enabled, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (tenant_id) DO UPDATE SET issuer = excluded.issuer, client_id = excluded.client_id,
				client_secret = CASE WHEN $8 THEN tenant_sso.client_secret ELSE excluded.client_secret END,
				grant_types = excluded.grant_types, enabled = excluded.enabled, updated_at = excluded.updated_at
			RETURNING client_secret <> ''`,
			caller.Tenant, in.Issuer, in.ClientID, secret, in.GrantTypes, in.Enabled, now, keep).Scan(&secretSet)
		if err != nil {
			return err
		}
		return appendAudit(ctx, tx, caller.Tenant, caller.UserID, TypeSSOConfigured, SSOConfigured{
			UserID: caller.UserID, Issuer: in.Issuer, ClientID: in.ClientID, GrantTypes: in.GrantTypes,
			Enabled: in.Enabled, SecretSet: secretSet, At: now.Format(time.RFC3339),
		})
	})
	if err != nil {
		return SSOConfigView{}, fmt.Errorf("save tenant %s provider: %w", caller.Tenant, err)
	}
	o.svc.ForgetTenant(caller.Tenant)
	return o.ConfigView(ctx, caller.Tenant)
}
