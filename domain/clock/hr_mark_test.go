package clock_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"portal/domain"
	"portal/domain/clock"
)

const (
	hrEmployee = "1a2b3c4d-0000-4000-8000-000000000001"
	hrUser     = "1a2b3c4d-0000-4000-8000-000000000002"
	hrActor    = "1a2b3c4d-0000-4000-8000-000000000003"
	hrMarkID   = "1a2b3c4d-0000-4000-8000-000000000004"
)

func local(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, clock.Zone)
	if err != nil {
		panic(err)
	}
	return t
}

func hrMark(at string) clock.HRMark {
	return clock.HRMark{MarkID: hrMarkID, EmployeeID: hrEmployee, UserID: hrUser, UserHash: "h", ActorID: hrActor,
		At: local(at), Kind: clock.HRKindDevice, Reason: "  relógio quebrado  "}
}

func TestRecordByHR(t *testing.T) {
	t.Parallel()
	now := local("2026-11-20 18:00")
	active := clock.HREmployee{Status: clock.Active, HireDate: "2024-03-01"}
	punched := clock.MarkRegistered{Mark: clock.Mark{MarkID: markA, RecordedAt: local("2026-11-20 08:00").Add(25 * time.Second)}}
	tests := []struct {
		name       string
		change     func(*clock.HRMark)
		emp        clock.HREmployee
		field, key string
	}{
		{name: "recorded", emp: active},
		{name: "no_reason", change: func(m *clock.HRMark) { m.Reason = "   " }, emp: active, field: "motivo", key: domain.KeyRequired},
		{name: "short_reason", change: func(m *clock.HRMark) { m.Reason = " ab " }, emp: active, field: "motivo", key: clock.KeyReasonLength},
		{name: "long_reason", change: func(m *clock.HRMark) { m.Reason = strings.Repeat("é", 201) }, emp: active, field: "motivo", key: clock.KeyReasonLength},
		{name: "unknown_kind", change: func(m *clock.HRMark) { m.Kind = "whim" }, emp: active, field: "tipo", key: domain.KeyInvalid},
		{name: "no_kind", change: func(m *clock.HRMark) { m.Kind = "" }, emp: active, field: "tipo", key: domain.KeyRequired},
		{name: "inactive", emp: clock.HREmployee{Status: clock.Inactive}, field: "colaborador", key: clock.ReasonInactive},
		{name: "away", emp: clock.HREmployee{Status: clock.Away}, field: "colaborador", key: clock.ReasonInactive},
		{name: "future", change: func(m *clock.HRMark) { m.At = local("2026-11-20 18:01") }, emp: active, field: "hora", key: clock.KeyFutureDay},
		{name: "before_hire", emp: clock.HREmployee{Status: clock.Active, HireDate: "2026-11-21"}, field: "data", key: clock.KeyBeforeHire},
		{name: "same_minute_as_a_punch", change: func(m *clock.HRMark) { m.At = local("2026-11-20 08:00").Add(50 * time.Second) }, emp: active,
			field: "hora", key: clock.KeyMarkExists},
		{name: "other_day", change: func(m *clock.HRMark) { m.At = local("2026-11-19 12:00") }, emp: active, field: "data", key: domain.KeyInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := clock.NewDay("2026-11-20")
			d.Apply(punched)
			m := hrMark("2026-11-20 12:30")
			if tt.change != nil {
				tt.change(&m)
			}
			events, err := d.RecordByHR(m, tt.emp, now)
			if tt.field != "" {
				var de *domain.Error
				if !errors.As(err, &de) || de.Field != tt.field || de.Key != tt.key || events != nil {
					t.Fatalf("events %v, err = %v; want %s/%s", events, err, tt.field, tt.key)
				}
				return
			}
			if err != nil || len(events) != 1 {
				t.Fatalf("events %v, err %v", events, err)
			}
			e, ok := events[0].(clock.MarkRecordedByHR)
			if !ok || e.Reason != "relógio quebrado" || e.ActorID != hrActor || e.UserID != hrUser || !e.RecordedAt.Equal(local("2026-11-20 12:30")) ||
				e.EventType() != "clock.mark_recorded_by_hr.v1" {
				t.Fatalf("event %+v", events[0])
			}
		})
	}
}

// An HR mark folds into the day as a mark in force, flagged with its actor and reason, in
// time order with the punches; its stored form reads back to the same event.
func TestDayFoldsHRMark(t *testing.T) {
	t.Parallel()
	d := clock.NewDay("2026-11-20")
	d.Apply(clock.MarkRegistered{Mark: clock.Mark{MarkID: markA, RecordedAt: local("2026-11-20 13:00")}})
	events, err := d.RecordByHR(hrMark("2026-11-20 08:00"), clock.HREmployee{Status: clock.Active}, local("2026-11-20 18:00"))
	if err != nil {
		t.Fatal(err)
	}
	stored := clock.DataOfHRMark(events[0].(clock.MarkRecordedByHR)).Event()
	d.Apply(stored)
	d.Apply(clock.MarkRecordedByHR{Mark: clock.Mark{MarkID: "other-day", RecordedAt: local("2026-11-21 08:00")}, ActorID: hrActor})
	if len(d.Marks) != 2 {
		t.Fatalf("marks %+v", d.Marks)
	}
	hr, own := d.Marks[0], d.Marks[1]
	if !hr.ByHR || hr.ActorID != hrActor || hr.Reason != "relógio quebrado" || hr.MarkID != hrMarkID || !hr.At.Equal(local("2026-11-20 08:00")) || hr.Adjusted {
		t.Fatalf("HR mark %+v", hr)
	}
	if own.ByHR || own.ActorID != "" || own.Reason != "" {
		t.Fatalf("own mark %+v", own)
	}
	c := clock.New()
	c.Apply(stored)
	if c.Marks() != 1 {
		t.Fatalf("clock marks %d", c.Marks())
	}
}
