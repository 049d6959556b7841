// Package faq holds the FAQ commands: HR saves and removes categories and questions on the
// tenant's stream "faq" (domain/faq). Who acts comes from the verified token.
package faq

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/faq"
	"portal/eventstore"
	"portal/platform/safehtml"
)

// Handler runs the FAQ commands.
type Handler struct{ commands.LogHandler }

// New needs the event store and the server clock.
func New(store eventstore.Store, now func() time.Time) (*Handler, error) {
	h, err := commands.NewLogHandler("faq.New", store, now)
	return &Handler{h}, err
}

// Caller is who gives a command: the tenant and user of the verified token.
type Caller struct {
	Tenant    uuid.UUID
	UserID    uuid.UUID
	CommandID string // commands.CommandID(Idempotency-Key)
}

// Category is a category to save; a zero ID creates one.
type Category struct {
	ID   uuid.UUID
	Name string
	Rank int
}

// Question is a question to save; a zero ID creates one. Answer is HTML, sanitized here.
type Question struct {
	ID       uuid.UUID
	Category uuid.UUID
	Question string
	Answer   string
	Rank     int
}

var codec = commands.Codec[faq.Event]{Decode: Decode, Encode: Encode}

func (h *Handler) decide(ctx context.Context, c Caller, decide func(*faq.FAQ, time.Time) ([]faq.Event, error)) ([]faq.Event, error) {
	if c.Tenant == uuid.Nil || c.UserID == uuid.Nil || c.CommandID == "" {
		return nil, errors.New("faq: tenant, user and command id are required")
	}
	return commands.DecideOnStream(ctx, h.Store, h.Now, commands.StreamCommand{Tenant: c.Tenant, Actor: c.UserID, Stream: faq.Stream, CommandID: c.CommandID},
		codec, false, faq.New, decide)
}

// SaveCategory creates or renames a category and answers its id.
func (h *Handler) SaveCategory(ctx context.Context, c Caller, cat Category) (id uuid.UUID, err error) {
	defer commands.Wrap(&err, "faq.SaveCategory(%s)", c.CommandID)
	create := cat.ID == uuid.Nil
	if create {
		cat.ID = commands.DeriveID(c.Tenant, faq.Stream, c.CommandID, "category")
	}
	_, err = h.decide(ctx, c, func(f *faq.FAQ, now time.Time) ([]faq.Event, error) {
		return f.SaveCategory(faq.CategorySaved{ID: cat.ID.String(), Name: cat.Name, Rank: cat.Rank, Actor: c.UserID.String(), At: now}, create)
	})
	return cat.ID, err
}

// RemoveCategory removes a category without questions.
func (h *Handler) RemoveCategory(ctx context.Context, c Caller, id uuid.UUID) (err error) {
	defer commands.Wrap(&err, "faq.RemoveCategory(%s)", c.CommandID)
	_, err = h.decide(ctx, c, func(f *faq.FAQ, now time.Time) ([]faq.Event, error) {
		return f.RemoveCategory(faq.CategoryRemoved{ID: id.String(), Actor: c.UserID.String(), At: now})
	})
	return err
}

// SaveQuestion creates or edits a question and answers its id. The answer is cleaned by the
// allow-list of platform/safehtml before the domain sees it, so the log never holds a script.
func (h *Handler) SaveQuestion(ctx context.Context, c Caller, q Question) (id uuid.UUID, err error) {
	defer commands.Wrap(&err, "faq.SaveQuestion(%s)", c.CommandID)
	create := q.ID == uuid.Nil
	if create {
		q.ID = commands.DeriveID(c.Tenant, faq.Stream, c.CommandID, "question")
	}
	answer := safehtml.Template(q.Answer)
	_, err = h.decide(ctx, c, func(f *faq.FAQ, now time.Time) ([]faq.Event, error) {
		return f.SaveQuestion(faq.QuestionSaved{ID: q.ID.String(), Category: q.Category.String(), Question: q.Question,
			Answer: answer, Rank: q.Rank, Actor: c.UserID.String(), At: now}, create)
	})
	return q.ID, err
}

// RemoveQuestion removes a question.
func (h *Handler) RemoveQuestion(ctx context.Context, c Caller, id uuid.UUID) (err error) {
	defer commands.Wrap(&err, "faq.RemoveQuestion(%s)", c.CommandID)
	_, err = h.decide(ctx, c, func(f *faq.FAQ, now time.Time) ([]faq.Event, error) {
		return f.RemoveQuestion(faq.QuestionRemoved{ID: id.String(), Actor: c.UserID.String(), At: now})
	})
	return err
}

// Encode is the stored form of a FAQ event: its JSON as declared in domain/faq.
func Encode(id uuid.UUID, e faq.Event) (eventstore.EventData, error) {
	return commands.EventData(id, e.EventType(), e)
}

// Decode maps a stored FAQ event back to the domain (the projection uses it too).
func Decode(re eventstore.RecordedEvent) (faq.Event, error) {
	var (
		e   faq.Event
		err error
	)
	switch re.Type {
	case faq.TypeCategorySaved:
		var v faq.CategorySaved
		err, e = json.Unmarshal(re.Data, &v), &v
	case faq.TypeCategoryRemoved:
		var v faq.CategoryRemoved
		err, e = json.Unmarshal(re.Data, &v), &v
	case faq.TypeQuestionSaved:
		var v faq.QuestionSaved
		err, e = json.Unmarshal(re.Data, &v), &v
	case faq.TypeQuestionRemoved:
		var v faq.QuestionRemoved
		err, e = json.Unmarshal(re.Data, &v), &v
	default:
		return nil, commands.UnknownType(re)
	}
	if err != nil {
		return nil, commands.BadData(re, err)
	}
	return deref(e), nil
}

// deref turns the decoded pointer back into the value the domain switches on.
func deref(e faq.Event) faq.Event {
	switch v := e.(type) {
	case *faq.CategorySaved:
		return *v
	case *faq.CategoryRemoved:
		return *v
	case *faq.QuestionSaved:
		return *v
	case *faq.QuestionRemoved:
		return *v
	}
	return e
}
