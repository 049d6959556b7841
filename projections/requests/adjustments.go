package requests

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	rq "portal/domain/request"
)

// Punch-adjustment requests as the approval screens and the day view list them. They are
// requests of origin AjustePonto (spec portal-business §3), read from the requests read model
// (requests.go) with the adjustment decoded from the request's payload; there is
// no read model of their own.

// Adjustments is the read side of punch-adjustment requests.
type Adjustments struct{}

// AdjustmentRow is one adjustment request.
type AdjustmentRow struct {
	Adjustment clock.Adjustment
	Doc        Doc
	Status     string
	Designated *uuid.UUID // the approver the waiting step is locked to
	Role       *string    // who may decide the waiting step when nobody is designated
	Deciders   []uuid.UUID
	// MarkWas is the time of the mark to correct as it is in the read model now (corrigir).
	MarkWas *time.Time
}

// AdjustmentScope is whose list: a manager's (steps locked to them, requests they decided)
// or HR's (every adjustment of the tenant).
type AdjustmentScope struct {
	User  uuid.UUID
	Roles []string
	HR    bool
}

// maxAdjustmentRows bounds a list (adjustments are few; the screens show them all).
const maxAdjustmentRows = 200

const selectAdjustments = `
SELECT r.state->'Payload', r.doc, r.status, r.step_designated, r.step_role, r.deciders,
       (SELECT coalesce(m.original_at, m.recorded_at) FROM clock_marks m
        WHERE m.tenant_id = r.tenant_id AND m.employee_id = r.subject_employee_id
          AND m.id::text = convert_from(decode(r.state->>'Payload', 'base64'), 'UTF8')::jsonb->>'marcacaoId')
FROM requests r
WHERE r.tenant_id = app_tenant() AND r.origin = 12 AND r.status <> 'removed' AND r.status <> 'draft'`

// List returns the adjustment requests of filter (waiting, approved, rejected, all) in scope,
// newest first. kinds keeps only those kinds (empty: all).
func (Adjustments) List(ctx context.Context, tx pgx.Tx, s AdjustmentScope, filter string, kinds []clock.AdjustmentKind) ([]AdjustmentRow, error) {
	mine := `(r.status = 'waiting' AND (r.step_designated = $1 OR (r.step_designated IS NULL AND r.step_role = ANY($2))))`
	decided := `$1 = ANY(r.deciders)`
	var cond string
	switch {
	case s.HR && filter == "waiting":
		cond = `r.status = 'waiting'`
	case s.HR && filter == "approved":
		cond = `r.status = 'approved'`
	case s.HR && filter == "rejected":
		cond = `r.status = 'rejected'`
	case s.HR:
		cond = `true`
	case filter == "waiting":
		cond = mine
	case filter == "approved":
		cond = decided + ` AND r.status <> 'rejected'`
	case filter == "rejected":
		cond = decided + ` AND r.status = 'rejected'`
	default:
		cond = mine + ` OR ` + decided
	}
	// $1 and $2 are typed once for the conditions that do not use them.
	rows, err := tx.Query(ctx, selectAdjustments+` AND ($1::uuid IS NOT NULL) AND ($2::text[] IS NOT NULL) AND (`+cond+`)
ORDER BY r.updated_at DESC LIMIT `+strconv.Itoa(maxAdjustmentRows), s.User, s.Roles)
	if err != nil {
		return nil, err
	}
	list, err := collectAdjustments(rows)
	if err != nil || len(kinds) == 0 {
		return list, err
	}
	return slices.DeleteFunc(list, func(a AdjustmentRow) bool { return !slices.Contains(kinds, a.Adjustment.Kind) }), nil
}

// Origin is the origin of a request (pgx.ErrNoRows when the tenant has none of that id).
func (Adjustments) Origin(ctx context.Context, tx pgx.Tx, request uuid.UUID) (rq.Origin, error) {
	var origin rq.Origin
	err := tx.QueryRow(ctx, `SELECT origin FROM requests WHERE tenant_id = app_tenant() AND id = $1`, request).Scan(&origin)
	return origin, err
}

// OfDay returns an employee's adjustment requests for a local day, newest first.
func (Adjustments) OfDay(ctx context.Context, tx pgx.Tx, employee uuid.UUID, day string) ([]AdjustmentRow, error) {
	rows, err := tx.Query(ctx, selectAdjustments+` AND r.subject_employee_id = $1 AND r.reference_date = $2::date
ORDER BY r.created_at DESC LIMIT `+strconv.Itoa(maxAdjustmentRows), employee, day)
	if err != nil {
		return nil, err
	}
	return collectAdjustments(rows)
}

func collectAdjustments(rows pgx.Rows) ([]AdjustmentRow, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (AdjustmentRow, error) {
		var (
			a                     AdjustmentRow
			payload, doc, decoded []byte
		)
		if err := r.Scan(&payload, &doc, &a.Status, &a.Designated, &a.Role, &a.Deciders, &a.MarkWas); err != nil {
			return a, err
		}
		if err := json.Unmarshal(payload, &decoded); err != nil { // []byte is stored as base64
			return a, err
		}
		adj, err := clock.ParseAdjustment(decoded)
		if err != nil {
			return a, err
		}
		if err := json.Unmarshal(doc, &a.Doc); err != nil {
			return a, err
		}
		a.Adjustment = adj
		return a, nil
	})
}

// MayDecide tells whether the scope's user may decide the waiting step of a row (without the
// absence rule, which the decision itself checks: spec §4).
func (a AdjustmentRow) MayDecide(s AdjustmentScope) bool {
	if a.Status != string(rq.StatusWaiting) {
		return false
	}
	if a.Designated != nil {
		return *a.Designated == s.User
	}
	return a.Role != nil && slices.Contains(s.Roles, *a.Role)
}
