package vacation

import (
	"context"
	"errors"
	"github.com/google/uuid"
	"portal/domain"
	rq "portal/domain/request"
	"portal/domain/vacation"
	"portal/eventstore"
	"time"
)

// MirrorRequestRuling records on the employee's entitlement what the requests area decided
// on a leave's request (the process manager calls it): a step approved (final or not) or
// rejected, or the request removed before any decision. It is idempotent: a ruling already
// recorded (the step moved on, the leave decided) changes nothing.
func MirrorRequestRuling(ctx context.Context, store eventstore.Store, now func() time.Time, tenant, employee uuid.UUID,
	leaveID, eventID string, kind string, step int, by, comment string) error {
	actor, err := uuid.Parse(by)
	if err != nil {
		actor = employee
	}
	_, err = decideEntitlement(ctx, store, now, entitlementCommand{"ruling/" + eventID, tenant, actor, employee}, false,
		func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) {
			switch kind {
			case rq.TypeStepApproved, rq.TypeStepRejected:
				return e.DecideStep(vacation.StepDecision{ID: leaveID, Step: step, Approve: kind == rq.TypeStepApproved, By: by, Comment: comment, Now: at})
			case rq.TypeDecisionUndone:
				return e.UndoStep(leaveID, step, by, at)
			case rq.TypeRemoved:
				return e.Cancel(leaveID, at)
			}
			return nil, nil
		})
	var de *domain.Error
	if errors.As(err, &de) && (de.Kind == domain.Conflict || de.Kind == domain.NotFound || de.Kind == domain.Refused) {
		return nil // already mirrored, or nothing to mirror
	}
	return err
}
