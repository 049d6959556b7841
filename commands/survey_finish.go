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

// FinishSurvey is the command to finish an evaluation after the confirm dialog (spec §4,
// §7 POST {token} with tenId and oa8Ukey).
type FinishSurvey struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	SurveyID  uuid.UUID
}

// FinishSurveyHandler finishes evaluations.
type FinishSurveyHandler struct {
	pool  *pgxpool.Pool
	store eventstore.Store
	now   func() time.Time
	cache *surveyCache
}

// NewFinishSurveyHandler needs the pool, the event store and the server clock.
func NewFinishSurveyHandler(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*FinishSurveyHandler, error) {
	if pool == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewFinishSurveyHandler: nil dependency")
	}
	return &FinishSurveyHandler{pool: pool, store: store, now: now, cache: newSurveyCache(surveyCacheSize)}, nil
}

// Handle finishes the evaluation. An invalid answer is refused with the field
// "perguntas[<index>]" of the first invalid question, so the carousel can jump to it.
func (h *FinishSurveyHandler) Handle(ctx context.Context, cmd FinishSurvey) (err error) {
	defer wrap(&err, "FinishSurvey(%s)", cmd.CommandID)
	_, err = decideResponse(ctx, h.pool, h.store, h.cache, h.now, responseCommand{commandID: cmd.CommandID, tenant: cmd.Tenant, user: cmd.UserID, surveyID: cmd.SurveyID},
		func(r *survey.Response, p survey.Respondent, at time.Time) ([]survey.Event, error) {
			return r.Finish(p, at)
		})
	return err
}
