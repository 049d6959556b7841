package survey

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"portal/domain"
)

// AnswerInput is the body of the answer call (spec §7: PUT {token} with oa9_101_n,
// oa9_103_n, oa9_102_b, oa9_104_t, oa9_100_c, oa9_105_m, step, oa9_004_n, oa10_ukey,
// oa8_ukey, ukey). Only the slot of the question's type is read (Normalize).
type AnswerInput struct {
	SurveyID     string // oa8_ukey
	ResponseID   string // oa10_ukey (may be empty: the server knows the caller's response)
	QuestionUkey string // ukey
	Type         QuestionType
	Step         int
	text         *string // oa9_100_c: text and option
	integer      json.Number
	boolean      *bool
	decimal      json.Number
	date         *string
	multi        *string
}

type answerJSON struct {
	Text       *string         `json:"oa9_100_c"`
	Integer    json.RawMessage `json:"oa9_101_n"`
	Boolean    *bool           `json:"oa9_102_b"`
	Decimal    json.RawMessage `json:"oa9_103_n"`
	Date       *string         `json:"oa9_104_t"`
	Multi      *string         `json:"oa9_105_m"`
	Step       *int            `json:"step"`
	Type       *int            `json:"oa9_004_n"`
	ResponseID string          `json:"oa10_ukey"`
	SurveyID   string          `json:"oa8_ukey"`
	Ukey       string          `json:"ukey"`
}

// maxBody bounds what the parsers read: a multi-line answer of 50000 characters, escaped.
const maxBody = 6 * MaxMultiLine

// ParseAnswer reads the answer body. Shape errors are Invalid with the field's name.
func ParseAnswer(body []byte) (AnswerInput, error) {
	var in AnswerInput
	if len(body) > maxBody {
		return in, domain.InvalidField("body", domain.KeyTooLong)
	}
	var j answerJSON
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&j); err != nil || dec.More() {
		return in, domain.InvalidField("body", domain.KeyInvalid)
	}
	if j.SurveyID == "" {
		return in, domain.InvalidField("oa8_ukey", domain.KeyRequired)
	}
	if j.Ukey == "" {
		return in, domain.InvalidField("ukey", domain.KeyRequired)
	}
	if j.Type == nil {
		return in, domain.InvalidField("oa9_004_n", domain.KeyRequired)
	}
	if !QuestionType(*j.Type).Known() {
		return in, domain.InvalidField("oa9_004_n", domain.KeyInvalid)
	}
	if j.Step == nil || *j.Step < 0 || *j.Step >= MaxQuestions {
		return in, domain.InvalidField("step", domain.KeyInvalid)
	}
	in = AnswerInput{SurveyID: j.SurveyID, ResponseID: j.ResponseID, QuestionUkey: j.Ukey, Type: QuestionType(*j.Type),
		Step: *j.Step, text: j.Text, boolean: j.Boolean, date: j.Date, multi: j.Multi}
	var err error
	if in.integer, err = number(j.Integer, "oa9_101_n"); err != nil {
		return in, err
	}
	if in.decimal, err = number(j.Decimal, "oa9_103_n"); err != nil {
		return in, err
	}
	return in, nil
}

// number reads a numeric slot: absent, null or "" is no answer; a number or a numeric string
// (the web's number input yields empty when blank, spec §5) is kept as written.
func number(raw json.RawMessage, field string) (json.Number, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" || s == `""` {
		return "", nil
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return "", domain.InvalidField(field, KeyNotNumber)
		}
		s = strings.TrimSpace(strings.ReplaceAll(str, ",", "."))
		if s == "" {
			return "", nil
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > maxNumber {
		return "", domain.InvalidField(field, KeyNotNumber)
	}
	return json.Number(s), nil
}

