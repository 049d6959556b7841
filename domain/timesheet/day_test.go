package timesheet

import (
	"testing"
	"time"
)

// office is Monday to Friday 08:00–12:00 and 13:00–17:48 (44 hours a week with Saturday off).
var office = ParseSchedule([]byte(`{"type":"fixed","weeklyHours":44,"weekly":{
 "mon":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],
 "tue":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:48"}],"sat":[],"sun":[]}}`))

func hm(s string) int {
	m, ok := minuteOf(s)
	if !ok {
		panic(s)
	}
	return m
}

func marks(times ...string) []int {
	out := make([]int, len(times))
	for i, t := range times {
		out[i] = hm(t)
	}
	return out
}

var monday = time.Date(2026, 9, 14, 0, 0, 0, 0, time.UTC)

func officeDay(ms []int) Day {
	spans, flex := office.On(monday)
	return Day{Date: monday, Spans: spans, Flexible: flex, Marks: ms}
}

func TestComputeOfficeDay(t *testing.T) {
	r := DefaultRule()
	cases := []struct {
		name string
		day  Day
		want Row
	}{
		{"variations within 5 a mark and 10 a day count as the schedule (art. 58 §1)",
			officeDay(marks("08:03", "12:00", "13:02", "17:48")),
			Row{Kind: KindWork, Expected: 528, Worked: 523}},
		{"a mark 6 minutes late: all of it counts (Súmula 366)",
			officeDay(marks("08:06", "12:00", "13:00", "17:48")),
			Row{Kind: KindWork, Expected: 528, Worked: 522, Late: 6, Missing: 6}},
		{"two hours after the schedule are overtime at the workday premium",
			officeDay(marks("08:00", "12:00", "13:00", "19:48")),
			Row{Kind: KindWork, Expected: 528, Worked: 648, Overtime50: 120}},
		{"leaving 30 minutes early is owed",
			officeDay(marks("08:00", "12:00", "13:00", "17:18")),
			Row{Kind: KindWork, Expected: 528, Worked: 498, Early: 30, Missing: 30}},
		{"no mark on a working day is an unjustified absence",
			officeDay(nil),
			Row{Kind: KindWork, Expected: 528, Missing: 528, Absent: true}},
		{"a day's abono excuses it",
			func() Day { d := officeDay(nil); d.Excuses = []Excuse{{Whole: true}}; return d }(),
			Row{Kind: KindWork, Expected: 528, Excused: 528}},
		{"an abono of the afternoon covers the afternoon only",
			func() Day {
				d := officeDay(marks("08:00", "12:00"))
				d.Excuses = []Excuse{{From: hm("13:00"), To: hm("17:48")}}
				return d
			}(),
			Row{Kind: KindWork, Expected: 528, Worked: 240, Excused: 288}},
		{"an odd mark is incomplete and counts only the pairs",
			officeDay(marks("08:00", "12:00", "13:00")),
			Row{Kind: KindWork, Expected: 528, Worked: 240, Missing: 288, Incomplete: true}},
		{"vacation owes nothing",
			func() Day { d := officeDay(nil); d.Leave = KindVacation; return d }(),
			Row{Kind: KindVacation}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Compute(c.day, r); got != c.want {
				t.Fatalf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestComputeRestDaysAndNight(t *testing.T) {
	r := DefaultRule()
	sunday := monday.AddDate(0, 0, 6)
	got := Compute(Day{Date: sunday, Marks: marks("08:00", "12:00")}, r)
	if got.Kind != KindRest || got.Overtime100 != 240 || got.Overtime50 != 0 {
		t.Fatalf("Sunday: %+v", got)
	}
	saturday := monday.AddDate(0, 0, 5)
	if got := Compute(Day{Date: saturday, Marks: marks("08:00", "12:00")}, r); got.Overtime50 != 240 || got.Overtime100 != 0 {
		t.Fatalf("Saturday off: %+v", got)
	}
	if got := Compute(Day{Date: monday, Holiday: true, Spans: []Span{{480, 720}}, Marks: marks("08:00", "10:00")}, r); got.Kind != KindHoliday || got.Overtime100 != 120 {
		t.Fatalf("holiday: %+v", got)
	}
	// A 12x36 night shift, 19:00 to 07:00: 7 clock hours of night count as 8 (art. 73 §1),
	// both owed and worked, so the shift balances.
	shift := Day{Date: monday, Spans: []Span{{19 * 60, 31 * 60}}, Marks: []int{19 * 60, 31 * 60}}
	got = Compute(shift, r)
	want := Row{Kind: KindWork, Expected: 780, Worked: 780, Night: 420, NightHours: 480}
	if got != want {
		t.Fatalf("night shift: got %+v want %+v", got, want)
	}
	// Overtime until 23:30 on an office day: 90 minutes of night.
	got = Compute(officeDay(marks("08:00", "12:00", "13:00", "23:30")), r)
	if got.Night != 90 || got.NightHours != 103 || got.Overtime50 != 240+(630-90+103)-528 {
		t.Fatalf("night overtime: %+v", got)
	}
}

func TestSchedule(t *testing.T) {
	s := ParseSchedule([]byte(`{"type":"12x36","cycleStart":"2026-09-14","weekly":{"mon":[{"start":"19:00","end":"07:00"}]}}`))
	if spans, _ := s.On(monday); len(spans) != 1 || spans[0] != (Span{1140, 1860}) {
		t.Fatalf("shift day: %v", spans)
	}
	if spans, _ := s.On(monday.AddDate(0, 0, 1)); spans != nil {
		t.Fatalf("rest day after a shift: %v", spans)
	}
	if spans, _ := s.On(monday.AddDate(0, 0, 2)); len(spans) != 1 {
		t.Fatalf("shift two days later: %v", spans)
	}
	if s.WindowStart() != 15*60 || office.WindowStart() != 4*60 {
		t.Fatalf("windows %d %d", s.WindowStart(), office.WindowStart())
	}
}

func TestMonthCountsTheRestLostInTheWeekOfAnAbsence(t *testing.T) {
	month := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	var rows []Dated
	for d := WeekStart(month); d.Before(month.AddDate(0, 1, 0)); d = d.AddDate(0, 0, 1) {
		rows = append(rows, Dated{Date: d, Row: Row{Kind: KindWork, Expected: 480, Worked: 480}})
	}
	rows[0].Row = Row{Kind: KindWork, Expected: 480, Missing: 480, Absent: true} // Monday 31 August
	rows[16].Row = Row{Kind: KindWork, Expected: 480, Excused: 480}              // an abono: no loss
	tot := Month(month, rows)
	if tot.DSRLost != 1 || tot.AbsentDays != 0 || tot.Expected != 30*480 {
		t.Fatalf("totals %+v", tot)
	}
}

func TestBankExpiresCreditsNotCompensatedInTheWindow(t *testing.T) {
	r := Rule{Bank: BankIndividual, BankMonths: 6}
	jan := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	flows := []Flow{{jan, 120, 0}, {jan.AddDate(0, 1, 0), 0, 60}, {jan.AddDate(0, 2, 0), 30, 0}}
	balance, moves := Bank(r, flows, jan.AddDate(0, 7, 0))
	// January's 120: 60 compensated in February, 60 expired on 1 July; March's 30 still open.
	if balance != 30 {
		t.Fatalf("balance %d, moves %+v", balance, moves)
	}
	last := moves[len(moves)-1]
	if last.Kind != MoveExpired || last.Minutes != 60 || !last.Month.Equal(jan.AddDate(0, 5, 0)) {
		t.Fatalf("last move %+v", last)
	}
	if b, _ := Bank(r, flows, jan.AddDate(0, 5, 0)); b != 90 {
		t.Fatalf("before the window ends the credit stays: %d", b)
	}
	if b, m := Bank(DefaultRule(), flows, jan); b != 0 || m != nil {
		t.Fatal("bank off moves nothing")
	}
	// A debit first is a negative balance, paid by the next credit.
	if b, _ := Bank(r, []Flow{{jan, 0, 50}, {jan.AddDate(0, 1, 0), 80, 0}}, jan.AddDate(0, 12, 0)); b != 30-30 {
		t.Fatalf("debt then credit: %d", b)
	}
}

func TestRuleCheck(t *testing.T) {
	for _, r := range []Rule{
		{MarkTolerance: 6, DayTolerance: 10, OvertimeWorkday: 50, OvertimeRest: 100, NightPremium: 20, Bank: BankOff},
		{MarkTolerance: 5, DayTolerance: 10, OvertimeWorkday: 40, OvertimeRest: 100, NightPremium: 20, Bank: BankOff},
		{MarkTolerance: 5, DayTolerance: 10, OvertimeWorkday: 50, OvertimeRest: 100, NightPremium: 20, Bank: BankIndividual, BankMonths: 12},
	} {
		if r.Check() == nil {
			t.Fatalf("accepted %+v", r)
		}
	}
	if (Rule{MarkTolerance: 5, DayTolerance: 10, OvertimeWorkday: 50, OvertimeRest: 100, NightPremium: 20, Bank: BankCollective, BankMonths: 12}).Check() != nil {
		t.Fatal("collective 12 refused")
	}
}

func TestLeaveCountsItsScheduledMinutes(t *testing.T) {
	d := officeDay(nil)
	d.Leave = KindLeave
	if got := Compute(d, DefaultRule()); got != (Row{Kind: KindLeave, Leave: 528}) {
		t.Fatalf("%+v", got)
	}
}
