package commands

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/domain/notification"
	"portal/eventstore"
)

// encodeNotification maps a notification event to the event store's shape.
func EncodeNotification(id uuid.UUID, e notification.Event) (eventstore.EventData, error) {
	var v any
	switch e := e.(type) {
	case notification.Created:
		o := e.Content.Options
		v = notification.CreatedData{
			ID: e.ID, UserID: e.UserID, UserHash: e.UserHash, SenderID: e.SenderID, Message: e.Content.Message,
			Options: notification.OptionsData{Variant: string(o.Variant), Classification: int(o.Classification),
				From: o.From, Header: o.Header, Link: o.Link},
			CreatedAt: e.CreatedAt.UTC(),
		}
	case notification.Displayed:
		v = notification.DisplayedData{ID: e.ID, DisplayedAt: e.DisplayedAt.UTC()}
	case notification.Dismissed:
		v = notification.DismissedData{ID: e.ID, DismissedAt: e.DismissedAt.UTC()}
	case notification.AllDismissed:
		v = notification.AllDismissedData{IDs: e.IDs, DismissedAt: e.DismissedAt.UTC()}
	default:
		return eventstore.EventData{}, fmt.Errorf("encode notification event %T", e)
	}
	return EventData(id, e.EventType(), v)
}

// decodeNotification maps a stored event of a notification stream back to the domain.
func decodeNotification(re eventstore.RecordedEvent) (notification.Event, error) {
	switch re.Type {
	case notification.TypeCreated:
		return DecodeAs(re, notificationCreated)
	case notification.TypeDisplayed:
		return DecodeAs(re, func(j notification.DisplayedData) notification.Event {
			return notification.Displayed{ID: j.ID, DisplayedAt: j.DisplayedAt}
		})
	case notification.TypeDismissed:
		return DecodeAs(re, func(j notification.DismissedData) notification.Event {
			return notification.Dismissed{ID: j.ID, DismissedAt: j.DismissedAt}
		})
	case notification.TypeAllDismissed:
		return DecodeAs(re, func(j notification.AllDismissedData) notification.Event {
			return notification.AllDismissed{IDs: j.IDs, DismissedAt: j.DismissedAt}
		})
	}
	return nil, UnknownType(re)
}

// notificationCreated maps a stored new notification back to the domain.
func notificationCreated(j notification.CreatedData) notification.Event {
	return notification.Created{
		ID: j.ID, UserID: j.UserID, UserHash: j.UserHash, SenderID: j.SenderID, CreatedAt: j.CreatedAt,
		Content: notification.Content{Message: j.Message, Options: notification.Options{
			Variant: notification.Variant(j.Options.Variant), Classification: notification.Classification(j.Options.Classification),
			From: j.Options.From, Header: j.Options.Header, Link: j.Options.Link}},
	}
}

// onInbox is one command on a user's inbox: whose inbox, which command. The notification
// commands, the request notices and the vacation alerts write to inboxes.
type OnInbox struct {
	CommandID string
	Tenant    uuid.UUID
	Actor     uuid.UUID // who asks (the sender of a new notification, else the owner)
	Owner     uuid.UUID // whose inbox
}

// decideInbox loads the owner's inbox, lets decide choose the events and appends them with
// the expected version, retrying on a concurrent append. It returns the events the command
// appended. When the command had already been carried out (a retried command id) they are
// the events it appended the first time, and decide is not asked again. A command that
// appended nothing the first time decides again, which for the notification commands gives
// nothing again.
func DecideInbox(ctx context.Context, store eventstore.Store, now func() time.Time, cmd OnInbox,
	decide func(b *notification.Inbox, at time.Time) ([]notification.Event, error)) ([]notification.Event, error) {
	if cmd.Tenant == uuid.Nil || cmd.Actor == uuid.Nil || cmd.Owner == uuid.Nil || cmd.CommandID == "" {
		return nil, fmt.Errorf("tenant, users and command id are required")
	}
	on := StreamCommand{Tenant: cmd.Tenant, Actor: cmd.Actor, Stream: notification.Stream(cmd.Owner), CommandID: cmd.CommandID}
	return DecideOnStream(ctx, store, now, on, Codec[notification.Event]{decodeNotification, EncodeNotification}, false, notification.New, decide)
}

// Notice is one notification a command sends to a user's inbox.
type Notice struct {
	CommandID string
	Tenant    uuid.UUID
	Sender    uuid.UUID // who sends it (the actor)
	To        uuid.UUID // whose inbox
	ToHash    string    // the addressee's userHash
	Content   notification.Content
}

// Notify creates n in the addressee's inbox (DecideInbox): the notification id is derived
// from the command, so a retried command creates it once.
func Notify(ctx context.Context, store eventstore.Store, now func() time.Time, n Notice) error {
	content, err := n.Content.Normalize()
	if err != nil {
		return err
	}
	id := DeriveID(n.Tenant, notification.Stream(n.To), n.CommandID, "notification")
	_, err = DecideInbox(ctx, store, now, OnInbox{CommandID: n.CommandID, Tenant: n.Tenant, Actor: n.Sender, Owner: n.To},
		func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
			return b.Create(notification.Create{ID: id.String(), UserID: n.To.String(), UserHash: n.ToHash,
				SenderID: n.Sender.String(), Content: content}, at)
		})
	return err
}
