package clock

import (
	"fmt"

	"github.com/google/uuid"

	"portal/commands"
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
	case clock.MarkRecordedByHR:
		v = clock.DataOfHRMark(e)
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
	return commands.EventData(id, e.EventType(), v)
}

// decodeClock maps a stored event of a clock stream back to the domain.
func decodeClock(re eventstore.RecordedEvent) (clock.Event, error) {
	switch re.Type {
	case clock.TypeMarkRegistered:
		return commands.DecodeAs(re, func(j clock.MarkData) clock.Event { return clock.MarkRegistered{Mark: j.Mark()} })
	case clock.TypeMarkRefused:
		return commands.DecodeAs(re, func(j clock.MarkData) clock.Event { return clock.MarkRefused{Mark: j.Mark(), Reason: j.Reason} })
	case clock.TypeAddressSaved:
		return commands.DecodeAs(re, func(j clock.AddressSavedData) clock.Event {
			return clock.AddressSaved{UKey: j.UKey, Address: j.Address, Lat: j.Lat, Lon: j.Lon, SavedAt: j.SavedAt}
		})
	case clock.TypeAddressRemoved:
		return commands.DecodeAs(re, func(j clock.AddressRemovedData) clock.Event {
			return clock.AddressRemoved{UKey: j.UKey, RemovedAt: j.RemovedAt}
		})
	case clock.TypeMarkAdjusted:
		return commands.DecodeAs(re, func(j clock.MarkAdjustedData) clock.Event {
			return clock.MarkAdjusted{MarkID: j.MarkID, EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash,
				From: j.From, To: j.To, RequestID: j.RequestID, Reason: j.Reason, AdjustedAt: j.AdjustedAt}
		})
	case clock.TypeMarkRecordedByHR:
		return commands.DecodeAs(re, func(j clock.MarkByHRData) clock.Event { return j.Event() })
	case clock.TypeMarkAddedByAdjustment:
		return commands.DecodeAs(re, func(j clock.MarkAddedData) clock.Event {
			return clock.MarkAddedByAdjustment{Mark: j.Mark(), RequestID: j.RequestID, Reason: j.AdjustReason}
		})
	case clock.TypeDayExcused:
		return commands.DecodeAs(re, func(j clock.DayExcusedData) clock.Event {
			return clock.DayExcused{EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash, Day: j.Day, From: j.From, To: j.To,
				RequestID: j.RequestID, Reason: j.Reason, ExcusedAt: j.ExcusedAt}
		})
	case clock.TypeAdjustmentReverted:
		return commands.DecodeAs(re, adjustmentReverted)
	}
	return nil, commands.UnknownType(re)
}

// adjustmentReverted maps a stored reverted adjustment back to the domain.
func adjustmentReverted(j clock.AdjustmentRevertedData) clock.Event {
	r := clock.AdjustmentReverted{EmployeeID: j.EmployeeID, UserID: j.UserID, UserHash: j.UserHash, Day: j.Day,
		RequestID: j.RequestID, Removed: j.Removed, Excuse: j.Excuse, RevertedAt: j.RevertedAt}
	for _, m := range j.Restored {
		r.Restored = append(r.Restored, clock.MarkRestore{MarkID: m.MarkID, At: m.At, Adjusted: m.Adjusted})
	}
	return r
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
