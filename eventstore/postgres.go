package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/platform/telemetry"
)

// notifyChannel is the LISTEN/NOTIFY channel that tells readers new events may be readable.
const notifyChannel = "events"

// Postgres is the Store on PostgreSQL (migrations/00001_eventstore.sql).
//
// An append is one statement in its own short transaction. Readers of the global log take
// only rows whose transaction id is below the horizon of their snapshot (HorizonSQL),
// ordered by (transaction id, position), so no reader can pass an event whose transaction
// commits late.
//
// Appends do not NOTIFY inside their own transaction: NOTIFY takes a database-wide lock at
// commit, which would serialise every append. Instead one goroutine per process sends a
// coalesced NOTIFY after appends commit, and wakes this process's readers directly. It
// sends it only while another store listens on the channel (each store's listener
// announces itself there once a second), so a process alone sends no wake-ups at all.
type Postgres struct {
	pool *pgxpool.Pool
	id   string // this store's name in announcements

	mu      sync.Mutex
	waiters map[int]chan struct{}
	nextID  int

	kick      chan struct{}
	announce  chan struct{}
	listening atomic.Bool  // the listener is connected and listening
	peerSeen  atomic.Int64 // when another store last announced itself (Unix ns)
	cancel    context.CancelFunc
	done      sync.WaitGroup

	group *groupCommit // appends gathered by tenant (group.go); nil: none
}

var _ Store = (*Postgres)(nil)

// NewPostgres starts the store's notifier and listener on pool.
func NewPostgres(pool *pgxpool.Pool) *Postgres {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Postgres{pool: pool, id: uuid.NewString(), waiters: map[int]chan struct{}{},
		kick: make(chan struct{}, 1), announce: make(chan struct{}, 1), cancel: cancel}
	s.done.Add(4)
	go s.notifier(ctx)
	go s.listener(ctx)
	go s.announcer(ctx)
	go s.safetyTick(ctx)
	return s
}

// Close stops the background goroutines; the pool stays open.
func (s *Postgres) Close() {
	s.cancel()
	s.done.Wait()
}

// appendSQL appends a batch of events: it checks the expected version against the stream's
// last one and inserts the events after it, each linked into the stream's hash chain (ch:
// each hash covers the previous one, so they are computed one after the other).
const appendSQL = `
WITH RECURSIVE head AS (
    SELECT cur.v, coalesce((SELECT hash FROM events WHERE tenant_id = $1 AND stream = $2 AND version = cur.v), '\x'::bytea) AS hash
    FROM (SELECT coalesce(max(version), -1) AS v FROM events WHERE tenant_id = $1 AND stream = $2) cur
    WHERE $7::bigint = -2 OR cur.v = $7::bigint
), ev AS MATERIALIZED (
    SELECT u.ord, u.id, u.type, u.sv, u.data, nextval('events_position_seq') AS p, clock_timestamp() AS t
    FROM (SELECT * FROM unnest($8::uuid[], $9::text[], $10::int[], $11::jsonb[]) WITH ORDINALITY AS e(id, type, sv, data, ord)
          ORDER BY ord) u
), ch AS (
    SELECT 0::bigint AS ord, head.v AS version, head.hash FROM head
    UNION ALL
    SELECT ev.ord, ch.version + 1, sha256(ch.hash || event_chain_content(ev.p, ev.id, $1, $2, ch.version + 1,
        ev.type, ev.sv, $3, $4, $5, $6, ev.t, ev.data))
    FROM ch JOIN ev ON ev.ord = ch.ord + 1
), ins AS (
    INSERT INTO events (position, id, tenant_id, stream, version, type, schema_version, actor,
                        correlation_id, causation_id, command_id, recorded_at, data, hash, traceparent)
    SELECT ev.p, ev.id, $1, $2, ch.version, ev.type, ev.sv, $3, $4, $5, $6, ev.t, ev.data, ch.hash, $12::text
    FROM ch JOIN ev ON ev.ord = ch.ord
    ORDER BY ev.ord
    RETURNING position, version, transaction_id
)
SELECT position, version, transaction_id FROM ins ORDER BY position`

