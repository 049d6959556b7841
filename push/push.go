// Package push tells browsers that something they see has changed, through Centrifugo
// (docs/operations.md, "Live push"). A projection publishes a message inside the transaction
// that changes its read model (Publish): the message is a row of Centrifugo's PostgreSQL
// outbox, so it exists only if the change committed, and Centrifugo's consumer delivers it to
// the channel of the user (or the tenant) it is addressed to. Browsers connect to Centrifugo
// with a short-lived token (Token) whose channels are subscribed server-side, so no client
// ever chooses a channel.
// See ARCHITECTURE.md, "Push" and "Dual writes".
package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"portal/platform/telemetry"

	"portal/eventstore"
)

// OutboxTable is Centrifugo's PostgreSQL consumer table (migrations/00110) and NotifyChannel
// the LISTEN channel that wakes the consumer; the payload is the partition number.
const (
	OutboxTable   = "centrifugo_outbox"
	NotifyChannel = "centrifugo_outbox"
)

// Partitions is how many outbox partitions Centrifugo consumes in parallel. A channel always
// lands in the same partition, so its messages keep their order.
const Partitions = 4

// Message is what a projection publishes.
type Message struct {
	Tenant uuid.UUID
	User   uuid.UUID // the addressee; uuid.Nil sends it to every user of the tenant
	Topic  string    // e.g. "vacation.changed"
	Data   any       // marshalled to JSON
	Event  eventstore.Cursor
}

// Publication is the data of every Centrifugo publication the portal sends: ID is unique
// and grows within a channel (the outbox row id), so a client drops a message it has already
// seen (Centrifugo may deliver a message twice after a crash between publish and delete).
type Publication struct {
	ID       int64           `json:"id"`
	Topic    string          `json:"topic"`
	Data     json.RawMessage `json:"data"`
	Position int64           `json:"position"` // the global position of the event that caused it
}

// ErrInvalid refuses a message without a tenant or a topic.
var ErrInvalid = errors.New("push: invalid message")

type muteKey struct{}

// Mute returns a context in which Publish does nothing. Replay uses it: rebuilding a read
// model must not send its whole history to the browsers again.
func Mute(ctx context.Context) context.Context { return context.WithValue(ctx, muteKey{}, true) }

// Muted tells whether ctx was muted.
func Muted(ctx context.Context) bool { v, _ := ctx.Value(muteKey{}).(bool); return v }

// UserChannel is the channel of one user's messages; TenantChannel the one of messages for
// every user of a tenant. Both are only ever subscribed server-side, from a token.
func UserChannel(tenant, user uuid.UUID) string {
	return "user:" + tenant.String() + "." + user.String()
}

// TenantChannel: see UserChannel.
func TenantChannel(tenant uuid.UUID) string { return "tenant:" + tenant.String() }

// ChannelOf is the channel m is delivered on.
func ChannelOf(m Message) string {
	if m.User == uuid.Nil {
		return TenantChannel(m.Tenant)
	}
	return UserChannel(m.Tenant, m.User)
}

// PartitionOf is the outbox partition of a channel.
func PartitionOf(channel string) int {
	h := fnv.New32a()
	h.Write([]byte(channel))
	return int(h.Sum32() % Partitions)
}

// Publish writes the messages into the outbox inside tx (the projection's transaction) in one
// round trip and wakes the consumer of their partitions when tx commits; if tx rolls back,
// the messages never existed. It does nothing in a muted context.
func Publish(ctx context.Context, tx pgx.Tx, ms ...Message) error {
	if Muted(ctx) || len(ms) == 0 {
		return nil
	}
	_, err := PublishWith(ctx, tx, "", nil, "", ms...)
	return err
}

// PublishWith is Publish in the same statement as the caller's own work, one round trip for
// both: with is a WITH item of the caller's (e.g. `ins AS (INSERT ... RETURNING position)`)
// whose parameters are args ($1 to $len(args)), and keep, when not empty, an SQL condition on
// p, the position of a message's event (Message.Event), that selects the messages published
// (e.g. `p IN (SELECT position FROM ins)`: a push for each row the statement inserted). It
// returns how many messages it published. In a muted context it runs the caller's part
// alone.
func PublishWith(ctx context.Context, tx pgx.Tx, with string, args []any, keep string, ms ...Message) (published int64, err error) {
	if Muted(ctx) || len(ms) == 0 {
		if with == "" {
			return 0, nil
		}
		_, err := tx.Exec(ctx, "WITH "+with+" SELECT", args...) // a data-modifying WITH runs unreferenced
		return 0, err
	}
	// The last link of a command's trace: HTTP call, command, append, projection, publish.
	ctx, span := telemetry.Tracer().Start(ctx, "push.publish", trace.WithAttributes(attribute.Int("portal.messages", len(ms))))
	defer func() {
		if err == nil {
			telemetry.PushPublished.Add(float64(published))
		}
		telemetry.End(span, err)
	}()
	n := len(ms)
	tenants, channels := make([]uuid.UUID, n), make([]string, n)
	topics, datas := make([]string, n), make([]string, n)
	positions, partitions := make([]int64, n), make([]int32, n)
	for i, m := range ms {
		if m.Tenant == uuid.Nil || m.Topic == "" {
			return 0, fmt.Errorf("%w: tenant and topic are required", ErrInvalid)
		}
		data, err := json.Marshal(m.Data)
		if err != nil {
			return 0, fmt.Errorf("push: marshal %s data: %w", m.Topic, err)
		}
		ch := ChannelOf(m)
		tenants[i], channels[i], topics[i], datas[i] = m.Tenant, ch, m.Topic, string(data)
		positions[i], partitions[i] = m.Event.Position, int32(PartitionOf(ch))
	}
	if with != "" {
		with += ", "
	}
	where := ""
	if keep != "" {
		where = "WHERE " + keep
	}
	k := len(args)
	// Ids are drawn in the order given, so a channel's messages ascend with it. The
	// idempotency key lets Centrifugo drop a re-publication of the same row. NOTIFY is sent
	// at commit; identical notifications of one transaction fold into one.
	err = tx.QueryRow(ctx, fmt.Sprintf(`
WITH %s m AS (
    SELECT nextval('centrifugo_outbox_id_seq') AS id, t, ch, tp, d, p, pt
    FROM unnest($%d::uuid[], $%d::text[], $%d::text[], $%d::text[], $%d::bigint[], $%d::int[]) WITH ORDINALITY AS u(t, ch, tp, d, p, pt, o)
    %s
    ORDER BY o
), ins_outbox AS (
    INSERT INTO `+OutboxTable+` (id, method, payload, partition, tenant_id)
    SELECT id, 'publish', jsonb_build_object(
               'channel', ch,
               'data', jsonb_build_object('id', id, 'topic', tp, 'data', d::jsonb, 'position', p),
               'idempotency_key', 'o' || id),
           pt, t
    FROM m
), notified AS (
    SELECT pg_notify('`+NotifyChannel+`', pt::text) FROM (SELECT DISTINCT pt FROM m) d
)
SELECT (SELECT count(*) FROM m), (SELECT count(*) FROM notified)`, with, k+1, k+2, k+3, k+4, k+5, k+6, where),
		append(args[:k:k], tenants, channels, topics, datas, positions, partitions)...).Scan(&published, new(int64))
	if err != nil {
		return 0, fmt.Errorf("push: publish %d messages: %w", n, err)
	}
	return published, nil
}
