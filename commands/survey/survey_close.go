package survey

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
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
type CloseSurveyHandler struct{ commands.LogHandler }

// NewCloseSurveyHandler needs the event store and the server clock.
func NewCloseSurveyHandler(store eventstore.Store, now func() time.Time) (*CloseSurveyHandler, error) {
	h, err := commands.NewLogHandler("NewCloseSurveyHandler", store, now)
	return &CloseSurveyHandler{h}, err
}

// Handle closes the survey; closing a closed survey succeeds without an event.
func (h *CloseSurveyHandler) Handle(ctx context.Context, cmd CloseSurvey) (err error) {
	defer commands.Wrap(&err, "CloseSurvey(%s)", cmd.CommandID)
	if !survey.MayManage(cmd.Roles) {
		return commands.Forbidden("request")
	}
	_, err = decideSurvey(ctx, h.Store, h.Now, cmd.Tenant, cmd.UserID, cmd.SurveyID, cmd.CommandID,
		func(s *survey.Survey, at time.Time) ([]survey.Event, error) { return s.Close(at) })
	return err
}
