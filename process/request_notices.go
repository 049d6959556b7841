package process

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands"
	rq "portal/domain/request"
	"portal/eventstore"
	"portal/projections"
)

// RequestNotices sends the notices that request commands' events mean for people
// (commands.RequestNotices): to the approvers of the step a request reached, and to its
// subject on a decision or a delivery change. It runs in the projections Runner with its own
// checkpoint, after the command has answered, so a decision waits for no inbox and two
// approvals never contend for the inbox of the approver they both reach.
//
// The events of one command are appended together and seen together. The notices are built
// from the request as it stood after them (its stream read up to the command's last event)
// and at the command's time, and their ids derive from the command's id, so events
// seen again append nothing twice. Events appended under commands.QuietCorrelation (the
// seed's) send nothing.
type RequestNotices struct {
	facts commands.RequestFacts
	store eventstore.Store
}

var _ projections.Selective = (*RequestNotices)(nil)

// NewRequestNotices needs the facts (the recipients) and the store.
func NewRequestNotices(facts commands.RequestFacts, store eventstore.Store) (*RequestNotices, error) {
	if facts == nil || store == nil {
		return nil, errors.New("process.NewRequestNotices: nil dependency")
	}
	return &RequestNotices{facts: facts, store: store}, nil
}

// Name implements projections.Projection.
func (*RequestNotices) Name() string { return "request-notices" }

// Areas implements projections.Selective.
func (*RequestNotices) Areas() []string { return []string{"request."} }

// Reset implements projections.Projection: the notices sent are history, and a replay finds
// them already stored.
func (*RequestNotices) Reset(context.Context, pgx.Tx) error { return nil }

// noticed are the event types that may notify someone.
var noticed = map[string]bool{rq.TypeSent: true, rq.TypeDecisionUndone: true, rq.TypeStepApproved: true,
	rq.TypeStepRejected: true, rq.TypeDeliveryChanged: true}

// Apply implements projections.Projection. The batch's notices are appended in one call; when
// that fails (a notice of the batch was stored before, when the batch was cut elsewhere),
// each is appended on its own, which skips the stored ones.
func (p *RequestNotices) Apply(ctx context.Context, _ pgx.Tx, events []eventstore.RecordedEvent) error {
	var parts []eventstore.StreamAppend
	for i := 0; i < len(events); {
		j := i + 1
		for j < len(events) && events[j].Stream == events[i].Stream && events[j].CommandID == events[i].CommandID {
			j++
		}
		command := events[i:j]
		i = j
		if command[0].CorrelationID == commands.QuietCorrelation || !anyNoticed(command) {
			continue
		}
		notices, err := p.notices(ctx, command)
		if err != nil {
			return fmt.Errorf("request notices of %s (%s): %w", command[0].Stream, command[0].CommandID, err)
		}
		parts = append(parts, notices...)
	}
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

func anyNoticed(events []eventstore.RecordedEvent) bool {
	for _, e := range events {
		if noticed[e.Type] {
			return true
		}
	}
	return false
}

// notices builds the notices of one command's events.
func (p *RequestNotices) notices(ctx context.Context, command []eventstore.RecordedEvent) ([]eventstore.StreamAppend, error) {
	last := command[len(command)-1]
	stream, err := p.store.ReadStream(ctx, last.Tenant, last.Stream, 0)
	if err != nil {
		return nil, err
	}
	r := &rq.Request{}
	var decided []rq.Event
	for _, re := range stream {
		if re.Version > last.Version {
			break
		}
		e, ok, err := commands.DecodeRequestEvent(re)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		r.Apply(e)
		if re.Version >= command[0].Version {
			decided = append(decided, e)
		}
	}
	sender, err := uuid.Parse(last.Actor)
	if err != nil {
		return nil, nil // not a user's command: nobody to notify on its behalf
	}
	return commands.RequestNotices(ctx, p.facts, last.Tenant, sender, last.CommandID, r, decided, r.UpdatedAt)
}
