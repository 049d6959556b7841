package attendance_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/readapi/apitest"
	"portal/readapi/attendance"
	"portal/readapi/readapitest"
	"portal/seed"
)

// The hour bank and absenteeism read the timesheet read models; the tests write their rows
// straight into them (the read side is the unit here) and check the figures by hand.
func TestAttendance(t *testing.T) {
	e := readapitest.NewSeeded(t, "readapi_attendance")
	ctx := context.Background()
	demo, acme := seed.TenantID(seed.DemoCode), seed.TenantID(seed.AcmeCode)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := e.DB.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	ana, marcos := seed.EmployeeID(seed.DemoCode, seed.UserAna), seed.EmployeeID(seed.DemoCode, seed.UserMarcos)
	var anaDept, other, otherDept uuid.UUID
	if err := e.DB.Pool.QueryRow(ctx, `SELECT department_id FROM employees WHERE tenant_id = $1 AND id = $2`, demo, ana).Scan(&anaDept); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.Pool.QueryRow(ctx, `SELECT id, department_id FROM employees WHERE tenant_id = $1 AND id <> $2
AND manager_id IS DISTINCT FROM $2 AND department_id <> $3 AND status = 'active' ORDER BY code LIMIT 1`, demo, marcos, anaDept).Scan(&other, &otherDept); err != nil {
		t.Fatal(err)
	}
	var acmeEmp, acmeDept uuid.UUID
	if err := e.DB.Pool.QueryRow(ctx, `SELECT id, department_id FROM employees WHERE tenant_id = $1 LIMIT 1`, acme).Scan(&acmeEmp, &acmeDept); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	m := func(back int) time.Time {
		return time.Date(now.Year(), now.Month()-time.Month(back), 1, 0, 0, 0, 0, time.UTC)
	}
	ym := func(back int) string { return m(back).Format("2006-01") }
	type month struct {
		tenant, emp, dept                                            uuid.UUID
		manager                                                      *uuid.UUID
		at                                                           time.Time
		ot50, ot100, missing, expected, leave, absent, excused, late int
	}
	putMonth := func(r month) {
		exec(`INSERT INTO timesheet_months (tenant_id, employee_id, month, department_id, manager_id, expected, worked, night, night_hours,
    overtime50, overtime100, late, early, missing, excused, leave, absent_days, absent, dsr_lost, rows_hash)
VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, $7, $8, $9, 0, $10, $11, $12, 0, $13, 0, '')`,
			r.tenant, r.emp, r.at, r.dept, r.manager, r.expected, r.ot50, r.ot100, r.late, r.missing, r.excused, r.leave, r.absent)
	}
	putDay := func(emp uuid.UUID, day time.Time, ot50, ot100, missing, late int, absent bool) {
		exec(`INSERT INTO timesheet_days (tenant_id, employee_id, day, kind, spans, marks, expected, worked, night, night_hours,
    overtime50, overtime100, late, early, missing, excused, leave, absent, incomplete)
VALUES ($1, $2, $3, 'work', '[]', '[]', 480, 0, 0, 0, $4, $5, $6, 0, $7, 0, 0, $8, false)`, demo, emp, day, ot50, ot100, late, missing, absent)
	}
	setRule := func(tenant uuid.UUID, rule string) {
		exec(`INSERT INTO timesheet_tenants (tenant_id, rule) VALUES ($1, $2)
ON CONFLICT (tenant_id) DO UPDATE SET rule = excluded.rule`, tenant, rule)
	}

	// Ana's bank (individual agreement, two months): 120 credited four months ago, 45
	// debited three months ago, 60 credited two months ago, 30 debited this month.
	putMonth(month{tenant: demo, emp: ana, dept: anaDept, manager: &marcos, at: m(4), ot50: 90, ot100: 30})
	putMonth(month{tenant: demo, emp: ana, dept: anaDept, manager: &marcos, at: m(3), missing: 45})
	putMonth(month{tenant: demo, emp: ana, dept: anaDept, manager: &marcos, at: m(2), ot50: 60})
	putMonth(month{tenant: demo, emp: ana, dept: anaDept, manager: &marcos, at: m(0), missing: 30})
	putDay(ana, m(4).AddDate(0, 0, 4), 90, 0, 0, 0, false)
	putDay(ana, m(4).AddDate(0, 0, 5), 0, 30, 0, 0, false)
	putDay(ana, m(3).AddDate(0, 0, 9), 0, 0, 45, 45, false)
	putMonth(month{tenant: demo, emp: other, dept: otherDept, at: m(4), ot50: 500})
	putMonth(month{tenant: acme, emp: acmeEmp, dept: acmeDept, at: m(4), ot50: 700})

	anaU := e.SignIn(t, seed.DemoCode, seed.UserAna)
	marcosU := e.SignIn(t, seed.DemoCode, seed.UserMarcos)
	helena := e.SignIn(t, seed.DemoCode, seed.UserHelena)

	t.Run("a collaborator is refused both screens", func(t *testing.T) {
		for _, p := range []string{"hour-bank/team", "hour-bank/employees/" + ana.String(), "absenteeism", "absenteeism/people"} {
			e.Get(anaU, p, nil).WantErr(t, http.StatusForbidden, "request", "acesso_negado")
		}
	})

	t.Run("bank off: no rows, the state says so", func(t *testing.T) {
		team := apitest.DecodeAs[attendance.BankTeam](t, e.Get(helena, "hour-bank/team", nil))
		if team.Bank != "off" || len(team.Rows) != 0 {
			t.Fatalf("%+v", team)
		}
	})

	setRule(demo, `{"banco_horas": "individual", "banco_horas_meses": 2}`)
	setRule(acme, `{"banco_horas": "collective", "banco_horas_meses": 12}`)

	t.Run("the statement against the figures by hand", func(t *testing.T) {
		st := apitest.DecodeAs[attendance.BankStatement](t, e.Get(marcosU, "hour-bank/employees/"+ana.String(), nil))
		// 120 − 45 leaves 75 of the first credit; its window ends two months later: 75 expire
		// (paid as overtime). 60 credited; its window ends this month: 60 expire. −30.
		want := []attendance.BankMove{
			{Month: ym(4), Kind: "credit", Minutes: 120, Balance: 120},
			{Month: ym(3), Kind: "debit", Minutes: 45, Balance: 75},
			{Month: ym(3), Kind: "expired", Minutes: 75, Balance: 0, Source: ym(4)},
			{Month: ym(2), Kind: "credit", Minutes: 60, Balance: 60},
			{Month: ym(1), Kind: "expired", Minutes: 60, Balance: 0, Source: ym(2)},
			{Month: ym(0), Kind: "debit", Minutes: 30, Balance: -30},
		}
		if st.Bank != "individual" || st.Months != 2 || len(st.Movements) != len(want) {
			t.Fatalf("%+v", st)
		}
		for i, w := range want {
			g := st.Movements[i]
			if g.Month != w.Month || g.Kind != w.Kind || g.Minutes != w.Minutes || g.Balance != w.Balance || g.Source != w.Source {
				t.Fatalf("movement %d: got %+v, want %+v", i, g, w)
			}
		}
		if f := st.Figures; f != (attendance.BankFigures{Balance: -30, Credits: 180, Debits: 75, Expired: 135}) {
			t.Fatalf("figures %+v", f)
		}
		if d := st.Movements[0].Days; len(d) != 2 || d[0].Overtime50 != 90 || d[1].Overtime100 != 30 {
			t.Fatalf("the credit's days %+v", d)
		}
		if d := st.Movements[1].Days; len(d) != 1 || d[0].Missing != 45 || d[0].Day != m(3).AddDate(0, 0, 9).Format(time.DateOnly) {
			t.Fatalf("the debit's days %+v", d)
		}
	})

	t.Run("a manager sees only their direct reports", func(t *testing.T) {
		team := apitest.DecodeAs[attendance.BankTeam](t, e.Get(marcosU, "hour-bank/team", nil))
		rows, err := e.DB.Pool.Query(ctx, `SELECT id FROM employees WHERE tenant_id = $1 AND manager_id = $2 AND status <> 'inactive'`, demo, marcos)
		if err != nil {
			t.Fatal(err)
		}
		reports := map[uuid.UUID]bool{}
		for rows.Next() {
			var id uuid.UUID
			_ = rows.Scan(&id)
			reports[id] = true
		}
		if len(team.Rows) != len(reports) {
			t.Fatalf("%d rows, %d direct reports", len(team.Rows), len(reports))
		}
		var anaLine *attendance.BankLine
		for i, r := range team.Rows {
			if !reports[r.ID] {
				t.Fatalf("not a direct report: %+v", r)
			}
			if r.ID == ana {
				anaLine = &team.Rows[i]
			}
		}
		if anaLine == nil || anaLine.BankFigures != (attendance.BankFigures{Balance: -30, Credits: 180, Debits: 75, Expired: 135}) {
			t.Fatalf("Ana's line %+v", anaLine)
		}
		e.Get(marcosU, "hour-bank/employees/"+other.String(), nil).WantErr(t, http.StatusForbidden, "employee", "acesso_negado")
		e.Get(marcosU, "hour-bank/team", url.Values{"scope": {"tenant"}}).WantErr(t, http.StatusForbidden, "scope", "acesso_negado")
	})

	t.Run("HR sees everyone, by department; never another tenant", func(t *testing.T) {
		team := apitest.DecodeAs[attendance.BankTeam](t, e.Get(helena, "hour-bank/team", url.Values{"dept": {otherDept.String()}}))
		i := slices.IndexFunc(team.Rows, func(l attendance.BankLine) bool { return l.ID == other })
		if i < 0 || team.Rows[i].Credits != 500 || team.Rows[i].Expired != 500 {
			t.Fatalf("the other department %+v", team.Rows)
		}
		if slices.ContainsFunc(team.Rows, func(l attendance.BankLine) bool { return l.ID == ana || l.ID == acmeEmp }) {
			t.Fatal("a line out of the department")
		}
		all := apitest.DecodeAs[attendance.BankTeam](t, e.Get(helena, "hour-bank/team", nil))
		if slices.ContainsFunc(all.Rows, func(l attendance.BankLine) bool { return l.ID == acmeEmp }) || all.Total.Credits != 680 {
			t.Fatalf("tenant total %+v", all.Total)
		}
		e.Get(helena, "hour-bank/employees/"+acmeEmp.String(), nil).WantErr(t, http.StatusNotFound, "employee", "nao_encontrado")
		e.Get(helena, "hour-bank/employees/x", nil).WantErr(t, http.StatusBadRequest, "employee", "valor_invalido")
	})

	// Absenteeism last month: Ana 9,600 owed + 480 on leave, 480 of unjustified absence, 120
	// excused, 30 late; the other employee 9,600 owed and 960 absent; ACME's far more.
	putMonth(month{tenant: demo, emp: ana, dept: anaDept, manager: &marcos, at: m(1), expected: 9600, leave: 480, absent: 480, excused: 120, late: 30})
	putMonth(month{tenant: demo, emp: other, dept: otherDept, at: m(1), expected: 9600, absent: 960})
	putMonth(month{tenant: acme, emp: acmeEmp, dept: acmeDept, at: m(1), expected: 9600, absent: 9600})
	exec(`INSERT INTO timesheet_days (tenant_id, employee_id, day, kind, spans, marks, expected, worked, night, night_hours,
    overtime50, overtime100, late, early, missing, excused, leave, absent, incomplete)
VALUES ($1, $2, $3, 'work', '[]', '[]', 480, 0, 0, 0, 0, 0, 0, 0, 480, 0, 0, true, false)`, demo, ana, m(1).AddDate(0, 0, 2))

	t.Run("absenteeism: rates by reason, team and tenant", func(t *testing.T) {
		rep := apitest.DecodeAs[attendance.AbsentReport](t, e.Get(marcosU, "absenteeism", url.Values{"month": {ym(1)}}))
		if rep.Scope != "team" || len(rep.Trend) != 12 || rep.Trend[11].Month != ym(1) || rep.Trend[0].Month != ym(12) {
			t.Fatalf("trend %+v", rep.Trend)
		}
		want := attendance.AbsentFigures{Scheduled: 10080, Unjustified: 480, Excused: 600, Late: 30}
		if g := rep.Total; g.Scheduled != want.Scheduled || g.Unjustified != want.Unjustified || g.Excused != want.Excused || g.Late != want.Late ||
			g.Rate == nil || *g.Rate != 0.1101 { // 1,110 ÷ 10,080
			t.Fatalf("team total %+v", g)
		}
		if len(rep.Departments) != 1 || rep.Departments[0].ID != anaDept {
			t.Fatalf("team departments %+v", rep.Departments)
		}
		hr := apitest.DecodeAs[attendance.AbsentReport](t, e.Get(helena, "absenteeism", url.Values{"month": {ym(1)}}))
		if hr.Total.Scheduled != 19680 || hr.Total.Unjustified != 1440 || len(hr.Departments) != 2 {
			t.Fatalf("tenant %+v", hr)
		}
		people := apitest.DecodeAs[[]attendance.AbsentGroup](t, e.Get(marcosU, "absenteeism/people", url.Values{"month": {ym(1)}}))
		if len(people) != 1 || people[0].ID != ana {
			t.Fatalf("team people %+v", people)
		}
		days := apitest.DecodeAs[attendance.AbsentPerson](t, e.Get(marcosU, "absenteeism/days", url.Values{"month": {ym(1)}, "employee": {ana.String()}}))
		if len(days.Days) != 1 || !days.Days[0].Absent || days.Days[0].Unjustified != 480 {
			t.Fatalf("Ana's days %+v", days)
		}
		e.Get(marcosU, "absenteeism/days", url.Values{"month": {ym(1)}, "employee": {other.String()}}).WantErr(t, http.StatusForbidden, "employee", "acesso_negado")
		e.Get(helena, "absenteeism/days", url.Values{"month": {ym(1)}, "employee": {acmeEmp.String()}}).WantErr(t, http.StatusNotFound, "employee", "nao_encontrado")
		e.Get(helena, "absenteeism", url.Values{"month": {ym(-1)}}).WantErr(t, http.StatusBadRequest, "month", "mes_futuro")
		e.Get(helena, "absenteeism", url.Values{"month": {"2026-13"}}).WantErr(t, http.StatusBadRequest, "month", "valor_invalido")
	})
}
