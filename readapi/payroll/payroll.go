// Package payroll serves payroll documents (issue 32; docs/payroll.md, docs/api.md
// "Payroll"): HR (casbin "payroll, admin") publishes batches, sees who signed and reminds;
// reading another person's document content needs "payroll, content" besides; every
// employee reads and signs their own published documents. Reads come from the read model
// (projections/payroll) and the file store.
package payroll

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	paycmd "portal/commands/payroll"
	"portal/domain"
	"portal/domain/payroll"
	"portal/eventstore"
	"portal/platform/blobstore"
	"portal/readapi/httpx"
)

// MaxBatchBytes bounds one upload (the multipart body): 2,000 payslips of ~100 kB.
const MaxBatchBytes = 512 << 20

// API serves the payroll calls of a tenant.
type API struct {
	Pool     *pgxpool.Pool
	Now      func() time.Time
	Blobs    blobstore.Store
	Commands *paycmd.Handler
}

// New builds the payroll calls.
func New(pool *pgxpool.Pool, store eventstore.Store, blobs blobstore.Store, now func() time.Time, password paycmd.Password) (*API, error) {
	h, err := paycmd.New(pool, store, blobs, now, password)
	return &API{Pool: pool, Now: now, Blobs: blobs, Commands: h}, err
}

// IsUpload tells the server's body limit to leave the batch upload to MaxBatchBytes.
func IsUpload(c echo.Context) bool {
	return c.Request().Method == http.MethodPost && c.Path() == "/api/payroll/batches"
}

// Routes registers the payroll calls.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	p := g.Group("/payroll", gates.Authn, httpx.Caller(httpx.TenantRequired), gates.Access(auth.PayrollAccess))
	p.GET("/documents", s.documents)
	p.GET("/years", s.years)
	p.GET("/documents/:id/content", s.content(false))
	p.GET("/documents/:id/download", s.content(true))
	hr := p.Group("", httpx.Allowed("payroll", "admin"))
	hr.POST("/batches", s.publish)
	hr.GET("/batches", s.batches)
	hr.GET("/batches/:id/documents", s.batchDocuments)
	hr.POST("/batches/:id/remind", s.remind)
	hr.POST("/documents/:id/withdraw", s.withdraw)
}

func (s *API) caller(c echo.Context, id string) paycmd.Caller {
	cl := httpx.Claims(c)
	return paycmd.Caller{Tenant: cl.Tenant, UserID: cl.UserID, CommandID: id}
}

func pathID(c echo.Context) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return uuid.Nil, httpx.Error(http.StatusBadRequest, "id", domain.KeyInvalid)
	}
	return id, nil
}

// publish answers POST payroll/batches (multipart: files, month, kind, publishAt).
func (s *API) publish(c echo.Context) error {
	req := c.Request()
	req.Body = http.MaxBytesReader(c.Response(), req.Body, MaxBatchBytes)
	if err := req.ParseMultipartForm(32 << 20); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return httpx.Error(http.StatusRequestEntityTooLarge, "files", payroll.KeyTooLarge)
		}
		return httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	defer func() { _ = req.MultipartForm.RemoveAll() }()
	cmd := paycmd.Publish{Month: strings.TrimSpace(req.FormValue("month")), Kind: strings.TrimSpace(req.FormValue("kind"))}
	if v := strings.TrimSpace(req.FormValue("publishAt")); v != "" {
		d, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return httpx.Error(http.StatusBadRequest, "publishAt", domain.KeyBadDate)
		}
		cmd.PublishAt = &d
	}
	for _, fh := range req.MultipartForm.File["files"] {
		b, err := readPart(fh)
		if err != nil {
			return err
		}
		cmd.Files = append(cmd.Files, paycmd.File{Name: fh.Filename, Content: b})
	}
	id, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	res, err := s.Commands.Publish(req.Context(), s.caller(c, id), cmd)
	if err != nil {
		return err
	}
	if res.BatchID == "" && len(res.Unmatched) > 0 {
		// Nothing published: a refusal naming each file (type) and why (message).
		refused := &httpx.APIError{Status: http.StatusUnprocessableEntity}
		for _, u := range res.Unmatched {
			refused.Errors = append(refused.Errors, httpx.FieldError{Type: u.FileName, Message: u.Reason})
		}
		return refused
	}
	return c.JSON(http.StatusOK, res)
}

