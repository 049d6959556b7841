-- +goose Up
-- Tenant administration (spec portal-business §2 "Tenant administration panels"). Each change
-- is a settings.changed.v1 event on the tenant's stream settings-<tenantId>; tenant_settings
-- is its read model, written by the settings projection in the command's own transaction
-- (projections/settings.go), so a change takes effect with the answer. The projection also
-- keeps the older homes of two settings: tenants.password_* (the sign-in rules) and
-- home_settings (the home banner).
CREATE TABLE tenant_settings (
    tenant_id  uuid        NOT NULL REFERENCES tenants(id),
    key        text        NOT NULL,
    "values"   jsonb       NOT NULL DEFAULT '{}',
    version    bigint      NOT NULL, -- the settings stream's version of the last change
    updated_at timestamptz NOT NULL,
    updated_by text        NOT NULL,
    PRIMARY KEY (tenant_id, key)
);

-- Secrets (the SMTP password) never enter the log: the event says only that one changed.
-- They are written in the same transaction as the event.
CREATE TABLE tenant_secrets (
    tenant_id uuid NOT NULL REFERENCES tenants(id),
    key       text NOT NULL,
    field     text NOT NULL,
    value     text NOT NULL,
    PRIMARY KEY (tenant_id, key, field)
);

-- A mail server that sent a validation e-mail: the SHA-256 of its five fields. Saving the
-- mail server needs the fingerprint of the values saved (spec §2, "invalid SMTP configuration").
CREATE TABLE smtp_validations (
    tenant_id    uuid        NOT NULL REFERENCES tenants(id),
    fingerprint  bytea       NOT NULL,
    validated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, fingerprint)
);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['tenant_settings', 'tenant_secrets', 'smtp_validations'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
    END LOOP;
END $$;
-- +goose StatementEnd
GRANT SELECT ON tenant_settings TO portal_app;

-- +goose Down
DROP TABLE smtp_validations, tenant_secrets, tenant_settings;
