package surveys

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/survey"
	"portal/projections"
)

// Question is a question as the pending list carries it (spec §3 Question), with the
// respondent's saved answer in the slot of its type.
type Question struct {
	survey.QuestionData          // the stored question (survey.created.v1)
	SurveyID            string   `json:"oa8_ukey"`
	Response            string   `json:"oa10_ukey"`
	Text                *string  `json:"oa9_100_c"`
	Integer             *float64 `json:"oa9_101_n"`
	Boolean             *bool    `json:"oa9_102_b"`
	Decimal             *float64 `json:"oa9_103_n"`
	Date                *string  `json:"oa9_104_t"`
	Multi               *string  `json:"oa9_105_m"`
}

// setAnswer puts a canonical answer value into the question's slot.
func (q *Question) setAnswer(v string) {
	if v == "" {
		return
	}
	switch survey.QuestionType(q.Type) {
	case survey.TypeText, survey.TypeOption:
		q.Text = &v
	case survey.TypeMultiLine:
		q.Multi = &v
	case survey.TypeDate:
		q.Date = &v
	case survey.TypeBoolean:
		b := v == "true"
		q.Boolean = &b
	case survey.TypeInteger, survey.TypeDecimal:
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			if q.Type == int(survey.TypeInteger) {
				q.Integer = &f
			} else {
				q.Decimal = &f
			}
		}
	}
}

// PendingSurvey is a survey the user still has to answer (spec §3 Survey: id, oa8_ukey,
// descricao, inicio, fim, activeStep, perguntas). ID is the response (oa10_ukey); Subject
// names the evaluated person of a 360.
type PendingSurvey struct {
	ID          string     `json:"id"`
	SurveyID    string     `json:"oa8_ukey"`
	Kind        string     `json:"tipo"`
	Title       string     `json:"descricao"`
	Description string     `json:"detalhes"`
	Subject     string     `json:"avaliado"`
	Start       time.Time  `json:"inicio"`
	End         time.Time  `json:"fim"`
	ActiveStep  int        `json:"activeStep"`
	Questions   []Question `json:"perguntas"`
}

// Member is who asks: the user and their unit and department (the audience rule).
type Member struct {
	UserID               uuid.UUID
	UnitID, DepartmentID string
}

// audienceSQL is the audience rule of survey.Audience.Includes over the surveys table:
// the evaluators of a 360, else everybody, the units or the departments. $1 user, $2 unit,
// $3 department.
const audienceSQL = `(CASE WHEN cardinality(s.evaluator_ids) > 0 THEN $1::text = ANY(s.evaluator_ids)
      ELSE s.for_all OR $2::text = ANY(s.unit_ids) OR $3::text = ANY(s.dept_ids) END)`

// Pending returns the open surveys of the member's audience that they have not finished,
// with their saved step and answers, the ones ending first first. tx is a tenant
// transaction (db.InTenant).
func (Surveys) Pending(ctx context.Context, tx pgx.Tx, m Member, now time.Time) ([]PendingSurvey, error) {
	rows, err := tx.Query(ctx, `
SELECT s.id, s.kind, s.title, s.description, coalesce(su.display_name, ''), s.start_at, s.end_at, s.questions,
       GREATEST(coalesce(r.step, 0), 0), coalesce(r.answers, '{}')
FROM surveys s
LEFT JOIN survey_responses r ON r.tenant_id = s.tenant_id AND r.survey_id = s.id AND r.user_id = $1
LEFT JOIN users su ON su.tenant_id = s.tenant_id AND su.id::text = s.subject_id
WHERE s.tenant_id = app_tenant() AND NOT s.closed AND $4 BETWEEN s.start_at AND s.end_at
  AND NOT coalesce(r.completed, false) AND `+audienceSQL+`
ORDER BY s.end_at, s.id`, m.UserID, m.UnitID, m.DepartmentID, now)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PendingSurvey, error) {
		var p PendingSurvey
		var qs, answers []byte
		if err := r.Scan(&p.SurveyID, &p.Kind, &p.Title, &p.Description, &p.Subject, &p.Start, &p.End, &qs, &p.ActiveStep, &answers); err != nil {
			return p, err
		}
		return p, p.fill(qs, answers)
	})
}

