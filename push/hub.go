package push

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/platform/db"
)

// HubConfig tunes a Hub; the zero value is the production setting.
type HubConfig struct {
	// Buffer is how many messages a subscription may have waiting (default 256). A
	// subscriber that falls further behind is dropped: its channel closes and the stream
	// reconnects and resumes with Last-Event-ID, so it loses nothing.
	Buffer int
	// Retention is how long messages stay for resuming streams (default 24 h); the hub
	// deletes older ones once an hour.
	Retention time.Duration
	// Logger receives connection losses (default slog.Default()).
	Logger *slog.Logger
}

// Hub fans push messages out to this process's subscribers. One dedicated connection
// LISTENs on Channel; on each notification the hub reads the messages that became readable
// — only rows of transactions below pg_snapshot_xmin, in (transaction_id, event_position,
// id) order, as for the event log, so a transaction that commits late is never skipped —
// and hands each to the subscribers of its tenant that it is addressed to. Every process
// runs its own hub on the same table, so all of them deliver.
type Hub struct {
	pool *pgxpool.Pool
	cfg  HubConfig

	mu      sync.Mutex
	subs    map[uuid.UUID]map[*Subscription]struct{}
	stopped bool // Run has ended: subscriptions are closed at once

	startOnce sync.Once
	started   chan struct{}
}

// NewHub returns a hub on pool; Run makes it deliver.
func NewHub(pool *pgxpool.Pool, cfg HubConfig) *Hub {
	if cfg.Buffer <= 0 {
		cfg.Buffer = 256
	}
	if cfg.Retention <= 0 {
		cfg.Retention = 24 * time.Hour
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Hub{pool: pool, cfg: cfg, subs: map[uuid.UUID]map[*Subscription]struct{}{}, started: make(chan struct{})}
}

// Started is closed once the hub listens; messages committed from then on are delivered.
func (h *Hub) Started() <-chan struct{} { return h.started }

// Subscription receives the messages addressed to one user: the user's own and the
// tenant-wide ones, never another tenant's.
type Subscription struct {
	// C delivers messages in push-log order. It is closed by Close, or when the
	// subscriber fell Buffer messages behind (then Overflowed is true).
	C <-chan Envelope

	c          chan Envelope
	hub        *Hub
	tenant     uuid.UUID
	user       uuid.UUID
	closed     bool
	overflowed bool
}

// Subscribe registers a subscriber for user of tenant. Close it when done.
func (h *Hub) Subscribe(tenant, user uuid.UUID) *Subscription {
	c := make(chan Envelope, h.cfg.Buffer)
	s := &Subscription{C: c, c: c, hub: h, tenant: tenant, user: user}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped {
		s.closed = true
		close(c)
		return s
	}
	m := h.subs[tenant]
	if m == nil {
		m = map[*Subscription]struct{}{}
		h.subs[tenant] = m
	}
	m[s] = struct{}{}
	return s
}

// Close unregisters the subscription and closes C.
func (s *Subscription) Close() {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	s.closeLocked()
}

// Overflowed tells whether the hub dropped the subscription because it fell behind.
func (s *Subscription) Overflowed() bool {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return s.overflowed
}

func (s *Subscription) closeLocked() {
	if s.closed {
		return
	}
	s.closed = true
	close(s.c)
	if m := s.hub.subs[s.tenant]; m != nil {
		delete(m, s)
		if len(m) == 0 {
			delete(s.hub.subs, s.tenant)
		}
	}
}

// fanOut hands each envelope to its addressees.
func (h *Hub) fanOut(batch []Envelope) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, e := range batch {
		for s := range h.subs[e.Tenant] {
			if e.User != uuid.Nil && e.User != s.user {
				continue
			}
			select {
			case s.c <- e:
			default:
				s.overflowed = true
				s.closeLocked()
			}
		}
	}
}

// Run delivers until ctx ends; it reconnects after a lost connection and then reads what
// was published meanwhile, so nothing is lost. When ctx ends it closes every subscription
// (so open streams end and their clients reconnect elsewhere, e.g. during a shutdown) and
// returns nil.
func (h *Hub) Run(ctx context.Context) error {
	defer h.stop()
	go h.prune(ctx)
	var cursor *Key
	for ctx.Err() == nil {
		err := h.listen(ctx, &cursor)
		if ctx.Err() != nil {
			break
		}
		h.cfg.Logger.Warn("push: hub lost its connection; reconnecting", "err", err)
		if sleep(ctx, 500*time.Millisecond) != nil {
			break
		}
	}
	return nil
}

func (h *Hub) stop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.stopped = true
	for _, m := range h.subs {
		for s := range m {
			s.closeLocked()
		}
	}
}

// listen runs one connection's life: LISTEN, (first time) find the head, then read after
// every notification.
func (h *Hub) listen(ctx context.Context, cursor **Key) error {
	c, err := h.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	conn := c.Hijack()
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		return err
	}
	if *cursor == nil {
		head, err := pushHead(ctx, conn)
		if err != nil {
			return err
		}
		*cursor = &head
		h.startOnce.Do(func() { close(h.started) })
	}
	for {
		if err := h.drain(ctx, conn, *cursor); err != nil {
			return err
		}
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
	}
}

