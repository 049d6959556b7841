package survey

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"portal/domain"
)

// The individual development plan (PDI, spec §2 route /apps/eval360/pdi): actions a person
// agrees on after a 360 evaluation, each with a title and an optional due date, completed
// when done. One Plan per person (stream "pdi-<userId>").

// PDI event type strings.
const (
	TypeActionAdded     = "pdi.action_added.v1"
	TypeActionCompleted = "pdi.action_completed.v1"
)

// ActionAdded says an action was added to a person's plan.
type ActionAdded struct {
	ID, UserID, SurveyID string // SurveyID: the 360 it follows, if any
	Title                string
	Due                  string // YYYY-MM-DD or empty
	By                   string
	At                   time.Time
}

// ActionCompleted says an action was done.
type ActionCompleted struct {
	ID string
	At time.Time
}

// EventType implements Event.
func (ActionAdded) EventType() string { return TypeActionAdded }

// EventType implements Event.
func (ActionCompleted) EventType() string { return TypeActionCompleted }

var (
	_ Event = ActionAdded{}
	_ Event = ActionCompleted{}
)

// MaxActions bounds a plan.
const MaxActions = 200

// Plan is a person's development plan.
type Plan struct {
	done map[string]bool // action id -> completed
}

// NewPlan returns an empty plan.
func NewPlan() *Plan { return &Plan{done: map[string]bool{}} }

// MayEditPlan tells whether the caller may change the owner's plan: the owner, or HR.
func MayEditPlan(callerID, ownerID string, roles []string) bool {
	return callerID == ownerID || MayManage(roles)
}

// ActionDraft is an action as sent (docs/api.md "PDI").
type ActionDraft struct {
	Title, Due, SurveyID, UserHash string
}

// ParseAction reads the body of POST avaliacao360/pdi: {titulo, prazo, oa8Ukey, userHash}.
func ParseAction(body []byte) (ActionDraft, error) {
	var j struct {
		Title    string `json:"titulo"`
		Due      string `json:"prazo"`
		SurveyID string `json:"oa8Ukey"`
		UserHash string `json:"userHash"`
	}
	if len(body) > maxBody {
		return ActionDraft{}, domain.InvalidField("body", domain.KeyTooLong)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&j); err != nil || dec.More() {
		return ActionDraft{}, domain.InvalidField("body", domain.KeyInvalid)
	}
	d := ActionDraft{Title: strings.TrimSpace(j.Title), Due: strings.TrimSpace(j.Due), SurveyID: strings.TrimSpace(j.SurveyID),
		UserHash: strings.TrimSpace(j.UserHash)}
	if d.Due != "" {
		due, err := parseDate(d.Due)
		if err != nil {
			return d, domain.InvalidField("prazo", domain.KeyBadDate)
		}
		d.Due = due
	}
	return d, nil
}

// Add decides adding an action.
func (p *Plan) Add(a ActionAdded) ([]Event, error) {
	if a.ID == "" || a.UserID == "" {
		return nil, domain.InvalidField("id", domain.KeyRequired)
	}
	if a.Title == "" {
		return nil, domain.InvalidField("titulo", domain.KeyRequired)
	}
	if utf8.RuneCountInString(a.Title) > MaxText {
		return nil, domain.InvalidField("titulo", domain.KeyTooLong)
	}
	if a.Due != "" {
		if d, err := time.Parse(time.DateOnly, a.Due); err != nil || d.Year() < 1900 {
			return nil, domain.InvalidField("prazo", domain.KeyBadDate)
		}
	}
	if _, ok := p.done[a.ID]; ok {
		return nil, &domain.Error{Kind: domain.Conflict, Field: "id", Key: KeyAlreadyExists}
	}
	if len(p.done) >= MaxActions {
		return nil, domain.Refusal("titulo", domain.KeyTooLong)
	}
	return []Event{a}, nil
}

// Complete decides completing an action; completing it again gives no event.
func (p *Plan) Complete(id string, now time.Time) ([]Event, error) {
	done, ok := p.done[id]
	if !ok {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	if done {
		return nil, nil
	}
	return []Event{ActionCompleted{ID: id, At: now}}, nil
}

// Apply changes the plan by an event.
func (p *Plan) Apply(e Event) {
	switch e := e.(type) {
	case ActionAdded:
		if _, ok := p.done[e.ID]; !ok {
			p.done[e.ID] = false
		}
	case ActionCompleted:
		if _, ok := p.done[e.ID]; ok {
			p.done[e.ID] = true
		}
	}
}
