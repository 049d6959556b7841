// Package payroll holds the payroll document commands (issue 32): HR publishes a batch of
// files for a competence month and kind, withdraws a document and reminds who has not
// signed; the employee acknowledges (signs) their own document. A batch is the stream
// payroll.BatchStream(id); the bytes go to the file store, the events carry their hash.
package payroll

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/commands"
	"portal/domain"
	"portal/domain/notification"
	"portal/domain/payroll"
	"portal/domain/settings"
	"portal/eventstore"
	"portal/platform/blobstore"
	"portal/platform/db"
)

// Password confirms the caller's password (auth.Service.ConfirmPassword).
type Password interface {
	ConfirmPassword(ctx context.Context, c auth.Claims, password string) error
}

// Handler runs the payroll commands.
type Handler struct {
	commands.LogHandler
	Pool     *pgxpool.Pool
	Blobs    blobstore.Store
	Password Password // nil: signing is not offered
}

// New builds the payroll commands on the log, the read models and the file store.
func New(pool *pgxpool.Pool, store eventstore.Store, blobs blobstore.Store, now func() time.Time, password Password) (*Handler, error) {
	h, err := commands.NewLogHandler("payroll.New", store, now)
	if err != nil {
		return nil, err
	}
	if pool == nil || blobs == nil {
		return nil, errors.New("commands.payroll.New: nil dependency")
	}
	return &Handler{LogHandler: h, Pool: pool, Blobs: blobs, Password: password}, nil
}

// Caller is who gives a command, from the verified token.
type Caller struct {
	Tenant    uuid.UUID
	UserID    uuid.UUID
	CommandID string
}

// File is one uploaded file (a ZIP is opened into its files).
type File struct {
	Name    string
	Content []byte
}

// Publish is HR's upload of a batch.
type Publish struct {
	Month     string
	Kind      string
	PublishAt *time.Time // nil: the tenant's publish window (PublishWindow)
	Files     []File
}

// Published is one document of a batch as the API answers it.
type Published struct {
	DocumentID   string `json:"documentId"`
	FileName     string `json:"fileName"`
	EmployeeID   string `json:"employeeId"`
	EmployeeName string `json:"employeeName"`
}

// Result is the answer of a publication. BatchID is empty when no file matched: nothing was
// appended (the unmatched list says why).
type Result struct {
	BatchID   string              `json:"batchId"`
	Month     string              `json:"month"`
	Kind      string              `json:"kind"`
	PublishAt time.Time           `json:"publishAt"`
	Published []Published         `json:"published"`
	Unmatched []payroll.Unmatched `json:"unmatched"`
}

// MaxZipFiles bounds the entries of one ZIP (a ZIP bomb of tiny files).
const MaxZipFiles = 20000

// employee is a candidate of the matching.
type employee struct {
	ID   string
	Name string
}