// Normalize turns the input into the question's Answer: the slot of its type, in canonical
// form. The type sent must be the question's. Values that break a rule of §5 (out of
// range, three decimals, an unknown option, a missing required value) are kept: the rules
// are checked on finishing, which jumps to the first invalid question (spec §4).
func (in AnswerInput) Normalize(q Question) (Answer, error) {
	a := Answer{QuestionUkey: q.Ukey, Type: q.Type}
	if in.Type != q.Type {
		return a, domain.InvalidField("oa9_004_n", domain.KeyInvalid)
	}
	switch q.Type {
	case TypeText, TypeOption:
		a.Value = strings.TrimSpace(deref(in.text))
		if utf8.RuneCountInString(a.Value) > MaxText {
			return a, domain.InvalidField("oa9_100_c", domain.KeyTooLong)
		}
	case TypeMultiLine:
		a.Value = strings.TrimSpace(deref(in.multi))
		if utf8.RuneCountInString(a.Value) > MaxMultiLine {
			return a, domain.InvalidField("oa9_105_m", domain.KeyTooLong)
		}
	case TypeBoolean:
		if in.boolean != nil {
			a.Value = strconv.FormatBool(*in.boolean)
		}
	case TypeInteger:
		if in.integer != "" {
			v, _ := strconv.ParseFloat(string(in.integer), 64)
			if v != math.Trunc(v) {
				return a, domain.InvalidField("oa9_101_n", KeyNotInt)
			}
			a.Value = strconv.FormatInt(int64(v), 10)
		}
	case TypeDecimal:
		if in.decimal != "" {
			v, _ := strconv.ParseFloat(string(in.decimal), 64)
			a.Value = strconv.FormatFloat(v, 'f', -1, 64)
		}
	case TypeDate:
		s := strings.TrimSpace(deref(in.date))
		if s != "" {
			d, err := parseDate(s)
			if err != nil {
				return a, domain.InvalidField("oa9_104_t", domain.KeyBadDate)
			}
			a.Value = d
		}
	}
	if !utf8.ValidString(a.Value) || strings.ContainsRune(a.Value, 0) {
		return a, domain.InvalidField("body", domain.KeyInvalid)
	}
	return a, nil
}

// parseDate reads a date as YYYY-MM-DD or in UTC-offset form (spec §7 "dates in bodies are
// sent in UTC-offset form"), keeping the calendar day of the offset it was written in.
func parseDate(s string) (string, error) {
	for _, layout := range []string{time.DateOnly, time.RFC3339Nano, "2006-01-02T15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			if t.Year() < 1 || t.Year() > 9999 {
				break
			}
			return t.Format(time.DateOnly), nil
		}
	}
	return "", domain.InvalidField("oa9_104_t", domain.KeyBadDate)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// StepInput is the body of the step call (spec §7: PUT {token} with oa8Ukey, oa10_ukey, step).
type StepInput struct {
	SurveyID, ResponseID string
	Step                 int
}

// ParseStep reads the step body.
func ParseStep(body []byte) (StepInput, error) {
	var j struct {
		SurveyID   string `json:"oa8Ukey"`
		SurveyID2  string `json:"oa8_ukey"`
		ResponseID string `json:"oa10_ukey"`
		Step       *int   `json:"step"`
	}
	if len(body) > maxBody {
		return StepInput{}, domain.InvalidField("body", domain.KeyTooLong)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&j); err != nil || dec.More() {
		return StepInput{}, domain.InvalidField("body", domain.KeyInvalid)
	}
	if j.SurveyID == "" {
		j.SurveyID = j.SurveyID2
	}
	if j.SurveyID == "" {
		return StepInput{}, domain.InvalidField("oa8Ukey", domain.KeyRequired)
	}
	if j.Step == nil || *j.Step < 0 || *j.Step >= MaxQuestions {
		return StepInput{}, domain.InvalidField("step", domain.KeyInvalid)
	}
	return StepInput{SurveyID: j.SurveyID, ResponseID: j.ResponseID, Step: *j.Step}, nil
}
