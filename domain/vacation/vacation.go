// Package vacation is an employee's vacation entitlement under Brazilian labour law (spec
// portal-business §2 Vacations, §3 vacation status, §4, §5 vacation rules, §9 constants).
//
// Each 12 months worked from the hire date is an acquisition period worth 30 days; the 12
// months after it are its concessive period, in which the days must be taken (CLT arts. 130,
// 134). An Entitlement is one per employee (stream "vacation-<userId>"). Requests draw days
// from the oldest acquired period with days left and wait for the approval chain of the
// requests area, which approves or rejects them. The package is pure: time, the schedule and
// the holiday calendar are passed in; decide methods return events; Apply only changes state.
package vacation

import (
	"time"

	"portal/domain"
)

// Constants of the rules (spec portal-business §5, §9).
const (
	DaysPerPeriod  = 30 // an acquisition period's entitlement
	MinDays        = 5  // no vacation shorter than 5 days
	MaxAbonoDays   = DaysPerPeriod / 3
	NoticeRestDays = 2 // may not start in the 2 days before a rest day or holiday (CLT art. 134 §3)
)

// AlertThresholds are the days before a concessive period ends at which the employee and the
// manager are warned (spec §9), widest first.
var AlertThresholds = []int{90, 60, 30}

// Message keys of refusals; the web app translates them (namespace vacations).
const (
	KeyNotAllowed        = "ferias_nao_permitido"
	KeyAbonoNotAllowed   = "abono_nao_permitido"
	KeyAdvanceNotAllowed = "adiantamento13_nao_permitido"
	KeyTooShort          = "ferias_minimo_5_dias"
	KeyTooLong           = "ferias_maximo_30_dias"
	KeyStartInPast       = "ferias_inicio_passado"
	KeyStartOnRest       = "ferias_inicio_em_descanso"
	KeyStartBeforeRest   = "ferias_inicio_antes_descanso"
	KeyNoBalance         = "ferias_sem_saldo"
	KeyOverBalance       = "ferias_saldo_insuficiente"
	KeyOverlap           = "ferias_sobreposicao"
	KeyAbonoTooMany      = "abono_maximo_um_terco"
	KeyAbonoTwice        = "abono_uma_vez_por_periodo"
	KeyAdvanceOutOfRange = "adiantamento13_fora_do_prazo"
	KeyAdvanceTwice      = "adiantamento13_uma_vez_por_ano"
	KeyNotOpened         = "ferias_sem_admissao"
	KeyNotPending        = "ferias_nao_pendente"
	KeyAlreadyStarted    = "ferias_ja_iniciada"
	KeyStepDecided       = "ferias_etapa_ja_decidida"
)

// Kinds of approval steps (spec portal-business §4: the manager, then HR).
const (
	StepManager = "manager"
	StepHR      = "hr"
)

// LeaveStatus is where one vacation request is.
type LeaveStatus int

// Leave statuses.
const (
	Pending   LeaveStatus = iota + 1 // waiting for the approval chain
	Scheduled                        // approved; Taken once its last day is past
	RejectedLeave
	CancelledLeave
)

// Leave is one vacation request of the employee.
type Leave struct {
	ID        string
	Start     time.Time
	Days      int
	AbonoDays int
	Advance13 bool
	Period    int
	Status    LeaveStatus
	Steps     []string // the approval chain; empty when an outside chain decides
	Step      int      // the index of the step that decides now (while Pending)

	advanceYear int // the year of the 13th-salary advance asked with it; 0: none
}

// End is the last day of the leave.
func (l Leave) End() time.Time { return l.Start.AddDate(0, 0, l.Days-1) }

// uses tells whether the leave holds days of its period's balance.
func (l Leave) uses() bool { return l.Status == Pending || l.Status == Scheduled }

// Plan is a period a manager planned for the employee.
type Plan struct {
	ID    string
	Start time.Time
	Days  int
}

// Entitlement is one employee's acquisition periods, requests and plans.
type Entitlement struct {
	userID   string
	hired    time.Time
	opened   bool
	leaves   []*Leave
	plans    []Plan
	closed   map[int]Closure
	alerted  map[int]int // period → tightest threshold already raised
	advances map[int]bool
}

// New returns an entitlement with nothing opened.
func New() *Entitlement {
	return &Entitlement{closed: map[int]Closure{}, alerted: map[int]int{}, advances: map[int]bool{}}
}

// Hired is the hire date periods count from.
func (e *Entitlement) Hired() time.Time { return e.hired }

// Leaves returns the requests in filing order.
func (e *Entitlement) Leaves() []Leave {
	out := make([]Leave, len(e.leaves))
	for i, l := range e.leaves {
		out[i] = *l
		out[i].Steps = append([]string(nil), l.Steps...)
	}
	return out
}

