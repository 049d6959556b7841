-- +goose Up
-- The ombudsman channel and the contact form (spec portal-core §2 /apps/Ouvidoria, tools_015,
-- and /apps/faq/Contato, tools_014; docs/ombudsman.md).

-- The protocol numbers already taken, per tenant and year: an allocator the filing command
-- uses (commands/ombudsman), not a read model. It holds counts only and is not granted to
-- portal_app: only the command, on the owner's pool, takes numbers.
CREATE TABLE ombudsman_protocols (
    tenant_id uuid    NOT NULL,
    year      integer NOT NULL,
    last      bigint  NOT NULL,
    PRIMARY KEY (tenant_id, year)
);

-- The reports (projections/ombudsman). reporter_id is NULL for an anonymous report: no user
-- id is stored for it anywhere. The read API shows a private report's reporter only to the
-- holders of the ombudsman permission.
CREATE TABLE ombudsman_reports (
    tenant_id   uuid        NOT NULL,
    id          uuid        NOT NULL,
    protocol    text        NOT NULL,
    category    text        NOT NULL,
    subject     text        NOT NULL,
    body        text        NOT NULL,
    visibility  text        NOT NULL,
    reporter_id uuid,
    code_hash   text        NOT NULL,
    status      text        NOT NULL,
    answer      text        NOT NULL DEFAULT '',
    filed_at    timestamptz NOT NULL,
    answered_at timestamptz,
    updated_at  timestamptz NOT NULL,
    position    bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id),
    CHECK (visibility <> 'anonymous' OR reporter_id IS NULL)
);
CREATE UNIQUE INDEX ombudsman_reports_protocol_idx ON ombudsman_reports (protocol, tenant_id);
CREATE INDEX ombudsman_reports_queue_idx ON ombudsman_reports (tenant_id, status, filed_at);
CREATE INDEX ombudsman_reports_reporter_idx ON ombudsman_reports (tenant_id, reporter_id, filed_at);

-- The contact messages an employee sent: subject and when, never the body.
CREATE TABLE contact_messages (
    tenant_id  uuid        NOT NULL,
    id         uuid        NOT NULL,
    user_id    uuid        NOT NULL,
    subject    text        NOT NULL,
    recipients integer     NOT NULL,
    sent_at    timestamptz NOT NULL,
    position   bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX contact_messages_user_idx ON contact_messages (tenant_id, user_id, sent_at);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['ombudsman_reports', 'contact_messages'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE contact_messages, ombudsman_reports, ombudsman_protocols;