// drain reads and fans out every readable message after *cursor. When committed messages
// are held back by an older open transaction (which may never notify), it re-reads with a
// short backoff until they are readable.
func (h *Hub) drain(ctx context.Context, conn *pgx.Conn, cursor *Key) error {
	const batch = 1000
	var wait time.Duration
	for {
		envs, err := readLog(ctx, conn, *cursor, batch)
		if err != nil {
			return err
		}
		if len(envs) > 0 {
			h.fanOut(envs)
			*cursor = envs[len(envs)-1].Key
		}
		if len(envs) == batch {
			wait = 0
			continue
		}
		// ORDER BY + LIMIT walks the index from the cursor (a bare EXISTS may scan the table).
		var one int
		err = conn.QueryRow(ctx, `SELECT 1 FROM push_messages
WHERE (transaction_id, event_position, id) > ($1::text::xid8, $2, $3)
ORDER BY transaction_id, event_position, id LIMIT 1`,
			xid(cursor.TxID), cursor.Position, cursor.ID).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		// Short waits: under steady load some transaction is nearly always in flight, and
		// each holds the horizon back for only a few milliseconds.
		wait = min(max(2*wait, time.Millisecond), 5*time.Millisecond)
		if err := sleep(ctx, wait); err != nil {
			return err
		}
	}
}

const selectEnvelope = `SELECT id, transaction_id::text, event_position, event_tx::text, tenant_id, user_id, topic, data
FROM push_messages `

func readLog(ctx context.Context, conn *pgx.Conn, after Key, limit int) ([]Envelope, error) {
	rows, err := conn.Query(ctx, selectEnvelope+`
WHERE (transaction_id, event_position, id) > ($1::text::xid8, $2, $3)
  AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY transaction_id, event_position, id LIMIT $4`, xid(after.TxID), after.Position, after.ID, limit)
	if err != nil {
		return nil, err
	}
	return scanEnvelopes(rows)
}

func pushHead(ctx context.Context, conn *pgx.Conn) (Key, error) {
	var k Key
	var txid string
	err := conn.QueryRow(ctx, `SELECT transaction_id::text, event_position, id FROM push_messages
WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY transaction_id DESC, event_position DESC, id DESC LIMIT 1`).Scan(&txid, &k.Position, &k.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Key{}, nil
	}
	if err != nil {
		return k, err
	}
	k.TxID, err = strconv.ParseUint(txid, 10, 64)
	return k, err
}

func scanEnvelopes(rows pgx.Rows) ([]Envelope, error) {
	defer rows.Close()
	var out []Envelope
	for rows.Next() {
		var e Envelope
		var txid, eventTx string
		var user *uuid.UUID
		var data []byte
		if err := rows.Scan(&e.Key.ID, &txid, &e.Key.Position, &eventTx, &e.Tenant, &user, &e.Topic, &data); err != nil {
			return nil, err
		}
		e.Key.TxID, _ = strconv.ParseUint(txid, 10, 64)
		e.Event.TxID, _ = strconv.ParseUint(eventTx, 10, 64)
		e.Event.Position = e.Key.Position
		if user != nil {
			e.User = *user
		}
		e.Data = data
		out = append(out, e)
	}
	return out, rows.Err()
}

// ResumeKey finds where a stream that last saw event position resumes: the key of the
// first message of that event addressed to user (or the tenant). When one event produced
// messages in several transactions, resuming from the first can repeat a message but never
// skips one. found is false when no such message is stored (unknown or pruned position).
func (h *Hub) ResumeKey(ctx context.Context, tenant, user uuid.UUID, position int64) (key Key, found bool, err error) {
	err = db.InTenant(ctx, h.pool, tenant.String(), func(tx pgx.Tx) error {
		var txid string
		err := tx.QueryRow(ctx, `SELECT transaction_id::text FROM push_messages
WHERE tenant_id = $1 AND event_position = $3 AND (user_id IS NULL OR user_id = $2)
ORDER BY transaction_id LIMIT 1`, tenant, user, position).Scan(&txid)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		key.TxID, err = strconv.ParseUint(txid, 10, 64)
		key.Position, key.ID, found = position, math.MaxInt64, true
		return err
	})
	return key, found, err
}

// After returns up to limit readable messages for user of tenant after key, in push-log
// order (a resuming stream's catch-up). Like the hub, it reads only below
// pg_snapshot_xmin, so every message it leaves out reaches the hub later.
func (h *Hub) After(ctx context.Context, tenant, user uuid.UUID, after Key, limit int) ([]Envelope, error) {
	var out []Envelope
	err := db.InTenant(ctx, h.pool, tenant.String(), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, selectEnvelope+`
WHERE tenant_id = $1 AND (user_id IS NULL OR user_id = $2)
  AND (transaction_id, event_position, id) > ($3::text::xid8, $4, $5)
  AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY transaction_id, event_position, id LIMIT $6`, tenant, user, xid(after.TxID), after.Position, after.ID, limit)
		if err != nil {
			return err
		}
		out, err = scanEnvelopes(rows)
		return err
	})
	return out, err
}

// Newest returns the newest readable message for user of tenant (found false if none): a
// stream that cannot resume restarts from there.
func (h *Hub) Newest(ctx context.Context, tenant, user uuid.UUID) (env Envelope, found bool, err error) {
	err = db.InTenant(ctx, h.pool, tenant.String(), func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, selectEnvelope+`
WHERE tenant_id = $1 AND (user_id IS NULL OR user_id = $2)
  AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY transaction_id DESC, event_position DESC, id DESC LIMIT 1`, tenant, user)
		if err != nil {
			return err
		}
		envs, err := scanEnvelopes(rows)
		if len(envs) == 1 {
			env, found = envs[0], true
		}
		return err
	})
	return env, found, err
}

// prune deletes messages older than the retention once an hour.
func (h *Hub) prune(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := h.pool.Exec(ctx, `DELETE FROM push_messages WHERE created_at < now() - make_interval(secs => $1)`,
			h.cfg.Retention.Seconds()); err != nil && ctx.Err() == nil {
			h.cfg.Logger.Warn("push: prune failed", "err", err)
		}
	}
}

func xid(tx uint64) string { return strconv.FormatUint(tx, 10) }

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
