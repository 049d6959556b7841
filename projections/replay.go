package projections

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
	"portal/push"
)

// ReplayBatch is how many events Replay reads and applies per transaction.
const ReplayBatch = 5000

// Replay rebuilds projection p from the beginning of the log: it takes the projection's
// advisory lock (ErrLocked if a runner or another replay holds it: stop that first), empties
// the read model, its parked events and its checkpoint in one transaction, then applies the
// whole log in batches of ReplayBatch events, committing each batch with its checkpoint. A
// replay that stops half-way leaves a consistent, shorter read model from which a Runner
// simply continues.
//
// Reading the next batch, and preparing it (decoding, for a projection that is a Preparer),
// overlap applying the current one; the first batches are read while the read model is
// reset. A batch whose Apply fails is applied again in smaller parts (savepoints) and the
// events that fail alone are parked, as the Runner would park them. Push messages are muted
// (push.Mute): a rebuild must not re-send history. The indexes of a BulkLoader's bulk tables
// are built after their rows (bulk.go).
//
// progress, if not nil, gets a one-line progress bar (rewritten with \r) with events done,
// the total and events/s, and a final newline. It returns the number of events applied.
func Replay(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, p Projection, progress io.Writer) (n int, err error) {
	var bar *progressBar
	defer func() {
		if bar != nil {
			bar.done(n)
		}
	}()
	return replay(ctx, pool, store, p, p.Name(), uuid.Nil, func(done, total int64) {
		if bar == nil {
			bar = newProgressBar(progress, p.Name(), total)
		}
		bar.update(int(done), total)
	})
}

// replay is Replay under the advisory lock lockName, reporting the events applied and the
// total after the reset and after each batch. A tenant other than uuid.Nil applies only that
// tenant's events.
func replay(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, p Projection, lockName string, tenant uuid.UUID, report func(done, total int64)) (n int, err error) {
	name := p.Name()
	defer func() {
		if err != nil {
			err = fmt.Errorf("replay %s: %w", name, err)
		}
	}()
	lock, err := tryLock(ctx, pool, lockName)
	if err != nil {
		return 0, err
	}
	defer unlock(lock, lockName)
	ctx = push.Mute(ctx)
	if s, ok := p.(ReplayScoped); ok {
		ctx = s.ReplayScope(ctx)
	}

	// The events are counted for the progress reports while the replay goes on (below); a
	// report's total is 0 until the count is known, not the events applied so far, which
	// read as done (issue 29: "4,850 of 4,850 (100 %)", then "9,850 of 100,019").
	var total atomic.Int64
	progress := func(n int) {
		t := total.Load()
		if t > 0 {
			t = max(t, int64(n)) // events appended after until may be read too
		}
		report(int64(n), t)
	}
	deferred := false // the bulk tables' indexes wait for the rows (bulk.go)
	restore := func(ctx context.Context) error {
		if !deferred {
			return nil
		}
		deferred = false
		return restoreIndexes(ctx, pool, p)
	}
	defer func() {
		if rerr := restore(context.WithoutCancel(ctx)); err == nil {
			err = rerr
		}
	}()
	reset := func() error {
		err := pgx.BeginTxFunc(ctx, pool, projectionTx, func(tx pgx.Tx) error {
			if err := p.Reset(ctx, tx); err != nil {
				return fmt.Errorf("reset: %w", err)
			}
			if _, err := tx.Exec(ctx, `DELETE FROM parked_events WHERE projection = $1`, name); err != nil {
				return err
			}
			var err error
			if deferred, err = DeferIndexes(ctx, tx, p); err != nil {
				return fmt.Errorf("defer indexes: %w", err)
			}
			return writeCheckpoint(ctx, tx, name, eventstore.Start)
		})
		if err == nil {
			progress(0)
		}
		return err
	}
	if tenant != uuid.Nil {
		store = tenantLog{store, tenant}
	}
	// The log is readable only below the oldest running transaction of the whole server
	// (eventstore, "Skipped events"), so a long transaction elsewhere can make it look done
	// early: the replay goes on until it has read the last transaction (of its tenant) committed
	// when it began. The whole log's last transaction is read off events_log_idx; a tenant's
	// needs a scan.
	lastTx := `SELECT coalesce(max(transaction_id)::text, '0')::numeric FROM events`
	args := []any{}
	if tenant != uuid.Nil {
		lastTx, args = lastTx+` WHERE tenant_id = $1`, []any{tenant}
	}
	var until uint64
	if err := pool.QueryRow(ctx, lastTx, args...).Scan(&until); err != nil {
		return 0, err
	}
	// The read model is reset while the first batches are read, and the events up to until
	// are counted meanwhile: the replay reads at least those, so its last report says done =
	// total, whatever was appended since (an auditor's reads are events too). The last report
	// waits for the count; should the count fail, the total is then the events applied.
	counting, stopCounting := context.WithCancel(ctx)
	defer stopCounting()
	counted := make(chan struct{})
	go func() {
		defer close(counted)
		var n int64
		if pool.QueryRow(counting, `SELECT count(*) FROM events WHERE ($1::uuid IS NULL OR tenant_id = $1) AND transaction_id <= $2::text::xid8`,
			nullUUID(tenant), strconv.FormatUint(until, 10)).Scan(&n) == nil {
			total.Store(n)
		}
	}()
	bulk := func(b batch) error {
		if isBulk(b) {
			return nil
		}
		return restore(ctx)
	}
	if n, err = pipeline(ctx, pool, store, p, eventstore.Start, false, until, reset, bulk, progress); err != nil {
		return n, err
	}
	if b, ok := p.(FinisherBesideIndexes); ok && b.FinishBesideIndexes() {
		// The indexes are built on a connection of their own while Finish runs.
		built := make(chan error, 1)
		go func() { built <- restore(ctx) }()
		ferr := finish(ctx, pool, p)
		if err := <-built; err != nil {
			return n, err
		}
		if ferr != nil {
			return n, ferr
		}
	} else {
		if err := restore(ctx); err != nil {
			return n, err
		}
		if err := finish(ctx, pool, p); err != nil {
			return n, err
		}
	}
	select {
	case <-counted:
	case <-ctx.Done():
		return n, ctx.Err()
	}
	total.CompareAndSwap(0, int64(n))
	progress(n)
	return n, nil
}

