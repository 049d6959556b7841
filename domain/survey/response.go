package survey

import (
	"fmt"
	"time"

	"portal/domain"
)

// Respondent is what deciding on a response needs besides the response itself: the survey
// (as created, and whether it is closed), who answers and in which relation, and now.
type Respondent struct {
	Survey     Definition
	Closed     bool
	ResponseID string
	UserID     string
	Relation   Relation
}

// Response is one person's answers to one survey (stream "surveyresponse-<id>").
type Response struct {
	answers   map[string]Answer
	step      int
	completed bool
}

// NewResponse returns a response with nothing answered.
func NewResponse() *Response { return &Response{answers: map[string]Answer{}} }

// Step is the active step (the question shown), saved on every move.
func (r *Response) Step() int { return r.step }

// Completed tells whether the respondent finished.
func (r *Response) Completed() bool { return r.completed }

// Answer returns the saved answer to a question.
func (r *Response) Answer(ukey string) (Answer, bool) {
	a, ok := r.answers[ukey]
	return a, ok
}

func (r *Response) editable(p Respondent, now time.Time) error {
	if r.completed {
		return domain.Refusal("oa10_ukey", KeyFinished)
	}
	return p.Survey.Open(now, p.Closed)
}

// SaveAnswer decides saving the answer given when the respondent left a question, with the
// active step. Nothing changes once finished (spec §4). The same answer and step again give
// no event.
func (r *Response) SaveAnswer(p Respondent, in AnswerInput, now time.Time) ([]Event, error) {
	if err := r.editable(p, now); err != nil {
		return nil, err
	}
	i := p.Survey.QuestionIndex(in.QuestionUkey)
	if i < 0 {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "ukey", Key: domain.KeyNotFound}
	}
	if in.Step >= len(p.Survey.Questions) {
		return nil, domain.InvalidField("step", domain.KeyInvalid)
	}
	a, err := in.Normalize(p.Survey.Questions[i])
	if err != nil {
		return nil, err
	}
	if old, ok := r.answers[a.QuestionUkey]; ok && old == a && r.step == in.Step {
		return nil, nil
	}
	return []Event{AnswerSaved{SurveyID: p.Survey.ID, ResponseID: p.ResponseID, UserID: p.UserID, Answer: a, Step: in.Step, SavedAt: now}}, nil
}

// SaveStep decides saving the active step; the same step again gives no event.
func (r *Response) SaveStep(p Respondent, step int, now time.Time) ([]Event, error) {
	if err := r.editable(p, now); err != nil {
		return nil, err
	}
	if step < 0 || step >= len(p.Survey.Questions) {
		return nil, domain.InvalidField("step", domain.KeyInvalid)
	}
	if step == r.step {
		return nil, nil
	}
	return []Event{StepSaved{SurveyID: p.Survey.ID, ResponseID: p.ResponseID, UserID: p.UserID, Step: step, SavedAt: now}}, nil
}

// InvalidQuestion is the refusal of a finish: the first question that breaks a rule, by its
// index in the carousel (spec §4 "the carousel jumps to the first invalid question").
type InvalidQuestion struct {
	Index int
	Key   string
}

// Field is the error's field name, "perguntas[<index>]".
func (e InvalidQuestion) Field() string { return questionField(e.Index) }

func questionField(i int) string { return fmt.Sprintf("perguntas[%d]", i) }

// Validate checks every saved answer against its question and returns the first invalid one.
func (r *Response) Validate(d Definition) (InvalidQuestion, bool) {
	for i, q := range d.Questions {
		if key := Check(q, r.answers[q.Ukey]); key != "" {
			return InvalidQuestion{Index: i, Key: key}, false
		}
	}
	return InvalidQuestion{}, true
}

// Finish decides completing the evaluation: every answer must pass the rules of §5, else the
// refusal names the first invalid question (Field "perguntas[i]"). Finishing twice is
// refused like any edit after finishing.
func (r *Response) Finish(p Respondent, now time.Time) ([]Event, error) {
	if err := r.editable(p, now); err != nil {
		return nil, err
	}
	if bad, ok := r.Validate(p.Survey); !ok {
		return nil, domain.Refusal(bad.Field(), bad.Key)
	}
	var answers []Answer
	for _, q := range p.Survey.Questions {
		if a, ok := r.answers[q.Ukey]; ok && !a.Empty() {
			answers = append(answers, a)
		}
	}
	return []Event{Completed{SurveyID: p.Survey.ID, ResponseID: p.ResponseID, UserID: p.UserID, Kind: p.Survey.Kind,
		Relation: p.Relation, Answers: answers, CompletedAt: now}}, nil
}

// Apply changes the response by an event.
func (r *Response) Apply(e Event) {
	switch e := e.(type) {
	case AnswerSaved:
		r.answers[e.Answer.QuestionUkey] = e.Answer
		r.step = e.Step
	case StepSaved:
		r.step = e.Step
	case Completed:
		r.completed = true
	}
}

// Clone returns a copy that can be changed without changing r (the command layer caches
// folded responses).
func (r *Response) Clone() *Response {
	c := &Response{answers: make(map[string]Answer, len(r.answers)), step: r.step, completed: r.completed}
	for k, v := range r.answers {
		c.answers[k] = v
	}
	return c
}
