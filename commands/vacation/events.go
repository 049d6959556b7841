package vacation

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/vacation"
	"portal/eventstore"
)

func DayString(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}

// EncodeVacation maps a vacation event to the event store's shape.
func EncodeVacation(id uuid.UUID, e vacation.Event) (eventstore.EventData, error) {
	var j vacation.EventData
	switch e := e.(type) {
	case vacation.Opened:
		j = vacation.EventData{EmployeeID: e.UserID, Hired: DayString(e.Hired)}
	case vacation.Requested:
		j = vacation.EventData{ID: e.ID, Start: DayString(e.Start), Days: e.Days, AbonoDays: e.AbonoDays,
			Advance13: e.Advance13, Period: e.Period, Steps: e.Steps, By: e.By, At: e.At}
	case vacation.StepApproved:
		j = vacation.EventData{ID: e.ID, Step: e.Step, Kind: e.Kind, By: e.By, Comment: e.Comment, At: e.At}
	case vacation.StepUndone:
		j = vacation.EventData{ID: e.ID, Step: e.Step, By: e.By, At: e.At}
	case vacation.Approved:
		j = vacation.EventData{ID: e.ID, Step: e.Step, By: e.By, Comment: e.Comment, At: e.At}
	case vacation.Rejected:
		j = vacation.EventData{ID: e.ID, Step: e.Step, By: e.By, Comment: e.Comment, At: e.At}
	case vacation.Cancelled:
		j = vacation.EventData{ID: e.ID, At: e.At}
	case vacation.Planned:
		j = vacation.EventData{ID: e.ID, Start: DayString(e.Start), Days: e.Days, By: e.By, At: e.At}
	case vacation.PlanRemoved:
		j = vacation.EventData{ID: e.ID, At: e.At}
	case vacation.PeriodClosed:
		j = vacation.EventData{Period: e.Period, Reason: string(e.Reason), At: e.At}
	case vacation.AlertRaised:
		j = vacation.EventData{Period: e.Period, Threshold: e.Threshold, At: e.At}
	default:
		return eventstore.EventData{}, fmt.Errorf("encode vacation event %T", e)
	}
	j.At = j.At.UTC()
	return commands.EventData(id, e.EventType(), j)
}

// DecodeVacation maps a stored vacation event back to the domain.
func DecodeVacation(re eventstore.RecordedEvent) (vacation.Event, error) {
	var j vacation.EventData
	if err := json.Unmarshal(re.Data, &j); err != nil {
		return nil, commands.BadData(re, err)
	}
	day := func(s string) time.Time {
		t, _ := time.Parse(time.DateOnly, s)
		return t
	}
	switch re.Type {
	case vacation.TypeOpened:
		return vacation.Opened{UserID: j.EmployeeID, Hired: day(j.Hired)}, nil
	case vacation.TypeRequested:
		return vacation.Requested{ID: j.ID, Start: day(j.Start), Days: j.Days, AbonoDays: j.AbonoDays,
			Advance13: j.Advance13, Period: j.Period, Steps: j.Steps, By: j.By, At: j.At}, nil
	case vacation.TypeStepApproved:
		return vacation.StepApproved{ID: j.ID, Step: j.Step, Kind: j.Kind, By: j.By, Comment: j.Comment, At: j.At}, nil
	case vacation.TypeStepUndone:
		return vacation.StepUndone{ID: j.ID, Step: j.Step, By: j.By, At: j.At}, nil
	case vacation.TypeApproved:
		return vacation.Approved{ID: j.ID, Step: j.Step, By: j.By, Comment: j.Comment, At: j.At}, nil
	case vacation.TypeRejected:
		return vacation.Rejected{ID: j.ID, Step: j.Step, By: j.By, Comment: j.Comment, At: j.At}, nil
	case vacation.TypeCancelled:
		return vacation.Cancelled{ID: j.ID, At: j.At}, nil
	case vacation.TypePlanned:
		return vacation.Planned{ID: j.ID, Start: day(j.Start), Days: j.Days, By: j.By, At: j.At}, nil
	case vacation.TypePlanRemoved:
		return vacation.PlanRemoved{ID: j.ID, At: j.At}, nil
	case vacation.TypePeriodClosed:
		return vacation.PeriodClosed{Period: j.Period, Reason: vacation.Closure(j.Reason), At: j.At}, nil
	case vacation.TypeAlertRaised:
		return vacation.AlertRaised{Period: j.Period, Threshold: j.Threshold, At: j.At}, nil
	}
	return nil, commands.UnknownType(re)
}

// entitlementCommand is what the vacation commands share: whose entitlement, which command.
type entitlementCommand struct {
	commandID string
	tenant    uuid.UUID
	actor     uuid.UUID // the signed-in user
	employee  uuid.UUID // whose entitlement
}

// decideEntitlement loads the employee's entitlement, lets decide choose the events and appends
// them with the expected version, retrying on a concurrent append. A retried command id
// answers the events it appended the first time without deciding again. With dryRun the
// decision is returned and nothing is appended (the request screen's check).
func decideEntitlement(ctx context.Context, store eventstore.Store, now func() time.Time, cmd entitlementCommand, dryRun bool,
	decide func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error)) ([]vacation.Event, error) {
	if cmd.tenant == uuid.Nil || cmd.actor == uuid.Nil || cmd.employee == uuid.Nil || cmd.commandID == "" {
		return nil, fmt.Errorf("tenant, actor, employee and command id are required")
	}
	on := commands.StreamCommand{Tenant: cmd.tenant, Actor: cmd.actor, Stream: vacation.Stream(cmd.employee), CommandID: cmd.commandID}
	return commands.DecideOnStream(ctx, store, now, on, commands.Codec[vacation.Event]{Decode: DecodeVacation, Encode: EncodeVacation}, dryRun, vacation.New, decide)
}

// openFirst opens the entitlement at the subject's hire date when it was not opened yet (an
// employee hired after the seed), so every command can rely on it.
func openFirst(e *vacation.Entitlement, s commands.VacationSubject, decided func() ([]vacation.Event, error)) ([]vacation.Event, error) {
	var out []vacation.Event
	if e.Hired().IsZero() {
		opened, err := e.Open(s.Employee.String(), s.Hired)
		if err != nil {
			return nil, err
		}
		for _, ev := range opened {
			e.Apply(ev)
		}
		out = opened
	}
	more, err := decided()
	if err != nil {
		return nil, err
	}
	return append(out, more...), nil
}
