package surveys

import (
	"portal/domain/survey"
	"portal/eventstore"
	"portal/platform/jscan"
	"portal/projections"
)

// A replay of the bench's log spent more of its Go time decoding the answers and completions
// (encoding/json) than reading them (issue 33). The two events a response is mostly made of
// are decoded with jscan when they have its plain shape, exactly as encoding/json decodes
// them, and with encoding/json otherwise.

// The JSON keys of the events' data, for jscan.Scanner.Fields.
var (
	answerKeys    = []string{"ukey", "type", "value"}
	answeredKeys  = []string{"surveyId", "responseId", "userId", "answer", "step", "savedAt"}
	completedKeys = []string{"surveyId", "responseId", "userId", "kind", "relation", "answers", "completedAt"}
)

// decodeAnswered decodes a survey.answer_saved event's data into d.
func decodeAnswered(e eventstore.RecordedEvent, d *survey.AnswerSavedData) error {
	if decodeAnsweredFast(e.Data, d) {
		return nil
	}
	*d = survey.AnswerSavedData{}
	return projections.DecodeData(e, d)
}

// decodeCompleted decodes a survey.completed event's data into d.
func decodeCompleted(e eventstore.RecordedEvent, d *survey.CompletedData) error {
	if decodeCompletedFast(e.Data, d) {
		return nil
	}
	*d = survey.CompletedData{}
	return projections.DecodeData(e, d)
}

// decodeAnsweredFast decodes data into d (which must be zero) as json.Unmarshal would, when
// data has the plain shape jscan reads, and tells whether it could.
func decodeAnsweredFast(data []byte, d *survey.AnswerSavedData) bool {
	s := jscan.New(data)
	return s.Fields(answeredKeys, func(key string) bool {
		switch key {
		case "surveyId":
			return s.Str(&d.SurveyID)
		case "responseId":
			return s.Str(&d.ResponseID)
		case "userId":
			return s.Str(&d.UserID)
		case "answer":
			return decodeAnswer(s, &d.Answer)
		case "step":
			return s.Int(&d.Step)
		case "savedAt":
			return s.Time(&d.SavedAt)
		}
		return false
	}) && s.End()
}

// decodeCompletedFast is decodeAnsweredFast for a completion.
func decodeCompletedFast(data []byte, d *survey.CompletedData) bool {
	s := jscan.New(data)
	return s.Fields(completedKeys, func(key string) bool {
		switch key {
		case "surveyId":
			return s.Str(&d.SurveyID)
		case "responseId":
			return s.Str(&d.ResponseID)
		case "userId":
			return s.Str(&d.UserID)
		case "kind":
			return s.Str(&d.Kind)
		case "relation":
			return s.Str(&d.Relation)
		case "answers":
			if s.Null() {
				return true
			}
			d.Answers = []survey.AnswerData{} // as encoding/json: [] is an empty slice, not nil
			return s.Array(func() bool {
				var a survey.AnswerData
				if !decodeAnswer(s, &a) {
					return false
				}
				d.Answers = append(d.Answers, a)
				return true
			})
		case "completedAt":
			return s.Time(&d.CompletedAt)
		}
		return false
	}) && s.End()
}

func decodeAnswer(s *jscan.Scanner, a *survey.AnswerData) bool {
	return s.Fields(answerKeys, func(key string) bool {
		switch key {
		case "ukey":
			return s.Str(&a.Ukey)
		case "type":
			return s.Int(&a.Type)
		case "value":
			return s.Str(&a.Value)
		}
		return false
	})
}