func readPart(fh *multipart.FileHeader) ([]byte, error) {
	f, err := fh.Open()
	if err != nil {
		return nil, httpx.Error(http.StatusBadRequest, "files", domain.KeyInvalid)
	}
	defer func() { _ = f.Close() }()
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, httpx.Error(http.StatusBadRequest, "files", domain.KeyInvalid)
	}
	return b, nil
}

// Batch is a batch as HR's list shows it.
type Batch struct {
	BatchID   uuid.UUID           `json:"batchId"`
	Month     string              `json:"month"`
	Kind      string              `json:"kind"`
	By        string              `json:"by"`
	ByName    string              `json:"byName"` // the sender's name ("" for a user since removed)
	At        time.Time           `json:"at"`
	PublishAt time.Time           `json:"publishAt"`
	Files     int                 `json:"files"`
	Unmatched []payroll.Unmatched `json:"unmatched"`
	Signed    int                 `json:"signed"`
	Pending   int                 `json:"pending"`
}

// batches answers GET payroll/batches, newest first.
func (s *API) batches(c echo.Context) error {
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]Batch, error) {
		rows, err := tx.Query(ctx, `SELECT b.id, b.month, b.kind, b.by_user, coalesce(min(u.display_name), ''), b.at, b.publish_at, b.files, b.unmatched,
    count(d.id) FILTER (WHERE d.signed_at IS NOT NULL)::int,
    count(d.id) FILTER (WHERE d.signed_at IS NULL AND d.withdrawn_at IS NULL)::int
FROM payroll_batches b LEFT JOIN payroll_documents d ON d.tenant_id = b.tenant_id AND d.batch_id = b.id
LEFT JOIN users u ON u.tenant_id = b.tenant_id AND u.id::text = b.by_user
GROUP BY b.tenant_id, b.id ORDER BY b.at DESC, b.id LIMIT 500`)
		if err != nil {
			return nil, err
		}
		out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Batch])
		if out == nil {
			out = []Batch{}
		}
		return out, err
	})
}

// BatchDocument is a document of a batch with its signature status.
type BatchDocument struct {
	DocumentID   uuid.UUID  `json:"documentId"`
	EmployeeID   uuid.UUID  `json:"employeeId"`
	EmployeeName string     `json:"employeeName"`
	FileName     string     `json:"fileName"`
	Withdrawn    bool       `json:"withdrawn"`
	SignedAt     *time.Time `json:"signedAt"`
}

// batchDocuments answers GET payroll/batches/:id/documents: who signed and who has not.
func (s *API) batchDocuments(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	out, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]BatchDocument, error) {
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM payroll_batches WHERE id = $1)`, id).Scan(&exists); err != nil || !exists {
			return nil, err
		}
		rows, err := tx.Query(ctx, `SELECT d.id, d.employee_id, coalesce(e.name, ''), d.file_name, d.withdrawn_at IS NOT NULL, d.signed_at
