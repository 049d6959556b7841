package timesheet

import (
	"encoding/json"
	"time"
)

// Span is a scheduled interval of a workday in minutes from its midnight; End is after Start
// (a span that crosses midnight ends after 1440).
type Span struct{ Start, End int }

// Schedule is an employee's work schedule as employees.schedule stores it: "weekly" (sun..sat
// → working intervals HH:MM), "type" (fixed, 12x36 or flexible), 12x36's "cycleStart" (shifts
// on alternate days from it) and "weeklyHours" (a flexible schedule owes a fifth of it on
// each working day, anywhere inside the day's window).
type Schedule struct {
	Type        string
	Weekly      [7][]Span // by time.Weekday
	CycleStart  time.Time
	WeeklyHours int
}

var weekdayKeys = [7]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// ParseSchedule reads employees.schedule; a value it cannot read is a schedule without
// working days.
func ParseSchedule(data []byte) Schedule {
	var raw struct {
		Type   string `json:"type"`
		Weekly map[string][]struct {
			Start string `json:"start"`
			End   string `json:"end"`
		} `json:"weekly"`
		CycleStart  string `json:"cycleStart"`
		WeeklyHours int    `json:"weeklyHours"`
	}
	var s Schedule
	if json.Unmarshal(data, &raw) != nil {
		return s
	}
	s.Type, s.WeeklyHours = raw.Type, raw.WeeklyHours
	s.CycleStart, _ = time.Parse(time.DateOnly, raw.CycleStart)
	for wd, key := range weekdayKeys {
		for _, r := range raw.Weekly[key] {
			start, ok1 := minuteOf(r.Start)
			end, ok2 := minuteOf(r.End)
			if !ok1 || !ok2 {
				continue
			}
			if end <= start {
				end += 24 * 60
			}
			s.Weekly[wd] = append(s.Weekly[wd], Span{start, end})
		}
	}
	return s
}

func minuteOf(hhmm string) (int, bool) {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// On returns the spans scheduled on date (a calendar day, any location) and, for a flexible
// schedule, the minutes owed inside them (0 for the others: the spans are owed).
func (s Schedule) On(date time.Time) (spans []Span, flexible int) {
	wd := date.Weekday()
	switch s.Type {
	case "12x36":
		if s.CycleStart.IsZero() {
			return s.Weekly[wd], 0
		}
		days := int(civil(date).Sub(civil(s.CycleStart)).Hours() / 24)
		if days%2 != 0 {
			return nil, 0
		}
		for _, d := range s.Weekly {
			if len(d) > 0 {
				return d, 0
			}
		}
		return nil, 0
	case "flexible":
		if len(s.Weekly[wd]) == 0 {
			return nil, 0
		}
		return s.Weekly[wd], s.WeeklyHours * 60 / 5
	}
	return s.Weekly[wd], 0
}

// Reference is the start of the schedule's earliest first span: a workday runs from four
// hours before it to four hours before it the next day, so a night shift's exit mark after
// midnight belongs to the day its shift began (08:00 when the schedule has no span).
func (s Schedule) Reference() int {
	ref := -1
	for _, d := range s.Weekly {
		if len(d) > 0 && (ref < 0 || d[0].Start < ref) {
			ref = d[0].Start
		}
	}
	if ref < 0 {
		return 8 * 60
	}
	return ref
}

// WindowStart is the minute of a workday's midnight at which its window opens.
func (s Schedule) WindowStart() int { return s.Reference() - 4*60 }

func civil(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
