package request

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands"
	rq "portal/domain/request"
	"portal/eventstore"
)

// AddAttachment is POST api/cac-app/anexos?requestId: a file for a request.
type AddAttachment struct {
	CommandID string
	Caller    commands.RequestCaller
	ID        uuid.UUID // the request
	Name      string
	Content   []byte
}

// RemoveAttachment is DELETE api/cac-app/anexos?id.
type RemoveAttachment struct {
	CommandID    string
	Caller       commands.RequestCaller
	AttachmentID uuid.UUID
}

// AttachmentHandler adds and removes attachments.
type AttachmentHandler struct {
	requestHandler
	pool *pgxpool.Pool // the files' bytes (request_files)
}

// NewAttachmentHandler refuses nil dependencies.
func NewAttachmentHandler(facts Facts, pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*AttachmentHandler, error) {
	h, err := newRequestHandler("NewAttachmentHandler", facts, store, now)
	if err == nil && pool == nil {
		err = errors.New("commands.NewAttachmentHandler: nil dependency")
	}
	return &AttachmentHandler{h, pool}, err
}

// Add checks the file by its content, stores its bytes with their SHA-256 and appends the
// event that names them. The bytes are written first: a file whose event was refused is
// deleted again, and a file without its event is never served (downloads go through the
// request's attachments).
func (h *AttachmentHandler) Add(ctx context.Context, cmd AddAttachment) (a rq.Attachment, err error) {
	defer commands.Wrap(&err, "AddAttachment(%s)", cmd.ID)
	kind, err := rq.CheckFile(cmd.Name, cmd.Content)
	if err != nil {
		return a, err
	}
	sum := sha256.Sum256(cmd.Content)
	fileID := commands.DeriveID(cmd.Caller.Tenant, rq.Stream(cmd.ID), cmd.CommandID, "attachment")
	a = rq.Attachment{ID: fileID.String(), Name: rq.CleanFileName(cmd.Name), Kind: kind, Size: int64(len(cmd.Content)), SHA256: hex.EncodeToString(sum[:])}
	if a.Name == "" {
		a.Name = "arquivo." + kind
	}
	_, err = h.pool.Exec(ctx, `INSERT INTO request_files (tenant_id, id, request_id, name, kind, size, sha256, content, created_by)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
		cmd.Caller.Tenant, fileID, cmd.ID, a.Name, a.Kind, a.Size, a.SHA256, cmd.Content, cmd.Caller.UserID)
	if err != nil {
		return a, err
	}
	_, err = h.run(ctx, cmd.CommandID, cmd.Caller, cmd.ID, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.AddAttachment(a, f, at)
	})
	if err != nil {
		_, _ = h.pool.Exec(context.WithoutCancel(ctx), `DELETE FROM request_files WHERE tenant_id = $1 AND id = $2
AND NOT EXISTS (SELECT FROM events WHERE tenant_id = $1 AND stream = $3 AND data->'attachment'->>'id' = $2::text)`,
			cmd.Caller.Tenant, fileID, rq.Stream(cmd.ID))
		return a, err
	}
	return a, nil
}

// Remove takes the file off its request; the bytes stay for the request's history.
func (h *AttachmentHandler) Remove(ctx context.Context, cmd RemoveAttachment) (err error) {
	defer commands.Wrap(&err, "RemoveAttachment(%s)", cmd.AttachmentID)
	var requestID uuid.UUID
	err = h.pool.QueryRow(ctx, `SELECT request_id FROM request_files WHERE tenant_id = $1 AND id = $2`,
		cmd.Caller.Tenant, cmd.AttachmentID).Scan(&requestID)
	if err != nil {
		return commands.NotFound("id")
	}
	_, err = h.run(ctx, cmd.CommandID, cmd.Caller, requestID, func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error) {
		return r.RemoveAttachment(cmd.AttachmentID.String(), f, at)
	})
	return err
}
