// Package ombudsman projects the ombudsman reports and the contact messages
// (streams "ombudsman-*" and "contact-*") into ombudsman_reports and contact_messages
// (migrations/00290_ombudsman.sql) and answers the queries on them.
package ombudsman

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ombcmd "portal/commands/ombudsman"
	"portal/domain/ombudsman"
	"portal/eventstore"
	"portal/projections"
)

// Reports is the read model of the reports and the contact messages.
type Reports struct{}

var _ projections.Selective = Reports{}

// ChangedTopic is the push of an ombudsman or contact change to the whole tenant, without data
// (docs/api.md "Live push"): open lists read again, each as the caller may see it.
const ChangedTopic = "ombudsman.changed"

// Projections are the area's read models (cmd/portal/serve.go concatenates them).
func Projections() []projections.Projection { return []projections.Projection{Reports{}} }

// Name implements Projection.
func (Reports) Name() string { return "ombudsman" }

// Areas implements Selective.
func (Reports) Areas() []string { return []string{"ombudsman."} }

// Tables implements Tabled.
func (Reports) Tables() []string { return []string{"ombudsman_reports", "contact_messages"} }

// Reset implements Projection.
func (Reports) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Reports{}.Tables())
}

// Apply implements Projection: one statement per event, sent in one batch in log order.
func (Reports) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	b := &pgx.Batch{}
	for _, re := range events {
		if !isOmbudsman(re.Type) {
			continue
		}
		e, err := ombcmd.Decode(re)
		if err != nil {
			return err
		}
		pos := re.Cursor.Position
		switch e := e.(type) {
		case ombudsman.Filed:
			var reporter *string
			if e.Visibility != ombudsman.Anonymous && e.Reporter != "" {
				reporter = &e.Reporter
			}
			b.Queue(`INSERT INTO ombudsman_reports (tenant_id, id, protocol, category, subject, body, visibility, reporter_id, code_hash, status, filed_at, updated_at, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'received', $10, $10, $11) ON CONFLICT (tenant_id, id) DO NOTHING`,
				re.Tenant, e.ID, e.Protocol, e.Category, e.Subject, e.Text, e.Visibility, reporter, e.CodeHash, e.At, pos)
		case ombudsman.StatusChanged:
			b.Queue(`UPDATE ombudsman_reports SET status = $3, updated_at = $4, position = $5
WHERE tenant_id = $1 AND id = $2 AND position < $5`, re.Tenant, e.ID, e.Status, e.At, pos)
		case ombudsman.AnswerGiven:
			b.Queue(`UPDATE ombudsman_reports SET status = 'answered', answer = $3, answered_at = $4, updated_at = $4, position = $5
WHERE tenant_id = $1 AND id = $2 AND position < $5`, re.Tenant, e.ID, e.Answer, e.At, pos)
		case ombudsman.ContactSent:
			b.Queue(`INSERT INTO contact_messages (tenant_id, id, user_id, subject, recipients, sent_at, position)
VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, id) DO NOTHING`, re.Tenant, e.ID, e.Actor, e.Subject, e.Recipients, e.At, pos)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("ombudsman: %w", err)
	}
	return projections.PublishTenants(ctx, tx, ChangedTopic, nil, events, isOmbudsman)
}

// Report is a report as the API answers it. ReporterID and ReporterName are empty unless
// the caller may see who filed it (Redact).
type Report struct {
	ID           uuid.UUID  `json:"id"`
	Protocol     string     `json:"protocol"`
	Category     string     `json:"category"`
	Subject      string     `json:"subject"`
	Text         string     `json:"text"`
	Visibility   string     `json:"visibility"`
	Status       string     `json:"status"`
	Answer       string     `json:"answer"`
	FiledAt      time.Time  `json:"filedAt"`
	AnsweredAt   *time.Time `json:"answeredAt"`
	UpdatedAt    time.Time  `json:"updatedAt"`
	ReporterID   *uuid.UUID `json:"reporterId,omitempty"`
	ReporterName string     `json:"reporterName,omitempty"`
}

