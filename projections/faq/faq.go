// Package faq projects the stream "faq" into faq_categories and faq_questions
// (migrations/00270_faq.sql) and answers the FAQ queries from them.
package faq

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	faqcmd "portal/commands/faq"
	"portal/domain/faq"
	"portal/eventstore"
	"portal/projections"
)

// FAQ is the FAQ read model.
type FAQ struct{}

var _ projections.Selective = FAQ{}

// ChangedTopic is the push of a FAQ change to the whole tenant (docs/api.md "Live push"): open
// FAQ pages read again.
const ChangedTopic = "faq.changed"

// Projections are the FAQ area's read models (cmd/portal/serve.go concatenates them).
func Projections() []projections.Projection { return []projections.Projection{FAQ{}} }

// Name implements Projection.
func (FAQ) Name() string { return "faq" }

// Areas implements Selective.
func (FAQ) Areas() []string { return []string{"faq."} }

// Tables implements Tabled.
func (FAQ) Tables() []string { return []string{"faq_categories", "faq_questions"} }

// Reset implements Projection.
func (FAQ) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, FAQ{}.Tables())
}

// Apply implements Projection. The FAQ changes a few times a month, so each event is one
// statement, all of a batch sent in one round trip (pgx.Batch) in log order: a later edit
// of the same row lands after the earlier one.
func (FAQ) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	b := &pgx.Batch{}
	for _, re := range events {
		if !isFAQ(re.Type) {
			continue
		}
		e, err := faqcmd.Decode(re)
		if err != nil {
			return err
		}
		pos := re.Cursor.Position
		switch e := e.(type) {
		case faq.CategorySaved:
			b.Queue(`INSERT INTO faq_categories (tenant_id, id, name, rank, position) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (tenant_id, id) DO UPDATE SET name = EXCLUDED.name, rank = EXCLUDED.rank, position = EXCLUDED.position
WHERE faq_categories.position < EXCLUDED.position`, re.Tenant, e.ID, e.Name, e.Rank, pos)
		case faq.CategoryRemoved:
			b.Queue(`DELETE FROM faq_categories WHERE tenant_id = $1 AND id = $2`, re.Tenant, e.ID)
		case faq.QuestionSaved:
			b.Queue(`INSERT INTO faq_questions (tenant_id, id, category_id, question, answer, rank, updated_at, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (tenant_id, id) DO UPDATE SET category_id = EXCLUDED.category_id, question = EXCLUDED.question,
    answer = EXCLUDED.answer, rank = EXCLUDED.rank, updated_at = EXCLUDED.updated_at, position = EXCLUDED.position
WHERE faq_questions.position < EXCLUDED.position`, re.Tenant, e.ID, e.Category, e.Question, e.Answer, e.Rank, e.At, pos)
		case faq.QuestionRemoved:
			b.Queue(`DELETE FROM faq_questions WHERE tenant_id = $1 AND id = $2`, re.Tenant, e.ID)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("faq: %w", err)
	}
	return projections.PublishTenants(ctx, tx, ChangedTopic, nil, events, isFAQ)
}

// Category is a category as the API answers it.
type Category struct {
	ID   uuid.UUID `json:"id"`
	Name string    `json:"name"`
	Rank int       `json:"rank"`
}

// Question is a question as the API answers it; Answer is sanitized HTML.
type Question struct {
	ID         uuid.UUID `json:"id"`
	CategoryID uuid.UUID `json:"categoryId"`
	Question   string    `json:"question"`
	Answer     string    `json:"answer"`
	Rank       int       `json:"rank"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// Categories lists the tenant's categories (tx is a tenant transaction) by rank and name.
func (FAQ) Categories(ctx context.Context, tx pgx.Tx) ([]Category, error) {
	rows, err := tx.Query(ctx, `SELECT id, name, rank FROM faq_categories ORDER BY rank, name COLLATE pt_br, id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Category])
}

// Questions lists the questions of category (uuid.Nil: all) matching search (empty: all),
// the best matches first when searching, else by rank.
func (FAQ) Questions(ctx context.Context, tx pgx.Tx, category uuid.UUID, search string) ([]Question, error) {
	q := TSQuery(search)
	rows, err := tx.Query(ctx, `
SELECT id, category_id, question, answer, rank, updated_at FROM faq_questions
WHERE ($1::uuid IS NULL OR category_id = $1)
  AND ($2 = '' OR search @@ to_tsquery('simple', faq_fold($2)))
ORDER BY CASE WHEN $2 = '' THEN 0 ELSE ts_rank(search, to_tsquery('simple', faq_fold($2))) END DESC, rank, question, id
LIMIT 500`, nullable(category), q)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Question])
}

func nullable(id uuid.UUID) *uuid.UUID {
	if id == uuid.Nil {
		return nil
	}
	return &id
}

// TSQuery turns what an employee typed into a prefix query of all its words ("feri sal"
// → "feri:* & sal:*"): letters and digits only, so no input is a tsquery syntax error.
func TSQuery(s string) string {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) > 8 {
		words = words[:8]
	}
	for i, w := range words {
		words[i] = w + ":*"
	}
	return strings.Join(words, " & ")
}

func isFAQ(eventType string) bool { return strings.HasPrefix(eventType, "faq.") }
