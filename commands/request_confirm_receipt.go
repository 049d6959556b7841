package commands

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	rq "portal/domain/request"
	"portal/eventstore"
)

// ConfirmReceipt is POST requestDelivery/confirmReceipt: the requester got the delivery.
type ConfirmReceipt struct {
	CommandID string
	Caller    RequestCaller
	ID        uuid.UUID
	Comment   string
}

// ConfirmReceiptHandler records receipts.
type ConfirmReceiptHandler struct{ requestHandler }

// NewConfirmReceiptHandler refuses nil dependencies.
func NewConfirmReceiptHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*ConfirmReceiptHandler, error) {
	h, err := newRequestHandler("NewConfirmReceiptHandler", pool, store, now)
	return &ConfirmReceiptHandler{h}, err
}

// Handle records the receipt.
func (h *ConfirmReceiptHandler) Handle(ctx context.Context, cmd ConfirmReceipt) (r *rq.Request, err error) {
	defer wrap(&err, "ConfirmReceipt(%s)", cmd.ID)
	return h.run(ctx, cmd.CommandID, cmd.Caller, cmd.ID, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.ConfirmReceipt(cmd.Comment, f, at)
	})
}
