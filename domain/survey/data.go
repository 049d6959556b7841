package survey

import "time"

// The stored JSON of the survey and PDI events, declared once: the commands write them and the
// projections read them (docs/api.md "Events of the surveys"). Questions use the spec's field
// names (spec portal-business §3 Question). Times are UTC RFC 3339.
type QuestionData struct {
	Ukey     string `json:"ukey"`
	Code     string `json:"oa9_001_c"`
	Title    string `json:"oa9_003_m"`
	Type     int    `json:"oa9_004_n"`
	Default  string `json:"oa9_005_c"`
	Options  string `json:"oa9_007_m"`
	Min      string `json:"oa9_020_c"`
	Max      string `json:"oa9_021_c"`
	Required int    `json:"oa9_022_n"`
}

// Data is the question's stored and API shape.
func (q Question) Data() QuestionData {
	req := 0
	if q.Required {
		req = 1
	}
	return QuestionData{Ukey: q.Ukey, Code: q.Code, Title: q.Title, Type: int(q.Type), Default: q.Default,
		Options: q.Options, Min: q.Min, Max: q.Max, Required: req}
}

// Question is the question a stored shape holds.
func (d QuestionData) Question() Question {
	return Question{Ukey: d.Ukey, Code: d.Code, Title: d.Title, Type: QuestionType(d.Type), Default: d.Default,
		Options: d.Options, Min: d.Min, Max: d.Max, Required: d.Required == 1}
}

type EvaluatorData struct {
	UserID   string `json:"userId"`
	Relation string `json:"relation"`
}

type AudienceData struct {
	All         bool            `json:"all"`
	Units       []string        `json:"units"`
	Departments []string        `json:"departments"`
	SubjectID   string          `json:"subjectId"`
	Evaluators  []EvaluatorData `json:"evaluators"`
}

type CreatedData struct {
	ID          string         `json:"id"`
	Kind        string         `json:"kind"`
	Title       string         `json:"title"`
	Description string         `json:"description"`
	Start       time.Time      `json:"start"`
	End         time.Time      `json:"end"`
	Audience    AudienceData   `json:"audience"`
	Questions   []QuestionData `json:"questions"`
	CreatedBy   string         `json:"createdBy"`
	CreatedAt   time.Time      `json:"createdAt"`
}

type ClosedData struct {
	ID       string    `json:"id"`
	ClosedAt time.Time `json:"closedAt"`
}

type AnswerData struct {
	Ukey  string `json:"ukey"`
	Type  int    `json:"type"`
	Value string `json:"value"`
}

type AnswerSavedData struct {
	SurveyID   string     `json:"surveyId"`
	ResponseID string     `json:"responseId"`
	UserID     string     `json:"userId"`
	Answer     AnswerData `json:"answer"`
	Step       int        `json:"step"`
	SavedAt    time.Time  `json:"savedAt"`
}

type StepSavedData struct {
	SurveyID   string    `json:"surveyId"`
	ResponseID string    `json:"responseId"`
	UserID     string    `json:"userId"`
	Step       int       `json:"step"`
	SavedAt    time.Time `json:"savedAt"`
}

type CompletedData struct {
	SurveyID    string       `json:"surveyId"`
	ResponseID  string       `json:"responseId"`
	UserID      string       `json:"userId"`
	Kind        string       `json:"kind"`
	Relation    string       `json:"relation"`
	Answers     []AnswerData `json:"answers"`
	CompletedAt time.Time    `json:"completedAt"`
}

// The PDI events (docs/api.md "PDI").
type ActionAddedData struct {
	ID       string    `json:"id"`
	UserID   string    `json:"userId"`
	SurveyID string    `json:"surveyId"`
	Title    string    `json:"title"`
	Due      string    `json:"due"`
	By       string    `json:"by"`
	At       time.Time `json:"at"`
}

type ActionCompletedData struct {
	ID string    `json:"id"`
	At time.Time `json:"at"`
}
