package projections

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"portal/eventstore"
)

// querier is what both a pool and a transaction offer.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// xid renders a transaction id for a `$n::text::xid8` parameter (pgx has no xid8 codec).
func xid(tx uint64) string { return strconv.FormatUint(tx, 10) }

// ReadCheckpoint returns where projection name stands in the log (Start if it never ran).
func ReadCheckpoint(ctx context.Context, q querier, name string) (eventstore.Cursor, error) {
	c, _, err := cursorRow(q.QueryRow(ctx, `SELECT transaction_id::text, position FROM projection_checkpoints WHERE name = $1`, name))
	return c, err
}

// lockCheckpoint reads the checkpoint inside tx and locks its row until tx ends. The row
// lock makes two runners that briefly overlap (a takeover while the old holder still has a
// transaction in flight) take turns, and the second then sees the first one's checkpoint:
// an event is never applied twice.
func lockCheckpoint(ctx context.Context, tx pgx.Tx, name string) (eventstore.Cursor, error) {
	for {
		c, found, err := cursorRow(tx.QueryRow(ctx, `SELECT transaction_id::text, position FROM projection_checkpoints WHERE name = $1 FOR UPDATE`, name))
		if err != nil || found {
			return c, err
		}
		// First run: create the row, then lock it (a concurrent creator is fine).
		if _, err := tx.Exec(ctx, `INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, name); err != nil {
			return c, err
		}
	}
}

// advanceCheckpoint is lockCheckpoint and writeCheckpoint in one round trip: it locks the
// checkpoint's row until tx ends, moves it to c unless it is already at or after c, and
// returns where it stood before. The caller applies only the events after that, in tx, so
// the read model and the checkpoint still change together or not at all (a rollback undoes
// the move); the row lock makes a takeover wait as with lockCheckpoint.
func advanceCheckpoint(ctx context.Context, tx pgx.Tx, name string, c eventstore.Cursor) (eventstore.Cursor, error) {
	old, found, err := cursorRow(tx.QueryRow(ctx, `
WITH old AS (
    SELECT name, transaction_id, position FROM projection_checkpoints WHERE name = $1 FOR UPDATE
), moved AS (
    UPDATE projection_checkpoints cp SET transaction_id = $2::text::xid8, position = $3, updated_at = now()
    FROM old WHERE cp.name = old.name AND (old.transaction_id, old.position) < ($2::text::xid8, $3)
)
SELECT transaction_id::text, position FROM old`, name, xid(c.TxID), c.Position))
	if err != nil || found {
		return old, err
	}
	// First run: no row yet.
	if old, err = lockCheckpoint(ctx, tx, name); err != nil || atOrAfter(old, c) {
		return old, err
	}
	return old, writeCheckpoint(ctx, tx, name, c)
}

// cursorRow reads a row of (transaction_id::text, position) as a cursor: Start, not found,
// when there is no row.
func cursorRow(row pgx.Row) (c eventstore.Cursor, found bool, err error) {
	var txid string
	err = row.Scan(&txid, &c.Position)
	if errors.Is(err, pgx.ErrNoRows) {
		return eventstore.Start, false, nil
	}
	if err != nil {
		return c, false, err
	}
	c.TxID, err = strconv.ParseUint(txid, 10, 64)
	return c, err == nil, err
}

// writeCheckpoint moves the checkpoint to c inside tx.
func writeCheckpoint(ctx context.Context, q querier, name string, c eventstore.Cursor) error {
	_, err := q.Exec(ctx, `
INSERT INTO projection_checkpoints (name, transaction_id, position, updated_at)
VALUES ($1, $2::text::xid8, $3, now())
ON CONFLICT (name) DO UPDATE SET transaction_id = excluded.transaction_id, position = excluded.position, updated_at = now()`,
		name, xid(c.TxID), c.Position)
	return err
}

// checkpointFromSQL calls projection_checkpoint_from (migrations/00430) for projection name
// and a batch from first to last, as a literal statement that a BEGIN query can carry.
func checkpointFromSQL(name string, first, last eventstore.Cursor) string {
	return fmt.Sprintf("SELECT projection_checkpoint_from('%s', '%d', %d, '%d', %d)",
		strings.ReplaceAll(name, "'", "''"), first.TxID, first.Position, last.TxID, last.Position)
}

// checkpointNotBefore tells whether err is projection_checkpoint_from's refusal: the
// checkpoint does not stand before the batch, or has no row yet.
func checkpointNotBefore(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "PC430"
}

// atOrAfter tells whether checkpoint c already covers event cursor e.
func atOrAfter(c, e eventstore.Cursor) bool { return !c.Before(e) }
