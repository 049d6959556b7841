package seed_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	settingscmd "portal/commands/settings"
	"portal/domain/clock"
	"portal/domain/settings"
	ts "portal/domain/timesheet"
	"portal/projections"
	reportsproj "portal/projections/reports"
	settingsproj "portal/projections/settings"
	timesheetproj "portal/projections/timesheet"
	vacationsproj "portal/projections/vacations"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	"portal/seed"
)

// The demo seeded with its year of history reads as the product would have written it
// (issue 29): the log's actors are users of the tenant, each event is recorded at its
// business time (so the audit area's "as of" shows last month's state), the log's order
// follows time and its hash chains hold; the home page panel reads the banner's texts; and
// the vacations report shows a believable company.
func TestDemoHistoryAsTheProductWouldHaveWrittenIt(t *testing.T) {
	start := time.Now()
	e := readapitest.NewSeededWithHistory(t, "seed_history")
	t.Logf("seeded with history in %v", time.Since(start).Round(time.Millisecond))
	ctx := context.Background()
	now := time.Now()
	demo := seed.TenantID(seed.DemoCode)

	t.Run("actors_are_users_of_the_tenant", func(t *testing.T) {
		var total, users int
		if err := e.DB.Pool.QueryRow(ctx, `SELECT count(*), count(u.id) FROM events e
LEFT JOIN users u ON u.tenant_id = e.tenant_id AND u.id::text = e.actor
WHERE e.tenant_id = $1 AND e.actor <> ''`, demo).Scan(&total, &users); err != nil {
			t.Fatal(err)
		}
		if total < 50_000 || float64(users) < 0.99*float64(total) {
			t.Fatalf("%d of %d events name a user of the tenant as their actor", users, total)
		}
	})

	t.Run("recorded_at_business_time_in_log_order", func(t *testing.T) {
		var first, last time.Time
		var months, back int
		if err := e.DB.Pool.QueryRow(ctx, `SELECT min(recorded_at), max(recorded_at), count(DISTINCT date_trunc('month', recorded_at))
FROM events WHERE tenant_id = $1 AND stream NOT LIKE 'settings-%'`, demo).Scan(&first, &last, &months); err != nil {
			t.Fatal(err)
		}
		if first.After(now.AddDate(0, 0, -360)) || first.Before(now.AddDate(0, 0, -366)) || last.After(now) || months < 12 {
			t.Fatalf("recorded from %v to %v over %d months", first, last, months)
		}
		// Positions and recorded times grow together over the whole log.
		if err := e.DB.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE recorded_at < prev) FROM (
SELECT recorded_at, lag(recorded_at) OVER (ORDER BY transaction_id, position) AS prev FROM events) l`).Scan(&back); err != nil {
			t.Fatal(err)
		}
		if back != 0 {
			t.Fatalf("%d events recorded before the one ahead of them in the log", back)
		}
		rep, err := e.Store.VerifyChain(ctx, demo)
		if err != nil || rep.Broken != nil || rep.Events < 50_000 {
			t.Fatalf("portal verify: %+v %v", rep, err)
		}
	})

	t.Run("audit_as_of_last_month", func(t *testing.T) {
		livia := e.SignIn(t, seed.DemoCode, seed.UserLivia)
		// Marcos punches on a fixed schedule: a working day five weeks ago, as of its evening.
		day := now.In(clock.Zone).AddDate(0, 0, -35)
		for day.Weekday() == time.Saturday || day.Weekday() == time.Sunday {
			day = day.AddDate(0, 0, -1)
		}
		at := time.Date(day.Year(), day.Month(), day.Day(), 22, 0, 0, 0, clock.Zone)
		got := apitest.DecodeAs[struct {
			EventsThen, EventsNow int
			Then                  map[string]string
		}](t, e.Get(livia, "audit/asof", url.Values{"kind": {"punches"}, "id": {seed.EmployeeID(seed.DemoCode, seed.UserMarcos).String()},
			"at": {at.Format(time.RFC3339)}, "day": {day.Format(time.DateOnly)}}))
		if got.EventsThen == 0 || got.EventsThen >= got.EventsNow || len(got.Then) < 2 {
			t.Fatalf("Marcos's punches of %s as of %v: %+v", day.Format(time.DateOnly), at, got)
		}
		// The timeline's day filter finds that day's punches.
		tl := apitest.DecodeAs[struct{ Total int }](t, e.Get(livia, "audit/timeline", url.Values{"kind": {"punches"}, "id": {seed.EmployeeID(seed.DemoCode, seed.UserMarcos).String()},
			"from": {day.Format(time.DateOnly)}, "to": {day.Format(time.DateOnly)}}))
		if tl.Total < 2 || tl.Total > 6 {
			t.Fatalf("Marcos's punches filtered to %s: %d", day.Format(time.DateOnly), tl.Total)
		}
	})

	t.Run("home_panel_reads_the_banner_texts", func(t *testing.T) {
		helena := e.SignIn(t, seed.DemoCode, seed.UserHelena)
		// The panel reads the settings (authManagement/getConfig: the settings handler's Read).
		h, err := settingscmd.New(e.DB.Pool, settingsproj.Settings{}, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		read, err := h.Read(ctx, demo)
		if err != nil {
			t.Fatal(err)
		}
		banner := apitest.DecodeAs[map[string]any](t, e.Get(helena, "gen/HomePage/config", nil))
		for field, want := range seed.Home {
			if panel := read.State.Values[settings.KeyHome][field]; panel != want || banner[field] != want {
				t.Errorf("%s: the panel reads %v, the banner %v, want %q", field, panel, banner[field], want)
			}
		}
	})

	t.Run("a_believable_company_on_vacations", func(t *testing.T) {
		if _, err := projections.Replay(ctx, e.DB.Pool, e.Store, vacationsproj.New(), nil); err != nil {
			t.Fatal(err)
		}
		helena := e.SignIn(t, seed.DemoCode, seed.UserHelena)
		r := apitest.DecodeAs[reportsproj.VacationsReport](t, e.Get(helena, "reports/vacations", nil))
		most := 0
		for _, p := range r.People {
			most = max(most, p.Balance)
		}
		share := float64(r.Overdue) / float64(len(r.People))
		t.Logf("%d people, %d overdue (%.1f %%), largest balance %d days", len(r.People), r.Overdue, 100*share, most)
		if len(r.People) < 100 || share < 0.03 || share > 0.08 || most > 60 {
			t.Fatalf("%d of %d people overdue, a balance of %d days", r.Overdue, len(r.People), most)
		}
	})

	t.Run("ana_timesheet_shows_every_case", func(t *testing.T) {
		if _, err := projections.Replay(ctx, e.DB.Pool, e.Store, timesheetproj.New(), nil); err != nil {
			t.Fatal(err)
		}
		ana := seed.EmployeeID(seed.DemoCode, seed.UserAna)
		local := now.In(clock.Zone)
		today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
		var sum ts.Totals
		for k := 1; k <= 3; k++ {
			month := time.Date(today.Year(), today.Month()-time.Month(k), 1, 0, 0, 0, 0, time.UTC)
			var v timesheetproj.MonthView
			if err := pgx.BeginFunc(ctx, e.DB.Pool, func(tx pgx.Tx) (err error) {
				v, err = timesheetproj.Read(ctx, tx, demo, ana, month, today)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %+v closed %v signature %+v", month.Format("2006-01"), v.Totals, v.Closed, v.Signature)
			sum.Add(ts.Row{Overtime50: v.Totals.Overtime50, Late: v.Totals.Late, Early: v.Totals.Early, Excused: v.Totals.Excused})
			sum.AbsentDays += v.Totals.AbsentDays
			sum.DSRLost += v.Totals.DSRLost
			if k == 2 && (!v.Closed || v.Signature == nil || v.Signature.Superseded || v.Signature.Totals != v.Totals) {
				t.Errorf("the month before last is closed and signed as it stands: closed %v, signature %+v, totals %+v", v.Closed, v.Signature, v.Totals)
			}
			var hash string
			if err := e.DB.Pool.QueryRow(ctx, `SELECT rows_hash FROM timesheet_months WHERE tenant_id = $1 AND employee_id = $2 AND month = $3`,
				demo, ana, month).Scan(&hash); err != nil || hash != v.RowsHash {
				t.Errorf("%s: the month's stored hash %q (%v) is not the hash of the rows read %q", month.Format("2006-01"), hash, err, v.RowsHash)
			}
		}
		if sum.Overtime50 < 4*100 || sum.Late < 3*30 || sum.Early < 40 || sum.AbsentDays < 1 || sum.DSRLost < 1 || sum.Excused < 400 {
			t.Errorf("Ana's last three months miss a case: %+v", sum)
		}
		var night int
		if err := e.DB.Pool.QueryRow(ctx, `SELECT coalesce(sum(m.night), 0) FROM timesheet_months m
JOIN employees e ON e.tenant_id = m.tenant_id AND e.id = m.employee_id
WHERE m.tenant_id = $1 AND e.manager_id = $2 AND e.schedule_type = '12x36'`, demo, seed.EmployeeID(seed.DemoCode, seed.UserMarcos)).Scan(&night); err != nil {
			t.Fatal(err)
		}
		if night == 0 {
			t.Error("Ana's teammate on 12x36 has no night hours")
		}
	})
}
