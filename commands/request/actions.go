package request

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	rq "portal/domain/request"
	"portal/eventstore"
)

// Action is a command on one request (spec portal-business §7 Requests): remove, send,
// lock or unlock, change its delivery, confirm its receipt. Comment is the actor's note where
// the action takes one.
type Action struct {
	CommandID string
	Caller    commands.RequestCaller
	ID        uuid.UUID
	Comment   string
}

// Actions runs the actions on one request, each decided by the request's rules on its
// own stream.
type Actions struct{ requestHandler }

// NewActions refuses nil dependencies.
func NewActions(facts Facts, store eventstore.Store, now func() time.Time) (*Actions, error) {
	h, err := newRequestHandler("NewActions", facts, store, now)
	return &Actions{h}, err
}

// act runs one action: decide gives the events from the request as it stands.
func (h *Actions) act(ctx context.Context, name string, a Action,
	decide func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error)) (r *rq.Request, err error) {
	defer commands.Wrap(&err, "%s(%s)", name, a.ID)
	return h.run(ctx, a.CommandID, a.Caller, a.ID, decide)
}

// Remove removes a request no step has decided (DELETE request?requestId).
func (h *Actions) Remove(ctx context.Context, a Action) (*rq.Request, error) {
	return h.act(ctx, "Remove", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.Remove(f, at)
	})
}

// Send sends a draft to its approvers (POST request/send) with the chain its type has now,
// taken into the event, so later configuration changes do not move requests under way.
func (h *Actions) Send(ctx context.Context, a Action) (*rq.Request, error) {
	return h.act(ctx, "Send", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		chain, err := LoadChain(ctx, h.facts, a.Caller.Tenant, r.Origin, r.Subject.EmployeeID)
		if err != nil {
			return nil, err
		}
		return r.Send(chain, f, at)
	})
}

// Lock blocks (lock) or unblocks a request (request/lock, request/unlock).
func (h *Actions) Lock(ctx context.Context, a Action, lock bool) (*rq.Request, error) {
	return h.act(ctx, "Lock", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		if lock {
			return r.Lock(a.Comment, f, at)
		}
		return r.Unlock(a.Comment, f, at)
	})
}

// ChangeDelivery sets the delivery status (POST requestDelivery/status, the deliverer).
func (h *Actions) ChangeDelivery(ctx context.Context, a Action, status rq.Delivery) (*rq.Request, error) {
	return h.act(ctx, "ChangeDelivery", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.ChangeDelivery(status, a.Comment, f, at)
	})
}

// ConfirmReceipt records that the requester got the delivery (POST
// requestDelivery/confirmReceipt).
func (h *Actions) ConfirmReceipt(ctx context.Context, a Action) (*rq.Request, error) {
	return h.act(ctx, "ConfirmReceipt", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.ConfirmReceipt(a.Comment, f, at)
	})
}
