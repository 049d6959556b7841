package projections

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A replay writes a read model into tables it has just emptied, and keeping their indexes up
// to date row by row costs more than writing the rows. For instance, 200,000 marks are
// copied into clock_marks in 740–840 ms with its two indexes, and in 180–230 ms without them.
// Building the two afterwards takes about 100 ms each.
//
// So the replay of a BulkLoader drops the indexes of its bulk tables at its reset. Their
// definitions go into projection_deferred_indexes in the same transaction. restoreIndexes
// builds them again:
//   - before the first batch that is not bulk (one that reads or changes rows already
//     written, such as a punch adjustment);
//   - when the replay ends, whether it finished or failed;
//   - should the replay's process die, when the projection's next runner takes its lock, or
//     at the end of the next replay (its reset keeps the definitions it finds).

// BulkLoader is a projection whose replay may write its bulk tables before their indexes.
type BulkLoader interface {
	Projection
	// BulkTables are the tables whose indexes a replay builds after their rows.
	BulkTables() []string
	// duplicates deletes the rows that break a unique index of a bulk table, all but the one
	// the earliest event wrote for each key, and returns the log positions of the events
	// whose rows it deleted. Those events are parked, as a replay that kept its indexes would
	// have parked them.
	Duplicates(ctx context.Context, tx pgx.Tx) ([]int64, error)
}

// BulkBatch is a prepared batch that can say it only adds rows to its projection's bulk
// tables, so that it needs none of their indexes.
type BulkBatch interface {
	Bulk() bool
}

// isBulk tells whether b can be applied while the bulk tables' indexes are deferred.
func isBulk(b batch) bool {
	bb, ok := b.prepared.(BulkBatch)
	return ok && bb.Bulk()
}

// DeferIndexes drops the indexes of p's bulk tables, in tx, keeping their definitions. It
// returns whether p is a BulkLoader. Definitions an earlier replay left (its process died)
// are kept as they are.
func DeferIndexes(ctx context.Context, tx pgx.Tx, p Projection) (bool, error) {
	bl, ok := p.(BulkLoader)
	if !ok {
		return false, nil
	}
	defs, err := indexesOf(ctx, tx, bl.BulkTables())
	if err != nil {
		return true, err
	}
	var batch pgx.Batch
	for _, d := range defs {
		batch.Queue(`INSERT INTO projection_deferred_indexes (projection, name, definition) VALUES ($1, $2, $3)`, p.Name(), d.name, d.definition)
	}
	for _, d := range defs {
		batch.Queue(d.drop)
	}
	return true, tx.SendBatch(ctx, &batch).Close()
}

// index is an index of a table (a primary key or unique constraint's as the constraint):
// the statements that create and drop it.
type index struct{ name, definition, drop string }

// indexesOf is the indexes of tables.
func indexesOf(ctx context.Context, tx pgx.Tx, tables []string) ([]index, error) {
	rows, err := tx.Query(ctx, `
SELECT i.indexrelid::regclass::text,
       CASE WHEN c.oid IS NULL THEN pg_get_indexdef(i.indexrelid)
            ELSE format('ALTER TABLE %s ADD CONSTRAINT %I %s', i.indrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) END,
       CASE WHEN c.oid IS NULL THEN format('DROP INDEX %s', i.indexrelid::regclass)
            ELSE format('ALTER TABLE %s DROP CONSTRAINT %I', i.indrelid::regclass, c.conname) END
FROM pg_index i
LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x')
WHERE i.indrelid = ANY($1::text[]::regclass[])`, tables)
	if err != nil {
		return nil, err
	}
	var x index
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (index, error) { return x, r.Scan(&x.name, &x.definition, &x.drop) })
}

// BuildAfter runs fill, which writes rows into tables, with the tables' indexes dropped
// and built again after it, all in tx: for tables that fill empties or finds empty,
// building an index once after the rows costs less than keeping it up to date row by row.
// The transaction holds the tables' ACCESS EXCLUSIVE lock from the drop to its end:
// readers wait for the rows instead of seeing none. A unique index that the rows break
// fails as the rows themselves would have.
func BuildAfter(ctx context.Context, tx pgx.Tx, tables []string, fill func() error) error {
	defs, err := indexesOf(ctx, tx, tables)
	if err != nil {
		return err
	}
	var drop pgx.Batch
	for _, d := range defs {
		drop.Queue(d.drop)
	}
	if err := tx.SendBatch(ctx, &drop).Close(); err != nil {
		return err
	}
	if err := fill(); err != nil {
		return err
	}
	for _, d := range defs {
		if _, err := tx.Exec(ctx, d.definition); err != nil {
			return fmt.Errorf("index %s: %w", d.name, err)
		}
	}
	return nil
}

// restoreIndexes builds the indexes DeferIndexes dropped for p, if any, in one transaction.
// A unique index that the rows break gets its duplicates parked (BulkLoader.duplicates), then
// is built.
func restoreIndexes(ctx context.Context, pool *pgxpool.Pool, p Projection) error {
	bl, ok := p.(BulkLoader)
	if !ok {
		return nil
	}
	err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `DELETE FROM projection_deferred_indexes WHERE projection = $1 RETURNING name, definition`, p.Name())
		if err != nil {
			return err
		}
		var name, definition string
		var defs [][2]string
		if _, err := pgx.ForEachRow(rows, []any{&name, &definition}, func() error {
			defs = append(defs, [2]string{name, definition})
			return nil
		}); err != nil {
			return err
		}
		for _, d := range defs {
			if err := build(ctx, tx, bl, d[1]); err != nil {
				return fmt.Errorf("index %s: %w", d[0], err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("restore the indexes of %s: %w", p.Name(), err)
	}
	return nil
}

// build runs definition in tx; if a unique index fails on duplicate rows, it parks them and
// runs it again.
func build(ctx context.Context, tx pgx.Tx, bl BulkLoader, definition string) error {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err = sp.Exec(ctx, definition); err == nil {
		return sp.Commit(ctx)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" { // not a unique violation
		return err
	}
	if err := sp.Rollback(ctx); err != nil {
		return err
	}
	positions, err := bl.Duplicates(ctx, tx)
	if err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT position, id, type FROM events WHERE position = ANY($1) ORDER BY position`, positions)
	if err != nil {
		return err
	}
	var parked []ParkedEvent
	var e ParkedEvent
	if _, err := pgx.ForEachRow(rows, []any{&e.Position, &e.EventID, &e.Type}, func() error {
		parked = append(parked, e)
		return nil
	}); err != nil {
		return err
	}
	for _, e := range parked {
		if err := insertParked(ctx, tx, bl.Name(), e.Position, e.EventID, e.Type, pgErr); err != nil {
			return err
		}
	}
	_, err = tx.Exec(ctx, definition)
	return err
}