// Finisher is a projection whose replay leaves work for after its last batch: the timesheet
// computes each day's row once, not again after every batch that touches the day. Finish does
// that work, and nothing when none is left. A replay calls it when it has applied the whole
// log; should the replay die first, the projection's next runner calls it when it takes the
// lock (as it builds the indexes a replay left deferred).
type Finisher interface {
	Finish(ctx context.Context, tx pgx.Tx) error
}

// ReplayScoped is a projection that keeps state for the length of one replay: the timesheet
// keeps the marks it copies, so that its Finish computes the rows without reading them back.
// ReplayScope returns ctx carrying that state; the replay's batches (Prepare, Write) and its
// Finish get the ctx returned. A Finish called without it (a runner finishing a replay that
// died) must do the same work from the database.
type ReplayScoped interface {
	ReplayScope(ctx context.Context) context.Context
}

// FinisherBesideIndexes is a Finisher whose Finish does not need the indexes of its bulk
// tables (the timesheet's computes from the marks its replay kept): its replay builds them
// while Finish runs, instead of before. A Finish that reads a bulk table all the same waits
// for the build's lock, and is as correct as before.
type FinisherBesideIndexes interface {
	FinishBesideIndexes() bool
}

// finish runs p's Finish, if it is a Finisher, in a transaction of its own.
func finish(ctx context.Context, pool *pgxpool.Pool, p Projection) error {
	f, ok := p.(Finisher)
	if !ok {
		return nil
	}
	err := pgx.BeginTxFunc(ctx, pool, projectionTx, func(tx pgx.Tx) error { return f.Finish(ctx, tx) })
	if err != nil {
		return fmt.Errorf("finish %s: %w", p.Name(), err)
	}
	return nil
}

// Preparer is implemented by projections whose Apply begins with work that needs no
// database, such as decoding the events: applyLog prepares the next batch while the current
// one is written. prepare(ctx, events) followed by apply of the result in tx must do exactly
// what Apply(ctx, tx, events) does (an error means Apply fails the same way). ctx is the one
// the batch will be applied with.
type Preparer interface {
	Prepare(ctx context.Context, events []eventstore.RecordedEvent) (PreparedBatch, error)
}

// ApplyPrepared is the Apply of a Preparer: prepare, then apply.
func ApplyPrepared(ctx context.Context, tx pgx.Tx, pp Preparer, events []eventstore.RecordedEvent) error {
	b, err := pp.Prepare(ctx, events)
	if err != nil {
		return err
	}
	return b.Write(ctx, tx)
}

// PreparedBatch is a batch a Preparer prepared; apply writes it like Projection.Apply.
type PreparedBatch interface {
	Write(ctx context.Context, tx pgx.Tx) error
}