// A single event (one command, one event: the common case) is appended by a plain
// single-row INSERT picked by the expected version. Its plan is at most one index probe,
// where appendSQL also builds and decodes four arrays and runs a CTE, an unnest and two
// sorts (measured at 32 writers: about 30 % more CPU per append, database and client).
// Every check stays with the database: the unique (tenant_id, stream, version) refuses a
// version that is taken, the unique id a retry.
//
// The INSERT also links the event into its stream's hash chain (migrations/00120): its
// position and time are drawn first (n), so the hash covers them, and the previous event's
// hash comes from the row the expected version is checked against.
const (
	insertOne = `INSERT INTO events (position, id, tenant_id, stream, version, type, schema_version,
                    actor, correlation_id, causation_id, command_id, recorded_at, data, hash, traceparent)
`
	// chainedValues selects one event from source, a query of one row (or none) that draws
	// its position (p) and time (t) and names its version (v) and the previous hash (h).
	chainedValues = `SELECT n.p, $7, $1, $2, n.v, $8, $9, $3, $4, $5, $6, n.t, $10,
    sha256(n.h || event_chain_content(n.p, $7, $1, $2, n.v, $8, $9, $3, $4, $5, $6, n.t, $10)), $11::text
FROM (SELECT nextval('events_position_seq') AS p, clock_timestamp() AS t, $source) n`
	returningOne = `
RETURNING position, version, transaction_id`
)

var (
	// NoStream: version 0, refused by the unique key when the stream exists.
	appendNewSQL = insertOne + chained(`0::bigint AS v, '\x'::bytea AS h`) + returningOne
	// An exact version: the next one, on top of the expected one, which must exist (no row
	// inserted: ErrConcurrency); the unique key refuses it when a later version exists.
	appendExactSQL = insertOne + chained(`version + 1 AS v, hash AS h
    FROM events WHERE tenant_id = $1 AND stream = $2 AND version = $12`) + returningOne
	// Any: after the stream's last version.
	appendAnySQL = insertOne + chained(`coalesce(e.version, -1) + 1 AS v, coalesce(e.hash, '\x'::bytea) AS h
    FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT version, hash FROM events WHERE tenant_id = $1 AND stream = $2
                                          ORDER BY version DESC LIMIT 1) e ON true`) + returningOne
)

func chained(source string) string { return strings.Replace(chainedValues, "$source", source, 1) }

// querier runs a statement on the pool or in a caller's transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// appendEvents is Append without its instruments (observed.go).
func (s *Postgres) appendEvents(ctx context.Context, meta Meta, stream string, expected int64, events ...EventData) (AppendResult, error) {
	if err := validateAppend(meta, stream, expected, events); err != nil {
		return AppendResult{}, err
	}
	for attempt := 0; ; attempt++ {
		res, err := appendOnce(ctx, s.pool, meta, stream, expected, events)
		if err == nil {
			s.signal()
			return res, nil
		}
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			if dup, derr := s.duplicate(ctx, meta.Tenant, StreamAppend{Stream: stream, Events: events}); derr == nil && dup {
				return AppendResult{Duplicate: true, NextVersion: -1}, nil
			}
			if expected == Any && versionTaken(err) && attempt < 20 {
				continue // another writer took the version; Any means "wherever the end is"
			}
			return AppendResult{}, ErrConcurrency
		}
		if errors.Is(err, ErrConcurrency) {
			if dup, derr := s.duplicate(ctx, meta.Tenant, StreamAppend{Stream: stream, Events: events}); derr == nil && dup {
				return AppendResult{Duplicate: true, NextVersion: -1}, nil
			}
		}
		return AppendResult{}, err
	}
}

// appendStreamsChecked is AppendStreams without its instruments (observed.go): the parts'
// statements go in one round trip inside a transaction, which commits only when every part
// landed. A version taken under an Any part (another writer reached that stream's end first)
// retries the whole call, as Append retries.
func (s *Postgres) appendStreamsChecked(ctx context.Context, parts ...StreamAppend) ([]AppendResult, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: no parts", ErrInvalid)
	}
	for _, p := range parts {
		if err := validateAppend(p.Meta, p.Stream, p.Expected, p.Events); err != nil {
			return nil, err
		}
		if p.Meta.Tenant != parts[0].Meta.Tenant {
			return nil, fmt.Errorf("%w: the parts name two tenants", ErrInvalid)
		}
	}
	return s.appendStreams(ctx, parts, nil)
}

