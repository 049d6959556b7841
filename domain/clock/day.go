package clock

import (
	"slices"
	"time"

	"portal/domain"
)

// DayMark is a mark of a day as adjustments see it.
type DayMark struct {
	MarkID     string
	At         time.Time // in force: the punch's time, or the adjusted one
	Registered time.Time // as punched; zero for a mark added by an adjustment
	Address    string
	Adjusted   bool   // moved or added by an adjustment in force
	RequestID  string // the adjustment that last moved or added it
	ByHR       bool   // recorded by HR for the employee (MarkRecordedByHR), not punched
	ActorID    string // the HR user who recorded it
	Reason     string // HR's reason
}

// Excuse is an abono in force on a day.
type Excuse struct {
	RequestID, From, To, Reason string
}

// Day is one employee's local day folded from their clock stream: the marks in force and the
// excuses. The original punches stay in the stream; Day shows their effect.
type Day struct {
	Date    string
	Marks   []DayMark // by time
	Excuses []Excuse
	applied map[string][]Event // the adjustment events in force, by request
}

// NewDay returns an empty day (YYYY-MM-DD).
func NewDay(date string) *Day { return &Day{Date: date, applied: map[string][]Event{}} }

// Apply folds one clock event; events of other days change nothing.
func (d *Day) Apply(e Event) {
	switch e := e.(type) {
	case MarkRegistered:
		if DayOf(e.RecordedAt) == d.Date {
			d.Marks = append(d.Marks, DayMark{MarkID: e.MarkID, At: e.RecordedAt, Registered: e.RecordedAt, Address: e.Selected.Address})
		}
	case MarkRecordedByHR:
		if DayOf(e.RecordedAt) == d.Date {
			d.Marks = append(d.Marks, DayMark{MarkID: e.MarkID, At: e.RecordedAt, Registered: e.RecordedAt, Address: e.Selected.Address,
				ByHR: true, ActorID: e.ActorID, Reason: e.Reason})
		}
	case MarkAddedByAdjustment:
		if DayOf(e.RecordedAt) == d.Date {
			d.Marks = append(d.Marks, DayMark{MarkID: e.MarkID, At: e.RecordedAt, Adjusted: true, RequestID: e.RequestID})
			d.applied[e.RequestID] = append(d.applied[e.RequestID], e)
		}
	case MarkAdjusted:
		if i := d.find(e.MarkID); i >= 0 {
			d.Marks[i].At, d.Marks[i].Adjusted, d.Marks[i].RequestID = e.To, true, e.RequestID
			d.applied[e.RequestID] = append(d.applied[e.RequestID], e)
		}
	case DayExcused:
		if e.Day == d.Date {
			d.Excuses = append(d.Excuses, Excuse{RequestID: e.RequestID, From: e.From, To: e.To, Reason: e.Reason})
			d.applied[e.RequestID] = append(d.applied[e.RequestID], e)
		}
	case AdjustmentReverted:
		if e.Day != d.Date {
			return
		}
		for _, r := range e.Restored {
			if i := d.find(r.MarkID); i >= 0 {
				d.Marks[i].At, d.Marks[i].Adjusted = r.At, r.Adjusted
				if !r.Adjusted {
					d.Marks[i].RequestID = ""
				}
			}
		}
		d.Marks = slices.DeleteFunc(d.Marks, func(m DayMark) bool { return slices.Contains(e.Removed, m.MarkID) })
		if e.Excuse {
			d.Excuses = slices.DeleteFunc(d.Excuses, func(x Excuse) bool { return x.RequestID == e.RequestID })
		}
		delete(d.applied, e.RequestID)
	}
	slices.SortStableFunc(d.Marks, func(a, b DayMark) int { return a.At.Compare(b.At) })
}

func (d *Day) find(markID string) int {
	return slices.IndexFunc(d.Marks, func(m DayMark) bool { return m.MarkID == markID })
}

