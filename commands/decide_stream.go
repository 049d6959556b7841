package commands

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/eventstore"
)

// streamCommand names one command on one stream: which tenant, who, which command id.
type streamCommand struct {
	tenant    uuid.UUID
	actor     uuid.UUID
	stream    string
	commandID string
}

// codec reads and writes one area's events.
type codec[E any] struct {
	decode func(eventstore.RecordedEvent) (E, error)
	encode func(uuid.UUID, E) (eventstore.EventData, error)
}

// decideOnStream reads the whole stream, folds it into a fresh state, and appends what
// decide returns for that state with the expected version, retrying on a concurrent append.
// A retried command id answers the events it appended the first time without deciding
// again; a command that appended nothing decides again. With dryRun the decision is
// returned and nothing is appended.
func decideOnStream[S interface{ Apply(E) }, E any](ctx context.Context, store eventstore.Store, now func() time.Time, cmd streamCommand,
	c codec[E], dryRun bool, fresh func() S, decide func(S, time.Time) ([]E, error)) (events []E, err error) {
	err = withRetry(func() error {
		recorded, err := store.ReadStream(ctx, cmd.tenant, cmd.stream, 0)
		if err != nil {
			return err
		}
		state := fresh()
		first := EventID(cmd.tenant, cmd.stream, cmd.commandID, 0)
		var prior []E
		for _, re := range recorded {
			e, err := c.decode(re)
			if err != nil {
				return err
			}
			// A command's events are consecutive and share its command id.
			if re.ID == first || (len(prior) > 0 && re.CommandID == cmd.commandID) {
				prior = append(prior, e)
			}
			state.Apply(e)
		}
		if len(prior) > 0 && !dryRun {
			events = prior
			return nil
		}
		decided, err := decide(state, now().UTC().Truncate(time.Microsecond)) // PostgreSQL keeps microseconds
		if dryRun {
			events = decided
			return err
		}
		if err != nil || len(decided) == 0 {
			events = nil
			return err
		}
		data, err := encodeEvents(cmd.tenant, cmd.stream, cmd.commandID, decided, c.encode)
		if err != nil {
			return err
		}
		res, err := store.Append(ctx, MetaOf(cmd.tenant, cmd.actor, cmd.stream, cmd.commandID), cmd.stream, expectedVersion(recorded), data...)
		if err != nil {
			return err
		}
		if res.Duplicate {
			return ErrRetry // the same command won a race with itself: answer what it stored
		}
		events = decided
		return nil
	})
	return events, err
}

// firstOf returns the first of a command's events if it is of type E.
func firstOf[E, X any](events []X) (E, bool) {
	var zero E
	if len(events) == 0 {
		return zero, false
	}
	e, ok := any(events[0]).(E)
	return e, ok
}
