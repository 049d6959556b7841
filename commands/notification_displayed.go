package commands

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/domain/notification"
	"portal/eventstore"
)

// MarkNotificationDisplayed is the command to record that a notification was shown as a
// toast (spec portal-core §7, PUT notification-app/displayed). Only the inbox's owner sends it.
type MarkNotificationDisplayed struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	ID        uuid.UUID // the notification
}

// MarkNotificationDisplayedHandler records displays.
type MarkNotificationDisplayedHandler struct {
	store eventstore.Store
	now   func() time.Time
}

// NewMarkNotificationDisplayedHandler needs the event store and the server clock.
func NewMarkNotificationDisplayedHandler(store eventstore.Store, now func() time.Time) (*MarkNotificationDisplayedHandler, error) {
	if store == nil || now == nil {
		return nil, errors.New("commands.NewMarkNotificationDisplayedHandler: nil dependency")
	}
	return &MarkNotificationDisplayedHandler{store: store, now: now}, nil
}

// Handle records the display. first is true for the call that recorded it and false when
// it was already displayed (by another tab or device): a notification is shown once (spec
// §4), so the web app shows the toast only when first is true. Concurrent calls are
// serialised by the stream's version: exactly one of them gets first. A notification that
// is not in the user's inbox (another user's or tenant's) is NotFound.
func (h *MarkNotificationDisplayedHandler) Handle(ctx context.Context, cmd MarkNotificationDisplayed) (first bool, err error) {
	defer wrap(&err, "MarkNotificationDisplayed(%s)", cmd.CommandID)
	events, err := decideInbox(ctx, h.store, h.now, inboxCommand{commandID: cmd.CommandID, tenant: cmd.Tenant, actor: cmd.UserID, owner: cmd.UserID},
		func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
			return b.MarkDisplayed(cmd.ID.String(), at)
		})
	if err != nil {
		return false, err
	}
	if len(events) == 0 {
		return false, nil
	}
	if d, ok := firstOf[notification.Displayed](events); !ok || d.ID != cmd.ID.String() {
		return false, idempotencyConflict()
	}
	return true, nil
}
