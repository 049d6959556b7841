-- +goose Up
-- The tenant-wide absenteeism report reads a month per department: this is timesheet_months
-- summed per month × department (the department the employee had when the month was summed),
-- the four figures the report shows and how many employee-months make each row (a row of
-- none stays, and is not shown): twelve months of 5,000 people are 144 rows, not 60,000.
--
-- Statement triggers on timesheet_months keep it, from the rows each statement inserts,
-- updates (the new less the old) or deletes: whatever writes the months (the timesheet
-- projection, live or replaying, into the live tables or a shadow copy, which has the same
-- triggers: projections.ReplayShadow) writes the rollup in the same statement. TRUNCATE
-- fires none: the projection's Reset truncates both.
CREATE TABLE timesheet_month_departments (
    tenant_id     uuid   NOT NULL,
    month         date   NOT NULL,
    department_id uuid   NOT NULL,
    people        int    NOT NULL,
    scheduled     bigint NOT NULL, -- expected + leave
    unjustified   bigint NOT NULL, -- absent
    excused       bigint NOT NULL, -- leave + excused
    late          bigint NOT NULL,
    PRIMARY KEY (tenant_id, month, department_id)
);
INSERT INTO timesheet_month_departments (tenant_id, month, department_id, people, scheduled, unjustified, excused, late)
SELECT tenant_id, month, department_id, count(*), sum(expected + leave), sum(absent), sum(leave + excused), sum(late)
FROM timesheet_months GROUP BY 1, 2, 3;
ALTER TABLE timesheet_month_departments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON timesheet_month_departments USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON timesheet_month_departments TO portal_app;

-- The table is unqualified: a shadow rebuild's search_path finds its own copy first.
-- +goose StatementBegin
CREATE FUNCTION timesheet_month_departments_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO timesheet_month_departments AS g (tenant_id, month, department_id, people, scheduled, unjustified, excused, late)
        SELECT n.tenant_id, n.month, n.department_id, count(*), sum(n.expected + n.leave), sum(n.absent), sum(n.leave + n.excused), sum(n.late)
        FROM new_rows n GROUP BY 1, 2, 3
        ON CONFLICT (tenant_id, month, department_id) DO UPDATE SET people = g.people + excluded.people,
            scheduled = g.scheduled + excluded.scheduled, unjustified = g.unjustified + excluded.unjustified,
            excused = g.excused + excluded.excused, late = g.late + excluded.late;
    ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO timesheet_month_departments AS g (tenant_id, month, department_id, people, scheduled, unjustified, excused, late)
        SELECT c.tenant_id, c.month, c.department_id, sum(c.people), sum(c.scheduled), sum(c.unjustified), sum(c.excused), sum(c.late)
        FROM (SELECT n.tenant_id, n.month, n.department_id, 1 AS people, n.expected + n.leave AS scheduled, n.absent AS unjustified,
                     n.leave + n.excused AS excused, n.late
              FROM new_rows n
              UNION ALL
              SELECT o.tenant_id, o.month, o.department_id, -1, -(o.expected + o.leave), -o.absent, -(o.leave + o.excused), -o.late
              FROM old_rows o) c
        GROUP BY 1, 2, 3
        ON CONFLICT (tenant_id, month, department_id) DO UPDATE SET people = g.people + excluded.people,
            scheduled = g.scheduled + excluded.scheduled, unjustified = g.unjustified + excluded.unjustified,
            excused = g.excused + excluded.excused, late = g.late + excluded.late;
    ELSE
        INSERT INTO timesheet_month_departments AS g (tenant_id, month, department_id, people, scheduled, unjustified, excused, late)
        SELECT o.tenant_id, o.month, o.department_id, -count(*), -sum(o.expected + o.leave), -sum(o.absent), -sum(o.leave + o.excused), -sum(o.late)
        FROM old_rows o GROUP BY 1, 2, 3
        ON CONFLICT (tenant_id, month, department_id) DO UPDATE SET people = g.people + excluded.people,
            scheduled = g.scheduled + excluded.scheduled, unjustified = g.unjustified + excluded.unjustified,
            excused = g.excused + excluded.excused, late = g.late + excluded.late;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER timesheet_months_rollup_insert AFTER INSERT ON timesheet_months
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheet_month_departments_add();
CREATE TRIGGER timesheet_months_rollup_update AFTER UPDATE ON timesheet_months
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheet_month_departments_add();
CREATE TRIGGER timesheet_months_rollup_delete AFTER DELETE ON timesheet_months
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheet_month_departments_add();

-- +goose Down
DROP TRIGGER timesheet_months_rollup_delete ON timesheet_months;
DROP TRIGGER timesheet_months_rollup_update ON timesheet_months;
DROP TRIGGER timesheet_months_rollup_insert ON timesheet_months;
DROP FUNCTION timesheet_month_departments_add();
DROP TABLE timesheet_month_departments;
