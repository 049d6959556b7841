package commands

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/domain/notification"
	"portal/eventstore"
)

// DismissNotification is the command to remove a notification from the panel (spec
// portal-core §2, §7 POST notification-app/dismiss). Only the inbox's owner sends it.
type DismissNotification struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	ID        uuid.UUID // the notification
}

// DismissNotificationHandler dismisses notifications.
type DismissNotificationHandler struct {
	store eventstore.Store
	now   func() time.Time
}

// NewDismissNotificationHandler needs the event store and the server clock.
func NewDismissNotificationHandler(store eventstore.Store, now func() time.Time) (*DismissNotificationHandler, error) {
	if store == nil || now == nil {
		return nil, errors.New("commands.NewDismissNotificationHandler: nil dependency")
	}
	return &DismissNotificationHandler{store: store, now: now}, nil
}

// Handle dismisses the notification; dismissing it again succeeds without an event. A
// notification that is not in the user's inbox (another user's or tenant's) is NotFound.
func (h *DismissNotificationHandler) Handle(ctx context.Context, cmd DismissNotification) (err error) {
	defer wrap(&err, "DismissNotification(%s)", cmd.CommandID)
	events, err := decideInbox(ctx, h.store, h.now, inboxCommand{commandID: cmd.CommandID, tenant: cmd.Tenant, actor: cmd.UserID, owner: cmd.UserID},
		func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
			return b.Dismiss(cmd.ID.String(), at)
		})
	if err != nil {
		return err
	}
	if len(events) > 0 {
		if d, ok := firstOf[notification.Dismissed](events); !ok || d.ID != cmd.ID.String() {
			return idempotencyConflict()
		}
	}
	return nil
}
