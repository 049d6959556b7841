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
		batch.Queue(`INSERT INTO projection_deferred_indexes (projection, name, definition, index_definition, attach) VALUES ($1, $2, $3, $4, $5)`,
			p.Name(), d.name, d.definition, d.index, d.attach)
	}
	for _, d := range defs {
		batch.Queue(d.drop)
	}
	return true, tx.SendBatch(ctx, &batch).Close()
}

// index is an index of a table (a primary key or unique constraint's as the constraint):
// the statements that create and drop it. A primary key or unique constraint that can be
// built in two steps (restoreIndexes) has index, which builds its unique index alone, and
// attach, which then makes that index the constraint (ADD CONSTRAINT ... USING INDEX); nil
// for the others.
type index struct {
	name, definition, drop string
	index, attach          *string
}

// indexesOf is the indexes of tables.
func indexesOf(ctx context.Context, tx pgx.Tx, tables []string) ([]index, error) {
	// USING INDEX takes a plain b-tree index of columns in their default order, which a
	// constraint's own index is, without INCLUDE columns or NULLS NOT DISTINCT, which it
	// would not carry over; a deferrable constraint keeps its one statement too.
	rows, err := tx.Query(ctx, `
SELECT i.indexrelid::regclass::text,
       CASE WHEN c.oid IS NULL THEN pg_get_indexdef(i.indexrelid)
            ELSE format('ALTER TABLE %s ADD CONSTRAINT %I %s', i.indrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) END,
       CASE WHEN c.oid IS NULL THEN format('DROP INDEX %s', i.indexrelid::regclass)
            ELSE format('ALTER TABLE %s DROP CONSTRAINT %I', i.indrelid::regclass, c.conname) END,
       CASE WHEN two THEN pg_get_indexdef(i.indexrelid) END,
       CASE WHEN two THEN format('ALTER TABLE %s ADD CONSTRAINT %I %s USING INDEX %I', i.indrelid::regclass, c.conname,
                                 CASE c.contype WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END, ic.relname) END
FROM pg_index i
JOIN pg_class ic ON ic.oid = i.indexrelid
LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x'),
LATERAL (SELECT coalesce(c.contype IN ('p', 'u') AND NOT c.condeferrable AND i.indnkeyatts = i.indnatts AND NOT i.indnullsnotdistinct, false)) AS t(two)
WHERE i.indrelid = ANY($1::text[]::regclass[])`, tables)
	if err != nil {
		return nil, err
	}
	var x index
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (index, error) {
		return x, r.Scan(&x.name, &x.definition, &x.drop, &x.index, &x.attach)
	})
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

// restoreIndexes builds the indexes DeferIndexes dropped for p, if any. A unique index that
// the rows break gets its duplicates parked (BulkLoader.duplicates), then is built.
//
// Building an index is one process's work at a time, sorting the table's rows, and a
// replay's last step: the indexes of a table are built at the same time, each on a
// connection of its own (buildBeside), which CREATE INDEX allows (its SHARE lock admits
// others). ALTER TABLE ... ADD CONSTRAINT would lock the table: a primary key or unique
// constraint is built as its unique index beside the others, then made the constraint
// (USING INDEX). For clock_marks' 200,000 rows, building its three indexes one after the
// other took 0.37-0.6 s of a replay's 2.2 s.
func restoreIndexes(ctx context.Context, pool *pgxpool.Pool, p Projection) error {
	bl, ok := p.(BulkLoader)
	if !ok {
		return nil
	}
	if err := buildBeside(ctx, pool, bl); err != nil {
		return fmt.Errorf("restore the indexes of %s: %w", p.Name(), err)
	}
	// What is left (constraints to attach or built in one statement) in one transaction.
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

// buildBeside builds those of bl's deferred indexes that CREATE INDEX builds (plain indexes,
// and the unique indexes of the constraints that have one), all at once, each in a
// transaction of its own that also takes it off projection_deferred_indexes, or, for a
// constraint, leaves there the statement that attaches it. Should the process die half-way,
// what is listed is what is left to build.
func buildBeside(ctx context.Context, pool *pgxpool.Pool, bl BulkLoader) error {
	rows, err := pool.Query(ctx, `
SELECT name, coalesce(index_definition, definition), index_definition IS NOT NULL FROM projection_deferred_indexes
WHERE projection = $1 AND (index_definition IS NOT NULL OR (attach IS NULL AND definition LIKE 'CREATE %'))`, bl.Name())
	if err != nil {
		return err
	}
	type def struct {
		name, statement string
		constraint      bool
	}
	var d def
	defs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (def, error) { return d, r.Scan(&d.name, &d.statement, &d.constraint) })
	if err != nil || len(defs) < 2 { // one is built as well in the transaction after
		return err
	}
	errs := make(chan error, len(defs))
	for _, d := range defs {
		go func() {
			errs <- pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
				done := `DELETE FROM projection_deferred_indexes WHERE projection = $1 AND name = $2`
				if d.constraint {
					done = `UPDATE projection_deferred_indexes SET definition = attach, index_definition = NULL, attach = NULL
WHERE projection = $1 AND name = $2`
				}
				if _, err := tx.Exec(ctx, done, bl.Name(), d.name); err != nil {
					return err
				}
				if err := build(ctx, tx, bl, d.statement); err != nil {
					return fmt.Errorf("index %s: %w", d.name, err)
				}
				return nil
			})
		}()
	}
	for range defs {
		if e := <-errs; err == nil {
			err = e
		}
	}
	return err
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
