-- +goose Up
-- Password and token flows (spec portal-core §2, §4, §7): sessions (refresh-token
-- families), rotation with reuse detection, the new-password-required challenge, forgot
-- password codes and the password history the tenant's reuse limit reads.

-- A user who must choose a new password at the next sign-in (first sign-in, or set by HR).
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- auth_sessions is one sign-in: the family of its rotated refresh tokens. Access tokens
-- carry the session id (claim "sid"), so revoking the session (logout, refresh-token reuse,
-- password reset) refuses its access tokens too, not only its refresh tokens.
CREATE TABLE auth_sessions (
    tenant_id     uuid NOT NULL REFERENCES tenants(id),
    id            uuid NOT NULL,
    user_id       uuid NOT NULL,
    created_at    timestamptz NOT NULL,
    revoked_at    timestamptz,
    revoke_reason text,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (tenant_id, user_id) WHERE revoked_at IS NULL;

-- Families issued before this migration become sessions, so their tokens keep working.
INSERT INTO auth_sessions (tenant_id, id, user_id, created_at, revoked_at)
SELECT tenant_id, family_id, min(user_id::text)::uuid, min(issued_at),
       CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
FROM refresh_tokens GROUP BY tenant_id, family_id;

-- A rotated refresh token is used (used_at, replaced_by); presenting it again is reuse.
ALTER TABLE refresh_tokens ADD COLUMN used_at timestamptz;

-- auth_challenges are the one-time secrets of the password flows: kind 'new_password' (the
-- session of the NEW_PASSWORD_REQUIRED challenge) and 'reset' (the e-mailed code of
-- AdminForgotPassword). Only an HMAC of the secret is stored. A challenge is live while
-- used_at is null, expires_at is in the future and attempts < max_attempts.
CREATE TABLE auth_challenges (
    tenant_id    uuid NOT NULL REFERENCES tenants(id),
    id           uuid NOT NULL,
    user_id      uuid NOT NULL,
    kind         text NOT NULL CHECK (kind IN ('new_password', 'reset')),
    secret_hash  bytea NOT NULL,
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL,
    attempts     int NOT NULL DEFAULT 0,
    max_attempts int NOT NULL,
    used_at      timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX auth_challenges_user_idx ON auth_challenges (tenant_id, user_id, kind, created_at DESC);
CREATE UNIQUE INDEX auth_challenges_secret_key ON auth_challenges (tenant_id, secret_hash);

-- password_history keeps the argon2id hashes of replaced passwords, newest first by
-- changed_at, for the tenant's password_reuse_limit.
CREATE TABLE password_history (
    tenant_id     uuid NOT NULL REFERENCES tenants(id),
    id            uuid NOT NULL,
    user_id       uuid NOT NULL,
    password_hash text NOT NULL,
    changed_at    timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX password_history_user_idx ON password_history (tenant_id, user_id, changed_at DESC);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['auth_sessions', 'auth_challenges', 'password_history'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE password_history;
DROP TABLE auth_challenges;
ALTER TABLE refresh_tokens DROP COLUMN used_at;
DROP TABLE auth_sessions;
ALTER TABLE users DROP COLUMN must_change_password;
