package projections

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
)

// TopicAll is the one topic a Subscriber serves: the whole global log.
const TopicAll = "$all"

// Metadata keys set on every message a Subscriber emits.
const (
	MetaPosition = "position" // the event's global position
	MetaTxID     = "tx_id"    // the id of the transaction that appended it
	MetaType     = "type"     // the event type
	MetaStream   = "stream"   // the event's stream
)

// Backoff bounds of the re-read while committed events are held back by an older open
// transaction (see SubscriberConfig.Pool).
const (
	heldBackMin = time.Millisecond
	heldBackMax = 5 * time.Millisecond // in-flight appends hold the horizon for milliseconds
)

// SubscriberConfig configures a Subscriber.
type SubscriberConfig struct {
	// Store is the event log to read.
	Store eventstore.Store
	// Pool, when set, lets the subscriber tell "nothing new" from "newer events have
	// committed, but an older transaction is still open, so ReadAll may not return them
	// yet". In the second case it re-reads with a short backoff (1 ms doubling to 5 ms)
	// instead of waiting for the next wake-up, because the open transaction may append
	// nothing and so never wake anyone when it ends.
	Pool *pgxpool.Pool
	// From returns the cursor after which to start; it is called at every (re)start, so a
	// projection resumes from its committed checkpoint. Nil starts at the beginning.
	From func(ctx context.Context) (eventstore.Cursor, error)
	// Lock, when set, is taken before streaming: it blocks until this process may read
	// (ctx ends → error) and returns a context that ends when the right is lost, and a
	// release func. The Runner uses it for the one-active-runner advisory lock.
	Lock func(ctx context.Context) (held context.Context, release func(), err error)
	// BatchSize is how many events one ReadAll fetches (default 500).
	BatchSize int
	// MaxBatch is how many consecutive events one message may carry (default 1). The Runner
	// sets it high, so that under load one transaction applies many events; when events
	// trickle in, messages carry one each and nothing waits to fill a batch.
	MaxBatch int
	// Reads, when set, keeps the events its consumer does not read out of the messages (they
	// are neither encoded nor delivered). Skipped then receives the cursor of the last event
	// of each read of the log that ends with such events, once every message before it has
	// been acked.
	Reads   func(eventstore.RecordedEvent) bool
	Skipped func(eventstore.Cursor)
	// Tail, when set, serves the reads at the head of the log (shared by the subscribers of
	// a process); the subscriber reads the log itself only while it is behind the Tail.
	Tail *Tail
	// Logger receives read errors and restarts (default slog.Default()).
	Logger *slog.Logger
}

// Subscriber is a watermill message.Subscriber over the event store's global log. It emits
// messages of consecutive events (one each unless MaxBatch says more) in log order and sends
// the next only after the previous one was acked; a nack redelivers the same message. It waits on Store.Wake (LISTEN/NOTIFY) when it
// has read everything; it never sleeps to poll.
type Subscriber struct {
	cfg SubscriberConfig

	mu      sync.Mutex
	closed  bool
	closing chan struct{}
	wg      sync.WaitGroup
}

var _ message.Subscriber = (*Subscriber)(nil)

// NewSubscriber checks cfg and returns a Subscriber.
func NewSubscriber(cfg SubscriberConfig) (*Subscriber, error) {
	if cfg.Store == nil {
		return nil, errors.New("projections.NewSubscriber: nil store")
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 500
	}
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 1
	}
	if cfg.Reads != nil && cfg.Skipped == nil {
		return nil, errors.New("projections.NewSubscriber: Reads without Skipped")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.From == nil {
		cfg.From = func(context.Context) (eventstore.Cursor, error) { return eventstore.Start, nil }
	}
	return &Subscriber{cfg: cfg, closing: make(chan struct{})}, nil
}

