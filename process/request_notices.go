package process

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/errgroup"

	"portal/commands"
	"portal/commands/request"
	rq "portal/domain/request"
	"portal/eventstore"
	"portal/projections"
)

// RequestNotices sends the notices that request commands' events mean for people
// (commands/request.Notices): to the approvers of the step a request reached, and to its
// subject on a decision or a delivery change. It runs in the projections Runner with its own
// checkpoint, after the command has answered, so a decision waits for no inbox and two
// approvals never contend for the inbox of the approver they both reach.
//
// The events of one command are appended together and seen together. The notices are built
// from the request as it stood after them and at the command's time, and their ids derive
// from the command's id, so events seen again append nothing twice. Events appended under
// commands/request.QuietCorrelation (the seed's) send nothing.
//
// The request's state comes from its stream, read once per batch, or from the state the
// previous batch left when that ended just before this batch's first event of the stream.
type RequestNotices struct {
	facts request.NoticeFacts
	store eventstore.Store

	mu     sync.Mutex
	states map[streamKey]*rq.Request // each after its Version-th event (Version counts from 1)
}

type streamKey struct {
	tenant uuid.UUID
	stream string
}

// maxStates bounds the states kept between batches (they are dropped all at once beyond it).
const maxStates = 10_000

var _ projections.Selective = (*RequestNotices)(nil)

// NewRequestNotices needs the facts (the recipients) and the store.
func NewRequestNotices(facts request.NoticeFacts, store eventstore.Store) (*RequestNotices, error) {
	if facts == nil || store == nil {
		return nil, errors.New("process.NewRequestNotices: nil dependency")
	}
	return &RequestNotices{facts: facts, store: store, states: map[streamKey]*rq.Request{}}, nil
}

// Name implements projections.Projection.
func (*RequestNotices) Name() string { return "request-notices" }

// Areas implements projections.Selective.
func (*RequestNotices) Areas() []string { return []string{"request."} }

// Reset implements projections.Projection: the notices sent are history, and a replay finds
// them already stored.
func (p *RequestNotices) Reset(context.Context, pgx.Tx) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	clear(p.states)
	return nil
}

// noticed are the event types that may notify someone.
var noticed = map[string]bool{rq.TypeSent: true, rq.TypeDecisionUndone: true, rq.TypeStepApproved: true,
	rq.TypeStepRejected: true, rq.TypeDeliveryChanged: true}

// streamWorkers is how many streams' notices are built at once (each may read its stream and
// reads its recipients: round trips that would otherwise follow one another).
const streamWorkers = 4

