// Package process holds process managers: handlers fed by the event log like projections,
// which turn what happened in one area into commands of another.
package process

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands/vacation"
	rq "portal/domain/request"
	"portal/eventstore"
	"portal/projections"
)

// VacationRulings mirrors the decisions on requests of origin Ferias (10) onto the vacation
// entitlements (issue 5: a vacation request goes through the requests area's approval chain;
// when a step is approved or rejected there, record it on the entitlement). It runs in the
// projections Runner with its own checkpoint: request.created.v1 of origin Ferias stores the
// link request → (employee, leave) from the payload (table vacation_request_links, in the
// same transaction as the checkpoint); step approvals, rejections, undone decisions and
// removals append the
// matching vacation event through commands/vacation.MirrorRequestRuling, whose command id is derived
// from the request event, so a redelivered event appends nothing twice.
type VacationRulings struct {
	store eventstore.Store
	now   func() time.Time
}

var _ projections.Projection = (*VacationRulings)(nil)

// NewVacationRulings needs the store (to append to the entitlements) and the clock.
func NewVacationRulings(store eventstore.Store, now func() time.Time) (*VacationRulings, error) {
	if store == nil || now == nil {
		return nil, errors.New("process.NewVacationRulings: nil dependency")
	}
	return &VacationRulings{store: store, now: now}, nil
}

// Name implements projections.Projection.
func (*VacationRulings) Name() string { return "vacation-rulings" }

// Areas implements projections.Selective.
func (*VacationRulings) Areas() []string { return []string{"request."} }

// Reset implements projections.Projection. The links are rebuilt by a replay; the mirrored
// vacation events stay (they are history) and a replay finds them already recorded.
func (*VacationRulings) Reset(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `TRUNCATE vacation_request_links`)
	return err
}

type requestEvent struct {
	Origin  int    `json:"origin"`
	Payload []byte `json:"payload"` // base64 in the stored JSON, as []byte marshals
	Step    int    `json:"step"`
	Comment string `json:"comment"`
	Actor   struct {
		ID string `json:"id"`
	} `json:"actor"`
}

// Apply implements projections.Projection.
func (p *VacationRulings) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	for _, e := range events {
		switch e.Type {
		case rq.TypeCreated, rq.TypeStepApproved, rq.TypeStepRejected, rq.TypeDecisionUndone, rq.TypeRemoved:
		default:
			continue
		}
		var d requestEvent
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
		}
		requestID, _ := rq.StreamID(e.Stream)
		if e.Type == rq.TypeCreated {
			if d.Origin != int(rq.Ferias) {
				continue
			}
			var pl VacationPayload
			if err := json.Unmarshal(d.Payload, &pl); err != nil || pl.LeaveID == "" {
				continue // a vacation request filed by hand, not for a leave: nothing to mirror
			}
			if _, err := tx.Exec(ctx, `INSERT INTO vacation_request_links (tenant_id, request_id, employee_id, leave_id)
VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, e.Tenant, requestID, pl.M01Ukey, pl.LeaveID); err != nil {
				return err
			}
			continue
		}
		var employee uuid.UUID
		var leave string
		err := tx.QueryRow(ctx, `SELECT employee_id, leave_id::text FROM vacation_request_links WHERE tenant_id = $1 AND request_id = $2`,
			e.Tenant, requestID).Scan(&employee, &leave)
		if errors.Is(err, pgx.ErrNoRows) {
			continue // not a leave's request
		}
		if err != nil {
			return err
		}
		if err := vacation.MirrorRequestRuling(ctx, p.store, p.now, e.Tenant, employee, leave, e.ID.String(), e.Type,
			d.Step, d.Actor.ID, d.Comment); err != nil {
			return fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
		}
	}
	return nil
}
