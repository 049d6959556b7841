package survey

import (
	"context"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/survey"
	"portal/eventstore"
)

// CompletePDIAction is the command to mark an action of the caller's own plan done.
type CompletePDIAction struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	ActionID  uuid.UUID
}

// CompletePDIActionHandler completes actions.
type CompletePDIActionHandler struct{ commands.LogHandler }

// NewCompletePDIActionHandler needs the event store and the server clock.
func NewCompletePDIActionHandler(store eventstore.Store, now func() time.Time) (*CompletePDIActionHandler, error) {
	h, err := commands.NewLogHandler("NewCompletePDIActionHandler", store, now)
	return &CompletePDIActionHandler{h}, err
}

// Handle completes the action; an action not in the caller's plan is NotFound, completing
// twice succeeds without an event.
func (h *CompletePDIActionHandler) Handle(ctx context.Context, cmd CompletePDIAction) (err error) {
	defer commands.Wrap(&err, "CompletePDIAction(%s)", cmd.CommandID)
	return decidePlan(ctx, h.Store, h.Now, cmd.Tenant, cmd.UserID, cmd.UserID, cmd.CommandID,
		func(p *survey.Plan, at time.Time) ([]survey.Event, error) {
			return p.Complete(cmd.ActionID.String(), at)
		})
}
