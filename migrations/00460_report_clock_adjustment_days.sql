-- +goose Up
-- The tenant-wide time-clock report counts the punch-adjustment requests (origin 12) asked
-- (step 0 opened) and approved (every step approved, the last decision) in its period. Read
-- from report_approval_steps, that was every adjustment step of the period and then every
-- step of those requests (three years of a 5,000-person tenant: ~20,000 steps, ~60,000
-- buffers, the report's largest read after 00390). This is those two counts per UTC day, kept
-- by the approvals report projection (projections/requests/report.go) as it keeps
-- report_approval_days: each UTC day a batch touches (the days its adjustment steps were
-- opened or decided, before and after) is counted again from the steps, by
-- report_clock_adjustment_days_refresh, so a batch applied again, a replay or a shadow
-- rebuild writes the same rows. A day without either has no row. The report reads it only
-- for the whole tenant without a unit or department filter, and reads the steps for the hours
-- of a period that do not make whole UTC days (a session time zone other than UTC), as the
-- approvals report does.
CREATE TABLE report_clock_adjustment_days (
    tenant_id uuid NOT NULL,
    day       date NOT NULL, -- UTC
    asked     int  NOT NULL, -- adjustment requests whose step 0 was opened that day
    approved  int  NOT NULL, -- adjustment requests with every step approved, the last that day
    PRIMARY KEY (tenant_id, day)
);
ALTER TABLE report_clock_adjustment_days ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_clock_adjustment_days USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT ON report_clock_adjustment_days TO portal_app;

-- report_clock_adjustment_days_refresh counts the given tenants' UTC days again from
-- report_approval_steps (the tables unqualified: a shadow rebuild's search_path finds its own
-- copies first). A request is approved on the day of its last decision when all its steps are
-- approved: the requests with a step decided that day, then all their steps.
-- +goose StatementBegin
CREATE FUNCTION report_clock_adjustment_days_refresh(tenants uuid[], days date[]) RETURNS void LANGUAGE sql AS $$
DELETE FROM report_clock_adjustment_days r
USING unnest(tenants, days) AS c(tenant_id, day)
WHERE r.tenant_id = c.tenant_id AND r.day = c.day;
INSERT INTO report_clock_adjustment_days (tenant_id, day, asked, approved)
SELECT c.tenant_id, c.day, a.n, p.n
FROM (SELECT DISTINCT tenant_id, day FROM unnest(tenants, days) AS c(tenant_id, day)) c
CROSS JOIN LATERAL (SELECT c.day::timestamp AT TIME ZONE 'UTC' AS lo, (c.day + 1)::timestamp AT TIME ZONE 'UTC' AS hi) w
CROSS JOIN LATERAL (
    SELECT count(*) AS n FROM report_approval_steps s
    WHERE s.tenant_id = c.tenant_id AND s.origin = 12 AND s.step = 0 AND s.opened_at >= w.lo AND s.opened_at < w.hi) a
CROSS JOIN LATERAL (
    SELECT count(*) AS n FROM (
        SELECT s.request_id FROM report_approval_steps s
        WHERE s.tenant_id = c.tenant_id AND s.origin = 12
          AND s.request_id IN (SELECT d.request_id FROM report_approval_steps d
                               WHERE d.tenant_id = c.tenant_id AND d.origin = 12 AND d.decided_at >= w.lo AND d.decided_at < w.hi)
        GROUP BY 1
        HAVING bool_and(s.outcome = 'approved') AND max(s.decided_at) >= w.lo AND max(s.decided_at) < w.hi) x) p
WHERE a.n > 0 OR p.n > 0;
$$;
-- +goose StatementEnd

SELECT report_clock_adjustment_days_refresh(array_agg(tenant_id), array_agg(day))
FROM (SELECT DISTINCT tenant_id, (opened_at AT TIME ZONE 'UTC')::date AS day FROM report_approval_steps WHERE origin = 12 AND step = 0
      UNION
      SELECT tenant_id, (decided_at AT TIME ZONE 'UTC')::date FROM report_approval_steps WHERE origin = 12 AND decided_at IS NOT NULL) x;

-- +goose Down
DROP FUNCTION report_clock_adjustment_days_refresh(uuid[], date[]);
DROP TABLE report_clock_adjustment_days;
