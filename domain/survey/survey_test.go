package survey_test

import (
	"errors"
	"testing"
	"time"

	"portal/domain"
	"portal/domain/survey"
)

var now = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func q(t survey.QuestionType, mut ...func(*survey.Question)) survey.Question {
	x := survey.Question{Ukey: "q", Title: "Pergunta", Type: t}
	for _, m := range mut {
		m(&x)
	}
	return x
}

func required(x *survey.Question) { x.Required = true }
func bounds(lo, hi string) func(*survey.Question) {
	return func(x *survey.Question) { x.Min, x.Max = lo, hi }
}
func options(o string) func(*survey.Question) { return func(x *survey.Question) { x.Options = o } }

// spec: portal-business §5 dynamic form validation, one table for every type.
func TestCheckEveryType(t *testing.T) {
	t.Parallel()
	ans := func(t survey.QuestionType, v string) survey.Answer {
		return survey.Answer{QuestionUkey: "q", Type: t, Value: v}
	}
	cases := []struct {
		name string
		q    survey.Question
		a    survey.Answer
		want string
	}{
		{"text_empty_optional", q(survey.TypeText), ans(0, ""), ""},
		{"text_empty_required", q(survey.TypeText, required), ans(0, ""), domain.KeyRequired},
		{"text_ok", q(survey.TypeText, required), ans(0, "ok"), ""},
		{"text_too_long", q(survey.TypeText), ans(0, string(make([]rune, 256))), domain.KeyTooLong},
		{"text_with_bounds_is_bad_config", q(survey.TypeText, bounds("1", "")), ans(0, "x"), survey.KeyBadConfig},
		{"integer_empty_optional", q(survey.TypeInteger, bounds("0", "10")), ans(1, ""), ""},
		{"integer_empty_required", q(survey.TypeInteger, required), ans(1, ""), domain.KeyRequired},
		{"integer_below_min", q(survey.TypeInteger, bounds("0", "10")), ans(1, "-1"), survey.KeyMin},
		{"integer_above_max", q(survey.TypeInteger, bounds("0", "10")), ans(1, "11"), survey.KeyMax},
		{"integer_at_bounds", q(survey.TypeInteger, bounds("0", "10")), ans(1, "10"), ""},
		{"integer_fraction", q(survey.TypeInteger), ans(1, "1.5"), survey.KeyNotInt},
		{"integer_fraction_bound_bad_config", q(survey.TypeInteger, bounds("0.5", "")), ans(1, "1"), survey.KeyBadConfig},
		{"integer_min_above_max_bad_config", q(survey.TypeInteger, bounds("5", "1")), ans(1, "3"), survey.KeyBadConfig},
		{"integer_bound_not_number", q(survey.TypeInteger, bounds("x", "")), ans(1, "3"), survey.KeyBadConfig},
		{"boolean_empty_optional", q(survey.TypeBoolean), ans(2, ""), ""},
		{"boolean_empty_required", q(survey.TypeBoolean, required), ans(2, ""), domain.KeyRequired},
		{"boolean_false_required_ok", q(survey.TypeBoolean, required), ans(2, "false"), ""},
		{"boolean_garbage", q(survey.TypeBoolean), ans(2, "yes"), domain.KeyInvalid},
		{"decimal_two_digits", q(survey.TypeDecimal, bounds("0", "100")), ans(5, "99.99"), ""},
		{"decimal_three_digits", q(survey.TypeDecimal), ans(5, "1.234"), survey.KeyTwoDecimals},
		{"decimal_below_min", q(survey.TypeDecimal, bounds("1.5", "")), ans(5, "1.49"), survey.KeyMin},
		{"decimal_above_max", q(survey.TypeDecimal, bounds("", "2")), ans(5, "2.01"), survey.KeyMax},
		{"decimal_empty_required", q(survey.TypeDecimal, required), ans(5, ""), domain.KeyRequired},
		{"date_ok", q(survey.TypeDate, required), ans(6, "2026-01-31"), ""},
		{"date_empty_required", q(survey.TypeDate, required), ans(6, ""), domain.KeyRequired},
		{"date_before_1900", q(survey.TypeDate), ans(6, "1899-12-31"), domain.KeyBadDate},
		{"date_garbage", q(survey.TypeDate), ans(6, "31/01/2026"), domain.KeyBadDate},
		{"option_ok", q(survey.TypeOption, options("Sim; Não ;Talvez")), ans(8, "Não"), ""},
		{"option_empty_needs_one", q(survey.TypeOption, options("Sim;Não")), ans(8, ""), survey.KeyOptionMin},
		{"option_unknown", q(survey.TypeOption, options("Sim;Não")), ans(8, "Nunca"), survey.KeyOptionMin},
		{"option_without_options_bad_config", q(survey.TypeOption, options(" ; ;")), ans(8, "x"), survey.KeyBadConfig},
		{"multiline_long_ok", q(survey.TypeMultiLine, required), ans(11, string(make([]rune, 50000))), ""},
		{"multiline_too_long", q(survey.TypeMultiLine), ans(11, string(make([]rune, 50001))), domain.KeyTooLong},
		{"multiline_empty_required", q(survey.TypeMultiLine, required), ans(11, ""), domain.KeyRequired},
		{"unknown_type_bad_config", q(survey.QuestionType(3)), ans(3, "x"), survey.KeyBadConfig},
		{"empty_title_bad_config", q(survey.TypeText, func(x *survey.Question) { x.Title = " " }), ans(0, "x"), survey.KeyBadConfig},
		{"answer_of_other_type", q(survey.TypeInteger), ans(0, "3"), domain.KeyInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := survey.Check(c.q, c.a); got != c.want {
				t.Errorf("Check = %q, want %q", got, c.want)
			}
		})
	}
}

