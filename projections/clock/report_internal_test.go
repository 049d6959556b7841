package clock

import (
	"encoding/json"
	"testing"
	"time"
)

// A new employee-day takes the schedule's first start that weekday and two marks per interval.
func TestClockPersonExpected(t *testing.T) {
	var p clockPerson
	weekly := `{"mon":[{"start":"08:00","end":"12:00"},{"start":"13:00","end":"17:00"}],"tue":[{"start":"9:30:15"}],"sat":[],"sun":{"start":"08:00"}}`
	if err := json.Unmarshal([]byte(weekly), &p.weekly); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		day   string
		start string // "" for none
		marks int32
	}{
		{"2026-11-23", "08:00:00", 4}, // a Monday
		{"2026-11-24", "09:30:15", 2},
		{"2026-11-28", "", 0}, // Saturday: a rest day
		{"2026-11-29", "", 0}, // Sunday: not a list of intervals
		{"2026-11-25", "", 0}, // Wednesday: not in the schedule
		{"not a day", "", 0},
	} {
		start, marks := p.expected(c.day)
		got := ""
		if start.Valid {
			got = time.UnixMicro(start.Microseconds).UTC().Format(time.TimeOnly)
		}
		if got != c.start || marks != c.marks {
			t.Errorf("%s: start %q, %d marks; want %q, %d", c.day, got, marks, c.start, c.marks)
		}
	}
	var none clockPerson // an employee without a record or a schedule
	if start, marks := none.expected("2026-11-23"); start.Valid || marks != 0 {
		t.Errorf("no schedule: %v, %d", start, marks)
	}
}
