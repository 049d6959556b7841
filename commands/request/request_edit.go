package request

import (
	"context"
	"time"

	"portal/commands"
	rq "portal/domain/request"
	"portal/eventstore"
)

// EditRequest is PUT api/cac-app/request: a new rank, and (HasFields) the whole set of fields.
type EditRequest struct {
	CommandID string
	Caller    commands.RequestCaller
	Body      rq.Body // RequestID required
}

// EditRequestHandler edits and ranks requests.
type EditRequestHandler struct{ requestHandler }

// NewEditRequestHandler refuses nil dependencies.
func NewEditRequestHandler(facts RequestFacts, store eventstore.Store, now func() time.Time) (*EditRequestHandler, error) {
	h, err := newRequestHandler("NewEditRequestHandler", facts, store, now)
	return &EditRequestHandler{h}, err
}

// Handle edits the request while no step has decided it, then ranks it.
func (h *EditRequestHandler) Handle(ctx context.Context, cmd EditRequest) (r *rq.Request, err error) {
	defer commands.Wrap(&err, "EditRequest(%s)", cmd.CommandID)
	id, err := ParseRequestID("ac4Ukey", cmd.Body.RequestID)
	if err != nil {
		return nil, err
	}
	fields := cmd.Body.Fields
	if cmd.Body.HasFields {
		if fields.Items, err = resolveItems(ctx, h.facts, cmd.Caller.Tenant, fields.Items); err != nil {
			return nil, err
		}
	}
	return h.run(ctx, cmd.CommandID, cmd.Caller, id, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		var events []rq.Event
		if cmd.Body.HasFields {
			var onBehalf rq.Actor
			if cmd.Caller.UserID.String() != r.Subject.UserID {
				onBehalf = rq.Actor{ID: r.Subject.UserID, Hash: r.Subject.UserHash}
			}
			edited, err := r.Edit(fields, f, onBehalf, at)
			if err != nil {
				return nil, err
			}
			events = append(events, edited...)
		}
		if cmd.Body.Rank != nil {
			ranked, err := r.SetRank(*cmd.Body.Rank, f, at)
			if err != nil {
				return nil, err
			}
			events = append(events, ranked...)
		}
		return events, nil
	})
}
