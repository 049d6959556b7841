package commands

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/vacation"
	"portal/eventstore"
)

// OpenEntitlements opens the vacation entitlement of every employee of the tenant that has
// none yet, at the hire date (the seed calls it; commands open a missing one themselves).
// Each opening has a fixed id, so running it again appends nothing twice.
func OpenEntitlements(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, tenant uuid.UUID) (opened int, err error) {
	defer wrap(&err, "OpenEntitlements(%s)", tenant)
	rows, err := pool.Query(ctx, `SELECT id, hire_date FROM employees WHERE tenant_id = $1 ORDER BY id`, tenant)
	if err != nil {
		return 0, err
	}
	type hire struct {
		id    uuid.UUID
		hired time.Time
	}
	hires, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (hire, error) {
		var h hire
		return h, r.Scan(&h.id, &h.hired)
	})
	if err != nil {
		return 0, err
	}
	for _, h := range hires {
		stream := VacationStream(h.id)
		id := DeriveID(tenant, stream, "open", "event/0")
		data, err := EncodeVacation(id, vacation.Opened{UserID: h.id.String(), Hired: vacation.DayOf(h.hired)})
		if err != nil {
			return opened, err
		}
		meta := eventstore.Meta{Tenant: tenant, Actor: "system", CorrelationID: id, CausationID: id, CommandID: "open"}
		res, err := store.Append(ctx, meta, stream, eventstore.NoStream, data)
		if errors.Is(err, eventstore.ErrConcurrency) {
			continue // already opened (by an earlier run or a command)
		}
		if err != nil {
			return opened, err
		}
		if !res.Duplicate {
			opened++
		}
	}
	return opened, nil
}
