package clock

import (
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"portal/domain"
)

// HR marking (marcação; issue 30): HR records a mark for an employee who could not punch
// (the device was broken, field work, ...) with a mandatory reason. It is its own event,
// MarkRecordedByHR, appended to the employee's clock stream with the HR user as actor, so
// the timesheet, the punch history and the audit timeline always tell it from the
// employee's own punch. It counts as a mark in force everywhere a mark does.

// TypeMarkRecordedByHR is the stable type of MarkRecordedByHR.
const TypeMarkRecordedByHR = "clock.mark_recorded_by_hr.v1"

// HRMarkKind says why the employee could not punch.
type HRMarkKind string

// The kinds of an HR mark (docs/api.md "HR marking").
const (
	HRKindDevice HRMarkKind = "device" // the clock or the phone did not work
	HRKindField  HRMarkKind = "field"  // field work, away from any clock
	HRKindForgot HRMarkKind = "forgot" // the employee forgot to punch
	HRKindOther  HRMarkKind = "other"
)

// HRMarkKinds are the kinds, in the order the screen offers them.
var HRMarkKinds = []HRMarkKind{HRKindDevice, HRKindField, HRKindForgot, HRKindOther}

// Bounds of an HR mark's reason, in characters after trimming.
const (
	MinHRReason = 3
	MaxHRReason = 200
)

// Message keys of HR-mark refusals (the web app translates them).
const (
	KeyReasonLength = "motivo_tamanho" // a reason shorter than MinHRReason or longer than MaxHRReason
	KeyBeforeHire   = "antes_admissao" // a day before the employee's hire date
)

// MarkRecordedByHR says HR recorded a mark for an employee. Mark.RecordedAt is the mark's
// time (what HR typed), not the time HR recorded it (the event's own time says that);
// Mark.UserID and UserHash are the employee's, ActorID the HR user's.
type MarkRecordedByHR struct {
	Mark
	ActorID string
	Reason  string
	Kind    HRMarkKind
}

// EventType implements Event.
func (MarkRecordedByHR) EventType() string { return TypeMarkRecordedByHR }

var _ Event = MarkRecordedByHR{}

// HRMark is what HR asks to record.
type HRMark struct {
	MarkID                       string
	EmployeeID, UserID, UserHash string // the employee's
	ActorID                      string // the HR user
	At                           time.Time
	Kind                         HRMarkKind
	Reason                       string
	Address                      string // optional: where the employee was
}

// HREmployee is what the rules need to know about the employee HR records a mark for.
type HREmployee struct {
	Status   Status
	HireDate string // YYYY-MM-DD
}

// CheckHRMark checks the shape of an HR mark that needs neither today nor the day: a known
// kind, a reason of MinHRReason..MaxHRReason characters once trimmed (it returns the
// trimmed reason), an address of at most MaxText characters.
func CheckHRMark(kind HRMarkKind, reason, address string) (string, error) {
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return "", domain.InvalidField("motivo", domain.KeyRequired)
	case n < MinHRReason || n > MaxHRReason:
		return "", domain.InvalidField("motivo", KeyReasonLength)
	}
	switch kind {
	case HRKindDevice, HRKindField, HRKindForgot, HRKindOther:
	case "":
		return "", domain.InvalidField("tipo", domain.KeyRequired)
	default:
		return "", domain.InvalidField("tipo", domain.KeyInvalid)
	}
	if utf8.RuneCountInString(address) > MaxText {
		return "", domain.InvalidField("endereco", domain.KeyTooLong)
	}
	return reason, nil
}

