-- +goose Up
-- The event store: one append-only table. Readers order the global log by
-- (transaction_id, position) and only read below pg_snapshot_xmin, so a transaction that
-- commits late can never be skipped (see ARCHITECTURE.md, "Skipped events").
CREATE TABLE events (
    position       bigserial PRIMARY KEY,
    transaction_id xid8        NOT NULL DEFAULT pg_current_xact_id(),
    id             uuid        NOT NULL,
    tenant_id      uuid        NOT NULL,
    stream         text        NOT NULL,
    version        bigint      NOT NULL,
    type           text        NOT NULL,
    schema_version int         NOT NULL DEFAULT 1,
    actor          text        NOT NULL DEFAULT '',
    correlation_id uuid,
    causation_id   uuid,
    command_id     text        NOT NULL DEFAULT '',
    recorded_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
    data           jsonb       NOT NULL,
    CONSTRAINT events_id_key UNIQUE (id),
    CONSTRAINT events_stream_version_key UNIQUE (tenant_id, stream, version)
);
CREATE INDEX events_log_idx ON events (transaction_id, position);
-- Every index costs every append. There is no index by type: nothing reads by type yet.
-- The first reader that filters by type (a rebuild of one read model, ARCHITECTURE.md
-- "Rebuild speed") adds (type, transaction_id, position) in its own migration.

-- Events are never updated or deleted: corrections are new events.
-- +goose StatementBegin
CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only' USING ERRCODE = 'restrict_violation';
END $$;
-- +goose StatementEnd
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();

-- Projection checkpoints: the last (transaction_id, position) a projection has applied.
CREATE TABLE projection_checkpoints (
    name           text PRIMARY KEY,
    transaction_id xid8   NOT NULL DEFAULT '0',
    position       bigint NOT NULL DEFAULT 0,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- Events a projection could not apply after its retries, with the reason.
CREATE TABLE parked_events (
    projection text        NOT NULL,
    position   bigint      NOT NULL,
    event_id   uuid        NOT NULL,
    event_type text        NOT NULL,
    reason     text        NOT NULL,
    parked_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (projection, position)
);

-- +goose Down
DROP TABLE parked_events;
DROP TABLE projection_checkpoints;
DROP TABLE events;
DROP FUNCTION events_append_only();
