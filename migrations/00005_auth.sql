-- +goose Up
-- Identity support: the token signing key and the refresh tokens.

-- server_secrets holds process-wide secrets that must survive restarts (the access-token
-- signing key when PORTAL_TOKEN_KEY is not set). It is the one table without tenant_id: a
-- secret belongs to the installation, not to a tenant, and portal_app gets no grant on it.
CREATE TABLE server_secrets (
    name       text PRIMARY KEY,
    value      bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- refresh_tokens stores only a SHA-256 of each opaque token. family_id groups the tokens of
-- one sign-in so that rotation can revoke the whole family when a used token comes back
-- (reuse detection, next issue); replaced_by points at the token that superseded this one.
CREATE TABLE refresh_tokens (
    tenant_id   uuid NOT NULL REFERENCES tenants(id),
    id          uuid NOT NULL,
    user_id     uuid NOT NULL,
    family_id   uuid NOT NULL,
    token_hash  bytea NOT NULL,
    issued_at   timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    revoked_at  timestamptz,
    replaced_by uuid,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (tenant_id, family_id);

ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON refresh_tokens
    USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON refresh_tokens TO portal_app;

-- Sign-in matches access codes and user names case-insensitively, so two that differ only
-- in case must not coexist (and the look-ups use these indexes).
CREATE UNIQUE INDEX tenants_access_code_ci_key ON tenants (upper(access_code));
CREATE UNIQUE INDEX users_user_name_ci_key ON users (tenant_id, lower(user_name));

-- +goose Down
DROP INDEX users_user_name_ci_key;
DROP INDEX tenants_access_code_ci_key;
DROP TABLE refresh_tokens;
DROP TABLE server_secrets;
