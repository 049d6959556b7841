package survey

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	"portal/domain/survey"
	"portal/eventstore"
)

func answersJSON(as []survey.Answer) []survey.AnswerData {
	out := make([]survey.AnswerData, len(as))
	for i, a := range as {
		out[i] = survey.AnswerData{Ukey: a.QuestionUkey, Type: int(a.Type), Value: a.Value}
	}
	return out
}

func encodeSurvey(id uuid.UUID, e survey.Event) (eventstore.EventData, error) {
	var v any
	switch e := e.(type) {
	case survey.Created:
		d := e.Survey
		qs := make([]survey.QuestionData, len(d.Questions))
		for i, q := range d.Questions {
			qs[i] = q.Data()
		}
		ev := make([]survey.EvaluatorData, len(d.Audience.Evaluators))
		for i, x := range d.Audience.Evaluators {
			ev[i] = survey.EvaluatorData{UserID: x.UserID, Relation: string(x.Relation)}
		}
		v = survey.CreatedData{ID: d.ID, Kind: string(d.Kind), Title: d.Title, Description: d.Description,
			Start: d.Start.UTC(), End: d.End.UTC(), Questions: qs, CreatedBy: e.CreatedBy, CreatedAt: e.CreatedAt.UTC(),
			Audience: survey.AudienceData{All: d.Audience.All, Units: nonNil(d.Audience.Units), Departments: nonNil(d.Audience.Departments),
				SubjectID: d.Audience.SubjectID, Evaluators: ev}}
	case survey.Closed:
		v = survey.ClosedData{ID: e.SurveyID, ClosedAt: e.ClosedAt.UTC()}
	case survey.AnswerSaved:
		v = survey.AnswerSavedData{SurveyID: e.SurveyID, ResponseID: e.ResponseID, UserID: e.UserID, Step: e.Step, SavedAt: e.SavedAt.UTC(),
			Answer: survey.AnswerData{Ukey: e.Answer.QuestionUkey, Type: int(e.Answer.Type), Value: e.Answer.Value}}
	case survey.StepSaved:
		v = survey.StepSavedData{SurveyID: e.SurveyID, ResponseID: e.ResponseID, UserID: e.UserID, Step: e.Step, SavedAt: e.SavedAt.UTC()}
	case survey.Completed:
		v = survey.CompletedData{SurveyID: e.SurveyID, ResponseID: e.ResponseID, UserID: e.UserID, Kind: string(e.Kind),
			Relation: string(e.Relation), Answers: answersJSON(e.Answers), CompletedAt: e.CompletedAt.UTC()}
	default:
		return eventstore.EventData{}, fmt.Errorf("encode survey event %T", e)
	}
	return commands.EventData(id, e.EventType(), v)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// decodeSurvey maps a stored event of a survey or response stream back to the domain.
func decodeSurvey(re eventstore.RecordedEvent) (survey.Event, error) {
	switch re.Type {
	case survey.TypeCreated:
		return commands.DecodeAs(re, surveyCreated)
	case survey.TypeClosed:
		return commands.DecodeAs(re, func(j survey.ClosedData) survey.Event { return survey.Closed{SurveyID: j.ID, ClosedAt: j.ClosedAt} })
	case survey.TypeAnswered:
		return commands.DecodeAs(re, func(j survey.AnswerSavedData) survey.Event {
			return survey.AnswerSaved{SurveyID: j.SurveyID, ResponseID: j.ResponseID, UserID: j.UserID, Step: j.Step, SavedAt: j.SavedAt,
				Answer: survey.Answer{QuestionUkey: j.Answer.Ukey, Type: survey.QuestionType(j.Answer.Type), Value: j.Answer.Value}}
		})
	case survey.TypeStepSaved:
		return commands.DecodeAs(re, func(j survey.StepSavedData) survey.Event {
			return survey.StepSaved{SurveyID: j.SurveyID, ResponseID: j.ResponseID, UserID: j.UserID, Step: j.Step, SavedAt: j.SavedAt}
		})
	case survey.TypeCompleted:
		return commands.DecodeAs(re, surveyCompleted)
	}
	return nil, commands.UnknownType(re)
}

// surveyCreated maps a stored new survey back to the domain.
func surveyCreated(j survey.CreatedData) survey.Event {
	d := survey.Definition{ID: j.ID, Kind: survey.Kind(j.Kind), Title: j.Title, Description: j.Description, Start: j.Start, End: j.End,
		Audience: survey.Audience{All: j.Audience.All, Units: j.Audience.Units, Departments: j.Audience.Departments, SubjectID: j.Audience.SubjectID}}
	for _, x := range j.Audience.Evaluators {
		d.Audience.Evaluators = append(d.Audience.Evaluators, survey.Evaluator{UserID: x.UserID, Relation: survey.Relation(x.Relation)})
	}
	for _, q := range j.Questions {
		d.Questions = append(d.Questions, q.Question())
	}
	return survey.Created{Survey: d, CreatedBy: j.CreatedBy, CreatedAt: j.CreatedAt}
}

// surveyCompleted maps a stored completed response back to the domain.
func surveyCompleted(j survey.CompletedData) survey.Event {
	c := survey.Completed{SurveyID: j.SurveyID, ResponseID: j.ResponseID, UserID: j.UserID, Kind: survey.Kind(j.Kind),
		Relation: survey.Relation(j.Relation), CompletedAt: j.CompletedAt}
	for _, a := range j.Answers {
		c.Answers = append(c.Answers, survey.Answer{QuestionUkey: a.Ukey, Type: survey.QuestionType(a.Type), Value: a.Value})
	}
	return c
}

// ResponseID is the id of a person's response to a survey: one per survey and respondent,
// derived so that every command finds the same stream (spec §3 oa10_ukey).
func ResponseID(tenant, surveyID, user uuid.UUID) uuid.UUID {
	return uuid.NewSHA1(commands.Namespace, []byte(tenant.String()+"\x00survey-response\x00"+surveyID.String()+"\x00"+user.String()))
}

// loadSurvey replays a survey stream; a survey that does not exist is NotFound on oa8Ukey.
func loadSurvey(ctx context.Context, store eventstore.Store, tenant, id uuid.UUID) (*survey.Survey, error) {
	recorded, err := store.ReadStream(ctx, tenant, survey.Stream(id), 0)
	if err != nil {
		return nil, err
	}
	s := survey.New()
	if err := commands.Replay(recorded, decodeSurvey, s.Apply); err != nil {
		return nil, err
	}
	return s, nil
}

// decideSurvey loads survey id, lets decide choose the events and appends them for the user's
// command (decideOnStream): a retried command id answers the events it appended the first time.
func decideSurvey(ctx context.Context, store eventstore.Store, now func() time.Time, tenant, user, id uuid.UUID, commandID string,
	decide func(s *survey.Survey, at time.Time) ([]survey.Event, error)) ([]survey.Event, error) {
	on := commands.StreamCommand{Tenant: tenant, Actor: user, Stream: survey.Stream(id), CommandID: commandID}
	return commands.DecideOnStream(ctx, store, now, on, commands.Codec[survey.Event]{Decode: decodeSurvey, Encode: encodeSurvey}, false, survey.New, decide)
}

// surveyNotFound answers an unknown survey, and a survey the caller is not asked to answer
// (so the answer tells nothing about surveys of other audiences).
func surveyNotFound() *domain.Error {
	return &domain.Error{Kind: domain.NotFound, Field: "oa8Ukey", Key: domain.KeyNotFound}
}

// cachedSurvey folds what was appended to a survey stream since the cached state.
func cachedSurvey(ctx context.Context, store eventstore.Store, cache *commands.StateCache[*survey.Survey], tenant, id uuid.UUID) (*survey.Survey, error) {
	stream := survey.Stream(id)
	s, version := cache.Get(tenant, stream)
	recorded, err := store.ReadStream(ctx, tenant, stream, version+1)
	if err != nil {
		return nil, err
	}
	for _, re := range recorded {
		e, err := decodeSurvey(re)
		if err != nil {
			return nil, err
		}
		s.Apply(e)
		version = re.Version
	}
	if s.Exists() {
		cache.Put(tenant, stream, s.Clone(), version)
	}
	return s, nil
}

// decide loads the survey and the caller's response (from the cache, reading only
// what was appended since: see since), checks the caller is in the audience, lets decide choose the
// events and appends them with the expected version, retrying on a concurrent append. A
// retried command id answers the events it appended the first time: found among the new
// events, or, when they lie further back, caught by the store (their ids exist), which
// drops the cache entry and reads the whole stream again.
func (h *Responses) decide(ctx context.Context, cmd Response,
	decide func(r *survey.Response, p survey.Respondent, at time.Time) ([]survey.Event, error)) (events []survey.Event, err error) {
	store, cache, now := h.store, h.responses, h.now
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" {
		return nil, errors.New("tenant, user and command id are required")
	}
	if cmd.SurveyID == uuid.Nil {
		return nil, surveyNotFound()
	}
	s, err := cachedSurvey(ctx, store, h.surveys, cmd.Tenant, cmd.SurveyID)
	if err != nil {
		return nil, err
	}
	if !s.Exists() {
		return nil, surveyNotFound()
	}
	member, err := h.members.Member(ctx, cmd.Tenant, cmd.UserID)
	if err != nil {
		return nil, err
	}
	relation, ok := s.Definition().Audience.Includes(member)
	if !ok {
		return nil, surveyNotFound()
	}
	rid := ResponseID(cmd.Tenant, cmd.SurveyID, cmd.UserID)
	p := survey.Respondent{Survey: s.Definition(), Closed: s.Closed(), ResponseID: rid.String(), UserID: cmd.UserID.String(), Relation: relation}
	stream := survey.ResponseStream(rid)
	err = commands.WithRetries(func(retry bool) error {
		r, version := cache.Get(cmd.Tenant, stream)
		whole := version < 0 // the whole stream is read: any earlier event of the command is seen
		recorded, err := commands.Since(ctx, store, cmd.Tenant, stream, version, retry)
		if err != nil {
			return err
		}
		first := commands.EventID(cmd.Tenant, stream, cmd.CommandID, 0)
		var prior []survey.Event
		for _, re := range recorded {
			e, err := decodeSurvey(re)
			if err != nil {
				return err
			}
			if re.ID == first || (len(prior) > 0 && re.CommandID == cmd.CommandID) {
				prior = append(prior, e)
			}
			r.Apply(e)
			version = re.Version
		}
		if len(prior) > 0 {
			events = prior
			return nil
		}
		decided, err := decide(r, p, now().UTC().Truncate(time.Microsecond))
		if err != nil && !whole {
			// A refusal may be a retried command that succeeded long ago (a finish sent
			// twice): look at the whole stream before answering it.
			cache.Drop(cmd.Tenant, stream)
			return commands.ErrRetry
		}
		if err != nil || len(decided) == 0 {
			events = nil
			cache.Put(cmd.Tenant, stream, r, version)
			return err
		}
		data, err := commands.EncodeEvents(cmd.Tenant, stream, cmd.CommandID, decided, encodeSurvey)
		if err != nil {
			return err
		}
		res, err := store.Append(ctx, commands.MetaOf(cmd.Tenant, cmd.UserID, stream, cmd.CommandID), stream, version, data...)
		if err != nil {
			cache.AppendFailed(cmd.Tenant, stream, err, retry)
			return err
		}
		if res.Duplicate {
			cache.Drop(cmd.Tenant, stream)
			return commands.ErrRetry
		}
		for _, e := range decided {
			r.Apply(e)
		}
		cache.Put(cmd.Tenant, stream, r, version+int64(len(decided)))
		events = decided
		return nil
	})
	return events, err
}
