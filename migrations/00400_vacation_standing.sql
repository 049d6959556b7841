-- +goose Up
-- The vacations report's rollup of each employee's leaves and closed periods, kept on the
-- employee's vacation_entitlements row so that the report reads one row a person instead of
-- joining and summing every leave of the tenant (a 5,000-person tenant with three years kept
-- is 15,000 leaves). Only the event-dependent part is kept: how many periods a person has
-- acquired depends on the report's last day, and stays in the report's query.
--
-- used_before[i] is the days (days + abono) of the pending and scheduled leaves of the periods
-- below periods_from - 1 + i that are not closed, closed_before[i] how many of those periods
-- are closed; i runs from 1 (periods below periods_from, i.e. the lowest period with a leave
-- or a closure) to the last one (every period), so that for any k:
--   used below k = 0 when k < periods_from, else used_before[least(k - periods_from + 1, cardinality)]
-- and likewise for closed_before. Both are empty (and periods_from 0) with no leave or closure.
ALTER TABLE vacation_entitlements
    ADD COLUMN periods_from  int   NOT NULL DEFAULT 0,
    ADD COLUMN used_before   int[] NOT NULL DEFAULT '{}',
    ADD COLUMN closed_before int[] NOT NULL DEFAULT '{}';

-- vacation_standing_refresh counts the rollup of the given employees again from their leaves
-- and closures; the vacations projection calls it after each batch for the employees the batch
-- touched (so replay and a redelivered batch give the same rows), the bench fill as well. A
-- row already right is not written again.
-- +goose StatementBegin
CREATE FUNCTION vacation_standing_refresh(tenants uuid[], employees uuid[]) RETURNS void LANGUAGE sql AS $$
WITH k AS (
    SELECT DISTINCT tenant_id, employee_id FROM unnest(tenants, employees) AS k(tenant_id, employee_id)
), p AS (
    SELECT l.tenant_id, l.employee_id, l.period, sum(l.days + l.abono_days)::int AS used, 0 AS closed
    FROM k JOIN vacation_leaves l ON l.tenant_id = k.tenant_id AND l.employee_id = k.employee_id
    WHERE l.status IN ('pending', 'scheduled')
      AND NOT EXISTS (SELECT FROM vacation_closures c WHERE c.tenant_id = l.tenant_id AND c.employee_id = l.employee_id AND c.period = l.period)
    GROUP BY 1, 2, 3
    UNION ALL
    SELECT c.tenant_id, c.employee_id, c.period, 0, 1
    FROM k JOIN vacation_closures c ON c.tenant_id = k.tenant_id AND c.employee_id = k.employee_id
), b AS (
    SELECT tenant_id, employee_id, min(period) AS lo, max(period) AS hi FROM p GROUP BY 1, 2
), cum AS (
    SELECT b.tenant_id, b.employee_id, b.lo, g.k,
           sum(coalesce(p.used, 0)) OVER w AS used, sum(coalesce(p.closed, 0)) OVER w AS closed
    FROM b CROSS JOIN LATERAL generate_series(b.lo + 1, b.hi + 1) g(k)
    LEFT JOIN p ON p.tenant_id = b.tenant_id AND p.employee_id = b.employee_id AND p.period = g.k - 1
    WINDOW w AS (PARTITION BY b.tenant_id, b.employee_id ORDER BY g.k)
), s AS (
    SELECT tenant_id, employee_id, lo + 1 AS periods_from,
           array_agg(used::int ORDER BY k) AS used_before, array_agg(closed::int ORDER BY k) AS closed_before
    FROM cum GROUP BY 1, 2, 3
)
UPDATE vacation_entitlements v
SET periods_from = coalesce(s.periods_from, 0), used_before = coalesce(s.used_before, '{}'), closed_before = coalesce(s.closed_before, '{}')
FROM k LEFT JOIN s ON s.tenant_id = k.tenant_id AND s.employee_id = k.employee_id
WHERE v.tenant_id = k.tenant_id AND v.employee_id = k.employee_id
  AND (v.periods_from, v.used_before, v.closed_before)
      IS DISTINCT FROM (coalesce(s.periods_from, 0), coalesce(s.used_before, '{}'), coalesce(s.closed_before, '{}'))
$$;
-- +goose StatementEnd

SELECT vacation_standing_refresh(array_agg(tenant_id), array_agg(employee_id)) FROM vacation_entitlements;

-- +goose Down
DROP FUNCTION vacation_standing_refresh(uuid[], uuid[]);
ALTER TABLE vacation_entitlements DROP COLUMN periods_from, DROP COLUMN used_before, DROP COLUMN closed_before;
