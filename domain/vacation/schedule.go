package vacation

import "time"

// ScheduleKind is how an employee's work schedule gives their weekly rest days
// (issue "Work schedules": fixed days off, 12x36, variable, flexible).
type ScheduleKind int

// Schedule kinds.
const (
	FixedDaysOff ScheduleKind = iota + 1 // the same weekdays off every week (e.g. Saturday and Sunday)
	Shift12x36                           // 12 hours on, 36 off: every other day is a rest day
	Variable                             // rest days listed one by one (a roster)
	Flexible                             // no set days; the weekly paid rest falls on Sunday (CLT art. 67)
)

// Schedule is an employee's work schedule.
type Schedule struct {
	Kind     ScheduleKind
	DaysOff  []time.Weekday     // FixedDaysOff
	Anchor   time.Time          // Shift12x36: a day worked; the days after alternate rest, work, ...
	RestDays map[time.Time]bool // Variable: the roster's rest days (as Days)
}

// RestDay tells whether d is one of the employee's weekly rest days.
func (s Schedule) RestDay(d time.Time) bool {
	d = DayOf(d)
	switch s.Kind {
	case FixedDaysOff:
		for _, w := range s.DaysOff {
			if d.Weekday() == w {
				return true
			}
		}
		return false
	case Shift12x36:
		diff := int(d.Sub(DayOf(s.Anchor)).Hours() / 24)
		return diff%2 != 0
	case Variable:
		return s.RestDays[d]
	default:
		return d.Weekday() == time.Sunday
	}
}

// DayKind is what a day of a month is for an employee.
type DayKind int

// Day kinds of a month, as the work-schedule dialog shows them.
const (
	WorkDay DayKind = iota + 1
	RestDay
	HolidayDay
)

// MonthDay is one line of an employee's month: the day, what it is and, for a holiday, the
// name key.
type MonthDay struct {
	Date       time.Time
	Kind       DayKind
	HolidayKey string
}

// Month lists every day of a month for an employee with a schedule and a tenant calendar
// (GET colaborador/escala, yearMonth YYYYMM). A holiday wins over a rest day.
func Month(year int, month time.Month, s Schedule, cal *Calendar) []MonthDay {
	var out []MonthDay
	for d := Day(year, month, 1); d.Month() == month; d = d.AddDate(0, 0, 1) {
		line := MonthDay{Date: d, Kind: WorkDay}
		if key, ok := cal.Holiday(d); ok {
			line.Kind, line.HolidayKey = HolidayDay, key
		} else if s.RestDay(d) {
			line.Kind = RestDay
		}
		out = append(out, line)
	}
	return out
}
