package timesheet

import (
	"slices"
	"time"
)

// Kinds of a day in the timesheet.
const (
	KindWork     = "work"     // a working day of the schedule
	KindRest     = "rest"     // a day off of the schedule
	KindHoliday  = "holiday"  // a holiday (national, movable or the tenant's own)
	KindVacation = "vacation" // on approved vacation
	KindLeave    = "leave"    // on leave (afastamento)
)

// Excuse is an abono over minutes of the workday (From..To), or over the whole day.
type Excuse struct {
	From, To int
	Whole    bool
}

// Day is what a day's row is computed from. Minutes count from the workday's local midnight.
type Day struct {
	Date     time.Time // the calendar day
	Spans    []Span    // the schedule of the day (none on a day off)
	Flexible int       // a flexible day's minutes owed inside Spans; 0 when the spans are owed
	Holiday  bool
	Leave    string // "", KindVacation or KindLeave
	Excuses  []Excuse
	Marks    []int // the marks in force, sorted
}

// Row is a day of the timesheet. Durations are minutes; Expected and Worked count a night
// minute as 60/52.5 of a minute (the reduced night hour, CLT art. 73 §1).
type Row struct {
	Kind        string `json:"kind"`
	Expected    int    `json:"expected"`
	Worked      int    `json:"worked"`
	Night       int    `json:"night"`      // clock minutes between 22:00 and 05:00
	NightHours  int    `json:"nightHours"` // Night counted in reduced hours (× 8/7)
	Overtime50  int    `json:"overtime50"` // overtime on a working day (the tenant's workday premium)
	Overtime100 int    `json:"overtime100"`
	Late        int    `json:"late"`    // entries after the schedule, beyond the tolerance
	Early       int    `json:"early"`   // exits before the schedule, beyond the tolerance
	Missing     int    `json:"missing"` // owed, neither worked nor excused (the bank's debit)
	Excused     int    `json:"excused"` // covered by an abono
	Leave       int    `json:"leave"`   // scheduled on a day of leave (afastamento), not owed
	Absent      bool   `json:"absent"`  // a working day without a mark, an abono or a leave
	Incomplete  bool   `json:"incomplete"`
}

// Compute returns the row of a day under a rule.
func Compute(d Day, r Rule) Row {
	row := Row{Kind: KindWork}
	switch {
	case d.Leave != "":
		row.Kind = d.Leave
	case d.Holiday:
		row.Kind = KindHoliday
	case len(d.Spans) == 0:
		row.Kind = KindRest
	}
	pairs := len(d.Marks) / 2
	row.Incomplete = len(d.Marks)%2 == 1
	for i := range pairs {
		in, out := d.Marks[2*i], d.Marks[2*i+1]
		n := night(in, out)
		row.Night += n
		row.Worked += out - in - n + reduced(n)
	}
	row.NightHours = reduced(row.Night)
	scheduled := 0
	for _, s := range d.Spans {
		n := night(s.Start, s.End)
		scheduled += s.End - s.Start - n + reduced(n)
	}
	if d.Flexible > 0 {
		scheduled = d.Flexible
	}
	if row.Kind == KindLeave && !d.Holiday {
		row.Leave = scheduled
	}
	if row.Kind != KindWork {
		// Everything worked on a day not owed is overtime: at the rest premium on a Sunday
		// or a holiday (Lei 605/1949 art. 9), at the workday's on another day off.
		if row.Kind == KindHoliday || d.Date.Weekday() == time.Sunday {
			row.Overtime100 = row.Worked
		} else {
			row.Overtime50 = row.Worked
		}
		return row
	}
	row.Expected = scheduled
	for _, x := range d.Excuses {
		if x.Whole {
			row.Excused = row.Expected
			break
		}
		for _, s := range d.Spans {
			row.Excused += max(0, min(x.To, s.End)-max(x.From, s.Start))
		}
	}
	row.Excused = min(row.Excused, row.Expected)
	if len(d.Marks) == 0 {
		row.Missing = row.Expected - row.Excused
		row.Absent = row.Missing > 0 && row.Excused == 0
		return row
	}
	balance := row.Worked - row.Expected
	if d.Flexible == 0 {
		late, early, within := variations(d.Spans, d.Marks, r)
		if within {
			// CLT art. 58 §1 and TST Súmula 366: variations of up to 5 minutes a mark and 10
			// a day are neither discounted nor overtime; past them, all of it counts.
			if abs(balance) <= r.DayTolerance {
				balance = 0
			}
		} else {
			row.Late, row.Early = late, early
		}
	}
	if balance > 0 {
		row.Overtime50 = balance
	} else {
		row.Missing = max(0, -balance-row.Excused)
		row.Excused = min(row.Excused, -balance)
	}
	return row
}

// variations compares the entries and exits with the schedule: pair i with span i when they
// are as many, else the first entry and the last exit. It returns the minutes late and left
// early, and whether every variation (either way) is within the rule's tolerance.
func variations(spans []Span, marks []int, r Rule) (late, early int, within bool) {
	type v struct{ scheduled, marked int }
	var entries, exits []v
	if len(marks) == 2*len(spans) {
		for i, s := range spans {
			entries = append(entries, v{s.Start, marks[2*i]})
			exits = append(exits, v{s.End, marks[2*i+1]})
		}
	} else {
		// The first entry against the first span not over by then; the last exit against
		// the last span begun by then (a day that stops at lunch left nothing early).
		first, last := marks[0], marks[len(marks)-1]
		in := spans[len(spans)-1]
		for _, s := range slices.Backward(spans) {
			if s.End > first {
				in = s
			}
		}
		entries = []v{{in.Start, first}}
		if len(marks) >= 2 {
			out := spans[0]
			for _, s := range spans {
				if s.Start < last {
					out = s
				}
			}
			exits = []v{{out.End, last}}
		}
	}
	within = true
	total := 0
	for _, e := range entries {
		d := e.marked - e.scheduled
		late += max(0, d)
		total += abs(d)
		within = within && abs(d) <= r.MarkTolerance
	}
	for _, e := range exits {
		d := e.scheduled - e.marked
		early += max(0, d)
		total += abs(d)
		within = within && abs(d) <= r.MarkTolerance
	}
	return late, early, within && total <= r.DayTolerance
}

// nightWindows are 22:00–05:00 around a workday, in minutes from its midnight (CLT art. 73 §2).
var nightWindows = [][2]int{{-2 * 60, 5 * 60}, {22 * 60, 29 * 60}, {46 * 60, 53 * 60}}

// night is how many minutes of from..to fall in the night.
func night(from, to int) int {
	n := 0
	for _, w := range nightWindows {
		n += max(0, min(to, w[1])-max(from, w[0]))
	}
	return n
}

// reduced counts night clock minutes in reduced hours of 52 min 30 s: × 60/52.5 = × 8/7.
func reduced(n int) int { return (n*8 + 3) / 7 }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
