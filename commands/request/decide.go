package request

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	"portal/domain/clock"
	rq "portal/domain/request"
	"portal/eventstore"
)

// Decision is what an approver does to a step.
type Decision string

// Decisions (docs/api.md: request/approve, request/reject, request/undo).
const (
	Approve Decision = "approve"
	Reject  Decision = "reject"
	Undo    Decision = "undo"
)

// DecideStep is an approver's decision on step Step of a request.
type DecideStep struct {
	CommandID string
	Caller    commands.RequestCaller
	ID        uuid.UUID
	Action    Decision
	Step      int
	Comment   string
}

// ApprovedHook is called after a request's final approval was stored, for origins whose
// module acts on it (punch adjustments correct the day's marks). It must be idempotent: a
// retried command calls it again.
type ApprovedHook func(ctx context.Context, tenant uuid.UUID, r *rq.Request) error

// DecideStepHandler records decisions.
type DecideStepHandler struct {
	requestHandler
	hooks map[rq.Origin]ApprovedHook
}

// NewDecideStepHandler refuses nil dependencies.
func NewDecideStepHandler(facts Facts, store eventstore.Store, now func() time.Time) (*DecideStepHandler, error) {
	h, err := newRequestHandler("NewDecideStepHandler", facts, store, now)
	return &DecideStepHandler{requestHandler: h, hooks: map[rq.Origin]ApprovedHook{}}, err
}

// OnApproved registers the hook of an origin (call it while wiring, before serving).
func (h *DecideStepHandler) OnApproved(origin rq.Origin, hook ApprovedHook) { h.hooks[origin] = hook }

// otherOpen tells whether another request than r holds r's open-request slot and is open.
func (h *DecideStepHandler) otherOpen(ctx context.Context, tenant uuid.UUID, r *rq.Request) (bool, error) {
	slot, err := h.Store.ReadStream(ctx, tenant, rq.OpenSlotStream(r.Subject.EmployeeID, r.Origin), 0)
	if err != nil || len(slot) == 0 {
		return false, err
	}
	var last openClaimed
	if err := json.Unmarshal(slot[len(slot)-1].Data, &last); err != nil {
		return false, err
	}
	holder, err := uuid.Parse(last.RequestID)
	if err != nil || last.RequestID == r.ID {
		return false, nil
	}
	held, _, err := loadRequest(ctx, h.Store, tenant, holder)
	return err == nil && held.Open(), err
}

// refuseClosedMonth refuses deciding on a punch adjustment (or abono) of a month HR has closed
// since it was filed: approving it, or undoing its approval, would change the closed month.
func refuseClosedMonth(ctx context.Context, store eventstore.Store, tenant uuid.UUID, r *rq.Request) error {
	if r.Origin != rq.AjustePonto {
		return nil
	}
	a, err := clock.ParseAdjustment(r.Payload)
	if err != nil {
		return nil // the adjustment process names a bad payload
	}
	return commands.RefuseClosedMonth(ctx, store, tenant, a.Day)
}

func conflictOpen(err error) error {
	if err != nil {
		return nil
	}
	return &domain.Error{Kind: domain.Conflict, Field: "tipo", Key: rq.KeyOpenExists}
}

// Handle records the decision. Of simultaneous decisions on one step exactly one is
// stored; the others reload, find the step decided and get "request already decided".
func (h *DecideStepHandler) Handle(ctx context.Context, cmd DecideStep) (r *rq.Request, err error) {
	defer commands.Wrap(&err, "DecideStep(%s %s %d)", cmd.ID, cmd.Action, cmd.Step)
	r, err = h.run(ctx, cmd.CommandID, cmd.Caller, cmd.ID, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		d := rq.Decide{Step: cmd.Step, Comment: cmd.Comment, Facts: f}
		if cmd.Action == Approve || cmd.Action == Undo {
			if err := refuseClosedMonth(ctx, h.Store, cmd.Caller.Tenant, r); err != nil {
				return nil, err
			}
		}
		switch cmd.Action {
		case Approve:
			return r.Approve(d, at)
		case Reject:
			return r.Reject(d, at)
		case Undo:
			if r.Status == rq.StatusRejected {
				// Undoing a rejection reopens the request: refused while the subject has filed
				// another open request of the type since (§5, one open request).
				if open, err := h.otherOpen(ctx, cmd.Caller.Tenant, r); err != nil || open {
					return nil, errors.Join(err, conflictOpen(err))
				}
			}
			return r.Undo(d, at)
		}
		return nil, fmt.Errorf("unknown decision %q", cmd.Action)
	})
	if err != nil {
		return nil, err
	}
	if hook := h.hooks[r.Origin]; hook != nil && r.Status == rq.StatusApproved && cmd.Action == Approve {
		if err := hook(ctx, cmd.Caller.Tenant, r); err != nil {
			return r, err
		}
	}
	return r, nil
}