// appendStreams is AppendStreams, each part recorded at its at[i] when at is not nil.
func (s *Postgres) appendStreams(ctx context.Context, parts []StreamAppend, at []time.Time) ([]AppendResult, error) {
	tenant := parts[0].Meta.Tenant
	for attempt := 0; ; attempt++ {
		results, err := s.appendParts(ctx, parts, at)
		if err == nil {
			s.signal()
			return results, nil
		}
		var pgErr *pgconn.PgError
		unique := errors.As(err, &pgErr) && pgErr.Code == "23505"
		if !unique && !errors.Is(err, ErrConcurrency) {
			return nil, err
		}
		dup, derr := s.duplicate(ctx, tenant, parts...)
		if derr != nil {
			return nil, derr
		}
		if dup {
			for i := range results {
				results[i] = AppendResult{Duplicate: true, NextVersion: -1}
			}
			return results, nil
		}
		if !versionTaken(err) || attempt >= 20 {
			return nil, ErrConcurrency // a version or an event id of the parts is taken for good
		}
		if moved, merr := s.moved(ctx, tenant, parts); merr != nil || moved {
			return nil, errors.Join(merr, ErrConcurrency)
		}
	}
}

// versionTaken tells whether err is another writer's taking of the version an append
// inserted at (not one of its event ids).
func versionTaken(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "events_stream_version_key"
}

// appendParts sends BEGIN and every part's statement in one batch, then commits when each
// part inserted its events (a part whose expected version is missing inserts nothing, which
// is no database error) and rolls back otherwise. With at (AppendHistory), part i's events
// are recorded at at[i] instead of the database's clock.
func (s *Postgres) appendParts(ctx context.Context, parts []StreamAppend, at []time.Time) ([]AppendResult, error) {
	return s.appendPartsCommit(ctx, parts, at, false)
}

// appendPartsCommit is appendParts; with early, the commit does not wait for its WAL flush
// (its locks are released as soon as its commit record is written), and the caller must
// wait for the flush (flushBarrier) before it tells anyone the appends are done.
func (s *Postgres) appendPartsCommit(ctx context.Context, parts []StreamAppend, at []time.Time, early bool) ([]AppendResult, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	if early {
		b.Queue("SET LOCAL synchronous_commit = off")
	}
	for i, p := range parts {
		tctx := ctx
		if p.trace != nil {
			tctx = p.trace
		}
		sql, args := appendStatement(tctx, p.Meta, p.Stream, p.Expected, p.Events)
		if at != nil {
			sql, args = historyStatement(p, at[i])
		}
		b.Queue(sql, args...)
	}
	br := conn.SendBatch(ctx, b)
	results := make([]AppendResult, len(parts))
	_, err = br.Exec()
	if early && err == nil {
		_, err = br.Exec()
	}
	for i := 0; i < len(parts) && err == nil; i++ {
		rows, qerr := br.Query()
		if qerr != nil {
			err = qerr
			break
		}
		results[i], err = scanAppend(rows)
	}
	err = errors.Join(err, br.Close())
	end := "COMMIT"
	if err != nil {
		end = "ROLLBACK"
	}
	if _, cerr := conn.Exec(ctx, end); cerr != nil && err == nil {
		err = cerr
	}
	return results, err
}

