package clock_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"portal/domain"
	"portal/domain/clock"
)

const markA = "0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d"

func TestParseAdjustment(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		body       string
		want       clock.Adjustment
		field, key string
	}{
		{name: "add", body: `{"tipo":"incluir","data":"2026-11-20","hora":"08:05","motivo":" esqueci "}`,
			want: clock.Adjustment{Kind: clock.AdjustAdd, Day: "2026-11-20", Time: "08:05", Reason: "esqueci"}},
		{name: "correct", body: `{"tipo":"corrigir","data":"2026-11-20","marcacaoId":"` + markA + `","hora":"17:00","motivo":"m"}`,
			want: clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2026-11-20", MarkID: markA, Time: "17:00", Reason: "m"}},
		{name: "excuse_whole_day", body: `{"tipo":"abonar","data":"2026-11-20","motivo":"médico"}`,
			want: clock.Adjustment{Kind: clock.AdjustExcuse, Day: "2026-11-20", Reason: "médico"}},
		{name: "excuse_part", body: `{"tipo":"abonar","data":"2026-11-20","inicio":"08:00","fim":"12:00","motivo":"m"}`,
			want: clock.Adjustment{Kind: clock.AdjustExcuse, Day: "2026-11-20", From: "08:00", To: "12:00", Reason: "m"}},
		{name: "not_an_object", body: `[]`, field: "body", key: domain.KeyInvalid},
		{name: "no_kind", body: `{"data":"2026-11-20","motivo":"m"}`, field: "tipo", key: domain.KeyRequired},
		{name: "unknown_kind", body: `{"tipo":"apagar","data":"2026-11-20","motivo":"m"}`, field: "tipo", key: domain.KeyInvalid},
		{name: "bad_day", body: `{"tipo":"incluir","data":"2026-02-30","hora":"08:00","motivo":"m"}`, field: "data", key: domain.KeyInvalid},
		{name: "no_reason", body: `{"tipo":"incluir","data":"2026-11-20","hora":"08:00","motivo":"  "}`, field: "motivo", key: domain.KeyRequired},
		{name: "long_reason", body: `{"tipo":"incluir","data":"2026-11-20","hora":"08:00","motivo":"` + strings.Repeat("a", 256) + `"}`, field: "motivo", key: domain.KeyTooLong},
		{name: "add_needs_time", body: `{"tipo":"incluir","data":"2026-11-20","motivo":"m"}`, field: "hora", key: domain.KeyRequired},
		{name: "bad_time", body: `{"tipo":"incluir","data":"2026-11-20","hora":"8:5","motivo":"m"}`, field: "hora", key: domain.KeyInvalid},
		{name: "time_as_number", body: `{"tipo":"incluir","data":"2026-11-20","hora":805,"motivo":"m"}`, field: "hora", key: domain.KeyInvalid},
		{name: "correct_needs_mark", body: `{"tipo":"corrigir","data":"2026-11-20","hora":"08:00","motivo":"m"}`, field: "marcacaoId", key: domain.KeyRequired},
		{name: "correct_bad_mark", body: `{"tipo":"corrigir","data":"2026-11-20","marcacaoId":"x","hora":"08:00","motivo":"m"}`, field: "marcacaoId", key: domain.KeyInvalid},
		{name: "excuse_end_only", body: `{"tipo":"abonar","data":"2026-11-20","fim":"12:00","motivo":"m"}`, field: "inicio", key: domain.KeyRequired},
		{name: "excuse_start_only", body: `{"tipo":"abonar","data":"2026-11-20","inicio":"12:00","motivo":"m"}`, field: "fim", key: domain.KeyRequired},
		{name: "excuse_backwards", body: `{"tipo":"abonar","data":"2026-11-20","inicio":"12:00","fim":"08:00","motivo":"m"}`, field: "fim", key: clock.KeyTimeRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := clock.ParseAdjustment([]byte(tt.body))
			if tt.field != "" {
				var de *domain.Error
				if !errors.As(err, &de) || de.Field != tt.field || de.Key != tt.key {
					t.Fatalf("err = %v, want %s/%s", err, tt.field, tt.key)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
			again, err := clock.ParseAdjustment(got.Payload())
			if err != nil || again != got {
				t.Fatalf("payload does not round-trip: %+v, %v", again, err)
			}
		})
	}
}

func TestAdjustmentValidate(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 10, 30, 0, 0, clock.Zone)
	tests := []struct {
		name, day, hour, key string
	}{
		{name: "yesterday", day: "2026-11-19", hour: "18:00"},
		{name: "today_earlier", day: "2026-11-20", hour: "10:30"},
		{name: "today_later", day: "2026-11-20", hour: "10:31", key: clock.KeyFutureDay},
		{name: "tomorrow", day: "2026-11-21", hour: "08:00", key: clock.KeyFutureDay},
		{name: "oldest", day: "2026-09-21", hour: "08:00"},
		{name: "too_old", day: "2026-09-20", hour: "08:00", key: domain.KeyDateRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := clock.Adjustment{Kind: clock.AdjustAdd, Day: tt.day, Time: tt.hour, Reason: "m"}.Validate(now)
			var de *domain.Error
			switch {
			case tt.key == "" && err != nil:
				t.Fatalf("err = %v", err)
			case tt.key != "" && (!errors.As(err, &de) || de.Key != tt.key):
				t.Fatalf("err = %v, want %s", err, tt.key)
			}
		})
	}
}