// spec: issue 6, eNPS = percent promoters (9–10) minus percent detractors (0–6).
func TestENPSFormula(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		dist [11]int64
		want survey.ENPS
	}{
		{"no_answers", [11]int64{}, survey.ENPS{}},
		{"all_promoters", [11]int64{9: 2, 10: 3}, survey.ENPS{Respondents: 5, Promoters: 5, Score: 100}},
		{"all_detractors", [11]int64{0: 1, 6: 1}, survey.ENPS{Respondents: 2, Detractors: 2, Score: -100}},
		{"passives_count_in_total_only", [11]int64{7: 1, 8: 1, 9: 1, 6: 1}, survey.ENPS{Respondents: 4, Promoters: 1, Passives: 2, Detractors: 1, Score: 0}},
		{"one_third", [11]int64{10: 2, 8: 1}, survey.ENPS{Respondents: 3, Promoters: 2, Passives: 1, Score: 66.7}},
		{"boundaries_6_is_detractor_9_is_promoter", [11]int64{6: 3, 9: 1}, survey.ENPS{Respondents: 4, Promoters: 1, Detractors: 3, Score: -50}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := survey.ENPSOf(c.dist); got != c.want {
				t.Errorf("ENPSOf = %+v, want %+v", got, c.want)
			}
		})
	}
	if survey.Shown(2) || !survey.Shown(3) {
		t.Error("groups below 3 respondents must show no figures")
	}
}

func def(kind survey.Kind, qs ...survey.Question) survey.Definition {
	return survey.Definition{ID: "s1", Kind: kind, Title: "Pesquisa", Start: now.Add(-time.Hour), End: now.Add(time.Hour),
		Audience: survey.Audience{All: true}, Questions: qs}
}

func withUkey(x survey.Question, k string) survey.Question { x.Ukey = k; return x }

func TestDefinitionValidate(t *testing.T) {
	t.Parallel()
	rating := withUkey(q(survey.TypeInteger, bounds("0", "10"), required), "r")
	cases := []struct {
		name  string
		d     survey.Definition
		field string
	}{
		{"enps_ok", def(survey.KindENPS, rating), ""},
		{"enps_first_not_rating", def(survey.KindENPS, withUkey(q(survey.TypeText), "t")), "perguntas[0]"},
		{"no_questions", def(survey.KindPoll), "perguntas"},
		{"bad_period", func() survey.Definition { d := def(survey.KindPoll, rating); d.End = d.Start; return d }(), "fim"},
		{"no_audience", func() survey.Definition { d := def(survey.KindPoll, rating); d.Audience = survey.Audience{}; return d }(), "publico"},
		{"units_ok", func() survey.Definition {
			d := def(survey.KindClimate, rating)
			d.Audience = survey.Audience{Units: []string{"u"}}
			return d
		}(), ""},
		{"duplicate_ukey", def(survey.KindPoll, rating, rating), "perguntas[1]"},
		{"broken_option", def(survey.KindPoll, withUkey(q(survey.TypeOption), "o")), "perguntas[0]"},
		{"360_ok", func() survey.Definition {
			d := def(survey.Kind360, rating)
			d.Audience = survey.Audience{SubjectID: "a", Evaluators: []survey.Evaluator{{"a", survey.RelationSelf}, {"m", survey.RelationManager}}}
			return d
		}(), ""},
		{"360_self_must_be_subject", func() survey.Definition {
			d := def(survey.Kind360, rating)
			d.Audience = survey.Audience{SubjectID: "a", Evaluators: []survey.Evaluator{{"b", survey.RelationSelf}}}
			return d
		}(), "publico"},
		{"360_unknown_relation", func() survey.Definition {
			d := def(survey.Kind360, rating)
			d.Audience = survey.Audience{SubjectID: "a", Evaluators: []survey.Evaluator{{"b", "boss"}}}
			return d
		}(), "publico"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := c.d.Validate()
			if c.field == "" {
				if err != nil {
					t.Fatalf("Validate = %v", err)
				}
				return
			}
			var de *domain.Error
			if !errors.As(err, &de) || de.Field != c.field {
				t.Fatalf("Validate = %v, want field %s", err, c.field)
			}
		})
	}
}

func TestAudienceIncludes(t *testing.T) {
	t.Parallel()
	m := survey.Member{UserID: "u", UnitID: "unit", DepartmentID: "dept"}
	for _, c := range []struct {
		name string
		a    survey.Audience
		rel  survey.Relation
		ok   bool
	}{
		{"all", survey.Audience{All: true}, "", true},
		{"unit", survey.Audience{Units: []string{"x", "unit"}}, "", true},
		{"department", survey.Audience{Departments: []string{"dept"}}, "", true},
		{"other_department", survey.Audience{Departments: []string{"x"}}, "", false},
		{"360_evaluator", survey.Audience{SubjectID: "s", Evaluators: []survey.Evaluator{{"u", survey.RelationPeer}}}, survey.RelationPeer, true},
		{"360_not_evaluator", survey.Audience{SubjectID: "s", Evaluators: []survey.Evaluator{{"x", survey.RelationPeer}}}, "", false},
	} {
		rel, ok := c.a.Includes(m)
		if rel != c.rel || ok != c.ok {
			t.Errorf("%s: Includes = %q %v", c.name, rel, ok)
		}
	}
}
