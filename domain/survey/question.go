package survey

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"portal/domain"
)

// QuestionType is a dynamic-form field type (spec §3 "Dynamic form question types").
type QuestionType int

// The dynamic-form types.
const (
	TypeText      QuestionType = 0
	TypeInteger   QuestionType = 1
	TypeBoolean   QuestionType = 2
	TypeDecimal   QuestionType = 5
	TypeDate      QuestionType = 6
	TypeOption    QuestionType = 8
	TypeMultiLine QuestionType = 11
)

// Known tells whether t is one of the spec's types.
func (t QuestionType) Known() bool {
	switch t {
	case TypeText, TypeInteger, TypeBoolean, TypeDecimal, TypeDate, TypeOption, TypeMultiLine:
		return true
	}
	return false
}

// Numeric tells whether answers of t are numbers (averaged in results).
func (t QuestionType) Numeric() bool { return t == TypeInteger || t == TypeDecimal }

// maxNumber bounds numeric answers and limits so that float64 holds them exactly enough.
const maxNumber = 1e12

// Question is a survey question (spec §3 Question: oa9_001_c code, oa9_003_m title, oa9_004_n
// type, oa9_005_c default, oa9_007_m options, oa9_020_c min, oa9_021_c max, oa9_022_n
// required). Code groups climate questions into dimensions.
type Question struct {
	Ukey     string
	Code     string // oa9_001_c: the dimension of a climate question
	Title    string
	Type     QuestionType
	Default  string
	Options  string // oa9_007_m: options separated by semicolons (type 8)
	Min, Max string // oa9_020_c, oa9_021_c: numeric bounds (types 1 and 5)
	Required bool   // oa9_022_n = 1 (chkIfEmpty)
}

// OptionList splits the options at semicolons, trimmed, empty ones dropped.
func (q Question) OptionList() []string {
	var out []string
	for _, o := range strings.Split(q.Options, ";") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// CheckConfig tells whether the question's configuration can be shown and validated; a broken
// one is answered "configuração inválida !" (spec §2, §8).
func (q Question) CheckConfig() error {
	bad := domain.InvalidField("pergunta", KeyBadConfig)
	if !q.Type.Known() || strings.TrimSpace(q.Title) == "" || utf8.RuneCountInString(q.Title) > MaxMultiLine ||
		utf8.RuneCountInString(q.Code) > MaxText || utf8.RuneCountInString(q.Default) > MaxText {
		return bad
	}
	switch q.Type {
	case TypeOption:
		opts := q.OptionList()
		if len(opts) == 0 || len(opts) > MaxOptions {
			return bad
		}
		for _, o := range opts {
			if utf8.RuneCountInString(o) > MaxText {
				return bad
			}
		}
	case TypeInteger, TypeDecimal:
		lo, hasLo, err := bound(q.Min, q.Type)
		if err != nil {
			return bad
		}
		hi, hasHi, err := bound(q.Max, q.Type)
		if err != nil {
			return bad
		}
		if hasLo && hasHi && lo > hi {
			return bad
		}
	default:
		if q.Min != "" || q.Max != "" {
			return bad // bounds mean nothing for this type
		}
	}
	return nil
}

// bound reads a min or max: empty is no bound; an integer question needs integer bounds.
func bound(s string, t QuestionType) (float64, bool, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.Abs(v) > maxNumber {
		return 0, false, domain.InvalidField("pergunta", KeyBadConfig)
	}
	if t == TypeInteger && v != math.Trunc(v) {
		return 0, false, domain.InvalidField("pergunta", KeyBadConfig)
	}
	return v, true, nil
}

// Answer is the answer to one question in canonical text form: an integer "7", a decimal
// "3.25", a boolean "true"/"false", a date "2026-11-22", the chosen option, or the text. An
// empty Value is no answer.
type Answer struct {
	QuestionUkey string
	Type         QuestionType
	Value        string
}

// Empty tells whether the question was left unanswered.
func (a Answer) Empty() bool { return a.Value == "" }

// Number is the numeric value of an integer or decimal answer.
func (a Answer) Number() (float64, bool) {
	if !a.Type.Numeric() || a.Value == "" {
		return 0, false
	}
	v, err := strconv.ParseFloat(a.Value, 64)
	return v, err == nil
}

// Check validates an answer against its question, as on finishing (spec §5 "Dynamic form
// validation"): decimals at most two digits after the comma, integers and decimals within
// min and max, boolean, date and text required when chkIfEmpty is set, an option required
// (minimum 1). It returns the message key of the first rule broken.
func Check(q Question, a Answer) string {
	if q.CheckConfig() != nil {
		return KeyBadConfig
	}
	if a.Empty() {
		if q.Required || q.Type == TypeOption {
			if q.Type == TypeOption {
				return KeyOptionMin
			}
			return domain.KeyRequired
		}
		return ""
	}
	if a.Type != q.Type {
		return domain.KeyInvalid
	}
	switch q.Type {
	case TypeInteger, TypeDecimal:
		v, err := strconv.ParseFloat(a.Value, 64)
		if err != nil {
			return KeyNotNumber
		}
		if q.Type == TypeDecimal && decimals(a.Value) > 2 {
			return KeyTwoDecimals
		}
		if q.Type == TypeInteger && v != math.Trunc(v) {
			return KeyNotInt
		}
		if lo, ok, _ := bound(q.Min, q.Type); ok && v < lo {
			return KeyMin
		}
		if hi, ok, _ := bound(q.Max, q.Type); ok && v > hi {
			return KeyMax
		}
	case TypeBoolean:
		if a.Value != "true" && a.Value != "false" {
			return domain.KeyInvalid
		}
	case TypeDate:
		d, err := time.Parse(time.DateOnly, a.Value)
		if err != nil || d.Year() < 1900 {
			return domain.KeyBadDate
		}
	case TypeOption:
		for _, o := range q.OptionList() {
			if o == a.Value {
				return ""
			}
		}
		return KeyOptionMin
	case TypeText:
		if utf8.RuneCountInString(a.Value) > MaxText {
			return domain.KeyTooLong
		}
	case TypeMultiLine:
		if utf8.RuneCountInString(a.Value) > MaxMultiLine {
			return domain.KeyTooLong
		}
	}
	return ""
}

// decimals counts the digits after the decimal point of a canonical number.
func decimals(s string) int {
	_, frac, ok := strings.Cut(s, ".")
	if !ok {
		return 0
	}
	return len(frac)
}
