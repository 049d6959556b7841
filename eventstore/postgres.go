package eventstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// notifyChannel is the LISTEN/NOTIFY channel that tells readers new events may be readable.
const notifyChannel = "events"

// Postgres is the Store on PostgreSQL (migrations/00001_eventstore.sql).
//
// An append is one statement in its own short transaction. Readers of the global log take
// only rows whose transaction id is below the snapshot's xmin, ordered by (transaction id,
// position), so no reader can pass an event whose transaction commits late.
//
// Appends do not NOTIFY inside their own transaction: NOTIFY takes a database-wide lock at
// commit, which would serialise every append. Instead one goroutine per process sends a
// coalesced NOTIFY after appends commit, and wakes this process's readers directly.
type Postgres struct {
	pool *pgxpool.Pool

	mu      sync.Mutex
	waiters map[int]chan struct{}
	nextID  int

	kick   chan struct{}
	cancel context.CancelFunc
	done   sync.WaitGroup
}

var _ Store = (*Postgres)(nil)

// NewPostgres starts the store's notifier and listener on pool.
func NewPostgres(pool *pgxpool.Pool) *Postgres {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Postgres{pool: pool, waiters: map[int]chan struct{}{}, kick: make(chan struct{}, 1), cancel: cancel}
	s.done.Add(3)
	go s.notifier(ctx)
	go s.listener(ctx)
	go s.safetyTick(ctx)
	return s
}

// Close stops the background goroutines; the pool stays open.
func (s *Postgres) Close() {
	s.cancel()
	s.done.Wait()
}

const appendSQL = `
WITH cur AS (
    SELECT coalesce(max(version), -1) AS v FROM events WHERE tenant_id = $1 AND stream = $2
), ins AS (
    INSERT INTO events (id, tenant_id, stream, version, type, schema_version, actor,
                        correlation_id, causation_id, command_id, data)
    SELECT e.id, $1, $2, cur.v + e.ord, e.type, e.sv, $4, $5, $6, $7, e.data
    FROM cur, unnest($8::uuid[], $9::text[], $10::int[], $11::jsonb[]) WITH ORDINALITY AS e(id, type, sv, data, ord)
    WHERE $3::bigint = -2 OR cur.v = $3::bigint
    ORDER BY e.ord
    RETURNING position, version, transaction_id
)
SELECT position, version, transaction_id::text FROM ins ORDER BY position`

// Append implements Store.
func (s *Postgres) Append(ctx context.Context, meta Meta, stream string, expected int64, events ...EventData) (AppendResult, error) {
	if err := validateAppend(meta, stream, expected, events); err != nil {
		return AppendResult{}, err
	}
	ids, types, svs, datas := columns(events)
	for attempt := 0; ; attempt++ {
		res, err := s.appendOnce(ctx, meta, stream, expected, ids, types, svs, datas)
		if err == nil {
			s.signal()
			return res, nil
		}
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			if dup, derr := s.duplicate(ctx, meta.Tenant, stream, ids); derr == nil && dup {
				return AppendResult{Duplicate: true, NextVersion: -1}, nil
			}
			if expected == Any && attempt < 20 {
				continue // another writer took the version; Any means "wherever the end is"
			}
			return AppendResult{}, ErrConcurrency
		}
		if errors.Is(err, ErrConcurrency) {
			if dup, derr := s.duplicate(ctx, meta.Tenant, stream, ids); derr == nil && dup {
				return AppendResult{Duplicate: true, NextVersion: -1}, nil
			}
		}
		return AppendResult{}, err
	}
}

