-- +goose Up
-- report_clock_ytd (00390) is read a month at a time: the whole tenant's clock report reads
-- every employee's row of a few months (a year: 3 months, 14,625 rows of the bench's 5,000
-- people). Its trigger wrote a statement's rows in the order of its GROUP BY's hash, so a
-- month's rows were spread over every page of the table (14,625 rows on 1,827 of 2,106 pages)
-- and the report visited nearly all of them. Written in key order (tenant, month, employee), a
-- statement that writes many (the projection's replay batches, a first fill) lays each
-- month's rows on pages of their own (the same rows on ~170 pages). The sums are those of
-- 00390; only the order of the writes changes.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION report_clock_ytd_add() RETURNS trigger LANGUAGE plpgsql AS $$
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
        ORDER BY 1, 2, 3
        ON CONFLICT (tenant_id, month, employee_id) DO UPDATE SET months = g.months + excluded.months, days = g.days + excluded.days,
            marks = g.marks + excluded.marks, late = g.late + excluded.late, missing = g.missing + excluded.missing,
            refused = g.refused + excluded.refused', src);
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION report_clock_ytd_add() RETURNS trigger LANGUAGE plpgsql AS $$
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
