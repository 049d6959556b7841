package mood

import "time"

// Event is something that happened to a Journal. Its type string is stable and independent
// of the Go name; the command and projection layers map events to and from JSON by it.
type Event interface {
	EventType() string
}

// TypeCheckedIn is the stable type of CheckedIn (docs/api.md "Events of the mood check-in").
const TypeCheckedIn = "mood.checked_in.v1"

// CheckedIn says a user recorded their humor and energy at the server's time.
type CheckedIn struct {
	ID          string
	UserID      string
	UserHash    string
	EmployeeID  string
	Humor       Level
	Energy      Level
	CheckedInAt time.Time // the server's clock
}

// EventType implements Event.
func (CheckedIn) EventType() string { return TypeCheckedIn }

var _ Event = CheckedIn{}
