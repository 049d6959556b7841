-- +goose Up
-- Payroll documents (issue 32; projections/payroll): read models of the streams
-- "payroll-batch-<id>". The bytes live in the file store (blobs); rows hold only their hash.
CREATE TABLE payroll_batches (
    tenant_id  uuid        NOT NULL,
    id         uuid        NOT NULL,
    month      text        NOT NULL,
    kind       text        NOT NULL,
    by_user    text        NOT NULL,
    at         timestamptz NOT NULL,
    publish_at timestamptz NOT NULL,
    files      integer     NOT NULL,
    unmatched  jsonb       NOT NULL DEFAULT '[]',
    position   bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX payroll_batches_at_idx ON payroll_batches (tenant_id, at DESC);

CREATE TABLE payroll_documents (
    tenant_id       uuid        NOT NULL,
    id              uuid        NOT NULL,
    batch_id        uuid        NOT NULL,
    employee_id     uuid        NOT NULL,
    month           text        NOT NULL,
    kind            text        NOT NULL,
    file_name       text        NOT NULL,
    hash            text        NOT NULL,
    size            integer     NOT NULL,
    content_type    text        NOT NULL,
    publish_at      timestamptz NOT NULL,
    withdrawn_at    timestamptz,
    withdraw_reason text        NOT NULL DEFAULT '',
    signed_at       timestamptz,
    position        bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
-- The employee's list (newest month first) and HR's per-batch status.
CREATE INDEX payroll_documents_employee_idx ON payroll_documents (tenant_id, employee_id, month DESC);
CREATE INDEX payroll_documents_batch_idx ON payroll_documents (tenant_id, batch_id);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['payroll_batches', 'payroll_documents'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE payroll_documents, payroll_batches;
