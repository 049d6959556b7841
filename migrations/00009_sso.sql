-- +goose Up
-- Single sign-on with OpenID Connect (spec: portal-core §3 identity provider config, §4 cloud
-- login, §7 loginGoogle / linkGoogle / removelinkGoogle). Google is one such provider.

-- tenant_sso is a tenant's OpenID provider. grant_types is the spec's cognitoGrantTypes:
-- 0 = the provider is offered through the login screen's Google/SSO button only;
-- 1 = the tenant signs in through the provider (the login screen goes to /callback), with the
--     authorization code flow and PKCE S256;
-- 2 = the spec's implicit variant. It is accepted so a configuration written for the old
--     client keeps working, but it is served as 1: the implicit flow hands tokens over in the
--     URL fragment and cannot be bound to the client with PKCE (OAuth 2.0 Security BCP,
--     RFC 9700 §2.1.2), so this server never runs it.
-- client_secret is empty for a public client (PKCE alone); it never leaves the server.
CREATE TABLE tenant_sso (
    tenant_id     uuid PRIMARY KEY REFERENCES tenants(id),
    issuer        text NOT NULL CHECK (issuer ~ '^https?://[^/?#]+'),
    client_id     text NOT NULL CHECK (client_id <> ''),
    client_secret text NOT NULL DEFAULT '',
    grant_types   int NOT NULL DEFAULT 0 CHECK (grant_types IN (0, 1, 2)),
    enabled       boolean NOT NULL DEFAULT true,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- user_identities links a user to an identity of a provider: (issuer, subject), never the
-- e-mail, which a provider may let anyone claim. email is what the provider said when the
-- link was made, kept for people to read and never matched.
CREATE TABLE user_identities (
    tenant_id uuid NOT NULL REFERENCES tenants(id),
    user_id   uuid NOT NULL,
    issuer    text NOT NULL,
    subject   text NOT NULL,
    email     text NOT NULL DEFAULT '',
    linked_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, issuer, subject),
    UNIQUE (tenant_id, user_id, issuer),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- sso_states are the authorization requests under way: single use (the callback deletes the
-- row it uses) and short-lived. Only a SHA-256 of the state is kept; the nonce and the PKCE
-- verifier never leave the server except as the nonce and the S256 challenge.
CREATE TABLE sso_states (
    tenant_id     uuid NOT NULL REFERENCES tenants(id),
    state_hash    bytea NOT NULL,
    nonce         text NOT NULL,
    code_verifier text NOT NULL,
    redirect_uri  text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, state_hash)
);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['tenant_sso', 'user_identities', 'sso_states'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE sso_states, user_identities, tenant_sso;
