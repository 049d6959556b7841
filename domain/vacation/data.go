package vacation

import "time"

// EventData is the stored JSON of every vacation.* event, declared once: the commands write
// it and the projections read it (docs/api.md "Vacations"). Each event uses the
// fields that concern it. Dates are YYYY-MM-DD, times UTC RFC 3339.
type EventData struct {
	EmployeeID string    `json:"employeeId,omitempty"` // opened
	Hired      string    `json:"hired,omitempty"`      // opened
	ID         string    `json:"id,omitempty"`         // the request or plan
	Start      string    `json:"start,omitempty"`
	Days       int       `json:"days,omitempty"`
	AbonoDays  int       `json:"abonoDays,omitempty"`
	Advance13  bool      `json:"advance13,omitempty"`
	Period     int       `json:"period"`
	Steps      []string  `json:"steps,omitempty"`
	Step       int       `json:"step"`
	Kind       string    `json:"kind,omitempty"`
	By         string    `json:"by,omitempty"` // the user who acted
	Comment    string    `json:"comment,omitempty"`
	Reason     string    `json:"reason,omitempty"`    // period_closed
	Threshold  int       `json:"threshold,omitempty"` // alert_raised
	At         time.Time `json:"at"`
}
