package vacation

import (
	"testing"
	"time"
)

func TestEaster(t *testing.T) {
	t.Parallel()
	// Known Easter Sundays, including the earliest (22 March) and latest (25 April) dates.
	for _, want := range []time.Time{
		Day(1818, 3, 22), Day(1943, 4, 25), Day(2000, 4, 23), Day(2019, 4, 21), Day(2024, 3, 31),
		Day(2025, 4, 20), Day(2026, 4, 5), Day(2027, 3, 28), Day(2038, 4, 25), Day(2285, 3, 22),
	} {
		if got := Easter(want.Year()); !got.Equal(want) {
			t.Errorf("Easter(%d) = %s, want %s", want.Year(), got.Format(time.DateOnly), want.Format(time.DateOnly))
		}
	}
}

func TestHolidays_movable_dates_across_years(t *testing.T) {
	t.Parallel()
	// Dates from the published Brazilian calendars of each year.
	tests := []struct {
		key  string
		want []time.Time
	}{
		{"holiday_carnival", []time.Time{Day(2024, 2, 12), Day(2024, 2, 13), Day(2025, 3, 3), Day(2025, 3, 4), Day(2026, 2, 16), Day(2026, 2, 17), Day(2027, 2, 8), Day(2027, 2, 9)}},
		{"holiday_good_friday", []time.Time{Day(2024, 3, 29), Day(2025, 4, 18), Day(2026, 4, 3), Day(2027, 3, 26)}},
		{"holiday_corpus_christi", []time.Time{Day(2024, 5, 30), Day(2025, 6, 19), Day(2026, 6, 4), Day(2027, 5, 27)}},
	}
	cal := NewCalendar(nil)
	for _, tt := range tests {
		for _, d := range tt.want {
			if key, ok := cal.Holiday(d); !ok || key != tt.key {
				t.Errorf("Holiday(%s) = %q, %v; want %q", d.Format(time.DateOnly), key, ok, tt.key)
			}
		}
	}
}

func TestHolidays_fixed_national_and_tenant_dates(t *testing.T) {
	t.Parallel()
	cal := NewCalendar([]FixedDate{{time.June, 12, "holiday_city"}})
	for _, year := range []int{2024, 2025, 2026, 2030} {
		for _, d := range []time.Time{
			Day(year, 1, 1), Day(year, 4, 21), Day(year, 5, 1), Day(year, 6, 12), Day(year, 9, 7),
			Day(year, 10, 12), Day(year, 11, 2), Day(year, 11, 15), Day(year, 11, 20), Day(year, 12, 25),
		} {
			if _, ok := cal.Holiday(d); !ok {
				t.Errorf("%s is not a holiday", d.Format(time.DateOnly))
			}
		}
		for _, d := range []time.Time{Day(year, 1, 2), Day(year, 7, 9), Day(year, 12, 24)} {
			if key, ok := cal.Holiday(d); ok {
				t.Errorf("%s is the holiday %q", d.Format(time.DateOnly), key)
			}
		}
	}
	if _, ok := NewCalendar(nil).Holiday(Day(2026, 6, 12)); ok {
		t.Error("12 June is a holiday without the tenant's date")
	}
	if n := len(Holidays(2026, nil)); n != 13 {
		t.Errorf("2026 has %d national holidays, want 13 (9 fixed, 4 movable)", n)
	}
}

func TestSchedule_rest_days(t *testing.T) {
	t.Parallel()
	weekdays := Schedule{Kind: FixedDaysOff, DaysOff: []time.Weekday{time.Saturday, time.Sunday}}
	shift := Schedule{Kind: Shift12x36, Anchor: Day(2026, 11, 2)}
	roster := Schedule{Kind: Variable, RestDays: map[time.Time]bool{Day(2026, 11, 4): true}}
	flexible := Schedule{Kind: Flexible}
	tests := []struct {
		name string
		s    Schedule
		d    time.Time
		want bool
	}{
		{"fixed_saturday_off", weekdays, Day(2026, 11, 21), true},
		{"fixed_monday_worked", weekdays, Day(2026, 11, 23), false},
		{"shift_anchor_worked", shift, Day(2026, 11, 2), false},
		{"shift_next_day_rest", shift, Day(2026, 11, 3), true},
		{"shift_two_days_after_worked", shift, Day(2026, 11, 4), false},
		{"shift_day_before_anchor_rest", shift, Day(2026, 11, 1), true},
		{"roster_listed_day_rest", roster, Day(2026, 11, 4), true},
		{"roster_other_day_worked", roster, Day(2026, 11, 8), false},
		{"flexible_sunday_rest", flexible, Day(2026, 11, 22), true},
		{"flexible_saturday_worked", flexible, Day(2026, 11, 21), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.s.RestDay(tt.d); got != tt.want {
				t.Errorf("RestDay(%s) = %v, want %v", tt.d.Format(time.DateOnly), got, tt.want)
			}
		})
	}
}

func TestMonth_marks_holidays_over_rest_days(t *testing.T) {
	t.Parallel()
	s := Schedule{Kind: FixedDaysOff, DaysOff: []time.Weekday{time.Saturday, time.Sunday}}
	days := Month(2026, time.November, s, NewCalendar(nil))
	if len(days) != 30 {
		t.Fatalf("November has %d days", len(days))
	}
	count := map[DayKind]int{}
	for _, d := range days {
		count[d.Kind]++
	}
	// November 2026: 9 weekend days, holidays on Mon 2, Sun 15 (a rest day too) and Fri 20.
	if count[HolidayDay] != 3 || count[RestDay] != 8 || count[WorkDay] != 19 {
		t.Errorf("kinds = %v, want 3 holidays, 8 rest days, 19 work days", count)
	}
	if days[14].Kind != HolidayDay || days[14].HolidayKey != "holiday_republic" {
		t.Errorf("15 November = %+v", days[14])
	}
}
