package commands

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	rq "portal/domain/request"
	"portal/eventstore"
)

// RemoveRequest is DELETE api/cac-app/request?requestId.
type RemoveRequest struct {
	CommandID string
	Caller    RequestCaller
	ID        uuid.UUID
}

// RemoveRequestHandler removes requests no step has decided.
type RemoveRequestHandler struct{ requestHandler }

// NewRemoveRequestHandler refuses nil dependencies.
func NewRemoveRequestHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*RemoveRequestHandler, error) {
	h, err := newRequestHandler("NewRemoveRequestHandler", pool, store, now)
	return &RemoveRequestHandler{h}, err
}

// Handle removes the request.
func (h *RemoveRequestHandler) Handle(ctx context.Context, cmd RemoveRequest) (r *rq.Request, err error) {
	defer wrap(&err, "RemoveRequest(%s)", cmd.ID)
	return h.run(ctx, cmd.CommandID, cmd.Caller, cmd.ID, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.Remove(f, at)
	})
}
