package projections

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
	"portal/platform/telemetry"
)

// RunnerConfig tunes a Runner; the zero value is the production setting.
type RunnerConfig struct {
	// Retries is how often a failing event is retried before it is parked (default 5).
	Retries int
	// RetryInterval is the first pause between retries; it doubles up to 1 s (default 20 ms).
	RetryInterval time.Duration
	// LockRetry is how often the holder checks its lock connection; a standby process tries
	// to take the lock four times as often, on a connection it keeps (default 1 s).
	LockRetry time.Duration
	// CatchUp is the lag (in events) from which a runner that takes a projection over first
	// catches up in batches of ReplayBatch — one transaction per batch, set-based Apply, as
	// Replay does — before it follows the log event by event (default 1,000; negative: never).
	// A new projection or a long outage then costs seconds, not one transaction per event.
	CatchUp int
	// Logger receives parked events, lock changes and failures (default slog.Default()).
	// The watermill router logs through it at warn level and above only.
	Logger *slog.Logger
}

// Runner keeps every projection up to date with the log: one watermill Router with one
// handler per projection, each fed by its own Subscriber from the projection's checkpoint.
//
// Per event the handler opens one transaction, skips the event if the checkpoint already
// covers it (a redelivery), applies it and moves the checkpoint, and commits: the read
// model and the checkpoint change together or not at all. A failing event is retried with
// exponential backoff and then parked (parked_events, with the error as reason) in one
// transaction that also moves the checkpoint past it: nothing is lost, nothing is skipped
// silently. A runner that takes over a projection lagging by RunnerConfig.CatchUp events
// or more first catches up in batches (as Replay does, without the reset).
//
// Across processes one runner per projection is active: it holds a session-level
// pg_try_advisory_lock(hashtext('projection:'||name)) on a dedicated connection; the others
// try again every second and take over when the holder dies.
type Runner struct {
	pool        *pgxpool.Pool
	store       eventstore.Store
	cfg         RunnerConfig
	projections []Projection

	running atomic.Bool
	ready   atomic.Bool
	mu      sync.Mutex
	active  map[string]bool
	runCtx  context.Context
	skips   map[string]*skipped // per Selective projection, built by Run
	tail    *Tail               // built by Run; poked when a projection transaction ends
	appends sync.Map            // names of projections found appending in their transaction
}

// skipped is the cursor of the last batch a Selective projection did not read, until it is
// written.
type skipped struct {
	mu     sync.Mutex
	cursor eventstore.Cursor
	timer  *time.Timer
}

// batchTimeout bounds one projection transaction, which a stopping runner lets finish.
const batchTimeout = 10 * time.Second

// skipFlush is how long a Selective projection's checkpoint may stay behind batches it did
// not read.
const skipFlush = 100 * time.Millisecond

