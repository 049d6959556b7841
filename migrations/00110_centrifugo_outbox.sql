-- +goose Up
-- Live push through Centrifugo (docs/operations.md, "Live push"). A projection that changes
-- what a user sees inserts a Centrifugo command ('publish' of one message to one channel) in
-- the same transaction as its read-model change and checkpoint, so a message exists only if
-- the change committed. Centrifugo's PostgreSQL consumer, woken by
-- NOTIFY centrifugo_outbox '<partition>', reads each partition in id order under an advisory
-- lock, publishes and deletes what it published. A channel always maps to the same partition,
-- so one channel's messages keep their order. The table is a queue: consumed rows are gone;
-- the channel history in Centrifugo is what a reconnecting browser recovers from.
CREATE TABLE centrifugo_outbox (
    id         bigserial   PRIMARY KEY,
    method     text        NOT NULL,
    payload    jsonb       NOT NULL,
    partition  integer     NOT NULL DEFAULT 0,
    tenant_id  uuid        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX centrifugo_outbox_partition_idx ON centrifugo_outbox (partition, id);

-- Centrifugo connects as the owner (it reads and deletes every tenant's rows); the app role
-- only inserts its own tenant's.
ALTER TABLE centrifugo_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON centrifugo_outbox
    USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT INSERT ON centrifugo_outbox TO portal_app;
GRANT USAGE ON SEQUENCE centrifugo_outbox_id_seq TO portal_app;

-- What waits to be pushed, decoded (operators, tests): the addressee (NULL: the whole
-- tenant), the topic, its data and the position of the event that caused it.
CREATE VIEW push_pending AS
SELECT id, tenant_id,
       CASE WHEN payload->>'channel' LIKE 'user:%'
            THEN split_part(payload->>'channel', '.', 2)::uuid END AS user_id,
       payload->'data'->>'topic'                  AS topic,
       payload->'data'->'data'                    AS data,
       (payload->'data'->>'position')::bigint     AS event_position,
       created_at
FROM centrifugo_outbox;

-- The home-made push log it replaces.
DROP TABLE push_messages;

-- +goose Down
DROP VIEW push_pending;
DROP TABLE centrifugo_outbox;
