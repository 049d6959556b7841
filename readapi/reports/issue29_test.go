package reports_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/domain/clock"
	peopleproj "portal/projections/people"
	reportsproj "portal/projections/reports"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	"portal/seed"
)

// Issue 29: the surveys report's period, the mood report's complementary suppression, the
// headcount's default months, the clock report's day still going, and the pt-BR order of
// names and positions. The report rows are written straight into the read models.
func TestReportsIssue29(t *testing.T) {
	e := readapitest.NewSeeded(t, "readapi_reports29")
	ctx := context.Background()
	tenant := seed.TenantID(seed.DemoCode)
	helena := e.SignIn(t, seed.DemoCode, seed.UserHelena)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := e.DB.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("mood: a unit's figure is hidden when another unit of the group is under the threshold", func(t *testing.T) {
		week := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) // a Monday
		dept, a, b, c := uuid.New(), uuid.New(), uuid.New(), uuid.New()
		// Units A and B have 3 people each (humor 3 and 4), unit C one person (humor 1).
		for _, cell := range []struct {
			unit   uuid.UUID
			people int
			humor  float64
		}{{a, 3, 3}, {b, 3, 4}, {c, 1, 1}} {
			exec(`INSERT INTO report_mood_groups VALUES ($1, $2, $3, $4, $5, $5, $6, $6)`, tenant, week, dept, cell.unit, cell.people, cell.humor*float64(cell.people))
		}
		get := func(unit *uuid.UUID) *reportsproj.MoodRow {
			q := url.Values{"from": {week.Format(time.DateOnly)}, "to": {week.AddDate(0, 0, 6).Format(time.DateOnly)}, "dept": {dept.String()}}
			if unit != nil {
				q.Set("unit", unit.String())
			}
			rep := apitest.DecodeAs[reportsproj.MoodReport](t, e.Get(helena, "reports/mood", q))
			if len(rep.Rows) != 1 {
				t.Fatalf("rows %+v", rep.Rows)
			}
			return &rep.Rows[0]
		}
		total := get(nil)
		if total.People != 7 || total.Humor == nil {
			t.Fatalf("the department's week: %+v", total)
		}
		ra, rb := get(&a), get(&b)
		// The attack: total − A − B is C's one person. Before the fix A and B showed 3.0 and
		// 4.0 and (7×3.0 − 3×3 − 3×4) / 1 gave C's humor.
		if ra.Humor != nil || rb.Humor != nil {
			t.Fatalf("unit figures shown beside a unit of one: A %v, B %v (C derivable from the total %v)", *ra.Humor, *rb.Humor, *total.Humor)
		}
		if ra.People != 3 || rb.People != 3 {
			t.Fatalf("people A %d, B %d", ra.People, rb.People)
		}
		// With C at 3 people every unit is shown.
		exec(`UPDATE report_mood_groups SET people = 3, checkins = 3, humor_sum = 3, energy_sum = 3 WHERE business_unit_id = $1`, c)
		if r := get(&a); r.Humor == nil || *r.Humor != 3 {
			t.Fatalf("unit A with every unit at 3 or more: %+v", r)
		}
	})

	t.Run("mood of a team: the same attack by unit", func(t *testing.T) {
		marcos := e.SignIn(t, seed.DemoCode, seed.UserMarcos)
		week := time.Date(2026, 6, 8, 0, 0, 0, 0, time.UTC)
		manager, dept, a, b, c := seed.EmployeeID(seed.DemoCode, seed.UserMarcos), uuid.New(), uuid.New(), uuid.New(), uuid.New()
		for i, unit := range []uuid.UUID{a, a, a, b, b, b, c} {
			exec(`INSERT INTO report_mood_weekly (tenant_id, week, employee_id, department_id, business_unit_id, manager_id, checkins, humor_sum, energy_sum)
VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $7)`, tenant, week, uuid.New(), dept, unit, manager, 1+i%3)
		}
		get := func(unit *uuid.UUID) reportsproj.MoodRow {
			q := url.Values{"from": {week.Format(time.DateOnly)}, "to": {week.AddDate(0, 0, 6).Format(time.DateOnly)}}
			if unit != nil {
				q.Set("unit", unit.String())
			}
			rep := apitest.DecodeAs[reportsproj.MoodReport](t, e.Get(marcos, "reports/mood", q))
			if rep.Scope != "team" || len(rep.Rows) != 1 {
				t.Fatalf("team rows %+v", rep)
			}
			return rep.Rows[0]
		}
		if total := get(nil); total.People != 7 || total.Humor == nil {
			t.Fatalf("the team's week: %+v", total)
		}
		if ra, rb := get(&a), get(&b); ra.Humor != nil || rb.Humor != nil || ra.People != 3 {
			t.Fatalf("unit figures shown beside a unit of one: A %+v, B %+v", ra, rb)
		}
	})

	t.Run("surveys: only the surveys open in the period, with the period's weeks", func(t *testing.T) {
		march, sept := uuid.New(), uuid.New()
		exec(`INSERT INTO report_surveys (tenant_id, survey_id, kind, title, created_at, start_at, end_at, invited) VALUES
($1, $2, 'clima', 'Março', '2026-02-27', '2026-03-02', '2026-03-31', 10), ($1, $3, 'clima', 'Setembro', '2026-08-28', '2026-09-01', '2026-09-30', 10)`,
			tenant, march, sept)
		exec(`INSERT INTO report_survey_weekly (tenant_id, survey_id, week, completed) VALUES
($1, $2, '2026-03-02', 4), ($1, $3, '2026-09-07', 2), ($1, $3, '2026-09-21', 5)`, tenant, march, sept)
		rep := apitest.DecodeAs[reportsproj.SurveysReport](t, e.Get(helena, "reports/surveys", url.Values{"from": {"2026-09-09"}, "to": {"2026-09-09"}}))
		var got []reportsproj.SurveyFigures
		for _, s := range rep.Surveys {
			if s.ID == march.String() || s.ID == sept.String() {
				got = append(got, s)
			}
		}
		if len(got) != 1 || got[0].ID != sept.String() || got[0].Completed != 2 {
			t.Fatalf("one day in September: %+v", got)
		}
	})

	t.Run("headcount: the default period is twelve months", func(t *testing.T) {
		rep := apitest.DecodeAs[reportsproj.HeadcountReport](t, e.Get(helena, "reports/headcount", nil))
		if len(rep.Months) != 12 || rep.Months[11].Month != time.Now().UTC().Format("2006-01") {
			t.Fatalf("%d months: %+v", len(rep.Months), rep.Months)
		}
	})

	t.Run("clock: today's row counts no missing marks while the day goes on", func(t *testing.T) {
		dept := uuid.New()
		today := time.Now().In(clock.Zone)
		day, yesterday := today.Format(time.DateOnly), today.AddDate(0, 0, -1).Format(time.DateOnly)
		exec(`INSERT INTO report_clock_days (tenant_id, day, department_id, business_unit_id, people, marks, missing) VALUES
($1, $2, $4, $5, 3, 3, 3), ($1, $3, $4, $5, 3, 9, 3)`, tenant, day, yesterday, dept, uuid.Nil)
		rep := apitest.DecodeAs[reportsproj.ClockReport](t, e.Get(helena, "reports/clock", url.Values{"from": {yesterday}, "to": {day}, "dept": {dept.String()}}))
		if len(rep.Days) != 2 || rep.Days[0].Missing != 3 || rep.Days[1].Missing != 0 {
			t.Fatalf("days %+v", rep.Days)
		}
		// The people list reads months: one who made 1 of 4 marks yesterday and 2 of 4 so
		// far today has missed 3, not 5.
		emp := uuid.New()
		month := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		exec(`INSERT INTO report_clock_months (tenant_id, month, employee_id, department_id, days, marks, missing) VALUES ($1, $2, $3, $4, 2, 3, 5)`,
			tenant, month, emp, dept)
		exec(`INSERT INTO report_clock_daily (tenant_id, day, employee_id, department_id, marks, expected_marks) VALUES
($1, $2, $4, $5, 2, 4), ($1, $3, $4, $5, 1, 4)`, tenant, day, yesterday, emp, dept)
		rep = apitest.DecodeAs[reportsproj.ClockReport](t, e.Get(helena, "reports/clock", url.Values{"from": {yesterday}, "to": {day}, "dept": {dept.String()}}))
		if len(rep.People) != 1 || rep.People[0].EmployeeID != emp.String() || rep.People[0].Missing != 3 {
			t.Fatalf("people %+v", rep.People)
		}
	})

	t.Run("names and positions in Brazilian order", func(t *testing.T) {
		var ids []uuid.UUID
		rows, err := e.DB.Pool.Query(ctx, `SELECT id FROM employees WHERE tenant_id = $1 AND status <> 'inactive' ORDER BY id LIMIT 4`, tenant)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id uuid.UUID
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		for i, n := range []string{"Diego Zzcoll", "Débora Zzcoll", "Tesoureiro Zzcoll", "Técnico Zzcoll"} {
			exec(`UPDATE employees SET name = $2 WHERE id = $1`, ids[i], n)
		}
		page := apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe", url.Values{"searchText": {"zzcoll"}}))
		var got []string
		for _, p := range page.Data {
			got = append(got, p.Nome)
		}
		want := []string{"Débora Zzcoll", "Diego Zzcoll", "Técnico Zzcoll", "Tesoureiro Zzcoll"}
		if len(got) != 4 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
			t.Fatalf("listing order %q, want %q", got, want)
		}
		// Positions: sorted by cargo, "Técnico" before "Tesoureiro".
		tes, tec := uuid.New(), uuid.New()
		exec(`INSERT INTO positions (tenant_id, id, name) VALUES ($1, $2, 'Tesoureiro'), ($1, $3, 'Técnico')`, tenant, tes, tec)
		exec(`UPDATE employees SET position_id = $2 WHERE id = $1`, ids[0], tes)
		exec(`UPDATE employees SET position_id = $2 WHERE id = $1`, ids[1], tec)
		page = apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe", url.Values{"searchText": {"zzcoll"}, "orderBy": {"cargo"}}))
		got = nil
		for _, p := range page.Data {
			if p.Title == "Técnico" || p.Title == "Tesoureiro" {
				got = append(got, p.Title)
			}
		}
		if len(got) != 2 || got[0] != "Técnico" || got[1] != "Tesoureiro" {
			t.Fatalf("positions in order %q", got)
		}
	})
}
