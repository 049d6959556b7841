// Package survey holds the rules of surveys and 360 evaluations (spec portal-business §2
// "Surveys" and "360 surveys pending at login", §3 Survey, Question and dynamic form, §4
// survey answering, §5 dynamic-form validation, §9 rating scale).
//
// Two aggregates: a Survey (stream "survey-<id>") that HR creates with its audience,
// validity period and questions, and a Response (stream "surveyresponse-<id>"), one per
// survey and respondent, to which answers and the active step are saved until it is
// finished. The package is pure: no I/O, no clock, no JSON tags on aggregates. Decide
// methods return events; Apply only changes state.
package survey

import (
	"strings"
	"time"

	"portal/domain"
)

// Message keys of refusals (translated by the web app, namespace surveys).
const (
	KeyBadConfig     = "configuracao_invalida" // spec §2/§8 "configuração inválida !"
	KeyTwoDecimals   = "duas_casas_decimais"   // spec §5 "the value must have at most two digits after the comma"
	KeyMin           = "valor_minimo"
	KeyMax           = "valor_maximo"
	KeyOptionMin     = "selecione_uma_opcao" // spec §5 "option requires a minimum of 1"
	KeyNotInt        = "numero_inteiro"
	KeyNotNumber     = "numero_invalido"
	KeyNotOpen       = "pesquisa_fora_do_periodo"
	KeyClosed        = "pesquisa_encerrada"
	KeyFinished      = "avaliacao_finalizada" // spec §4 "once finished, answers cannot be edited"
	KeyPeriod        = "periodo_invalido"
	KeyNoQuestions   = "sem_perguntas"
	KeyENPSQuestion  = "enps_primeira_pergunta"
	KeyAudience      = "publico_invalido"
	KeyAlreadyExists = "ja_existe"
)

// Limits (spec §5 input defaults, §9 text input max 255, multi-line 50000).
const (
	MaxText      = 255
	MaxMultiLine = 50000
	MaxQuestions = 100
	MaxOptions   = 50
	MaxAudience  = 500
)

// Kind is the sort of survey (spec §2: eNPS, climate, opinion poll; and 360 evaluations).
type Kind string

// Kinds of survey; the strings are the list paths of spec §7 (api/avaliacao360/enps ...).
const (
	KindENPS    Kind = "enps"
	KindClimate Kind = "clima"
	KindPoll    Kind = "enquete"
	Kind360     Kind = "360"
)

// ParseKind reads a kind.
func ParseKind(s string) (Kind, bool) {
	switch k := Kind(s); k {
	case KindENPS, KindClimate, KindPoll, Kind360:
		return k, true
	}
	return "", false
}

// Relation is how a 360 evaluator relates to the evaluated person; surveys that are not 360
// have the empty relation.
type Relation string

// Relations of a 360 evaluation (issue 6: manager, peers, reports, self).
const (
	RelationNone    Relation = ""
	RelationManager Relation = "manager"
	RelationPeer    Relation = "peer"
	RelationReport  Relation = "report"
	RelationSelf    Relation = "self"
)

// Relations lists the 360 relations in display order.
var Relations = []Relation{RelationSelf, RelationManager, RelationPeer, RelationReport}

func validRelation(r Relation) bool {
	for _, x := range Relations {
		if x == r {
			return true
		}
	}
	return false
}

// Evaluator is one person asked to evaluate the subject of a 360.
type Evaluator struct {
	UserID   string
	Relation Relation
}

// Audience is who answers a survey: the whole tenant, or the people of some business units
// or departments; for a 360, the evaluators of one evaluated person (the subject).
type Audience struct {
	All         bool
	Units       []string
	Departments []string
	SubjectID   string // 360: the evaluated user
	Evaluators  []Evaluator
}

// Member is what the audience rule needs to know of a person.
type Member struct {
	UserID, UnitID, DepartmentID string
}

// Includes tells whether m belongs to the audience and, for a 360, in which relation.
func (a Audience) Includes(m Member) (Relation, bool) {
	if len(a.Evaluators) > 0 {
		for _, e := range a.Evaluators {
			if e.UserID == m.UserID {
				return e.Relation, true
			}
		}
		return "", false
	}
	if a.All {
		return RelationNone, true
	}
	for _, u := range a.Units {
		if u != "" && u == m.UnitID {
			return RelationNone, true
		}
	}
	for _, d := range a.Departments {
		if d != "" && d == m.DepartmentID {
			return RelationNone, true
		}
	}
	return "", false
}

// Definition is a survey as HR created it.
type Definition struct {
	ID          string
	Kind        Kind
	Title       string
	Description string
	Start, End  time.Time // validity period, inclusive (spec §3 inicio, fim)
	Audience    Audience
	Questions   []Question
}

// Open tells whether the survey may be answered at now: within its period and not closed.
func (d Definition) Open(now time.Time, closed bool) error {
	if closed {
		return domain.Refusal("oa8Ukey", KeyClosed)
	}
	if now.Before(d.Start) || now.After(d.End) {
		return domain.Refusal("oa8Ukey", KeyNotOpen)
	}
	return nil
}

