package survey

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/survey"
	"portal/eventstore"
)

// Close is HR's command to close a survey before its end.
type Close struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	Roles     []string
	SurveyID  uuid.UUID
}

// CloseHandler closes surveys.
type CloseHandler struct{ commands.LogHandler }

// NewCloseHandler needs the event store and the server clock.
func NewCloseHandler(store eventstore.Store, now func() time.Time) (*CloseHandler, error) {
	h, err := commands.NewLogHandler("NewCloseHandler", store, now)
	return &CloseHandler{h}, err
}

// Handle closes the survey; closing a closed survey succeeds without an event.
func (h *CloseHandler) Handle(ctx context.Context, cmd Close) (err error) {
	defer commands.Wrap(&err, "Close(%s)", cmd.CommandID)
	if !survey.MayManage(cmd.Roles) {
		return commands.Forbidden("request")
	}
	_, err = decideSurvey(ctx, h.Store, h.Now, cmd.Tenant, cmd.UserID, cmd.SurveyID, cmd.CommandID,
		func(s *survey.Survey, at time.Time) ([]survey.Event, error) { return s.Close(at) })
	return err
}