// Plans returns the planned periods in planning order.
func (e *Entitlement) Plans() []Plan { return append([]Plan(nil), e.plans...) }

// Open starts the entitlement at the hire date; opening again with the same date does nothing.
func (e *Entitlement) Open(userID string, hired time.Time) ([]Event, error) {
	hired = DayOf(hired)
	if e.opened {
		if e.hired.Equal(hired) {
			return nil, nil
		}
		return nil, domain.InvalidField("admissao", domain.KeyInvalid)
	}
	return []Event{Opened{UserID: userID, Hired: hired}}, nil
}

// Switches are the employee's access switches for requests (spec §2: solicita_ferias,
// solicita_abono_ferias, solicita_13_ferias must be 1).
type Switches struct {
	Vacation, Abono, Advance13 bool
}

// Request is the command to ask for a vacation.
type Request struct {
	ID        string
	Start     time.Time
	Days      int
	AbonoDays int  // days sold (abono pecuniário), at most a third of the entitlement
	Advance13 bool // also ask for the 13th-salary advance
	By        string
	Steps     []string // the approval chain the request goes through (StepManager, StepHR)
	Now       time.Time
	Switches  Switches
	Schedule  Schedule
	Calendar  *Calendar
}

// Request checks a vacation request against every rule and returns the Requested event, or
// the first rule that fails (its Field names the input, its Key the message).
func (e *Entitlement) Request(r Request) ([]Event, error) {
	if !e.opened {
		return nil, domain.Refusal("admissao", KeyNotOpened)
	}
	start, today := DayOf(r.Start), DayOf(r.Now)
	if err := r.checkSwitches(); err != nil {
		return nil, err
	}
	if err := checkShape(start, r.Days, today); err != nil {
		return nil, err
	}
	if err := checkStart(start, r.Schedule, r.Calendar); err != nil {
		return nil, err
	}
	if e.overlaps(start, r.Days) {
		return nil, domain.Refusal("inicio", KeyOverlap)
	}
	period, left, ok := e.oldestWithBalance(today)
	if !ok {
		return nil, domain.Refusal("dias", KeyNoBalance)
	}
	if r.AbonoDays < 0 || r.AbonoDays > MaxAbonoDays {
		return nil, domain.Refusal("abono", KeyAbonoTooMany)
	}
	if r.AbonoDays > 0 && e.abonoUsed(period) {
		return nil, domain.Refusal("abono", KeyAbonoTwice)
	}
	if r.Days+r.AbonoDays > left {
		return nil, domain.Refusal("dias", KeyOverBalance)
	}
	if r.Advance13 {
		// spec §5: once per period (the calendar year the salary is paid in), February to November.
		if m := today.Month(); m < time.February || m > time.November {
			return nil, domain.Refusal("adiantamento13", KeyAdvanceOutOfRange)
		}
		if e.advances[today.Year()] {
			return nil, domain.Refusal("adiantamento13", KeyAdvanceTwice)
		}
	}
	return []Event{Requested{
		ID: r.ID, Start: start, Days: r.Days, AbonoDays: r.AbonoDays, Advance13: r.Advance13,
		Period: period, At: r.Now, By: r.By, Steps: r.Steps,
	}}, nil
}

func (r Request) checkSwitches() error {
	switch {
	case !r.Switches.Vacation:
		return domain.Refusal("solicita_ferias", KeyNotAllowed)
	case r.AbonoDays > 0 && !r.Switches.Abono:
		return domain.Refusal("solicita_abono_ferias", KeyAbonoNotAllowed)
	case r.Advance13 && !r.Switches.Advance13:
		return domain.Refusal("solicita_13_ferias", KeyAdvanceNotAllowed)
	}
	return nil
}

// checkShape holds the rules on the numbers alone: at least 5 days, at most a period's 30,
// starting after today.
func checkShape(start time.Time, days int, today time.Time) error {
	switch {
	case days < MinDays:
		return domain.Refusal("dias", KeyTooShort)
	case days > DaysPerPeriod:
		return domain.Refusal("dias", KeyTooLong)
	case !start.After(today):
		return domain.Refusal("inicio", KeyStartInPast)
	}
	return nil
}

// checkStart holds CLT art. 134 §3 (spec §5): a vacation may not start in the two days before
// a holiday or a weekly rest day. Starting on such a day is refused too: the first day off
// would be lost to the rest the employee has anyway.
func checkStart(start time.Time, s Schedule, cal *Calendar) error {
	off := func(d time.Time) bool {
		_, holiday := cal.Holiday(d)
		return holiday || s.RestDay(d)
	}
	if off(start) {
		return domain.Refusal("inicio", KeyStartOnRest)
	}
	for i := 1; i <= NoticeRestDays; i++ {
		if off(start.AddDate(0, 0, i)) {
			return domain.Refusal("inicio", KeyStartBeforeRest)
		}
	}
	return nil
}

