package survey_test

import (
	"errors"
	"testing"
	"time"

	"portal/domain"
	"portal/domain/survey"
)

func respondent() survey.Respondent {
	d := def(survey.KindClimate,
		withUkey(q(survey.TypeInteger, bounds("1", "5"), required), "a"),
		withUkey(q(survey.TypeDecimal), "b"),
		withUkey(q(survey.TypeOption, options("Sim;Não")), "c"),
	)
	return survey.Respondent{Survey: d, ResponseID: "r1", UserID: "u1"}
}

func body(t *testing.T, s string) survey.AnswerInput {
	t.Helper()
	in, err := survey.ParseAnswer([]byte(s))
	if err != nil {
		t.Fatalf("ParseAnswer(%s): %v", s, err)
	}
	return in
}

func apply(r *survey.Response, es []survey.Event) {
	for _, e := range es {
		r.Apply(e)
	}
}

func fieldOf(err error) (string, string) {
	var de *domain.Error
	if errors.As(err, &de) {
		return de.Field, de.Key
	}
	return "", ""
}

// spec §4: answers and steps are saved as events; finishing validates all and jumps to the
// first invalid question; nothing is editable once finished.
func TestAnsweringFlow(t *testing.T) {
	t.Parallel()
	p := respondent()
	r := survey.NewResponse()

	es, err := r.SaveAnswer(p, body(t, `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":4,"step":1}`), now)
	if err != nil || len(es) != 1 {
		t.Fatalf("SaveAnswer = %v, %v", es, err)
	}
	apply(r, es)
	if a, _ := r.Answer("a"); a.Value != "4" || r.Step() != 1 {
		t.Fatalf("answer %+v step %d", a, r.Step())
	}
	// The same answer and step again: nothing new.
	if es, err := r.SaveAnswer(p, body(t, `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":"4","step":1}`), now); err != nil || len(es) != 0 {
		t.Fatalf("repeat = %v, %v", es, err)
	}
	// Three decimals are stored, then refused on finishing at that question.
	es, _ = r.SaveAnswer(p, body(t, `{"oa8_ukey":"s1","ukey":"b","oa9_004_n":5,"oa9_103_n":1.234,"step":2}`), now)
	apply(r, es)
	if _, err := r.Finish(p, now); err == nil {
		t.Fatal("finish with an invalid answer succeeded")
	} else if f, k := fieldOf(err); f != "perguntas[1]" || k != survey.KeyTwoDecimals {
		t.Fatalf("finish refusal = %s %s", f, k)
	}
	es, _ = r.SaveAnswer(p, body(t, `{"oa8_ukey":"s1","ukey":"b","oa9_004_n":5,"oa9_103_n":"1,25","step":2}`), now)
	apply(r, es)
	if _, err := r.Finish(p, now); err == nil {
		t.Fatal("finish without the option succeeded")
	} else if f, k := fieldOf(err); f != "perguntas[2]" || k != survey.KeyOptionMin {
		t.Fatalf("finish refusal = %s %s", f, k)
	}
	es, err = r.SaveStep(p, 0, now)
	if err != nil || len(es) != 1 {
		t.Fatalf("SaveStep = %v, %v", es, err)
	}
	apply(r, es)
	if _, err := r.SaveStep(p, 3, now); err == nil {
		t.Fatal("step past the last question accepted")
	}
	es, _ = r.SaveAnswer(p, body(t, `{"oa8_ukey":"s1","ukey":"c","oa9_004_n":8,"oa9_100_c":"Sim","step":2}`), now)
	apply(r, es)
	es, err = r.Finish(p, now)
	if err != nil {
		t.Fatalf("Finish: %v", err)
	}
	c := es[0].(survey.Completed)
	if len(c.Answers) != 3 || c.Answers[1].Value != "1.25" || c.Kind != survey.KindClimate {
		t.Fatalf("completed = %+v", c)
	}
	apply(r, es)
	for name, try := range map[string]func() ([]survey.Event, error){
		"answer": func() ([]survey.Event, error) {
			return r.SaveAnswer(p, body(t, `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":2,"step":0}`), now)
		},
		"step":   func() ([]survey.Event, error) { return r.SaveStep(p, 1, now) },
		"finish": func() ([]survey.Event, error) { return r.Finish(p, now) },
	} {
		if _, err := try(); err == nil {
			t.Errorf("%s after finishing accepted", name)
		} else if _, k := fieldOf(err); k != survey.KeyFinished {
			t.Errorf("%s after finishing: %v", name, err)
		}
	}
}

func TestAnsweringOutsidePeriodOrClosed(t *testing.T) {
	t.Parallel()
	p := respondent()
	in := body(t, `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":4,"step":0}`)
	if _, err := survey.NewResponse().SaveAnswer(p, in, now.Add(2*time.Hour)); err == nil {
		t.Error("answer after the end accepted")
	}
	p.Closed = true
	if _, err := survey.NewResponse().SaveAnswer(p, in, now); err == nil {
		t.Error("answer to a closed survey accepted")
	}
}

func TestParseAnswerRefusals(t *testing.T) {
	t.Parallel()
	p := respondent()
	for _, c := range []struct{ name, body, field string }{
		{"not_json", `{`, "body"},
		{"no_survey", `{"ukey":"a","oa9_004_n":1,"step":0}`, "oa8_ukey"},
		{"no_type", `{"oa8_ukey":"s1","ukey":"a","step":0}`, "oa9_004_n"},
		{"unknown_type", `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":4,"step":0}`, "oa9_004_n"},
		{"negative_step", `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"step":-1}`, "step"},
		{"text_in_number", `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":"abc","step":0}`, "oa9_101_n"},
		{"huge_number", `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":1e300,"step":0}`, "oa9_101_n"},
		{"trailing_data", `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"step":0} {}`, "body"},
	} {
		_, err := survey.ParseAnswer([]byte(c.body))
		if f, _ := fieldOf(err); f != c.field {
			t.Errorf("%s: ParseAnswer = %v, want field %s", c.name, err, c.field)
		}
	}
	// Well-formed, but shaped wrong for the question.
	for _, c := range []struct{ name, body, field string }{
		{"type_mismatch", `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":0,"oa9_100_c":"x","step":0}`, "oa9_004_n"},
		{"fraction_for_integer", `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":2.5,"step":0}`, "oa9_101_n"},
		{"unknown_question", `{"oa8_ukey":"s1","ukey":"zz","oa9_004_n":1,"oa9_101_n":2,"step":0}`, "ukey"},
		{"step_past_end", `{"oa8_ukey":"s1","ukey":"a","oa9_004_n":1,"oa9_101_n":2,"step":3}`, "step"},
	} {
		_, err := survey.NewResponse().SaveAnswer(p, body(t, c.body), now)
		if f, _ := fieldOf(err); f != c.field {
			t.Errorf("%s: SaveAnswer = %v, want field %s", c.name, err, c.field)
		}
	}
}

func TestNormalizeDate(t *testing.T) {
	t.Parallel()
	qd := withUkey(q(survey.TypeDate), "d")
	for in, want := range map[string]string{
		`"2026-03-04"`: "2026-03-04", `"2026-03-04T23:30:00-03:00"`: "2026-03-04", `""`: "",
	} {
		a, err := body(t, `{"oa8_ukey":"s","ukey":"d","oa9_004_n":6,"step":0,"oa9_104_t":`+in+`}`).Normalize(qd)
		if err != nil || a.Value != want {
			t.Errorf("date %s = %q, %v", in, a.Value, err)
		}
	}
}