// Publish matches each file to one employee of the caller's tenant and appends the batch with
// its documents in one append. Bad month or kind refuses the whole batch.
func (h *Handler) Publish(ctx context.Context, c Caller, p Publish) (res Result, err error) {
	defer commands.Wrap(&err, "payroll.Publish(%s)", c.CommandID)
	now := h.Now()
	if err := payroll.CheckMonth(p.Month, now); err != nil {
		return res, err
	}
	if !payroll.ValidKind(p.Kind) {
		return res, domain.InvalidField("kind", payroll.KeyBadKind)
	}
	if len(p.Files) == 0 {
		return res, domain.InvalidField("files", domain.KeyRequired)
	}
	files, unmatched, err := expand(p.Files)
	if err != nil {
		return res, err
	}
	publishAt := now
	if p.PublishAt != nil {
		publishAt = *p.PublishAt
	} else if publishAt, err = h.PublishWindow(ctx, c.Tenant, p.Month, now); err != nil {
		return res, err
	}
	byCPF, names, err := h.employees(ctx, c.Tenant)
	if err != nil {
		return res, err
	}
	res = Result{Month: p.Month, Kind: p.Kind, PublishAt: publishAt.UTC(), Published: []Published{}}
	batchID := commands.DeriveID(c.Tenant, "payroll", c.CommandID, "batch")
	stream := payroll.BatchStream(batchID.String())
	var docs []payroll.DocumentData
	for i, f := range files {
		ct, err := payroll.ContentType(f.Content)
		if err != nil {
			var de *domain.Error
			if errors.As(err, &de) {
				unmatched = append(unmatched, payroll.Unmatched{FileName: f.Name, Reason: de.Key})
				continue
			}
			return res, err
		}
		text := ""
		if ct == "application/pdf" && len(payroll.CPFs(f.Name)) == 0 {
			text = PDFText(f.Content)
		}
		empID, outcome := payroll.Match(f.Name, text, byCPF)
		if outcome != payroll.MatchFound {
			reason := "no_match"
			if outcome == payroll.MatchAmbiguous {
				reason = "ambiguous"
			}
			unmatched = append(unmatched, payroll.Unmatched{FileName: f.Name, Reason: reason})
			continue
		}
		hash, err := h.Blobs.Put(ctx, c.Tenant.String(), f.Content)
		if err != nil {
			return res, err
		}
		docID := commands.DeriveID(c.Tenant, stream, c.CommandID, fmt.Sprintf("doc-%d", i))
		docs = append(docs, payroll.DocumentData{DocumentID: docID.String(), EmployeeID: empID, Month: p.Month, Kind: p.Kind,
			FileName: f.Name, Hash: hash, Size: len(f.Content), ContentType: ct, PublishAt: publishAt.UTC()})
		res.Published = append(res.Published, Published{DocumentID: docID.String(), FileName: f.Name, EmployeeID: empID, EmployeeName: names[empID]})
	}
	res.Unmatched = unmatched
	if res.Unmatched == nil {
		res.Unmatched = []payroll.Unmatched{}
	}
	if len(docs) == 0 {
		return res, nil
	}
	events := make([]eventstore.EventData, 0, len(docs)+1)
	batch := payroll.BatchData{Month: p.Month, Kind: p.Kind, By: c.UserID.String(), At: now.UTC(), PublishAt: publishAt.UTC(),
		Files: len(docs), Unmatched: unmatched}
	ev, err := commands.EventData(commands.EventID(c.Tenant, stream, c.CommandID, 0), payroll.TypeBatchPublished, batch)
	if err != nil {
		return res, err
	}
	events = append(events, ev)
	for i, d := range docs {
		ev, err := commands.EventData(commands.EventID(c.Tenant, stream, c.CommandID, i+1), payroll.TypeDocumentPublished, d)
		if err != nil {
			return res, err
		}
		events = append(events, ev)
	}
	meta := commands.MetaOf(c.Tenant, c.UserID, stream, c.CommandID)
	if _, err := h.Store.Append(ctx, meta, stream, eventstore.NoStream, events...); err != nil {
		return res, err
	}
	res.BatchID = batchID.String()
	return res, nil
}

// expand opens the ZIPs among files (one level: a ZIP inside a ZIP is refused as not a PDF).
func expand(in []File) (out []File, unmatched []payroll.Unmatched, err error) {
	for _, f := range in {
		if !bytes.HasPrefix(f.Content, []byte("PK\x03\x04")) {
			out = append(out, f)
			continue
		}
		zr, err := zip.NewReader(bytes.NewReader(f.Content), int64(len(f.Content)))
		if err != nil {
			unmatched = append(unmatched, payroll.Unmatched{FileName: f.Name, Reason: payroll.KeyNotPDF})
			continue
		}
		if len(zr.File) > MaxZipFiles {
			return nil, nil, domain.InvalidField("files", domain.KeyTooLong)
		}
		for _, zf := range zr.File {
			if zf.FileInfo().IsDir() || strings.HasPrefix(path.Base(zf.Name), ".") || strings.HasPrefix(zf.Name, "__MACOSX/") {
				continue
			}
			name := path.Base(zf.Name)
			if zf.UncompressedSize64 > payroll.MaxFileSize {
				unmatched = append(unmatched, payroll.Unmatched{FileName: name, Reason: payroll.KeyTooLarge})
				continue
			}
			r, err := zf.Open()
			if err != nil {
				unmatched = append(unmatched, payroll.Unmatched{FileName: name, Reason: payroll.KeyNotPDF})
				continue
			}
			// Read one byte past the limit: the header's size may lie.
			b, err := io.ReadAll(io.LimitReader(r, payroll.MaxFileSize+1))
			_ = r.Close()
			if err != nil {
				unmatched = append(unmatched, payroll.Unmatched{FileName: name, Reason: payroll.KeyNotPDF})
				continue
			}
			out = append(out, File{Name: name, Content: b})
		}
	}
	return out, unmatched, nil
}

// employees maps the CPFs of the tenant's employees to their ids, and ids to names.
func (h *Handler) employees(ctx context.Context, tenant uuid.UUID) (map[string]string, map[string]string, error) {
	byCPF, names := map[string]string{}, map[string]string{}
	rows, err := h.Pool.Query(ctx, `SELECT id::text, cpf, name FROM employees WHERE tenant_id = $1 AND cpf <> ''`, tenant)
	if err != nil {
		return nil, nil, err
	}
	var id, cpf, name string
	_, err = pgx.ForEachRow(rows, []any{&id, &cpf, &name}, func() error {
		byCPF[cpf], names[id] = id, name
		return nil
	})
	return byCPF, names, err
}

