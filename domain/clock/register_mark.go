package clock

import (
	"time"

	"portal/domain"
)

// Limits of the registration payload (spec portal-core §3, §5; docs/api.md).
const (
	MaxText         = 255 // characters of any text field
	MaxClientFences = 50  // items of cercaVirtual
)

// RegisterMark is the command to punch. ParsePayload fills the payload fields from the
// request body; the command layer fills the ids from the verified token and the command id.
type RegisterMark struct {
	MarkID     string
	EmployeeID string
	UserID     string
	UserHash   string
	// AddressKey is the ukey the selected address gets if this mark saves it.
	AddressKey string

	ClientTime string // n09_001_t, YYYY-MM-DDTHH:mm:ss
	ByGoogle   bool
	Selected   Place
	Captured   *Place
	// ClientFences and ClientNearest are what the browser believed (cercaVirtual,
	// cercaProxima). They are validated and otherwise ignored: the server decides with its own
	// fences and its own distance.
	ClientFences  []Fence
	ClientNearest *NearestFence
}

// Status is an employee's employment status.
type Status string

// Statuses (migrations/00002_tenancy.sql employees.status).
const (
	Active   Status = "active"
	Away     Status = "away"
	Inactive Status = "inactive"
)

// Period is a layoff period of whole local days, both ends included. A zero Start or End
// leaves that side open.
type Period struct{ Start, End time.Time }

// Covers tells whether the local day of t falls in the period.
func (p Period) Covers(t time.Time) bool {
	day := dayOf(t)
	if p.Start.IsZero() && p.End.IsZero() {
		return false
	}
	if !p.Start.IsZero() && day.Before(dayOf(p.Start)) {
		return false
	}
	if !p.End.IsZero() && day.After(dayOf(p.End)) {
		return false
	}
	return true
}

// dayOf is the calendar day of t in t's own location, as midnight UTC, so days compare.
func dayOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Employee is what the rules need to know about the employee who punches, read from the
// supporting tables (not from the request).
type Employee struct {
	Status Status
	Layoff []Period
	Fences []Fence
}

// RegisterMark decides a punch at now (the server's clock, in the tenant's zone so that
// "today" is the local day). It returns MarkRegistered, plus AddressSaved when the selected
// address is new and the book has room, or a single MarkRefused when a rule says no. A
// malformed command is an Invalid error and no event.
//
// Refusal rules, in order (spec portal-core §4, §8): away or inactive employees cannot punch;
// a layoff period covering today blocks punching; an employee with fences must be within the
// radius of one of them (a fence without its own radius: the outer ring, 500 m), measured
// from the captured position.
func (c *Clock) RegisterMark(cmd RegisterMark, emp Employee, now time.Time) ([]Event, error) {
	if err := cmd.Validate(); err != nil {
		return nil, err
	}
	for _, f := range []struct{ name, v string }{
		{"markId", cmd.MarkID}, {"employeeId", cmd.EmployeeID}, {"userId", cmd.UserID}, {"addressKey", cmd.AddressKey},
	} {
		if f.v == "" {
			return nil, domain.InvalidField(f.name, domain.KeyRequired)
		}
	}
	mark := Mark{
		MarkID:     cmd.MarkID,
		EmployeeID: cmd.EmployeeID,
		UserID:     cmd.UserID,
		UserHash:   cmd.UserHash,
		RecordedAt: now,
		ClientTime: cmd.ClientTime,
		ByGoogle:   cmd.ByGoogle,
		Selected:   cmd.Selected,
		Captured:   clonePlace(cmd.Captured),
	}
	if cmd.Captured != nil {
		if n, ok := Nearest(emp.Fences, cmd.Captured.Position); ok {
			mark.Nearest = &n
		}
	}

	if reason := refusal(emp, mark, now); reason != "" {
		return []Event{MarkRefused{Mark: mark, Reason: reason}}, nil
	}
	events := []Event{MarkRegistered{Mark: mark}}
	if !c.hasAddress(cmd.Selected) && len(c.addresses) < MaxSavedAddresses {
		events = append(events, AddressSaved{
			UKey:    cmd.AddressKey,
			Address: cmd.Selected.Address,
			Lat:     cmd.Selected.Lat,
			Lon:     cmd.Selected.Lon,
			SavedAt: now,
		})
	}
	return events, nil
}

func refusal(emp Employee, mark Mark, now time.Time) string {
	if emp.Status != Active {
		return ReasonInactive
	}
	for _, p := range emp.Layoff {
		if p.Covers(now) {
			return ReasonLayoff
		}
	}
	// Without a captured position the server cannot place the employee, so an employee who
	// must be near a fence is outside until the browser gives a position.
	if len(emp.Fences) > 0 && (mark.Captured == nil || !Within(emp.Fences, mark.Captured.Position)) {
		return ReasonOutsideArea
	}
	return ""
}

// Err is the error the API answers for a refusal (422 with the reason as message).
func (e MarkRefused) Err() *domain.Error {
	field := "colaborador"
	switch e.Reason {
	case ReasonOutsideArea:
		field = "localCapturado"
	case ReasonLayoff:
		field = "n09_001_t"
	}
	return domain.Refusal(field, e.Reason)
}

func clonePlace(p *Place) *Place {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
