package commands

import (
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"portal/domain/clock"
	"portal/eventstore"
)

// EncodeClock is the stored form of a clock event (the seed writes its history with it).
func EncodeClock(id uuid.UUID, e clock.Event) (eventstore.EventData, error) {
	var v any
	switch e := e.(type) {
	case clock.MarkRegistered:
		v = clock.DataOf(e.Mark)
	case clock.MarkRefused:
		j := clock.DataOf(e.Mark)
		j.Reason = e.Reason
		v = j
	case clock.AddressSaved:
		v = clock.AddressSavedData{UKey: e.UKey, Address: e.Address, Lat: e.Lat, Lon: e.Lon, SavedAt: e.SavedAt.UTC()}
	case clock.AddressRemoved:
		v = clock.AddressRemovedData{UKey: e.UKey, RemovedAt: e.RemovedAt.UTC()}
	case clock.MarkAdjusted:
		v = clock.MarkAdjustedData{MarkID: e.MarkID, EmployeeID: e.EmployeeID, UserID: e.UserID, UserHash: e.UserHash,
			From: e.From.UTC(), To: e.To.UTC(), RequestID: e.RequestID, Reason: e.Reason, AdjustedAt: e.AdjustedAt.UTC()}
	case clock.MarkAddedByAdjustment:
		v = clock.MarkAddedData{MarkData: clock.DataOf(e.Mark), RequestID: e.RequestID, AdjustReason: e.Reason}
	case clock.DayExcused:
		v = clock.DayExcusedData{EmployeeID: e.EmployeeID, UserID: e.UserID, UserHash: e.UserHash, Day: e.Day, From: e.From, To: e.To,
			RequestID: e.RequestID, Reason: e.Reason, ExcusedAt: e.ExcusedAt.UTC()}
	case clock.AdjustmentReverted:
		j := clock.AdjustmentRevertedData{EmployeeID: e.EmployeeID, UserID: e.UserID, UserHash: e.UserHash, Day: e.Day,
			RequestID: e.RequestID, Removed: e.Removed, Excuse: e.Excuse, RevertedAt: e.RevertedAt.UTC(), Restored: []clock.MarkRestoreData{}}
		for _, r := range e.Restored {
			j.Restored = append(j.Restored, clock.MarkRestoreData{MarkID: r.MarkID, At: r.At.UTC(), Adjusted: r.Adjusted})
		}
		if j.Removed == nil {
			j.Removed = []string{}
		}
		v = j
	default:
		return eventstore.EventData{}, fmt.Errorf("encode clock event %T", e)
	}
	return eventData(id, e.EventType(), v)
}

// decodeClock maps a stored event of a clock stream back to the domain.
func decodeClock(re eventstore.RecordedEvent) (clock.Event, error) {
	var (
		e   clock.Event
		err error
	)
	switch re.Type {
	case clock.TypeMarkRegistered:
		var j clock.MarkData
		err = json.Unmarshal(re.Data, &j)
		e = clock.MarkRegistered{Mark: j.Mark()}
	case clock.TypeMarkRefused:
		var j clock.MarkData
		err = json.Unmarshal(re.Data, &j)
		e = clock.MarkRefused{Mark: j.Mark(), Reason: j.Reason}
	case clock.TypeAddressSaved:
		var j clock.AddressSavedData
		err = json.Unmarshal(re.Data, &j)
		e = clock.AddressSaved{UKey: j.UKey, Address: j.Address, Lat: j.Lat, Lon: j.Lon, SavedAt: j.SavedAt}
	case clock.TypeAddressRemoved:
		var j clock.AddressRemovedData
		err = json.Unmarshal(re.Data, &j)
		e = clock.AddressRemoved{UKey: j.UKey, RemovedAt: j.RemovedAt}
	case clock.TypeMarkAdjusted:
		var j clock.MarkAdjustedData
		err = json.Unmarshal(re.Data, &j)
		e = clock.MarkAdjusted{MarkID: j.MarkID, EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash,
			From: j.From, To: j.To, RequestID: j.RequestID, Reason: j.Reason, AdjustedAt: j.AdjustedAt}
	case clock.TypeMarkAddedByAdjustment:
		var j clock.MarkAddedData
		err = json.Unmarshal(re.Data, &j)
		e = clock.MarkAddedByAdjustment{Mark: j.Mark(), RequestID: j.RequestID, Reason: j.AdjustReason}
	case clock.TypeDayExcused:
		var j clock.DayExcusedData
		err = json.Unmarshal(re.Data, &j)
		e = clock.DayExcused{EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash, Day: j.Day, From: j.From, To: j.To,
			RequestID: j.RequestID, Reason: j.Reason, ExcusedAt: j.ExcusedAt}
	case clock.TypeAdjustmentReverted:
		var j clock.AdjustmentRevertedData
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
