package clock

import (
	"testing"
	"time"
)

func TestPeriodOverlaps(t *testing.T) {
	t.Parallel()
	d := func(s string) time.Time { v, _ := time.Parse(time.DateOnly, s); return v }
	nov1, nov30 := d("2026-11-01"), d("2026-11-30")
	for _, tc := range []struct {
		name string
		p    Period
		want bool
	}{
		{"inside", Period{d("2026-11-10"), d("2026-11-12")}, true},
		{"ends_on_the_first_day", Period{d("2026-10-20"), d("2026-11-01")}, true},
		{"starts_on_the_last_day", Period{d("2026-11-30"), d("2026-12-05")}, true},
		{"before", Period{d("2026-10-01"), d("2026-10-31")}, false},
		{"after", Period{d("2026-12-01"), d("2026-12-31")}, false},
		{"open_end_started_before", Period{Start: d("2026-09-01")}, true},
		{"open_start_ended_before", Period{End: d("2026-10-31")}, false},
		{"empty", Period{}, false},
	} {
		if got := tc.p.Overlaps(nov1, nov30); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