// batch is a run of events read from the log, with what the projection prepared of it (nil
// when it is not a Preparer or could not prepare it: then Apply takes the events).
type batch struct {
	events   []eventstore.RecordedEvent
	prepared PreparedBatch
}

// applyLog applies the log after from to p in batches of ReplayBatch, each batch in one
// transaction with the checkpoint, until nothing more is readable (or, with stopShort,
// until a batch comes back short). It is a pipeline: one goroutine reads the next batches,
// another prepares them (Preparer), while this one applies the current batch. onBatch gets
// the running total.
func applyLog(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, p Projection, from eventstore.Cursor, stopShort bool, onBatch func(n int)) (n int, err error) {
	return pipeline(ctx, pool, store, p, from, stopShort, 0, nil, nil, onBatch)
}

// pipeline is applyLog; before, if not nil, runs once reading has started, before the
// first batch is applied, and beforeBatch, if not nil, before each batch is applied (an
// error of either stops everything). Reading goes on, waiting for the log to become
// readable, until the transaction id until has been read.
func pipeline(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, p Projection, from eventstore.Cursor, stopShort bool, until uint64, before func() error, beforeBatch func(batch) error, onBatch func(n int)) (n int, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	read := make(chan []eventstore.RecordedEvent, 1)
	ready := make(chan batch, 1)
	readErr := make(chan error, 1)
	go func() {
		defer close(read)
		cursor := from
		for {
			events, err := store.ReadAll(ctx, cursor, ReplayBatch)
			if err != nil {
				readErr <- err
				return
			}
			if len(events) == 0 {
				if cursor.TxID >= until {
					return
				}
				select { // an older transaction still runs somewhere: the rest is not readable yet
				case <-time.After(20 * time.Millisecond):
					continue
				case <-ctx.Done():
					readErr <- ctx.Err()
					return
				}
			}
			select {
			case read <- events:
			case <-ctx.Done():
				readErr <- ctx.Err()
				return
			}
			if stopShort && len(events) < ReplayBatch {
				return
			}
			cursor = events[len(events)-1].Cursor
		}
	}()
	go func() {
		defer close(ready)
		pp, _ := p.(Preparer)
		for events := range read {
			b := batch{events: events}
			if pp != nil {
				b.prepared = safePrepare(ctx, pp, events)
			}
			select {
			case ready <- b:
			case <-ctx.Done():
				return
			}
		}
	}()

	if before != nil {
		if err := before(); err != nil {
			return 0, err
		}
	}
	cursor := from
	for b := range ready {
		if beforeBatch != nil {
			if err := beforeBatch(b); err != nil {
				return n, err
			}
		}
		if err := applyBatch(ctx, pool, p, cursor, b); err != nil {
			return n, err
		}
		cursor = b.events[len(b.events)-1].Cursor
		n += len(b.events)
		if onBatch != nil {
			onBatch(n)
		}
	}
	select {
	case err := <-readErr:
		return n, err
	default:
		return n, nil
	}
}

// safePrepare prepares events, or returns nil if the projection fails or panics: applying
// the events then fails the same way, and applyBatch deals with it.
func safePrepare(ctx context.Context, pp Preparer, events []eventstore.RecordedEvent) (b PreparedBatch) {
	defer func() {
		if recover() != nil {
			b = nil
		}
	}()
	b, err := pp.Prepare(ctx, events)
	if err != nil {
		return nil
	}
	return b
}

// errCheckpointMoved says another process moved the checkpoint under a batch: the batch
// is not applied (the caller starts again from the new checkpoint).
var errCheckpointMoved = errors.New("projections: checkpoint moved by another process")

// applyBatch applies events and moves the checkpoint in one transaction. If the projection
// refuses the batch, it applies it again in halves (each in a savepoint), recursively, so
// the good events are applied in order and only the refused ones are parked, with a few
// dozen extra statements per refused event rather than one round trip per event.
func applyBatch(ctx context.Context, pool *pgxpool.Pool, p Projection, from eventstore.Cursor, b batch) error {
	events := b.events
	last := events[len(events)-1].Cursor
	err := pgx.BeginTxFunc(ctx, pool, projectionTx, func(tx pgx.Tx) error {
		if err := checkpointAt(ctx, tx, p.Name(), from); err != nil {
			return err
		}
		if b.prepared != nil {
			if err := safeApplyPrepared(ctx, tx, b.prepared); err != nil {
				return err
			}
		} else if err := safeApply(ctx, tx, p, events); err != nil {
			return err
		}
		return writeCheckpoint(ctx, tx, p.Name(), last)
	})
	if err == nil || !permanent(err) {
		return err
	}
	return pgx.BeginTxFunc(ctx, pool, projectionTx, func(tx pgx.Tx) error {
		if err := checkpointAt(ctx, tx, p.Name(), from); err != nil {
			return err
		}
		if err := applySplit(ctx, tx, p, events); err != nil {
			return err
		}
		return writeCheckpoint(ctx, tx, p.Name(), last)
	})
}

