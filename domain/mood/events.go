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

// CheckedInData is the stored JSON of mood.checked_in.v1, declared once: the command writes
// it and the projections read it (docs/api.md "Events of the mood check-in"). Levels are
// numbers with one decimal, the time is the server's, UTC RFC 3339.
type CheckedInData struct {
	ID          string    `json:"id"`
	UserID      string    `json:"userId"`
	UserHash    string    `json:"userHash"`
	EmployeeID  string    `json:"employeeId,omitempty"`
	Humor       float64   `json:"humor"`
	Energy      float64   `json:"energy"`
	CheckedInAt time.Time `json:"checkedInAt"`
}