FROM payroll_documents d LEFT JOIN employees e ON e.tenant_id = d.tenant_id AND e.id = d.employee_id
WHERE d.batch_id = $1 ORDER BY e.name, d.id`, id)
		if err != nil {
			return nil, err
		}
		docs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[BatchDocument])
		if docs == nil {
			docs = []BatchDocument{}
		}
		return docs, err
	})
	if err != nil {
		return err
	}
	if out == nil {
		return httpx.Error(http.StatusNotFound, "id", domain.KeyNotFound)
	}
	return c.JSON(http.StatusOK, out)
}

// remind answers POST payroll/batches/:id/remind → {sent}.
func (s *API) remind(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	cmdID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	n, err := s.Commands.Remind(c.Request().Context(), s.caller(c, cmdID), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int{"sent": n})
}

type withdrawBody struct {
	Reason string `json:"reason"`
}

// withdraw answers POST payroll/documents/:id/withdraw {reason}.
func (s *API) withdraw(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	b, cmdID, err := httpx.Command(c, func(raw []byte) (withdrawBody, error) {
		var v withdrawBody
		if len(strings.TrimSpace(string(raw))) == 0 {
			return v, nil
		}
		return v, unmarshal(raw, &v)
	})
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Commands.Withdraw(c.Request().Context(), s.caller(c, cmdID), id, b.Reason))
}

// Document is one of the caller's own documents.
type Document struct {
	DocumentID     uuid.UUID  `json:"documentId"`
	Month          string     `json:"month"`
	Kind           string     `json:"kind"`
	FileName       string     `json:"fileName"`
	ContentType    string     `json:"contentType"`
	Size           int        `json:"size"`
	PublishAt      time.Time  `json:"publishAt"`
	Withdrawn      bool       `json:"withdrawn"`
	WithdrawnAt    *time.Time `json:"withdrawnAt"`
	WithdrawReason string     `json:"withdrawReason"`
	SignedAt       *time.Time `json:"signedAt"`
	CanSign        bool       `json:"canSign"`
}

// documents answers GET payroll/documents?year&kind: the caller's own published documents,
// newest month first.
func (s *API) documents(c echo.Context) error {
	cl := httpx.Claims(c)
	year, err := httpx.QueryInt(c, "year", 0, 1900, 9999) // 0: every year
	if err != nil {
		return err
	}
	kind := strings.TrimSpace(c.QueryParam("kind"))
	if kind != "" && !payroll.ValidKind(kind) {
		return httpx.Error(http.StatusBadRequest, "kind", payroll.KeyBadKind)
	}
	if cl.EmployeeID == uuid.Nil {
		return c.JSON(http.StatusOK, []Document{})
	}
	canSign := httpx.Permissions(c).Switches["assina_holerite"] == 1
	docs, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]Document, error) {
		return OwnDocuments(ctx, tx, cl.EmployeeID, year, kind, s.Now())
	})
	if err != nil {
		return err
	}
	for i := range docs {
		docs[i].CanSign = canSign && docs[i].SignedAt == nil && !docs[i].Withdrawn
	}
	return c.JSON(http.StatusOK, docs)
}

// OwnDocuments lists an employee's documents visible at now (year 0, kind "": all).
func OwnDocuments(ctx context.Context, tx pgx.Tx, employee uuid.UUID, year int, kind string, now time.Time) ([]Document, error) {
	rows, err := tx.Query(ctx, `SELECT id, month, kind, file_name, content_type, size, publish_at, withdrawn_at IS NOT NULL,
    withdrawn_at, withdraw_reason, signed_at, false
FROM payroll_documents
WHERE employee_id = $1 AND publish_at <= $2 AND ($3 = 0 OR month LIKE $3::text || '-%') AND ($4 = '' OR kind = $4)
ORDER BY month DESC, kind, id LIMIT 1000`, employee, now, year, kind)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Document])
	if out == nil {
		out = []Document{}
	}
	return out, err
}

// years answers GET payroll/years?kind: the years the caller has published documents (of kind,
// if given), newest first.
func (s *API) years(c echo.Context) error {
	cl := httpx.Claims(c)
	kind := strings.TrimSpace(c.QueryParam("kind")) // one kind's years (the income report's), or every kind's
	if kind != "" && !payroll.ValidKind(kind) {
		return httpx.Error(http.StatusBadRequest, "kind", payroll.KeyBadKind)
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]int, error) {
		rows, err := tx.Query(ctx, `SELECT DISTINCT left(month, 4)::int AS y FROM payroll_documents
