package clock

import (
	"encoding/json"
	"time"

	"portal/domain"
)

// Punch adjustments (spec portal-business §2 routes aprovacao-ponto / aprovacao-ajustes, §3
// document origin AjustePonto 12, §6 access switches solicita_ajuste_ponto and
// solicita_abono_ponto): an employee asks to add a missing mark, to correct a mark's time, or
// to excuse (abono) a day or part of it. The ask is a request of origin AjustePonto carrying
// an Adjustment as its payload and goes through the request approval chain; once the chain
// approves it, the events below are appended to the employee's clock stream. The original
// MarkRegistered events stay in the stream: corrections are new events (ARCHITECTURE.md,
// event store contract 4).

// AdjustmentKind is what an adjustment asks for.
type AdjustmentKind string

// Adjustment kinds, as the ask body names them (docs/api.md "Punch adjustments").
const (
	AdjustAdd     AdjustmentKind = "incluir"  // add a missing mark at Time
	AdjustCorrect AdjustmentKind = "corrigir" // move mark MarkID to Time
	AdjustExcuse  AdjustmentKind = "abonar"   // excuse the day, or From..To of it
)

// Switch is the access switch that lets an employee ask for this kind (spec portal-business
// §2 tenant administration, §6): adding and correcting marks are punch adjustments, excusing
// is an abono of punch.
func (k AdjustmentKind) Switch() string {
	if k == AdjustExcuse {
		return "solicita_abono_ponto"
	}
	return "solicita_ajuste_ponto"
}

// DeniedKey is the message key of the refusal when the kind's switch is off.
func (k AdjustmentKind) DeniedKey() string {
	if k == AdjustExcuse {
		return KeyExcuseNotAllowed
	}
	return KeyAdjustNotAllowed
}

// Message keys of adjustment refusals (the web app translates them).
const (
	KeyAdjustNotAllowed = "ajuste_ponto_nao_permitido"
	KeyExcuseNotAllowed = "abono_ponto_nao_permitido"
	KeyFutureDay        = "data_futura"
	KeyMarkNotFound     = "marcacao_nao_encontrada"
	KeyMarkExists       = "marcacao_existente"
	KeyTimeRange        = "horario_invalido"
)

// MaxAdjustmentDays is how far back a day may be adjusted. The spec asks for dates within a
// range (portal-business §5) without naming it; two months covers a closed timesheet period
// and the one being closed.
const MaxAdjustmentDays = 60

// Layouts of the adjustment's day and times (local, the tenant's zone).
const (
	DayLayout  = time.DateOnly
	HourLayout = "15:04"
)

// Adjustment is what the employee asks for; it is the request's payload.
type Adjustment struct {
	Kind     AdjustmentKind
	Day      string // YYYY-MM-DD
	MarkID   string // corrigir: the mark to move
	Time     string // incluir, corrigir: HH:mm
	From, To string // abonar: HH:mm each, or both empty for the whole day
	Reason   string
}

// adjustmentJSON is the wire form, in the ask body and in the request's payload.
type adjustmentJSON struct {
	Kind   string `json:"tipo"`
	Day    string `json:"data"`
	MarkID string `json:"marcacaoId,omitempty"`
	Time   string `json:"hora,omitempty"`
	From   string `json:"inicio,omitempty"`
	To     string `json:"fim,omitempty"`
	Reason string `json:"motivo"`
}

// ParseAdjustment decodes and checks the shape of an ask body or a stored payload:
//
//	{tipo: incluir|corrigir|abonar, data: YYYY-MM-DD, marcacaoId?, hora?: HH:mm, inicio?, fim?, motivo}
//
// Every refusal is a domain Invalid error naming the field. Unknown keys are ignored. Rules
// that need today or the day's marks are Validate's and Day.Check's.
func ParseAdjustment(body []byte) (Adjustment, error) {
	var a Adjustment
	top, err := object(json.RawMessage(body), "body")
	if err != nil {
		return a, err
	}
	kind, err := top.text("tipo", true)
	if err != nil {
		return a, err
	}
	a.Kind = AdjustmentKind(kind)
	switch a.Kind {
	case AdjustAdd, AdjustCorrect, AdjustExcuse:
	default:
		return a, domain.InvalidField("tipo", domain.KeyInvalid)
	}
	if a.Day, err = top.text("data", true); err != nil {
		return a, err
	}
	if d, err := time.Parse(DayLayout, a.Day); err != nil || d.Format(DayLayout) != a.Day {
		return a, domain.InvalidField("data", domain.KeyInvalid)
	}
	if a.Reason, err = top.text("motivo", true); err != nil {
		return a, err
	}
	hour := func(key string, required bool) (string, error) {
		s, err := top.text(key, required)
		if err != nil || s == "" {
			return s, err
		}
		if t, err := time.Parse(HourLayout, s); err != nil || t.Format(HourLayout) != s {
			return "", domain.InvalidField(key, domain.KeyInvalid)
		}
		return s, nil
	}
	switch a.Kind {
	case AdjustCorrect:
		if a.MarkID, err = top.text("marcacaoId", true); err != nil {
			return a, err
		}
		if !validID(a.MarkID) {
			return a, domain.InvalidField("marcacaoId", domain.KeyInvalid)
		}
		fallthrough
	case AdjustAdd:
		if a.Time, err = hour("hora", true); err != nil {
			return a, err
		}
	case AdjustExcuse:
		if a.From, err = hour("inicio", false); err != nil {
			return a, err
		}
		if a.To, err = hour("fim", false); err != nil {
			return a, err
		}
		switch {
		case a.From == "" && a.To != "":
			return a, domain.InvalidField("inicio", domain.KeyRequired)
		case a.From != "" && a.To == "":
			return a, domain.InvalidField("fim", domain.KeyRequired)
		case a.From != "" && a.To <= a.From: // HH:mm compares as text
			return a, domain.InvalidField("fim", KeyTimeRange)
		}
	}
	return a, nil
}

