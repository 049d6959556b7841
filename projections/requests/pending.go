package requests

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// OwnPending counts the employee's requests that wait on the employee (the home banner's
// "requests" item, spec portal-business §2): drafts not yet sent, and deliveries made
// (fully or partly) whose receipt the requester has still to confirm (§4 Delivery).
func OwnPending(ctx context.Context, tx pgx.Tx, employee uuid.UUID) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT count(*) FROM requests WHERE tenant_id = app_tenant() AND subject_employee_id = $1
  AND (status = 'draft' OR delivery_status IN ('delivered', 'partially_delivered'))`, employee).Scan(&n)
	return n, err
}
