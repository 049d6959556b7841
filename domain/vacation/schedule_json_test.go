package vacation

import (
	"reflect"
	"testing"
	"time"
)

func TestParseSchedule(t *testing.T) {
	t.Parallel()
	span := `[{"start":"08:00","end":"12:00"}]`
	monFri := `{"type":"fixed","weekly":{"mon":` + span + `,"tue":` + span + `,"wed":` + span + `,"thu":` + span + `,"fri":` + span + `,"sat":[],"sun":[]}}`
	tests := []struct {
		name    string
		kind    string
		raw     string
		want    Schedule
		wantErr bool
	}{
		{"fixed_mon_to_fri", "fixed", monFri, Schedule{Kind: FixedDaysOff, DaysOff: []time.Weekday{time.Sunday, time.Saturday}}, false},
		{"fixed_without_table", "fixed", `{}`, Schedule{Kind: FixedDaysOff, DaysOff: []time.Weekday{time.Saturday, time.Sunday}}, false},
		{"shift_12x36", "12x36", `{"cycleStart":"2024-03-01"}`, Schedule{Kind: Shift12x36, Anchor: Day(2024, 3, 1)}, false},
		{"variable_roster", "variable", `{"restDays":["2026-11-03"]}`, Schedule{Kind: Variable, RestDays: map[time.Time]bool{Day(2026, 11, 3): true}}, false},
		{"flexible", "flexible", `{}`, Schedule{Kind: Flexible}, false},
		{"12x36_without_cycle", "12x36", `{}`, Schedule{}, true},
		{"unknown_kind", "4x2", `{}`, Schedule{}, true},
		{"not_json", "fixed", `{`, Schedule{}, true},
		{"rests_every_day", "fixed", `{"weekly":{"mon":[]}}`, Schedule{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseSchedule(tt.kind, []byte(tt.raw))
			if (err != nil) != tt.wantErr || (!tt.wantErr && !reflect.DeepEqual(got, tt.want)) {
				t.Fatalf("ParseSchedule = %+v, %v; want %+v (error %v)", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestShift12x36_alternates_from_its_anchor(t *testing.T) {
	t.Parallel()
	s := Schedule{Kind: Shift12x36, Anchor: Day(2024, 3, 1)}
	for i, want := range []bool{false, true, false, true} {
		if got := s.RestDay(Day(2024, 3, 1+i)); got != want {
			t.Errorf("day %d rest = %v", i, got)
		}
	}
}

// FuzzParseSchedule: any stored text gives a schedule or an Invalid error, never a panic,
// and a parsed schedule answers RestDay for any day.
func FuzzParseSchedule(f *testing.F) {
	for _, seed := range []string{`{}`, `{"weekly":{"mon":[{}],"sat":[]}}`, `{"cycleStart":"2024-01-01"}`, `{"restDays":["x"]}`, `[`, `null`} {
		for _, kind := range []string{"fixed", "12x36", "variable", "flexible", ""} {
			f.Add(kind, seed)
		}
	}
	f.Fuzz(func(t *testing.T, kind, raw string) {
		s, err := ParseSchedule(kind, []byte(raw))
		if err != nil {
			return
		}
		for i := 0; i < 7; i++ {
			s.RestDay(Day(2026, 1, 1+i))
		}
	})
}