// validID accepts a UUID in its canonical text form (mark ids are UUIDs).
func validID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// Payload is the wire form of a parsed adjustment (ParseAdjustment reads it back).
func (a Adjustment) Payload() []byte {
	b, _ := json.Marshal(adjustmentJSON{Kind: string(a.Kind), Day: a.Day, MarkID: a.MarkID, Time: a.Time, From: a.From, To: a.To, Reason: a.Reason})
	return b
}

// Validate applies the rules that need today (a local day, YYYY-MM-DD): the day may not be in
// the future nor older than MaxAdjustmentDays; a mark added or moved today may not be later
// than now (local HH:mm).
func (a Adjustment) Validate(now time.Time) error {
	local := now.In(Zone)
	today := local.Format(DayLayout)
	if a.Day > today {
		return domain.InvalidField("data", KeyFutureDay)
	}
	oldest := local.AddDate(0, 0, -MaxAdjustmentDays).Format(DayLayout)
	if a.Day < oldest {
		return domain.InvalidField("data", domain.KeyDateRange)
	}
	if a.Day == today && a.Time != "" && a.Time > local.Format(HourLayout) {
		return domain.InvalidField("hora", KeyFutureDay)
	}
	return nil
}

// At is the local time the adjustment puts a mark at (incluir, corrigir).
func (a Adjustment) At() time.Time {
	t, _ := time.ParseInLocation(DayLayout+" "+HourLayout, a.Day+" "+a.Time, Zone)
	return t
}

// DayOf is the local day of t.
func DayOf(t time.Time) string { return t.In(Zone).Format(DayLayout) }

// MarkAdjusted says an approved adjustment moved a mark from one time to another.
type MarkAdjusted struct {
	MarkID, EmployeeID, UserID, UserHash string
	From, To                             time.Time
	RequestID, Reason                    string
	AdjustedAt                           time.Time // the final approval's time
}

// MarkAddedByAdjustment says an approved adjustment added a missing mark.
type MarkAddedByAdjustment struct {
	Mark              // RecordedAt is the mark's time; no place
	RequestID, Reason string
}

// DayExcused says an approved abono excused a day, or From..To of it (both empty: all day).
type DayExcused struct {
	EmployeeID, UserID, UserHash string
	Day, From, To                string
	RequestID, Reason            string
	ExcusedAt                    time.Time
}

// MarkRestore is a mark an undone adjustment puts back.
type MarkRestore struct {
	MarkID   string
	At       time.Time
	Adjusted bool // still moved by an earlier adjustment
}

// AdjustmentReverted says the approval of an applied adjustment was undone (the request
// waits again): its moved marks go back, its added marks and its excuse go away.
type AdjustmentReverted struct {
	EmployeeID, UserID, UserHash, Day string
	RequestID                         string
	Restored                          []MarkRestore
	Removed                           []string // ids of marks it had added
	Excuse                            bool     // it had excused (part of) the day
	RevertedAt                        time.Time
}

// EventType implements Event.
func (MarkAdjusted) EventType() string { return TypeMarkAdjusted }

// EventType implements Event.
func (MarkAddedByAdjustment) EventType() string { return TypeMarkAddedByAdjustment }

// EventType implements Event.
func (DayExcused) EventType() string { return TypeDayExcused }

// EventType implements Event.
func (AdjustmentReverted) EventType() string { return TypeAdjustmentReverted }

// Stable type strings of the adjustment events.
const (
	TypeMarkAdjusted          = "clock.mark_adjusted.v1"
	TypeMarkAddedByAdjustment = "clock.mark_added_by_adjustment.v1"
	TypeDayExcused            = "clock.day_excused.v1"
	TypeAdjustmentReverted    = "clock.adjustment_reverted.v1"
)

var (
	_ Event = MarkAdjusted{}
	_ Event = MarkAddedByAdjustment{}
	_ Event = DayExcused{}
	_ Event = AdjustmentReverted{}
)
