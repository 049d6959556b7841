package survey

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/survey"
	"portal/eventstore"
)

// Response names a respondent's command on a survey (spec §4, §7: the {token} routes
// with tenId and oa8Ukey).
type Response struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	SurveyID  uuid.UUID
}

// Members tells the audience rule who a user is: the unit and department of their
// employee record. A user not of the tenant, or inactive, is refused (403 on userHash).
type Members interface {
	Member(ctx context.Context, tenant, user uuid.UUID) (survey.Member, error)
}

// Responses saves a respondent's answers and steps and finishes the response. An
// unknown survey, or one the caller is not asked to answer, is NotFound; a finished response
// is refused (spec §4).
type Responses struct {
	members   Members
	store     eventstore.Store
	now       func() time.Time
	surveys   *commands.StateCache[*survey.Survey]
	responses *commands.StateCache[*survey.Response]
}

// NewResponses needs the audience facts, the event store and the server clock.
func NewResponses(members Members, store eventstore.Store, now func() time.Time) (*Responses, error) {
	if members == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewSurveyResponses: nil dependency")
	}
	return &Responses{members: members, store: store, now: now, surveys: commands.NewStateCache(20_000, survey.New), responses: commands.NewStateCache(20_000, survey.NewResponse)}, nil
}

// SaveAnswer saves an answer and its step, as the respondent leaves a question (PUT
// resposta with the oa9_* answer slots; in comes from survey.ParseAnswer).
func (h *Responses) SaveAnswer(ctx context.Context, cmd Response, in survey.AnswerInput) (err error) {
	defer commands.Wrap(&err, "SaveSurveyAnswer(%s)", cmd.CommandID)
	_, err = h.decide(ctx, cmd, func(r *survey.Response, p survey.Respondent, at time.Time) ([]survey.Event, error) {
		return r.SaveAnswer(p, in, at)
	})
	return err
}

// SaveStep saves the active step (PUT passo).
func (h *Responses) SaveStep(ctx context.Context, cmd Response, step int) (err error) {
	defer commands.Wrap(&err, "SaveSurveyStep(%s)", cmd.CommandID)
	_, err = h.decide(ctx, cmd, func(r *survey.Response, p survey.Respondent, at time.Time) ([]survey.Event, error) {
		return r.SaveStep(p, step, at)
	})
	return err
}

// Finish finishes the response after the confirm dialog (POST finalizar). An invalid answer
// is refused with the field "perguntas[<index>]" of the first invalid question, so the
// carousel can jump to it.
func (h *Responses) Finish(ctx context.Context, cmd Response) (err error) {
	defer commands.Wrap(&err, "FinishSurvey(%s)", cmd.CommandID)
	_, err = h.decide(ctx, cmd, func(r *survey.Response, p survey.Respondent, at time.Time) ([]survey.Event, error) {
		return r.Finish(p, at)
	})
	return err
}
