package vacation

import (
	"sort"
	"time"
)

// Day is a calendar day: midnight UTC of that date. Every date this package handles is a Day,
// so comparing and adding days never meets a time zone or daylight-saving shift.
func Day(year int, month time.Month, day int) time.Time {
	return time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
}

// DayOf drops the time of day (in t's own location) and returns that date as a Day.
func DayOf(t time.Time) time.Time { return Day(t.Year(), t.Month(), t.Day()) }

// Holiday is a day without work for everyone of a tenant. Key is the i18n key of its name.
type Holiday struct {
	Date time.Time
	Key  string
}

// FixedDate is a holiday on the same month and day every year (a tenant's own dates, such as
// a city's anniversary or 12 June in the spec's list).
type FixedDate struct {
	Month time.Month
	Day   int
	Key   string
}

// Easter returns Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm of
// Meeus/Jones/Butcher), from which Brazil's movable holidays are counted.
func Easter(year int) time.Time {
	a := year % 19
	b, c := year/100, year%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return Day(year, time.Month(month), day)
}

// nationalFixed are Brazil's national fixed-date holidays (Lei 662/1949, 6.802/1980,
// 14.759/2023 for 20 November).
var nationalFixed = []FixedDate{
	{time.January, 1, "holiday_new_year"},
	{time.April, 21, "holiday_tiradentes"},
	{time.May, 1, "holiday_labour_day"},
	{time.September, 7, "holiday_independence"},
	{time.October, 12, "holiday_aparecida"},
	{time.November, 2, "holiday_all_souls"},
	{time.November, 15, "holiday_republic"},
	{time.November, 20, "holiday_black_consciousness"},
	{time.December, 25, "holiday_christmas"},
}

// Holidays returns the holidays of a year, sorted by date: the national fixed dates, the
// movable ones counted from Easter (Carnival Monday and Tuesday, Good Friday, Corpus
// Christi; spec portal-business §9 "Movable holidays") and the tenant's own fixed dates.
// Two holidays on one date are both kept.
func Holidays(year int, tenant []FixedDate) []Holiday {
	easter := Easter(year)
	out := []Holiday{
		{easter.AddDate(0, 0, -48), "holiday_carnival"},
		{easter.AddDate(0, 0, -47), "holiday_carnival"},
		{easter.AddDate(0, 0, -2), "holiday_good_friday"},
		{easter.AddDate(0, 0, 60), "holiday_corpus_christi"},
	}
	for _, fixed := range [][]FixedDate{nationalFixed, tenant} {
		for _, f := range fixed {
			out = append(out, Holiday{Day(year, f.Month, f.Day), f.Key})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Before(out[j].Date) })
	return out
}

// Calendar answers whether a day is a holiday for one tenant, over any years asked.
type Calendar struct {
	tenant []FixedDate
	years  map[int]map[time.Time]string
}

// NewCalendar returns the calendar of a tenant with its own fixed dates.
func NewCalendar(tenant []FixedDate) *Calendar {
	return &Calendar{tenant: tenant, years: map[int]map[time.Time]string{}}
}

// Holiday returns the name key of the holiday on day d, if it is one.
func (c *Calendar) Holiday(d time.Time) (string, bool) {
	d = DayOf(d)
	y, ok := c.years[d.Year()]
	if !ok {
		y = map[time.Time]string{}
		for _, h := range Holidays(d.Year(), c.tenant) {
			if _, dup := y[h.Date]; !dup {
				y[h.Date] = h.Key
			}
		}
		c.years[d.Year()] = y
	}
	key, ok := y[d]
	return key, ok
}
