package eventstore

import (
	"context"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Group commit of contended appends (docs/rep-p.md, "NSR").
//
// Some appends take a row lock that every append of their tenant needs and hold it until
// they commit: a REP-P mark takes its establishment's NSR counter (migrations/00200). Each
// commit waits for its WAL flush while holding the lock, so the tenant's marks commit one
// flush after the other, and PostgreSQL's own group commit cannot gather them. Appends of
// the types named by GroupCommit are therefore gathered by tenant: while one transaction of
// a tenant is being written, the appends that arrive queue up and the next transaction
// carries all of them (one lock, one flush). The same gathering serves a frequent one-event
// command that takes no such lock (a mood check-in): each alone commits synchronously, and
// PostgreSQL's own group commit gathered only a few of them per flush (bench mood: 2.5 to 3.6
// at 32 clients), so the WAL flushes bound their rate. A transaction of several appends that fails
// for any reason (a version taken, a duplicate command) is rolled back whole and each of
// its appends is made again alone, so every caller gets exactly the answer, and the
// database exactly the rows, of an append of its own.

// Early lock release: a group's transaction commits with synchronous_commit off, so the
// NSR row lock is released as soon as its commit record is in the WAL buffers rather than
// after the flush, and the tenant's next group starts at once. Its callers are answered
// only after flushBarrier: a later transaction's synchronous commit, whose flush covers
// every earlier record of the (linear) WAL, so each mark is durable before it is answered.

// maxGroup bounds one transaction's appends (its statements go in one round trip).
const maxGroup = 64

// secondLeaderAt is how many appends must be waiting on a tenant whose transaction is being
// written before another of its transactions starts (when its width allows): fewer share
// the next transaction, since each transaction costs a commit and a flush barrier of its own.
const secondLeaderAt = 8

type groupCommit struct {
	types  map[string]int // event type -> how many of a tenant's transactions may be written at once
	mu     sync.Mutex
	queues map[groupKey]*groupQueue
}

// groupKey is a tenant's queue of appends that may be written width transactions at once:
// the appends that take a lock (width 1) do not wait behind those that take none.
type groupKey struct {
	tenant uuid.UUID
	width  int
}

type groupQueue struct {
	pending []*groupAppend
	leaders int // leaders writing this queue's appends, at most its width
}

type groupAppend struct {
	ctx  context.Context
	part StreamAppend
	res  AppendResult
	err  error
	done chan struct{}
}

// GroupCommit gathers the concurrent appends of one tenant that carry an event of one of
// the given types into shared transactions. Call it once, before the store is used.
func (s *Postgres) GroupCommit(types ...string) {
	s.groupTypes(1, types)
}

// GroupCommitConcurrent gathers, like GroupCommit, the concurrent appends of one tenant that
// carry an event of one of the given types, but writes up to width of the tenant's
// transactions at once: for types that take no lock every append of the tenant needs (a mood
// check-in), so that the appends that arrive while one transaction is being written need not
// wait for it, and a leader descheduled on a busy host does not hold up the tenant. Call it
// once, before the store is used; an append with an event of a GroupCommit type as well goes
// in turn.
func (s *Postgres) GroupCommitConcurrent(width int, types ...string) {
	s.groupTypes(max(1, width), types)
}

func (s *Postgres) groupTypes(width int, types []string) {
	if s.group == nil {
		s.group = &groupCommit{types: map[string]int{}, queues: map[groupKey]*groupQueue{}}
	}
	for _, t := range types {
		s.group.types[t] = width
	}
}

// grouped tells whether an append of events goes through the tenant's group: when one of
// them is of a grouped type, since that one takes the lock at commit whatever comes with it
// (a person's first mark at an address also saves the address). Alone, such an append held
// the lock through a flush of its own while the group's transaction waited behind it: with
// 32 clients each first mark waited for the others', p99 2.5 s (bench register).
//
// It answers how many of the tenant's transactions of such appends may be written at once
// (the least of the events' types': one for a type that takes a lock), 0 when the append is
// not grouped.
func (g *groupCommit) grouped(events []EventData) int {
	if g == nil {
		return 0
	}
	width := 0
	for _, e := range events {
		if w := g.types[e.Type]; w > 0 && (width == 0 || w < width) {
			width = w
		}
	}
	return width
}

// appendGrouped queues the append on its tenant; a caller that finds fewer than width
// transactions in flight starts a leader, which writes what has queued until the queue is
// empty.
func (s *Postgres) appendGrouped(ctx context.Context, width int, meta Meta, stream string, expected int64, events []EventData) (AppendResult, error) {
	if err := validateAppend(meta, stream, expected, events); err != nil {
		return AppendResult{}, err
	}
	g := s.group
	a := &groupAppend{ctx: ctx, part: StreamAppend{Meta: meta, Stream: stream, Expected: expected, Events: events, trace: ctx}, done: make(chan struct{})}
	key := groupKey{meta.Tenant, width}
	g.mu.Lock()
	q := g.queues[key]
	if q == nil {
		q = &groupQueue{}
		g.queues[key] = q
	}
	q.pending = append(q.pending, a)
	lead := q.leaders == 0 || q.leaders < width && len(q.pending) >= secondLeaderAt
	if lead {
		q.leaders++
	}
	g.mu.Unlock()
	if lead {
		go s.lead(key, q)
	}
	<-a.done // bounded: the leader's transaction has a timeout
	return a.res, a.err
}

// lead writes what has queued on a tenant, batch after batch, until the queue is empty.
func (s *Postgres) lead(key groupKey, q *groupQueue) {
	g := s.group
	for {
		g.mu.Lock()
		batch := q.pending[:min(len(q.pending), maxGroup)]
		q.pending = q.pending[len(batch):]
		if len(batch) == 0 {
			q.leaders--
			if q.leaders == 0 {
				delete(g.queues, key)
			}
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		s.writeGroup(batch)
	}
}

// flushBarrier returns once the WAL is flushed past every commit made before it was called:
// it commits, synchronously, a transaction that has a transaction id (so it writes a commit
// record and waits for its flush; PostgreSQL's group commit gathers concurrent barriers).
// AppendNoneSQL takes that id and says the transaction appends nothing, so readers of the
// log do not wait for its flush.
func (s *Postgres) flushBarrier(ctx context.Context) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(AppendNoneSQL)
	b.Queue("COMMIT")
	return conn.SendBatch(ctx, b).Close()
}

// writeGroup writes a batch in one transaction, or each append alone when that fails. A
// transaction of several appends commits early (see above): its callers are answered by a
// goroutine that waits for the flush, while the leader goes on with the next batch.
func (s *Postgres) writeGroup(batch []*groupAppend) {
	answer := func() {
		for _, a := range batch {
			close(a.done)
		}
	}
	live := batch[:0:0]
	for _, a := range batch {
		if err := a.ctx.Err(); err != nil {
			a.err = err // its caller is gone: nothing of it is written
			continue
		}
		live = append(live, a)
	}
	if len(live) > 1 {
		parts := make([]StreamAppend, len(live))
		for i, a := range live {
			parts[i] = a.part
		}
		// The transaction outlives a caller that gives up: the others wait for it.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(live[0].ctx), 30*time.Second)
		results, err := s.appendPartsCommit(ctx, parts, nil, true)
		if err == nil {
			for i, a := range live {
				a.res = results[i]
			}
			go func() {
				defer cancel()
				if err := s.flushBarrier(ctx); err != nil {
					// Committed, but its durability is unknown: nobody is told it is done.
					for _, a := range live {
						a.res, a.err = AppendResult{}, err
					}
				}
				s.signal()
				answer()
			}()
			return
		}
		cancel()
	}
	for _, a := range live {
		a.res, a.err = s.appendEvents(a.ctx, a.part.Meta, a.part.Stream, a.part.Expected, a.part.Events...)
	}
	answer()
}