// at is a local time on 2026-11-20.
func at(hm string) time.Time {
	t, _ := time.ParseInLocation("2006-01-02 15:04", "2026-11-20 "+hm, clock.Zone)
	return t
}

func registered(id, hm string) clock.Event {
	return clock.MarkRegistered{Mark: clock.Mark{MarkID: id, RecordedAt: at(hm).UTC(), Selected: clock.Place{Address: "Rua A"}}}
}

// times lists the day's marks as "HH:mm" plus "*" for an adjusted one.
func times(d *clock.Day) []string {
	var out []string
	for _, m := range d.Marks {
		s := m.At.In(clock.Zone).Format("15:04")
		if m.Adjusted {
			s += "*"
		}
		out = append(out, s)
	}
	return out
}

func TestDayAdjustments(t *testing.T) {
	t.Parallel()
	p := clock.Person{EmployeeID: "e", UserID: "u", UserHash: "h"}
	approved := at("19:00")
	given := []clock.Event{
		registered(markA, "08:20"),
		registered("m2", "12:00"),
		registered("m-other-day", "12:00"), // replaced below by a mark of another day
	}
	given[2] = clock.MarkRegistered{Mark: clock.Mark{MarkID: "m3", RecordedAt: at("12:00").AddDate(0, 0, -1)}}
	tests := []struct {
		name    string
		ask     clock.Adjustment
		before  []string // requests already applied, by id "r0"
		want    []string
		excuses int
		events  int
		err     string
	}{
		{name: "correct_moves_the_mark", ask: clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2026-11-20", MarkID: markA, Time: "08:00", Reason: "m"},
			want: []string{"08:00*", "12:00"}, events: 1},
		{name: "correct_reorders", ask: clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2026-11-20", MarkID: markA, Time: "13:00", Reason: "m"},
			want: []string{"12:00", "13:00*"}, events: 1},
		{name: "add_inserts_a_mark", ask: clock.Adjustment{Kind: clock.AdjustAdd, Day: "2026-11-20", Time: "17:30", Reason: "m"},
			want: []string{"08:20", "12:00", "17:30*"}, events: 1},
		{name: "excuse_keeps_marks", ask: clock.Adjustment{Kind: clock.AdjustExcuse, Day: "2026-11-20", From: "13:00", To: "17:00", Reason: "m"},
			want: []string{"08:20", "12:00"}, excuses: 1, events: 1},
		{name: "applied_twice_is_once", ask: clock.Adjustment{Kind: clock.AdjustAdd, Day: "2026-11-20", Time: "17:30", Reason: "m"},
			before: []string{"r1"}, want: []string{"08:20", "12:00", "17:30*"}, events: 0},
		{name: "correct_unknown_mark", ask: clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2026-11-20", MarkID: "m3", Time: "08:00", Reason: "m"},
			err: clock.KeyMarkNotFound},
		{name: "other_day", ask: clock.Adjustment{Kind: clock.AdjustAdd, Day: "2026-11-19", Time: "08:00", Reason: "m"},
			err: domain.KeyInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := clock.NewDay("2026-11-20")
			for _, e := range given {
				d.Apply(e)
			}
			for range tt.before {
				events, err := d.Adjust(tt.ask, "r1", "new-mark", p, approved)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					d.Apply(e)
				}
			}
			events, err := d.Adjust(tt.ask, "r1", "new-mark", p, approved)
			if tt.err != "" {
				var de *domain.Error
				if !errors.As(err, &de) || de.Key != tt.err {
					t.Fatalf("err = %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil || len(events) != tt.events {
				t.Fatalf("events %v, err %v; want %d events", events, err, tt.events)
			}
			for _, e := range events {
				d.Apply(e)
			}
			if got := strings.Join(times(d), " "); got != strings.Join(tt.want, " ") {
				t.Fatalf("day = %s, want %s", got, strings.Join(tt.want, " "))
			}
			if len(d.Excuses) != tt.excuses {
				t.Fatalf("excuses = %v", d.Excuses)
			}
			// Undoing the approval puts the day back as it was punched.
			for _, e := range d.Revert("r1", p, approved) {
				d.Apply(e)
			}
			if got := strings.Join(times(d), " "); got != "08:20 12:00" || len(d.Excuses) != 0 || d.Applied("r1") {
				t.Fatalf("after revert day = %s, excuses %v", got, d.Excuses)
			}
		})
	}
}

