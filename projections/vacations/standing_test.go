package vacations_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/commands/clocktest"
	"portal/domain/vacation"
	"portal/eventstore"
	"portal/projections"
	"portal/projections/projtest"
	vacationsproj "portal/projections/vacations"
)

// standingMismatches counts, for every entitlement and every period bound k around its
// periods, where the report's rollup (migrations/00400_vacation_standing.sql) read as the
// report reads it differs from the days and closed periods below k summed from the base rows.
const standingMismatches = `
SELECT count(*) FROM vacation_entitlements v, generate_series(-3, 12) k
WHERE (CASE WHEN k < v.periods_from THEN 0 ELSE coalesce(v.used_before[least(k - v.periods_from + 1, cardinality(v.used_before))], 0) END,
       CASE WHEN k < v.periods_from THEN 0 ELSE coalesce(v.closed_before[least(k - v.periods_from + 1, cardinality(v.closed_before))], 0) END)
   <> ((SELECT coalesce(sum(l.days + l.abono_days), 0) FROM vacation_leaves l
        WHERE l.tenant_id = v.tenant_id AND l.employee_id = v.employee_id AND l.status IN ('pending', 'scheduled') AND l.period < k
          AND NOT EXISTS (SELECT FROM vacation_closures c WHERE c.tenant_id = l.tenant_id AND c.employee_id = l.employee_id AND c.period = l.period)),
       (SELECT count(*) FROM vacation_closures c WHERE c.tenant_id = v.tenant_id AND c.employee_id = v.employee_id AND c.period < k))`

