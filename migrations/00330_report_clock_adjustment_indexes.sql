-- +goose Up
-- The time-clock report counts the punch-adjustment requests (origin 12) sent or decided in
-- its period: these find them by those times, rather than reading every adjustment request
-- of the tenant (report_approval_steps_origin_idx) to keep the period's.
CREATE INDEX report_approval_steps_adjustment_opened_idx ON report_approval_steps (tenant_id, opened_at) WHERE origin = 12;
CREATE INDEX report_approval_steps_adjustment_decided_idx ON report_approval_steps (tenant_id, decided_at)
    WHERE origin = 12 AND decided_at IS NOT NULL;

-- +goose Down
DROP INDEX report_approval_steps_adjustment_decided_idx, report_approval_steps_adjustment_opened_idx;
