package httpx

import (
	"testing"
	"time"
)

// FuzzParseDay: any text is a day or an error, never a panic; a day has no time of day.
func FuzzParseDay(f *testing.F) {
	for _, s := range []string{"2026-11-16", "2026-11-16T00:00:00-03:00", "2026-11-16T10:00:00", "1899-12-31", "", "2026-02-30", "9999-12-31T23:59:59Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDay(s)
		if err == nil && (d.Hour() != 0 || d.Year() < 1900 || d.Location() != time.UTC) {
			t.Fatalf("ParseDay(%q) = %v", s, d)
		}
	})
}

// FuzzParseYearMonth: only YYYYMM with a month 1..12 is accepted.
func FuzzParseYearMonth(f *testing.F) {
	for _, s := range []string{"202611", "202613", "20261", "-20261", "abcdef", "190001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if y, m, ok := ParseYearMonth(s); ok && (m < 1 || m > 12 || y < 1900) {
			t.Fatalf("ParseYearMonth(%q) = %d %d", s, y, m)
		}
	})
}