// NewRunner checks its arguments and returns a Runner for projections ps.
func NewRunner(pool *pgxpool.Pool, store eventstore.Store, cfg RunnerConfig, ps ...Projection) (*Runner, error) {
	if pool == nil || store == nil {
		return nil, errors.New("projections.NewRunner: nil pool or store")
	}
	seen := map[string]bool{}
	for _, p := range ps {
		if p == nil || p.Name() == "" {
			return nil, errors.New("projections.NewRunner: projection without a name")
		}
		if seen[p.Name()] {
			return nil, fmt.Errorf("projections.NewRunner: two projections named %q", p.Name())
		}
		seen[p.Name()] = true
	}
	if cfg.Retries <= 0 {
		cfg.Retries = 5
	}
	if cfg.RetryInterval <= 0 {
		cfg.RetryInterval = 20 * time.Millisecond
	}
	if cfg.LockRetry <= 0 {
		cfg.LockRetry = time.Second
	}
	if cfg.CatchUp == 0 {
		cfg.CatchUp = 1000
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Runner{pool: pool, store: store, cfg: cfg, projections: ps, active: map[string]bool{}}, nil
}

// Run runs every projection until ctx ends. It returns nil after ctx ends, or the error
// that kept it from starting. Call it once.
func (r *Runner) Run(ctx context.Context) error {
	if !r.running.CompareAndSwap(false, true) {
		return errors.New("projections.Runner: Run called twice")
	}
	head, err := logHead(ctx, r.pool)
	if err != nil {
		return fmt.Errorf("projections.Runner: read the head of the log: %w", err)
	}
	tail := NewTail(r.store, r.pool, head, r.cfg.Logger)
	r.tail = tail
	go tail.Run(ctx)
	r.runCtx, r.skips = ctx, map[string]*skipped{}
	for _, p := range r.projections {
		r.skips[p.Name()] = &skipped{}
	}
	logger := slog.New(minLevel{Handler: r.cfg.Logger.Handler(), min: slog.LevelWarn})
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 10 * time.Second}, watermill.NewSlogLogger(logger))
	if err != nil {
		return err
	}
	for _, p := range r.projections {
		name := p.Name()
		cfg := SubscriberConfig{
			Store:  r.store,
			Pool:   r.pool,
			From:   func(ctx context.Context) (eventstore.Cursor, error) { return ReadCheckpoint(ctx, r.pool, name) },
			Lock:   r.lockThenCatchUp(p),
			Logger: r.cfg.Logger,
			// Under load one transaction applies what has piled up; alone, an event
			// goes through by itself at once.
			MaxBatch: 500,
			Tail:     tail,
		}
		if s, ok := p.(Selective); ok {
			cfg.Reads = readsAreas(s.Areas())
			cfg.Skipped = func(c eventstore.Cursor) { r.skip(name, c) }
		}
		sub, err := NewSubscriber(cfg)
		if err != nil {
			return err
		}
		h := router.AddConsumerHandler("projection:"+name, TopicAll, sub, r.handle(p))
		h.AddMiddleware(
			r.parkOnFailure(p),
			middleware.Retry{
				MaxRetries:          r.cfg.Retries,
				InitialInterval:     r.cfg.RetryInterval,
				MaxInterval:         time.Second,
				Multiplier:          2,
				RandomizationFactor: 0.1,
				ResetContextOnRetry: true,
			}.Middleware,
		)
	}
	go r.watchReady(ctx, head)
	go func() {
		<-ctx.Done()
		router.Close()
	}()
	err = router.Run(ctx)
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// lockThenCatchUp takes the projection's advisory lock for its subscriber and, once held,
// builds the indexes a replay that died left deferred (bulk.go) and finishes its pending work
// (Finisher), then catches up in batches
// when the projection is far behind.
func (r *Runner) lockThenCatchUp(p Projection) func(context.Context) (context.Context, func(), error) {
	name := p.Name()
	lock := advisoryLock(r.pool, name, r.cfg.LockRetry, r.cfg.Logger, func(held bool) { r.setActive(name, held) })
	return func(ctx context.Context) (context.Context, func(), error) {
		held, release, err := lock(ctx)
		for err == nil {
			if err = restoreIndexes(held, r.pool, p); err == nil {
				if err = finish(held, r.pool, p); err == nil {
					break
				}
			}
			release()
			r.cfg.Logger.Warn("projections: could not finish what a replay left (deferred indexes, pending work); trying again", "projection", name, "err", err)
			if err = sleep(ctx, r.cfg.LockRetry); err == nil {
				held, release, err = lock(ctx)
			}
		}
		if err != nil {
			return nil, nil, err
		}
		if r.cfg.CatchUp > 0 {
			r.catchUp(held, p)
		}
		return held, release, nil
	}
}

