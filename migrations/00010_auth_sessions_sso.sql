-- +goose Up
-- Sign-in, finishing touches (issue 3): a session remembers how it was opened, sign-in
-- throttling is shared by every server process, and tenant configuration changes are
-- announced so that caches of it can be dropped.

-- sso_issuer is the OpenID issuer a session was opened through ('' for a password or token
-- sign-in). A refresh of the session answers isSSO / isGoogle from it (spec portal-core §3),
-- and its logout goes to that provider's end-session address (spec §4).
ALTER TABLE auth_sessions ADD COLUMN sso_issuer text NOT NULL DEFAULT '';

-- An authorization request may also link or unlink the signed-in user's identity (the
-- profile screen): intent says which, user_id binds the request to that user, so a code
-- obtained by someone else can never be linked to this account (login CSRF).
ALTER TABLE sso_states
    ADD COLUMN intent text NOT NULL DEFAULT 'signin' CHECK (intent IN ('signin', 'link', 'unlink')),
    ADD COLUMN user_id uuid,
    ADD CONSTRAINT sso_states_user_intent CHECK ((intent = 'signin') = (user_id IS NULL));

-- login_failures are the failed sign-ins of the last hour, one row each, per throttle key:
-- an account (access code and user name) or a remote address (auth/throttle.go). Only a
-- SHA-256 of the key is kept, so the table holds no user names or addresses. Like
-- server_secrets it belongs to the installation, not to a tenant (a throttled name may name
-- no tenant at all): it has no tenant_id and portal_app gets no grant on it; sign-in reads
-- it on the pool's own role, as it reads tenants by access code.
CREATE TABLE login_failures (
    key_hash  bytea NOT NULL,
    failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_key_idx ON login_failures (key_hash, failed_at);
CREATE INDEX login_failures_at_idx ON login_failures (failed_at);

-- A change of a tenant's sign-in configuration (its row, its identity provider) is announced
-- on channel portal_tenant_config with the tenant's id: every server process drops its cached
-- TenantInfo of that tenant at once (auth.Service.WatchTenantConfig).
-- +goose StatementBegin
CREATE FUNCTION notify_tenant_config() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'tenants' THEN
        PERFORM pg_notify('portal_tenant_config', coalesce(NEW.id, OLD.id)::text);
    ELSE
        PERFORM pg_notify('portal_tenant_config', coalesce(NEW.tenant_id, OLD.tenant_id)::text);
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER tenants_config_changed AFTER INSERT OR UPDATE OR DELETE ON tenants
    FOR EACH ROW EXECUTE FUNCTION notify_tenant_config();
CREATE TRIGGER tenant_sso_config_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_sso
    FOR EACH ROW EXECUTE FUNCTION notify_tenant_config();

-- +goose Down
DROP TRIGGER tenant_sso_config_changed ON tenant_sso;
DROP TRIGGER tenants_config_changed ON tenants;
DROP FUNCTION notify_tenant_config();
DROP TABLE login_failures;
ALTER TABLE sso_states DROP CONSTRAINT sso_states_user_intent, DROP COLUMN user_id, DROP COLUMN intent;
ALTER TABLE auth_sessions DROP COLUMN sso_issuer;
