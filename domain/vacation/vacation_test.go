package vacation

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"portal/domain"
)

var (
	monToFri = Schedule{Kind: FixedDaysOff, DaysOff: []time.Weekday{time.Saturday, time.Sunday}}
	allowed  = Switches{Vacation: true, Abono: true, Advance13: true}
	// now is Thursday 5 November 2026. Hired on 1 March 2023, the employee has acquired
	// periods 0 (concessive ended 28 Feb 2025: overdue), 1 (ends 28 Feb 2026... concessive to
	// 28 Feb 2027) and 2 (acquired 28 Feb 2026), and is acquiring period 3.
	now   = time.Date(2026, 11, 5, 14, 0, 0, 0, time.UTC)
	hired = Day(2023, 3, 1)
)

func given(events ...Event) *Entitlement {
	e := New()
	e.Apply(Opened{UserID: "u1", Hired: hired})
	for _, ev := range events {
		e.Apply(ev)
	}
	return e
}

func request(start time.Time, days int) Request {
	return Request{ID: "r-new", Start: start, Days: days, By: "u1", Now: now, Switches: allowed,
		Schedule: monToFri, Calendar: NewCalendar(nil)}
}

func requested(id string, start time.Time, days, period int) Requested {
	return Requested{ID: id, Start: start, Days: days, Period: period, At: now, By: "u1"}
}

func TestRequest_rules(t *testing.T) {
	t.Parallel()
	monday := Day(2026, 11, 9) // Mon 9, Tue 10, Wed 11: the earliest allowed start that week
	tests := []struct {
		name      string
		past      []Event
		cmd       func(Request) Request
		wantField string
		wantKey   string
	}{
		{"valid_ten_days", nil, nil, "", ""},
		{"shorter_than_five_days", nil, func(r Request) Request { r.Days = 4; return r }, "dias", KeyTooShort},
		{"longer_than_a_period", nil, func(r Request) Request { r.Days = 31; return r }, "dias", KeyTooLong},
		{"start_today", nil, func(r Request) Request { r.Start = now; return r }, "inicio", KeyStartInPast},
		{"start_on_saturday", nil, func(r Request) Request { r.Start = Day(2026, 11, 14); return r }, "inicio", KeyStartOnRest},
		{"start_thursday_two_days_before_saturday", nil, func(r Request) Request { r.Start = Day(2026, 11, 12); return r }, "inicio", KeyStartBeforeRest},
		{"start_friday_one_day_before_saturday", nil, func(r Request) Request { r.Start = Day(2026, 11, 13); return r }, "inicio", KeyStartBeforeRest},
		{"start_wednesday_before_a_friday_holiday", nil, func(r Request) Request { r.Start = Day(2026, 11, 18); return r }, "inicio", KeyStartBeforeRest},
		{"start_on_a_holiday", nil, func(r Request) Request { r.Start = Day(2026, 11, 20); r.Schedule = Schedule{Kind: Flexible}; return r }, "inicio", KeyStartOnRest},
		{"no_vacation_switch", nil, func(r Request) Request { r.Switches.Vacation = false; return r }, "solicita_ferias", KeyNotAllowed},
		{"no_abono_switch", nil, func(r Request) Request { r.AbonoDays = 5; r.Switches.Abono = false; return r }, "solicita_abono_ferias", KeyAbonoNotAllowed},
		{"no_advance_switch", nil, func(r Request) Request { r.Advance13 = true; r.Switches.Advance13 = false; return r }, "solicita_13_ferias", KeyAdvanceNotAllowed},
		{"overlaps_a_pending_request", []Event{requested("a", Day(2026, 11, 16), 10, 0)}, nil, "inicio", KeyOverlap},
		{"overlaps_a_scheduled_vacation", []Event{requested("a", Day(2026, 11, 2), 10, 0), Approved{ID: "a"}}, nil, "inicio", KeyOverlap},
		{"rejected_request_frees_its_dates", []Event{requested("a", Day(2026, 11, 16), 10, 0), Rejected{ID: "a"}}, nil, "", ""},
		{"more_than_the_oldest_period_has_left", []Event{requested("a", Day(2025, 1, 6), 25, 0)}, nil, "dias", KeyOverBalance},
		{"abono_over_a_third", nil, func(r Request) Request { r.AbonoDays = 11; return r }, "abono", KeyAbonoTooMany},
		{"abono_ten_days", nil, func(r Request) Request { r.Days = 20; r.AbonoDays = 10; return r }, "", ""},
		{"abono_twice_in_a_period", []Event{Requested{ID: "a", Start: Day(2025, 1, 6), Days: 10, AbonoDays: 5, Period: 0}}, func(r Request) Request { r.AbonoDays = 5; return r }, "abono", KeyAbonoTwice},
		{"advance_in_november", nil, func(r Request) Request { r.Advance13 = true; return r }, "", ""},
		{"advance_in_december", nil, func(r Request) Request {
			r.Advance13 = true
			r.Now = Day(2026, 12, 1)
			r.Start = Day(2026, 12, 7)
			return r
		}, "adiantamento13", KeyAdvanceOutOfRange},
		{"advance_in_january", nil, func(r Request) Request {
			r.Advance13 = true
			r.Now = Day(2026, 1, 10)
			r.Start = Day(2026, 1, 19)
			return r
		}, "adiantamento13", KeyAdvanceOutOfRange},
		{"advance_twice_in_a_year", []Event{Requested{ID: "a", Start: Day(2026, 3, 2), Days: 10, Advance13: true, Period: 0, At: Day(2026, 2, 10)}}, func(r Request) Request { r.Advance13 = true; return r }, "adiantamento13", KeyAdvanceTwice},
		{"advance_again_after_its_request_was_rejected", []Event{Requested{ID: "a", Start: Day(2026, 3, 2), Days: 10, Advance13: true, Period: 0, At: Day(2026, 2, 10)}, Rejected{ID: "a"}}, func(r Request) Request { r.Advance13 = true; return r }, "", ""},
		{"every_acquired_period_used", []Event{
			requested("a", Day(2024, 6, 3), 30, 0), Approved{ID: "a"},
			requested("b", Day(2025, 6, 2), 30, 1), Approved{ID: "b"},
			requested("c", Day(2026, 6, 1), 30, 2), Approved{ID: "c"},
		}, nil, "dias", KeyNoBalance},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cmd := request(monday, 10)
			if tt.cmd != nil {
				cmd = tt.cmd(cmd)
			}
			events, err := given(tt.past...).Request(cmd)
			if tt.wantKey == "" {
				if err != nil || len(events) != 1 {
					t.Fatalf("Request = %v, %v; want one event", events, err)
				}
				return
			}
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Refused || de.Field != tt.wantField || de.Key != tt.wantKey {
				t.Fatalf("Request error = %v, want refusal %s: %s", err, tt.wantField, tt.wantKey)
			}
			if events != nil {
				t.Errorf("refused request returned events %v", events)
			}
		})
	}
}

