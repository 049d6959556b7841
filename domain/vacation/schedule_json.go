package vacation

import (
	"encoding/json"
	"time"

	"portal/domain"
)

// scheduleJSON is the stored shape of an employee's work schedule (employees.schedule, written
// by the seed and HR): "weekly" maps mon..sun to the working intervals of the reference week,
// 12x36 adds the cycle's first worked day, a variable roster lists its rest days.
type scheduleJSON struct {
	Type       string                       `json:"type"`
	Weekly     map[string][]json.RawMessage `json:"weekly"`
	CycleStart string                       `json:"cycleStart"`
	RestDays   []string                     `json:"restDays"`
}

var weekdayNames = map[string]time.Weekday{
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

// ParseSchedule reads a stored schedule of kind ("fixed", "12x36", "variable", "flexible").
// A fixed schedule's rest days are the weekdays without working intervals; one with no
// weekly table at all rests on Saturday and Sunday. Anything malformed is Invalid.
func ParseSchedule(kind string, raw []byte) (Schedule, error) {
	bad := domain.InvalidField("escala", "escala_invalida")
	var j scheduleJSON
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &j); err != nil {
			return Schedule{}, bad
		}
	}
	switch kind {
	case "fixed":
		s := Schedule{Kind: FixedDaysOff}
		if len(j.Weekly) == 0 {
			s.DaysOff = []time.Weekday{time.Saturday, time.Sunday}
			return s, nil
		}
		for _, name := range []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"} {
			if len(j.Weekly[name]) == 0 {
				s.DaysOff = append(s.DaysOff, weekdayNames[name])
			}
		}
		if len(s.DaysOff) == 7 {
			return Schedule{}, bad // nobody rests every day
		}
		return s, nil
	case "12x36":
		anchor, err := time.Parse(time.DateOnly, j.CycleStart)
		if err != nil {
			return Schedule{}, bad
		}
		return Schedule{Kind: Shift12x36, Anchor: anchor}, nil
	case "variable":
		s := Schedule{Kind: Variable, RestDays: map[time.Time]bool{}}
		for _, d := range j.RestDays {
			day, err := time.Parse(time.DateOnly, d)
			if err != nil {
				return Schedule{}, bad
			}
			s.RestDays[day] = true
		}
		return s, nil
	case "flexible":
		return Schedule{Kind: Flexible}, nil
	}
	return Schedule{}, bad
}

// String is the stored name of a schedule kind (the inverse of ParseSchedule's kind).
func (k ScheduleKind) String() string {
	switch k {
	case FixedDaysOff:
		return "fixed"
	case Shift12x36:
		return "12x36"
	case Variable:
		return "variable"
	case Flexible:
		return "flexible"
	}
	return ""
}
