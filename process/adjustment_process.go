package process

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/commands/request"
	"portal/domain/clock"
	rq "portal/domain/request"
	"portal/eventstore"
)

// AdjustmentProcess is the process handler of punch adjustments: it follows the event log
// like a projection (the Runner feeds it; it has the projections.Projection methods) and,
// when a request of origin AjustePonto is finally approved, appends the adjustment's events
// to the employee's clock stream; when that approval is undone, it appends the reversal.
//
// It writes in the Runner's transaction, with its checkpoint: an approval is acted on exactly
// once even across crashes. The clock events' ids derive from the id of the request event
// that caused them, and ids already in the stream are not appended again, so seeing an event
// twice or replaying the whole log (portal replay) appends nothing new. It has no read model;
// Reset does nothing.
type AdjustmentProcess struct{}

// Name is the process's checkpoint name.
func (AdjustmentProcess) Name() string { return "adjustment-process" }

// AppendsInTx implements projections.Appender: Apply appends the adjusted marks in the
// projection's transaction.
func (AdjustmentProcess) AppendsInTx() bool { return true }

// Areas implements projections.Selective.
func (AdjustmentProcess) Areas() []string { return []string{"request."} }

// Reset has nothing to empty: the clock events it appended are history.
func (AdjustmentProcess) Reset(context.Context, pgx.Tx) error { return nil }

// Apply acts on the final approvals and undone decisions among events.
func (p AdjustmentProcess) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	acted := false
	for _, e := range events {
		if e.Type != rq.TypeStepApproved && e.Type != rq.TypeDecisionUndone {
			continue
		}
		did, err := p.act(ctx, tx, e)
		if err != nil {
			return fmt.Errorf("adjustment-process %s: %w", e.ID, err)
		}
		acted = acted || did
	}
	if acted {
		// AppendTx does not wake the log's readers; the store's listener does on this notice.
		_, err := tx.Exec(ctx, `SELECT pg_notify('events', 'adjustment')`)
		return err
	}
	return nil
}

// act handles one decision event and tells whether it appended.
func (AdjustmentProcess) act(ctx context.Context, tx pgx.Tx, trigger eventstore.RecordedEvent) (bool, error) {
	rest, _ := rq.StreamID(trigger.Stream)
	id, err := uuid.Parse(rest)
	if err != nil {
		return false, nil // not a request stream
	}
	// The request as it was right after the trigger: a replay decides as the first time did.
	recorded, err := readStreamTx(ctx, tx, trigger.Tenant, trigger.Stream, trigger.Version)
	if err != nil {
		return false, err
	}
	r := &rq.Request{}
	var by rq.By
	for _, re := range recorded {
		e, ok, err := request.DecodeEvent(re)
		if err != nil {
			return false, err
		}
		if ok {
			r.Apply(e)
			by = rq.ByOf(e)
		}
	}
	if r.Origin != rq.AjustePonto {
		return false, nil
	}
	if trigger.Type == rq.TypeStepApproved && r.Status != rq.StatusApproved {
		return false, nil // a step before the last one
	}
	a, err := clock.ParseAdjustment(r.Payload)
	if err != nil {
		return false, fmt.Errorf("request %s: payload: %w", id, err)
	}
	employee, err := uuid.Parse(r.Subject.EmployeeID)
	if err != nil {
		return false, fmt.Errorf("request %s: subject: %w", id, err)
	}
	stream := clock.Stream(employee)
	clockEvents, err := readStreamTx(ctx, tx, trigger.Tenant, stream, -1)
	if err != nil {
		return false, err
	}
	commandID := "adjustment/" + trigger.ID.String()
	first := commands.EventID(trigger.Tenant, stream, commandID, 0)
	for _, re := range clockEvents {
		if re.ID == first {
			return false, nil // already acted on this trigger
		}
	}
	day, err := clockcmd.FoldDay(clockEvents, a.Day)
	if err != nil {
		return false, err
	}
	person := clock.Person{EmployeeID: r.Subject.EmployeeID, UserID: r.Subject.UserID, UserHash: r.Subject.UserHash}
	var decided []clock.Event
	if trigger.Type == rq.TypeStepApproved {
		newMark := commands.DeriveID(trigger.Tenant, stream, commandID, "mark").String()
		if decided, err = day.Adjust(a, r.ID, newMark, person, by.At); err != nil {
			return false, err
		}
	} else {
		decided = day.Revert(r.ID, person, by.At)
	}
	if len(decided) == 0 {
		return false, nil
	}
	data := make([]eventstore.EventData, len(decided))
	for i, e := range decided {
		if data[i], err = clockcmd.EncodeClock(commands.EventID(trigger.Tenant, stream, commandID, i), e); err != nil {
			return false, err
		}
	}
	meta := eventstore.Meta{Tenant: trigger.Tenant, Actor: by.Actor.ID, CorrelationID: id, CausationID: trigger.ID, CommandID: commandID}
	if err := eventstore.AppendTx(ctx, tx, meta, stream, commands.ExpectedVersion(clockEvents), data...); err != nil {
		return false, err
	}
	return true, nil
}

// readStreamTx reads a stream inside tx, up to version upTo (-1: all of it).
func readStreamTx(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, stream string, upTo int64) ([]eventstore.RecordedEvent, error) {
	rows, err := tx.Query(ctx, `SELECT id, version, type, data, recorded_at FROM events
WHERE tenant_id = $1 AND stream = $2 AND ($3 < 0 OR version <= $3) ORDER BY version`, tenant, stream, upTo)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (eventstore.RecordedEvent, error) {
		e := eventstore.RecordedEvent{Tenant: tenant, Stream: stream}
		return e, row.Scan(&e.ID, &e.Version, &e.Type, &e.Data, &e.RecordedAt)
	})
}