func TestRequest_draws_from_the_oldest_period_with_days_left(t *testing.T) {
	t.Parallel()
	e := given(requested("a", Day(2024, 6, 3), 30, 0), Approved{ID: "a"})
	events, err := e.Request(request(Day(2026, 11, 9), 10))
	if err != nil {
		t.Fatal(err)
	}
	want := Requested{ID: "r-new", Start: Day(2026, 11, 9), Days: 10, Period: 1, At: now, By: "u1"}
	if !reflect.DeepEqual(events, []Event{want}) {
		t.Errorf("events = %+v, want %+v", events, want)
	}
}

func TestRequest_without_hire_date(t *testing.T) {
	t.Parallel()
	_, err := New().Request(request(Day(2026, 11, 9), 10))
	var de *domain.Error
	if !errors.As(err, &de) || de.Key != KeyNotOpened {
		t.Fatalf("err = %v", err)
	}
}

func TestPeriods_balance_and_status(t *testing.T) {
	t.Parallel()
	e := given(
		requested("a", Day(2024, 6, 3), 30, 0), Approved{ID: "a"}, // period 0 fully taken
		Requested{ID: "b", Start: Day(2026, 1, 5), Days: 20, AbonoDays: 10, Period: 1}, Approved{ID: "b"}, // period 1: 20 taken + 10 sold
		requested("c", Day(2026, 11, 9), 10, 2), // period 2: 10 pending
		requested("d", Day(2026, 10, 1), 5, 2), Rejected{ID: "d"},
	)
	got := e.Periods(now)
	if len(got) != 4 {
		t.Fatalf("%d periods, want 4", len(got))
	}
	want := []struct {
		status                               PeriodStatus
		pending, scheduled, taken, remaining int
	}{
		{StatusTaken, 0, 0, 30, 0},
		{StatusTaken, 0, 0, 20, 0},
		{StatusInConcessive, 10, 0, 0, 20},
		{StatusAcquiring, 0, 0, 0, 30},
	}
	for i, w := range want {
		p := got[i]
		if p.Status != w.status || p.Pending != w.pending || p.Scheduled != w.scheduled || p.Taken != w.taken || p.Remaining != w.remaining {
			t.Errorf("period %d = %+v, want %+v", i, p, w)
		}
	}
	if !got[2].ConcessiveEnd.Equal(Day(2027, 2, 28)) || !got[2].End.Equal(Day(2026, 2, 28)) {
		t.Errorf("period 2 dates = %s..%s, concessive to %s", got[2].Start, got[2].End, got[2].ConcessiveEnd)
	}
	if b := e.Balance(now); b != 20 {
		t.Errorf("Balance = %d, want 20 (period 3 is still being acquired)", b)
	}
	e.Apply(Approved{ID: "c"})
	if p := e.Periods(now)[2]; p.Scheduled != 10 || p.Pending != 0 {
		t.Errorf("after approval period 2 = %+v", p)
	}
}

