package survey

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/survey"
	"portal/eventstore"
)

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
	return commands.EventData(id, e.EventType(), v)
}

// decodePDI maps a stored event of a plan stream back to the domain. Its data errors name the
// stream and version only.
func decodePDI(re eventstore.RecordedEvent) (e survey.Event, err error) {
	switch re.Type {
	case survey.TypeActionAdded:
		e, err = commands.UnmarshalAs(re.Data, func(j survey.ActionAddedData) survey.Event {
			return survey.ActionAdded{ID: j.ID, UserID: j.UserID, SurveyID: j.SurveyID, Title: j.Title, Due: j.Due, By: j.By, At: j.At}
		})
	case survey.TypeActionCompleted:
		e, err = commands.UnmarshalAs(re.Data, func(j survey.ActionCompletedData) survey.Event { return survey.ActionCompleted{ID: j.ID, At: j.At} })
	default:
		return nil, commands.UnknownType(re)
	}
	if err != nil {
		return nil, fmt.Errorf("stream %s version %d: %w", re.Stream, re.Version, err)
	}
	return e, nil
}

// decidePlan loads a person's plan, lets decide choose the events and appends them, retrying
// on a concurrent append; a retried command id answers without appending again.
func decidePlan(ctx context.Context, store eventstore.Store, now func() time.Time, tenant, actor, owner uuid.UUID, commandID string,
	decide func(p *survey.Plan, at time.Time) ([]survey.Event, error)) error {
	if tenant == uuid.Nil || actor == uuid.Nil || owner == uuid.Nil || commandID == "" {
		return errors.New("tenant, users and command id are required")
	}
	on := commands.StreamCommand{Tenant: tenant, Actor: actor, Stream: survey.PDIStream(owner), CommandID: commandID}
	_, err := commands.DecideOnStream(ctx, store, now, on, commands.Codec[survey.Event]{Decode: decodePDI, Encode: encodePDI}, false, survey.NewPlan, decide)
	return err
}
