package timesheet

import "time"

// Dated is a row of a date, with the times of its marks in force.
type Dated struct {
	Date  time.Time
	Marks []time.Time
	Row
}

// Totals are a month's sums.
type Totals struct {
	Expected    int `json:"expected"`
	Worked      int `json:"worked"`
	Night       int `json:"night"`
	NightHours  int `json:"nightHours"`
	Overtime50  int `json:"overtime50"`
	Overtime100 int `json:"overtime100"`
	Late        int `json:"late"`
	Early       int `json:"early"`
	Missing     int `json:"missing"`
	Excused     int `json:"excused"`
	AbsentDays  int `json:"absentDays"`
	DSRLost     int `json:"dsrLost"` // weekly rests lost to an unjustified absence in their week
}

// Add sums a row into the totals.
func (t *Totals) Add(r Row) {
	t.Expected += r.Expected
	t.Worked += r.Worked
	t.Night += r.Night
	t.NightHours += r.NightHours
	t.Overtime50 += r.Overtime50
	t.Overtime100 += r.Overtime100
	t.Late += r.Late
	t.Early += r.Early
	t.Missing += r.Missing
	t.Excused += r.Excused
	if r.Absent {
		t.AbsentDays++
	}
}

// Month sums the rows of month (its first day) and counts the weekly rests lost: a week
// (Monday to Sunday) with an unjustified absence loses its paid rest (Lei 605/1949 art. 6),
// counted in the month of its Sunday. rows may start before the month (the days of the week
// the month's first Sunday closes) and must be sorted by date.
func Month(month time.Time, rows []Dated) Totals {
	var t Totals
	end := month.AddDate(0, 1, 0)
	absentWeek := false
	for _, r := range rows {
		if r.Date.Weekday() == time.Monday {
			absentWeek = false
		}
		absentWeek = absentWeek || r.Absent
		if r.Date.Before(month) || !r.Date.Before(end) {
			continue
		}
		t.Add(r.Row)
		if r.Date.Weekday() == time.Sunday && absentWeek {
			t.DSRLost++
		}
	}
	return t
}

// WeekStart is the Monday on or before day.
func WeekStart(day time.Time) time.Time {
	return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
}

// Credit is what a month's rows give and take from the hour bank: overtime credits it, the
// minutes owed and not excused debit it.
func Credit(t Totals) (credit, debit int) { return t.Overtime50 + t.Overtime100, t.Missing }