// fill decodes the survey's questions and puts the respondent's saved answers in them.
func (p *PendingSurvey) fill(qs, answers []byte) error {
	var saved map[string]string
	if err := json.Unmarshal(qs, &p.Questions); err != nil {
		return err
	}
	if err := json.Unmarshal(answers, &saved); err != nil {
		return err
	}
	for i := range p.Questions {
		p.Questions[i].SurveyID = p.SurveyID
		p.Questions[i].setAnswer(saved[p.Questions[i].Ukey])
	}
	if p.ActiveStep >= len(p.Questions) {
		p.ActiveStep = 0
	}
	return nil
}

// Evaluation360 is a 360 evaluation the user is asked to answer (spec §2, the {token} route
// "360 evaluations to answer"), with their saved answers. Status 0 is pending (open, in its
// period, not finished by the user); 2 is finished: the user completed it (Answered) or it can
// no longer be answered (closed or past its end).
type Evaluation360 struct {
	PendingSurvey
	Status   int  `json:"status"`
	Answered bool `json:"respondida"`
	Closed   bool `json:"encerrada"`
}

// Evaluations returns the started 360 evaluations of which the user is an evaluator, with
// the filter of the list (FilterAll, FilterOngoing = pending, FilterFinished),
// pending first, then the ones ending first. tx is a tenant transaction (db.InTenant).
func (Surveys) Evaluations(ctx context.Context, tx pgx.Tx, user uuid.UUID, now time.Time, filter int) ([]Evaluation360, error) {
	rows, err := tx.Query(ctx, `
SELECT * FROM (
  SELECT s.id, s.kind, s.title, s.description, coalesce(su.display_name, '') AS subject, s.start_at, s.end_at, s.questions,
         GREATEST(coalesce(r.step, 0), 0), coalesce(r.answers, '{}'),
         CASE WHEN coalesce(r.completed, false) OR s.closed OR s.end_at < $2 THEN 2 ELSE 0 END AS status,
         coalesce(r.completed, false), s.closed
  FROM surveys s
  LEFT JOIN survey_responses r ON r.tenant_id = s.tenant_id AND r.survey_id = s.id AND r.user_id = $1
  LEFT JOIN users su ON su.tenant_id = s.tenant_id AND su.id::text = s.subject_id
  WHERE s.tenant_id = app_tenant() AND s.kind = $3 AND $1::text = ANY(s.evaluator_ids) AND s.start_at <= $2
) e
WHERE $4 = -1 OR e.status = $4
ORDER BY e.status, e.end_at, e.id
LIMIT 500`, user, now, string(survey.Kind360), filter)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Evaluation360, error) {
		var e Evaluation360
		var qs, answers []byte
		if err := r.Scan(&e.SurveyID, &e.Kind, &e.Title, &e.Description, &e.Subject, &e.Start, &e.End, &qs, &e.ActiveStep,
			&answers, &e.Status, &e.Answered, &e.Closed); err != nil {
			return e, err
		}
		return e, e.fill(qs, answers)
	})
}

// Survey list filters (spec §3 "Survey filter status: ongoing (0), finished (2)").
const (
	FilterAll      = -1
	FilterOngoing  = 0
	FilterFinished = 2
)

// ListQuery is a survey list request (spec §7 GET api/avaliacao360/clima|enquete|enps
// with folderId, filterHandle, searchText, orderBy, orderDescending).
type ListQuery struct {
	Kind     string // "" for every kind (HR's management list)
	Member   Member
	Everyone bool // HR: every survey of the tenant, not only the member's audience
	Filter   int
	Search   string
	OrderBy  string // descricao, inicio or fim
	Desc     bool
	Now      time.Time
	Subject  uuid.UUID // only the evaluations about this user (360); zero: any
}

// ListItem is a row of a survey list.
type ListItem struct {
	ID          uuid.UUID `json:"id"`
	Kind        string    `json:"tipo"`
	Title       string    `json:"descricao"`
	Description string    `json:"detalhes"`
	Start       time.Time `json:"inicio"`
	End         time.Time `json:"fim"`
	Status      int       `json:"status"` // 0 ongoing, 2 finished
	Closed      bool      `json:"encerrada"`
	Answered    bool      `json:"respondida"` // the caller finished it
	Respondents int64     `json:"respondentes"`
	Questions   int       `json:"perguntas"`
	Subject     string    `json:"avaliado"`
}

