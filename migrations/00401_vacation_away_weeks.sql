-- +goose Up
-- The vacations report's rollup of who is away each week: one row per employee and week
-- (the Monday) that a scheduled leave of theirs touches, with the first day of the earliest
-- such leave (a leave starting after the report's last day, in its last week, does not count
-- yet). The report reads these rows for the weeks of its period instead of expanding every
-- scheduled leave of the tenant into its weeks, and needs no count(DISTINCT) of the people
-- of a week: a person is one row a week whatever their leaves. The key serves the
-- projection, which makes a person's rows again; the week index covers what the report
-- reads, so the report scans that index alone.
CREATE TABLE vacation_away_weeks (
    tenant_id   uuid NOT NULL,
    employee_id uuid NOT NULL,
    week        date NOT NULL,
    start_date  date NOT NULL,
    PRIMARY KEY (tenant_id, employee_id, week)
);
CREATE INDEX vacation_away_weeks_week_idx ON vacation_away_weeks (tenant_id, week) INCLUDE (employee_id, start_date);
ALTER TABLE vacation_away_weeks ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON vacation_away_weeks USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT ON vacation_away_weeks TO portal_app;

-- vacation_away_refresh makes the rows of the given employees again from their scheduled
-- leaves, writing only the rows that change; the vacations projection calls it after each
-- batch with vacation_standing_refresh.
-- +goose StatementBegin
CREATE FUNCTION vacation_away_refresh(tenants uuid[], employees uuid[]) RETURNS void LANGUAGE sql AS $$
DELETE FROM vacation_away_weeks a
USING (SELECT DISTINCT tenant_id, employee_id FROM unnest(tenants, employees) AS k(tenant_id, employee_id)) k
WHERE a.tenant_id = k.tenant_id AND a.employee_id = k.employee_id
  AND NOT EXISTS (SELECT FROM vacation_leaves l
                  WHERE l.tenant_id = a.tenant_id AND l.employee_id = a.employee_id AND l.status = 'scheduled'
                    AND date_trunc('week', l.start_date::timestamp)::date <= a.week AND l.end_date >= a.week);
INSERT INTO vacation_away_weeks (tenant_id, employee_id, week, start_date)
SELECT l.tenant_id, l.employee_id, w::date, min(l.start_date)
FROM (SELECT DISTINCT tenant_id, employee_id FROM unnest(tenants, employees) AS k(tenant_id, employee_id)) k
JOIN vacation_leaves l ON l.tenant_id = k.tenant_id AND l.employee_id = k.employee_id AND l.status = 'scheduled'
CROSS JOIN LATERAL generate_series(date_trunc('week', l.start_date::timestamp), l.end_date::timestamp, interval '7 days') w
GROUP BY 1, 2, 3
ORDER BY 1, 3
ON CONFLICT (tenant_id, employee_id, week) DO UPDATE SET start_date = excluded.start_date
WHERE vacation_away_weeks.start_date <> excluded.start_date;
$$;
-- +goose StatementEnd

SELECT vacation_away_refresh(array_agg(tenant_id), array_agg(employee_id))
FROM (SELECT DISTINCT tenant_id, employee_id FROM vacation_leaves WHERE status = 'scheduled') x;

-- +goose Down
DROP FUNCTION vacation_away_refresh(uuid[], uuid[]);
DROP TABLE vacation_away_weeks;
