-- +goose Up
-- The tenant-wide time-clock report without a unit or department filter (issue 33) read, for
-- a year of a 5,000-person tenant, the day × department × unit rollup (15,600 rows a year) and
-- the month × employee rollup (60,000 rows a year, 180,000 over three), summed per day and per
-- employee at each read. Two rollups of those rollups give it the same figures from a few
-- rows each:
--
--   report_clock_tenant_days: report_clock_days summed per day (260 rows a year); groups is
--   how many day × department × unit rows make it (a day is shown when it has one).
--
--   report_clock_ytd: report_clock_months summed per employee from January to each month of
--   the year (year to date), kept for every month from the employee's first month of the year
--   to December; months is how many month rows it sums. Any run of whole months is then a
--   few rows per employee: the months of one year are ytd(last) - ytd(month before the
--   first), and a run across years adds the Decembers of the years before the last
--   (a year: 3 rows, three years: 5, where the months were 12 and 36).
--
-- Both keep the department and unit out: they serve only the report without those filters
-- (with one, and for a team or oneself, the report reads the rollups they are cut from, whose
-- grouping is that of the employee-days as written).
--
-- Statement triggers keep them from the rows each statement of the projection (live or
-- replaying, into the live tables or a shadow copy, which gets the …_rollup_… triggers:
-- projections.ReplayShadow) inserts, updates (the new less the old) or deletes. TRUNCATE fires
-- none: the projection's Reset truncates them with the rest.
CREATE TABLE report_clock_tenant_days (
    tenant_id        uuid   NOT NULL,
    day              date   NOT NULL,
    groups           int    NOT NULL,
    people           int    NOT NULL,
    marks            int    NOT NULL,
    late             int    NOT NULL,
    missing          int    NOT NULL,
    refused_area     int    NOT NULL,
    refused_layoff   int    NOT NULL,
    refused_inactive int    NOT NULL,
    refused_other    int    NOT NULL,
    adjusted         int    NOT NULL,
    PRIMARY KEY (tenant_id, day)
);
CREATE TABLE report_clock_ytd (
    tenant_id   uuid   NOT NULL,
    month       date   NOT NULL, -- the first day; the sums run from January of its year
    employee_id uuid   NOT NULL,
    months      int    NOT NULL,
    days        int    NOT NULL,
    marks       int    NOT NULL,
    late        int    NOT NULL,
    missing     int    NOT NULL,
    refused     int    NOT NULL,
    PRIMARY KEY (tenant_id, month, employee_id)
);
INSERT INTO report_clock_tenant_days
SELECT tenant_id, day, count(*), sum(people), sum(marks), sum(late), sum(missing), sum(refused_area), sum(refused_layoff),
       sum(refused_inactive), sum(refused_other), sum(adjusted)
FROM report_clock_days GROUP BY 1, 2;
INSERT INTO report_clock_ytd
SELECT r.tenant_id, m.m::date, r.employee_id, count(*), sum(r.days), sum(r.marks), sum(r.late), sum(r.missing), sum(r.refused)
FROM report_clock_months r,
     generate_series(r.month::timestamp, date_trunc('year', r.month::timestamp) + interval '11 months', interval '1 month') m(m)