const reportColumns = `r.id, r.protocol, r.category, r.subject, r.body, r.visibility, r.status, r.answer, r.filed_at, r.answered_at, r.updated_at,
    r.reporter_id, COALESCE(u.display_name, '')
FROM ombudsman_reports r LEFT JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.reporter_id`

// Redact blanks who filed r unless the viewer may see it: a public report's reporter is shown
// to the ombudsman team, a private one's only to the holders of the ombudsman permission
// (the team is exactly them, so both mean ombudsman), an anonymous one's to nobody (none is
// stored).
func Redact(r *Report, ombudsmanViewer bool) {
	if !ombudsmanViewer || r.Visibility == ombudsman.Anonymous {
		r.ReporterID, r.ReporterName = nil, ""
	}
}

// Queue lists the tenant's reports with status (empty: all open ones), newest first.
func (Reports) Queue(ctx context.Context, tx pgx.Tx, status string) ([]Report, error) {
	rows, err := tx.Query(ctx, `SELECT `+reportColumns+`
WHERE ($1 = '' AND r.status <> 'closed') OR r.status = $1 ORDER BY r.filed_at DESC, r.id LIMIT 500`, status)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Report])
}

// Mine lists the reports user filed (public and private; anonymous ones keep no user).
func (Reports) Mine(ctx context.Context, tx pgx.Tx, user uuid.UUID) ([]Report, error) {
	rows, err := tx.Query(ctx, `SELECT `+reportColumns+` WHERE r.reporter_id = $1 ORDER BY r.filed_at DESC, r.id LIMIT 500`, user)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Report])
}

// One is the report id; found false when the tenant has none.
func (Reports) One(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Report, bool, error) {
	rows, err := tx.Query(ctx, `SELECT `+reportColumns+` WHERE r.id = $1`, id)
	if err != nil {
		return Report{}, false, err
	}
	r, err := pgx.CollectOneRow(rows, pgx.RowToStructByPos[Report])
	if err == pgx.ErrNoRows {
		return r, false, nil
	}
	return r, err == nil, err
}

// Follow is what the follow-up page shows: no reporter, no text of other reports.
type Follow struct {
	Protocol   string     `json:"protocol"`
	Category   string     `json:"category"`
	Subject    string     `json:"subject"`
	Status     string     `json:"status"`
	Answer     string     `json:"answer"`
	FiledAt    time.Time  `json:"filedAt"`
	AnsweredAt *time.Time `json:"answeredAt"`
	UpdatedAt  time.Time  `json:"updatedAt"`
}

// FollowUp finds the report of protocol whose code hashes to codeHash, in any tenant (the
// page is public: the protocol and the code are the key). q runs outside any tenant's
// row-level security (the owner's pool).
func FollowUp(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, protocol, codeHash string) (Follow, bool, error) {
	rows, err := q.Query(ctx, `SELECT protocol, category, subject, status, answer, filed_at, answered_at, updated_at
FROM ombudsman_reports WHERE protocol = $1 AND code_hash = $2 LIMIT 1`, protocol, codeHash)
	if err != nil {
		return Follow{}, false, err
	}
	f, err := pgx.CollectOneRow(rows, pgx.RowToStructByPos[Follow])
	if err == pgx.ErrNoRows {
		return f, false, nil
	}
	return f, err == nil, err
}

// Contact is a contact message as the sender sees it.
type Contact struct {
	ID         uuid.UUID `json:"id"`
	Subject    string    `json:"subject"`
	Recipients int       `json:"recipients"`
	SentAt     time.Time `json:"sentAt"`
}

// Contacts lists the messages user sent, newest first.
func (Reports) Contacts(ctx context.Context, tx pgx.Tx, user uuid.UUID) ([]Contact, error) {
	rows, err := tx.Query(ctx, `SELECT id, subject, recipients, sent_at FROM contact_messages WHERE user_id = $1 ORDER BY sent_at DESC, id LIMIT 200`, user)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Contact])
}

func isOmbudsman(eventType string) bool { return strings.HasPrefix(eventType, "ombudsman.") }
