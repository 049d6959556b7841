package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/domain/survey"
	"portal/eventstore"
)

// PDIStream is the stream of a person's development plan, "pdi-<userId>".
func PDIStream(user uuid.UUID) string { return eventstore.StreamName("pdi", user) }

func encodePDI(id uuid.UUID, e survey.Event) (eventstore.EventData, error) {
	var v any
	switch e := e.(type) {
	case survey.ActionAdded:
		v = survey.ActionAddedData{ID: e.ID, UserID: e.UserID, SurveyID: e.SurveyID, Title: e.Title, Due: e.Due, By: e.By, At: e.At.UTC()}
	case survey.ActionCompleted:
		v = survey.ActionCompletedData{ID: e.ID, At: e.At.UTC()}
	default:
		return eventstore.EventData{}, fmt.Errorf("encode pdi event %T", e)
	}
	return eventData(id, e.EventType(), v)
}

func decodePDI(re eventstore.RecordedEvent) (survey.Event, error) {
	switch re.Type {
	case survey.TypeActionAdded:
		var j survey.ActionAddedData
		if err := json.Unmarshal(re.Data, &j); err != nil {
			return nil, fmt.Errorf("stream %s version %d: %w", re.Stream, re.Version, err)
		}
		return survey.ActionAdded{ID: j.ID, UserID: j.UserID, SurveyID: j.SurveyID, Title: j.Title, Due: j.Due, By: j.By, At: j.At}, nil
	case survey.TypeActionCompleted:
		var j survey.ActionCompletedData
		if err := json.Unmarshal(re.Data, &j); err != nil {
			return nil, fmt.Errorf("stream %s version %d: %w", re.Stream, re.Version, err)
		}
		return survey.ActionCompleted{ID: j.ID, At: j.At}, nil
	}
	return nil, fmt.Errorf("stream %s version %d: unknown event type %q", re.Stream, re.Version, re.Type)
}

// decidePlan loads a person's plan, lets decide choose the events and appends them, retrying
// on a concurrent append; a retried command id answers without appending again.
func decidePlan(ctx context.Context, store eventstore.Store, now func() time.Time, tenant, actor, owner uuid.UUID, commandID string,
	decide func(p *survey.Plan, at time.Time) ([]survey.Event, error)) error {
	if tenant == uuid.Nil || actor == uuid.Nil || owner == uuid.Nil || commandID == "" {
		return errors.New("tenant, users and command id are required")
	}
	stream := PDIStream(owner)
	return withRetry(func() error {
		recorded, err := store.ReadStream(ctx, tenant, stream, 0)
		if err != nil {
			return err
		}
		first := eventID(tenant, stream, commandID, 0)
		p := survey.NewPlan()
		for _, re := range recorded {
			if re.ID == first {
				return nil // done the first time
			}
			e, err := decodePDI(re)
			if err != nil {
				return err
			}
			p.Apply(e)
		}
		events, err := decide(p, now().UTC().Truncate(time.Microsecond))
		if err != nil || len(events) == 0 {
			return err
		}
		data := make([]eventstore.EventData, len(events))
		for i, e := range events {
			if data[i], err = encodePDI(eventID(tenant, stream, commandID, i), e); err != nil {
				return err
			}
		}
		res, err := store.Append(ctx, metaOf(tenant, actor, stream, commandID), stream, expectedVersion(recorded), data...)
		if err == nil && res.Duplicate {
			return errRetry
		}
		return err
	})
}
