// Package projections turns the global event log into read models. Each projection is a
// watermill handler fed by a Subscriber on the log ("$all"); the Runner commits every
// read-model change together with the projection's checkpoint, so a crash never loses or
// doubles an update, and Replay rebuilds a projection from zero in large batches.
// See ARCHITECTURE.md, "The shape: event-sourced CQRS" and "Known pitfalls".
package projections

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"portal/eventstore"
)

// Projection is one read model. The Runner calls Apply with one event at a time as the log
// grows; Replay calls it with batches of thousands of events. Both call it inside a
// transaction that also moves the projection's checkpoint, so Apply must do all of its work
// through tx and must not commit, roll back or keep tx.
type Projection interface {
	// Name identifies the projection's checkpoint, advisory lock and parked events. It must
	// stay stable: a new name means a new projection that starts from the beginning.
	Name() string

	// Apply applies events, given in log order, to the read model through tx. It ignores
	// event types it does not care about (and should return quickly for them).
	//
	// Apply must be set-based: a rebuild hands it batches of ~5,000 events and is expected to
	// run at ≥100,000 events/s, so it should write each batch with a few statements (for
	// example INSERT ... SELECT FROM unnest($1::uuid[], $2::text[], ...) or one
	// INSERT ... ON CONFLICT DO UPDATE over an aggregated unnest), never one round trip per
	// event (ARCHITECTURE.md, "Rebuild speed"). When several events of a batch touch the
	// same row, Apply must fold them in order itself: one statement cannot update a row twice.
	//
	// An error makes the Runner roll the transaction back and retry the event; after the
	// retries it parks the event (parked_events) with the error as the reason and moves on.
	// Errors must therefore mean "this event cannot be applied", not "skip me": return nil
	// for events that need no change.
	Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error

	// Reset empties the projection's read-model tables (Replay calls it before rebuilding,
	// in the same transaction that resets the checkpoint).
	Reset(ctx context.Context, tx pgx.Tx) error
}

// Appender is a Projection whose Apply appends events through its tx (a process manager).
// The Runner's transactions of every other projection say that they append none
// (eventstore.AppendNoneSQL), so that readers of the log need not wait for them to end; an
// Appender's do not, since an event it appends must not be passed by a reader meanwhile. A
// projection that appends without saying so has its first such batch refused by the
// database and applied again (the Runner then treats it as an Appender and logs a warning).
type Appender interface {
	Projection
	AppendsInTx() bool
}

// Selective is a Projection that reads the events of some areas only: the types that start
// with one of its Areas ("clock." reads clock.mark_registered.v1 and the other clock events).
// The Runner neither hands it nor encodes for it the other events, and opens no transaction
// for a read of the log without any of its events: it moves the checkpoint past them with
// the next batch it applies, or when the log has been quiet for skipFlush. Every area of the
// log a Projection applies must be listed.
type Selective interface {
	Projection
	Areas() []string
}

// readsAreas tells whether an event's type is in one of areas.
func readsAreas(areas []string) func(eventstore.RecordedEvent) bool {
	return func(e eventstore.RecordedEvent) bool {
		for _, a := range areas {
			if strings.HasPrefix(e.Type, a) {
				return true
			}
		}
		return false
	}
}
