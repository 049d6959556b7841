// Package faq holds the rules of the tenant's FAQ (spec portal-core §2 /apps/faq/Faq, menu
// tools_012): HR keeps categories and the questions with their answers; employees read and
// search them. Every change is an event of the tenant's one stream "faq".
package faq

import (
	"strings"
	"time"
	"unicode/utf8"

	"portal/domain"
)

// Stream is the tenant's FAQ stream: the commands append to it and the audit area reads it
// by this name.
const Stream = "faq"

// Limits of the texts HR writes.
const (
	MaxName     = 120
	MaxQuestion = 255
	MaxAnswer   = 20_000
)

// Stable event types (docs/api.md "FAQ").
const (
	TypeCategorySaved   = "faq.category_saved.v1"
	TypeCategoryRemoved = "faq.category_removed.v1"
	TypeQuestionSaved   = "faq.question_saved.v1"
	TypeQuestionRemoved = "faq.question_removed.v1"
)

// Event is something that happened to the FAQ.
type Event interface{ EventType() string }

// CategorySaved creates or renames a category.
type CategorySaved struct {
	ID    string    `json:"id"`
	Name  string    `json:"name"`
	Rank  int       `json:"rank"`
	Actor string    `json:"actor"`
	At    time.Time `json:"at"`
}

// CategoryRemoved removes an empty category.
type CategoryRemoved struct {
	ID    string    `json:"id"`
	Actor string    `json:"actor"`
	At    time.Time `json:"at"`
}

// QuestionSaved creates or edits a question; Answer is sanitized HTML.
type QuestionSaved struct {
	ID       string    `json:"id"`
	Category string    `json:"category"`
	Question string    `json:"question"`
	Answer   string    `json:"answer"`
	Rank     int       `json:"rank"`
	Actor    string    `json:"actor"`
	At       time.Time `json:"at"`
}

// QuestionRemoved removes a question.
type QuestionRemoved struct {
	ID    string    `json:"id"`
	Actor string    `json:"actor"`
	At    time.Time `json:"at"`
}

func (CategorySaved) EventType() string   { return TypeCategorySaved }
func (CategoryRemoved) EventType() string { return TypeCategoryRemoved }
func (QuestionSaved) EventType() string   { return TypeQuestionSaved }
func (QuestionRemoved) EventType() string { return TypeQuestionRemoved }

// FAQ is the state the commands decide on: which categories and questions exist.
type FAQ struct {
	categories map[string]bool
	questions  map[string]string // question id → category id
}

// New is an empty FAQ.
func New() *FAQ { return &FAQ{categories: map[string]bool{}, questions: map[string]string{}} }

// Apply folds an event into the state.
func (f *FAQ) Apply(e Event) {
	switch e := e.(type) {
	case CategorySaved:
		f.categories[e.ID] = true
	case CategoryRemoved:
		delete(f.categories, e.ID)
	case QuestionSaved:
		f.questions[e.ID] = e.Category
	case QuestionRemoved:
		delete(f.questions, e.ID)
	}
}

// KeyCategoryNotEmpty refuses removing a category that still has questions.
const KeyCategoryNotEmpty = "faq_categoria_com_perguntas"

// text trims s and checks it is present and at most max runes long.
func text(field, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", domain.InvalidField(field, domain.KeyRequired)
	case !utf8.ValidString(s) || strings.ContainsRune(s, 0):
		return "", domain.InvalidField(field, domain.KeyInvalid)
	case utf8.RuneCountInString(s) > max:
		return "", domain.InvalidField(field, domain.KeyTooLong)
	}
	return s, nil
}

func rank(r int) error {
	if r < 0 || r > 1_000_000 {
		return domain.InvalidField("rank", domain.KeyInvalid)
	}
	return nil
}

// SaveCategory decides creating (create true) or renaming a category.
func (f *FAQ) SaveCategory(c CategorySaved, create bool) ([]Event, error) {
	name, err := text("name", c.Name, MaxName)
	if err != nil {
		return nil, err
	}
	if err := rank(c.Rank); err != nil {
		return nil, err
	}
	if !create && !f.categories[c.ID] {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	c.Name = name
	return []Event{c}, nil
}

// RemoveCategory decides removing a category; one with questions is refused.
func (f *FAQ) RemoveCategory(c CategoryRemoved) ([]Event, error) {
	if !f.categories[c.ID] {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	for _, cat := range f.questions {
		if cat == c.ID {
			return nil, domain.Refusal("id", KeyCategoryNotEmpty)
		}
	}
	return []Event{c}, nil
}

// SaveQuestion decides creating or editing a question. answer must already be sanitized
// (the command does it: platform/safehtml); an answer empty once sanitized is refused.
func (f *FAQ) SaveQuestion(q QuestionSaved, create bool) ([]Event, error) {
	var err error
	if q.Question, err = text("question", q.Question, MaxQuestion); err != nil {
		return nil, err
	}
	if q.Answer, err = text("answer", q.Answer, MaxAnswer); err != nil {
		return nil, err
	}
	if err := rank(q.Rank); err != nil {
		return nil, err
	}
	if !f.categories[q.Category] {
		return nil, &domain.Error{Kind: domain.Invalid, Field: "category", Key: domain.KeyNotFound}
	}
	if _, ok := f.questions[q.ID]; !create && !ok {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	return []Event{q}, nil
}

// RemoveQuestion decides removing a question.
func (f *FAQ) RemoveQuestion(q QuestionRemoved) ([]Event, error) {
	if _, ok := f.questions[q.ID]; !ok {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	return []Event{q}, nil
}
