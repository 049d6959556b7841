package request

import (
	"context"
	"time"

	"portal/commands"
	rq "portal/domain/request"
	"portal/eventstore"
)

// Edit is PUT api/cac-app/request: a new rank, and (HasFields) the whole set of fields.
type Edit struct {
	CommandID string
	Caller    commands.RequestCaller
	Body      rq.Body // RequestID required
}

// EditHandler edits and ranks requests.
type EditHandler struct{ requestHandler }

// NewEditHandler refuses nil dependencies.
func NewEditHandler(facts Facts, store eventstore.Store, now func() time.Time) (*EditHandler, error) {
	h, err := newRequestHandler("NewEditHandler", facts, store, now)
	return &EditHandler{h}, err
}

// Handle edits the request while no step has decided it, then ranks it.
func (h *EditHandler) Handle(ctx context.Context, cmd Edit) (r *rq.Request, err error) {
	defer commands.Wrap(&err, "Edit(%s)", cmd.CommandID)
	id, err := ParseID("ac4Ukey", cmd.Body.RequestID)
	if err != nil {
		return nil, err
	}
	fields := cmd.Body.Fields
	if cmd.Body.HasFields {
		if fields.Items, err = resolveItems(ctx, h.facts, cmd.Caller.Tenant, fields.Items); err != nil {
			return nil, err
		}
		if err = resolveLookups(ctx, h.facts, cmd.Caller.Tenant, &fields); err != nil {
			return nil, err
		}
	}
	r, err = h.run(ctx, cmd.CommandID, cmd.Caller, id, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
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
	if err == nil && cmd.Body.Rank != nil {
		err = recordMove(ctx, h.Store, cmd.Caller, cmd.CommandID, r, h.Now().UTC())
	}
	return r, err
}
