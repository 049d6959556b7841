package eventstore

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"runtime"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"
)

// linksSQL reads a tenant's events as verification needs them, in binary, with their stored
// hashes, in no order: the cheapest read there is (a sequential scan, as a plain read of the
// events). Asked in (stream, version) order, the read cost three times as much (an index walk
// or a sort); the chains are put back in order here (readLinks). Hashing here too: in the
// backend (one SHA-256 per event, ~6 µs) it made verification a third of the plain read rate.
const linksSQL = `SELECT ` + chainCols + `, hash FROM events WHERE tenant_id = $1`

// linksPartSQL is linksSQL for one of $2 readers ($3: which): each reads whole streams, those
// whose name hashes to it, so each reader links its streams' chains on its own. The reading,
// not the hashing, bounds verification (the backend sending each row): with several readers,
// each on its own connection in the same snapshot, the server sends rows on several cores.
const linksPartSQL = linksSQL + ` AND (hashtext(stream) & 2147483647) % $2 = $3`

// maxChainReaders bounds the connections one verification reads on.
const maxChainReaders = 2

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
// log order (nil: none), as of tx's snapshot. One reader decodes the rows while the other
// cores hash (crypto/sha256 uses the CPU's SHA extensions): reading and hashing overlap.
func (s *Postgres) verifyLinks(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, rep *ChainReport) (*ChainBreak, chainHeads, error) {
	workers := max(runtime.GOMAXPROCS(0), 1)
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
	txs, done, err := s.chainReaderTxs(ctx, tx)
	if err != nil {
		return nil, chainHeads{}, err
	}
	defer done()
	readers := make([]*linkReader, len(txs))
	counts := make([]ChainReport, len(txs))
	rg, rctx := errgroup.WithContext(gctx)
	for i, rtx := range txs {
		r := &linkReader{ctx: rctx, out: batches, free: free, streams: map[string]*chainHead{}}
		readers[i] = r
		rg.Go(func() error {
			if len(txs) == 1 {
				return r.read(rtx, tenant, &counts[i], linksSQL)
			}
			return r.read(rtx, tenant, &counts[i], linksPartSQL, len(txs), i)
		})
	}
	g.Go(func() error {
		defer close(batches)
		return rg.Wait()
	})
	if err := g.Wait(); err != nil {
		return nil, chainHeads{}, err
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
	var heads chainHeads
	if first == nil {
		for _, r := range readers {
			for stream, h := range r.streams {
				heads.streams = append(heads.streams, stream)
				heads.versions = append(heads.versions, h.next-1)
				heads.hashes = append(heads.hashes, h.hash)
			}
		}
	}
	return first, heads, nil
}

// chainHeads are the streams' last links as read (their version and stored hash), to anchor.
type chainHeads struct {
	streams  []string
	versions []int64
	hashes   [][]byte
}

// chainHead is where a stream's chain stands in the read: the version it expects next and the
// stored hash of the one before (empty: none, or unchained), and the events read before their
// predecessor, kept until it comes.
type chainHead struct {
	next     int64
	hash     []byte
	parked   []parkedLink
	unsorted bool // parked is not in version order
}

// parkedLink is an event read before its predecessor: its content and stored hash, copied.
type parkedLink struct {
	pos, version int64
	id           [16]byte
	content      []byte
	hash         []byte // nil: unchained
}

// linkReader turns rows in any order into links, each with its predecessor's stored hash.
type linkReader struct {
	ctx     context.Context
	out     chan<- *linkBatch
	free    chan *linkBatch
	b       *linkBatch
	streams map[string]*chainHead
	content []byte
}

// emit adds the link of event (pos, id, version) of stream to the batch: checked against
// h.hash when it is the version h expects, else "missing" (or "unchained" when hash is nil),
// as the SQL definition (lag over the stream's versions) has it. It moves h past the event.
func (r *linkReader) emit(h *chainHead, stream []byte, pos, version int64, id [16]byte, content, hash []byte) error {
	if r.b == nil {
		select {
		case r.b = <-r.free:
			r.b.buf, r.b.links = r.b.buf[:0], r.b.links[:0]
		default:
			r.b = &linkBatch{buf: make([]byte, 0, batchBytes+4096), links: make([]link, 0, batchLinks)}
		}
	}
	b := r.b
	l := link{pos: pos, version: version, id: id}
	switch {
	case hash == nil:
		l.reason = "unchained"
	case version != h.next:
		l.reason = "missing"
	}
	l.msg[0] = int32(len(b.buf))
	b.buf = append(append(b.buf, h.hash...), content...)
	l.msg[1] = int32(len(b.buf))
	b.buf = append(b.buf, hash...)
	l.hash = [2]int32{l.msg[1], int32(len(b.buf))}
	b.buf = append(b.buf, stream...)
	l.stream = [2]int32{l.hash[1], int32(len(b.buf))}
	b.links = append(b.links, l)
	h.next, h.hash = version+1, append(h.hash[:0], hash...)
	if len(b.links) == batchLinks || len(b.buf) >= batchBytes {
		return r.send()
	}
	return nil
}

func (r *linkReader) send() error {
	if r.b == nil || len(r.b.links) == 0 {
		return nil
	}
	select {
	case r.out <- r.b:
		r.b = nil
		return nil
	case <-r.ctx.Done():
		return r.ctx.Err()
	}
}

// read reads tenant's events into batches of links, counting events and streams into rep.
// Events come in the order they lie in the table, which is their append order save for
// rows moved or put back by hand: an event read before its predecessor waits for it (parked);
// whatever still waits at the end follows a gap, and is linked in version order then.
func (r *linkReader) read(tx pgx.Tx, tenant uuid.UUID, rep *ChainReport, sql string, args ...any) error {
	// A sequential scan of a large table may join one already under way and begin where that
	// one is, in the middle of the table (synchronize_seqscans): every event before that
	// point then comes after the events that follow it, which park, cloned, until their
	// predecessors come around.
	if _, err := tx.Exec(r.ctx, `SET LOCAL synchronize_seqscans = off`); err != nil {
		return err
	}
	rows, err := tx.Query(r.ctx, sql, append([]any{pgx.QueryResultFormats{pgx.BinaryFormatCode}, tenant}, args...)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	t := [16]byte(tenant)
	for rows.Next() {
		v := rows.RawValues()
		if len(v) != chainColCount+1 || len(v[0]) != 8 || len(v[1]) != 16 || len(v[3]) != 8 {
			return errors.New("eventstore: verify: unexpected row")
		}
		rep.Events++
		stream, hash := v[2], v[chainColCount]
		pos, version := int64(binary.BigEndian.Uint64(v[0])), int64(binary.BigEndian.Uint64(v[3]))
		h := r.streams[string(stream)]
		if h == nil {
			h = &chainHead{}
			r.streams[string(stream)] = h
		}
		if r.content, err = appendChainContent(r.content[:0], &t, v[:chainColCount]); err != nil {
			return err
		}
		if version != h.next {
			p := parkedLink{pos: pos, version: version, id: [16]byte(v[1]), content: bytes.Clone(r.content)}
			if hash != nil {
				p.hash = bytes.Clone(hash)
			}
			if n := len(h.parked); n > 0 && h.parked[n-1].version > version {
				h.unsorted = true
			}
			h.parked = append(h.parked, p)
			continue
		}
		if err := r.emit(h, stream, pos, version, [16]byte(v[1]), r.content, hash); err != nil {
			return err
		}
		// The events that waited for this one. (Sorted only when parked out of order: sorting
		// a stream's parked tail again for each event that arrives before it was measured at a
		// quarter of verification's CPU when a scan began inside a long stream.)
		if len(h.parked) > 0 {
			if h.unsorted {
				slices.SortFunc(h.parked, byVersion)
				h.unsorted = false
			}
			for len(h.parked) > 0 && h.parked[0].version == h.next {
				p := h.parked[0]
				h.parked = h.parked[1:]
				if err := r.emit(h, stream, p.pos, p.version, p.id, p.content, p.hash); err != nil {
					return err
				}
			}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rep.Streams = int64(len(r.streams))
	for stream, h := range r.streams {
		slices.SortFunc(h.parked, byVersion)
		for _, p := range h.parked {
			if err := r.emit(h, []byte(stream), p.pos, p.version, p.id, p.content, p.hash); err != nil {
				return err
			}
		}
	}
	return r.send()
}

func byVersion(a, b parkedLink) int { return cmp.Compare(a.version, b.version) }

// chainReaderTxs returns tx and, when the pool has connections to spare, transactions on other
// connections in tx's snapshot (exported), up to maxChainReaders in all: every reader sees
// exactly what tx sees. done ends the other transactions and releases their connections.
func (s *Postgres) chainReaderTxs(ctx context.Context, tx pgx.Tx) ([]pgx.Tx, func(), error) {
	txs := []pgx.Tx{tx}
	var conns []*pgxpool.Conn
	done := func() {
		for i, c := range conns {
			_ = txs[i+1].Rollback(context.WithoutCancel(ctx))
			c.Release()
		}
	}
	st := s.pool.Stat()
	extra := min(maxChainReaders-1, int(st.MaxConns()-st.AcquiredConns())-1)
	if extra <= 0 {
		return txs, done, nil
	}
	var snapshot string
	if err := tx.QueryRow(ctx, `SELECT pg_export_snapshot()`).Scan(&snapshot); err != nil {
		return nil, nil, err
	}
	for range extra {
		c, err := s.pool.Acquire(ctx)
		if err != nil {
			done()
			return nil, nil, err
		}
		rtx, err := c.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
		if err == nil {
			_, err = rtx.Exec(ctx, `SET TRANSACTION SNAPSHOT `+quoteLiteral(snapshot))
			if err != nil {
				_ = rtx.Rollback(context.WithoutCancel(ctx))
			}
		}
		if err != nil {
			c.Release()
			done()
			return nil, nil, err
		}
		conns = append(conns, c)
		txs = append(txs, rtx)
	}
	return txs, done, nil
}

// quoteLiteral quotes s as an SQL string literal.
func quoteLiteral(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
