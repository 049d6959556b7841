package requests

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	rq "portal/domain/request"
)

// MaxOthers bounds GET request/others.
const MaxOthers = 10

// Other is a request in the others list (docs/api.md "Request lookups": request/others).
type Other struct {
	AC4Ukey        string `json:"ac4Ukey"`
	Origem         int    `json:"origem"`
	Tipo           string `json:"tipo"`
	Titulo         string `json:"titulo"`
	Status         string `json:"status"`
	ApprovalStatus string `json:"approvalStatus"`
	DataReferencia string `json:"dataReferencia"`
	Rank           int    `json:"rank"`
}

// Others are the subject's other open requests (saved or waiting) that the viewer may see,
// besides request id, in list order (rank, newest first): what a reader of one request wants
// to know about the same person's queue. RLS keeps it to the transaction's tenant.
func Others(ctx context.Context, tx pgx.Tx, v Viewer, subjectEmployee string, id uuid.UUID) ([]Other, error) {
	rows, err := tx.Query(ctx, `SELECT id::text, origin, title, status, approval_status, reference_date::text, rank
FROM requests WHERE subject_employee_id = $4::uuid AND id <> $5 AND status IN ('draft', 'waiting') AND `+visibleSQL+`
ORDER BY rank, created_at DESC, id LIMIT $6`, v.UserID, v.EmployeeID, v.Roles, subjectEmployee, id, MaxOthers)
	if err != nil {
		return nil, err
	}
	var o Other
	out := []Other{}
	_, err = pgx.ForEachRow(rows, []any{&o.AC4Ukey, &o.Origem, &o.Titulo, &o.Status, &o.ApprovalStatus, &o.DataReferencia, &o.Rank}, func() error {
		t, _ := rq.Lookup(rq.Origin(o.Origem))
		o.Tipo = t.Code
		out = append(out, o)
		return nil
	})
	return out, err
}
