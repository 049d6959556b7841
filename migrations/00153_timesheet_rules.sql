-- +goose Up
-- The timesheet rule by day: a change rules the days from the day it was made, so a day
-- computed again later (an adjustment) or by a replay keeps the rule of its own day. A replay
-- writes the rows once, after its last batch (projections.Finisher): pending_from is the first
-- day whose rows wait for it. The read model is rebuilt from the log (its checkpoint goes).
CREATE TABLE timesheet_rules (
    tenant_id uuid  NOT NULL,
    since     date  NOT NULL,
    rule      jsonb NOT NULL,
    PRIMARY KEY (tenant_id, since)
);
ALTER TABLE timesheet_rules ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON timesheet_rules USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON timesheet_rules TO portal_app;
ALTER TABLE timesheet_tenants ADD COLUMN pending_from date;
TRUNCATE timesheet_marks, timesheet_starts, timesheet_excuses, timesheet_leaves, timesheet_tenants, timesheet_days,
    timesheet_months, timesheet_closures, timesheet_signatures;
DELETE FROM parked_events WHERE projection = 'timesheet';
DELETE FROM projection_checkpoints WHERE name = 'timesheet';

-- +goose Down
ALTER TABLE timesheet_tenants DROP COLUMN pending_from;
DROP TABLE timesheet_rules;