// The vacations report's per-person rollup equals what the leaves and closures give, after
// each live batch, after a redelivered batch and after a replay: leaves of several periods
// pending, approved, rejected and cancelled, a closed period whose leave stops counting, an
// employee with a closure and no leave and one with nothing.
func TestStandingRollupFollowsTheBaseRows(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2024, 5, 10, 12, 0, 0, 0, time.UTC)
	ana, bia, caio := uuid.New(), uuid.New(), uuid.New()
	ev := func(typ string, data vacation.EventData) eventstore.EventData {
		data.At = at
		raw, err := json.Marshal(data)
		if err != nil {
			t.Fatal(err)
		}
		return eventstore.EventData{ID: uuid.New(), Type: typ, Data: raw}
	}
	leave := func(period int, start string, days, abono int) (string, eventstore.EventData) {
		id := uuid.NewString()
		return id, ev(vacation.TypeRequested, vacation.EventData{ID: id, Start: start, Days: days, AbonoDays: abono, Period: period, By: "hr"})
	}
	l1, r1 := leave(0, "2024-06-03", 10, 5) // Monday to Wednesday 12
	l2, r2 := leave(1, "2024-06-05", 15, 0)
	l3, r3 := leave(1, "2024-07-01", 5, 0)
	l4, r4 := leave(2, "2024-07-10", 20, 0)
	l5, r5 := leave(3, "2024-06-12", 12, 0) // overlaps l1's second week
	_, r6 := leave(4, "2024-08-01", 30, 0)
	b1, rb1 := leave(0, "2024-06-13", 10, 0) // Thursday
	batches := []struct {
		employee uuid.UUID
		events   []eventstore.EventData
	}{
		{ana, []eventstore.EventData{ev(vacation.TypeOpened, vacation.EventData{EmployeeID: ana.String(), Hired: "2019-03-10"}), r1, r2}},
		{ana, []eventstore.EventData{ev(vacation.TypeApproved, vacation.EventData{ID: l1}), r3, ev(vacation.TypeStepApproved, vacation.EventData{ID: l2})}},
		{ana, []eventstore.EventData{ev(vacation.TypeRejected, vacation.EventData{ID: l3}), r4, ev(vacation.TypeApproved, vacation.EventData{ID: l4})}},
		{ana, []eventstore.EventData{ev(vacation.TypeCancelled, vacation.EventData{ID: l4}), r5, ev(vacation.TypeApproved, vacation.EventData{ID: l5})}},
		{ana, []eventstore.EventData{ev(vacation.TypePeriodClosed, vacation.EventData{Period: 0, Reason: "lost"}), r6}},
		{bia, []eventstore.EventData{ev(vacation.TypeOpened, vacation.EventData{EmployeeID: bia.String(), Hired: "2020-01-31"}),
			ev(vacation.TypePeriodClosed, vacation.EventData{Period: 2, Reason: "paid"}), rb1, ev(vacation.TypeApproved, vacation.EventData{ID: b1})}},
		{caio, []eventstore.EventData{ev(vacation.TypeOpened, vacation.EventData{EmployeeID: caio.String(), Hired: "2023-02-28"})}},
	}
	p := vacationsproj.New()
	check := func(when string) {
		t.Helper()
		if n := projtest.Count(t, d, standingMismatches); n != 0 {
			t.Fatalf("%s: %d period bounds where the rollup differs from the leaves", when, n)
		}
		// Who is away each week of a period, from the weeks rollup as the report reads it and
		// from the scheduled leaves as the report read them before it: a period of the year, a
		// week ending on a Tuesday (Bia's leave starting that Thursday is not in it yet, Ana's
		// Monday one is), a period from a Wednesday, and a period ending before it starts.
		for _, p := range [][2]string{{"2024-01-01", "2024-12-31"}, {"2024-06-05", "2024-06-11"}, {"2024-06-12", "2024-06-30"}, {"2024-06-20", "2024-06-18"}} {
			got := projtest.Texts(t, d, `SELECT coalesce(string_agg(week || ':' || who, ' ' ORDER BY week), '') FROM (
    SELECT a.week, string_agg(a.employee_id::text, ',' ORDER BY a.employee_id::text) AS who FROM vacation_away_weeks a
    WHERE a.tenant_id = $1 AND a.week BETWEEN date_trunc('week', $2::date::timestamp)::date AND $3 AND a.start_date <= $3 GROUP BY 1) x`, tenant.ID, p[0], p[1])
			want := projtest.Texts(t, d, `SELECT coalesce(string_agg(week || ':' || who, ' ' ORDER BY week), '') FROM (
    SELECT w::date AS week, string_agg(DISTINCT l.employee_id::text, ',' ORDER BY l.employee_id::text) AS who FROM vacation_leaves l
    CROSS JOIN LATERAL generate_series(greatest(date_trunc('week', l.start_date::timestamp), date_trunc('week', $2::date::timestamp)),
                                       least(l.end_date, $3::date)::timestamp, interval '7 days') w
    WHERE l.tenant_id = $1 AND l.status = 'scheduled' AND l.start_date <= $3 AND l.end_date >= date_trunc('week', $2::date::timestamp)::date
    GROUP BY 1) x`, tenant.ID, p[0], p[1])
			if got[0] != want[0] {
				t.Fatalf("%s: away %s..%s: the rollup gives %q, the leaves %q", when, p[0], p[1], got[0], want[0])
			}
		}
	}
	var rollup string
	const rollupSQL = `SELECT string_agg(employee_id::text || periods_from || used_before::text || closed_before::text, ';' ORDER BY employee_id)
    || (SELECT string_agg(week || employee_id::text || start_date, ';' ORDER BY week, employee_id) FROM vacation_away_weeks WHERE tenant_id = $1)
FROM vacation_entitlements WHERE tenant_id = $1`
	for i, b := range batches {
		meta := eventstore.Meta{Tenant: tenant.ID, Actor: "test"}
		if _, err := store.Append(ctx, meta, vacation.Stream(b.employee), eventstore.Any, b.events...); err != nil {
			t.Fatal(err)
		}
		all := projtest.Log(t, d, store)
		batch := all[len(all)-len(b.events):]
		projtest.Apply(t, d, ctx, p, batch)
		check("live")
		projtest.Apply(t, d, ctx, p, batch) // redelivered
		check("redelivered")
		if i == len(batches)-1 {
			rollup = projtest.Texts(t, d, rollupSQL, tenant.ID)[0]
		}
	}
	// Ana: period 0 closed (its leave no longer counts), 1 has 15 pending days, 2 nothing
	// (cancelled), 3 has 12 and 4 has 30: below period 1 no days, below 5 all 57.
	var from int
	var used, closed []int32
	if err := d.Pool.QueryRow(ctx, `SELECT periods_from, used_before, closed_before FROM vacation_entitlements WHERE tenant_id = $1 AND employee_id = $2`,
		tenant.ID, ana).Scan(&from, &used, &closed); err != nil {
		t.Fatal(err)
	}
	if from != 1 || len(used) != 5 || used[0] != 0 || used[1] != 15 || used[2] != 15 || used[3] != 27 || used[4] != 57 || closed[0] != 1 || closed[4] != 1 {
		t.Fatalf("Ana's rollup: from %d, used %v, closed %v", from, used, closed)
	}
	if _, err := projections.Replay(ctx, d.Pool, store, p, nil); err != nil {
		t.Fatal(err)
	}
	check("replayed")
	if got := projtest.Texts(t, d, rollupSQL, tenant.ID)[0]; got != rollup {
		t.Fatalf("replay gives\n%s\nlive gave\n%s", got, rollup)
	}
}
