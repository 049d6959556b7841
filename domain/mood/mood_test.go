package mood

import (
	"errors"
	"testing"
	"time"

	"portal/domain"
)

func errKey(err error) (domain.Kind, string, string) {
	var de *domain.Error
	if errors.As(err, &de) {
		return de.Kind, de.Field, de.Key
	}
	return 0, "", ""
}

// spec §2 and §9: 1 to 5 in steps of 0.1, rounded down.
func TestParseLevelRoundsDownOnTheScale(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		text string
		want Level
	}{
		{"lowest", "1", 10},
		{"highest", "5", 50},
		{"highest_with_decimals", "5.00", 50},
		{"one_decimal_kept", "2.3", 23}, // 2.3*10 is 22.999… in floating point
		{"two_decimals_rounded_down", "3.99", 39},
		{"just_above_a_step", "1.01", 10},
		{"many_decimals", "4.4999999999999999999", 44},
		{"exponent_form", "35e-1", 35},
		{"exponent_upper", "3.51E0", 35},
		{"exponent_positive_sign", "0.42e+1", 42},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseLevel("humor", c.text)
			if err != nil || got != c.want {
				t.Fatalf("ParseLevel(%q) = %d, %v; want %d", c.text, got, err, c.want)
			}
		})
	}
}

func TestParseLevelRefusesOutsideTheScale(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text, key string
	}{
		{"zero", "0", KeyOutOfScale},
		{"just_below", "0.99", KeyOutOfScale},
		{"just_above", "5.01", KeyOutOfScale}, // refused on the value sent, not rounded into the scale
		{"six", "6", KeyOutOfScale},
		{"seven_by_exponent", "0.7e1", KeyOutOfScale},
		{"negative", "-3", KeyOutOfScale},
		{"huge_exponent", "1e999999999", KeyOutOfScale},
		{"tiny_exponent", "4e-999999999", KeyOutOfScale},
		{"text", `"3.5"`, domain.KeyInvalid},
		{"bool", "true", domain.KeyInvalid},
		{"leading_plus", "+3", domain.KeyInvalid},
		{"leading_zero", "03", domain.KeyInvalid},
		{"trailing_dot", "3.", domain.KeyInvalid},
		{"nan", "NaN", domain.KeyInvalid},
		{"too_long", "3.000000000000000000000000000000000000001", domain.KeyInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := ParseLevel("energy", c.text)
			kind, f, k := errKey(err)
			if kind != domain.Invalid || f != "energy" || k != c.key {
				t.Fatalf("ParseLevel(%q) error %v; want energy/%s", c.text, err, c.key)
			}
		})
	}
}

func TestParseBody(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name         string
		body         string
		humor, power Level
		field, key   string
	}{
		{"both", `{"humor":3.47,"energy":1.0}`, 34, 10, "", ""},
		{"unknown_keys_ignored", `{"humor":5,"energy":2.25,"tenId":"x"}`, 50, 22, "", ""},
		{"humor_missing", `{"energy":2}`, 0, 0, "humor", domain.KeyRequired},
		{"energy_null", `{"humor":2,"energy":null}`, 0, 0, "energy", domain.KeyRequired},
		{"humor_out_of_scale", `{"humor":0.5,"energy":2}`, 0, 0, "humor", KeyOutOfScale},
		{"energy_out_of_scale", `{"humor":2,"energy":5.5}`, 0, 0, "energy", KeyOutOfScale},
		{"not_an_object", `[1,2]`, 0, 0, "body", domain.KeyInvalid},
		{"broken_json", `{"humor":`, 0, 0, "body", domain.KeyInvalid},
		{"empty", ``, 0, 0, "body", domain.KeyInvalid},
		{"string_number", `{"humor":"3","energy":3}`, 0, 0, "humor", domain.KeyInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e, err := ParseBody([]byte(c.body))
			if c.key == "" {
				if err != nil || e.Humor != c.humor || e.Energy != c.power {
					t.Fatalf("ParseBody(%s) = %+v, %v", c.body, e, err)
				}
				return
			}
			if _, f, k := errKey(err); f != c.field || k != c.key {
				t.Fatalf("ParseBody(%s) error %v; want %s/%s", c.body, err, c.field, c.key)
			}
		})
	}
}

