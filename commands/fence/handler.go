// Package fence holds the HR commands on virtual fences (domain/fence): create, edit,
// remove and assign. Each appends one event on the fence's stream and applies the fences
// projection in the same transaction, so the next punch (and the next session) sees the new
// fences as soon as the answer arrives: the fences table's trigger tells every server to drop
// its cached employee facts (migrations/00147).
package fence

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands"
	"portal/domain"
	"portal/domain/fence"
	"portal/eventstore"
)

// Transactor begins transactions on the database as its owner (the pool).
type Transactor interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// InlineProjection is the fences read model, applied in the command's own transaction.
type InlineProjection interface {
	Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error
}

// Handler runs the fence commands of HR.
type Handler struct {
	db   Transactor
	read InlineProjection
	now  func() time.Time
}

// New needs the database, the fences projection and the server clock.
func New(db Transactor, read InlineProjection, now func() time.Time) (*Handler, error) {
	if db == nil || read == nil || now == nil {
		return nil, errors.New("fence.New: nil dependency")
	}
	return &Handler{db: db, read: read, now: now}, nil
}

// Caller is who runs a command: the verified token's tenant and user (HR, checked by the
// route's permission).
type Caller struct {
	Tenant    uuid.UUID
	UserID    uuid.UUID
	CommandID string
}

func (c Caller) valid() error {
	if c.Tenant == uuid.Nil || c.UserID == uuid.Nil || c.CommandID == "" {
		return errors.New("tenant, user and command id are required")
	}
	return nil
}

// decide loads the fence's stream under a lock, decides, appends the one event decide
// returns (if any) and applies the projection, all in one transaction. A command id already
// used on the stream appends nothing again and answers the fence as it is.
func (h *Handler) decide(ctx context.Context, c Caller, id uuid.UUID, decide func(*fence.Fence) ([]fence.Event, error)) (state fence.Fence, err error) {
	if err := c.valid(); err != nil {
		return state, err
	}
	stream := fence.Stream(id)
	err = pgx.BeginFunc(ctx, h.db, func(tx pgx.Tx) error {
		st, version, err := load(ctx, tx, c.Tenant, stream)
		if err != nil {
			return err
		}
		state = st
		eventID := commands.EventID(c.Tenant, stream, c.CommandID, 0)
		var seen bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM events WHERE tenant_id = $1 AND id = $2)`, c.Tenant, eventID).Scan(&seen); err != nil || seen {
			return err
		}
		events, err := decide(&state)
		if err != nil || len(events) == 0 {
			return err
		}
		e := events[0]
		data, err := json.Marshal(e)
		if err != nil {
			return err
		}
		meta := commands.MetaOf(c.Tenant, c.UserID, stream, c.CommandID)
		ar, err := eventstore.AppendInTx(ctx, tx, meta, stream, commands.ExpectedAt(version),
			eventstore.EventData{ID: eventID, Type: e.EventType(), SchemaVersion: 1, Data: data})
		if err != nil {
			return err
		}
		state.Apply(e)
		// The read model keeps the event's own time, so a rebuild writes the same rows.
		var at time.Time
		if err := tx.QueryRow(ctx, `SELECT recorded_at FROM events WHERE tenant_id = $1 AND id = $2`, c.Tenant, eventID).Scan(&at); err != nil {
			return err
		}
		return h.read.Apply(ctx, tx, []eventstore.RecordedEvent{{ID: eventID, Stream: stream, Version: ar.NextVersion,
			Cursor: ar.Last, Type: e.EventType(), SchemaVersion: 1, Tenant: c.Tenant, Actor: meta.Actor,
			CorrelationID: meta.CorrelationID, CausationID: meta.CausationID, CommandID: c.CommandID,
			RecordedAt: at, Data: data}})
	})
	if errors.Is(err, eventstore.ErrConcurrency) {
		return state, &domain.Error{Kind: domain.Conflict, Field: "fenceId", Key: "conflito_concorrente"}
	}
	return state, err
}

// load folds a fence's stream, after taking the stream's lock so that two HR users' changes
// queue (the second decides on the first's result).
func load(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, stream string) (fence.Fence, int64, error) {
	var f fence.Fence
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, tenant.String()+"/"+stream); err != nil {
		return f, 0, err
	}
	rows, err := tx.Query(ctx, `SELECT version, type, data FROM events WHERE tenant_id = $1 AND stream = $2 ORDER BY version`, tenant, stream)
	if err != nil {
		return f, 0, err
	}
	version := int64(-1)
	var typ string
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&version, &typ, &data}, func() error {
		e, err := Decode(typ, data)
		if err != nil {
			return fmt.Errorf("%s version %d: %w", stream, version, err)
		}
		f.Apply(e)
		return nil
	})
	return f, version, err
}

// Decode reads a stored fence event by its type.
func Decode(typ string, data []byte) (fence.Event, error) {
	var e fence.Event
	var err error
	switch typ {
	case fence.TypeCreated:
		var v fence.Created
		err = json.Unmarshal(data, &v)
		e = v
	case fence.TypeChanged:
		var v fence.Changed
		err = json.Unmarshal(data, &v)
		e = v
	case fence.TypeRemoved:
		var v fence.Removed
		err = json.Unmarshal(data, &v)
		e = v
	case fence.TypeAssigned:
		var v fence.Assigned
		err = json.Unmarshal(data, &v)
		e = v
	default:
		return nil, fmt.Errorf("unknown fence event %q", typ)
	}
	return e, err
}
