-- +goose Up
-- Read model of the notifications (projections/notifications.go), rebuilt from the
-- notification.* events of the streams notification-<userId> (spec portal-core §3, §7).
CREATE TABLE notifications (
    tenant_id      uuid        NOT NULL,
    id             uuid        NOT NULL,
    user_id        uuid        NOT NULL, -- the recipient
    sender_id      uuid        NOT NULL,
    message        text        NOT NULL,
    variant        text        NOT NULL CHECK (variant IN ('success', 'info', 'warning', 'error')),
    classification smallint    NOT NULL CHECK (classification BETWEEN 1 AND 3),
    from_name      text        NOT NULL DEFAULT '',
    header         text        NOT NULL DEFAULT '',
    link           text        NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL,
    displayed      boolean     NOT NULL DEFAULT false,
    displayed_at   timestamptz,
    dismissed      boolean     NOT NULL DEFAULT false,
    dismissed_at   timestamptz,
    position       bigint      NOT NULL, -- global position of the creating event
    PRIMARY KEY (tenant_id, id)
);
-- GET notification-app: a user's notifications not dismissed, newest first.
CREATE INDEX notifications_user_idx ON notifications (tenant_id, user_id, created_at DESC, position DESC)
    WHERE NOT dismissed;

ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notifications
    USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON notifications TO portal_app;

-- +goose Down
DROP TABLE notifications;