// RecordByHR decides an HR mark on the day it falls on (d, folded from the employee's
// stream) at now: the shape (CheckHRMark), the employee active, the time neither in the
// future nor before the hire date, and no other mark of the day at the same minute.
func (d *Day) RecordByHR(m HRMark, emp HREmployee, now time.Time) ([]Event, error) {
	reason, err := CheckHRMark(m.Kind, m.Reason, m.Address)
	if err != nil {
		return nil, err
	}
	for _, f := range []struct{ name, v string }{
		{"markId", m.MarkID}, {"colaborador", m.EmployeeID}, {"userId", m.UserID}, {"actorId", m.ActorID},
	} {
		if f.v == "" {
			return nil, domain.InvalidField(f.name, domain.KeyRequired)
		}
	}
	if m.At.IsZero() || DayOf(m.At) != d.Date {
		return nil, domain.InvalidField("data", domain.KeyInvalid)
	}
	if emp.Status != Active {
		return nil, domain.Refusal("colaborador", ReasonInactive)
	}
	at := m.At.Truncate(time.Minute)
	if at.After(now) {
		return nil, domain.InvalidField("hora", KeyFutureDay)
	}
	if emp.HireDate != "" && d.Date < emp.HireDate {
		return nil, domain.InvalidField("data", KeyBeforeHire)
	}
	for _, x := range d.Marks {
		if x.At.Truncate(time.Minute).Equal(at) {
			return nil, domain.Refusal("hora", KeyMarkExists)
		}
	}
	return []Event{MarkRecordedByHR{
		Mark: Mark{MarkID: m.MarkID, EmployeeID: m.EmployeeID, UserID: m.UserID, UserHash: m.UserHash,
			RecordedAt: at.UTC(), Selected: Place{Address: m.Address}},
		ActorID: m.ActorID, Reason: reason, Kind: m.Kind,
	}}, nil
}

// MarkByHRData is clock.mark_recorded_by_hr.v1: a mark's fields (MarkData, whose reason is
// here HR's reason) and the HR user and kind.
type MarkByHRData struct {
	MarkData
	ActorID string `json:"actorId"`
	Kind    string `json:"kind"`
}

// DataOfHRMark is the stored form of an HR mark.
func DataOfHRMark(e MarkRecordedByHR) MarkByHRData {
	d := MarkByHRData{MarkData: DataOf(e.Mark), ActorID: e.ActorID, Kind: string(e.Kind)}
	d.Reason = e.Reason
	return d
}

// Event is the HR mark d stores.
func (d MarkByHRData) Event() MarkRecordedByHR {
	return MarkRecordedByHR{Mark: d.MarkData.Mark(), ActorID: d.ActorID, Reason: d.Reason, Kind: HRMarkKind(d.Kind)}
}

// HRMarkInput is an HR mark as the call gives it (ParseHRMark).
type HRMarkInput struct {
	EmployeeID string
	At         time.Time // local (Zone), to the minute
	Kind       HRMarkKind
	Reason     string
	Address    string
}

// ParseHRMark decodes and checks the body of POST rh-app/marcacao-rh:
//
//	{colaborador: employee id, data: YYYY-MM-DD, hora: HH:mm, tipo: device|field|forgot|other, motivo, endereco?}
//
// Every refusal is a domain Invalid error naming the field. Rules that need today, the
// employee or the day's marks are Day.RecordByHR's.
func ParseHRMark(body []byte) (HRMarkInput, error) {
	var in HRMarkInput
	top, err := object(json.RawMessage(body), "body")
	if err != nil {
		return in, err
	}
	if in.EmployeeID, err = top.text("colaborador", true); err != nil {
		return in, err
	}
	if !validID(in.EmployeeID) {
		return in, domain.InvalidField("colaborador", domain.KeyInvalid)
	}
	day, err := top.text("data", true)
	if err != nil {
		return in, err
	}
	if d, err := time.Parse(DayLayout, day); err != nil || d.Format(DayLayout) != day {
		return in, domain.InvalidField("data", domain.KeyInvalid)
	}
	hour, err := top.text("hora", true)
	if err != nil {
		return in, err
	}
	if t, err := time.Parse(HourLayout, hour); err != nil || t.Format(HourLayout) != hour {
		return in, domain.InvalidField("hora", domain.KeyInvalid)
	}
	in.At, _ = time.ParseInLocation(DayLayout+" "+HourLayout, day+" "+hour, Zone)
	kind, err := top.text("tipo", false)
	if err != nil {
		return in, err
	}
	in.Kind = HRMarkKind(kind)
	if in.Reason, err = top.text("motivo", false); err != nil {
		return in, err
	}
	if in.Address, err = top.text("endereco", false); err != nil {
		return in, err
	}
	in.Reason, err = CheckHRMark(in.Kind, in.Reason, in.Address)
	return in, err
}
