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

// SaveSurveyAnswer is the command a respondent sends on leaving a question (spec §4, §7 PUT
// {token} with the oa9_* answer slots and the step).
type SaveSurveyAnswer struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	SurveyID  uuid.UUID
	Input     survey.AnswerInput // from survey.ParseAnswer
}

// SaveSurveyAnswerHandler saves answers.
type SaveSurveyAnswerHandler struct {
	pool  *pgxpool.Pool
	store eventstore.Store
	now   func() time.Time
	cache *surveyCache
}

// NewSaveSurveyAnswerHandler needs the pool (the audience rule's facts), the event store and
// the server clock.
func NewSaveSurveyAnswerHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*SaveSurveyAnswerHandler, error) {
	if pool == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewSaveSurveyAnswerHandler: nil dependency")
	}
	return &SaveSurveyAnswerHandler{pool: pool, store: store, now: now, cache: newSurveyCache(surveyCacheSize)}, nil
}

// Handle saves the answer and the step. An unknown survey, or one the caller is not asked
// to answer, is NotFound; a finished response is refused (spec §4).
func (h *SaveSurveyAnswerHandler) Handle(ctx context.Context, cmd SaveSurveyAnswer) (err error) {
	defer wrap(&err, "SaveSurveyAnswer(%s)", cmd.CommandID)
	_, err = decideResponse(ctx, h.pool, h.store, h.cache, h.now, responseCommand{commandID: cmd.CommandID, tenant: cmd.Tenant, user: cmd.UserID, surveyID: cmd.SurveyID},
		func(r *survey.Response, p survey.Respondent, at time.Time) ([]survey.Event, error) {
			return r.SaveAnswer(p, cmd.Input, at)
		})
	return err
}