// Subscribe streams the log until ctx ends or Close is called; then the channel closes.
// topic must be TopicAll. Each message carries ctx (or the lock's context) as its context.
func (s *Subscriber) Subscribe(ctx context.Context, topic string) (<-chan *message.Message, error) {
	if topic != TopicAll {
		return nil, fmt.Errorf("projections.Subscriber: unknown topic %q (only %q)", topic, TopicAll)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("projections.Subscriber: closed")
	}
	out := make(chan *message.Message)
	ctx, cancel := context.WithCancel(ctx)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer close(out)
		defer cancel()
		go func() {
			select {
			case <-s.closing:
				cancel()
			case <-ctx.Done():
			}
		}()
		s.run(ctx, out)
	}()
	return out, nil
}

// Close ends every subscription and waits for them to stop.
func (s *Subscriber) Close() error {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.closing)
	}
	s.mu.Unlock()
	s.wg.Wait()
	return nil
}

// run (re)starts streaming until ctx ends: after a lost lock it waits for the lock again.
func (s *Subscriber) run(ctx context.Context, out chan<- *message.Message) {
	for ctx.Err() == nil {
		streamCtx, release := ctx, func() {}
		if s.cfg.Lock != nil {
			held, rel, err := s.cfg.Lock(ctx)
			if err != nil {
				return // only when ctx ended
			}
			streamCtx, release = held, rel
		}
		err := s.stream(streamCtx, out)
		release()
		if ctx.Err() != nil {
			return
		}
		s.cfg.Logger.Warn("projections: subscriber lost its lock; waiting to take it again", "err", err)
	}
}

// stream reads the log from the start cursor and emits it, until ctx ends.
func (s *Subscriber) stream(ctx context.Context, out chan<- *message.Message) error {
	wake, stop := s.cfg.Store.Wake() // before the first read, so no append is missed
	defer stop()

	var cursor eventstore.Cursor
	for {
		c, err := s.cfg.From(ctx)
		if err == nil {
			cursor = c
			break
		}
		if err := s.pause(ctx, "read start cursor", err); err != nil {
			return err
		}
	}

	var heldBack time.Duration
	for {
		var events []eventstore.RecordedEvent
		var more <-chan struct{}
		fromTail := false
		if s.cfg.Tail != nil {
			events, fromTail, more = s.cfg.Tail.After(cursor, s.cfg.BatchSize)
		}
		if !fromTail {
			var err error
			if events, err = s.cfg.Store.ReadAll(ctx, cursor, s.cfg.BatchSize); err != nil {
				if err := s.pause(ctx, "read the log", err); err != nil {
					return err
				}
				continue
			}
		}
		read := len(events)
		last, wanted := s.wanted(events)
		for len(wanted) > 0 {
			n := min(len(wanted), s.cfg.MaxBatch)
			if err := s.deliver(ctx, out, wanted[:n]); err != nil {
				return err
			}
			cursor = wanted[n-1].Cursor
			wanted = wanted[n:]
		}
		if read > 0 && cursor != last {
			s.cfg.Skipped(last)
			cursor = last
		}
		if read == s.cfg.BatchSize {
			heldBack = 0
			continue
		}
		if fromTail {
			if read == 0 {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-more:
				}
			}
			continue
		}
		if heldBackAfter(ctx, s.cfg.Pool, cursor) {
			// The transaction holding them back is usually an append, whose commit
			// wakes us; the timer covers one that appends nothing.
			heldBack = min(max(2*heldBack, heldBackMin), heldBackMax)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-wake:
			case <-time.After(heldBack):
			}
			continue
		}
		heldBack = 0
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-wake:
		}
	}
}

// wanted returns the cursor of the last event read and the events the consumer reads.
func (s *Subscriber) wanted(events []eventstore.RecordedEvent) (eventstore.Cursor, []eventstore.RecordedEvent) {
	if len(events) == 0 {
		return eventstore.Cursor{}, nil
	}
	last := events[len(events)-1].Cursor
	if s.cfg.Reads == nil {
		return last, events
	}
	out := events[:0:0]
	for _, e := range events {
		if s.cfg.Reads(e) {
			out = append(out, e)
		}
	}
	return last, out
}

