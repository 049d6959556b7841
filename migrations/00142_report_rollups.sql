-- +goose Up
-- Rollups of report_clock_daily that the tenant-wide time-clock report reads (a year of a
-- 5,000-person tenant is 1.3M employee-days; these are a few thousand rows): per day ×
-- department × unit, and per month × employee. projections/report_clock.go keeps them by
-- adding each employee-day's change.
CREATE TABLE report_clock_days (
    tenant_id        uuid NOT NULL,
    day              date NOT NULL,
    department_id    uuid NOT NULL, -- the nil uuid for none
    business_unit_id uuid NOT NULL, -- idem
    people           int  NOT NULL DEFAULT 0,
    marks            int  NOT NULL DEFAULT 0,
    late             int  NOT NULL DEFAULT 0,
    missing          int  NOT NULL DEFAULT 0,
    refused_area     int  NOT NULL DEFAULT 0,
    refused_layoff   int  NOT NULL DEFAULT 0,
    refused_inactive int  NOT NULL DEFAULT 0,
    refused_other    int  NOT NULL DEFAULT 0,
    adjusted         int  NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, day, department_id, business_unit_id)
);
CREATE TABLE report_clock_months (
    tenant_id        uuid NOT NULL,
    month            date NOT NULL, -- the first day
    employee_id      uuid NOT NULL,
    department_id    uuid,
    business_unit_id uuid,
    manager_id       uuid,
    days             int  NOT NULL DEFAULT 0,
    marks            int  NOT NULL DEFAULT 0,
    late             int  NOT NULL DEFAULT 0,
    missing          int  NOT NULL DEFAULT 0,
    refused          int  NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, month, employee_id)
);
-- The mood report's tenant-wide rollup: per week × department × unit (report_mood_weekly's
-- rows summed; people counts the employees with a check-in that week).
CREATE TABLE report_mood_groups (
    tenant_id        uuid          NOT NULL,
    week             date          NOT NULL,
    department_id    uuid          NOT NULL, -- the nil uuid for none
    business_unit_id uuid          NOT NULL,
    people           int           NOT NULL,
    checkins         int           NOT NULL,
    humor_sum        numeric(12,1) NOT NULL,
    energy_sum       numeric(12,1) NOT NULL,
    PRIMARY KEY (tenant_id, week, department_id, business_unit_id)
);
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['report_clock_days', 'report_clock_months', 'report_mood_groups'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE report_mood_groups, report_clock_months, report_clock_days;
