-- +goose Up
-- Punch adjustments (spec portal-business §2 aprovacao-ponto / aprovacao-ajustes, §3 origin
-- AjustePonto 12): the clock read model shows the day as adjusted (projections/clock.go, from
-- clock.mark_adjusted.v1, clock.mark_added_by_adjustment.v1, clock.day_excused.v1 and
-- clock.adjustment_reverted.v1). The punches themselves stay in the event log unchanged.

ALTER TABLE clock_marks
    ADD COLUMN adjusted    boolean     NOT NULL DEFAULT false, -- moved or added by an adjustment in force
    ADD COLUMN added       boolean     NOT NULL DEFAULT false, -- added by an adjustment (never punched)
    ADD COLUMN original_at timestamptz,                        -- as punched, once moved
    ADD COLUMN request_id  uuid;                               -- the adjustment request in force

-- Excused (abono) days or parts of days, one row per approved request.
CREATE TABLE clock_excused (
    tenant_id   uuid   NOT NULL,
    request_id  uuid   NOT NULL,
    employee_id uuid   NOT NULL,
    user_id     uuid   NOT NULL,
    day         date   NOT NULL,
    from_time   text   NOT NULL DEFAULT '', -- HH:mm; '' with to_time '' is the whole day
    to_time     text   NOT NULL DEFAULT '',
    reason      text   NOT NULL,
    position    bigint NOT NULL,
    PRIMARY KEY (tenant_id, request_id)
);
CREATE INDEX clock_excused_day_idx ON clock_excused (tenant_id, employee_id, day);

ALTER TABLE clock_excused ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON clock_excused USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON clock_excused TO portal_app;

-- +goose Down
DROP TABLE clock_excused;
ALTER TABLE clock_marks DROP COLUMN adjusted, DROP COLUMN added, DROP COLUMN original_at, DROP COLUMN request_id;
