package reports_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/eventstore"
	"portal/platform/db"
	reportsproj "portal/projections/reports"
	requestsproj "portal/projections/requests"
	"portal/seed"
)

// recountApprovalDays is report_approval_days as it follows from report_approval_steps (the
// hours in order, so that a live table and its shadow rebuild compare equal): what the rollup
// must equal, whichever path wrote it.
const recountApprovalDays = `
SELECT tenant_id, day, kind, count(*) FILTER (WHERE sent) AS sent, count(*) FILTER (WHERE NOT sent) AS decided,
       count(*) FILTER (WHERE NOT sent AND outcome = 'approved') AS approved, count(*) FILTER (WHERE NOT sent AND outcome = 'rejected') AS rejected,
       coalesce(array_agg(hours ORDER BY hours) FILTER (WHERE NOT sent), '{}') AS hours
FROM (SELECT tenant_id, (opened_at AT TIME ZONE 'UTC')::date AS day, kind, true AS sent, outcome, NULL::float8 AS hours
      FROM report_approval_steps WHERE step = 0
      UNION ALL
      SELECT tenant_id, (decided_at AT TIME ZONE 'UTC')::date, kind, false, outcome, (extract(epoch FROM decided_at - opened_at) / 3600)::float8
      FROM report_approval_steps WHERE decided_at IS NOT NULL) x
GROUP BY 1, 2, 3`

const storedApprovalDays = `
SELECT tenant_id, day, kind, sent, decided, approved, rejected, hours FROM report_approval_days`

// approvalDaysDiff counts the rows of the rollup and of the recount that the other lacks.
func approvalDaysDiff(t *testing.T, ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}) (rows, missing, extra int) {
	t.Helper()
	err := q.QueryRow(ctx, fmt.Sprintf(`
WITH s AS (%s), r AS (%s)
SELECT (SELECT count(*) FROM s), (SELECT count(*) FROM (TABLE r EXCEPT TABLE s) m), (SELECT count(*) FROM (TABLE s EXCEPT TABLE r) e)`,
		storedApprovalDays, recountApprovalDays)).Scan(&rows, &missing, &extra)
	if err != nil {
		t.Fatal(err)
	}
	return rows, missing, extra
}

// The approvals report's rollup (report_approval_days) is what the steps make of the events,
// after a replay and after the same events applied one at a time as they are live; and the
// tenant-wide report read from it is the report read from the steps, in UTC and in time zones
// whose days are not UTC days.
func TestApprovalDaysRollup(t *testing.T) {
	e := newReportsEnv(t)
	ctx := context.Background()

	rows, missing, extra := approvalDaysDiff(t, ctx, e.DB.Pool)
	if rows < 50 || missing != 0 || extra != 0 {
		t.Fatalf("after a replay: %d rollup rows, %d missing, %d extra", rows, missing, extra)
	}
	var replayed string
	if err := e.DB.Pool.QueryRow(ctx, `SELECT md5(string_agg(x::text, ',' ORDER BY x::text)) FROM (`+storedApprovalDays+`) x`).Scan(&replayed); err != nil {
		t.Fatal(err)
	}

	// Live: every request event applied alone, in log order, after a reset.
	p := requestsproj.Report{}
	tx, err := e.DB.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if err := p.Reset(ctx, tx); err != nil {
		t.Fatal(err)
	}
	var after eventstore.Cursor
	applied := 0
	for {
		page, err := e.Store.ReadAll(ctx, after, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, ev := range page {
			if strings.HasPrefix(ev.Type, "request.") {
				if err := p.Apply(ctx, tx, []eventstore.RecordedEvent{ev}); err != nil {
					t.Fatal(err)
				}
				applied++
			}
		}
		after = page[len(page)-1].Cursor
	}
	rows, missing, extra = approvalDaysDiff(t, ctx, tx)
	var live string
	if err := tx.QueryRow(ctx, `SELECT md5(string_agg(x::text, ',' ORDER BY x::text)) FROM (`+storedApprovalDays+`) x`).Scan(&live); err != nil {
		t.Fatal(err)
	}
	if applied < 100 || missing != 0 || extra != 0 || live != replayed {
		t.Fatalf("live, %d events one at a time: %d rollup rows, %d missing, %d extra; same as the replay: %v", applied, rows, missing, extra, live == replayed)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}

	// The report from the rollup against the report from the steps (the queries it had).
	var tenant string
	if err := e.DB.Pool.QueryRow(ctx, `SELECT id::text FROM tenants WHERE access_code = $1`, seed.DemoCode).Scan(&tenant); err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC().Truncate(24 * time.Hour)
	for _, zone := range []string{"UTC", "America/Sao_Paulo", "Asia/Kathmandu", "Pacific/Kiritimati"} {
		for _, from := range []time.Time{today.AddDate(-1, 0, 1), today.AddDate(0, -1, 0), today.AddDate(0, 0, -6), today} {
			q := reportsproj.ReportQuery{Scope: "tenant", From: from, To: today, Now: time.Now()}
			err := db.InTenant(ctx, e.DB.Pool, tenant, func(tx pgx.Tx) error {
				if _, err := tx.Exec(ctx, "SET LOCAL TimeZone = '"+zone+"'"); err != nil {
					return err
				}
				got, err := reportsproj.Reports{}.Approvals(ctx, tx, q)
				if err != nil {
					return err
				}
				want := reportsproj.ApprovalsReport{Times: []reportsproj.DecisionTimes{}}
				rows, err := tx.Query(ctx, `
SELECT t.kind, count(*), count(*) FILTER (WHERE t.outcome = 'approved'), count(*) FILTER (WHERE t.outcome = 'rejected'),
       percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY extract(epoch FROM t.decided_at - t.opened_at) / 3600)
FROM report_approval_steps t
WHERE t.tenant_id = (SELECT app_tenant()) AND t.decided_at >= $1::date::timestamptz AND t.decided_at < ($2::date + 1)::timestamptz
GROUP BY 1 ORDER BY 1`, q.From, q.To)
				if err != nil {
					return err
				}
				for rows.Next() {
					var d reportsproj.DecisionTimes
					var approved, rejected int
					var hours []float64
					if err := rows.Scan(&d.Kind, &d.Decided, &approved, &rejected, &hours); err != nil {
						return err
					}
					d.P50Hours, d.P90Hours = round1(hours[0]), round1(hours[1])
					want.Times = append(want.Times, d)
					want.Approved, want.Rejected = want.Approved+approved, want.Rejected+rejected
				}
				if err := rows.Err(); err != nil {
					return err
				}
				if err := tx.QueryRow(ctx, `
SELECT count(*) FROM report_approval_steps t
WHERE t.tenant_id = (SELECT app_tenant()) AND t.step = 0 AND t.opened_at >= $1::date::timestamptz AND t.opened_at < ($2::date + 1)::timestamptz`,
					q.From, q.To).Scan(&want.Opened); err != nil {
					return err
				}
				if !reflect.DeepEqual(got.Times, want.Times) || got.Opened != want.Opened || got.Approved != want.Approved || got.Rejected != want.Rejected {
					return fmt.Errorf("from %s: times %+v opened %d approved %d rejected %d; from the steps %+v %d %d %d",
						from.Format(time.DateOnly), got.Times, got.Opened, got.Approved, got.Rejected, want.Times, want.Opened, want.Approved, want.Rejected)
				}
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", zone, err)
			}
		}
	}
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
