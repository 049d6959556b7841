package eventstore

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/errgroup"
)

// linksSQL reads a tenant's events as verification needs them: each stream's events together,
// in version order, with their stored hashes; %s narrows it to a range of streams. Read in
// binary and hashed here: hashing in the backend (one SHA-256 per event, ~6 µs) made
// verification a third of the plain read rate.
const linksSQL = `SELECT ` + chainCols + `, hash FROM events WHERE tenant_id = $1%s ORDER BY stream, version`

// splitSQL picks stream boundaries that split a tenant's events into shards of about the same
// size, from a sample of the table's pages ($2 percent): the split only balances the shards,
// any boundaries are correct, since a shard holds whole streams.
const splitSQL = `SELECT percentile_disc($3::float8[]) WITHIN GROUP (ORDER BY stream)
FROM events TABLESAMPLE SYSTEM ($2) WHERE tenant_id = $1 HAVING count(*) >= $4`

// A link is one event to check: sha256(previous event's stored hash || its content) must be
// its stored hash. It needs only stored hashes, so links are checked in any order, in parallel.
type link struct {
	pos, version int64
	id           [16]byte
	msg          [2]int32 // buf[msg[0]:msg[1]]: the previous link's stored hash, then the content
	hash         [2]int32 // buf[hash[0]:hash[1]]: the stored hash
	stream       [2]int32 // buf[stream[0]:stream[1]]
	reason       string   // "unchained" or "missing" (found by the reader); "": check the hash
}

// A linkBatch is a run of links and the bytes they point into.
type linkBatch struct {
	buf   []byte
	links []link
}

const (
	batchLinks = 1024
	batchBytes = 256 << 10
)

func (b *linkBatch) breakAt(l *link, reason string) *ChainBreak {
	id := uuid.UUID(l.id)
	return &ChainBreak{Position: l.pos, EventID: &id, Stream: string(b.buf[l.stream[0]:l.stream[1]]),
		Version: l.version, Reason: reason}
}

