package commands

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/survey"
	"portal/eventstore"
)

// SaveSurveyStep is the command sent on every move between questions (spec §4 "the active
// step is saved whenever the user moves between questions", §7 PUT {token} with oa8Ukey,
// oa10_ukey, step).
type SaveSurveyStep struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	SurveyID  uuid.UUID
	Step      int
}

// SaveSurveyStepHandler saves steps.
type SaveSurveyStepHandler struct {
	pool  *pgxpool.Pool
	store eventstore.Store
	now   func() time.Time
	cache *surveyCache
}

// NewSaveSurveyStepHandler needs the pool, the event store and the server clock.
func NewSaveSurveyStepHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*SaveSurveyStepHandler, error) {
	if pool == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewSaveSurveyStepHandler: nil dependency")
	}
	return &SaveSurveyStepHandler{pool: pool, store: store, now: now, cache: newSurveyCache(surveyCacheSize)}, nil
}

// Handle saves the step.
func (h *SaveSurveyStepHandler) Handle(ctx context.Context, cmd SaveSurveyStep) (err error) {
	defer wrap(&err, "SaveSurveyStep(%s)", cmd.CommandID)
	_, err = decideResponse(ctx, h.pool, h.store, h.cache, h.now, responseCommand{commandID: cmd.CommandID, tenant: cmd.Tenant, user: cmd.UserID, surveyID: cmd.SurveyID},
		func(r *survey.Response, p survey.Respondent, at time.Time) ([]survey.Event, error) {
			return r.SaveStep(p, cmd.Step, at)
		})
	return err
}
