-- +goose Up
-- The time-clock report's read model (projections/report_clock.go): each employee's day —
-- marks, the first one's local time against the schedule's start, the marks the schedule
-- expects, refused punches by reason and marks changed by approved adjustments.
CREATE TABLE report_clock_daily (
    tenant_id        uuid NOT NULL,
    day              date NOT NULL, -- local (America/Sao_Paulo)
    employee_id      uuid NOT NULL,
    department_id    uuid,
    business_unit_id uuid,
    manager_id       uuid,
    marks            int  NOT NULL DEFAULT 0,
    first_mark       time,          -- local time of the first mark
    expected_start   time,          -- the schedule's first interval that weekday (null: a rest day)
    expected_marks   int  NOT NULL DEFAULT 0,
    refused_area     int  NOT NULL DEFAULT 0,
    refused_layoff   int  NOT NULL DEFAULT 0,
    refused_inactive int  NOT NULL DEFAULT 0,
    refused_other    int  NOT NULL DEFAULT 0,
    adjusted         int  NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, day, employee_id)
);
CREATE INDEX report_clock_daily_dept_idx ON report_clock_daily (tenant_id, department_id, day);
CREATE INDEX report_clock_daily_manager_idx ON report_clock_daily (tenant_id, manager_id, day);
CREATE INDEX report_clock_daily_employee_idx ON report_clock_daily (tenant_id, employee_id, day);

ALTER TABLE report_clock_daily ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_clock_daily USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT ON report_clock_daily TO portal_app;

-- Leavers: the day an employee left (headcount and movement).
ALTER TABLE employees ADD COLUMN termination_date date;
CREATE INDEX employees_termination_idx ON employees (tenant_id, termination_date) WHERE termination_date IS NOT NULL;

-- +goose Down
DROP INDEX employees_termination_idx;
ALTER TABLE employees DROP COLUMN termination_date;
DROP TABLE report_clock_daily;