// catchUp applies the log in batches while the projection lags by CatchUp events or more.
// A failure is only logged: the event-by-event path then retries and parks as usual.
func (r *Runner) catchUp(ctx context.Context, p Projection) {
	name := p.Name()
	for ctx.Err() == nil {
		cp, err := ReadCheckpoint(ctx, r.pool, name)
		if err != nil {
			return
		}
		var lag int
		if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM (SELECT FROM events
WHERE (transaction_id, position) > ($1::text::xid8, $2) ORDER BY transaction_id, position LIMIT $3) behind`, xid(cp.TxID), cp.Position, r.cfg.CatchUp).Scan(&lag); err != nil {
			return
		}
		if lag < r.cfg.CatchUp {
			return
		}
		t0 := time.Now()
		n, err := applyLog(ctx, r.pool, r.store, p, cp, true, nil)
		switch {
		case errors.Is(err, errCheckpointMoved):
			continue
		case err != nil:
			if ctx.Err() == nil {
				r.cfg.Logger.Warn("projections: batch catch-up failed; going on event by event", "projection", name, "err", err)
			}
			return
		}
		telemetry.ProjectionApplied.WithLabelValues(name).Add(float64(n))
		r.cfg.Logger.Info("projections: caught up in batches", "projection", name, "events", n,
			"took", time.Since(t0).Round(time.Millisecond))
		if n == 0 {
			return
		}
	}
}

// Ready tells whether every projection has caught up with the head of the log as it was
// when Run started (whichever process applied the events).
func (r *Runner) Ready() bool { return r.ready.Load() }

// Names lists the projections in the order given to NewRunner.
func (r *Runner) Names() []string {
	out := make([]string, len(r.projections))
	for i, p := range r.projections {
		out[i] = p.Name()
	}
	return out
}

func (r *Runner) setActive(name string, held bool) {
	r.mu.Lock()
	r.active[name] = held
	r.mu.Unlock()
}

// projectionTx is the transaction of one event. It commits without waiting for the WAL
// flush (synchronous_commit = off; sent with BEGIN, no extra round trip): a read model is
// derived data, and its checkpoint is in the same transaction, so if the database crashes
// and loses the last few commits, the read model and the checkpoint go back together and
// the runner applies those events again. The log itself is written durably. This takes
// the fsync out of the per-event cost.
var projectionTx = pgx.TxOptions{BeginQuery: "BEGIN ISOLATION LEVEL READ COMMITTED; SET LOCAL synchronous_commit = off"}

// appendNoneTx is projectionTx that also says, before it writes, that it appends no events
// (eventstore.AppendNoneSQL, same round trip): readers of the log then do not wait for it.
// Under load a dozen projection transactions are open at any time, and each one that began
// before an append held that append back from every reader until it ended.
var appendNoneTx = pgx.TxOptions{BeginQuery: projectionTx.BeginQuery + "; " + eventstore.AppendNoneSQL}

// txFor is the transaction options of p's events: appendNoneTx unless p appends events in
// its transaction (an Appender, or one found doing so).
func (r *Runner) txFor(p Projection) pgx.TxOptions {
	if a, ok := p.(Appender); ok && a.AppendsInTx() {
		return projectionTx
	}
	if _, found := r.appends.Load(p.Name()); found {
		return projectionTx
	}
	return appendNoneTx
}

// refusedAppend tells whether err is an append refused because its transaction said it
// appends none (SQLSTATE 25006 from migrations/00380's trigger).
func refusedAppend(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "25006" && strings.Contains(pgErr.Message, "events_append_none")
}

// handle applies the events of one message in one transaction with the checkpoint.
func (r *Runner) handle(p Projection) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		events, err := DecodeEvents(msg)
		if err != nil {
			return &applyError{err: err}
		}
		// A batch that has begun is finished even when the runner is told to stop (SIGTERM,
		// or a lost lock): the router waits for it, and the checkpoint's row lock keeps a
		// takeover from applying the same events meanwhile (lockCheckpoint).
		ctx, cancel := context.WithTimeout(context.WithoutCancel(msg.Context()), batchTimeout)
		defer cancel()
		return r.apply(ctx, p, events)
	}
}

// skip notes that a Selective projection's checkpoint may move to c, and has it written
// within skipFlush.
func (r *Runner) skip(name string, c eventstore.Cursor) {
	s := r.skips[name]
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cursor = c
	if s.timer == nil {
		s.timer = time.AfterFunc(skipFlush, func() { r.flushSkipped(name, s) })
	}
}

// flushSkipped moves the checkpoint to the last skipped batch unless it is already past it.
func (r *Runner) flushSkipped(name string, s *skipped) {
	s.mu.Lock()
	c := s.cursor
	s.timer = nil
	s.mu.Unlock()
	ctx := r.runCtx
	defer r.pokeTail()
	err := pgx.BeginTxFunc(ctx, r.pool, appendNoneTx, func(tx pgx.Tx) error {
		_, err := advanceCheckpoint(ctx, tx, name, c)
		return err
	})
	if err != nil && ctx.Err() == nil {
		// Harmless: the skipped events are read again after a restart, and skipped again.
		r.cfg.Logger.Warn("projections: checkpoint past skipped events not written", "projection", name, "err", err)
	}
}

// apply applies the events the checkpoint has not passed yet, and moves the checkpoint to
// the last one, in one transaction; observed (observe.go) as one span and one batch.
func (r *Runner) apply(ctx context.Context, p Projection, events []eventstore.RecordedEvent) error {
	ctx, done := observeBatch(ctx, p.Name(), events)
	err := r.applyBatch(ctx, p, events)
	done(err)
	return err
}

func (r *Runner) applyBatch(ctx context.Context, p Projection, events []eventstore.RecordedEvent) error {
	err := r.applyBatchTx(ctx, p, events, r.txFor(p))
	if refusedAppend(err) {
		// Apply appended events though p is no Appender: from now on its transactions do
		// not say they append none, and this batch goes again at once.
		r.appends.Store(p.Name(), true)
		r.cfg.Logger.Warn("projections: the projection appends events in its transaction; it should implement Appender", "projection", p.Name())
		err = r.applyBatchTx(ctx, p, events, projectionTx)
	}
	return err
}

func (r *Runner) applyBatchTx(ctx context.Context, p Projection, events []eventstore.RecordedEvent, opts pgx.TxOptions) error {
	name := p.Name()
	// A projection transaction has a transaction id, so while it is open the appends that
	// commit after it began are held back from readers of the log (ReadAll), unless it said
	// it appends none: its end may release them.
	defer r.pokeTail()
	traceStage("handler", name, events)
	defer traceStage("committed", name, events)
	conn, err := r.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	// Usually the checkpoint stands before the batch: the BEGIN's round trip also locks and
	// moves it (checkpointFromSQL), and the events go next.
	fast := opts
	fast.BeginQuery += "; " + checkpointFromSQL(name, events[0].Cursor, events[len(events)-1].Cursor)
	err = pgx.BeginTxFunc(ctx, conn, fast, func(tx pgx.Tx) error {
		traceStage("begun", name, events)
		defer traceStage("applied", name, events)
		return safeApply(ctx, tx, p, events)
	})
	if !checkpointNotBefore(err) {
		return err
	}
	// A redelivery the checkpoint covers in part, or a first run: the checkpoint is read
	// first, on the same connection, once the refused BEGIN is rolled back.
	if _, err := conn.Exec(ctx, "ROLLBACK"); err != nil {
		return err
	}
	return pgx.BeginTxFunc(ctx, conn, opts, func(tx pgx.Tx) error {
		// The checkpoint moves first, in the same round trip as its lock: if the events
		// fail, the transaction rolls the move back with them.
		cp, err := advanceCheckpoint(ctx, tx, name, events[len(events)-1].Cursor)
		if err != nil {
			return err
		}
		for len(events) > 0 && atOrAfter(cp, events[0].Cursor) {
			events = events[1:] // already applied: a redelivery
		}
		if len(events) == 0 {
			return nil
		}
		return safeApply(ctx, tx, p, events)
	})
}

// parkOnFailure handles a message the projection could not apply after its retries: it
// applies the message's events one at a time, parks each event that fails (a row of
// parked_events) and acks the message. Failures that are not the events' fault (lost
// connection, shutdown, a serialization conflict) are not parked: the message is nacked and
// redelivered until the database is back.
func (r *Runner) parkOnFailure(p Projection) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			out, err := h(msg)
			if err == nil || msg.Context().Err() != nil || !permanent(err) {
				return out, err
			}
			ctx := msg.Context()
			events, derr := DecodeEvents(msg)
			if derr != nil {
				cur, cerr := messageCursor(msg)
				if cerr != nil {
					return nil, errors.Join(err, cerr)
				}
				id, _ := uuid.Parse(msg.UUID)
				events = []eventstore.RecordedEvent{{ID: id, Cursor: cur, Type: msg.Metadata.Get(MetaType)}}
			}
			for _, e := range events {
				aerr := err
				if derr == nil && len(events) > 1 {
					aerr = r.apply(ctx, p, []eventstore.RecordedEvent{e})
				}
				if aerr == nil {
					continue
				}
				if !permanent(aerr) {
					return nil, aerr
				}
				if perr := r.park(ctx, p.Name(), e, aerr); perr != nil {
					return nil, errors.Join(aerr, fmt.Errorf("park: %w", perr))
				}
			}
			return nil, nil
		}
	}
}

// pokeTail tells the Tail that a projection transaction has ended (Tail.Poke).
func (r *Runner) pokeTail() {
	if r.tail != nil {
		r.tail.Poke()
	}
}

// park records the event as parked and moves the checkpoint past it, in one transaction.
func (r *Runner) park(ctx context.Context, name string, e eventstore.RecordedEvent, reason error) error {
	defer r.pokeTail()
	err := pgx.BeginTxFunc(ctx, r.pool, appendNoneTx, func(tx pgx.Tx) error {
		cp, err := lockCheckpoint(ctx, tx, name)
		if err != nil {
			return err
		}
		if atOrAfter(cp, e.Cursor) {
			return nil
		}
		if err := insertParked(ctx, tx, name, e.Cursor.Position, e.ID, e.Type, reason); err != nil {
			return err
		}
		return writeCheckpoint(ctx, tx, name, e.Cursor)
	})
	if err == nil {
		r.cfg.Logger.Warn("projections: event parked", "projection", name, "position", e.Cursor.Position,
			"event", e.ID, "type", e.Type, "reason", reason.Error())
	}
	return err
}

func insertParked(ctx context.Context, q querier, name string, position int64, id uuid.UUID, typ string, reason error) error {
	_, err := q.Exec(ctx, `
INSERT INTO parked_events (projection, position, event_id, event_type, reason) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (projection, position) DO UPDATE SET reason = excluded.reason, parked_at = now()`,
		name, position, id, typ, reason.Error())
	return err
}

// applyError is an error of the projection itself (or an undecodable event): it is what
// gets parked.
type applyError struct{ err error }

func (e *applyError) Error() string { return e.err.Error() }
func (e *applyError) Unwrap() error { return e.err }

// safeApply calls p.Apply, turning its error or panic into an applyError.
func safeApply(ctx context.Context, tx pgx.Tx, p Projection, events []eventstore.RecordedEvent) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &applyError{err: fmt.Errorf("panic: %v", v)}
		}
	}()
	if err := p.Apply(ctx, tx, events); err != nil {
		return &applyError{err: err}
	}
	return nil
}

// permanent tells whether err is the projection's own failure that retrying later will not
// cure, as opposed to a failure of the surroundings.
func permanent(err error) bool {
	var ae *applyError
	if !errors.As(err, &ae) {
		return false
	}
	return !transient(ae.err)
}

// transient recognises failures of the connection or the server, and conflicts that a retry
// resolves.
func transient(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		pgconn.Timeout(err) || pgconn.SafeToRetry(err) {
		return true
	}
	var connErr *pgconn.ConnectError
	var netErr net.Error
	if errors.As(err, &connErr) || errors.As(err, &netErr) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch {
		case pgErr.Code == "40001", pgErr.Code == "40P01", pgErr.Code == "55P03":
			return true
		case strings.HasPrefix(pgErr.Code, "08"), strings.HasPrefix(pgErr.Code, "53"),
			strings.HasPrefix(pgErr.Code, "58"), strings.HasPrefix(pgErr.Code, "57P"):
			return true
		}
		return false
	}
	return strings.Contains(err.Error(), "closed pool") || strings.Contains(err.Error(), "conn closed")
}

// watchReady sets ready once every checkpoint has reached the head of the log at start.
// It polls the checkpoints only until then (10 times a second, one small query).
func (r *Runner) watchReady(ctx context.Context, head eventstore.Cursor) {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		if r.caughtUp(ctx, head) {
			r.ready.Store(true)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (r *Runner) caughtUp(ctx context.Context, head eventstore.Cursor) bool {
	if head == eventstore.Start {
		return true
	}
	for _, p := range r.projections {
		cp, err := ReadCheckpoint(ctx, r.pool, p.Name())
		if err != nil || cp.Before(head) {
			return false
		}
	}
	return true
}

// logHead returns the newest readable event's cursor (Start for an empty log).
func logHead(ctx context.Context, q querier) (eventstore.Cursor, error) {
	c, _, err := cursorRow(q.QueryRow(ctx, `SELECT transaction_id::text, position FROM events
WHERE transaction_id < `+eventstore.HorizonSQL+`
ORDER BY transaction_id DESC, position DESC LIMIT 1`))
	return c, err
}

// ProjectionStatus is where one projection stands.
type ProjectionStatus struct {
	Name     string        `json:"name"`
	Position int64         `json:"position"` // global position of the last event applied
	TxID     uint64        `json:"txId"`     // its transaction id (the log is ordered by both)
	Lag      int64         `json:"lag"`      // events in the log after the checkpoint
	Active   bool          `json:"active"`   // this process holds the projection's lock
	Parked   []ParkedEvent `json:"parked"`   // events it could not apply (newest 100)
}

// ParkedEvent is an event a projection gave up on, with the reason.
type ParkedEvent struct {
	Position int64     `json:"position"`
	EventID  uuid.UUID `json:"eventId"`
	Type     string    `json:"type"`
	Reason   string    `json:"reason"`
	ParkedAt time.Time `json:"parkedAt"`
}

// Status reports every projection's checkpoint, lag and parked events, read from the
// database (so it is right whichever process runs the projection).
func (r *Runner) Status(ctx context.Context) ([]ProjectionStatus, error) {
	out := make([]ProjectionStatus, 0, len(r.projections))
	for _, p := range r.projections {
		st, err := ProjectionState(ctx, r.pool, p.Name())
		if err != nil {
			return nil, err
		}
		r.mu.Lock()
		st.Active = r.active[p.Name()]
		r.mu.Unlock()
		out = append(out, st)
	}
	return out, nil
}

// MaxCountedLag caps the lag ProjectionState counts.
const MaxCountedLag = 1_000_000

// ProjectionState reads projection name's checkpoint, lag and parked events.
func ProjectionState(ctx context.Context, pool *pgxpool.Pool, name string) (ProjectionStatus, error) {
	st := ProjectionStatus{Name: name, Parked: []ParkedEvent{}}
	cp, err := ReadCheckpoint(ctx, pool, name)
	if err != nil {
		return st, err
	}
	st.Position, st.TxID = cp.Position, cp.TxID
	// Counted along the log index from the checkpoint (ORDER BY + LIMIT keeps the planner
	// off a sequential scan of the whole log); a lag beyond MaxCountedLag shows as that.
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM (SELECT FROM events WHERE (transaction_id, position) > ($1::text::xid8, $2)
ORDER BY transaction_id, position LIMIT $3) behind`, xid(cp.TxID), cp.Position, MaxCountedLag).Scan(&st.Lag); err != nil {
		return st, err
	}
	rows, err := pool.Query(ctx, `SELECT position, event_id, event_type, reason, parked_at FROM parked_events
WHERE projection = $1 ORDER BY position DESC LIMIT 100`, name)
	if err != nil {
		return st, err
	}
	defer rows.Close()
	for rows.Next() {
		var pe ParkedEvent
		if err := rows.Scan(&pe.Position, &pe.EventID, &pe.Type, &pe.Reason, &pe.ParkedAt); err != nil {
			return st, err
		}
		st.Parked = append(st.Parked, pe)
	}
	return st, rows.Err()
}

// minLevel drops records below min (it keeps watermill's chatty info logs out).
type minLevel struct {
	slog.Handler
	min slog.Level
}

func (h minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h minLevel) WithAttrs(attrs []slog.Attr) slog.Handler {
	return minLevel{Handler: h.Handler.WithAttrs(attrs), min: h.min}
}

func (h minLevel) WithGroup(name string) slog.Handler {
	return minLevel{Handler: h.Handler.WithGroup(name), min: h.min}
}
