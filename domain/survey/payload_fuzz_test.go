package survey_test

import (
	"errors"
	"testing"
	"time"
	"unicode/utf8"

	"portal/domain"
	"portal/domain/survey"
)

// FuzzParseAnswer: the answer body parser never panics, and whatever it accepts normalizes
// to valid UTF-8 for every question type or is refused as a 4xx domain error.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{
		`{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":4,"step":0}`,
		`{"oa8_ukey":"s1","ukey":"a","oa9_004_n":5,"oa9_103_n":"1,25","step":1}`,
		`{"oa8_ukey":"s1","ukey":"a","oa9_004_n":2,"oa9_102_b":true,"step":0}`,
		`{"oa8_ukey":"s1","ukey":"a","oa9_004_n":6,"oa9_104_t":"2026-01-01T00:00:00Z","step":0}`,
		`{"oa8_ukey":"s1","ukey":"a","oa9_004_n":8,"oa9_100_c":"Sim","step":0}`,
		`{"oa8_ukey":"s1","ukey":"a","oa9_004_n":11,"oa9_105_m":"linha\nlinha","step":0}`,
		`{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":1e400,"step":0}`,
		`{"oa8_ukey":1}`, `null`, `[]`, ``, `{"step":99999999999999999999}`,
	} {
		f.Add([]byte(s))
	}
	types := []survey.QuestionType{0, 1, 2, 5, 6, 8, 11}
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := survey.ParseAnswer(b)
		if err != nil {
			return
		}
		if in.Step < 0 || in.Step >= survey.MaxQuestions || !in.Type.Known() {
			t.Fatalf("accepted out-of-range input %+v", in)
		}
		for _, ty := range types {
			a, err := in.Normalize(survey.Question{Ukey: "a", Title: "t", Type: ty, Options: "Sim"})
			if err == nil && !utf8.ValidString(a.Value) {
				t.Fatalf("invalid UTF-8 answer %q", a.Value)
			}
			_ = survey.Check(survey.Question{Ukey: "a", Title: "t", Type: ty, Options: "Sim"}, a)
		}
	})
}

// FuzzParseCreate: HR's survey body never panics the parser, and a parsed draft that
// validates keeps its bounds.
func FuzzParseCreate(f *testing.F) {
	for _, s := range []string{
		`{"tipo":"enps","descricao":"x","inicio":"2026-01-01","fim":"2026-02-01","publico":{"todos":true},"perguntas":[{"oa9_003_m":"n","oa9_004_n":1,"oa9_020_c":"0","oa9_021_c":"10"}]}`,
		`{"tipo":"360","publico":{"avaliado":"h","avaliadores":[{"userHash":"h","relacao":"self"}]},"inicio":"2026-01-01T00:00:00Z","fim":"2026-01-02"}`,
		`{"tipo":"enquete","perguntas":[{"oa9_004_n":8,"oa9_007_m":";;"}]}`, `{}`, `[]`, `{"perguntas":[{}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := survey.ParseCreate(b)
		if err != nil {
			return
		}
		def := d.Definition
		def.ID = "s"
		if def.Validate() == nil && (len(def.Questions) == 0 || len(def.Questions) > survey.MaxQuestions || !def.End.After(def.Start)) {
			t.Fatalf("a broken draft validated: %+v", def)
		}
	})
}

// FuzzParseAction and FuzzParseStep: the PDI action and step bodies never panic their
// parsers, every refusal is an Invalid error naming the field, and what is accepted keeps
// its bounds (a due date that parses, a step within the survey).
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{
		`{"titulo":"Curso","prazo":"2026-12-31","oa8Ukey":"s","userHash":"h"}`, `{"prazo":"31/12/2026"}`,
		`{"prazo":"2026-02-30"}`, `{"titulo":1}`, `{} {}`, `null`, ``, `[]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := survey.ParseAction(b)
		if err != nil {
			wantInvalid(t, err)
			return
		}
		if _, err := time.Parse(time.DateOnly, d.Due); d.Due != "" && err != nil {
			t.Fatalf("accepted due date %q", d.Due)
		}
	})
}

func FuzzParseStep(f *testing.F) {
	for _, s := range []string{
		`{"oa8Ukey":"s","oa10_ukey":"r","step":0}`, `{"oa8_ukey":"s","step":99}`, `{"oa8Ukey":"s","step":-1}`,
		`{"oa8Ukey":"s","step":100}`, `{"oa8Ukey":"s","step":1e3}`, `{"step":1}`, `{"oa8Ukey":"s"}`, `null`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := survey.ParseStep(b)
		if err != nil {
			wantInvalid(t, err)
			return
		}
		if in.SurveyID == "" || in.Step < 0 || in.Step >= survey.MaxQuestions {
			t.Fatalf("accepted %+v", in)
		}
	})
}

func wantInvalid(t *testing.T, err error) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != domain.Invalid || de.Field == "" || de.Key == "" {
		t.Fatalf("unexpected error %v", err)
	}
}
