package commands

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/domain/clock"
	"portal/eventstore"
)

// The JSON shapes of the clock events (the event contract; projections/clock.go reads the
// same field names). Times are UTC RFC 3339.
type placeJSON struct {
	Address string  `json:"address"`
	Lat     float64 `json:"lat"`
	Lon     float64 `json:"lon"`
}

type nearestJSON struct {
	Desc     string  `json:"desc"`
	Lat      float64 `json:"lat"`
	Lon      float64 `json:"lon"`
	Distance float64 `json:"distance"` // metres
}

type markJSON struct {
	MarkID       string       `json:"markId"`
	EmployeeID   string       `json:"employeeId"`
	UserID       string       `json:"userId"`
	UserHash     string       `json:"userHash"`
	RecordedAt   time.Time    `json:"recordedAt"`
	ClientTime   string       `json:"clientTime"`
	ByGoogle     bool         `json:"byGoogle"`
	Selected     placeJSON    `json:"selected"`
	Captured     *placeJSON   `json:"captured"`
	NearestFence *nearestJSON `json:"nearestFence"`
	Reason       string       `json:"reason,omitempty"` // refusals only
}

type addressSavedJSON struct {
	UKey    string    `json:"ukey"`
	Address string    `json:"address"`
	Lat     float64   `json:"lat"`
	Lon     float64   `json:"lon"`
	SavedAt time.Time `json:"savedAt"`
}

type addressRemovedJSON struct {
	UKey      string    `json:"ukey"`
	RemovedAt time.Time `json:"removedAt"`
}

