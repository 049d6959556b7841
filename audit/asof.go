// Package audit answers the audit area's questions about history: the state of a subject as
// it was at an instant, rebuilt by folding its events with the domain's own Apply (the code
// commands decide with), and what changed since.
package audit

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	clockcmd "portal/commands/clock"
	"portal/commands/request"
	vacationcmd "portal/commands/vacation"
	"portal/domain/clock"
	rq "portal/domain/request"
	"portal/domain/vacation"
	"portal/eventstore"
)

// Subject kinds whose state can be rebuilt "as of" an instant.
const (
	KindRequest  = "request"
	KindVacation = "vacation"
	KindPunches  = "punches"
)

// DayFilter is the part of an employee's clock stream that can change a day's punches (what
// clock.Day.Apply does not pass over): the marks whose instant falls on day, the day's
// abonos and undone adjustments, and every adjusted mark (it may be one of the day's). The
// fold of these events is the fold of the whole stream; reading them alone spares "as of" an
// employee's years of other days.
func DayFilter(day string) eventstore.DayFilter {
	return eventstore.DayFilter{
		Day: day, Zone: clock.ZoneName,
		AtKey:    "recordedAt",
		AtTypes:  []string{clock.TypeMarkRegistered, clock.TypeMarkRecordedByHR, clock.TypeMarkAddedByAdjustment},
		DayKey:   "day",
		DayTypes: []string{clock.TypeDayExcused, clock.TypeAdjustmentReverted},
		Always:   []string{clock.TypeMarkAdjusted},
	}
}

// Upto keeps the events recorded at or before at (a stream is in log order).
func Upto(events []eventstore.RecordedEvent, at time.Time) []eventstore.RecordedEvent {
	n := sort.Search(len(events), func(i int) bool { return events[i].RecordedAt.After(at) })
	return events[:n]
}

// State folds events into the state of a subject of kind. day (YYYY-MM-DD) picks the day of
// a punches subject; today is the day vacation periods are judged on. The answer is a flat
// map of fields (see field) to values, so two states compare field by field.
func State(kind string, events []eventstore.RecordedEvent, day string, today time.Time) (map[string]string, error) {
	switch kind {
	case KindRequest:
		return requestState(events)
	case KindVacation:
		return vacationState(events, today)
	case KindPunches:
		return dayState(events, day)
	}
	return nil, fmt.Errorf("audit: no state for %q", kind)
}

func requestState(events []eventstore.RecordedEvent) (map[string]string, error) {
	var folded []rq.Event
	for _, re := range events {
		e, ok, err := request.DecodeEvent(re)
		if err != nil {
			return nil, err
		}
		if ok {
			folded = append(folded, e)
		}
	}
	r := rq.Fold(folded)
	s := map[string]string{}
	if !r.Exists() {
		return s, nil
	}
	s["status"] = string(r.Status)
	s["approvalStatus"] = r.ApprovalStatus()
	s["title"] = r.Fields.Title
	s["locked"] = fmt.Sprint(r.Locked)
	s["attachments"] = fmt.Sprint(len(r.Attachments))
	if r.Delivery != "" {
		s["delivery"] = string(r.Delivery)
	}
	for i, st := range r.Steps {
		n := fmt.Sprint(i + 1)
		s[field("step.label", n)] = st.Label
		if st.Designated.ID != "" {
			s[field("step.approver", n)] = st.Designated.ID
		}
		switch {
		case i < len(r.Decisions) && r.Decisions[i].Approved:
			s[field("step.decision", n)] = "approved"
		case i < len(r.Decisions):
			s[field("step.decision", n)] = "rejected"
		case i == r.Current():
			s[field("step.decision", n)] = "waiting"
		}
		if i < len(r.Decisions) {
			s[field("step.decidedBy", n)] = r.Decisions[i].By.Actor.ID
		}
	}
	return s, nil
}

func vacationState(events []eventstore.RecordedEvent, today time.Time) (map[string]string, error) {
	e := vacation.New()
	for _, re := range events {
		ev, err := vacationcmd.DecodeVacation(re)
		if err != nil {
			return nil, err
		}
		e.Apply(ev)
	}
	s := map[string]string{}
	for _, p := range e.Periods(today) {
		n := p.Start.Format(time.DateOnly) + " – " + p.End.Format(time.DateOnly)
		s[field("period.status", n)] = string(p.Status)
		s[field("period.remaining", n)] = fmt.Sprint(p.Remaining)
		s[field("period.taken", n)] = fmt.Sprint(p.Taken)
		s[field("period.scheduled", n)] = fmt.Sprint(p.Scheduled)
		s[field("period.pending", n)] = fmt.Sprint(p.Pending)
		s[field("period.abono", n)] = fmt.Sprint(p.Abono)
	}
	for _, l := range e.Leaves() {
		s[field("leave", fmt.Sprintf("%s (%d)", l.Start.Format(time.DateOnly), l.Days))] = leaveStatus[l.Status]
	}
	return s, nil
}

var leaveStatus = map[vacation.LeaveStatus]string{
	vacation.Pending: "pending", vacation.Scheduled: "scheduled",
	vacation.RejectedLeave: "rejected", vacation.CancelledLeave: "cancelled",
}

func dayState(events []eventstore.RecordedEvent, day string) (map[string]string, error) {
	d := clock.NewDay(day)
	for _, re := range events {
		e, err := clockcmd.DecodeClock(re)
		if err != nil {
			return nil, err
		}
		d.Apply(e)
	}
	s := map[string]string{}
	for i, m := range d.Marks {
		name := "mark"
		switch {
		case m.Adjusted:
			name = "markAdjusted"
		case m.ByHR:
			name = "markByHR"
		}
		s[field(name, fmt.Sprint(i+1))] = m.At.In(clock.Zone).Format("15:04")
	}
	for i, x := range d.Excuses {
		s[field("excuse", fmt.Sprint(i+1))] = x.From + "–" + x.To + " " + x.Reason
	}
	return s, nil
}

// field names a state's field: a name the web app translates (audit.fields.<name>) and the
// parameter it shows with it (a step number, a period, a date).
func field(name, param string) string { return name + "|" + param }

// Change is a field whose value differs between two states ("" where a state lacks it).
type Change struct {
	Field string `json:"field"`
	Then  string `json:"then"`
	Now   string `json:"now"`
}

// Diff lists the fields of then and now that differ, by field name.
func Diff(then, now map[string]string) []Change {
	out := []Change{} // an empty list, never null, when nothing changed
	for k, v := range then {
		if now[k] != v {
			out = append(out, Change{Field: k, Then: v, Now: now[k]})
		}
	}
	for k, v := range now {
		if _, ok := then[k]; !ok {
			out = append(out, Change{Field: k, Now: v})
		}
	}
	slices.SortFunc(out, func(a, b Change) int { return strings.Compare(a.Field, b.Field) })
	return out
}
