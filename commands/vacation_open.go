package commands

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/vacation"
	"portal/eventstore"
)

// OpenEntitlements opens the vacation entitlement of every employee of the tenant that has
// none yet, at the hire date (the seed calls it; commands open a missing one themselves).
// The openings are appended in one transaction (the seed must stay fast); each has a fixed
// id and expects a new stream, so running it again, or beside a command that opened one
// meanwhile, fails the transaction on that stream and is simply run again.
func OpenEntitlements(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, tenant uuid.UUID) (opened int, err error) {
	defer wrap(&err, "OpenEntitlements(%s)", tenant)
	_ = store // the appends go through one transaction of the pool; readers are woken below
	err = withRetry(func() error {
		opened = 0
		rows, err := pool.Query(ctx, `
SELECT e.id, e.hire_date FROM employees e
WHERE e.tenant_id = $1
  AND NOT EXISTS (SELECT FROM events v WHERE v.tenant_id = e.tenant_id AND v.stream = 'vacation-' || e.id::text)
ORDER BY e.id`, tenant)
		if err != nil {
			return err
		}
		type hire struct {
			id    uuid.UUID
			hired time.Time
		}
		hires, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (hire, error) {
			var h hire
			return h, r.Scan(&h.id, &h.hired)
		})
		if err != nil || len(hires) == 0 {
			return err
		}
		err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			for _, h := range hires {
				stream := VacationStream(h.id)
				id := DeriveID(tenant, stream, "open", "event/0")
				data, err := EncodeVacation(id, vacation.Opened{UserID: h.id.String(), Hired: vacation.DayOf(h.hired)})
				if err != nil {
					return err
				}
				meta := eventstore.Meta{Tenant: tenant, Actor: "system", CorrelationID: id, CausationID: id, CommandID: "open"}
				if err := eventstore.AppendTx(ctx, tx, meta, stream, eventstore.NoStream, data); err != nil {
					return err
				}
				opened++
			}
			// AppendTx does not wake the readers; the store's listener does on this notice.
			_, err := tx.Exec(ctx, `SELECT pg_notify('events', 'vacation')`)
			return err
		})
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return eventstore.ErrConcurrency // a stream was opened meanwhile: list again
		}
		return err
	})
	return opened, err
}