// spec §4 and §9: 30 minutes; 1 minute in test or pre-release.
func TestCoolDownPerEnvironment(t *testing.T) {
	t.Parallel()
	if got := CoolDown(true); got != time.Minute {
		t.Errorf("test or pre-release: %v; want 1m", got)
	}
	if got := CoolDown(false); got != 30*time.Minute {
		t.Errorf("other environments: %v; want 30m", got)
	}
}

func TestCheckInCoolDown(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2024, 5, 10, 9, 0, 0, 0, time.UTC)
	checkIn := func(id string) CheckIn {
		return CheckIn{ID: id, UserID: "u1", UserHash: "h1", EmployeeID: "e1", Humor: 34, Energy: 21}
	}
	cases := []struct {
		name     string
		past     []time.Time
		at       time.Time
		coolDown time.Duration
		refused  bool
	}{
		{"first_check_in", nil, t0, 30 * time.Minute, false},
		{"within_thirty_minutes", []time.Time{t0}, t0.Add(29*time.Minute + 59*time.Second), 30 * time.Minute, true},
		{"at_thirty_minutes", []time.Time{t0}, t0.Add(30 * time.Minute), 30 * time.Minute, false},
		{"test_within_a_minute", []time.Time{t0}, t0.Add(59 * time.Second), CoolDown(true), true},
		{"test_after_a_minute", []time.Time{t0}, t0.Add(time.Minute), CoolDown(true), false},
		{"production_after_a_minute", []time.Time{t0}, t0.Add(time.Minute), CoolDown(false), true},
		{"last_of_several_counts", []time.Time{t0, t0.Add(-time.Hour)}, t0.Add(10 * time.Minute), 30 * time.Minute, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			j := New()
			for i, at := range c.past {
				j.Apply(CheckedIn{ID: string(rune('a' + i)), UserID: "u1", Humor: 30, Energy: 30, CheckedInAt: at})
			}
			events, err := j.CheckIn(checkIn("new"), c.at, c.coolDown)
			if c.refused {
				kind, f, k := errKey(err)
				if kind != domain.Refused || f != "checkin" || k != KeyCoolDown || events != nil {
					t.Fatalf("got %v, %v; want the cool-down refusal", events, err)
				}
				if j.Open(c.at, c.coolDown) {
					t.Fatal("Open says yes while CheckIn refuses")
				}
				return
			}
			if err != nil || len(events) != 1 {
				t.Fatalf("got %v, %v", events, err)
			}
			want := CheckedIn{ID: "new", UserID: "u1", UserHash: "h1", EmployeeID: "e1", Humor: 34, Energy: 21, CheckedInAt: c.at}
			if events[0] != want {
				t.Fatalf("event %+v; want %+v", events[0], want)
			}
			j.Apply(events[0])
			if j.Last() != c.at || j.NextAllowed(c.coolDown) != c.at.Add(c.coolDown) || j.Count() != len(c.past)+1 {
				t.Fatalf("after apply: last %v next %v count %d", j.Last(), j.NextAllowed(c.coolDown), j.Count())
			}
		})
	}
}

func TestCheckInRefusesLevelsOffTheScale(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		humor, energy Level
		field         string
	}{{9, 30, "humor"}, {51, 30, "humor"}, {30, 0, "energy"}, {30, 51, "energy"}} {
		_, err := New().CheckIn(CheckIn{ID: "x", UserID: "u", Humor: c.humor, Energy: c.energy}, time.Now(), time.Minute)
		if _, f, k := errKey(err); f != c.field || k != KeyOutOfScale {
			t.Errorf("%d/%d: %v", c.humor, c.energy, err)
		}
	}
}

func TestBandsSplitTheScaleInThirds(t *testing.T) {
	t.Parallel()
	cases := map[Level]Band{10: Low, 23: Low, 24: Mid, 30: Mid, 36: Mid, 37: High, 50: High}
	for l, want := range cases {
		if got := BandOf(l); got != want {
			t.Errorf("BandOf(%s) = %d, want %d", l, got, want)
		}
	}
	if Level(34).String() != "3.4" || Level(50).Float() != 5 {
		t.Errorf("formatting: %s %v", Level(34), Level(50).Float())
	}
}
