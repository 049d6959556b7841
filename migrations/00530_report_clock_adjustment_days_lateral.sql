-- +goose Up
-- report_clock_adjustment_days_refresh (00460) found a day's approved adjustment requests as
-- "the adjustment steps of the requests IN (those with an adjustment step decided that day)",
-- with origin = 12 in each scan. Where report_approval_steps' statistics were taken before it
-- held an adjustment request (autovacuum analyzing a fresh table early in a replay or shadow
-- rebuild, or the bench's tables before their fill), the planner takes the partial indexes of
-- origin 12 to be empty and drove that semi-join from every adjustment step of the tenant, by
-- those indexes, for each one: over the bench's 30,000 adjustment steps, 10 days of it ran
-- for more than 60 s (more than 15 minutes for the bench's 189). Here each level is a loop
-- driven by the one above it, whatever the row estimates: per day, the steps sent (step 0)
-- and the requests with a step decided that day (the indexes of all steps by opened_at and
-- decided_at, origin 12 tested on the rows: with origin 12 left out of the scans' WHERE the
-- partial indexes cannot be picked); then per request an aggregate over its own steps (the
-- primary key, tenant_id and request_id). An aggregate in a LATERAL subquery is not flattened
-- into a join. The counts are those of 00460: a request's steps all have its origin, and the
-- FILTERs count only those of origin 12 as 00460's WHERE did. On the bench's 180,000 steps
-- and 189 days, without statistics, analyzed or analyzed stale, it reads ~183,000 buffers in
-- 0.8 to 1.3 s, as 00460 does when its plan is the good one.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION report_clock_adjustment_days_refresh(tenants uuid[], days date[]) RETURNS void LANGUAGE sql AS $$
DELETE FROM report_clock_adjustment_days r
USING unnest(tenants, days) AS c(tenant_id, day)
WHERE r.tenant_id = c.tenant_id AND r.day = c.day;
INSERT INTO report_clock_adjustment_days (tenant_id, day, asked, approved)
SELECT c.tenant_id, c.day, a.n, p.n
FROM (SELECT DISTINCT tenant_id, day FROM unnest(tenants, days) AS c(tenant_id, day)) c
CROSS JOIN LATERAL (SELECT c.day::timestamp AT TIME ZONE 'UTC' AS lo, (c.day + 1)::timestamp AT TIME ZONE 'UTC' AS hi) w
CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE s.origin = 12) AS n FROM report_approval_steps s
    WHERE s.tenant_id = c.tenant_id AND s.step = 0 AND s.opened_at >= w.lo AND s.opened_at < w.hi) a
CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE r.approved AND r.last >= w.lo AND r.last < w.hi) AS n
    FROM (SELECT d.request_id FROM report_approval_steps d
          WHERE d.tenant_id = c.tenant_id AND d.decided_at >= w.lo AND d.decided_at < w.hi
          GROUP BY 1 HAVING bool_or(d.origin = 12)) q
    CROSS JOIN LATERAL (
        SELECT bool_and(s.outcome = 'approved') FILTER (WHERE s.origin = 12) AS approved, max(s.decided_at) FILTER (WHERE s.origin = 12) AS last
        FROM report_approval_steps s
        WHERE s.tenant_id = c.tenant_id AND s.request_id = q.request_id) r) p
WHERE a.n > 0 OR p.n > 0;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION report_clock_adjustment_days_refresh(tenants uuid[], days date[]) RETURNS void LANGUAGE sql AS $$
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