// moved tells whether a part's stream is no longer at the version the part expects (Any
// parts aside).
func (s *Postgres) moved(ctx context.Context, tenant uuid.UUID, parts []StreamAppend) (bool, error) {
	var streams []string
	for _, p := range parts {
		if p.Expected != Any {
			streams = append(streams, p.Stream)
		}
	}
	if len(streams) == 0 {
		return false, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT stream, max(version) FROM events WHERE tenant_id = $1 AND stream = ANY($2) GROUP BY stream`,
		pgUUID(tenant), streams)
	if err != nil {
		return false, err
	}
	heads := map[string]int64{}
	var stream string
	var version int64
	_, err = pgx.ForEachRow(rows, []any{&stream, &version}, func() error {
		heads[stream] = version
		return nil
	})
	for _, p := range parts {
		if head, ok := heads[p.Stream]; p.Expected != Any && err == nil && (ok && head != p.Expected || !ok && p.Expected != NoStream) {
			return true, nil
		}
	}
	return false, err
}

// appendOnce runs one append statement; ErrConcurrency when the expected version does not
// match (a taken version fails with the unique violation instead).
func appendOnce(ctx context.Context, q querier, meta Meta, stream string, expected int64, events []EventData) (AppendResult, error) {
	sql, args := appendStatement(ctx, meta, stream, expected, events)
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return AppendResult{}, err
	}
	return scanAppend(rows)
}

// appendStatement is the statement that appends events to stream after expected. The events
// carry ctx's trace context (W3C traceparent, NULL when untraced), so a projection applied in
// another process continues the trace; it is not part of the hash chain (a trace is not history).
func appendStatement(ctx context.Context, meta Meta, stream string, expected int64, events []EventData) (string, []any) {
	tenant, actor, corr, caus, cmd := pgUUID(meta.Tenant), meta.Actor, pgUUID(meta.CorrelationID), pgUUID(meta.CausationID), meta.CommandID
	var tp *string
	if t := telemetry.TraceParent(ctx); t != "" {
		tp = &t
	}
	if len(events) == 1 {
		e := events[0]
		sv := int32(max(e.SchemaVersion, 1))
		switch expected {
		case NoStream:
			return appendNewSQL, []any{tenant, stream, actor, corr, caus, cmd, pgUUID(e.ID), e.Type, sv, e.Data, tp}
		case Any:
			return appendAnySQL, []any{tenant, stream, actor, corr, caus, cmd, pgUUID(e.ID), e.Type, sv, e.Data, tp}
		default:
			return appendExactSQL, []any{tenant, stream, actor, corr, caus, cmd, pgUUID(e.ID), e.Type, sv, e.Data, tp, expected}
		}
	}
	ids, types, svs, datas := columns(events)
	return appendSQL, []any{tenant, stream, actor, corr, caus, cmd, expected, ids, types, svs, datas, tp}
}

// scanAppend reads where an append statement's events landed; no row means the expected
// version did not match.
func scanAppend(rows pgx.Rows) (AppendResult, error) {
	var res AppendResult
	count := 0
	for rows.Next() {
		if err := rows.Scan(&res.Last.Position, &res.NextVersion, &res.Last.TxID); err != nil {
			rows.Close()
			return AppendResult{}, err
		}
		count++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return AppendResult{}, err
	}
	if count == 0 {
		return AppendResult{}, ErrConcurrency
	}
	return res, nil
}

// duplicate tells whether every event id of the parts is already stored in its part's
// stream (a retried append).
func (s *Postgres) duplicate(ctx context.Context, tenant uuid.UUID, parts ...StreamAppend) (bool, error) {
	var ids []pgtype.UUID
	var streams []string
	for _, p := range parts {
		for _, e := range p.Events {
			ids, streams = append(ids, pgUUID(e.ID)), append(streams, p.Stream)
		}
	}
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM events e JOIN unnest($1::uuid[], $2::text[]) AS x(id, stream)
    ON e.id = x.id AND e.stream = x.stream WHERE e.tenant_id = $3`,
		ids, streams, pgUUID(tenant)).Scan(&n)
	return n == len(ids), err
}

func validateAppend(meta Meta, stream string, expected int64, events []EventData) error {
	switch {
	case meta.Tenant == uuid.Nil:
		return fmt.Errorf("%w: no tenant", ErrInvalid)
	case stream == "":
		return fmt.Errorf("%w: no stream", ErrInvalid)
	case len(events) == 0:
		return fmt.Errorf("%w: no events", ErrInvalid)
	case expected < Any:
		return fmt.Errorf("%w: expected version %d", ErrInvalid, expected)
	}
	for _, e := range events {
		if e.ID == uuid.Nil || e.Type == "" || len(e.Data) == 0 {
			return fmt.Errorf("%w: event needs id, type and data", ErrInvalid)
		}
	}
	return nil
}

const selectEvent = `SELECT position, transaction_id::text AS txid, id, tenant_id, stream, version, type, schema_version,
       actor, correlation_id, causation_id, command_id, recorded_at, data, traceparent FROM events `