func TestDayRevertKeepsEarlierAdjustment(t *testing.T) {
	t.Parallel()
	p := clock.Person{EmployeeID: "e"}
	d := clock.NewDay("2026-11-20")
	d.Apply(registered(markA, "08:20"))
	for _, r := range []struct{ id, hm string }{{"r1", "08:00"}, {"r2", "07:50"}} {
		events, err := d.Adjust(clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2026-11-20", MarkID: markA, Time: r.hm, Reason: "m"}, r.id, "", p, at("19:00"))
		if err != nil {
			t.Fatal(err)
		}
		d.Apply(events[0])
	}
	for _, e := range d.Revert("r2", p, at("20:00")) {
		d.Apply(e)
	}
	if got := strings.Join(times(d), " "); got != "08:00*" {
		t.Fatalf("day = %s, want 08:00* (r1 still in force)", got)
	}
}

func TestDayCheck(t *testing.T) {
	t.Parallel()
	d := clock.NewDay("2026-11-20")
	d.Apply(registered(markA, "08:20"))
	d.Apply(registered("m2", "12:00"))
	tests := []struct {
		name string
		ask  clock.Adjustment
		key  string
	}{
		{name: "add_free_minute", ask: clock.Adjustment{Kind: clock.AdjustAdd, Day: "2026-11-20", Time: "17:00"}},
		{name: "add_taken_minute", ask: clock.Adjustment{Kind: clock.AdjustAdd, Day: "2026-11-20", Time: "12:00"}, key: clock.KeyMarkExists},
		{name: "correct_to_own_minute", ask: clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2026-11-20", MarkID: markA, Time: "08:20"}},
		{name: "correct_onto_other", ask: clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2026-11-20", MarkID: markA, Time: "12:00"}, key: clock.KeyMarkExists},
		{name: "correct_unknown", ask: clock.Adjustment{Kind: clock.AdjustCorrect, Day: "2026-11-20", MarkID: "zz", Time: "09:00"}, key: clock.KeyMarkNotFound},
		{name: "excuse", ask: clock.Adjustment{Kind: clock.AdjustExcuse, Day: "2026-11-20"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := d.Check(tt.ask)
			var de *domain.Error
			switch {
			case tt.key == "" && err != nil:
				t.Fatalf("err = %v", err)
			case tt.key != "" && (!errors.As(err, &de) || de.Key != tt.key):
				t.Fatalf("err = %v, want %s", err, tt.key)
			}
		})
	}
}

func FuzzParseAdjustment(f *testing.F) {
	for _, s := range []string{
		`{"tipo":"incluir","data":"2026-11-20","hora":"08:05","motivo":"x"}`,
		`{"tipo":"corrigir","data":"2026-11-20","marcacaoId":"` + markA + `","hora":"17:00","motivo":"m"}`,
		`{"tipo":"abonar","data":"2026-11-20","inicio":"08:00","fim":"12:00","motivo":"m"}`,
		`{"tipo":"abonar","data":"2026-11-20","inicio":"12:00","fim":"08:00","motivo":"m"}`,
		`{"tipo":"incluir","data":"2026-13-01","hora":"25:00","motivo":"\u0000"}`,
		`{}`, `null`, `[]`, `"x"`, `{"tipo":null}`, "{\"motivo\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := clock.ParseAdjustment(data)
		if err != nil {
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Invalid || de.Field == "" || de.Key == "" {
				t.Fatalf("error %v (%T) is not a named Invalid domain error", err, err)
			}
			return
		}
		if strings.TrimSpace(a.Reason) == "" || a.Reason != strings.TrimSpace(a.Reason) {
			t.Fatalf("reason %q accepted", a.Reason)
		}
		if d, err := time.Parse(clock.DayLayout, a.Day); err != nil || d.Format(clock.DayLayout) != a.Day {
			t.Fatalf("day %q accepted", a.Day)
		}
		switch a.Kind {
		case clock.AdjustAdd, clock.AdjustCorrect:
			if h, err := time.Parse(clock.HourLayout, a.Time); err != nil || h.Format(clock.HourLayout) != a.Time {
				t.Fatalf("time %q accepted", a.Time)
			}
			if a.Kind == clock.AdjustCorrect && len(a.MarkID) != 36 {
				t.Fatalf("mark %q accepted", a.MarkID)
			}
		case clock.AdjustExcuse:
			if (a.From == "") != (a.To == "") || (a.From != "" && a.To <= a.From) {
				t.Fatalf("excuse %q-%q accepted", a.From, a.To)
			}
		default:
			t.Fatalf("kind %q accepted", a.Kind)
		}
		if again, err := clock.ParseAdjustment(a.Payload()); err != nil || again != a {
			t.Fatalf("payload does not round-trip: %+v %v", again, err)
		}
	})
}
