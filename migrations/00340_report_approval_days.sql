-- +goose Up
-- The tenant-wide approvals report's rollup of report_approval_steps per UTC day and step
-- kind: the requests sent that day (their first step opened) and the steps decided that day,
-- with each decision's time in hours, so that the report's exact percentiles read a row a
-- day and kind rather than every step of the period (a year of a 5,000-person tenant is
-- 50,000 decided steps). projections/requests/report.go keeps it by counting each touched
-- day again from the steps; the report reads the steps themselves for the hours of a period
-- that do not make whole UTC days (a session time zone other than UTC) and for the team,
-- self, unit and department scopes.
CREATE TABLE report_approval_days (
    tenant_id uuid   NOT NULL,
    day       date   NOT NULL, -- UTC
    kind      text   NOT NULL,
    sent      int    NOT NULL DEFAULT 0, -- step 0 of this kind opened that day
    decided   int    NOT NULL DEFAULT 0, -- steps of this kind decided that day
    approved  int    NOT NULL DEFAULT 0,
    rejected  int    NOT NULL DEFAULT 0,
    hours     float8[] NOT NULL DEFAULT '{}', -- each decided step's time to decision, hours, in order
    PRIMARY KEY (tenant_id, day, kind)
);
ALTER TABLE report_approval_days ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_approval_days USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT ON report_approval_days TO portal_app;

INSERT INTO report_approval_days (tenant_id, day, kind, sent, decided, approved, rejected, hours)
SELECT tenant_id, day, kind, count(*) FILTER (WHERE sent), count(*) FILTER (WHERE NOT sent),
       count(*) FILTER (WHERE NOT sent AND outcome = 'approved'), count(*) FILTER (WHERE NOT sent AND outcome = 'rejected'),
       coalesce(array_agg(hours ORDER BY hours) FILTER (WHERE NOT sent), '{}')
FROM (SELECT tenant_id, (opened_at AT TIME ZONE 'UTC')::date AS day, kind, true AS sent, outcome, NULL::float8 AS hours
      FROM report_approval_steps WHERE step = 0
      UNION ALL
      SELECT tenant_id, (decided_at AT TIME ZONE 'UTC')::date, kind, false, outcome, (extract(epoch FROM decided_at - opened_at) / 3600)::float8
      FROM report_approval_steps WHERE decided_at IS NOT NULL) x
GROUP BY 1, 2, 3;

-- +goose Down
DROP TABLE report_approval_days;