// ReadStream implements Store.
func (s *Postgres) ReadStream(ctx context.Context, tenant uuid.UUID, stream string, from int64) ([]RecordedEvent, error) {
	rows, err := s.pool.Query(ctx, selectEvent+`WHERE tenant_id = $1 AND stream = $2 AND version >= $3 ORDER BY version`, tenant, stream, from)
	if err != nil {
		return nil, err
	}
	return scanEvents(rows)
}

// DayFilter narrows a stream to the events that concern one day (the audit's "as of" a day
// of punches reads a day, not an employee's whole history): those of AtTypes whose JSON
// field AtKey is an instant on Day in Zone, those of DayTypes whose JSON field DayKey is Day,
// and every event of the Always types.
type DayFilter struct {
	Day      string // YYYY-MM-DD
	Zone     string // an IANA zone name
	AtKey    string
	AtTypes  []string
	DayKey   string
	DayTypes []string
	Always   []string
}

// ReadStreamDay is ReadStream narrowed by f, in version order. The filter runs in the
// database: the events of other days are neither sent nor decoded.
func (s *Postgres) ReadStreamDay(ctx context.Context, tenant uuid.UUID, stream string, f DayFilter) ([]RecordedEvent, error) {
	day, err := time.Parse(time.DateOnly, f.Day)
	if err != nil {
		return nil, fmt.Errorf("eventstore: day %q: %w", f.Day, err)
	}
	// An instant's text (RFC 3339) starts with its date at its own offset, within a day of
	// the date in Zone: that test spares parsing the instants of every other day.
	before, after := day.AddDate(0, 0, -1).Format(time.DateOnly), day.AddDate(0, 0, 1).Format(time.DateOnly)
	rows, err := s.pool.Query(ctx, selectEvent+`WHERE tenant_id = $1 AND stream = $2 AND (
    (type = ANY($3) AND left(data->>$4, 10) BETWEEN $10 AND $11
        AND ((data->>$4)::timestamptz AT TIME ZONE $5)::date = $6::text::date)
    OR (type = ANY($7) AND data->>$8 = $6::text) OR type = ANY($9))
ORDER BY version`, tenant, stream, f.AtTypes, f.AtKey, f.Zone, f.Day, f.DayTypes, f.DayKey, f.Always, before, after)
	if err != nil {
		return nil, err
	}
	return scanEvents(rows)
}

// HorizonSQL is the transaction id below which the log is complete as the statement's
// snapshot sees it: the oldest transaction in flight, skipping those that said they append
// nothing (AppendNoneSQL); no event can later commit below it (migrations/00380). Evaluated
// once per statement (an initplan), on the statement's own snapshot.
const HorizonSQL = `(SELECT events_horizon(pg_current_snapshot()))`

// AppendNoneSQL, run first in a transaction (before it writes anything), says that the
// transaction appends no events: readers of the log then need not wait for it to end, and
// an append in it fails (SQLSTATE 25006). A transaction that appends nothing but says
// nothing still holds every reader back until it ends: say it in every frequent
// transaction with a transaction id (a projection's, for one).
const AppendNoneSQL = `SELECT events_append_none()`

// ReadAll implements Store. (The text form of transaction_id is aliased: ORDER BY would
// otherwise sort by the text output column.)
func (s *Postgres) ReadAll(ctx context.Context, after Cursor, limit int) ([]RecordedEvent, error) {
	rows, err := s.pool.Query(ctx, selectEvent+`
WHERE (transaction_id, position) > ($1::text::xid8, $2)
  AND transaction_id < `+HorizonSQL+`
ORDER BY transaction_id, position
LIMIT $3`, strconv.FormatUint(after.TxID, 10), after.Position, limit)
	if err != nil {
		return nil, err
	}
	return scanEvents(rows)
}

// Lookup implements Store.
func (s *Postgres) Lookup(ctx context.Context, position int64) (Cursor, error) {
	var txid string
	err := s.pool.QueryRow(ctx, `SELECT transaction_id::text FROM events WHERE position = $1`, position).Scan(&txid)
	if errors.Is(err, pgx.ErrNoRows) {
		return Cursor{}, ErrNotFound
	}
	if err != nil {
		return Cursor{}, err
	}
	tx, _ := strconv.ParseUint(txid, 10, 64)
	return Cursor{TxID: tx, Position: position}, nil
}

