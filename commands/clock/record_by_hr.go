package clock

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	"portal/domain/clock"
	"portal/eventstore"
)

// RecordByHR is HR recording a mark for an employee who could not punch (POST
// rh-app/marcacao-rh; issue 30, docs/api.md "HR marking"). The HR user comes from the
// verified token; the employee must be of the token's tenant.
type RecordByHR struct {
	CommandID  string
	Tenant     uuid.UUID
	ActorID    uuid.UUID // the HR user
	EmployeeID uuid.UUID
	At         time.Time // the mark's local time (clock.Zone), to the minute
	Kind       clock.HRMarkKind
	Reason     string
	Address    string
}

// HREmployees gives what an HR mark needs about its employee; found is false when the
// tenant has no such employee.
type HREmployees interface {
	MarkedEmployee(ctx context.Context, tenant, employee uuid.UUID) (emp commands.MarkedEmployee, found bool, err error)
}

// RecordByHRHandler records HR marks.
type RecordByHRHandler struct {
	employees HREmployees
	store     eventstore.Store
	now       func() time.Time
	// MonthOpen is asked before an HR mark is decided: an error refuses it. It is the hook
	// for "an adjustment or HR mark in a month HR has closed is refused" (the timesheet
	// area's closing); nil admits every month.
	MonthOpen func(ctx context.Context, tenant, employee uuid.UUID, day string) error
}

// NewRecordByHRHandler needs the employees' facts (PoolFacts), the store and the clock.
func NewRecordByHRHandler(employees HREmployees, store eventstore.Store, now func() time.Time) (*RecordByHRHandler, error) {
	if employees == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewRecordByHRHandler: nil dependency")
	}
	h := &RecordByHRHandler{employees: employees, store: store, now: now}
	// A mark in a month HR closed needs the month reopened first, as an adjustment does.
	h.MonthOpen = func(ctx context.Context, tenant, _ uuid.UUID, day string) error {
		return commands.RefuseClosedMonth(ctx, store, tenant, day)
	}
	return h, nil
}

// Handle checks the input, then decides on the employee's day folded from their clock
// stream and appends the mark with the HR user as the event's actor. Bad input appends
// nothing. A retried command (same CommandID) answers the mark it recorded.
func (h *RecordByHRHandler) Handle(ctx context.Context, cmd RecordByHR) (res clock.MarkRecordedByHR, err error) {
	defer commands.Wrap(&err, "RecordByHR(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.ActorID == uuid.Nil || cmd.CommandID == "" {
		return res, errors.New("tenant, actor and command id are required")
	}
	if _, err := clock.CheckHRMark(cmd.Kind, cmd.Reason, cmd.Address); err != nil {
		return res, err
	}
	if cmd.EmployeeID == uuid.Nil {
		return res, domain.InvalidField("colaborador", domain.KeyRequired)
	}
	emp, found, err := h.employees.MarkedEmployee(ctx, cmd.Tenant, cmd.EmployeeID)
	if err != nil {
		return res, err
	}
	if !found || emp.UserID == uuid.Nil {
		return res, commands.NotFound("colaborador")
	}
	day := clock.DayOf(cmd.At)
	if h.MonthOpen != nil {
		if err := h.MonthOpen(ctx, cmd.Tenant, cmd.EmployeeID, day); err != nil {
			return res, err
		}
	}
	stream := clock.Stream(cmd.EmployeeID)
	mark := clock.HRMark{
		MarkID:     commands.DeriveID(cmd.Tenant, stream, cmd.CommandID, "mark").String(),
		EmployeeID: cmd.EmployeeID.String(), UserID: emp.UserID.String(), UserHash: emp.UserHash,
		ActorID: cmd.ActorID.String(), At: cmd.At, Kind: cmd.Kind, Reason: cmd.Reason, Address: cmd.Address,
	}
	events, err := commands.DecideOnStream(ctx, h.store, h.now,
		commands.StreamCommand{Tenant: cmd.Tenant, Actor: cmd.ActorID, Stream: stream, CommandID: cmd.CommandID},
		commands.Codec[clock.Event]{Decode: decodeClock, Encode: EncodeClock}, false,
		func() *clock.Day { return clock.NewDay(day) },
		func(d *clock.Day, now time.Time) ([]clock.Event, error) {
			return d.RecordByHR(mark, emp.HREmployee, now)
		})
	if err != nil {
		return res, err
	}
	e, ok := commands.FirstOf[clock.MarkRecordedByHR](events)
	if !ok {
		return res, commands.IdempotencyConflict()
	}
	return e, nil
}
