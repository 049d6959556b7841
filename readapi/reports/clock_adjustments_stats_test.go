package reports_test

import (
	"context"
	"fmt"
	"testing"

	"portal/projections/projtest"
)

// TestReportClockAdjustmentDaysStaleStatistics: report_clock_adjustment_days_refresh keeps its
// plan, reading each step of the days asked for a bounded number of times, on a copy of
// report_approval_steps whose statistics were taken before it held any adjustment request (as
// autovacuum may analyze a shadow rebuild's fresh table early in the log, or the bench's
// tables before its fill). There, the planner takes the partial indexes of origin 12 to be
// empty: 00460's semi-join then read every adjustment step once for each one (more than 15
// minutes over the bench's 30,000), where each level of 00530 is a loop driven by the one above
// it. The bound is on the tuples its scans read (index entries and rows of sequential scans,
// pg_stat_get_xact_tuples_returned), which the plan decides,
// not on time. The rows written are those the steps give.
func TestReportClockAdjustmentDaysStaleStatistics(t *testing.T) {
	d, _ := projtest.DB(t)
	ctx := context.Background()
	const schema = "stale_stats"
	var steps, read int64
	// One transaction, rolled back: the tables are never committed, so autovacuum cannot
	// analyze them again while the test runs.
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	err = func() error {
		for _, q := range []string{
			`SET LOCAL statement_timeout = '60s'`,
			`CREATE SCHEMA ` + schema,
			`CREATE TABLE ` + schema + `.report_approval_steps (LIKE public.report_approval_steps INCLUDING ALL)`,
			`CREATE TABLE ` + schema + `.report_clock_adjustment_days (LIKE public.report_clock_adjustment_days INCLUDING ALL)`,
			`SET LOCAL search_path = ` + schema + `, public`,
			// Two tenants' requests over about ten months, two steps each, one in six a punch
			// adjustment (origin 12): most approved, some rejected at the first step, some and
			// the last ones waiting at the second; sent and decided at every hour of the day.
			`CREATE TEMP TABLE steps AS
SELECT tenant_id, request_id, step, kind, origin, opened_at, outcome,
       CASE WHEN outcome <> 'waiting' THEN opened_at + (k % 50) * interval '1 hour' END AS decided_at
FROM (SELECT t.tenant_id, r.id AS request_id, s.step, s.kind, CASE WHEN k % 6 = 0 THEN 12 ELSE 8 END AS origin, k,
             r.at + s.step * interval '26 hours' AS opened_at,
             CASE WHEN k % 11 = 5 THEN (ARRAY['rejected', 'waiting'])[s.step + 1]
                  WHEN k % 7 = 3 OR k > 5800 THEN (ARRAY['approved', 'waiting'])[s.step + 1]
                  ELSE 'approved' END AS outcome
      FROM (VALUES ('a0000000-0000-4000-8000-000000000001'::uuid), ('a0000000-0000-4000-8000-000000000002'::uuid)) t(tenant_id),
           generate_series(1, 6000) k,
           LATERAL (SELECT gen_random_uuid() AS id, timestamptz '2025-01-01 00:00Z' + k * interval '73 minutes' AS at) r,
           (VALUES (0, 'manager'), (1, 'hr')) s(step, kind)) x`,
			// The statistics: taken on 2,000 steps of other requests only.
			`INSERT INTO report_approval_steps (tenant_id, request_id, step, kind, origin, opened_at, decided_at, outcome)
SELECT tenant_id, request_id, step, kind, origin, opened_at, decided_at, outcome FROM steps WHERE origin <> 12 ORDER BY opened_at LIMIT 2000`,
			`ANALYZE report_approval_steps`,
			`INSERT INTO report_approval_steps (tenant_id, request_id, step, kind, origin, opened_at, decided_at, outcome)
SELECT tenant_id, request_id, step, kind, origin, opened_at, decided_at, outcome FROM steps s
WHERE NOT EXISTS (SELECT FROM report_approval_steps x WHERE x.tenant_id = s.tenant_id AND x.request_id = s.request_id AND x.step = s.step)`,
		} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
		}
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM report_approval_steps`).Scan(&steps); err != nil {
			return err
		}
		// Every UTC day an adjustment step was sent or decided, as one batch.
		if _, err := tx.Exec(ctx, `CREATE TEMP TABLE days AS
SELECT array_agg(tenant_id) AS t, array_agg(day) AS d
FROM (SELECT tenant_id, (opened_at AT TIME ZONE 'UTC')::date AS day FROM steps WHERE origin = 12 AND step = 0
      UNION
      SELECT tenant_id, (decided_at AT TIME ZONE 'UTC')::date FROM steps WHERE origin = 12 AND decided_at IS NOT NULL) x`); err != nil {
			return err
		}
		var before int64
		// The index entries and the heap rows read by scans of the steps so far in this
		// transaction.
		readSoFar := `SELECT (SELECT sum(pg_stat_get_xact_tuples_returned(indexrelid)) FROM pg_index WHERE indrelid = '` + schema + `.report_approval_steps'::regclass)
     + pg_stat_get_xact_tuples_returned('` + schema + `.report_approval_steps'::regclass)`
		if err := tx.QueryRow(ctx, readSoFar).Scan(&before); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT report_clock_adjustment_days_refresh(t, d) FROM days`); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, readSoFar).Scan(&read); err != nil {
			return err
		}
		read -= before
		var rows, missing, extra int
		if err := tx.QueryRow(ctx, `
WITH s AS (SELECT tenant_id, day, asked, approved FROM report_clock_adjustment_days), r AS (`+recountClockAdjustments+`)
SELECT (SELECT count(*) FROM s), (SELECT count(*) FROM (TABLE r EXCEPT TABLE s) m), (SELECT count(*) FROM (TABLE s EXCEPT TABLE r) e)`).
			Scan(&rows, &missing, &extra); err != nil {
			return err
		}
		if rows < 300 || missing != 0 || extra != 0 {
			return fmt.Errorf("report_clock_adjustment_days: %d rows, %d missing, %d extra", rows, missing, extra)
		}
		return nil
	}()
	if err != nil {
		t.Fatal(err)
	}
	// Each step is read at most by its day's sent count, its decision day's requests and, for
	// an adjustment request, once per day its steps were decided: a few times the steps, where
	// the semi-join's plan read millions.
	if read == 0 || read > 4*steps {
		t.Errorf("the refresh read %d tuples of %d steps, want at most %d", read, steps, 4*steps)
	}
	t.Logf("%d steps, %d tuples read", steps, read)
}
