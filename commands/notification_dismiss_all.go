package commands

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/domain/notification"
	"portal/eventstore"
)

// DismissAllNotifications is the command to empty the notification panel (spec
// portal-core §2, §7 POST notification-app/dismiss-all).
type DismissAllNotifications struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
}

// DismissAllNotificationsHandler empties panels.
type DismissAllNotificationsHandler struct {
	store eventstore.Store
	now   func() time.Time
}

// NewDismissAllNotificationsHandler needs the event store and the server clock.
func NewDismissAllNotificationsHandler(store eventstore.Store, now func() time.Time) (*DismissAllNotificationsHandler, error) {
	if store == nil || now == nil {
		return nil, errors.New("commands.NewDismissAllNotificationsHandler: nil dependency")
	}
	return &DismissAllNotificationsHandler{store: store, now: now}, nil
}

// Handle dismisses every notification not yet dismissed and returns how many it dismissed
// (0 when the panel was empty: no event). A retried command answers its first count.
func (h *DismissAllNotificationsHandler) Handle(ctx context.Context, cmd DismissAllNotifications) (n int, err error) {
	defer wrap(&err, "DismissAllNotifications(%s)", cmd.CommandID)
	events, err := decideInbox(ctx, h.store, h.now, inboxCommand{commandID: cmd.CommandID, tenant: cmd.Tenant, actor: cmd.UserID, owner: cmd.UserID},
		func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
			return b.DismissAll(at)
		})
	if err != nil || len(events) == 0 {
		return 0, err
	}
	all, ok := firstOf[notification.AllDismissed](events)
	if !ok {
		return 0, idempotencyConflict()
	}
	return len(all.IDs), nil
}
