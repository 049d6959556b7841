package clock

import "time"

// Event is something that happened to a Clock. Its type string is stable and independent of
// the Go name; the command and projection layers map events to and from JSON by it.
type Event interface {
	EventType() string
}

// Stable event type strings (the event contract shared with the seed data and projections).
const (
	TypeMarkRegistered = "clock.mark_registered.v1"
	TypeMarkRefused    = "clock.mark_refused.v1"
	TypeAddressSaved   = "clock.address_saved.v1"
	TypeAddressRemoved = "clock.address_removed.v1"
)

// Refusal reasons, which are also the i18n message keys of the 422 answer
// (spec portal-core §8, docs/api.md).
const (
	ReasonOutsideArea = "fora_da_area"
	ReasonLayoff      = "periodo_afastamento"
	ReasonInactive    = "colaborador_inativo"
)

// Mark is what an attempt to punch carries, registered or refused.
type Mark struct {
	MarkID     string
	EmployeeID string
	UserID     string
	UserHash   string    // lets the push tell the web app whose mark it is without a lookup
	RecordedAt time.Time // the server's clock, never the client's
	ClientTime string    // the client's n09_001_t, YYYY-MM-DDTHH:mm:ss, informative only
	ByGoogle   bool
	Selected   Place
	Captured   *Place        // nil when the browser gave no position
	Nearest    *NearestFence // computed by the server from Captured; nil without fences or position
}

// MarkRegistered says a time-clock mark was accepted.
type MarkRegistered struct{ Mark }

// MarkRefused says an attempt to punch was refused by a business rule; it is kept for the
// audit trail and never counts as a mark.
type MarkRefused struct {
	Mark
	Reason string // one of the Reason constants
}

// AddressSaved says an address was added to the employee's address book.
type AddressSaved struct {
	UKey     string
	Address  string
	Lat, Lon float64
	SavedAt  time.Time
}

// AddressRemoved says an address was removed from the address book.
type AddressRemoved struct {
	UKey      string
	RemovedAt time.Time
}

// EventType implements Event.
func (MarkRegistered) EventType() string { return TypeMarkRegistered }

// EventType implements Event.
func (MarkRefused) EventType() string { return TypeMarkRefused }

// EventType implements Event.
func (AddressSaved) EventType() string { return TypeAddressSaved }

// EventType implements Event.
func (AddressRemoved) EventType() string { return TypeAddressRemoved }

var (
	_ Event = MarkRegistered{}
	_ Event = MarkRefused{}
	_ Event = AddressSaved{}
	_ Event = AddressRemoved{}
)
