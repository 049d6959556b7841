package clock

import "time"

// The stored JSON of the clock events, declared once: the commands write it and the
// projections read it (docs/api.md "Events"). Ids are UUID texts (an attempt without an
// employee record has none), times UTC RFC 3339.

// PlaceData is a place of a mark.
type PlaceData struct {
	Address string  `json:"address"`
	Lat     float64 `json:"lat"`
	Lon     float64 `json:"lon"`
}

// FenceData is the fence nearest to a mark's captured place.
type FenceData struct {
	Desc     string  `json:"desc"`
	Lat      float64 `json:"lat"`
	Lon      float64 `json:"lon"`
	Distance float64 `json:"distance"` // metres
}

// MarkData is clock.mark_registered.v1, and clock.mark_refused.v1 with its Reason.
type MarkData struct {
	MarkID       string     `json:"markId"`
	EmployeeID   string     `json:"employeeId"`
	UserID       string     `json:"userId"`
	UserHash     string     `json:"userHash"`
	RecordedAt   time.Time  `json:"recordedAt"`
	ClientTime   string     `json:"clientTime"`
	ByGoogle     bool       `json:"byGoogle"`
	Selected     PlaceData  `json:"selected"`
	Captured     *PlaceData `json:"captured"`
	NearestFence *FenceData `json:"nearestFence"`
	Reason       string     `json:"reason,omitempty"` // refusals only
}

// AddressSavedData is clock.address_saved.v1.
type AddressSavedData struct {
	UKey    string    `json:"ukey"`
	Address string    `json:"address"`
	Lat     float64   `json:"lat"`
	Lon     float64   `json:"lon"`
	SavedAt time.Time `json:"savedAt"`
}

// AddressRemovedData is clock.address_removed.v1.
type AddressRemovedData struct {
	UKey      string    `json:"ukey"`
	RemovedAt time.Time `json:"removedAt"`
}

// MarkAdjustedData is clock.mark_adjusted.v1: a mark moved from one time to another.
type MarkAdjustedData struct {
	MarkID     string    `json:"markId"`
	EmployeeID string    `json:"employeeId"`
	UserID     string    `json:"userId"`
	UserHash   string    `json:"userHash"`
	From       time.Time `json:"from"`
	To         time.Time `json:"to"`
	RequestID  string    `json:"requestId"`
	Reason     string    `json:"reason"`
	AdjustedAt time.Time `json:"adjustedAt"`
}

// MarkAddedData is clock.mark_added_by_adjustment.v1: a mark's fields and the request.
type MarkAddedData struct {
	MarkData
	RequestID    string `json:"requestId"`
	AdjustReason string `json:"adjustReason"`
}

// DayExcusedData is clock.day_excused.v1: an abono from..to (HH:mm) on a day.
type DayExcusedData struct {
	EmployeeID string    `json:"employeeId"`
	UserID     string    `json:"userId"`
	UserHash   string    `json:"userHash"`
	Day        string    `json:"day"`
	From       string    `json:"from"`
	To         string    `json:"to"`
	RequestID  string    `json:"requestId"`
	Reason     string    `json:"reason"`
	ExcusedAt  time.Time `json:"excusedAt"`
}

// MarkRestoreData is a mark an undone adjustment puts back.
type MarkRestoreData struct {
	MarkID   string    `json:"markId"`
	At       time.Time `json:"at"`
	Adjusted bool      `json:"adjusted"`
}

// AdjustmentRevertedData is clock.adjustment_reverted.v1.
type AdjustmentRevertedData struct {
	EmployeeID string            `json:"employeeId"`
	UserID     string            `json:"userId"`
	UserHash   string            `json:"userHash"`
	Day        string            `json:"day"`
	RequestID  string            `json:"requestId"`
	Restored   []MarkRestoreData `json:"restored"`
	Removed    []string          `json:"removed"`
	Excuse     bool              `json:"excuse"`
	RevertedAt time.Time         `json:"revertedAt"`
}

// DataOf is the stored form of a mark.
func DataOf(m Mark) MarkData {
	d := MarkData{
		MarkID: m.MarkID, EmployeeID: m.EmployeeID, UserID: m.UserID, UserHash: m.UserHash,
		RecordedAt: m.RecordedAt.UTC(), ClientTime: m.ClientTime, ByGoogle: m.ByGoogle,
		Selected: PlaceData{Address: m.Selected.Address, Lat: m.Selected.Lat, Lon: m.Selected.Lon},
	}
	if m.Captured != nil {
		d.Captured = &PlaceData{Address: m.Captured.Address, Lat: m.Captured.Lat, Lon: m.Captured.Lon}
	}
	if m.Nearest != nil {
		d.NearestFence = &FenceData{Desc: m.Nearest.Desc, Lat: m.Nearest.Lat, Lon: m.Nearest.Lon, Distance: m.Nearest.Distance}
	}
	return d
}

// Mark is the mark d stores.
func (d MarkData) Mark() Mark {
	m := Mark{
		MarkID: d.MarkID, EmployeeID: d.EmployeeID, UserID: d.UserID, UserHash: d.UserHash,
		RecordedAt: d.RecordedAt, ClientTime: d.ClientTime, ByGoogle: d.ByGoogle,
		Selected: Place{Address: d.Selected.Address, Position: Position{Lat: d.Selected.Lat, Lon: d.Selected.Lon}},
	}
	if d.Captured != nil {
		m.Captured = &Place{Address: d.Captured.Address, Position: Position{Lat: d.Captured.Lat, Lon: d.Captured.Lon}}
	}
	if f := d.NearestFence; f != nil {
		m.Nearest = &NearestFence{Fence: Fence{Desc: f.Desc, Position: Position{Lat: f.Lat, Lon: f.Lon}}, Distance: f.Distance}
	}
	return m
}
