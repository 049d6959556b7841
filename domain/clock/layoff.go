package clock

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// ParseLayoff reads employees.layoff: [{"start":"YYYY-MM-DD","end":"YYYY-MM-DD"}], where a
// missing or empty end leaves the period open; longer date-times count by their date.
func ParseLayoff(data []byte) ([]Period, error) {
	var raw []struct {
		Start string `json:"start"`
		End   string `json:"end"`
	}
	if len(data) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("layoff: %w", err)
	}
	periods := make([]Period, 0, len(raw))
	for _, r := range raw {
		var p Period
		var err error
		if p.Start, err = parseLayoffDay(r.Start); err != nil {
			return nil, err
		}
		if p.End, err = parseLayoffDay(r.End); err != nil {
			return nil, err
		}
		periods = append(periods, p)
	}
	return periods, nil
}

func parseLayoffDay(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if len(s) > 10 {
		s = s[:10]
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("layoff date %q: %w", s, err)
	}
	return t, nil
}

// Overlaps tells whether the period shares a day with from..to (both included).
func (p Period) Overlaps(from, to time.Time) bool {
	if p.Start.IsZero() && p.End.IsZero() {
		return false
	}
	return (p.Start.IsZero() || !dayOf(p.Start).After(dayOf(to))) && (p.End.IsZero() || !dayOf(p.End).Before(dayOf(from)))
}
