package notification

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/notification"
	"portal/eventstore"
)

// Create is the command to create a notification (spec portal-core §7, POST
// notification-app). The sender comes from the verified token; the recipient is the sender,
// or, for HR admins and managers, the user of the sender's tenant named by Draft.ToUserHash.
type Create struct {
	CommandID   string // CommandID(Idempotency-Key)
	Tenant      uuid.UUID
	SenderID    uuid.UUID
	SenderHash  string
	SenderRoles []string
	Draft       notification.Draft // from notification.ParseCreate
}

// Created is the notification as created.
type Created struct {
	ID        uuid.UUID
	UserID    uuid.UUID // the recipient
	UserHash  string
	Content   notification.Content
	CreatedAt time.Time
}

// Parties finds a notification's sender and recipient in the sender's tenant,
// in one read: the sender's display name (found is false when the tenant has no such user)
// and the id of the user whose hash is toHash (uuid.Nil: none).
type Parties interface {
	Parties(ctx context.Context, tenant, sender uuid.UUID, toHash string) (name string, found bool, recipient uuid.UUID, err error)
}

// CreateHandler creates notifications.
type CreateHandler struct {
	commands.LogHandler
	parties Parties
}

// NewCreateHandler needs the parties (PoolFacts), the event store and the server
// clock.
func NewCreateHandler(parties Parties, store eventstore.Store, now func() time.Time) (*CreateHandler, error) {
	h, err := commands.NewLogHandler("NewCreateHandler", store, now)
	if err == nil && parties == nil {
		err = errors.New("commands.NewCreateNotificationHandler: nil dependency")
	}
	return &CreateHandler{LogHandler: h, parties: parties}, err
}

// Handle creates the notification. A user who may not notify others gets Forbidden (on
// toUserHash) whoever the recipient is, so the answer tells nothing about other users; a
// recipient hash unknown in the sender's tenant (another tenant's user included) is
// NotFound. When options.from is empty it becomes the sender's display name, which the
// toast's wording shows. A retried command (same CommandID) answers the notification it
// created the first time.
func (h *CreateHandler) Handle(ctx context.Context, cmd Create) (res Created, err error) {
	defer commands.Wrap(&err, "Create(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.SenderID == uuid.Nil || cmd.CommandID == "" {
		return res, errors.New("tenant, sender and command id are required")
	}
	self := cmd.Draft.ToUserHash == "" || cmd.Draft.ToUserHash == cmd.SenderHash
	if !notification.MayNotify(cmd.SenderRoles, self) {
		return res, commands.Forbidden("toUserHash")
	}
	senderName, found, recipient, err := h.parties.Parties(ctx, cmd.Tenant, cmd.SenderID, cmd.Draft.ToUserHash)
	if err != nil {
		return res, err
	}
	if !found {
		return res, commands.Forbidden("userHash") // the token's user no longer exists
	}
	to, toHash := cmd.SenderID, cmd.SenderHash
	if !self {
		if recipient == uuid.Nil {
			return res, commands.NotFound("toUserHash")
		}
		to, toHash = recipient, cmd.Draft.ToUserHash
	}
	content := cmd.Draft.Content
	if content.Options.From == "" {
		content.Options.From = commands.TruncateRunes(senderName, notification.MaxFrom)
	}
	stream := notification.Stream(to)
	id := commands.DeriveID(cmd.Tenant, stream, cmd.CommandID, "notification")
	events, err := commands.DecideInbox(ctx, h.Store, h.Now, commands.OnInbox{CommandID: cmd.CommandID, Tenant: cmd.Tenant, Actor: cmd.SenderID, Owner: to},
		func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
			return b.Create(notification.Create{
				ID: id.String(), UserID: to.String(), UserHash: toHash, SenderID: cmd.SenderID.String(), Content: content,
			}, at)
		})
	if err != nil {
		return res, err
	}
	created, ok := commands.FirstOf[notification.Created](events)
	if !ok {
		return res, commands.IdempotencyConflict()
	}
	res.ID, _ = uuid.Parse(created.ID)
	res.UserID, _ = uuid.Parse(created.UserID)
	res.UserHash, res.Content, res.CreatedAt = created.UserHash, created.Content, created.CreatedAt.UTC()
	return res, nil
}
