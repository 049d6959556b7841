-- +goose Up
-- Live push: a projection that changes what a user sees inserts a push message in the same
-- transaction as its read-model change, so a message exists only if the change committed
-- (ARCHITECTURE.md, "Dual writes"). Every server process's push hub LISTENs on 'push' and
-- reads new rows below pg_snapshot_xmin ordered by (transaction_id, event_position, id) — the
-- same out-of-order-commit rule as the event log — and fans them out to its SSE streams.
-- A reconnecting stream resumes from here with Last-Event-ID (the event's global position).
CREATE TABLE push_messages (
    id             bigserial   PRIMARY KEY,
    tenant_id      uuid        NOT NULL,
    user_id        uuid,                    -- NULL: every user of the tenant
    topic          text        NOT NULL,
    data           jsonb       NOT NULL,
    event_position bigint      NOT NULL,    -- the event that caused it (the SSE id)
    event_tx       xid8        NOT NULL,
    transaction_id xid8        NOT NULL DEFAULT pg_current_xact_id(),
    created_at     timestamptz NOT NULL DEFAULT now()
);
-- The hubs' read of everything new.
CREATE INDEX push_messages_log_idx ON push_messages (transaction_id, event_position, id);
-- A resuming stream's catch-up (one tenant, after a key) and its Last-Event-ID lookup.
CREATE INDEX push_messages_tenant_log_idx ON push_messages (tenant_id, transaction_id, event_position, id);
CREATE INDEX push_messages_tenant_event_idx ON push_messages (tenant_id, event_position);
-- Pruning of old messages.
CREATE INDEX push_messages_created_idx ON push_messages (created_at);

ALTER TABLE push_messages ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON push_messages
    USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT, INSERT ON push_messages TO portal_app;
GRANT USAGE ON SEQUENCE push_messages_id_seq TO portal_app;

-- +goose Down
DROP TABLE push_messages;