// Head returns the cursor of the newest readable event (Start for an empty log).
func (s *Postgres) Head(ctx context.Context) (Cursor, error) {
	var txid string
	var pos int64
	err := s.pool.QueryRow(ctx, `SELECT transaction_id::text AS txid, position FROM events
WHERE transaction_id < `+HorizonSQL+`
ORDER BY transaction_id DESC, position DESC LIMIT 1`).Scan(&txid, &pos)
	if errors.Is(err, pgx.ErrNoRows) {
		return Start, nil
	}
	if err != nil {
		return Cursor{}, err
	}
	tx, _ := strconv.ParseUint(txid, 10, 64)
	return Cursor{TxID: tx, Position: pos}, nil
}

func scanEvents(rows pgx.Rows) ([]RecordedEvent, error) {
	defer rows.Close()
	var out []RecordedEvent
	for rows.Next() {
		var e RecordedEvent
		var txid string
		var corr, caus *uuid.UUID
		var tp *string
		var data []byte
		// The ids scan as [16]byte: pgx copies the bytes, where a uuid.UUID (an sql.Scanner)
		// would go through text.
		if err := rows.Scan(&e.Cursor.Position, &txid, (*[16]byte)(&e.ID), (*[16]byte)(&e.Tenant), &e.Stream, &e.Version, &e.Type,
			&e.SchemaVersion, &e.Actor, &corr, &caus, &e.CommandID, &e.RecordedAt, &data, &tp); err != nil {
			return nil, err
		}
		e.Cursor.TxID, _ = strconv.ParseUint(txid, 10, 64)
		if corr != nil {
			e.CorrelationID = *corr
		}
		if caus != nil {
			e.CausationID = *caus
		}
		if tp != nil {
			e.TraceParent = *tp
		}
		e.Data = data
		out = append(out, e)
	}
	return out, rows.Err()
}

// pgUUID encodes an id for pgx directly (uuid.UUID goes through driver.Valuer and text);
// the nil id is NULL.
func pgUUID(id uuid.UUID) pgtype.UUID { return pgtype.UUID{Bytes: id, Valid: id != uuid.Nil} }

// Wake implements Store.
func (s *Postgres) Wake() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	s.mu.Lock()
	id := s.nextID
	s.nextID++
	s.waiters[id] = ch
	s.mu.Unlock()
	return ch, func() {
		s.mu.Lock()
		delete(s.waiters, id)
		s.mu.Unlock()
	}
}

// signal wakes local readers now and asks the notifier to tell other processes, if any
// listen.
func (s *Postgres) signal() {
	s.wakeLocal()
	if !s.peerListens() {
		return
	}
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

func (s *Postgres) wakeLocal() {
	s.mu.Lock()
	for _, ch := range s.waiters {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
	s.mu.Unlock()
}

// notifyEvery bounds how often the notifier tells other processes; this process's readers
// are woken at once by signal.
const notifyEvery = 2 * time.Millisecond

// Every listening store announces itself on the channel (payload announcePrefix + its id)
// when it starts listening, when it hears a store it did not know, and every announceEvery.
// A notifier that heard no other store for peerTimeout sends no NOTIFY: the wake-ups would
// reach only its own listener, whose readers signal wakes directly. (Each NOTIFY is a
// transaction that every listener receives: measured at 32 writers, 5-9 % more CPU per
// append.) A store that stops announcing counts as gone after peerTimeout. A store that
// starts listening notifies for announceEvery even unanswered; one that hears a new store
// answers at once and wakes its own readers, which covers what the new one appended before
// it listened.
const (
	announcePrefix = "listener "
	announceEvery  = time.Second
	peerTimeout    = 3 * announceEvery
)

// peerListens tells whether another store has announced itself recently.
func (s *Postgres) peerListens() bool {
	return time.Since(time.Unix(0, s.peerSeen.Load())) <= peerTimeout
}

// sawPeer records that another store listened at t (if that is news).
func (s *Postgres) sawPeer(t time.Time) {
	for {
		old := s.peerSeen.Load()
		if t.UnixNano() <= old || s.peerSeen.CompareAndSwap(old, t.UnixNano()) {
			return
		}
	}
}

// notifier sends one NOTIFY per burst of appends (at most one per notifyEvery), on its own
// connection, so that appends never wait for the notification queue's lock.
func (s *Postgres) notifier(ctx context.Context) {
	defer s.done.Done()
	var last time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.kick:
		}
		if wait := notifyEvery - time.Since(last); wait > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
		last = time.Now()
		if _, err := s.pool.Exec(ctx, "SELECT pg_notify($1, '')", notifyChannel); err != nil && ctx.Err() == nil {
			slog.Warn("eventstore: notify failed", "err", err)
		}
	}
}

