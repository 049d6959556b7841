package commands

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/domain/survey"
	"portal/eventstore"
)

// CloseSurvey is HR's command to close a survey before its end.
type CloseSurvey struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	Roles     []string
	SurveyID  uuid.UUID
}

// CloseSurveyHandler closes surveys.
type CloseSurveyHandler struct{ logHandler }

// NewCloseSurveyHandler needs the event store and the server clock.
func NewCloseSurveyHandler(store eventstore.Store, now func() time.Time) (*CloseSurveyHandler, error) {
	h, err := newLogHandler("NewCloseSurveyHandler", store, now)
	return &CloseSurveyHandler{h}, err
}

// Handle closes the survey; closing a closed survey succeeds without an event.
func (h *CloseSurveyHandler) Handle(ctx context.Context, cmd CloseSurvey) (err error) {
	defer wrap(&err, "CloseSurvey(%s)", cmd.CommandID)
	if !survey.MayManage(cmd.Roles) {
		return forbidden("request")
	}
	stream := SurveyStream(cmd.SurveyID)
	return withRetry(func() error {
		s, recorded, err := loadSurvey(ctx, h.store, cmd.Tenant, cmd.SurveyID)
		if err != nil {
			return err
		}
		events, err := s.Close(h.now().UTC().Truncate(time.Microsecond))
		if err != nil || len(events) == 0 {
			return err
		}
		data, err := encodeSurvey(eventID(cmd.Tenant, stream, cmd.CommandID, 0), events[0])
		if err != nil {
			return err
		}
		_, err = h.store.Append(ctx, metaOf(cmd.Tenant, cmd.UserID, stream, cmd.CommandID), stream, expectedVersion(recorded), data)
		return err
	})
}
