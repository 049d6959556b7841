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
type RemoveAddressHandler struct{ LogHandler }

// NewRemoveAddressHandler needs the event store and the server clock.
func NewRemoveAddressHandler(store eventstore.Store, now func() time.Time) (*RemoveAddressHandler, error) {
	h, err := NewLogHandler("NewRemoveAddressHandler", store, now)
	return &RemoveAddressHandler{h}, err
}

// Handle removes the address; an unknown ukey is NotFound. A retried command succeeds
// again without appending.
func (h *RemoveAddressHandler) Handle(ctx context.Context, cmd RemoveAddress) (err error) {
	defer Wrap(&err, "RemoveAddress(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" {
		return errors.New("tenant, user and command id are required")
	}
	if cmd.EmployeeID == uuid.Nil {
		return Forbidden("userHash")
	}
	on := StreamCommand{Tenant: cmd.Tenant, Actor: cmd.UserID, Stream: eventstore.StreamName("clock", cmd.EmployeeID), CommandID: cmd.CommandID}
	events, err := DecideOnStream(ctx, h.Store, h.Now, on, Codec[clock.Event]{decodeClock, EncodeClock}, false, clock.New,
		func(c *clock.Clock, at time.Time) ([]clock.Event, error) { return c.RemoveAddress(cmd.UKey, at) })
	if err != nil {
		return err
	}
	if removed, ok := FirstOf[clock.AddressRemoved](events); !ok || removed.UKey != cmd.UKey {
		return IdempotencyConflict() // the command id was used for something else
	}
	return nil
}