// safeApplyPrepared is safeApply for a prepared batch.
func safeApplyPrepared(ctx context.Context, tx pgx.Tx, b PreparedBatch) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &applyError{err: fmt.Errorf("panic: %v", v)}
		}
	}()
	if err := b.Write(ctx, tx); err != nil {
		return &applyError{err: err}
	}
	return nil
}

// checkpointAt locks the checkpoint and makes sure it is still where the batch starts; a
// runner that lost its lock a moment ago may still have moved it.
func checkpointAt(ctx context.Context, tx pgx.Tx, name string, from eventstore.Cursor) error {
	cp, err := lockCheckpoint(ctx, tx, name)
	if err != nil {
		return err
	}
	if cp != from {
		return errCheckpointMoved
	}
	return nil
}

// applySplit applies events in a savepoint; if the projection refuses them it splits them
// in two and tries each half, down to single events, which it parks.
func applySplit(ctx context.Context, tx pgx.Tx, p Projection, events []eventstore.RecordedEvent) error {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	err = safeApply(ctx, sp, p, events)
	if err == nil {
		return sp.Commit(ctx)
	}
	if rerr := sp.Rollback(ctx); rerr != nil {
		return rerr
	}
	if !permanent(err) {
		return err
	}
	if len(events) == 1 {
		e := events[0]
		return insertParked(ctx, tx, p.Name(), e.Cursor.Position, e.ID, e.Type, err)
	}
	half := len(events) / 2
	if err := applySplit(ctx, tx, p, events[:half]); err != nil {
		return err
	}
	return applySplit(ctx, tx, p, events[half:])
}

// progressBar draws "replay NAME [#####.....] done/total events  N ev/s" on one line.
type progressBar struct {
	w     io.Writer
	name  string
	total int64
	start time.Time
	last  time.Time
}

func newProgressBar(w io.Writer, name string, total int64) *progressBar {
	b := &progressBar{w: w, name: name, total: total, start: time.Now()}
	b.draw(0)
	return b
}

// update redraws at most ten times a second.
func (b *progressBar) update(n int, total int64) {
	b.total = total
	if time.Since(b.last) >= 100*time.Millisecond {
		b.draw(n)
	}
}

func (b *progressBar) done(n int) {
	if b.w == nil {
		return
	}
	b.draw(n)
	fmt.Fprintln(b.w)
}

func (b *progressBar) draw(n int) {
	if b.w == nil {
		return
	}
	b.last = time.Now()
	rate := 0.0
	if el := time.Since(b.start).Seconds(); el > 0 {
		rate = float64(n) / el
	}
	if b.total == 0 { // not counted yet: no bar that would read as done
		fmt.Fprintf(b.w, "\rreplay %s [counting...] %d events  %.0f ev/s", b.name, n, rate)
		return
	}
	total := max(b.total, int64(n))
	const width = 30
	filled := int(int64(n) * width / total)
	fmt.Fprintf(b.w, "\rreplay %s [%s%s] %d/%d events  %.0f ev/s", b.name,
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), n, total, rate)
}

// nullUUID is nil for uuid.Nil (SQL NULL), else id.
func nullUUID(id uuid.UUID) any {
	if id == uuid.Nil {
		return nil
	}
	return id
}

// tenantLog is a store whose global log holds only one tenant's events.
type tenantLog struct {
	eventstore.Store
	tenant uuid.UUID
}

// ReadAll skips other tenants' events; it answers nothing only at the end of the log.
func (l tenantLog) ReadAll(ctx context.Context, after eventstore.Cursor, limit int) ([]eventstore.RecordedEvent, error) {
	for {
		events, err := l.Store.ReadAll(ctx, after, limit)
		if err != nil || len(events) == 0 {
			return events, err
		}
		mine := events[:0:0]
		for _, e := range events {
			if e.Tenant == l.tenant {
				mine = append(mine, e)
			}
		}
		if len(mine) > 0 {
			return mine, nil
		}
		after = events[len(events)-1].Cursor
	}
}
