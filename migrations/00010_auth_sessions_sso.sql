-- +goose Up
-- Sign-in, finishing touches (issue 3): a session remembers how it was opened, and sign-in
-- throttling is shared by every server process.

-- sso_issuer is the OpenID issuer a session was opened through ('' for a password or token
-- sign-in). A refresh of the session answers isSSO / isGoogle from it (spec portal-core §3),
-- and its logout goes to that provider's end-session address (spec §4).
ALTER TABLE auth_sessions ADD COLUMN sso_issuer text NOT NULL DEFAULT '';

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

-- +goose Down
DROP TABLE login_failures;
ALTER TABLE auth_sessions DROP COLUMN sso_issuer;