// verifyLinks counts tenant's links and streams into rep and returns the first broken link in
// log order (nil: none), as of tx's snapshot. Readers decode the rows of a few ranges of streams
// (each in its own backend, on tx's exported snapshot, so all see exactly what tx sees) while
// the other cores hash (crypto/sha256 uses the CPU's SHA extensions): reading and hashing overlap.
func (s *Postgres) verifyLinks(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, rep *ChainReport) (*ChainBreak, error) {
	workers := max(runtime.GOMAXPROCS(0), 1)
	bounds, err := splitStreams(ctx, tx, tenant, min(workers+1, 8, int(s.pool.Config().MaxConns)-1))
	if err != nil {
		return nil, err
	}
	var snapshot string
	if len(bounds) > 0 {
		if err := tx.QueryRow(ctx, `SELECT pg_export_snapshot()`).Scan(&snapshot); err != nil {
			return nil, err
		}
	}
	batches := make(chan *linkBatch, 2*workers)
	free := make(chan *linkBatch, 2*workers+2)
	firsts := make([]*ChainBreak, workers)
	g, gctx := errgroup.WithContext(ctx)
	for w := range workers {
		g.Go(func() error {
			for b := range batches {
				for i := range b.links {
					l := &b.links[i]
					if first := firsts[w]; first != nil && first.Position < l.pos {
						continue
					}
					reason := l.reason
					if reason == "" {
						sum := sha256.Sum256(b.buf[l.msg[0]:l.msg[1]])
						if !bytes.Equal(sum[:], b.buf[l.hash[0]:l.hash[1]]) {
							reason = "altered"
						}
					}
					if reason != "" {
						firsts[w] = b.breakAt(l, reason)
					}
				}
				select {
				case free <- b:
				default:
				}
			}
			return nil
		})
	}
	// Shard i reads the streams in [bounds[i-1], bounds[i]); the first and last are open.
	counts := make([]ChainReport, len(bounds)+1)
	readers, rctx := errgroup.WithContext(gctx)
	for i := range counts {
		where, args := "", []any{pgx.QueryResultFormats{pgx.BinaryFormatCode}, tenant}
		if i > 0 {
			args = append(args, bounds[i-1])
			where += fmt.Sprintf(" AND stream >= $%d", len(args)-1)
		}
		if i < len(bounds) {
			args = append(args, bounds[i])
			where += fmt.Sprintf(" AND stream < $%d", len(args)-1)
		}
		q := fmt.Sprintf(linksSQL, where)
		readers.Go(func() error {
			if i == 0 {
				return readLinks(rctx, tx, tenant, q, args, &counts[i], batches, free)
			}
			return pgx.BeginTxFunc(rctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(stx pgx.Tx) error {
				if _, err := stx.Exec(rctx, "SET TRANSACTION SNAPSHOT '"+snapshot+"'"); err != nil {
					return err
				}
				return readLinks(rctx, stx, tenant, q, args, &counts[i], batches, free)
			})
		})
	}
	g.Go(func() error {
		defer close(batches)
		return readers.Wait()
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	for _, c := range counts {
		rep.Events += c.Events
		rep.Streams += c.Streams
	}
	var first *ChainBreak
	for _, b := range firsts {
		if b != nil && (first == nil || b.Position < first.Position) {
			first = b
		}
	}
	return first, nil
}

// splitStreams returns up to shards-1 stream boundaries that split tenant's events into shards
// of about the same size, none when the tenant is too small for more than one reader. It
// samples about 1,000 of the table's pages.
func splitStreams(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, shards int) ([]string, error) {
	if shards < 2 {
		return nil, nil
	}
	var pages float64
	if err := tx.QueryRow(ctx, `SELECT pg_relation_size('events') / current_setting('block_size')::float8`).Scan(&pages); err != nil {
		return nil, err
	}
	fractions := make([]float64, shards-1)
	for i := range fractions {
		fractions[i] = float64(i+1) / float64(shards)
	}
	var bounds []*string
	err := tx.QueryRow(ctx, splitSQL, tenant, min(100, 100*1000/max(pages, 1)), fractions, 50*shards).Scan(&bounds)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, b := range bounds {
		if b != nil && (len(out) == 0 || *b != out[len(out)-1]) {
			out = append(out, *b)
		}
	}
	return out, nil
}

// readLinks reads tenant's events (query q) into batches of links, counting events and streams into rep.
func readLinks(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, q string, args []any, rep *ChainReport, out chan<- *linkBatch, free chan *linkBatch) error {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	t := [16]byte(tenant)
	var (
		prevStream, prevHash []byte
		prevVersion          int64
		b                    *linkBatch
	)
	send := func() error {
		select {
		case out <- b:
			b = nil
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	for rows.Next() {
		v := rows.RawValues()
		if len(v) != chainColCount+1 || len(v[0]) != 8 || len(v[1]) != 16 || len(v[3]) != 8 {
			return errors.New("eventstore: verify: unexpected row")
		}
		if b == nil {
			select {
			case b = <-free:
				b.buf, b.links = b.buf[:0], b.links[:0]
			default:
				b = &linkBatch{buf: make([]byte, 0, batchBytes+4096), links: make([]link, 0, batchLinks)}
			}
		}
		stream, version, hash := v[2], int64(binary.BigEndian.Uint64(v[3])), v[chainColCount]
		if rep.Events == 0 || !bytes.Equal(stream, prevStream) {
			rep.Streams++
			prevStream, prevHash, prevVersion = append(prevStream[:0], stream...), prevHash[:0], -1
		}
		rep.Events++
		l := link{pos: int64(binary.BigEndian.Uint64(v[0])), version: version, id: [16]byte(v[1])}
		switch {
		case hash == nil:
			l.reason = "unchained"
		case version != prevVersion+1:
			l.reason = "missing"
		}
		l.msg[0] = int32(len(b.buf))
		b.buf = append(b.buf, prevHash...)
		if b.buf, err = appendChainContent(b.buf, &t, v[:chainColCount]); err != nil {
			return err
		}
		l.msg[1] = int32(len(b.buf))
		b.buf = append(b.buf, hash...)
		l.hash[1] = int32(len(b.buf))
		l.hash[0] = l.msg[1]
		b.buf = append(b.buf, stream...)
		l.stream = [2]int32{l.hash[1], int32(len(b.buf))}
		b.links = append(b.links, l)
		prevHash, prevVersion = append(prevHash[:0], hash...), version
		if len(b.links) == batchLinks || len(b.buf) >= batchBytes {
			if err := send(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if b != nil && len(b.links) > 0 {
		return send()
	}
	return nil
}
