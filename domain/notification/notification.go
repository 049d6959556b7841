// Package notification is the user's notification inbox (spec portal-core §2 "Notification
// panel" and toasts, §3 Notification entity, §4 "Notifications arrive through a push
// connection ... and appear once each as toasts", §7 notification-app calls).
//
// An Inbox is one per user (stream "notification-<userId>"): notifications are created for
// the user, shown once as a toast (displayed) and dismissed one by one or all at once. The
// package is pure: no I/O, no clock (time is passed in), no JSON tags. Decide methods return
// events; Apply only changes state.
package notification

import (
	"time"

	"portal/domain"
)

// Roles that may notify another user of their tenant (spec portal-core §6: HR admin and
// manager). Everyone may notify themselves.
const (
	RoleHRAdmin = "pwa-rh-adm"
	RoleManager = "pwa-rh-ges"
)

// MayNotify tells whether a sender holding roles may create a notification for the
// recipient: always for themselves, for another user of the same tenant only as HR admin or
// manager. The tenant boundary is the caller's to keep: it looks the recipient up in the
// sender's tenant only, so a user of another tenant is never a recipient at all.
func MayNotify(senderRoles []string, self bool) bool {
	if self {
		return true
	}
	for _, r := range senderRoles {
		if r == RoleHRAdmin || r == RoleManager {
			return true
		}
	}
	return false
}

// Create is the command to create a notification in an inbox. The command layer fills the
// ids; Content comes from ParseCreate.
type Create struct {
	ID       string // the new notification's id
	UserID   string // the recipient (the inbox's owner)
	UserHash string // the recipient's hash, so pushes and answers need no lookup
	SenderID string // who created it (the recipient itself or an HR admin or manager)
	Content  Content
}

type state struct {
	displayed, dismissed bool
}

// Inbox is a user's notifications and whether each was displayed and dismissed.
type Inbox struct {
	items map[string]state
	order []string // ids in creation order
}

// New returns an empty inbox.
func New() *Inbox { return &Inbox{items: map[string]state{}} }

// Len is the number of notifications ever created in the inbox.
func (b *Inbox) Len() int { return len(b.order) }

// Pending returns the ids of notifications not dismissed, oldest first.
func (b *Inbox) Pending() []string {
	var out []string
	for _, id := range b.order {
		if !b.items[id].dismissed {
			out = append(out, id)
		}
	}
	return out
}

// Has tells whether the inbox holds the notification id, and its flags.
func (b *Inbox) Has(id string) (displayed, dismissed, ok bool) {
	s, ok := b.items[id]
	return s.displayed, s.dismissed, ok
}

// Create decides a new notification at now. The content must have passed validation (it is
// checked again, so a command built by hand cannot skip it); an id already used is a
// Conflict.
func (b *Inbox) Create(cmd Create, now time.Time) ([]Event, error) {
	for _, f := range []struct{ name, v string }{{"id", cmd.ID}, {"userId", cmd.UserID}, {"senderId", cmd.SenderID}} {
		if f.v == "" {
			return nil, domain.InvalidField(f.name, domain.KeyRequired)
		}
	}
	c, err := cmd.Content.Normalize()
	if err != nil {
		return nil, err
	}
	if _, exists := b.items[cmd.ID]; exists {
		return nil, &domain.Error{Kind: domain.Conflict, Field: "id", Key: domain.KeyInvalid}
	}
	return []Event{Created{
		ID: cmd.ID, UserID: cmd.UserID, UserHash: cmd.UserHash, SenderID: cmd.SenderID,
		Content: c, CreatedAt: now,
	}}, nil
}

// MarkDisplayed decides that the notification was shown as a toast. Showing is once per
// notification (spec §4): the first call gives Displayed, later calls give no event, which
// the caller answers as "already displayed" so that a second tab shows no second toast.
func (b *Inbox) MarkDisplayed(id string, now time.Time) ([]Event, error) {
	s, err := b.find(id)
	if err != nil {
		return nil, err
	}
	if s.displayed {
		return nil, nil
	}
	return []Event{Displayed{ID: id, DisplayedAt: now}}, nil
}

// Dismiss decides removing a notification from the panel. Dismissing it again changes
// nothing and gives no event.
func (b *Inbox) Dismiss(id string, now time.Time) ([]Event, error) {
	s, err := b.find(id)
	if err != nil {
		return nil, err
	}
	if s.dismissed {
		return nil, nil
	}
	return []Event{Dismissed{ID: id, DismissedAt: now}}, nil
}

// DismissAll decides emptying the panel: one AllDismissed naming every notification not yet
// dismissed, or no event when there is none.
func (b *Inbox) DismissAll(now time.Time) ([]Event, error) {
	ids := b.Pending()
	if len(ids) == 0 {
		return nil, nil
	}
	return []Event{AllDismissed{IDs: ids, DismissedAt: now}}, nil
}

func (b *Inbox) find(id string) (state, error) {
	if id == "" {
		return state{}, domain.InvalidField("id", domain.KeyRequired)
	}
	s, ok := b.items[id]
	if !ok {
		return state{}, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	return s, nil
}

// Apply changes the inbox by an event; events about unknown notifications are ignored.
func (b *Inbox) Apply(e Event) {
	switch e := e.(type) {
	case Created:
		if _, ok := b.items[e.ID]; !ok {
			b.order = append(b.order, e.ID)
			b.items[e.ID] = state{}
		}
	case Displayed:
		b.set(e.ID, func(s *state) { s.displayed = true })
	case Dismissed:
		b.set(e.ID, func(s *state) { s.dismissed = true })
	case AllDismissed:
		for _, id := range e.IDs {
			b.set(id, func(s *state) { s.dismissed = true })
		}
	}
}

func (b *Inbox) set(id string, f func(*state)) {
	if s, ok := b.items[id]; ok {
		f(&s)
		b.items[id] = s
	}
}
