-- +goose Up
-- The approvals report reads the steps decided in a period, and the time-clock report the
-- punch-adjustment requests (origin 12): without these it read every step of the tenant.
CREATE INDEX report_approval_steps_decided_idx ON report_approval_steps (tenant_id, decided_at) WHERE decided_at IS NOT NULL;
CREATE INDEX report_approval_steps_origin_idx ON report_approval_steps (tenant_id, origin, request_id);
-- Delegations are few among the decisions.
CREATE INDEX report_approval_steps_delegated_idx ON report_approval_steps (tenant_id, decided_at)
    WHERE decided_by IS NOT NULL AND (on_behalf_of IS NOT NULL OR (approver_id IS NOT NULL AND decided_by <> approver_id));

-- +goose Down
DROP INDEX report_approval_steps_delegated_idx, report_approval_steps_origin_idx, report_approval_steps_decided_idx;
