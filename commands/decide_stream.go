package commands

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/eventstore"
)

// streamCommand names one command on one stream: which tenant, who, which command id.
type StreamCommand struct {
	Tenant    uuid.UUID
	Actor     uuid.UUID
	Stream    string
	CommandID string
}

// codec reads and writes one area's events.
type Codec[E any] struct {
	Decode func(eventstore.RecordedEvent) (E, error)
	Encode func(uuid.UUID, E) (eventstore.EventData, error)
}

// decideOnStream reads the whole stream, folds it into a fresh state, and appends what
// decide returns for that state with the expected version, retrying on a concurrent append.
// A retried command id answers the events it appended the first time without deciding
// again; a command that appended nothing decides again. With dryRun the decision is
// returned and nothing is appended.
func DecideOnStream[S interface{ Apply(E) }, E any](ctx context.Context, store eventstore.Store, now func() time.Time, cmd StreamCommand,
	c Codec[E], dryRun bool, fresh func() S, decide func(S, time.Time) ([]E, error)) (events []E, err error) {
	err = WithRetry(func() error {
		recorded, err := store.ReadStream(ctx, cmd.Tenant, cmd.Stream, 0)
		if err != nil {
			return err
		}
		state := fresh()
		first := EventID(cmd.Tenant, cmd.Stream, cmd.CommandID, 0)
		var prior []E
		for _, re := range recorded {
			e, err := c.Decode(re)
			if err != nil {
				return err
			}
			// A command's events are consecutive and share its command id.
			if re.ID == first || (len(prior) > 0 && re.CommandID == cmd.CommandID) {
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
		data, err := EncodeEvents(cmd.Tenant, cmd.Stream, cmd.CommandID, decided, c.Encode)
		if err != nil {
			return err
		}
		res, err := store.Append(ctx, MetaOf(cmd.Tenant, cmd.Actor, cmd.Stream, cmd.CommandID), cmd.Stream, ExpectedVersion(recorded), data...)
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
func FirstOf[E, X any](events []X) (E, bool) {
	var zero E
	if len(events) == 0 {
		return zero, false
	}
	e, ok := any(events[0]).(E)
	return e, ok
}