// QuestionIndex returns the index of the question ukey, or -1.
func (d Definition) QuestionIndex(ukey string) int {
	for i, q := range d.Questions {
		if q.Ukey == ukey {
			return i
		}
	}
	return -1
}

// Validate checks a definition HR sends (the command fills ID and question ukeys). An eNPS
// survey's first question is the rating: an integer from 0 to 10 (spec §5, §9 rating scale).
func (d Definition) Validate() error {
	if d.ID == "" {
		return domain.InvalidField("id", domain.KeyRequired)
	}
	if _, ok := ParseKind(string(d.Kind)); !ok {
		return domain.InvalidField("tipo", domain.KeyInvalid)
	}
	if strings.TrimSpace(d.Title) == "" {
		return domain.InvalidField("descricao", domain.KeyRequired)
	}
	if len([]rune(d.Title)) > MaxText {
		return domain.InvalidField("descricao", domain.KeyTooLong)
	}
	if len([]rune(d.Description)) > MaxMultiLine {
		return domain.InvalidField("detalhes", domain.KeyTooLong)
	}
	if d.Start.IsZero() || d.End.IsZero() || !d.End.After(d.Start) {
		return domain.InvalidField("fim", KeyPeriod)
	}
	if err := d.validateAudience(); err != nil {
		return err
	}
	if len(d.Questions) == 0 {
		return domain.InvalidField("perguntas", KeyNoQuestions)
	}
	if len(d.Questions) > MaxQuestions {
		return domain.InvalidField("perguntas", domain.KeyTooLong)
	}
	seen := map[string]bool{}
	for i, q := range d.Questions {
		if q.Ukey == "" || seen[q.Ukey] {
			return domain.InvalidField(questionField(i), KeyBadConfig)
		}
		seen[q.Ukey] = true
		if err := q.CheckConfig(); err != nil {
			return domain.InvalidField(questionField(i), KeyBadConfig)
		}
	}
	if d.Kind == KindENPS {
		q := d.Questions[0]
		if q.Type != TypeInteger || q.Min != "0" || q.Max != "10" {
			return domain.InvalidField(questionField(0), KeyENPSQuestion)
		}
	}
	return nil
}

func (d Definition) validateAudience() error {
	a := d.Audience
	if d.Kind == Kind360 {
		if a.SubjectID == "" || len(a.Evaluators) == 0 || len(a.Evaluators) > MaxAudience {
			return domain.InvalidField("publico", KeyAudience)
		}
		seen := map[string]bool{}
		for _, e := range a.Evaluators {
			if e.UserID == "" || seen[e.UserID] || !validRelation(e.Relation) {
				return domain.InvalidField("publico", KeyAudience)
			}
			if (e.Relation == RelationSelf) != (e.UserID == a.SubjectID) {
				return domain.InvalidField("publico", KeyAudience)
			}
			seen[e.UserID] = true
		}
		return nil
	}
	if len(a.Evaluators) > 0 || a.SubjectID != "" {
		return domain.InvalidField("publico", KeyAudience)
	}
	if !a.All && len(a.Units) == 0 && len(a.Departments) == 0 {
		return domain.InvalidField("publico", KeyAudience)
	}
	if len(a.Units)+len(a.Departments) > MaxAudience {
		return domain.InvalidField("publico", KeyAudience)
	}
	return nil
}

// Survey is the aggregate of a survey stream.
type Survey struct {
	def    Definition
	exists bool
	closed bool
}

// New returns a survey that does not exist yet.
func New() *Survey { return &Survey{} }

// Exists tells whether the survey was created.
func (s *Survey) Exists() bool { return s.exists }

// Closed tells whether HR closed it.
func (s *Survey) Closed() bool { return s.closed }

// Definition is the survey as created.
func (s *Survey) Definition() Definition { return s.def }

// Create decides creating the survey.
func (s *Survey) Create(d Definition, by string, now time.Time) ([]Event, error) {
	if s.exists {
		return nil, &domain.Error{Kind: domain.Conflict, Field: "id", Key: KeyAlreadyExists}
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return []Event{Created{Survey: d, CreatedBy: by, CreatedAt: now}}, nil
}

// Close decides closing the survey; closing it again gives no event.
func (s *Survey) Close(now time.Time) ([]Event, error) {
	if !s.exists {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "oa8Ukey", Key: domain.KeyNotFound}
	}
	if s.closed {
		return nil, nil
	}
	return []Event{Closed{SurveyID: s.def.ID, ClosedAt: now}}, nil
}

// Apply changes the survey by an event.
func (s *Survey) Apply(e Event) {
	switch e := e.(type) {
	case Created:
		s.def, s.exists = e.Survey, true
	case Closed:
		s.closed = true
	}
}

// Clone returns a copy that can be changed without changing s. The definition's slices are
// shared: a created survey never changes them.
func (s *Survey) Clone() *Survey {
	c := *s
	return &c
}