// PublishWindow is the default publishAt of a batch of month: the tenant's publish day of
// the following month less its days ahead, or now when the day is not set (the default).
func (h *Handler) PublishWindow(ctx context.Context, tenant uuid.UUID, month string, now time.Time) (time.Time, error) {
	var day, ahead int
	err := h.Pool.QueryRow(ctx, `SELECT coalesce(("values"->>$2)::int, 0), coalesce(("values"->>$3)::int, 0)
FROM tenant_settings WHERE tenant_id = $1 AND key = $4`, tenant, settings.PayslipPublishDay, settings.PayslipDaysAhead, settings.KeyPayroll).Scan(&day, &ahead)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && day <= 0) {
		return now, nil
	}
	if err != nil {
		return now, err
	}
	m, err := time.Parse(payroll.MonthLayout, month)
	if err != nil {
		return now, domain.InvalidField("month", domain.KeyBadDate)
	}
	at := time.Date(m.Year(), m.Month()+1, day, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -ahead)
	return at, nil
}

// Document is a document as the commands read it from the read model.
type Document struct {
	ID         uuid.UUID
	BatchID    uuid.UUID
	EmployeeID uuid.UUID
	Hash       string
	PublishAt  time.Time
	Withdrawn  bool
	Signed     bool
}

// Lookup reads a document of the tenant (found false: none).
func (h *Handler) Lookup(ctx context.Context, tenant, id uuid.UUID) (d Document, found bool, err error) {
	err = db.InTenant(ctx, h.Pool, tenant.String(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT id, batch_id, employee_id, hash, publish_at, withdrawn_at IS NOT NULL, signed_at IS NOT NULL
FROM payroll_documents WHERE id = $1`, id).Scan(&d.ID, &d.BatchID, &d.EmployeeID, &d.Hash, &d.PublishAt, &d.Withdrawn, &d.Signed)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return d, false, nil
	}
	return d, err == nil, err
}

// docState folds a batch stream: per document, withdrawn and acknowledged.
type docState struct {
	found, withdrawn, signed bool
	employee, hash           string
}

func (h *Handler) state(ctx context.Context, tenant uuid.UUID, stream, docID string) (docState, int64, error) {
	evs, err := h.Store.ReadStream(ctx, tenant, stream, 0)
	if err != nil {
		return docState{}, 0, err
	}
	var s docState
	for _, re := range evs {
		switch re.Type {
		case payroll.TypeDocumentPublished:
			v, err := decode[payroll.DocumentData](re)
			if err != nil {
				return s, 0, err
			}
			if v.DocumentID == docID {
				s.found, s.employee, s.hash = true, v.EmployeeID, v.Hash
			}
		case payroll.TypeDocumentWithdrawn:
			v, err := decode[payroll.WithdrawnData](re)
			if err != nil {
				return s, 0, err
			}
			s.withdrawn = s.withdrawn || v.DocumentID == docID
		case payroll.TypeDocumentAcknowledged:
			v, err := decode[payroll.AcknowledgedData](re)
			if err != nil {
				return s, 0, err
			}
			s.signed = s.signed || v.DocumentID == docID
		}
	}
	return s, commands.ExpectedVersion(evs), nil
}

// Withdraw withdraws a published document: the employee then sees it was withdrawn.
func (h *Handler) Withdraw(ctx context.Context, c Caller, docID uuid.UUID, reason string) (err error) {
	defer commands.Wrap(&err, "payroll.Withdraw(%s)", c.CommandID)
	reason = strings.TrimSpace(reason)
	if len([]rune(reason)) > 500 {
		return domain.InvalidField("reason", domain.KeyTooLong)
	}
	d, found, err := h.Lookup(ctx, c.Tenant, docID)
	if err != nil {
		return err
	}
	if !found {
		return commands.NotFound("id")
	}
	stream := payroll.BatchStream(d.BatchID.String())
	return commands.WithRetry(func() error {
		s, version, err := h.state(ctx, c.Tenant, stream, docID.String())
		if err != nil {
			return err
		}
		if !s.found {
			return commands.NotFound("id")
		}
		if s.withdrawn {
			return domain.Refusal("id", payroll.KeyWithdrawn)
		}
		ev, err := commands.EventData(commands.EventID(c.Tenant, stream, c.CommandID, 0), payroll.TypeDocumentWithdrawn,
			payroll.WithdrawnData{DocumentID: docID.String(), By: c.UserID.String(), At: h.Now().UTC(), Reason: reason})
		if err != nil {
			return err
		}
		_, err = h.Store.Append(ctx, commands.MetaOf(c.Tenant, c.UserID, stream, c.CommandID), stream, version, ev)
		return err
	})
}

// Acknowledge is the employee's signature of their own document.
type Acknowledge struct {
	Claims     auth.Claims
	CanSign    bool // assina_holerite is on for the caller
	DocumentID uuid.UUID
	Password   string
	CommandID  string
}

// Acknowledge records that the employee acknowledged the document of this hash, after their
// password is confirmed. Refusals: another's or unknown document (404), assina_holerite off,
// withdrawn, already signed.
func (h *Handler) Acknowledge(ctx context.Context, a Acknowledge) (res payroll.AcknowledgedData, err error) {
	defer commands.Wrap(&err, "payroll.Acknowledge(%s)", a.CommandID)
	cl := a.Claims
	if cl.EmployeeID == uuid.Nil {
		return res, commands.Forbidden("par")
	}
	if !a.CanSign {
		return res, &domain.Error{Kind: domain.Forbidden, Field: "request", Key: payroll.KeySignDisabled}
	}
	if h.Password == nil {
		return res, errors.New("no password confirmation")
	}
	d, found, err := h.Lookup(ctx, cl.Tenant, a.DocumentID)
	if err != nil {
		return res, err
	}
	if !found || d.EmployeeID != cl.EmployeeID || d.PublishAt.After(h.Now()) {
		return res, commands.NotFound("par")
	}
	if err := h.Password.ConfirmPassword(ctx, cl, a.Password); err != nil {
		return res, err
	}
	stream := payroll.BatchStream(d.BatchID.String())
	err = commands.WithRetry(func() error {
		s, version, err := h.state(ctx, cl.Tenant, stream, a.DocumentID.String())
		if err != nil {
			return err
		}
		switch {
		case !s.found:
			return commands.NotFound("par")
		case s.withdrawn:
			return domain.Refusal("par", payroll.KeyWithdrawn)
		case s.signed:
			return domain.Refusal("par", payroll.KeyAlreadySigned)
		}
		res = payroll.AcknowledgedData{DocumentID: a.DocumentID.String(), EmployeeID: s.employee, UserID: cl.UserID.String(),
			Hash: s.hash, At: h.Now().UTC()}
		ev, err := commands.EventData(commands.EventID(cl.Tenant, stream, a.CommandID, 0), payroll.TypeDocumentAcknowledged, res)
		if err != nil {
			return err
		}
		_, err = h.Store.Append(ctx, commands.MetaOf(cl.Tenant, cl.UserID, stream, a.CommandID), stream, version, ev)
		return err
	})
	return res, err
}

// reminderTexts are the reminder in the recipient's language.
var reminderTexts = map[string]string{
	"pt": "Você tem documentos da folha (%s) aguardando sua assinatura.",
	"en": "You have payroll documents (%s) waiting for your signature.",
	"es": "Tienes documentos de nómina (%s) esperando tu firma.",
}

// Remind notifies every employee of the batch with a visible document not withdrawn and not
// signed, in their inbox; it answers how many were notified.
func (h *Handler) Remind(ctx context.Context, c Caller, batchID uuid.UUID) (sent int, err error) {
	defer commands.Wrap(&err, "payroll.Remind(%s)", c.CommandID)
	type target struct {
		User uuid.UUID
		Hash string
		Lang string
	}
	var (
		targets []target
		month   string
		exists  bool
	)
	err = db.InTenant(ctx, h.Pool, c.Tenant.String(), func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT month FROM payroll_batches WHERE id = $1`, batchID).Scan(&month); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			return err
		}
		exists = true
		rows, err := tx.Query(ctx, `SELECT DISTINCT u.id, u.hash, u.language FROM payroll_documents d
JOIN users u ON u.tenant_id = d.tenant_id AND u.employee_id = d.employee_id AND u.active
WHERE d.batch_id = $1 AND d.withdrawn_at IS NULL AND d.signed_at IS NULL AND d.publish_at <= $2
ORDER BY u.id`, batchID, h.Now())
		if err != nil {
			return err
		}
		targets, err = pgx.CollectRows(rows, pgx.RowToStructByPos[target])
		return err
	})
	if err != nil {
		return 0, err
	}
	if !exists {
		return 0, commands.NotFound("id")
	}
	for _, t := range targets {
		msg, ok := reminderTexts[t.Lang]
		if !ok {
			msg = reminderTexts["pt"]
		}
		msg = fmt.Sprintf(msg, month)
		err := commands.Notify(ctx, h.Store, h.Now, commands.Notice{CommandID: c.CommandID + "/" + t.User.String(), Tenant: c.Tenant,
			Sender: c.UserID, To: t.User, ToHash: t.Hash, Content: notification.Content{Message: msg, Options: notification.Options{
				Variant: notification.Warning, Classification: notification.Plain, Link: "/apps/rh/demonstrativos"}}})
		if err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}