var surveyOrder = map[string]string{"descricao": "s.title", "inicio": "s.start_at", "fim": "s.end_at"}

// List returns the surveys of a kind the member may see, filtered, searched and ordered.
func (Surveys) List(ctx context.Context, tx pgx.Tx, q ListQuery) ([]ListItem, error) {
	order, ok := surveyOrder[q.OrderBy]
	if !ok {
		order = "s.end_at"
	}
	dir := "ASC"
	if q.Desc {
		dir = "DESC"
	}
	rows, err := tx.Query(ctx, `
SELECT s.id, s.kind, s.title, s.description, s.start_at, s.end_at,
       CASE WHEN s.closed OR s.end_at < $4 THEN 2 ELSE 0 END, s.closed,
       coalesce(r.completed, false), s.respondents, jsonb_array_length(s.questions), coalesce(su.display_name, '')
FROM surveys s
LEFT JOIN survey_responses r ON r.tenant_id = s.tenant_id AND r.survey_id = s.id AND r.user_id = $1
LEFT JOIN users su ON su.tenant_id = s.tenant_id AND su.id::text = s.subject_id
WHERE s.tenant_id = app_tenant() AND ($5 = '' OR s.kind = $5) AND ($6 OR `+audienceSQL+`)
  AND ($7 = -1 OR ($7 = 0 AND NOT s.closed AND s.end_at >= $4) OR ($7 = 2 AND (s.closed OR s.end_at < $4)))
  AND ($8 = '' OR s.title ILIKE '%' || $8 || '%' OR s.description ILIKE '%' || $8 || '%')
  AND ($9 = '' OR s.subject_id = $9)
ORDER BY `+order+` `+dir+`, s.id
LIMIT 500`, q.Member.UserID, q.Member.UnitID, q.Member.DepartmentID, q.Now, q.Kind, q.Everyone, q.Filter, projections.EscapeLike(q.Search),
		subjectText(q.Subject))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ListItem, error) {
		var it ListItem
		return it, r.Scan(&it.ID, &it.Kind, &it.Title, &it.Description, &it.Start, &it.End, &it.Status, &it.Closed,
			&it.Answered, &it.Respondents, &it.Questions, &it.Subject)
	})
}

func subjectText(id uuid.UUID) string {
	if id == uuid.Nil {
		return ""
	}
	return id.String()
}

// Member reads a user's unit and department, which the audience rule matches (pgx.ErrNoRows
// for a user not in the tenant).
func (Surveys) Member(ctx context.Context, tx pgx.Tx, user uuid.UUID) (Member, error) {
	m := Member{UserID: user}
	err := tx.QueryRow(ctx, `
SELECT coalesce(e.business_unit_id::text, ''), coalesce(e.department_id::text, '')
FROM users u LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
WHERE u.tenant_id = app_tenant() AND u.id = $1`, user).Scan(&m.UnitID, &m.DepartmentID)
	return m, err
}

// ErrNotFound is returned for a survey that is not in the tenant.
var ErrNotFound = errors.New("projections: survey not found")

// Results are the results of a survey. Every group of fewer than survey.MinGroup
// respondents carries its count and Shown=false and no figures (issue 6: answers stay
// anonymous); the server never sends them.
type Results struct {
	ID          uuid.UUID         `json:"oa8Ukey"`
	Kind        string            `json:"tipo"`
	Title       string            `json:"descricao"`
	Subject     string            `json:"avaliado,omitempty"`
	SubjectID   string            `json:"-"`
	Respondents int64             `json:"respondentes"`
	Shown       bool              `json:"exibido"`
	MinGroup    int               `json:"minimoRespondentes"`
	ENPS        *ENPSResult       `json:"enps,omitempty"`
	Questions   []QuestionResult  `json:"perguntas,omitempty"`
	Dimensions  []DimensionResult `json:"dimensoes,omitempty"`
	Relations   []RelationResult  `json:"relacoes,omitempty"`
}

// ENPSResult is the eNPS with its distribution (counts of each rating 0..10).
type ENPSResult struct {
	Score        float64   `json:"score"`
	Promoters    int64     `json:"promotores"`
	Passives     int64     `json:"neutros"`
	Detractors   int64     `json:"detratores"`
	Distribution [11]int64 `json:"distribuicao"`
}

