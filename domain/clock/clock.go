// Package clock is the quick time clock (spec portal-core §3-§5, §9): an employee punches a
// mark from a selected address, the server checks status, layoff and virtual fences, and keeps
// a small address book of places the employee punched from.
//
// The package is pure: no I/O, no clock (time is passed in), no JSON tags. The Clock aggregate
// is one per employee (stream "clock-<employeeId>"); its decide methods return events and
// Apply only changes state.
package clock

import (
	"strings"
	"time"
)

// MaxSavedAddresses is the size of the address book (spec portal-core §5, §9).
const MaxSavedAddresses = 5

// SavedAddress is an address book entry.
type SavedAddress struct {
	UKey     string
	Address  string
	Lat, Lon float64
	SavedAt  time.Time
}

// Position returns where the address is.
func (a SavedAddress) Position() Position { return Position{Lat: a.Lat, Lon: a.Lon} }

// Clock is an employee's time clock: the address book and how many marks were registered.
type Clock struct {
	addresses []SavedAddress // in the order they were saved
	marks     int
	refused   int
}

// New returns the Clock of an employee who never punched.
func New() *Clock { return &Clock{} }

// Addresses returns a copy of the address book, oldest first.
func (c *Clock) Addresses() []SavedAddress {
	return append([]SavedAddress(nil), c.addresses...)
}

// Clone returns an independent copy, so a cached state can be decided on and discarded.
func (c *Clock) Clone() *Clock {
	d := *c
	d.addresses = c.Addresses()
	return &d
}

// Marks is the number of marks in the stream: punched, or recorded by HR.
func (c *Clock) Marks() int { return c.marks }

// Refused is the number of refused attempts.
func (c *Clock) Refused() int { return c.refused }

// Apply changes the state by one event; it never refuses (events are facts).
func (c *Clock) Apply(e Event) {
	switch e := e.(type) {
	case MarkRegistered, MarkRecordedByHR:
		c.marks++
	case MarkRefused:
		c.refused++
	case AddressSaved:
		c.removeAddress(e.UKey) // a repeated key replaces the entry
		c.addresses = append(c.addresses, SavedAddress{UKey: e.UKey, Address: e.Address, Lat: e.Lat, Lon: e.Lon, SavedAt: e.SavedAt})
	case AddressRemoved:
		c.removeAddress(e.UKey)
	}
}

func (c *Clock) removeAddress(ukey string) bool {
	for i, a := range c.addresses {
		if a.UKey == ukey {
			c.addresses = append(c.addresses[:i:i], c.addresses[i+1:]...)
			return true
		}
	}
	return false
}

func (c *Clock) hasAddress(p Place) bool {
	for _, a := range c.addresses {
		if sameText(a.Address, p.Address) || Distance(a.Position(), p.Position) <= SameAddressRadius {
			return true
		}
	}
	return false
}

// sameText compares addresses ignoring case and runs of spaces.
func sameText(a, b string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
}
