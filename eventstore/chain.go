package eventstore

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/errgroup"
)

// ChainReport is the outcome of verifying a tenant's hash chains (migrations/00120).
type ChainReport struct {
	Tenant  uuid.UUID   `json:"tenant"`
	Events  int64       `json:"events"`  // events checked
	Streams int64       `json:"streams"` // chains checked: one per stream
	Broken  *ChainBreak `json:"broken"`  // the first link that does not hold (in log order); nil: intact
	Elapsed string      `json:"elapsed"`
}

// ChainBreak is a link that does not hold.
type ChainBreak struct {
	Position int64      `json:"position"` // 0 for a removed tail
	EventID  *uuid.UUID `json:"eventId"`  // nil for a removed tail
	Stream   string     `json:"stream"`
	Version  int64      `json:"version"`
	// Reason: "altered" (content or hash changed), "missing" (events before this one were
	// removed), "missing_tail" (the stream's last verified event is gone or changed),
	// "unchained" (no hash).
	Reason string `json:"reason"`
}

// linksSQL recomputes every link of a tenant's chains (or of one stream) in one pass over the
// stream index: each event with the previous version and the hash it should have.
const linksSQL = `
SELECT position, id, stream, version, CASE
        WHEN hash IS NULL THEN 'unchained'
        WHEN version <> coalesce(prev_version, -1) + 1 THEN 'missing'
        WHEN hash <> want THEN 'altered' END AS reason,
    prev_version IS NULL AS first
FROM (
    SELECT position, id, stream, version, hash,
           lag(version) OVER w AS prev_version,
           sha256(coalesce(lag(hash) OVER w, '\x'::bytea) || event_chain_content(position, id, tenant_id,
               stream, version, type, schema_version, actor, correlation_id, causation_id, command_id,
               recorded_at, data)) AS want
    FROM events WHERE tenant_id = $1 AND ($2::text IS NULL OR stream = $2)
    WINDOW w AS (PARTITION BY stream ORDER BY version)
) links`

// verifySQL counts the links and streams and finds the first broken link in log order.
const verifySQL = `
SELECT count(*), count(*) FILTER (WHERE first), min(position) FILTER (WHERE reason IS NOT NULL)
FROM (` + linksSQL + `) l`

// shardSQL is verifySQL over the streams of one shard ($4 of $3, by the stream's hash): shards
// are verified side by side, each in its own backend, since a chain is a stream's alone.
var shardSQL = strings.Replace(verifySQL, "($2::text IS NULL OR stream = $2)",
	"($2::text IS NULL OR stream = $2) AND (hashtext(stream) & 2147483647) % $3 = $4", 1)

// breakSQL tells why the link at position $3 of stream $2 is broken.
const breakSQL = `SELECT id, version, reason FROM (` + linksSQL + `) l WHERE position = $3`

// missingTailSQL finds a stream whose last verified link is gone or changed.
const missingTailSQL = `
SELECT a.stream, a.version FROM event_chain_anchors a
LEFT JOIN events e ON e.tenant_id = a.tenant_id AND e.stream = a.stream AND e.version = a.version
WHERE a.tenant_id = $1 AND e.hash IS DISTINCT FROM a.hash
ORDER BY a.verified_at, a.stream LIMIT 1`

// anchorSQL records each stream's last link once the chains are found intact.
const anchorSQL = `
INSERT INTO event_chain_anchors (tenant_id, stream, version, hash)
SELECT DISTINCT ON (stream) tenant_id, stream, version, hash FROM events
WHERE tenant_id = $1 ORDER BY stream, version DESC
ON CONFLICT (tenant_id, stream) DO UPDATE SET version = EXCLUDED.version, hash = EXCLUDED.hash, verified_at = now()`

// VerifyChain recomputes every hash chain of tenant from its first event and reports the
// first broken link. When every link holds, each stream's last link is anchored, so a later
// removal of the stream's tail is caught by the next verification.
func (s *Postgres) VerifyChain(ctx context.Context, tenant uuid.UUID) (ChainReport, error) {
	start := time.Now()
	rep := ChainReport{Tenant: tenant}
	// One snapshot: what is anchored is exactly what was verified.
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		first, err := s.verifyLinks(ctx, tx, tenant, &rep)
		if err != nil {
			return err
		}
		if first != nil {
			b := ChainBreak{Position: *first}
			if err := tx.QueryRow(ctx, `SELECT stream FROM events WHERE position = $1`, *first).Scan(&b.Stream); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, breakSQL, tenant, b.Stream, *first).Scan(&b.EventID, &b.Version, &b.Reason); err != nil {
				return err
			}
			rep.Broken = &b
			return nil
		}
		var b ChainBreak
		err = tx.QueryRow(ctx, missingTailSQL, tenant).Scan(&b.Stream, &b.Version)
		if err == nil {
			b.Reason = "missing_tail"
			rep.Broken = &b
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		_, err = tx.Exec(ctx, anchorSQL, tenant)
		return err
	})
	rep.Elapsed = time.Since(start).Round(time.Millisecond).String()
	return rep, err
}

// verifyLinks counts tenant's links and streams into rep and returns the first broken link's
// position (nil: none), as of tx's snapshot. Hashing is the cost (one SHA-256 per event in a
// backend): with connections to spare, the streams are split into shards verified in parallel,
// each in a transaction on tx's exported snapshot, so they see exactly what tx sees.
func (s *Postgres) verifyLinks(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, rep *ChainReport) (*int64, error) {
	shards := min(max(runtime.GOMAXPROCS(0), 2), 8, int(s.pool.Config().MaxConns)-1)
	if shards < 2 {
		var first *int64
		err := tx.QueryRow(ctx, verifySQL, tenant, nil).Scan(&rep.Events, &rep.Streams, &first)
		return first, err
	}
	var snapshot string
	if err := tx.QueryRow(ctx, `SELECT pg_export_snapshot()`).Scan(&snapshot); err != nil {
		return nil, err
	}
	type result struct {
		events, streams int64
		first           *int64
	}
	results := make([]result, shards)
	g, gctx := errgroup.WithContext(ctx)
	for i := range shards {
		g.Go(func() error {
			return pgx.BeginTxFunc(gctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(stx pgx.Tx) error {
				if _, err := stx.Exec(gctx, "SET TRANSACTION SNAPSHOT "+quoteLiteral(snapshot)); err != nil {
					return err
				}
				r := &results[i]
				return stx.QueryRow(gctx, shardSQL, tenant, nil, shards, i).Scan(&r.events, &r.streams, &r.first)
			})
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var first *int64
	for _, r := range results {
		rep.Events += r.events
		rep.Streams += r.streams
		if r.first != nil && (first == nil || *r.first < *first) {
			first = r.first
		}
	}
	return first, nil
}

// quoteLiteral quotes a snapshot id (hex digits and dashes, from the server) as SQL text:
// SET TRANSACTION SNAPSHOT takes no parameters.
func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