// Apply implements projections.Projection. Each stream's commands are folded in order and
// the streams side by side; the notices are appended in the log's order, in one call. When
// that fails (a notice of the batch was stored before, when the batch was cut elsewhere),
// each is appended on its own, which skips the stored ones.
func (p *RequestNotices) Apply(ctx context.Context, _ pgx.Tx, events []eventstore.RecordedEvent) error {
	// The batch's commands by stream, each command's place in the log kept.
	type command struct {
		at     int
		events []eventstore.RecordedEvent
	}
	var keys []streamKey
	streams := map[streamKey][]command{}
	n := 0
	for i := 0; i < len(events); {
		j := i + 1
		for j < len(events) && events[j].Stream == events[i].Stream && events[j].CommandID == events[i].CommandID {
			j++
		}
		k := streamKey{events[i].Tenant, events[i].Stream}
		if rq.NewEvent(events[i].Type) == nil {
			i = j
			continue // a stream's bookkeeping (the open-request slots), not a request's
		}
		if _, ok := streams[k]; !ok {
			keys = append(keys, k)
		}
		streams[k] = append(streams[k], command{n, events[i:j]})
		n++
		i = j
	}
	sent := make([][]eventstore.StreamAppend, n)
	facts := &batchFacts{NoticeFacts: p.facts, approvers: map[approversKey][]commands.Recipient{}}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(streamWorkers)
	for _, k := range keys {
		g.Go(func() error {
			cmds := streams[k]
			// A stream none of whose commands here notifies anyone is read only to keep a
			// state carried over in step (the seed's history, say, costs no reads).
			read := slices.ContainsFunc(cmds, func(c command) bool { return sendsNotices(c.events) })
			r, err := p.state(gctx, k, cmds[0].events[0].Version, read)
			if err != nil || r == nil {
				return err
			}
			for _, c := range cmds {
				decided, err := applyAll(r, c.events)
				if err != nil {
					return err
				}
				if !sendsNotices(c.events) {
					continue
				}
				if sent[c.at], err = notices(gctx, facts, r, c.events, decided); err != nil {
					return fmt.Errorf("request notices of %s (%s): %w", k.stream, c.events[0].CommandID, err)
				}
			}
			p.keep(k, r)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	parts := slices.Concat(sent...)
	if len(parts) == 0 {
		return nil
	}
	if _, err := p.store.AppendStreams(ctx, parts...); err == nil || ctx.Err() != nil {
		return err
	}
	for _, part := range parts {
		if _, err := p.store.Append(ctx, part.Meta, part.Stream, part.Expected, part.Events...); err != nil {
			return err
		}
	}
	return nil
}

// state is the request before version from: the one the last batch left, if it ended there,
// else, when read, folded from the stream (else nil).
func (p *RequestNotices) state(ctx context.Context, k streamKey, from int64, read bool) (*rq.Request, error) {
	p.mu.Lock()
	r, ok := p.states[k]
	delete(p.states, k) // the caller owns it until keep
	p.mu.Unlock()
	if ok && int64(r.Version) == from {
		return r, nil
	}
	if !read {
		return nil, nil
	}
	stream, err := p.store.ReadStream(ctx, k.tenant, k.stream, 0)
	if err != nil {
		return nil, fmt.Errorf("request notices of %s: %w", k.stream, err)
	}
	r = &rq.Request{}
	_, err = applyAll(r, slices.DeleteFunc(stream, func(e eventstore.RecordedEvent) bool { return e.Version >= from }))
	return r, err
}

// keep holds r for the next batch.
func (p *RequestNotices) keep(k streamKey, r *rq.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.states) >= maxStates {
		clear(p.states)
	}
	p.states[k] = r
}

// applyAll folds events into r and returns them decoded.
func applyAll(r *rq.Request, events []eventstore.RecordedEvent) ([]rq.Event, error) {
	decided := make([]rq.Event, 0, len(events))
	for _, re := range events {
		e, ok, err := request.DecodeEvent(re)
		if err != nil {
			return nil, err
		}
		if ok {
			r.Apply(e)
			decided = append(decided, e)
		}
	}
	return decided, nil
}

// sendsNotices tells whether a command's events may notify someone.
func sendsNotices(events []eventstore.RecordedEvent) bool {
	if events[0].CorrelationID == request.QuietCorrelation {
		return false
	}
	for _, e := range events {
		if noticed[e.Type] {
			return true
		}
	}
	return false
}

// notices are the notices of one command's events; r is the request after them.
func notices(ctx context.Context, facts request.NoticeFacts, r *rq.Request, events []eventstore.RecordedEvent, decided []rq.Event) ([]eventstore.StreamAppend, error) {
	last := events[len(events)-1]
	sender, err := uuid.Parse(last.Actor)
	if err != nil {
		return nil, nil // not a user's command: nobody to notify on its behalf
	}
	return request.Notices(ctx, facts, last.Tenant, sender, last.CommandID, r, decided, r.UpdatedAt)
}

// batchFacts reads each step's approvers once per batch: the commands of a batch that reach
// one step (HR's, say) share its holders.
type batchFacts struct {
	request.NoticeFacts
	mu        sync.Mutex
	approvers map[approversKey][]commands.Recipient
}

type approversKey struct {
	tenant           uuid.UUID
	designated, role string
	day              string
}

func (f *batchFacts) Approvers(ctx context.Context, tenant uuid.UUID, step rq.Step, day time.Time) ([]commands.Recipient, error) {
	k := approversKey{tenant, step.Designated.ID, step.Role, day.UTC().Format(time.DateOnly)}
	f.mu.Lock()
	got, ok := f.approvers[k]
	f.mu.Unlock()
	if ok {
		return got, nil
	}
	got, err := f.NoticeFacts.Approvers(ctx, tenant, step, day)
	if err == nil {
		f.mu.Lock()
		f.approvers[k] = got
		f.mu.Unlock()
	}
	return got, err
}