// The adjustment events (domain/clock/adjustment.go); projections/clock.go reads the same
// field names.
type markAdjustedJSON struct {
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

type markAddedJSON struct {
	markJSON
	RequestID    string `json:"requestId"`
	AdjustReason string `json:"adjustReason"`
}

type dayExcusedJSON struct {
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

type markRestoreJSON struct {
	MarkID   string    `json:"markId"`
	At       time.Time `json:"at"`
	Adjusted bool      `json:"adjusted"`
}

type adjustmentRevertedJSON struct {
	EmployeeID string            `json:"employeeId"`
	UserID     string            `json:"userId"`
	UserHash   string            `json:"userHash"`
	Day        string            `json:"day"`
	RequestID  string            `json:"requestId"`
	Restored   []markRestoreJSON `json:"restored"`
	Removed    []string          `json:"removed"`
	Excuse     bool              `json:"excuse"`
	RevertedAt time.Time         `json:"revertedAt"`
}

func toMarkJSON(m clock.Mark) markJSON {
	j := markJSON{
		MarkID: m.MarkID, EmployeeID: m.EmployeeID, UserID: m.UserID, UserHash: m.UserHash,
		RecordedAt: m.RecordedAt.UTC(), ClientTime: m.ClientTime, ByGoogle: m.ByGoogle,
		Selected: placeJSON{Address: m.Selected.Address, Lat: m.Selected.Lat, Lon: m.Selected.Lon},
	}
	if m.Captured != nil {
		j.Captured = &placeJSON{Address: m.Captured.Address, Lat: m.Captured.Lat, Lon: m.Captured.Lon}
	}
	if m.Nearest != nil {
		j.NearestFence = &nearestJSON{Desc: m.Nearest.Desc, Lat: m.Nearest.Lat, Lon: m.Nearest.Lon, Distance: m.Nearest.Distance}
	}
	return j
}

func (j markJSON) mark() clock.Mark {
	m := clock.Mark{
		MarkID: j.MarkID, EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash,
		RecordedAt: j.RecordedAt, ClientTime: j.ClientTime, ByGoogle: j.ByGoogle,
		Selected: clock.Place{Address: j.Selected.Address, Position: clock.Position{Lat: j.Selected.Lat, Lon: j.Selected.Lon}},
	}
	if j.Captured != nil {
		m.Captured = &clock.Place{Address: j.Captured.Address, Position: clock.Position{Lat: j.Captured.Lat, Lon: j.Captured.Lon}}
	}
	if j.NearestFence != nil {
		m.Nearest = &clock.NearestFence{
			Fence:    clock.Fence{Desc: j.NearestFence.Desc, Position: clock.Position{Lat: j.NearestFence.Lat, Lon: j.NearestFence.Lon}},
			Distance: j.NearestFence.Distance,
		}
	}
	return m
}

// encodeClock maps a clock event to the event store's shape.
// EncodeClock is the stored form of a clock event (the seed writes its history with it).
func EncodeClock(id uuid.UUID, e clock.Event) (eventstore.EventData, error) {
	var v any
	switch e := e.(type) {
	case clock.MarkRegistered:
		v = toMarkJSON(e.Mark)
	case clock.MarkRefused:
		j := toMarkJSON(e.Mark)
		j.Reason = e.Reason
		v = j
	case clock.AddressSaved:
		v = addressSavedJSON{UKey: e.UKey, Address: e.Address, Lat: e.Lat, Lon: e.Lon, SavedAt: e.SavedAt.UTC()}
	case clock.AddressRemoved:
		v = addressRemovedJSON{UKey: e.UKey, RemovedAt: e.RemovedAt.UTC()}
	case clock.MarkAdjusted:
		v = markAdjustedJSON{MarkID: e.MarkID, EmployeeID: e.EmployeeID, UserID: e.UserID, UserHash: e.UserHash,
			From: e.From.UTC(), To: e.To.UTC(), RequestID: e.RequestID, Reason: e.Reason, AdjustedAt: e.AdjustedAt.UTC()}
	case clock.MarkAddedByAdjustment:
		v = markAddedJSON{markJSON: toMarkJSON(e.Mark), RequestID: e.RequestID, AdjustReason: e.Reason}
	case clock.DayExcused:
		v = dayExcusedJSON{EmployeeID: e.EmployeeID, UserID: e.UserID, UserHash: e.UserHash, Day: e.Day, From: e.From, To: e.To,
			RequestID: e.RequestID, Reason: e.Reason, ExcusedAt: e.ExcusedAt.UTC()}
	case clock.AdjustmentReverted:
		j := adjustmentRevertedJSON{EmployeeID: e.EmployeeID, UserID: e.UserID, UserHash: e.UserHash, Day: e.Day,
			RequestID: e.RequestID, Removed: e.Removed, Excuse: e.Excuse, RevertedAt: e.RevertedAt.UTC(), Restored: []markRestoreJSON{}}
		for _, r := range e.Restored {
			j.Restored = append(j.Restored, markRestoreJSON{MarkID: r.MarkID, At: r.At.UTC(), Adjusted: r.Adjusted})
		}
		if j.Removed == nil {
			j.Removed = []string{}
		}
		v = j
	default:
		return eventstore.EventData{}, fmt.Errorf("encode clock event %T", e)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return eventstore.EventData{}, err
	}
	return eventstore.EventData{ID: id, Type: e.EventType(), SchemaVersion: 1, Data: data}, nil
}

// decodeClock maps a stored event of a clock stream back to the domain.
func decodeClock(re eventstore.RecordedEvent) (clock.Event, error) {
	var (
		e   clock.Event
		err error
	)
	switch re.Type {
	case clock.TypeMarkRegistered:
		var j markJSON
		err = json.Unmarshal(re.Data, &j)
		e = clock.MarkRegistered{Mark: j.mark()}
	case clock.TypeMarkRefused:
		var j markJSON
		err = json.Unmarshal(re.Data, &j)
		e = clock.MarkRefused{Mark: j.mark(), Reason: j.Reason}
	case clock.TypeAddressSaved:
		var j addressSavedJSON
		err = json.Unmarshal(re.Data, &j)
		e = clock.AddressSaved{UKey: j.UKey, Address: j.Address, Lat: j.Lat, Lon: j.Lon, SavedAt: j.SavedAt}
	case clock.TypeAddressRemoved:
		var j addressRemovedJSON
		err = json.Unmarshal(re.Data, &j)
		e = clock.AddressRemoved{UKey: j.UKey, RemovedAt: j.RemovedAt}
	case clock.TypeMarkAdjusted:
		var j markAdjustedJSON
		err = json.Unmarshal(re.Data, &j)
		e = clock.MarkAdjusted{MarkID: j.MarkID, EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash,
			From: j.From, To: j.To, RequestID: j.RequestID, Reason: j.Reason, AdjustedAt: j.AdjustedAt}
	case clock.TypeMarkAddedByAdjustment:
		var j markAddedJSON
		err = json.Unmarshal(re.Data, &j)
		e = clock.MarkAddedByAdjustment{Mark: j.mark(), RequestID: j.RequestID, Reason: j.AdjustReason}
	case clock.TypeDayExcused:
		var j dayExcusedJSON
		err = json.Unmarshal(re.Data, &j)
		e = clock.DayExcused{EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash, Day: j.Day, From: j.From, To: j.To,
			RequestID: j.RequestID, Reason: j.Reason, ExcusedAt: j.ExcusedAt}
	case clock.TypeAdjustmentReverted:
		var j adjustmentRevertedJSON
		err = json.Unmarshal(re.Data, &j)
		r := clock.AdjustmentReverted{EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash, Day: j.Day,
			RequestID: j.RequestID, Removed: j.Removed, Excuse: j.Excuse, RevertedAt: j.RevertedAt}
		for _, m := range j.Restored {
			r.Restored = append(r.Restored, clock.MarkRestore{MarkID: m.MarkID, At: m.At, Adjusted: m.Adjusted})
		}
		e = r
	default:
		return nil, fmt.Errorf("stream %s version %d: unknown event type %q", re.Stream, re.Version, re.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("stream %s version %d (%s): %w", re.Stream, re.Version, re.Type, err)
	}
	return e, nil
}

// loadClock replays the employee's clock stream. It also returns the event the command
// commandID appended first, if it already ran (a retry).
func loadClock(recorded []eventstore.RecordedEvent, firstID uuid.UUID) (*clock.Clock, clock.Event, error) {
	agg := clock.New()
	prior, err := foldClock(agg, recorded, firstID)
	if err != nil {
		return nil, nil, err
	}
	return agg, prior, nil
}

// foldClock applies recorded events to agg and returns the event with id firstID if one of
// them is it (the command was already carried out).
func foldClock(agg *clock.Clock, recorded []eventstore.RecordedEvent, firstID uuid.UUID) (clock.Event, error) {
	var prior clock.Event
	for _, re := range recorded {
		e, err := decodeClock(re)
		if err != nil {
			return nil, err
		}
		if re.ID == firstID {
			prior = e
		}
		agg.Apply(e)
	}
	return prior, nil
}

// DecodeClock reads one clock event (the audit area folds clock streams with it).
func DecodeClock(re eventstore.RecordedEvent) (clock.Event, error) { return decodeClock(re) }
