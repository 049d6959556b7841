package request

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	rq "portal/domain/request"
	"portal/eventstore"
)

// RequestAction is a command on one request (spec portal-business §7 Requests): remove, send,
// lock or unlock, change its delivery, confirm its receipt. Comment is the actor's note where
// the action takes one.
type RequestAction struct {
	CommandID string
	Caller    commands.RequestCaller
	ID        uuid.UUID
	Comment   string
}

// RequestActions runs the actions on one request, each decided by the request's rules on its
// own stream.
type RequestActions struct{ requestHandler }

// NewRequestActions refuses nil dependencies.
func NewRequestActions(facts RequestFacts, store eventstore.Store, now func() time.Time) (*RequestActions, error) {
	h, err := newRequestHandler("NewRequestActions", facts, store, now)
	return &RequestActions{h}, err
}

// act runs one action: decide gives the events from the request as it stands.
func (h *RequestActions) act(ctx context.Context, name string, a RequestAction,
	decide func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error)) (r *rq.Request, err error) {
	defer commands.Wrap(&err, "%s(%s)", name, a.ID)
	return h.run(ctx, a.CommandID, a.Caller, a.ID, decide)
}

// Remove removes a request no step has decided (DELETE request?requestId).
func (h *RequestActions) Remove(ctx context.Context, a RequestAction) (*rq.Request, error) {
	return h.act(ctx, "Remove", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.Remove(f, at)
	})
}

// Send sends a draft to its approvers (POST request/send) with the chain its type has now,
// taken into the event, so later configuration changes do not move requests under way.
func (h *RequestActions) Send(ctx context.Context, a RequestAction) (*rq.Request, error) {
	return h.act(ctx, "Send", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		chain, err := LoadChain(ctx, h.facts, a.Caller.Tenant, r.Origin, r.Subject.EmployeeID)
		if err != nil {
			return nil, err
		}
		return r.Send(chain, f, at)
	})
}

// Lock blocks (lock) or unblocks a request (request/lock, request/unlock).
func (h *RequestActions) Lock(ctx context.Context, a RequestAction, lock bool) (*rq.Request, error) {
	return h.act(ctx, "Lock", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		if lock {
			return r.Lock(a.Comment, f, at)
		}
		return r.Unlock(a.Comment, f, at)
	})
}

// ChangeDelivery sets the delivery status (POST requestDelivery/status, the deliverer).
func (h *RequestActions) ChangeDelivery(ctx context.Context, a RequestAction, status rq.Delivery) (*rq.Request, error) {
	return h.act(ctx, "ChangeDelivery", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.ChangeDelivery(status, a.Comment, f, at)
	})
}

// ConfirmReceipt records that the requester got the delivery (POST
// requestDelivery/confirmReceipt).
func (h *RequestActions) ConfirmReceipt(ctx context.Context, a RequestAction) (*rq.Request, error) {
	return h.act(ctx, "ConfirmReceipt", a, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.ConfirmReceipt(a.Comment, f, at)
	})
}
