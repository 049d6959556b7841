package commands

import (
	"encoding/json"
	"fmt"

	"portal/eventstore"
)

// decodeAs reads a stored event's data as a D and maps it to the domain with event; data
// that does not read is an error naming the stream, version and type.
func DecodeAs[D, E any](re eventstore.RecordedEvent, event func(D) E) (E, error) {
	e, err := UnmarshalAs(re.Data, event)
	if err != nil {
		var none E
		return none, BadData(re, err)
	}
	return e, nil
}

// unmarshalAs reads data as a D and maps it with event; the error is json's, unwrapped.
func UnmarshalAs[D, E any](data []byte, event func(D) E) (E, error) {
	var j D
	if err := json.Unmarshal(data, &j); err != nil {
		var none E
		return none, err
	}
	return event(j), nil
}

// badData is the error for a stored event whose data does not read.
func BadData(re eventstore.RecordedEvent, err error) error {
	return fmt.Errorf("stream %s version %d (%s): %w", re.Stream, re.Version, re.Type, err)
}

// unknownType is the error for a stored event of a type its stream's decoder does not know.
func UnknownType(re eventstore.RecordedEvent) error {
	return fmt.Errorf("stream %s version %d: unknown event type %q", re.Stream, re.Version, re.Type)
}

// replay decodes recorded events and applies them in order.
func Replay[E any](recorded []eventstore.RecordedEvent, decode func(eventstore.RecordedEvent) (E, error), apply func(E)) error {
	for _, re := range recorded {
		e, err := decode(re)
		if err != nil {
			return err
		}
		apply(e)
	}
	return nil
}
