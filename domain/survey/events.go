package survey

import "time"

// Event is something that happened to a survey or to one person's answers. Type strings are
// stable and independent of Go names (docs/api.md "Events of the surveys").
type Event interface {
	EventType() string
}

// Stable event type strings.
const (
	TypeCreated   = "survey.created.v1"
	TypeClosed    = "survey.closed.v1"
	TypeAnswered  = "survey.answer_saved.v1"
	TypeStepSaved = "survey.step_saved.v1"
	TypeCompleted = "survey.response_completed.v1"
)

// Created says HR created a survey (stream "survey-<id>").
type Created struct {
	Survey    Definition
	CreatedBy string
	CreatedAt time.Time
}

// Closed says HR closed a survey before its end: nobody may answer it any more.
type Closed struct {
	SurveyID string
	ClosedAt time.Time
}

// AnswerSaved says a respondent left a question with this answer (spec §4: "each answer is
// saved when the user leaves a question"). Step is the active step at that moment.
type AnswerSaved struct {
	SurveyID, ResponseID, UserID string
	Answer                       Answer
	Step                         int
	SavedAt                      time.Time
}

// StepSaved says the respondent moved to another question (spec §4: "the active step is
// saved whenever the user moves between questions").
type StepSaved struct {
	SurveyID, ResponseID, UserID string
	Step                         int
	SavedAt                      time.Time
}

// Completed says the respondent finished: every answer passed validation and is final.
// It carries the final answers and the respondent's relation (360) so that result readers
// need nothing else.
type Completed struct {
	SurveyID, ResponseID, UserID string
	Kind                         Kind
	Relation                     Relation
	Answers                      []Answer // in question order, unanswered optional ones left out
	CompletedAt                  time.Time
}

// EventType implements Event.
func (Created) EventType() string { return TypeCreated }

// EventType implements Event.
func (Closed) EventType() string { return TypeClosed }

// EventType implements Event.
func (AnswerSaved) EventType() string { return TypeAnswered }

// EventType implements Event.
func (StepSaved) EventType() string { return TypeStepSaved }

// EventType implements Event.
func (Completed) EventType() string { return TypeCompleted }

var (
	_ Event = Created{}
	_ Event = Closed{}
	_ Event = AnswerSaved{}
	_ Event = StepSaved{}
	_ Event = Completed{}
)
