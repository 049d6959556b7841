// Package push tells browsers that something they see has changed. A projection publishes
// a message inside the transaction that changes its read model (Publish), so the message
// exists only if the change committed; every server process runs a Hub that LISTENs on the
// 'push' channel, reads the new messages in commit-safe order and fans them out to the live
// streams (Server-Sent Events) of the users they are addressed to.
// See ARCHITECTURE.md, "Push" and "Dual writes".
package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
)

// Channel is the LISTEN/NOTIFY channel that tells hubs new messages may be readable.
const Channel = "push"

// Message is what a projection publishes.
type Message struct {
	Tenant uuid.UUID
	User   uuid.UUID // the addressee; uuid.Nil sends it to every user of the tenant
	Topic  string    // the SSE event name, e.g. "vacation.changed"
	Data   any       // marshalled to JSON
	Event  eventstore.Cursor
}

// Key is a message's place in the push log: messages are ordered by the transaction that
// published them, then by the event position, then by insertion.
type Key struct {
	TxID     uint64
	Position int64
	ID       int64
}

// Before tells whether k comes before o.
func (k Key) Before(o Key) bool {
	if k.TxID != o.TxID {
		return k.TxID < o.TxID
	}
	if k.Position != o.Position {
		return k.Position < o.Position
	}
	return k.ID < o.ID
}

// Envelope is a published message as a subscriber receives it.
type Envelope struct {
	Key    Key
	Tenant uuid.UUID
	User   uuid.UUID // uuid.Nil: addressed to the whole tenant
	Topic  string
	Data   json.RawMessage
	Event  eventstore.Cursor
}

// ErrInvalid refuses a message without a tenant or a topic.
var ErrInvalid = errors.New("push: invalid message")

type muteKey struct{}

// Mute returns a context in which Publish does nothing. Replay uses it: rebuilding a read
// model must not send its whole history to the browsers again.
func Mute(ctx context.Context) context.Context { return context.WithValue(ctx, muteKey{}, true) }

// Muted tells whether ctx was muted.
func Muted(ctx context.Context) bool { v, _ := ctx.Value(muteKey{}).(bool); return v }

// Publish stores the messages inside tx (the projection's transaction) in one round trip and
// notifies the hubs when tx commits; if tx rolls back, the messages never existed. It does
// nothing in a muted context.
func Publish(ctx context.Context, tx pgx.Tx, ms ...Message) error {
	if Muted(ctx) || len(ms) == 0 {
		return nil
	}
	n := len(ms)
	tenants, users := make([]uuid.UUID, n), make([]*uuid.UUID, n)
	topics, datas := make([]string, n), make([]string, n)
	positions, txs := make([]int64, n), make([]string, n)
	for i, m := range ms {
		if m.Tenant == uuid.Nil || m.Topic == "" {
			return fmt.Errorf("%w: tenant and topic are required", ErrInvalid)
		}
		data, err := json.Marshal(m.Data)
		if err != nil {
			return fmt.Errorf("push: marshal %s data: %w", m.Topic, err)
		}
		if m.User != uuid.Nil {
			users[i] = &ms[i].User
		}
		tenants[i], topics[i], datas[i] = m.Tenant, m.Topic, string(data)
		positions[i], txs[i] = m.Event.Position, strconv.FormatUint(m.Event.TxID, 10)
	}
	// NOTIFY is sent at commit, and repeated identical notifications of a transaction are
	// folded into one. Rows keep the order given (ids ascend with it).
	_, err := tx.Exec(ctx, `
WITH ins AS (
    INSERT INTO push_messages (tenant_id, user_id, topic, data, event_position, event_tx)
    SELECT t, u, tp, d::jsonb, p, x::xid8
    FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bigint[], $6::text[]) WITH ORDINALITY AS m(t, u, tp, d, p, x, o)
    ORDER BY o
)
SELECT pg_notify('`+Channel+`', '')`, tenants, users, topics, datas, positions, txs)
	if err != nil {
		return fmt.Errorf("push: publish %d messages: %w", n, err)
	}
	return nil
}