// heldBackAfter tells whether committed events exist after cursor that ReadAll did not
// return: events are never deleted, so such rows are newer commits waiting for an older open
// transaction to end. Without a pool it cannot tell, and says no.
func heldBackAfter(ctx context.Context, pool *pgxpool.Pool, cursor eventstore.Cursor) bool {
	if pool == nil {
		return false
	}
	// ORDER BY + LIMIT makes the planner walk the log index from the cursor; a bare EXISTS
	// may choose a sequential scan, whose cost grows with the whole log.
	var one int
	err := pool.QueryRow(ctx, `SELECT 1 FROM events WHERE (transaction_id, position) > ($1::text::xid8, $2)
ORDER BY transaction_id, position LIMIT 1`, xid(cursor.TxID), cursor.Position).Scan(&one)
	return err == nil
}

// deliver emits the events as one message and waits for its ack; a nack sends it again
// after a short pause that grows while the handler keeps failing (no hot loop). The message
// is named after its last event and its metadata is the last event's.
func (s *Subscriber) deliver(ctx context.Context, out chan<- *message.Message, events []eventstore.RecordedEvent) error {
	payload, err := json.Marshal(events)
	if err != nil {
		return err
	}
	e := events[len(events)-1]
	pause := 10 * time.Millisecond
	for {
		msg := message.NewMessage(e.ID.String(), payload)
		msg.Metadata.Set(MetaPosition, strconv.FormatInt(e.Cursor.Position, 10))
		msg.Metadata.Set(MetaTxID, strconv.FormatUint(e.Cursor.TxID, 10))
		msg.Metadata.Set(MetaType, e.Type)
		msg.Metadata.Set(MetaStream, e.Stream)
		msg.SetContext(ctx)
		select {
		case out <- msg:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case <-msg.Acked():
			return nil
		case <-msg.Nacked():
		case <-ctx.Done():
			return ctx.Err()
		}
		if err := sleep(ctx, pause); err != nil {
			return err
		}
		pause = min(2*pause, time.Second)
	}
}

// pause logs a failed read and waits a second before the caller tries again.
func (s *Subscriber) pause(ctx context.Context, what string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	s.cfg.Logger.Warn("projections: subscriber could not "+what+"; retrying", "err", err)
	return sleep(ctx, time.Second)
}

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

// DecodeEvents returns the events a Subscriber message carries, in log order.
func DecodeEvents(msg *message.Message) ([]eventstore.RecordedEvent, error) {
	var events []eventstore.RecordedEvent
	if err := json.Unmarshal(msg.Payload, &events); err != nil {
		return nil, fmt.Errorf("decode events %s: %w", msg.UUID, err)
	}
	if len(events) == 0 {
		return nil, fmt.Errorf("decode events %s: empty message", msg.UUID)
	}
	return events, nil
}

// DecodeEvent returns the event of a one-event message.
func DecodeEvent(msg *message.Message) (eventstore.RecordedEvent, error) {
	events, err := DecodeEvents(msg)
	if err != nil {
		return eventstore.RecordedEvent{}, err
	}
	if len(events) != 1 {
		return eventstore.RecordedEvent{}, fmt.Errorf("message %s carries %d events", msg.UUID, len(events))
	}
	return events[0], nil
}

// messageCursor reads the event's cursor from the message metadata (it is there even when
// the payload cannot be decoded).
func messageCursor(msg *message.Message) (eventstore.Cursor, error) {
	pos, err := strconv.ParseInt(msg.Metadata.Get(MetaPosition), 10, 64)
	if err != nil {
		return eventstore.Cursor{}, fmt.Errorf("message %s: bad %s: %w", msg.UUID, MetaPosition, err)
	}
	tx, err := strconv.ParseUint(msg.Metadata.Get(MetaTxID), 10, 64)
	if err != nil {
		return eventstore.Cursor{}, fmt.Errorf("message %s: bad %s: %w", msg.UUID, MetaTxID, err)
	}
	return eventstore.Cursor{TxID: tx, Position: pos}, nil
}