func TestPeriods_expiring_and_overdue(t *testing.T) {
	t.Parallel()
	e := given()
	at := func(d time.Time) []PeriodStatus {
		var out []PeriodStatus
		for _, p := range e.Periods(d) {
			out = append(out, p.Status)
		}
		return out
	}
	// Period 0's concessive period ends 28 Feb 2025.
	if s := at(Day(2024, 11, 29)); s[0] != StatusInConcessive {
		t.Errorf("91 days before the end: %v", s)
	}
	if s := at(Day(2024, 11, 30)); s[0] != StatusExpiring {
		t.Errorf("90 days before the end: %v", s)
	}
	if s := at(Day(2025, 3, 1)); s[0] != StatusOverdue || s[1] != StatusInConcessive || s[2] != StatusAcquiring {
		t.Errorf("the day after the end: %v", s)
	}
	e.Apply(PeriodClosed{Period: 0, Reason: Lost})
	if s := at(Day(2025, 3, 1)); s[0] != StatusClosed {
		t.Errorf("closed: %v", s)
	}
}

func TestDueAlerts_raise_each_threshold_once_and_only_the_tightest(t *testing.T) {
	t.Parallel()
	e := given(requested("a", Day(2025, 6, 2), 30, 0), Approved{ID: "a"}) // period 0 used up
	// Period 1's concessive period ends 28 Feb 2026.
	steps := []struct {
		day  time.Time
		want []Event
	}{
		{Day(2025, 11, 29), nil},
		{Day(2025, 11, 30), []Event{AlertRaised{Period: 1, Threshold: 90}}},
		{Day(2025, 12, 1), nil},
		{Day(2026, 1, 29), []Event{AlertRaised{Period: 1, Threshold: 30}}}, // 30 days left: the 60 is skipped
		{Day(2026, 2, 10), nil},
		{Day(2026, 3, 1), nil}, // overdue: no more alerts
	}
	for _, s := range steps {
		got := e.DueAlerts(s.day)
		for i := range got {
			a := got[i].(AlertRaised)
			a.At = time.Time{}
			got[i] = a
		}
		if !reflect.DeepEqual(got, s.want) {
			t.Fatalf("DueAlerts(%s) = %+v, want %+v", s.day.Format(time.DateOnly), got, s.want)
		}
		for _, ev := range got {
			e.Apply(ev)
		}
	}
}

func TestDecide_and_cancel(t *testing.T) {
	t.Parallel()
	e := given(requested("a", Day(2026, 11, 9), 10, 0))
	if _, err := e.Decide("nope", true, now); !isKind(err, domain.NotFound) {
		t.Errorf("unknown id: %v", err)
	}
	events, err := e.Decide("a", true, now)
	if err != nil || !reflect.DeepEqual(events, []Event{Approved{ID: "a", At: now}}) {
		t.Fatalf("Decide = %v, %v", events, err)
	}
	e.Apply(events[0])
	if _, err := e.Decide("a", false, now); !isKind(err, domain.Conflict) {
		t.Errorf("second ruling: %v", err)
	}
	if _, err := e.Cancel("a", Day(2026, 11, 9)); !isKind(err, domain.Refused) {
		t.Errorf("cancel on the first day: %v", err)
	}
	events, err = e.Cancel("a", now)
	if err != nil || len(events) != 1 {
		t.Fatalf("Cancel = %v, %v", events, err)
	}
	e.Apply(events[0])
	if b := e.Balance(now); b != 90 {
		t.Errorf("balance after cancelling = %d, want 90", b)
	}
}

func TestPlan(t *testing.T) {
	t.Parallel()
	e := given()
	events, err := e.Plan("p1", Day(2027, 1, 11), 15, "boss", now, monToFri, NewCalendar(nil))
	if err != nil || len(events) != 1 {
		t.Fatalf("Plan = %v, %v", events, err)
	}
	e.Apply(events[0])
	if _, err := e.Plan("p2", Day(2027, 1, 18), 10, "boss", now, monToFri, NewCalendar(nil)); !isKind(err, domain.Refused) {
		t.Errorf("overlapping plan: %v", err)
	}
	if _, err := e.Plan("p3", Day(2027, 2, 1), 3, "boss", now, monToFri, NewCalendar(nil)); !isKind(err, domain.Refused) {
		t.Errorf("3-day plan: %v", err)
	}
	if b := e.Balance(now); b != 90 {
		t.Errorf("a plan used the balance: %d", b)
	}
	events, _ = e.RemovePlan("p1", now)
	e.Apply(events[0])
	if len(e.Plans()) != 0 {
		t.Errorf("plans = %v", e.Plans())
	}
}

