package notification

import "time"

// Event is something that happened to an Inbox. Its type string is stable and independent of
// the Go name; the command and projection layers map events to and from JSON by it.
type Event interface {
	EventType() string
}

// Stable event type strings (the event contract, docs/api.md "Events of the notifications").
const (
	TypeCreated      = "notification.created.v1"
	TypeDisplayed    = "notification.displayed.v1"
	TypeDismissed    = "notification.dismissed.v1"
	TypeAllDismissed = "notification.all_dismissed.v1"
)

// Created says a notification was created for a user.
type Created struct {
	ID        string
	UserID    string
	UserHash  string
	SenderID  string
	Content   Content
	CreatedAt time.Time
}

// Displayed says the notification was shown to the user as a toast.
type Displayed struct {
	ID          string
	DisplayedAt time.Time
}

// Dismissed says the user removed the notification from the panel.
type Dismissed struct {
	ID          string
	DismissedAt time.Time
}

// AllDismissed says the user emptied the panel; IDs are the notifications it dismissed,
// oldest first, so readers need not know what the inbox held.
type AllDismissed struct {
	IDs         []string
	DismissedAt time.Time
}

// EventType implements Event.
func (Created) EventType() string { return TypeCreated }

// EventType implements Event.
func (Displayed) EventType() string { return TypeDisplayed }

// EventType implements Event.
func (Dismissed) EventType() string { return TypeDismissed }

// EventType implements Event.
func (AllDismissed) EventType() string { return TypeAllDismissed }

var (
	_ Event = Created{}
	_ Event = Displayed{}
	_ Event = Dismissed{}
	_ Event = AllDismissed{}
)