// Plan checks a manager's planned period: the shape and start rules of a request, no overlap
// with another plan or request. Plans do not use the balance.
func (e *Entitlement) Plan(id string, start time.Time, days int, by string, now time.Time, s Schedule, cal *Calendar) ([]Event, error) {
	if !e.opened {
		return nil, domain.Refusal("admissao", KeyNotOpened)
	}
	start = DayOf(start)
	if err := checkShape(start, days, DayOf(now)); err != nil {
		return nil, err
	}
	if err := checkStart(start, s, cal); err != nil {
		return nil, err
	}
	if e.overlaps(start, days) || e.planOverlaps(start, days) {
		return nil, domain.Refusal("inicio", KeyOverlap)
	}
	return []Event{Planned{ID: id, Start: start, Days: days, At: now, By: by}}, nil
}

// RemovePlan takes a planned period off the plan.
func (e *Entitlement) RemovePlan(id string, now time.Time) ([]Event, error) {
	for _, p := range e.plans {
		if p.ID == id {
			return []Event{PlanRemoved{ID: id, At: now}}, nil
		}
	}
	return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
}

// Decide records the approval chain's final ruling on a pending request.
func (e *Entitlement) Decide(id string, approved bool, now time.Time) ([]Event, error) {
	l := e.leave(id)
	if l == nil {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	if l.Status != Pending {
		return nil, &domain.Error{Kind: domain.Conflict, Field: "id", Key: KeyNotPending}
	}
	if approved {
		return []Event{Approved{ID: id, At: now}}, nil
	}
	return []Event{Rejected{ID: id, At: now}}, nil
}

// StepDecision is one approver's ruling on the step of a pending request they saw.
type StepDecision struct {
	ID      string
	Step    int // the index of the step the approver saw
	Approve bool
	By      string
	Comment string
	Now     time.Time
}

// CurrentStep returns the kind of the step that decides a pending leave now ("" when it is not
// pending or an outside chain decides it).
func (l Leave) CurrentStep() string {
	if l.Status != Pending || l.Step >= len(l.Steps) {
		return ""
	}
	return l.Steps[l.Step]
}

// DecideStep records one step of the request's own chain (spec §4: the manager, then HR). An
// approval moves the request to the next step or, at the last, schedules it; a rejection at
// any step ends it. A step that is no longer current (decided meanwhile) is a Conflict, so of
// two simultaneous decisions one wins. Who may decide a step is the caller's business.
func (e *Entitlement) DecideStep(d StepDecision) ([]Event, error) {
	l := e.leave(d.ID)
	if l == nil {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	if l.Status != Pending || len(l.Steps) == 0 {
		return nil, &domain.Error{Kind: domain.Conflict, Field: "id", Key: KeyNotPending}
	}
	if d.Step != l.Step {
		return nil, &domain.Error{Kind: domain.Conflict, Field: "step", Key: KeyStepDecided}
	}
	switch {
	case !d.Approve:
		return []Event{Rejected{ID: d.ID, Step: d.Step, By: d.By, Comment: d.Comment, At: d.Now}}, nil
	case d.Step == len(l.Steps)-1:
		return []Event{Approved{ID: d.ID, Step: d.Step, By: d.By, Comment: d.Comment, At: d.Now}}, nil
	}
	return []Event{StepApproved{ID: d.ID, Step: d.Step, Kind: l.Steps[d.Step], By: d.By, Comment: d.Comment, At: d.Now}}, nil
}

// UndoStep takes back the approval of step (not the last, which ended the request): the
// request waits for that step again.
func (e *Entitlement) UndoStep(id string, step int, by string, now time.Time) ([]Event, error) {
	l := e.leave(id)
	if l == nil {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	if l.Status != Pending || l.Step != step+1 {
		return nil, &domain.Error{Kind: domain.Conflict, Field: "step", Key: KeyStepDecided}
	}
	return []Event{StepUndone{ID: id, Step: step, By: by, At: now}}, nil
}

// Cancel withdraws a pending or scheduled request that has not started.
func (e *Entitlement) Cancel(id string, now time.Time) ([]Event, error) {
	l := e.leave(id)
	if l == nil || !l.uses() {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	if !l.Start.After(DayOf(now)) {
		return nil, domain.Refusal("id", KeyAlreadyStarted)
	}
	return []Event{Cancelled{ID: id, At: now}}, nil
}

// ClosePeriod ends what is left of an acquisition period (lost, paid at termination, settled).
func (e *Entitlement) ClosePeriod(period int, reason Closure, now time.Time) ([]Event, error) {
	if !e.opened || period < 0 || !e.PeriodOf(period).End.Before(DayOf(now)) {
		return nil, domain.InvalidField("periodo", domain.KeyInvalid)
	}
	if _, done := e.closed[period]; done {
		return nil, nil
	}
	return []Event{PeriodClosed{Period: period, Reason: reason, At: now}}, nil
}

// DueAlerts returns the alerts owed at now: for each acquired, open period with days left
// whose concessive period ends within a threshold not yet raised, the tightest such threshold
// (a late check does not send the wider alerts it skipped).
func (e *Entitlement) DueAlerts(now time.Time) []Event {
	today := DayOf(now)
	var out []Event
	for _, p := range e.Periods(today) {
		if p.Remaining == 0 || p.Status == StatusAcquiring || p.Closed != "" {
			continue
		}
		left := int(p.ConcessiveEnd.Sub(today).Hours() / 24)
		if left < 0 {
			continue
		}
		tightest := 0
		for _, t := range AlertThresholds {
			if left <= t {
				tightest = t
			}
		}
		if tightest != 0 && (e.alerted[p.Index] == 0 || tightest < e.alerted[p.Index]) {
			out = append(out, AlertRaised{Period: p.Index, Threshold: tightest, At: now})
		}
	}
	return out
}

// Apply changes state by one event.
func (e *Entitlement) Apply(ev Event) {
	switch ev := ev.(type) {
	case Opened:
		e.userID, e.hired, e.opened = ev.UserID, DayOf(ev.Hired), true
	case Requested:
		e.leaves = append(e.leaves, &Leave{
			ID: ev.ID, Start: DayOf(ev.Start), Days: ev.Days, AbonoDays: ev.AbonoDays,
			Advance13: ev.Advance13, Period: ev.Period, Status: Pending, Steps: append([]string(nil), ev.Steps...),
		})
		if ev.Advance13 {
			year := DayOf(ev.At).Year()
			e.leaves[len(e.leaves)-1].advanceYear = year
			e.advances[year] = true
		}
	case StepApproved:
		if l := e.leave(ev.ID); l != nil {
			l.Step = ev.Step + 1
		}
	case StepUndone:
		if l := e.leave(ev.ID); l != nil {
			l.Step = ev.Step
		}
	case Approved:
		e.setStatus(ev.ID, Scheduled)
	case Rejected:
		e.setStatus(ev.ID, RejectedLeave)
		e.releaseAdvance(ev.ID)
	case Cancelled:
		e.setStatus(ev.ID, CancelledLeave)
		e.releaseAdvance(ev.ID)
	case Planned:
		e.plans = append(e.plans, Plan{ID: ev.ID, Start: DayOf(ev.Start), Days: ev.Days})
	case PlanRemoved:
		for i, p := range e.plans {
			if p.ID == ev.ID {
				e.plans = append(e.plans[:i], e.plans[i+1:]...)
				break
			}
		}
	case PeriodClosed:
		e.closed[ev.Period] = ev.Reason
	case AlertRaised:
		e.alerted[ev.Period] = ev.Threshold
	}
}

func (e *Entitlement) leave(id string) *Leave {
	for _, l := range e.leaves {
		if l.ID == id {
			return l
		}
	}
	return nil
}

func (e *Entitlement) setStatus(id string, s LeaveStatus) {
	if l := e.leave(id); l != nil {
		l.Status = s
	}
}

// releaseAdvance frees the year's 13th-salary advance when the request that asked for it is
// rejected or withdrawn, so it may be asked again.
func (e *Entitlement) releaseAdvance(id string) {
	l := e.leave(id)
	if l == nil || l.advanceYear == 0 {
		return
	}
	for _, other := range e.leaves {
		if other != l && other.advanceYear == l.advanceYear && other.uses() {
			return
		}
	}
	delete(e.advances, l.advanceYear)
}

func (e *Entitlement) overlaps(start time.Time, days int) bool {
	end := start.AddDate(0, 0, days-1)
	for _, l := range e.leaves {
		if l.uses() && !start.After(l.End()) && !l.Start.After(end) {
			return true
		}
	}
	return false
}

func (e *Entitlement) planOverlaps(start time.Time, days int) bool {
	end := start.AddDate(0, 0, days-1)
	for _, p := range e.plans {
		if !start.After(p.Start.AddDate(0, 0, p.Days-1)) && !p.Start.After(end) {
			return true
		}
	}
	return false
}

func (e *Entitlement) abonoUsed(period int) bool {
	for _, l := range e.leaves {
		if l.uses() && l.Period == period && l.AbonoDays > 0 {
			return true
		}
	}
	return false
}

// oldestWithBalance returns the oldest acquired, open period with days left at today.
func (e *Entitlement) oldestWithBalance(today time.Time) (period, left int, ok bool) {
	for _, p := range e.Periods(today) {
		if p.Status != StatusAcquiring && p.Closed == "" && p.Remaining > 0 {
			return p.Index, p.Remaining, true
		}
	}
	return 0, 0, false
}