func (s *Postgres) appendOnce(ctx context.Context, meta Meta, stream string, expected int64, ids []uuid.UUID, types []string, svs []int32, datas []string) (AppendResult, error) {
	rows, err := s.pool.Query(ctx, appendSQL, meta.Tenant, stream, expected, meta.Actor,
		nullUUID(meta.CorrelationID), nullUUID(meta.CausationID), meta.CommandID, ids, types, svs, datas)
	if err != nil {
		return AppendResult{}, err
	}
	var res AppendResult
	count := 0
	for rows.Next() {
		var pos, version int64
		var txid string
		if err := rows.Scan(&pos, &version, &txid); err != nil {
			rows.Close()
			return AppendResult{}, err
		}
		tx, _ := strconv.ParseUint(txid, 10, 64)
		res.Last = Cursor{TxID: tx, Position: pos}
		res.NextVersion = version
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

// duplicate tells whether every id is already stored in this stream (a retried append).
func (s *Postgres) duplicate(ctx context.Context, tenant uuid.UUID, stream string, ids []uuid.UUID) (bool, error) {
	var n int
	err := s.pool.QueryRow(ctx,
		`SELECT count(*) FROM events WHERE id = ANY($1) AND tenant_id = $2 AND stream = $3`,
		ids, tenant, stream).Scan(&n)
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
       actor, correlation_id, causation_id, command_id, recorded_at, data FROM events `

// ReadStream implements Store.
func (s *Postgres) ReadStream(ctx context.Context, tenant uuid.UUID, stream string, from int64) ([]RecordedEvent, error) {
	rows, err := s.pool.Query(ctx, selectEvent+`WHERE tenant_id = $1 AND stream = $2 AND version >= $3 ORDER BY version`, tenant, stream, from)
	if err != nil {
		return nil, err
	}
	return scanEvents(rows)
}

// ReadAll implements Store. (The text form of transaction_id is aliased: ORDER BY would
// otherwise sort by the text output column.)
func (s *Postgres) ReadAll(ctx context.Context, after Cursor, limit int) ([]RecordedEvent, error) {
	rows, err := s.pool.Query(ctx, selectEvent+`
WHERE (transaction_id, position) > ($1::text::xid8, $2)
  AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
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
WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
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
		var data []byte
		if err := rows.Scan(&e.Cursor.Position, &txid, &e.ID, &e.Tenant, &e.Stream, &e.Version, &e.Type,
			&e.SchemaVersion, &e.Actor, &corr, &caus, &e.CommandID, &e.RecordedAt, &data); err != nil {
			return nil, err
		}
		e.Cursor.TxID, _ = strconv.ParseUint(txid, 10, 64)
		if corr != nil {
			e.CorrelationID = *corr
		}
		if caus != nil {
			e.CausationID = *caus
		}
		e.Data = data
		out = append(out, e)
	}
	return out, rows.Err()
}

func nullUUID(id uuid.UUID) *uuid.UUID {
	if id == uuid.Nil {
		return nil
	}
	return &id
}

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

// signal wakes local readers now and asks the notifier to tell other processes.
func (s *Postgres) signal() {
	s.wakeLocal()
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
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
		s.wakeLocal()
	}
}

// safetyTick wakes readers once a second. Readers are woken by notifications; this only
// bounds the wait when a transaction that appends no events held the xmin horizon back.
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
	if err := validateAppend(meta, stream, expected, events); err != nil {
		return err
	}
	ids, types, svs, datas := columns(events)
	rows, err := tx.Query(ctx, appendSQL, meta.Tenant, stream, expected, meta.Actor,
		nullUUID(meta.CorrelationID), nullUUID(meta.CausationID), meta.CommandID, ids, types, svs, datas)
	if err != nil {
		return err
	}
	n := 0
	for rows.Next() {
		n++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if n == 0 {
		return ErrConcurrency
	}
	return nil
}

func columns(events []EventData) ([]uuid.UUID, []string, []int32, []string) {
	n := len(events)
	ids := make([]uuid.UUID, n)
	types := make([]string, n)
	svs := make([]int32, n)
	datas := make([]string, n)
	for i, e := range events {
		ids[i], types[i], svs[i], datas[i] = e.ID, e.Type, int32(max(e.SchemaVersion, 1)), string(e.Data)
	}
	return ids, types, svs, datas
}
