package surveys

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"portal/domain/survey"
)

// The fast decoders read what json.Unmarshal reads, or decline: the events as the survey
// commands write them, and shapes they leave to encoding/json.
func TestDecodeFastAsEncodingJSON(t *testing.T) {
	at := time.Date(2026, 11, 3, 11, 4, 5, 123456789, time.UTC)
	answered, err := json.Marshal(survey.AnswerSavedData{SurveyID: "2b1f2e34-7b35-4e0a-9d4a-0d6f0f2a9e11", ResponseID: "r", UserID: "u",
		Answer: survey.AnswerData{Ukey: "q1", Type: 1, Value: "7"}, Step: 2, SavedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	completed, err := json.Marshal(survey.CompletedData{SurveyID: "s", ResponseID: "r", UserID: "u", Kind: "360", Relation: "peer",
		Answers: []survey.AnswerData{{Ukey: "q1", Type: 1, Value: "7"}, {Ukey: "q2", Type: 6, Value: "texto"}}, CompletedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		completion bool // a completion's data, else an answer's
		data       string
		shaped     bool // the fast path must take it
	}{
		{false, string(answered), true},
		{true, string(completed), true},
		{true, `{"surveyId":"s","answers":[],"completedAt":"2026-11-03T11:04:00-03:00"}`, true},
		{true, `{"surveyId":"s","answers":null,"extra":{"a":[1,"b",null]}}`, true},
		{false, `{"answer":{"ukey":"q","type":-0,"value":"ação"},"step":0}`, true},
		{false, `{"answer":{"ukey":"q","type":1.0}}`, false},
		{false, `{"answer":{"ukey":"q","type":1e2}}`, false},
		{false, `{"answer":{"ukey":"q","value":7}}`, false},
		{false, `{"answer":null}`, false},
		{false, `{"step":99999999999999999999}`, false},
		{true, `{"answers":[null]}`, false},
		{true, `{"answers":[{"ukey":"q","type":"1"}]}`, false},
		{true, `{"surveyId":"a \"quoted\" id"}`, false},
		{true, `{"surveyId":"s","SurveyID":"x"}`, false},
		{false, `{"surveyId":"s","surveyId":"t"}`, false},
		{true, `{"completedAt":null}`, false},
		{false, `{"surveyId":"s"} trailing`, false},
	} {
		var fast, slow any
		var ok bool
		if c.completion {
			var f, s survey.CompletedData
			ok, fast, slow = decodeCompletedFast([]byte(c.data), &f), &f, &s
		} else {
			var f, s survey.AnswerSavedData
			ok, fast, slow = decodeAnsweredFast([]byte(c.data), &f), &f, &s
		}
		if ok != c.shaped {
			t.Errorf("%s: fast path %v, want %v", c.data, ok, c.shaped)
		}
		if !ok {
			continue
		}
		if err := json.Unmarshal([]byte(c.data), slow); err != nil {
			t.Errorf("%s: fast path took what encoding/json refuses (%v)", c.data, err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Errorf("%s: %+v, encoding/json %+v", c.data, fast, slow)
		}
	}
}

// FuzzDecodeFast: whatever the data, a fast decoder that takes it reads what json.Unmarshal
// reads (the seeds are the shapes above).
func FuzzDecodeFast(f *testing.F) {
	for _, s := range []string{
		`{"surveyId":"s","responseId":"r","userId":"u","answer":{"ukey":"q1","type":1,"value":"7"},"step":2,"savedAt":"2026-11-03T11:04:05.123456789Z"}`,
		`{"surveyId":"s","kind":"360","relation":"peer","answers":[{"ukey":"q1","type":1,"value":"7"}],"completedAt":"2026-11-03T11:04:00-03:00"}`,
		`{"surveyId":"s","answers":null,"extra":{"a":[1,"b",null]}}`,
		`{"answer":{"ukey":"q","type":-0,"value":"ação"},"step":0}`,
		`{"answers":[{"ukey":"q","type":"1"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fa, sa survey.AnswerSavedData
		if decodeAnsweredFast(data, &fa) {
			if err := json.Unmarshal(data, &sa); err != nil || !reflect.DeepEqual(fa, sa) {
				t.Fatalf("%q: answer %+v, encoding/json %+v (%v)", data, fa, sa, err)
			}
		}
		var fc, sc survey.CompletedData
		if decodeCompletedFast(data, &fc) {
			if err := json.Unmarshal(data, &sc); err != nil || !reflect.DeepEqual(fc, sc) {
				t.Fatalf("%q: completion %+v, encoding/json %+v (%v)", data, fc, sc, err)
			}
		}
	})
}