// Applied tells whether the adjustment of requestID is in force on the day.
func (d *Day) Applied(requestID string) bool { return len(d.applied[requestID]) > 0 }

// Check applies the rules that need the day's marks, when the employee asks: the mark to
// correct is one of the day's; no other mark of the day is at the minute asked for.
func (d *Day) Check(a Adjustment) error {
	if a.Kind == AdjustExcuse {
		return nil
	}
	if a.Kind == AdjustCorrect && d.find(a.MarkID) < 0 {
		return domain.InvalidField("marcacaoId", KeyMarkNotFound)
	}
	at := a.At()
	for _, m := range d.Marks {
		if m.MarkID != a.MarkID && m.At.Truncate(time.Minute).Equal(at) {
			return domain.Refusal("hora", KeyMarkExists)
		}
	}
	return nil
}

// Person is whose clock an adjustment changes.
type Person struct{ EmployeeID, UserID, UserHash string }

// Adjust decides the events of an approved adjustment (requestID), approved at `at`. An
// adjustment already in force appends nothing (the process handler may see its approval
// again). newMarkID names the mark an incluir adds.
func (d *Day) Adjust(a Adjustment, requestID, newMarkID string, p Person, at time.Time) ([]Event, error) {
	if a.Day != d.Date {
		return nil, domain.InvalidField("data", domain.KeyInvalid)
	}
	if d.Applied(requestID) {
		return nil, nil
	}
	switch a.Kind {
	case AdjustAdd:
		return []Event{MarkAddedByAdjustment{
			Mark:      Mark{MarkID: newMarkID, EmployeeID: p.EmployeeID, UserID: p.UserID, UserHash: p.UserHash, RecordedAt: a.At().UTC()},
			RequestID: requestID, Reason: a.Reason,
		}}, nil
	case AdjustCorrect:
		i := d.find(a.MarkID)
		if i < 0 {
			return nil, domain.InvalidField("marcacaoId", KeyMarkNotFound)
		}
		return []Event{MarkAdjusted{
			MarkID: a.MarkID, EmployeeID: p.EmployeeID, UserID: p.UserID, UserHash: p.UserHash,
			From: d.Marks[i].At.UTC(), To: a.At().UTC(), RequestID: requestID, Reason: a.Reason, AdjustedAt: at.UTC(),
		}}, nil
	case AdjustExcuse:
		return []Event{DayExcused{
			EmployeeID: p.EmployeeID, UserID: p.UserID, UserHash: p.UserHash,
			Day: a.Day, From: a.From, To: a.To, RequestID: requestID, Reason: a.Reason, ExcusedAt: at.UTC(),
		}}, nil
	}
	return nil, domain.InvalidField("tipo", domain.KeyInvalid)
}

// Revert decides the event that takes back the adjustment of requestID when its approval is
// undone; nothing when it is not in force. A moved mark goes back to where it was before; it
// stays marked adjusted when an earlier adjustment had moved it.
func (d *Day) Revert(requestID string, p Person, at time.Time) []Event {
	events := d.applied[requestID]
	if len(events) == 0 {
		return nil
	}
	r := AdjustmentReverted{EmployeeID: p.EmployeeID, UserID: p.UserID, UserHash: p.UserHash, Day: d.Date, RequestID: requestID, RevertedAt: at.UTC()}
	for _, e := range events {
		switch e := e.(type) {
		case MarkAdjusted:
			i := d.find(e.MarkID)
			still := i >= 0 && (d.Marks[i].Registered.IsZero() || !d.Marks[i].Registered.Equal(e.From))
			r.Restored = append(r.Restored, MarkRestore{MarkID: e.MarkID, At: e.From, Adjusted: still})
		case MarkAddedByAdjustment:
			r.Removed = append(r.Removed, e.MarkID)
		case DayExcused:
			r.Excuse = true
		}
	}
	return []Event{r}
}

// LateTolerance is how long after the schedule's start a first mark still counts as on time.
const LateTolerance = 10 * time.Minute