func TestOpen_is_idempotent(t *testing.T) {
	t.Parallel()
	e := given()
	if events, err := e.Open("u1", hired); err != nil || events != nil {
		t.Errorf("reopen same date = %v, %v", events, err)
	}
	if _, err := e.Open("u1", Day(2020, 1, 1)); !isKind(err, domain.Invalid) {
		t.Errorf("reopen other date: %v", err)
	}
}

func isKind(err error, k domain.Kind) bool {
	var de *domain.Error
	return errors.As(err, &de) && de.Kind == k
}

func TestDecideStep_manager_then_hr(t *testing.T) {
	t.Parallel()
	chain := []string{StepManager, StepHR}
	filed := Requested{ID: "a", Start: Day(2026, 11, 9), Days: 10, Period: 1, At: now, By: "u1", Steps: chain}
	decision := func(step int, approve bool) StepDecision {
		return StepDecision{ID: "a", Step: step, Approve: approve, By: "boss", Now: now}
	}
	tests := []struct {
		name    string
		past    []Event
		cmd     StepDecision
		want    []Event
		wantErr domain.Kind
	}{
		{"manager_approves_it_waits_for_hr", []Event{filed}, decision(0, true),
			[]Event{StepApproved{ID: "a", Step: 0, Kind: StepManager, By: "boss", At: now}}, 0},
		{"hr_approves_it_is_scheduled", []Event{filed, StepApproved{ID: "a", Step: 0}}, decision(1, true),
			[]Event{Approved{ID: "a", Step: 1, By: "boss", At: now}}, 0},
		{"manager_rejects_it_ends", []Event{filed}, decision(0, false),
			[]Event{Rejected{ID: "a", Step: 0, By: "boss", At: now}}, 0},
		{"hr_rejects_after_manager", []Event{filed, StepApproved{ID: "a", Step: 0}}, decision(1, false),
			[]Event{Rejected{ID: "a", Step: 1, By: "boss", At: now}}, 0},
		{"a_step_decided_meanwhile", []Event{filed, StepApproved{ID: "a", Step: 0}}, decision(0, true), nil, domain.Conflict},
		{"hr_before_the_manager", []Event{filed}, decision(1, true), nil, domain.Conflict},
		{"already_scheduled", []Event{filed, StepApproved{ID: "a", Step: 0}, Approved{ID: "a", Step: 1}}, decision(1, true), nil, domain.Conflict},
		{"unknown_request", nil, decision(0, true), nil, domain.NotFound},
		{"request_of_an_outside_chain", []Event{requested("a", Day(2026, 11, 9), 10, 1)}, decision(0, true), nil, domain.Conflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := given(tt.past...)
			got, err := e.DecideStep(tt.cmd)
			if tt.wantErr != 0 {
				if !isKind(err, tt.wantErr) || got != nil {
					t.Fatalf("DecideStep = %v, %v; want kind %d", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("DecideStep = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

func TestCurrentStep_follows_the_chain(t *testing.T) {
	t.Parallel()
	e := given(Requested{ID: "a", Start: Day(2026, 11, 9), Days: 10, Period: 1, Steps: []string{StepManager, StepHR}})
	step := func() string { return e.Leaves()[0].CurrentStep() }
	if step() != StepManager {
		t.Fatalf("first step %q", step())
	}
	e.Apply(StepApproved{ID: "a", Step: 0})
	if step() != StepHR {
		t.Fatalf("second step %q", step())
	}
	if p := e.Periods(now)[1]; p.Pending != 10 {
		t.Errorf("between steps the days are pending: %+v", p)
	}
	if _, err := e.UndoStep("a", 1, "boss", now); !isKind(err, domain.Conflict) {
		t.Errorf("undo of a step not decided: %v", err)
	}
	undo, err := e.UndoStep("a", 0, "boss", now)
	if err != nil || len(undo) != 1 {
		t.Fatalf("UndoStep = %v, %v", undo, err)
	}
	e.Apply(undo[0])
	if step() != StepManager {
		t.Fatalf("after the undo %q", step())
	}
	e.Apply(StepApproved{ID: "a", Step: 0})
	e.Apply(Approved{ID: "a", Step: 1})
	if step() != "" || e.Leaves()[0].Status != Scheduled {
		t.Errorf("after HR: %+v", e.Leaves()[0])
	}
}
