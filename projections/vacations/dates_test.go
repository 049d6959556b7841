package vacations

import (
	"testing"
	"time"
)

// Inicio and Fim read as time.DateOnly writes them, in and out of the years dayString writes itself.
func TestSetDatesAsDateOnly(t *testing.T) {
	t.Parallel()
	check := func(start time.Time) {
		end := start.AddDate(0, 0, 13)
		var p Period
		p.setDates(start, end)
		if p.Inicio != start.Format(time.DateOnly) || p.Fim != end.Format(time.DateOnly) {
			t.Fatalf("setDates(%v, %v) = %q, %q", start, end, p.Inicio, p.Fim)
		}
	}
	for _, y := range []int{-1, 0, 9999, 10000} {
		check(time.Date(y, time.December, 25, 0, 0, 0, 0, time.UTC))
	}
	for d := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() < 9999; d = d.AddDate(0, 0, 5) {
		check(d)
	}
}