WHERE employee_id = $1 AND publish_at <= $2 AND ($3 = '' OR kind = $3) ORDER BY y DESC`, cl.EmployeeID, s.Now(), kind)
		if err != nil {
			return nil, err
		}
		out, err := pgx.CollectRows(rows, pgx.RowTo[int])
		if out == nil {
			out = []int{}
		}
		return out, err
	})
}

type contentRow struct {
	Employee    uuid.UUID
	Month       string
	Kind        string
	Hash        string
	ContentType string
	PublishAt   time.Time
	Withdrawn   bool
	CPF         string
}

// content answers GET payroll/documents/:id/content (inline) and /download (the PDF
// protected with the employee's password, as an attachment). The caller's own published
// document, or any with "payroll, content"; anything else is 404, as for another tenant.
func (s *API) content(download bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := pathID(c)
		if err != nil {
			return err
		}
		cl := httpx.Claims(c)
		var row contentRow
		found := true
		err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
			err := tx.QueryRow(c.Request().Context(), `SELECT d.employee_id, d.month, d.kind, d.hash, d.content_type, d.publish_at,
    d.withdrawn_at IS NOT NULL, coalesce(e.cpf, '')
FROM payroll_documents d LEFT JOIN employees e ON e.tenant_id = d.tenant_id AND e.id = d.employee_id WHERE d.id = $1`, id).
				Scan(&row.Employee, &row.Month, &row.Kind, &row.Hash, &row.ContentType, &row.PublishAt, &row.Withdrawn, &row.CPF)
			if errors.Is(err, pgx.ErrNoRows) {
				found = false
				return nil
			}
			return err
		})
		if err != nil {
			return err
		}
		own := found && row.Employee == cl.EmployeeID && cl.EmployeeID != uuid.Nil && !row.PublishAt.After(s.Now())
		if !found || !(own || auth.Allowed(cl.Roles, cl.Tenant.String(), "payroll", "content")) {
			return httpx.Error(http.StatusNotFound, "id", domain.KeyNotFound)
		}
		if row.Withdrawn {
			return httpx.Error(http.StatusGone, "id", payroll.KeyWithdrawn)
		}
		b, err := s.Blobs.Get(c.Request().Context(), cl.Tenant.String(), row.Hash)
		if err != nil {
			return err
		}
		c.Response().Header().Set("Cache-Control", "private, no-store")
		if !download {
			c.Response().Header().Set("Content-Disposition", "inline")
			return c.Blob(http.StatusOK, row.ContentType, b)
		}
		name := row.Kind + "-" + row.Month
		if row.ContentType == "application/pdf" {
			if b, err = Protect(b, payroll.Password(row.CPF)); err != nil {
				return err
			}
			name += ".pdf"
		} else {
			name += "." + strings.TrimPrefix(row.ContentType, "image/")
		}
		c.Response().Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
		return c.Blob(http.StatusOK, row.ContentType, b)
	}
}

type signBody struct {
	Senha string `json:"senha"`
}

// Sign answers POST /api/cac-app/AssinaturaEletronica/assinar?tenid&par=<documentId>&descricao=holerite
// with body {senha} (readapi/timesheet dispatches it here) → {success, data:{documentId, signedAt, hash}}.
func (s *API) Sign(c echo.Context) error {
	b, cmdID, err := httpx.Command(c, func(raw []byte) (signBody, error) {
		var v signBody
		return v, unmarshal(raw, &v)
	})
	if err != nil {
		return err
	}
	id, err := uuid.Parse(strings.TrimSpace(c.QueryParam("par")))
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "par", domain.KeyInvalid)
	}
	res, err := s.Commands.Acknowledge(c.Request().Context(), paycmd.Acknowledge{Claims: httpx.Claims(c),
		CanSign: httpx.Permissions(c).Switches["assina_holerite"] == 1, DocumentID: id, Password: b.Senha, CommandID: cmdID})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "data": map[string]any{
		"documentId": res.DocumentID, "signedAt": res.At, "hash": res.Hash}})
}

// unmarshal reads a JSON object body; anything else is 400 body valor_invalido.
func unmarshal(raw []byte, v any) error {
	if json.Unmarshal(raw, v) != nil {
		return httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	return nil
}
