package reports_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/vacation"
	"portal/platform/db"
	"portal/projections"
	clockproj "portal/projections/clock"
	moodproj "portal/projections/mood"
	reportsproj "portal/projections/reports"
	requestsproj "portal/projections/requests"
	surveysproj "portal/projections/surveys"
	vacationsproj "portal/projections/vacations"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	"portal/seed"
)

// The HR reports on the seeded demo with a year of history: who sees what, the anonymity
// threshold, and bad input.

func newReportsEnv(t *testing.T) *readapitest.Seeded {
	t.Helper()
	start := time.Now()
	e := readapitest.NewSeededWithHistory(t, "readapi_reports")
	ctx := context.Background()
	t.Logf("seeded with history in %v", time.Since(start).Round(time.Millisecond))
	for _, p := range []projections.Projection{moodproj.Report{}, requestsproj.Report{}, surveysproj.Report{},
		clockproj.Report{}, vacationsproj.New()} {
		if _, err := projections.Replay(ctx, e.DB.Pool, e.Store, p, nil); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

func TestReports(t *testing.T) {
	e := newReportsEnv(t)
	helena := e.SignIn(t, seed.DemoCode, seed.UserHelena)
	marcos := e.SignIn(t, seed.DemoCode, seed.UserMarcos)
	ana := e.SignIn(t, seed.DemoCode, seed.UserAna)
	carla := e.SignIn(t, seed.AcmeCode, seed.UserCarla)

	t.Run("mood per department, team or self, with the anonymity threshold", func(t *testing.T) {
		hr := apitest.DecodeAs[reportsproj.MoodReport](t, e.Get(helena, "reports/mood", nil))
		if hr.Scope != "tenant" || len(hr.Rows) < 100 {
			t.Fatalf("HR mood report: scope %s, %d rows", hr.Scope, len(hr.Rows))
		}
		weeks, shown, hidden := map[string]bool{}, 0, 0
		for _, r := range hr.Rows {
			weeks[r.Week] = true
			if r.Group == "" {
				t.Fatalf("a department row without a name: %+v", r)
			}
			switch {
			case r.People < reportsproj.MinGroup && r.Humor != nil:
				t.Fatalf("a group of %d shows figures: %+v", r.People, r)
			case r.People >= reportsproj.MinGroup && (r.Humor == nil || *r.Humor < 1 || *r.Humor > 5):
				t.Fatalf("a group of %d without figures: %+v", r.People, r)
			case r.Humor == nil:
				hidden++
			default:
				shown++
			}
		}
		if len(weeks) < 50 || shown == 0 {
			t.Fatalf("%d weeks, %d groups shown, %d hidden", len(weeks), shown, hidden)
		}
		// The tenant's groups are a rollup of the employee-weeks: the same people and check-ins.
		var rows, checkins, people, groupCheckins int
		if err := e.DB.Pool.QueryRow(context.Background(), `SELECT (SELECT count(*) FROM report_mood_weekly), (SELECT sum(checkins) FROM report_mood_weekly),
       (SELECT sum(people) FROM report_mood_groups), (SELECT sum(checkins) FROM report_mood_groups)`).Scan(&rows, &checkins, &people, &groupCheckins); err != nil {
			t.Fatal(err)
		}
		if rows != people || checkins != groupCheckins {
			t.Fatalf("employee-weeks %d with %d check-ins, groups %d people with %d", rows, checkins, people, groupCheckins)
		}
		team := apitest.DecodeAs[reportsproj.MoodReport](t, e.Get(marcos, "reports/mood", nil))
		if team.Scope != "team" || len(team.Rows) < 40 || team.Rows[0].Group != "" {
			t.Fatalf("Marcos's team report: %+v", team.Rows[:min(2, len(team.Rows))])
		}
		self := apitest.DecodeAs[reportsproj.MoodReport](t, e.Get(ana, "reports/mood", nil))
		for _, r := range self.Rows {
			if r.People != 1 || r.Humor == nil {
				t.Fatalf("Ana's own row %+v", r)
			}
		}
		if self.Scope != "self" || len(self.Rows) < 30 {
			t.Fatalf("Ana's report: %s, %d rows", self.Scope, len(self.Rows))
		}
		// A period filter: one month.
		month := apitest.DecodeAs[reportsproj.MoodReport](t, e.Get(helena, "reports/mood", url.Values{
			"from": {time.Now().AddDate(0, -1, 0).Format(time.DateOnly)}, "to": {time.Now().Format(time.DateOnly)}}))
		w := map[string]bool{}
		for _, r := range month.Rows {
			w[r.Week] = true
		}
		if len(w) < 4 || len(w) > 6 {
			t.Fatalf("a month has %d weeks", len(w))
		}
	})

	t.Run("approvals: open per approver, time to decision, delegations", func(t *testing.T) {
		hr := apitest.DecodeAs[reportsproj.ApprovalsReport](t, e.Get(helena, "reports/approvals", nil))
		var marcosOpen bool
		for _, o := range hr.Open {
			if o.Approver == "Marcos Lima" && o.Items >= 1 {
				marcosOpen = true
			}
		}
		kinds := map[string]reportsproj.DecisionTimes{}
		for _, d := range hr.Times {
			kinds[d.Kind] = d
		}
		if !marcosOpen || kinds["manager"].Decided < 10 || kinds["hr"].Decided < 10 || kinds["manager"].P90Hours < kinds["manager"].P50Hours {
			t.Fatalf("approvals report: open %+v times %+v", hr.Open, hr.Times)
		}
		if hr.Approved == 0 || hr.Rejected == 0 || hr.Opened < 20 {
			t.Fatalf("totals %d opened, %d approved, %d rejected", hr.Opened, hr.Approved, hr.Rejected)
		}
		if len(hr.Delegations) == 0 {
			t.Fatal("no delegation: HR decides the buying step for the absent buyer")
		}
		self := apitest.DecodeAs[reportsproj.ApprovalsReport](t, e.Get(ana, "reports/approvals", nil))
		if self.Opened > hr.Opened || len(self.Open) == 0 {
			t.Fatalf("Ana's approvals %+v", self)
		}
	})

	t.Run("surveys: apitest.Response rate and eNPS, HR only", func(t *testing.T) {
		hr := apitest.DecodeAs[reportsproj.SurveysReport](t, e.Get(helena, "reports/surveys", nil))
		var found bool
		for _, s := range hr.Surveys {
			if s.Kind == "enps" && s.Completed == 4 {
				found = true
				if s.ENPS == nil || *s.ENPS != 25 || s.Invited < 4 || s.Rate <= 0 {
					t.Fatalf("eNPS figures %+v", s)
				}
			}
		}
		past := 0
		for _, s := range hr.Surveys {
			if s.Kind == "enps" && s.Completed > 40 && s.ENPS != nil && s.Rate > 30 && s.Rate <= 100 {
				past++
			}
		}
		if !found || past != 3 || len(hr.Trend) < 6 {
			t.Fatalf("surveys report: %d past quarterly eNPS, %d trend weeks: %+v", past, len(hr.Trend), hr.Surveys)
		}
		if r := e.Get(ana, "reports/surveys", nil); r.Status != http.StatusForbidden {
			t.Fatalf("Ana reads the surveys report: %d", r.Status)
		}
	})

	t.Run("time clock: punches per day, late, missing, refusals", func(t *testing.T) {
		hr := apitest.DecodeAs[reportsproj.ClockReport](t, e.Get(helena, "reports/clock", nil))
		var late, missing, marks int
		for _, d := range hr.Days {
			late, missing, marks = late+d.Late, missing+d.Missing, marks+d.Marks
		}
		if len(hr.Days) < 200 || marks < 50_000 || late == 0 || missing == 0 || hr.Refusals["fora_da_area"] == 0 || len(hr.People) == 0 {
			t.Fatalf("clock report: %d days, %d marks, %d late, %d missing, refusals %v", len(hr.Days), marks, late, missing, hr.Refusals)
		}
		// About one day in twelve is late: the report finds that share (± a few points).
		if share := float64(late) / float64(marks/4); share < 0.04 || share > 0.15 {
			t.Fatalf("late share %.3f", share)
		}
		// The rollups the tenant-wide report reads add up to the employee-days they roll up.
		var dayMarks, dayLate, dayMissing, monthMarks, monthLate, monthMissing int
		err := e.DB.Pool.QueryRow(context.Background(), `
SELECT (SELECT sum(marks) FROM report_clock_days), (SELECT sum(late) FROM report_clock_days), (SELECT sum(missing) FROM report_clock_days),
       (SELECT sum(marks) FROM report_clock_months), (SELECT sum(late) FROM report_clock_months), (SELECT sum(missing) FROM report_clock_months)`).
			Scan(&dayMarks, &dayLate, &dayMissing, &monthMarks, &monthLate, &monthMissing)
		if err != nil {
			t.Fatal(err)
		}
		var marksAll, lateAll, missingAll int
		if err := e.DB.Pool.QueryRow(context.Background(), `
SELECT sum(marks), count(*) FILTER (WHERE first_mark > expected_start + interval '10 minutes'),
       sum(greatest(expected_marks - marks, 0) * (marks > 0)::int) FROM report_clock_daily`).Scan(&marksAll, &lateAll, &missingAll); err != nil {
			t.Fatal(err)
		}
		if dayMarks != marksAll || monthMarks != marksAll || dayLate != lateAll || monthLate != lateAll || dayMissing != missingAll || monthMissing != missingAll {
			t.Fatalf("rollups %d/%d/%d (days) %d/%d/%d (months), employee-days %d/%d/%d",
				dayMarks, dayLate, dayMissing, monthMarks, monthLate, monthMissing, marksAll, lateAll, missingAll)
		}
		team := apitest.DecodeAs[reportsproj.ClockReport](t, e.Get(marcos, "reports/clock", nil))
		if len(team.People) == 0 || len(team.People) >= len(hr.People) && len(hr.People) < 100 {
			t.Fatalf("Marcos's team: %d people of %d", len(team.People), len(hr.People))
		}
	})

	t.Run("vacations: balances as the product folds them, who is away, abono and 13th", func(t *testing.T) {
		// HR closes an overdue period of one person and the running period of another first.
		today := time.Now().UTC().Truncate(24 * time.Hour)
		closing := map[vacation.PeriodStatus]bool{vacation.StatusOverdue: true, vacation.StatusInConcessive: true}
		for _, p := range apitest.DecodeAs[reportsproj.VacationsReport](t, e.Get(helena, "reports/vacations", nil)).People {
			var periods []vacation.Period
			err := db.InTenant(context.Background(), e.DB.Pool, helena.TenID, func(tx pgx.Tx) error {
				f, err := vacationsproj.Vacations{}.File(context.Background(), tx, uuid.MustParse(p.EmployeeID), today)
				periods = f.Entitlement.Periods(today)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, per := range periods {
				if closing[per.Status] {
					delete(closing, per.Status)
					body := fmt.Sprintf(`{"m01Ukey":%q,"periodo":%d,"motivo":"lost"}`, p.EmployeeID, per.Index)
					if r := e.Post(helena, "rh-app/ferias/fechar-periodo", body); r.Status != http.StatusOK {
						t.Fatalf("closing a period: %d %s", r.Status, r.Body)
					}
					break
				}
			}
		}
		if len(closing) > 0 {
			t.Fatalf("no period to close with status %v", closing)
		}
		if _, err := projections.Replay(context.Background(), e.DB.Pool, e.Store, vacationsproj.New(), nil); err != nil {
			t.Fatal(err)
		}
		hr := apitest.DecodeAs[reportsproj.VacationsReport](t, e.Get(helena, "reports/vacations", nil))
		if len(hr.People) < 100 || len(hr.Away) == 0 || hr.Abono == 0 || hr.AbonoDays < 10 || hr.Advance13 == 0 {
			t.Fatalf("vacations report: %d people, %d away weeks, abono %d/%d, 13th %d", len(hr.People), len(hr.Away), hr.Abono, hr.AbonoDays, hr.Advance13)
		}
		// Each balance, overdue count and next deadline is the one the vacation screens show (the
		// domain's fold of the same leaves and closures).
		overdue := 0
		err := db.InTenant(context.Background(), e.DB.Pool, helena.TenID, func(tx pgx.Tx) error {
			for _, p := range hr.People {
				f, err := vacationsproj.Vacations{}.File(context.Background(), tx, uuid.MustParse(p.EmployeeID), today)
				if err != nil {
					return err
				}
				days, next := 0, ""
				for _, per := range f.Entitlement.Periods(today) {
					switch {
					case per.Status == vacation.StatusOverdue:
						days += per.Remaining
					case next == "" && (per.Status == vacation.StatusInConcessive || per.Status == vacation.StatusExpiring):
						next = per.ConcessiveEnd.Format(time.DateOnly)
					}
				}
				got := ""
				if p.NextDeadline != nil {
					got = *p.NextDeadline
				}
				if want := f.Entitlement.Balance(today); p.Balance != want || p.OverdueDays != days || got != next {
					t.Errorf("%s: report balance %d, overdue %d, next %q; the product's %d, %d, %q", p.Name, p.Balance, p.OverdueDays, got, want, days, next)
				}
				if days > 0 {
					overdue++
				}
			}
			return nil
		})
		if overdue != hr.Overdue {
			t.Errorf("%d people overdue, the report says %d", overdue, hr.Overdue)
		}
		if err != nil {
			t.Fatal(err)
		}
	})

	t.Run("headcount and movement per month", func(t *testing.T) {
		hr := apitest.DecodeAs[reportsproj.HeadcountReport](t, e.Get(helena, "reports/headcount", nil))
		if len(hr.Months) != 12 && len(hr.Months) != 13 {
			t.Fatalf("%d months", len(hr.Months))
		}
		last := hr.Months[len(hr.Months)-1]
		var hires, leavers int
		for _, m := range hr.Months {
			hires, leavers = hires+m.Hires, leavers+m.Leavers
		}
		total := 0
		for _, g := range hr.Groups {
			total += g.Active
		}
		if last.Active < 100 || hires == 0 || leavers == 0 || total != last.Active {
			t.Fatalf("headcount %+v, %d hires, %d leavers, %d in groups", last, hires, leavers, total)
		}
		// Each month as counted from the people's own dates.
		rows, err := e.DB.Pool.Query(context.Background(), `SELECT hire_date, termination_date FROM employees WHERE tenant_id = $1`, helena.TenID)
		if err != nil {
			t.Fatal(err)
		}
		type dates struct{ hired, left *time.Time }
		people, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (dates, error) {
			var d dates
			return d, r.Scan(&d.hired, &d.left)
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range hr.Months {
			first, _ := time.Parse("2006-01", m.Month)
			last := first.AddDate(0, 1, -1)
			var want reportsproj.HeadcountMonth
			want.Month = m.Month
			for _, p := range people {
				in := func(d *time.Time) bool { return d != nil && !d.Before(first) && !d.After(last) }
				if in(p.hired) {
					want.Hires++
				}
				if in(p.left) {
					want.Leavers++
				}
				if p.hired != nil && !p.hired.After(last) && (p.left == nil || p.left.After(last)) {
					want.Active++
				}
			}
			if m != want {
				t.Errorf("headcount %+v, counted from the people %+v", m, want)
			}
		}
	})

	t.Run("a dashboard asks for its own level, never a wider one", func(t *testing.T) {
		own := apitest.DecodeAs[reportsproj.MoodReport](t, e.Get(helena, "reports/mood", url.Values{"scope": {"self"}}))
		if own.Scope != "self" {
			t.Fatalf("Helena's own dashboard: %s", own.Scope)
		}
		if r := e.Get(marcos, "reports/mood", url.Values{"scope": {"tenant"}}); r.Status != http.StatusForbidden {
			t.Fatalf("Marcos asks for the tenant: %d", r.Status)
		}
		if r := e.Get(ana, "reports/approvals", url.Values{"scope": {"team"}}); r.Status != http.StatusForbidden {
			t.Fatalf("Ana asks for a team: %d", r.Status)
		}
	})

	t.Run("another tenant never; bad input refused", func(t *testing.T) {
		acme := apitest.DecodeAs[reportsproj.MoodReport](t, e.Get(carla, "reports/mood", nil))
		if len(acme.Rows) != 0 {
			t.Fatalf("Carla reads mood rows: %+v", acme.Rows[0])
		}
		if r := e.Get(carla, "reports/mood", url.Values{"tenId": {helena.TenID}}); r.Status != http.StatusForbidden {
			t.Fatalf("a foreign tenId: %d", r.Status)
		}
		for _, q := range []url.Values{{"from": {"2026-13-01"}}, {"scope": {"everyone"}}, {"from": {"2026-05-02"}, "to": {"2026-05-01"}}, {"unit": {"x"}},
			{"from": {"2010-01-01"}, "to": {"2026-01-01"}}} {
			if r := e.Get(helena, "reports/approvals", q); r.Status != http.StatusBadRequest || len(r.ErrorBody(t).Errors) != 1 {
				t.Fatalf("%v: %d %s", q, r.Status, r.Body)
			}
		}
	})
}
