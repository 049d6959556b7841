// Package payroll projects the streams "payroll-batch-<id>" into payroll_batches and
// payroll_documents (migrations/00280_payroll.sql) and answers the payroll reads from them.
package payroll

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"portal/domain/payroll"
	"portal/eventstore"
	"portal/projections"
)

// Payroll is the payroll read model.
type Payroll struct{}

var _ projections.Selective = Payroll{}

// ChangedTopic is the push of a payroll change to the whole tenant, without data (docs/api.md
// "Live push"): open lists read again, each as the caller may see it.
const ChangedTopic = "payroll.changed"

// Projections are the payroll area's read models (cmd/portal/serve.go concatenates them).
func Projections() []projections.Projection { return []projections.Projection{Payroll{}} }

// Name implements Projection.
func (Payroll) Name() string { return "payroll" }

// Areas implements Selective.
func (Payroll) Areas() []string { return []string{"payroll."} }

// Tables implements Tabled.
func (Payroll) Tables() []string { return []string{"payroll_batches", "payroll_documents"} }

// Reset implements Projection.
func (Payroll) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Payroll{}.Tables())
}

// Apply implements Projection: one statement per event, sent in one round trip in log
// order. Every statement is idempotent (a replayed event changes nothing).
func (Payroll) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	b := &pgx.Batch{}
	for _, re := range events {
		pos := re.Cursor.Position
		batchID := strings.TrimPrefix(re.Stream, "payroll-batch-")
		switch re.Type {
		case payroll.TypeBatchPublished:
			var v payroll.BatchData
			if err := projections.DecodeData(re, &v); err != nil {
				return err
			}
			un, _ := json.Marshal(v.Unmatched)
			if v.Unmatched == nil {
				un = []byte("[]")
			}
			b.Queue(`INSERT INTO payroll_batches (tenant_id, id, month, kind, by_user, at, publish_at, files, unmatched, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (tenant_id, id) DO NOTHING`,
				re.Tenant, batchID, v.Month, v.Kind, v.By, v.At, v.PublishAt, v.Files, un, pos)
		case payroll.TypeDocumentPublished:
			var v payroll.DocumentData
			if err := projections.DecodeData(re, &v); err != nil {
				return err
			}
			b.Queue(`INSERT INTO payroll_documents (tenant_id, id, batch_id, employee_id, month, kind, file_name, hash, size,
    content_type, publish_at, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (tenant_id, id) DO NOTHING`,
				re.Tenant, v.DocumentID, batchID, v.EmployeeID, v.Month, v.Kind, v.FileName, v.Hash, v.Size, v.ContentType, v.PublishAt, pos)
		case payroll.TypeDocumentWithdrawn:
			var v payroll.WithdrawnData
			if err := projections.DecodeData(re, &v); err != nil {
				return err
			}
			b.Queue(`UPDATE payroll_documents SET withdrawn_at = $3, withdraw_reason = $4, position = $5
WHERE tenant_id = $1 AND id = $2 AND position < $5`, re.Tenant, v.DocumentID, v.At, v.Reason, pos)
		case payroll.TypeDocumentAcknowledged:
			var v payroll.AcknowledgedData
			if err := projections.DecodeData(re, &v); err != nil {
				return err
			}
			b.Queue(`UPDATE payroll_documents SET signed_at = $3, position = $4
WHERE tenant_id = $1 AND id = $2 AND position < $4`, re.Tenant, v.DocumentID, v.At, pos)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("payroll: %w", err)
	}
	return projections.PublishTenants(ctx, tx, ChangedTopic, nil, events, isPayroll)
}

func isPayroll(eventType string) bool { return strings.HasPrefix(eventType, "payroll.") }
