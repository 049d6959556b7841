package survey

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	"portal/domain/survey"
	"portal/eventstore"
)

// AddPDIAction is the command to add an action to a development plan: the caller's own, or
// (HR) the plan of the user of the caller's tenant named by Draft.UserHash.
type AddPDIAction struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	UserHash  string
	Roles     []string
	Draft     survey.ActionDraft
}

// AddPDIActionHandler adds actions.
type AddPDIActionHandler struct {
	users commands.TenantUsers
	store eventstore.Store
	now   func() time.Time
}

// NewAddPDIActionHandler needs the users (to find the plan's owner; PoolFacts), the event
// store (the plan and the 360) and the server clock.
func NewAddPDIActionHandler(users commands.TenantUsers, store eventstore.Store, now func() time.Time) (*AddPDIActionHandler, error) {
	if users == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewAddPDIActionHandler: nil dependency")
	}
	return &AddPDIActionHandler{users: users, store: store, now: now}, nil
}

// Handle adds the action and returns its id. Someone else's plan is HR's only (Forbidden);
// an unknown user or a 360 that is not the tenant's is NotFound.
func (h *AddPDIActionHandler) Handle(ctx context.Context, cmd AddPDIAction) (id uuid.UUID, err error) {
	defer commands.Wrap(&err, "AddPDIAction(%s)", cmd.CommandID)
	owner := cmd.UserID
	if cmd.Draft.UserHash != "" && cmd.Draft.UserHash != cmd.UserHash {
		if !survey.MayManage(cmd.Roles) {
			return id, commands.Forbidden("userHash")
		}
		found, err := h.users.ByHash(ctx, cmd.Tenant, []string{cmd.Draft.UserHash}, false)
		if err != nil {
			return id, err
		}
		var ok bool
		if owner, ok = found[cmd.Draft.UserHash]; !ok {
			return id, &domain.Error{Kind: domain.NotFound, Field: "userHash", Key: domain.KeyNotFound}
		}
	}
	if cmd.Draft.SurveyID != "" {
		sid, perr := uuid.Parse(cmd.Draft.SurveyID)
		if perr != nil {
			return id, &domain.Error{Kind: domain.NotFound, Field: "oa8Ukey", Key: domain.KeyNotFound}
		}
		s, err := loadSurvey(ctx, h.store, cmd.Tenant, sid)
		if err != nil {
			return id, err
		}
		if !s.Exists() || s.Definition().Kind != survey.Kind360 {
			return id, &domain.Error{Kind: domain.NotFound, Field: "oa8Ukey", Key: domain.KeyNotFound}
		}
	}
	id = commands.DeriveID(cmd.Tenant, survey.PDIStream(owner), cmd.CommandID, "action")
	err = decidePlan(ctx, h.store, h.now, cmd.Tenant, cmd.UserID, owner, cmd.CommandID,
		func(p *survey.Plan, at time.Time) ([]survey.Event, error) {
			return p.Add(survey.ActionAdded{ID: id.String(), UserID: owner.String(), SurveyID: cmd.Draft.SurveyID,
				Title: cmd.Draft.Title, Due: cmd.Draft.Due, By: cmd.UserID.String(), At: at})
		})
	return id, err
}
