-- +goose Up
-- Since the tenant-wide reports read the rollups (00142), the employee-level report tables
-- are read per employee (oneself) or per manager (a team) only: their keys lead with the
-- employee, and the department indexes go. Each row then updates two indexes, not four.
-- The manager indexes only hold rows with a manager (a team is always someone's), so the
-- planner can never take one for a lookup by key: it did, during rebuilds, when the table's
-- statistics were those of the emptied table, and scanned a tenant's days per key.
ALTER TABLE report_clock_daily DROP CONSTRAINT report_clock_daily_pkey, ADD PRIMARY KEY (tenant_id, employee_id, day);
DROP INDEX report_clock_daily_employee_idx, report_clock_daily_dept_idx, report_clock_daily_manager_idx;
CREATE INDEX report_clock_daily_manager_idx ON report_clock_daily (tenant_id, manager_id, day) WHERE manager_id IS NOT NULL;
ALTER TABLE report_mood_weekly DROP CONSTRAINT report_mood_weekly_pkey, ADD PRIMARY KEY (tenant_id, employee_id, week);
DROP INDEX report_mood_weekly_dept_idx, report_mood_weekly_manager_idx;
CREATE INDEX report_mood_weekly_manager_idx ON report_mood_weekly (tenant_id, manager_id, week) WHERE manager_id IS NOT NULL;

-- +goose Down
DROP INDEX report_mood_weekly_manager_idx;
CREATE INDEX report_mood_weekly_manager_idx ON report_mood_weekly (tenant_id, manager_id, week);
CREATE INDEX report_mood_weekly_dept_idx ON report_mood_weekly (tenant_id, department_id, week);
ALTER TABLE report_mood_weekly DROP CONSTRAINT report_mood_weekly_pkey, ADD PRIMARY KEY (tenant_id, week, employee_id);
DROP INDEX report_clock_daily_manager_idx;
CREATE INDEX report_clock_daily_manager_idx ON report_clock_daily (tenant_id, manager_id, day);
CREATE INDEX report_clock_daily_dept_idx ON report_clock_daily (tenant_id, department_id, day);
CREATE INDEX report_clock_daily_employee_idx ON report_clock_daily (tenant_id, employee_id, day);
ALTER TABLE report_clock_daily DROP CONSTRAINT report_clock_daily_pkey, ADD PRIMARY KEY (tenant_id, day, employee_id);
