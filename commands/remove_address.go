package commands

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/domain/clock"
	"portal/eventstore"
)

// RemoveAddress is the command to remove a saved time-clock address (spec portal-core §5,
// §7 DELETE historico-endereco-ponto).
type RemoveAddress struct {
	CommandID  string
	Tenant     uuid.UUID
	UserID     uuid.UUID
	EmployeeID uuid.UUID
	UKey       string
}

// RemoveAddressHandler removes saved addresses.
type RemoveAddressHandler struct{ logHandler }

// NewRemoveAddressHandler needs the event store and the server clock.
func NewRemoveAddressHandler(store eventstore.Store, now func() time.Time) (*RemoveAddressHandler, error) {
	h, err := newLogHandler("NewRemoveAddressHandler", store, now)
	return &RemoveAddressHandler{h}, err
}

// Handle removes the address; an unknown ukey is NotFound. A retried command succeeds
// again without appending.
func (h *RemoveAddressHandler) Handle(ctx context.Context, cmd RemoveAddress) (err error) {
	defer wrap(&err, "RemoveAddress(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" {
		return errors.New("tenant, user and command id are required")
	}
	if cmd.EmployeeID == uuid.Nil {
		return forbidden("userHash")
	}
	stream := eventstore.StreamName("clock", cmd.EmployeeID)
	return withRetry(func() error { return h.attempt(ctx, cmd, stream) })
}

func (h *RemoveAddressHandler) attempt(ctx context.Context, cmd RemoveAddress, stream string) error {
	recorded, err := h.store.ReadStream(ctx, cmd.Tenant, stream, 0)
	if err != nil {
		return err
	}
	first := eventID(cmd.Tenant, stream, cmd.CommandID, 0)
	agg, prior, err := loadClock(recorded, first)
	if err != nil {
		return err
	}
	if prior != nil {
		if removed, ok := prior.(clock.AddressRemoved); ok && removed.UKey == cmd.UKey {
			return nil
		}
		return idempotencyConflict()
	}
	events, err := agg.RemoveAddress(cmd.UKey, h.now().Truncate(time.Microsecond))
	if err != nil {
		return err
	}
	data, err := EncodeClock(first, events[0])
	if err != nil {
		return err
	}
	res, err := h.store.Append(ctx, metaOf(cmd.Tenant, cmd.UserID, stream, cmd.CommandID), stream, expectedVersion(recorded), data)
	if err != nil {
		return err
	}
	if res.Duplicate {
		return errRetry
	}
	return nil
}