// QuestionResult is one question's figures: the average of a numeric question, the counts
// of the values of an option or boolean question.
type QuestionResult struct {
	Ukey      string        `json:"ukey"`
	Title     string        `json:"titulo"`
	Type      int           `json:"tipo"`
	Dimension string        `json:"dimensao"`
	Answers   int64         `json:"respostas"`
	Shown     bool          `json:"exibido"`
	Average   *float64      `json:"media,omitempty"`
	Counts    []OptionCount `json:"contagens,omitempty"`
}

// OptionCount is how many chose a value.
type OptionCount struct {
	Value string `json:"valor"`
	N     int64  `json:"n"`
}

// DimensionResult is the average of a climate dimension (the questions sharing oa9_001_c).
type DimensionResult struct {
	Dimension string   `json:"dimensao"`
	Answers   int64    `json:"respostas"`
	Average   *float64 `json:"media,omitempty"`
}

// RelationResult is a 360 group: the evaluators of one relation.
type RelationResult struct {
	Relation    string           `json:"relacao"`
	Respondents int64            `json:"respondentes"`
	Shown       bool             `json:"exibido"`
	Questions   []QuestionResult `json:"perguntas,omitempty"`
}

type tallyRow struct {
	relation, ukey, bucket string
	n                      int64
	total                  float64
}

// Results reads a survey's tallies (a few rows per question) and builds its results with
// the anonymity rule applied.
func (Surveys) Results(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Results, error) {
	res := Results{ID: id, MinGroup: survey.MinGroup}
	var qs []byte
	err := tx.QueryRow(ctx, `
SELECT s.kind, s.title, s.subject_id, coalesce(su.display_name, ''), s.questions
FROM surveys s LEFT JOIN users su ON su.tenant_id = s.tenant_id AND su.id::text = s.subject_id
WHERE s.tenant_id = app_tenant() AND s.id = $1`, id).Scan(&res.Kind, &res.Title, &res.SubjectID, &res.Subject, &qs)
	if errors.Is(err, pgx.ErrNoRows) {
		return res, ErrNotFound
	}
	if err != nil {
		return res, err
	}
	var questions []Question
	if err := json.Unmarshal(qs, &questions); err != nil {
		return res, err
	}
	rows, err := tx.Query(ctx, `
SELECT relation, question_ukey, bucket, n, total::float8 FROM survey_tallies
WHERE tenant_id = app_tenant() AND survey_id = $1`, id)
	if err != nil {
		return res, err
	}
	tallies, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (tallyRow, error) {
		var t tallyRow
		return t, r.Scan(&t.relation, &t.ukey, &t.bucket, &t.n, &t.total)
	})
	if err != nil {
		return res, err
	}
	byRelation := map[string][]tallyRow{}
	for _, t := range tallies {
		byRelation[t.relation] = append(byRelation[t.relation], t)
		if t.ukey == "" {
			res.Respondents += t.n
		}
	}
	if res.Kind == string(survey.Kind360) {
		res.Shown = survey.Shown(res.Respondents)
		for _, rel := range survey.Relations {
			g := buildGroup(questions, byRelation[string(rel)])
			rr := RelationResult{Relation: string(rel), Respondents: g.respondents, Shown: survey.Shown(g.respondents)}
			if rr.Shown {
				rr.Questions = g.questions
			}
			res.Relations = append(res.Relations, rr)
		}
		return res, nil
	}
	g := buildGroup(questions, byRelation[""])
	res.Shown = survey.Shown(g.respondents)
	if !res.Shown {
		return res, nil
	}
	res.Questions, res.Dimensions = g.questions, g.dimensions
	if res.Kind == string(survey.KindENPS) && len(questions) > 0 {
		var dist [11]int64
		for _, t := range byRelation[""] {
			if t.ukey == questions[0].Ukey {
				if v, err := strconv.Atoi(t.bucket); err == nil && v >= 0 && v <= 10 {
					dist[v] = t.n
				}
			}
		}
		e := survey.ENPSOf(dist)
		res.ENPS = &ENPSResult{Score: e.Score, Promoters: e.Promoters, Passives: e.Passives, Detractors: e.Detractors, Distribution: dist}
	}
	return res, nil
}