GROUP BY 1, 2, 3;
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['report_clock_tenant_days', 'report_clock_ytd'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- The tables are unqualified: a shadow rebuild's search_path finds its own copies first. The
-- rows a statement inserted count once, those it deleted less once, and those it updated as
-- the new less the old (sign).
-- +goose StatementBegin
CREATE FUNCTION report_clock_tenant_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    src text := CASE TG_OP
        WHEN 'INSERT' THEN '(SELECT n.*, 1 AS sign FROM new_rows n)'
        WHEN 'UPDATE' THEN '(SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 FROM old_rows o)'
        ELSE '(SELECT o.*, -1 AS sign FROM old_rows o)' END;
BEGIN
    -- One statement for the three kinds; only the transition tables the trigger has are named.
    EXECUTE format('
        INSERT INTO report_clock_tenant_days AS g
        SELECT c.tenant_id, c.day, sum(c.sign), sum(c.sign * c.people), sum(c.sign * c.marks), sum(c.sign * c.late), sum(c.sign * c.missing),
               sum(c.sign * c.refused_area), sum(c.sign * c.refused_layoff), sum(c.sign * c.refused_inactive), sum(c.sign * c.refused_other),
               sum(c.sign * c.adjusted)
        FROM %s c
        GROUP BY 1, 2
        ON CONFLICT (tenant_id, day) DO UPDATE SET groups = g.groups + excluded.groups, people = g.people + excluded.people,
            marks = g.marks + excluded.marks, late = g.late + excluded.late, missing = g.missing + excluded.missing,
            refused_area = g.refused_area + excluded.refused_area, refused_layoff = g.refused_layoff + excluded.refused_layoff,
            refused_inactive = g.refused_inactive + excluded.refused_inactive, refused_other = g.refused_other + excluded.refused_other,
            adjusted = g.adjusted + excluded.adjusted', src);
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- A month row counts in its own month and every later month of its year.
-- +goose StatementBegin
CREATE FUNCTION report_clock_ytd_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    src text := CASE TG_OP
        WHEN 'INSERT' THEN '(SELECT n.*, 1 AS sign FROM new_rows n)'
        WHEN 'UPDATE' THEN '(SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 FROM old_rows o)'
        ELSE '(SELECT o.*, -1 AS sign FROM old_rows o)' END;
BEGIN
    -- One statement for the three kinds; only the transition tables the trigger has are named.
    EXECUTE format('
        INSERT INTO report_clock_ytd AS g
        SELECT c.tenant_id, m.m::date, c.employee_id, sum(c.sign), sum(c.sign * c.days), sum(c.sign * c.marks), sum(c.sign * c.late),
               sum(c.sign * c.missing), sum(c.sign * c.refused)
        FROM %s c,
             generate_series(c.month::timestamp, date_trunc(''year'', c.month::timestamp) + interval ''11 months'', interval ''1 month'') m(m)
        GROUP BY 1, 2, 3
        ON CONFLICT (tenant_id, month, employee_id) DO UPDATE SET months = g.months + excluded.months, days = g.days + excluded.days,
            marks = g.marks + excluded.marks, late = g.late + excluded.late, missing = g.missing + excluded.missing,
            refused = g.refused + excluded.refused', src);
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER report_clock_days_rollup_insert AFTER INSERT ON report_clock_days
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clock_tenant_days_add();
CREATE TRIGGER report_clock_days_rollup_update AFTER UPDATE ON report_clock_days
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clock_tenant_days_add();
CREATE TRIGGER report_clock_days_rollup_delete AFTER DELETE ON report_clock_days
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clock_tenant_days_add();
CREATE TRIGGER report_clock_months_rollup_insert AFTER INSERT ON report_clock_months
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clock_ytd_add();
CREATE TRIGGER report_clock_months_rollup_update AFTER UPDATE ON report_clock_months
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clock_ytd_add();
CREATE TRIGGER report_clock_months_rollup_delete AFTER DELETE ON report_clock_months
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clock_ytd_add();

-- +goose Down
DROP TRIGGER report_clock_months_rollup_delete ON report_clock_months;
DROP TRIGGER report_clock_months_rollup_update ON report_clock_months;
DROP TRIGGER report_clock_months_rollup_insert ON report_clock_months;
DROP TRIGGER report_clock_days_rollup_delete ON report_clock_days;
DROP TRIGGER report_clock_days_rollup_update ON report_clock_days;
DROP TRIGGER report_clock_days_rollup_insert ON report_clock_days;
DROP FUNCTION report_clock_ytd_add();
DROP FUNCTION report_clock_tenant_days_add();
DROP TABLE report_clock_ytd, report_clock_tenant_days;
