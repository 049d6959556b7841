package vacation

import "time"

// Event is something that happened to an employee's Entitlement. Its type string is stable
// and independent of the Go name.
type Event interface {
	EventType() string
}

// Stable event type strings.
const (
	TypeOpened       = "vacation.entitlement_opened.v1"
	TypeRequested    = "vacation.requested.v1"
	TypeApproved     = "vacation.approved.v1"
	TypeRejected     = "vacation.rejected.v1"
	TypeStepApproved = "vacation.step_approved.v1"
	TypeStepUndone   = "vacation.step_undone.v1"
	TypeCancelled    = "vacation.cancelled.v1"
	TypePlanned      = "vacation.planned.v1"
	TypePlanRemoved  = "vacation.plan_removed.v1"
	TypePeriodClosed = "vacation.period_closed.v1"
	TypeAlertRaised  = "vacation.alert_raised.v1"
)

// Opened starts an employee's entitlement at the hire date: acquisition periods count from it.
type Opened struct {
	UserID string
	Hired  time.Time
}

// Requested says the employee asked for days off (and maybe to sell days as abono and for the
// 13th-salary advance). Period is the acquisition period the days are drawn from. The request
// waits for its approval chain.
type Requested struct {
	ID        string
	Start     time.Time
	Days      int
	AbonoDays int
	Advance13 bool
	Period    int
	At        time.Time
	By        string   // who filed it: the employee, or a manager on their behalf
	Steps     []string // the approval chain taken at filing (StepManager, StepHR); empty: decided outside
}

// Approved says the approval chain approved the request: the days are scheduled. Step and
// By name the final step and who decided it (empty when an outside chain ruled).
type Approved struct {
	ID      string
	Step    int
	By      string
	Comment string
	At      time.Time
}

// StepApproved says one step of the chain, not the last, approved the request: it now waits
// for the next step.
type StepApproved struct {
	ID      string
	Step    int
	Kind    string
	By      string
	Comment string
	At      time.Time
}

// StepUndone says the approval of step Step was taken back: the request waits for it again
// (spec §4: an approval can be undone, not after HR has ruled).
type StepUndone struct {
	ID   string
	Step int
	By   string
	At   time.Time
}

// Rejected says the approval chain refused the request: its days return to the balance.
type Rejected struct {
	ID      string
	Step    int
	By      string
	Comment string
	At      time.Time
}

// Cancelled says a request or scheduled vacation that had not started was withdrawn.
type Cancelled struct {
	ID string
	At time.Time
}

// Planned says a manager placed a planned period for the coming year (planning screen). A
// plan does not use the balance until it is requested.
type Planned struct {
	ID    string
	Start time.Time
	Days  int
	At    time.Time
	By    string
}

// PlanRemoved says a planned period was taken off the plan.
type PlanRemoved struct {
	ID string
	At time.Time
}

// Closure is why an acquisition period's balance ended without being taken.
type Closure string

// Closures of a period (spec portal-business §3 vacation status).
const (
	Lost              Closure = "lost"
	PaidAtTermination Closure = "paid_at_termination"
	SettledWithPay    Closure = "settled_with_pay"
	SettledWithoutPay Closure = "settled_without_pay"
)

// PeriodClosed says HR closed what was left of an acquisition period.
type PeriodClosed struct {
	Period int
	Reason Closure
	At     time.Time
}

// AlertRaised says the employee and the manager were warned that a concessive period ends in
// at most Threshold days with days left (spec portal-business §9: 30, 60, 90).
type AlertRaised struct {
	Period    int
	Threshold int
	At        time.Time
}

// EventType implements Event.
func (Opened) EventType() string       { return TypeOpened }
func (Requested) EventType() string    { return TypeRequested }
func (Approved) EventType() string     { return TypeApproved }
func (Rejected) EventType() string     { return TypeRejected }
func (StepApproved) EventType() string { return TypeStepApproved }
func (StepUndone) EventType() string   { return TypeStepUndone }
func (Cancelled) EventType() string    { return TypeCancelled }
func (Planned) EventType() string      { return TypePlanned }
func (PlanRemoved) EventType() string  { return TypePlanRemoved }
func (PeriodClosed) EventType() string { return TypePeriodClosed }
func (AlertRaised) EventType() string  { return TypeAlertRaised }

var (
	_ Event = Opened{}
	_ Event = Requested{}
	_ Event = Approved{}
	_ Event = Rejected{}
	_ Event = StepApproved{}
	_ Event = StepUndone{}
	_ Event = Cancelled{}
	_ Event = Planned{}
	_ Event = PlanRemoved{}
	_ Event = PeriodClosed{}
	_ Event = AlertRaised{}
)