// listener turns notifications from any process into local wake-ups; it reconnects on loss.
func (s *Postgres) listener(ctx context.Context) {
	defer s.done.Done()
	for ctx.Err() == nil {
		err := s.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		slog.Warn("eventstore: listener lost its connection; reconnecting", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(500 * time.Millisecond):
		}
	}
}

func (s *Postgres) listen(ctx context.Context) error {
	c, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	conn := c.Hijack()
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return err
	}
	s.wakeLocal() // anything appended while we were not listening
	s.listening.Store(true)
	defer s.listening.Store(false)
	s.requestAnnounce()
	// Until others have had time to answer the announcement, assume that they listen.
	s.sawPeer(time.Now().Add(announceEvery - peerTimeout))
	peers := map[string]time.Time{}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		peer, ok := strings.CutPrefix(n.Payload, announcePrefix)
		if !ok {
			s.wakeLocal()
			continue
		}
		if peer == s.id {
			continue
		}
		now := time.Now()
		if seen, known := peers[peer]; !known || now.Sub(seen) > peerTimeout {
			// A new store: tell it about this one now, not in a second. And read: it may
			// have appended without notifying before it heard of this store.
			s.requestAnnounce()
			s.wakeLocal()
		}
		peers[peer] = now
		s.sawPeer(now)
		for p, seen := range peers {
			if now.Sub(seen) > peerTimeout {
				delete(peers, p)
			}
		}
	}
}

func (s *Postgres) requestAnnounce() {
	select {
	case s.announce <- struct{}{}:
	default:
	}
}

// announcer tells other stores on the channel that this one listens.
func (s *Postgres) announcer(ctx context.Context) {
	defer s.done.Done()
	t := time.NewTicker(announceEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.announce:
		case <-t.C:
		}
		if !s.listening.Load() {
			continue // announce only what is true
		}
		if _, err := s.pool.Exec(ctx, "SELECT pg_notify($1, $2)", notifyChannel, announcePrefix+s.id); err != nil && ctx.Err() == nil {
			slog.Warn("eventstore: announce failed", "err", err)
		}
	}
}

// safetyTick wakes readers once a second. Readers are woken by notifications; this only
// bounds the wait when a transaction that appends no events (and did not say so) held the
// horizon back.
func (s *Postgres) safetyTick(ctx context.Context) {
	defer s.done.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.wakeLocal()
		}
	}
}

// AppendTx appends inside a caller's transaction (tests use it to hold a transaction open);
// the caller's commit makes the events visible. It does not wake readers.
func AppendTx(ctx context.Context, tx pgx.Tx, meta Meta, stream string, expected int64, events ...EventData) error {
	_, err := AppendInTx(ctx, tx, meta, stream, expected, events...)
	return err
}

// appendInTx is AppendInTx without its instruments (observed.go).
func appendInTx(ctx context.Context, tx pgx.Tx, meta Meta, stream string, expected int64, events ...EventData) (AppendResult, error) {
	if err := validateAppend(meta, stream, expected, events); err != nil {
		return AppendResult{}, err
	}
	return appendOnce(ctx, tx, meta, stream, expected, events)
}

func columns(events []EventData) ([]pgtype.UUID, []string, []int32, []json.RawMessage) {
	n := len(events)
	ids := make([]pgtype.UUID, n)
	types := make([]string, n)
	svs := make([]int32, n)
	datas := make([]json.RawMessage, n)
	for i, e := range events {
		ids[i], types[i], svs[i], datas[i] = pgUUID(e.ID), e.Type, int32(max(e.SchemaVersion, 1)), e.Data
	}
	return ids, types, svs, datas
}
