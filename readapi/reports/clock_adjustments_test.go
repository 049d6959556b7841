package reports_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	rq "portal/domain/request"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections"
	"portal/projections/projtest"
	reportsproj "portal/projections/reports"
	requestsproj "portal/projections/requests"
)

// recountClockAdjustments is report_clock_adjustment_days as it follows from
// report_approval_steps: per UTC day, the adjustment requests (origin 12) whose step 0 was
// opened that day, and those with every step approved whose last decision was that day.
const recountClockAdjustments = `
SELECT tenant_id, day, coalesce(a.n, 0) AS asked, coalesce(p.n, 0) AS approved
FROM (SELECT tenant_id, (opened_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
      FROM report_approval_steps WHERE origin = 12 AND step = 0 GROUP BY 1, 2) a
FULL JOIN (SELECT tenant_id, day, count(*) AS n
           FROM (SELECT tenant_id, (max(decided_at) AT TIME ZONE 'UTC')::date AS day
                 FROM report_approval_steps WHERE origin = 12
                 GROUP BY tenant_id, request_id HAVING bool_and(outcome = 'approved')) r
           GROUP BY 1, 2) p USING (tenant_id, day)`

// clockAdjustmentsIn checks, over the tables of schema, report_clock_adjustment_days against
// the recount from the steps, and that it is not empty.
func clockAdjustmentsIn(t *testing.T, d *pgtest.DB, schema string) {
	t.Helper()
	s := pgx.Identifier{schema}.Sanitize()
	recount := fmt.Sprintf("SET LOCAL search_path = %s, public", s)
	err := pgx.BeginFunc(context.Background(), d.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(context.Background(), recount); err != nil {
			return err
		}
		var rows, missing, extra int
		if err := tx.QueryRow(context.Background(), `
WITH s AS (SELECT tenant_id, day, asked, approved FROM report_clock_adjustment_days), r AS (`+recountClockAdjustments+`)
SELECT (SELECT count(*) FROM s), (SELECT count(*) FROM (TABLE r EXCEPT TABLE s) m), (SELECT count(*) FROM (TABLE s EXCEPT TABLE r) e)`).
			Scan(&rows, &missing, &extra); err != nil {
			return err
		}
		if rows == 0 || missing != 0 || extra != 0 {
			return fmt.Errorf("%s.report_clock_adjustment_days: %d rows, %d missing, %d extra", schema, rows, missing, extra)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// adjustmentLog is the events of n requests of p's employee, most of them punch adjustments,
// sent around UTC midnights (so that days of other time zones cut them differently) and
// approved, rejected, approved then undone, left waiting at the second step or removed.
func adjustmentLog(p projtestPerson, n int) map[string][]eventstore.EventData {
	base := time.Date(2026, 3, 2, 21, 0, 0, 0, time.UTC)
	actor := rq.Actor{ID: p.UserID.String(), Hash: p.UserHash}
	ev := func(e rq.Event) eventstore.EventData {
		data, _ := json.Marshal(e)
		return eventstore.EventData{ID: uuid.New(), Type: e.EventType(), Data: data}
	}
	by := func(at time.Time) rq.By { return rq.By{Actor: actor, At: at} }
	out := map[string][]eventstore.EventData{}
	for i := 0; i < n; i++ {
		id := uuid.New()
		origin := rq.AjustePonto
		if i%5 == 4 {
			origin = rq.Reembolso
		}
		sent := base.AddDate(0, 0, i*3).Add(time.Duration(i%7) * time.Hour) // 21:00 to 03:00 UTC
		steps := []rq.Step{{Index: 0, Kind: rq.KindManager, Role: "manager", Designated: actor}, {Index: 1, Kind: rq.KindHR, Role: "pwa-rh-adm"}}
		es := []eventstore.EventData{
			ev(rq.Created{RequestID: id.String(), Origin: origin, Subject: rq.Subject{EmployeeID: p.EmployeeID.String(), UserID: p.UserID.String()}, By: by(sent)}),
			ev(rq.Sent{Steps: steps, By: by(sent)}),
		}
		first, second := sent.Add(time.Duration(3+i%4*5)*time.Hour), sent.Add(time.Duration(30+i%6*7)*time.Hour)
		switch i % 6 {
		case 0, 1: // approved
			es = append(es, ev(rq.StepApproved{Step: 0, Kind: rq.KindManager, By: by(first)}), ev(rq.StepApproved{Step: 1, Kind: rq.KindHR, Final: true, By: by(second)}))
		case 2: // rejected at the first step
			es = append(es, ev(rq.StepRejected{Step: 0, Kind: rq.KindManager, By: by(first)}))
		case 3: // approved, the last decision undone, approved again days later
			es = append(es, ev(rq.StepApproved{Step: 0, Kind: rq.KindManager, By: by(first)}), ev(rq.StepApproved{Step: 1, Kind: rq.KindHR, Final: true, By: by(second)}),
				ev(rq.DecisionUndone{Step: 1, By: by(second.Add(time.Hour))}))
			if i%4 == 3 {
				es = append(es, ev(rq.StepApproved{Step: 1, Kind: rq.KindHR, Final: true, By: by(second.AddDate(0, 0, 2))}))
			}
		case 4: // waiting at the second step
			es = append(es, ev(rq.StepApproved{Step: 0, Kind: rq.KindManager, By: by(first)}))
		case 5: // removed
			es = append(es, ev(rq.Removed{By: by(first)}))
		}
		out[rq.Stream(id)] = es
	}
	return out
}

// projtestPerson is the employee the requests are about.
type projtestPerson = struct {
	Tenant, UserID, EmployeeID uuid.UUID
	UserHash                   string
}

// clockAdjustmentsReadLikeTheSteps: the whole tenant's time-clock report (its adjustment
// counts read from report_clock_adjustment_days) counts, over periods in UTC and in time
// zones whose days are not UTC days, the adjustments the steps give (the query the other
// scopes read).
func clockAdjustmentsReadLikeTheSteps(t *testing.T, d *pgtest.DB, tenant uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	asked := 0
	for _, zone := range []string{"UTC", "America/Sao_Paulo", "Asia/Kathmandu", "Pacific/Kiritimati"} {
		for _, period := range [][2]string{{"2026-01-01", "2026-12-31"}, {"2026-03-03", "2026-03-20"}, {"2026-04-10", "2026-04-10"},
			{"2026-03-14", "2026-05-02"}, {"2026-05-01", "2026-03-01"}} {
			from, _ := time.Parse(time.DateOnly, period[0])
			to, _ := time.Parse(time.DateOnly, period[1])
			err := db.InTenant(ctx, d.Pool, tenant.String(), func(tx pgx.Tx) error {
				if _, err := tx.Exec(ctx, "SET LOCAL TimeZone = '"+zone+"'"); err != nil {
					return err
				}
				got, err := reportsproj.Reports{}.Clock(ctx, tx, reportsproj.ReportQuery{Scope: "tenant", From: from, To: to, Now: time.Now()})
				if err != nil {
					return err
				}
				var want [2]int
				if err := tx.QueryRow(ctx, `
WITH r AS (
    SELECT t.request_id, bool_and(t.outcome = 'approved') AS approved, max(t.decided_at) AS decided,
           min(t.opened_at) FILTER (WHERE t.step = 0) AS sent
    FROM report_approval_steps t WHERE t.tenant_id = (SELECT app_tenant()) AND t.origin = 12 GROUP BY 1)
SELECT count(*) FILTER (WHERE sent >= $1::date AND sent < $2::date + 1),
       count(*) FILTER (WHERE approved AND decided >= $1::date AND decided < $2::date + 1)
FROM r`, from, to).Scan(&want[0], &want[1]); err != nil {
					return err
				}
				if [2]int{got.Asked, got.Approved} != want {
					return fmt.Errorf("%s %v: asked %d approved %d; from the steps %v", zone, period, got.Asked, got.Approved, want)
				}
				if zone == "UTC" && period[0] == "2026-01-01" {
					asked = want[0]
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if asked == 0 {
		t.Fatal("no adjustment asked in 2026")
	}
}

// TestReportClockAdjustmentDays: report_clock_adjustment_days (migration 00460) is what the
// steps give after live batches (one event at a time, then the rest at once) with a department
// move between them, after a replay and after a shadow rebuild; and the report read from it is
// the report read from the steps.
func TestReportClockAdjustmentDays(t *testing.T) {
	d, store := projtest.DB(t)
	ctx := context.Background()
	person := projtest.Person(t, d)
	p := projtestPerson{Tenant: person.Tenant, UserID: person.UserID, EmployeeID: person.EmployeeID, UserHash: person.UserHash}
	meta := eventstore.Meta{Tenant: p.Tenant, Actor: "test"}
	for stream, es := range adjustmentLog(p, 48) {
		if _, err := store.Append(ctx, meta, stream, eventstore.NoStream, es...); err != nil {
			t.Fatal(err)
		}
	}
	var all []eventstore.RecordedEvent
	for _, e := range projtest.Log(t, d, store) {
		if rq.NewEvent(e.Type) != nil {
			all = append(all, e)
		}
	}
	r := requestsproj.Report{}
	half := len(all) / 2
	for _, e := range all[:half] {
		projtest.Apply(t, d, ctx, r, []eventstore.RecordedEvent{e})
	}
	clockAdjustmentsIn(t, d, "public")

	// The employee moves: the steps written from now on are the new department's.
	if _, err := d.Pool.Exec(ctx, `WITH d AS (INSERT INTO departments (tenant_id, id, name) VALUES ($1, $2, 'Other') RETURNING id)
UPDATE employees SET department_id = (SELECT id FROM d) WHERE tenant_id = $1 AND id = $3`, p.Tenant, uuid.New(), p.EmployeeID); err != nil {
		t.Fatal(err)
	}
	projtest.Apply(t, d, ctx, r, all[half:])
	clockAdjustmentsIn(t, d, "public")
	if n := projtest.Count(t, d, `SELECT count(DISTINCT department_id) FROM report_approval_steps WHERE tenant_id = $1`, p.Tenant); n != 2 {
		t.Fatalf("the steps are under %d departments, want 2", n)
	}
	rows := func() string {
		var s string
		if err := d.Pool.QueryRow(ctx, `SELECT string_agg(x::text, ';' ORDER BY x.day) FROM report_clock_adjustment_days x WHERE tenant_id = $1`,
			p.Tenant).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	live := rows()
	clockAdjustmentsReadLikeTheSteps(t, d, p.Tenant)

	if _, err := projections.Replay(ctx, d.Pool, store, r, nil); err != nil {
		t.Fatal(err)
	}
	clockAdjustmentsIn(t, d, "public")
	if again := rows(); again != live {
		t.Errorf("the replay's rollup differs from the live one:\n%s\n%s", again, live)
	}
	clockAdjustmentsReadLikeTheSteps(t, d, p.Tenant)

	diffs, err := projections.ReplayShadow(ctx, d.Pool, store, r, uuid.Nil, func(projections.ShadowProgress) {})
	if err != nil {
		t.Fatal(err)
	}
	clockAdjustmentsIn(t, d, "shadow_report_approvals")
	for _, df := range diffs {
		if df.Missing+df.Extra+df.Different != 0 {
			t.Errorf("the shadow rebuild differs: %+v", df)
		}
	}
}
