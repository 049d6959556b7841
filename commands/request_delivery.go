package commands

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	rq "portal/domain/request"
	"portal/eventstore"
)

// ChangeDelivery is POST requestDelivery/status: the deliverer sets the delivery status.
type ChangeDelivery struct {
	CommandID string
	Caller    RequestCaller
	ID        uuid.UUID
	Status    rq.Delivery
	Comment   string
}

// ChangeDeliveryHandler records delivery changes.
type ChangeDeliveryHandler struct{ requestHandler }

// NewChangeDeliveryHandler refuses nil dependencies.
func NewChangeDeliveryHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*ChangeDeliveryHandler, error) {
	h, err := newRequestHandler("NewChangeDeliveryHandler", pool, store, now)
	return &ChangeDeliveryHandler{h}, err
}

// Handle records the change.
func (h *ChangeDeliveryHandler) Handle(ctx context.Context, cmd ChangeDelivery) (r *rq.Request, err error) {
	defer wrap(&err, "ChangeDelivery(%s %s)", cmd.ID, cmd.Status)
	return h.run(ctx, cmd.CommandID, cmd.Caller, cmd.ID, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.ChangeDelivery(cmd.Status, cmd.Comment, f, at)
	})
}
