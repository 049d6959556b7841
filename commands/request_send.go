package commands

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	rq "portal/domain/request"
	"portal/eventstore"
)

// SendRequest is POST api/cac-app/request/send?requestId: a draft goes to its chain.
type SendRequest struct {
	CommandID string
	Caller    RequestCaller
	ID        uuid.UUID
}

// SendRequestHandler sends drafts to their approvers.
type SendRequestHandler struct{ requestHandler }

// NewSendRequestHandler refuses nil dependencies.
func NewSendRequestHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*SendRequestHandler, error) {
	h, err := newRequestHandler("NewSendRequestHandler", pool, store, now)
	return &SendRequestHandler{h}, err
}

// Handle sends the request with the chain its type has now (taken into the event, so later
// configuration changes do not move requests already under way).
func (h *SendRequestHandler) Handle(ctx context.Context, cmd SendRequest) (r *rq.Request, err error) {
	defer wrap(&err, "SendRequest(%s)", cmd.ID)
	return h.run(ctx, cmd.CommandID, cmd.Caller, cmd.ID, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		chain, err := loadChain(ctx, h.pool, cmd.Caller.Tenant, r.Origin, r.Subject.EmployeeID)
		if err != nil {
			return nil, err
		}
		return r.Send(chain, f, at)
	})
}
