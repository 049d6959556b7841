package clock

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
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
type RemoveAddressHandler struct{ commands.LogHandler }

// NewRemoveAddressHandler needs the event store and the server clock.
func NewRemoveAddressHandler(store eventstore.Store, now func() time.Time) (*RemoveAddressHandler, error) {
	h, err := commands.NewLogHandler("NewRemoveAddressHandler", store, now)
	return &RemoveAddressHandler{h}, err
}

// Handle removes the address; an unknown ukey is NotFound. A retried command succeeds
// again without appending.
func (h *RemoveAddressHandler) Handle(ctx context.Context, cmd RemoveAddress) (err error) {
	defer commands.Wrap(&err, "RemoveAddress(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" {
		return errors.New("tenant, user and command id are required")
	}
	if cmd.EmployeeID == uuid.Nil {
		return commands.Forbidden("userHash")
	}
	on := commands.StreamCommand{Tenant: cmd.Tenant, Actor: cmd.UserID, Stream: clock.Stream(cmd.EmployeeID), CommandID: cmd.CommandID}
	events, err := commands.DecideOnStream(ctx, h.Store, h.Now, on, commands.Codec[clock.Event]{Decode: decodeClock, Encode: EncodeClock}, false, clock.New,
		func(c *clock.Clock, at time.Time) ([]clock.Event, error) { return c.RemoveAddress(cmd.UKey, at) })
	if err != nil {
		return err
	}
	if removed, ok := commands.FirstOf[clock.AddressRemoved](events); !ok || removed.UKey != cmd.UKey {
		return commands.IdempotencyConflict() // the command id was used for something else
	}
	return nil
}