type group struct {
	respondents int64
	questions   []QuestionResult
	dimensions  []DimensionResult
}

// buildGroup turns one group's tallies into per-question figures; a question answered by
// fewer than MinGroup people shows none.
func buildGroup(questions []Question, tallies []tallyRow) group {
	var g group
	agg := map[string]tallyRow{}
	counts := map[string][]OptionCount{}
	for _, t := range tallies {
		switch {
		case t.ukey == "":
			g.respondents += t.n
		case t.bucket == "*":
			agg[t.ukey] = t
		default:
			counts[t.ukey] = append(counts[t.ukey], OptionCount{Value: t.bucket, N: t.n})
		}
	}
	type dim struct {
		n     int64
		total float64
	}
	dims := map[string]*dim{}
	var dimOrder []string
	for _, q := range questions {
		qt := survey.QuestionType(q.Type)
		qr := QuestionResult{Ukey: q.Ukey, Title: q.Title, Type: q.Type, Dimension: q.Code}
		switch {
		case qt.Numeric():
			a := agg[q.Ukey]
			qr.Answers = a.n
			if survey.Shown(a.n) {
				avg := round2(a.total / float64(a.n))
				qr.Average = &avg
			}
			if q.Code != "" {
				d, ok := dims[q.Code]
				if !ok {
					d = &dim{}
					dims[q.Code] = d
					dimOrder = append(dimOrder, q.Code)
				}
				d.n += a.n
				d.total += a.total
			}
		case qt == survey.TypeOption || qt == survey.TypeBoolean:
			cs := counts[q.Ukey]
			for _, c := range cs {
				qr.Answers += c.N
			}
			if survey.Shown(qr.Answers) {
				if qt == survey.TypeOption {
					// Every option in the order HR wrote them, chosen or not.
					got := map[string]int64{}
					for _, c := range cs {
						got[c.Value] = c.N
					}
					q := survey.Question{Options: q.Options}
					for _, o := range q.OptionList() {
						qr.Counts = append(qr.Counts, OptionCount{Value: o, N: got[o]})
					}
				} else {
					sort.Slice(cs, func(i, j int) bool { return cs[i].Value > cs[j].Value })
					qr.Counts = cs
				}
			}
		default:
			continue // free text, dates: no figures
		}
		qr.Shown = survey.Shown(qr.Answers)
		g.questions = append(g.questions, qr)
	}
	for _, name := range dimOrder {
		d := dims[name]
		dr := DimensionResult{Dimension: name, Answers: d.n}
		if survey.Shown(d.n) {
			avg := round2(d.total / float64(d.n))
			dr.Average = &avg
		}
		g.dimensions = append(g.dimensions, dr)
	}
	return g
}

func round2(f float64) float64 {
	return float64(int64(f*100+0.5*sign(f))) / 100
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}

// PDIAction is an action of a development plan (GET avaliacao360/pdi).
type PDIAction struct {
	ID        uuid.UUID  `json:"id"`
	Title     string     `json:"titulo"`
	Due       *string    `json:"prazo"`
	SurveyID  *uuid.UUID `json:"oa8Ukey"`
	Survey    string     `json:"avaliacao"`
	Done      bool       `json:"concluida"`
	CreatedAt time.Time  `json:"criadaEm"`
	DoneAt    *time.Time `json:"concluidaEm"`
}

// PDI lists a person's plan: open actions first, by due date, then done ones.
func (Surveys) PDI(ctx context.Context, tx pgx.Tx, user uuid.UUID) ([]PDIAction, error) {
	rows, err := tx.Query(ctx, `
SELECT a.id, a.title, to_char(a.due_date, 'YYYY-MM-DD'), a.survey_id, coalesce(s.title, ''), a.done, a.created_at, a.done_at
FROM pdi_actions a LEFT JOIN surveys s ON s.tenant_id = a.tenant_id AND s.id = a.survey_id
WHERE a.tenant_id = app_tenant() AND a.user_id = $1
ORDER BY a.done, a.due_date NULLS LAST, a.created_at, a.id
LIMIT 500`, user)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (PDIAction, error) {
		var a PDIAction
		return a, r.Scan(&a.ID, &a.Title, &a.Due, &a.SurveyID, &a.Survey, &a.Done, &a.CreatedAt, &a.DoneAt)
	})
}
