package vacation

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands"
	"portal/domain/vacation"
	"portal/eventstore"
)

// OpenEntitlements opens the vacation entitlement of every employee of the tenant that has
// none yet, at the hire date (the seed calls it; commands open a missing one themselves).
// The openings are appended all together (AppendStreams: the seed must stay fast); each has
// a fixed id and expects a new stream, so running it again, or beside a command that opened
// one meanwhile, fails the append on that stream and is simply run again.
func OpenEntitlements(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, tenant uuid.UUID) (opened int, err error) {
	defer commands.Wrap(&err, "OpenEntitlements(%s)", tenant)
	err = commands.WithRetry(func() error {
		opened = 0
		rows, err := pool.Query(ctx, `SELECT e.id, e.hire_date FROM employees e WHERE e.tenant_id = $1 ORDER BY e.id`, tenant)
		if err != nil {
			return err
		}
		type hire struct {
			id    uuid.UUID
			hired time.Time
		}
		all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (hire, error) {
			var h hire
			return h, r.Scan(&h.id, &h.hired)
		})
		if err != nil {
			return err
		}
		// The streams are named in Go (VacationStream), not rebuilt in SQL: the employees
		// whose stream exists already are left out.
		streams := make([]string, len(all))
		for i, h := range all {
			streams[i] = vacation.Stream(h.id)
		}
		rows, err = pool.Query(ctx, `SELECT DISTINCT stream FROM events WHERE tenant_id = $1 AND stream = ANY($2)`, tenant, streams)
		if err != nil {
			return err
		}
		have, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		exists := make(map[string]bool, len(have))
		for _, s := range have {
			exists[s] = true
		}
		var hires []hire
		for i, h := range all {
			if !exists[streams[i]] {
				hires = append(hires, h)
			}
		}
		if len(hires) == 0 {
			return nil
		}
		parts := make([]eventstore.StreamAppend, len(hires))
		for i, h := range hires {
			stream := vacation.Stream(h.id)
			id := commands.DeriveID(tenant, stream, "open", "event/0")
			data, err := EncodeVacation(id, vacation.Opened{UserID: h.id.String(), Hired: vacation.DayOf(h.hired)})
			if err != nil {
				return err
			}
			meta := eventstore.Meta{Tenant: tenant, Actor: "system", CorrelationID: id, CausationID: id, CommandID: "open"}
			parts[i] = eventstore.StreamAppend{Meta: meta, Stream: stream, Expected: eventstore.NoStream, Events: []eventstore.EventData{data}}
		}
		// A stream opened meanwhile is ErrConcurrency: list again.
		res, err := store.AppendStreams(ctx, parts...)
		if err == nil && !res[0].Duplicate {
			opened = len(parts)
		}
		return err
	})
	return opened, err
}
