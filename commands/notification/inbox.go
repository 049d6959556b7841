package notification

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/notification"
	"portal/eventstore"
)

// InboxCommand is a command of an inbox's owner on their own notifications (spec portal-core
// §2, §7 notification-app): only the owner sends it.
type InboxCommand struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
}

// Inboxes runs the owners' commands on their inboxes: mark a notification displayed, dismiss
// one, dismiss all. A notification that is not in the user's inbox (another user's or
// tenant's) is NotFound.
type Inboxes struct{ commands.LogHandler }

// NewInboxes needs the event store and the server clock.
func NewInboxes(store eventstore.Store, now func() time.Time) (*Inboxes, error) {
	h, err := commands.NewLogHandler("NewInboxes", store, now)
	return &Inboxes{h}, err
}

// decide runs one owner's command on their inbox.
func (h *Inboxes) decide(ctx context.Context, cmd InboxCommand,
	decide func(b *notification.Inbox, at time.Time) ([]notification.Event, error)) ([]notification.Event, error) {
	return commands.DecideInbox(ctx, h.Store, h.Now, commands.OnInbox{CommandID: cmd.CommandID, Tenant: cmd.Tenant, Actor: cmd.UserID, Owner: cmd.UserID}, decide)
}

// MarkDisplayed records that notification id was shown as a toast (PUT
// notification-app/displayed). first is true for the call that recorded it and false when it
// was already displayed (by another tab or device): a notification is shown once (spec §4),
// so the web app shows the toast only when first is true. Concurrent calls are serialised by
// the stream's version: exactly one of them gets first.
func (h *Inboxes) MarkDisplayed(ctx context.Context, cmd InboxCommand, id uuid.UUID) (first bool, err error) {
	defer commands.Wrap(&err, "MarkNotificationDisplayed(%s)", cmd.CommandID)
	events, err := h.decide(ctx, cmd, func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
		return b.MarkDisplayed(id.String(), at)
	})
	if err != nil || len(events) == 0 {
		return false, err
	}
	if d, ok := commands.FirstOf[notification.Displayed](events); !ok || d.ID != id.String() {
		return false, commands.IdempotencyConflict()
	}
	return true, nil
}

// Dismiss removes notification id from the panel (POST notification-app/dismiss); dismissing
// it again succeeds without an event.
func (h *Inboxes) Dismiss(ctx context.Context, cmd InboxCommand, id uuid.UUID) (err error) {
	defer commands.Wrap(&err, "DismissNotification(%s)", cmd.CommandID)
	events, err := h.decide(ctx, cmd, func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
		return b.Dismiss(id.String(), at)
	})
	if err != nil || len(events) == 0 {
		return err
	}
	if d, ok := commands.FirstOf[notification.Dismissed](events); !ok || d.ID != id.String() {
		return commands.IdempotencyConflict()
	}
	return nil
}

// DismissAll empties the panel (POST notification-app/dismiss-all) and returns how many it
// dismissed (0 when the panel was empty: no event). A retried command answers its first count.
func (h *Inboxes) DismissAll(ctx context.Context, cmd InboxCommand) (n int, err error) {
	defer commands.Wrap(&err, "DismissAllNotifications(%s)", cmd.CommandID)
	events, err := h.decide(ctx, cmd, func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
		return b.DismissAll(at)
	})
	if err != nil || len(events) == 0 {
		return 0, err
	}
	all, ok := commands.FirstOf[notification.AllDismissed](events)
	if !ok {
		return 0, commands.IdempotencyConflict()
	}
	return len(all.IDs), nil
}
