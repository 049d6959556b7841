package commands

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	rq "portal/domain/request"
	"portal/eventstore"
)

// LockRequest blocks (Lock) or unblocks a request (request/lock, request/unlock).
type LockRequest struct {
	CommandID string
	Caller    RequestCaller
	ID        uuid.UUID
	Lock      bool
	Comment   string
}

// LockRequestHandler locks and unlocks requests.
type LockRequestHandler struct{ requestHandler }

// NewLockRequestHandler refuses nil dependencies.
func NewLockRequestHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*LockRequestHandler, error) {
	h, err := newRequestHandler("NewLockRequestHandler", pool, store, now)
	return &LockRequestHandler{h}, err
}

// Handle locks or unlocks.
func (h *LockRequestHandler) Handle(ctx context.Context, cmd LockRequest) (r *rq.Request, err error) {
	defer wrap(&err, "LockRequest(%s %v)", cmd.ID, cmd.Lock)
	return h.run(ctx, cmd.CommandID, cmd.Caller, cmd.ID, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		if cmd.Lock {
			return r.Lock(cmd.Comment, f, at)
		}
		return r.Unlock(cmd.Comment, f, at)
	})
}
