package rep

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Receipt is what a punch receipt (comprovante de registro de ponto do trabalhador) shows
// (Portaria 671, art. 79 for the REP-P): the employer's name and CNPJ, the place, the
// employee's name and CPF, the date and time of the mark, its NSR and its record's hash.
type Receipt struct {
	MarkID       string    `json:"markId"`
	NSR          int64     `json:"nsr"`
	MarkedAt     time.Time `json:"markedAt"`
	Hash         string    `json:"hash"`
	EmployerName string    `json:"employerName"`
	CNPJ         string    `json:"cnpj"`
	Place        string    `json:"place"`
	EmployeeName string    `json:"employeeName"`
	CPF          string    `json:"cpf"`
	Zone         string    `json:"-"`
}

// The CPF is the one the record holds (035-046, 12 digits): an employee's CPF altered later
// (record 5) does not change the receipts of their earlier marks.
const receiptSQL = `SELECT r.mark_id, r.nsr, r.marked_at, r.hash, est.name, r.cnpj, est.place, coalesce(e.name, ''),
    right(substr(r.fields, 35, 12), 11), est.time_zone
FROM rep_records r
JOIN rep_establishments est ON est.tenant_id = r.tenant_id
LEFT JOIN employees e ON e.tenant_id = r.tenant_id AND e.id = r.employee_id
WHERE r.tenant_id = app_tenant() AND r.employee_id = $1 AND r.afd_kind = '7' `

// Receipts returns the employee's newest receipts, newest first (tx is a tenant transaction).
func Receipts(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]Receipt, error) {
	rows, err := tx.Query(ctx, receiptSQL+`ORDER BY r.nsr DESC LIMIT $2`, employee, limit)
	if err != nil {
		return nil, err
	}
	out := []Receipt{}
	var r Receipt
	_, err = pgx.ForEachRow(rows, []any{&r.MarkID, &r.NSR, &r.MarkedAt, &r.Hash, &r.EmployerName, &r.CNPJ, &r.Place,
		&r.EmployeeName, &r.CPF, &r.Zone}, func() error {
		out = append(out, r)
		return nil
	})
	return out, err
}

// ErrNoReceipt means the employee has no record of that mark.
var ErrNoReceipt = errors.New("rep: no such receipt")

// ReceiptOf returns the receipt of the employee's mark.
func ReceiptOf(ctx context.Context, tx pgx.Tx, employee uuid.UUID, markID string) (Receipt, error) {
	var r Receipt
	err := tx.QueryRow(ctx, receiptSQL+`AND r.mark_id = $2`, employee, markID).Scan(&r.MarkID, &r.NSR, &r.MarkedAt, &r.Hash,
		&r.EmployerName, &r.CNPJ, &r.Place, &r.EmployeeName, &r.CPF, &r.Zone)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, ErrNoReceipt
	}
	return r, err
}
