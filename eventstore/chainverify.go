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
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"
)

// linksSQL reads a tenant's events as verification needs them, in binary, with their stored
// hashes, in no order: the cheapest read there is (a sequential scan, as a plain read of the
// events). Asked in (stream, version) order, the read cost three times as much (an index walk
// or a sort); the chains are put back in order here (readLinks). Hashing here too: in the
// backend (one SHA-256 per event, ~6 µs) it made verification a third of the plain read rate.
const linksSQL = `SELECT ` + chainCols + `, hash FROM events WHERE tenant_id = $1`

// linksRangeSQL and linksTailSQL are linksSQL for one of several readers: each reads the
// tenant's events in its own range of the table's blocks (a TID range scan), and the last
// reader the blocks from its start to the table's end. The reading, not the hashing, bounds
// verification (the backend sending each row): with several readers, each on its own
// connection in the same snapshot, the server sends rows on several cores. (Split by the
// stream's name hashed instead, every reader scanned and filtered the whole table.) A stream
// may lie in several ranges: each reader links the runs of consecutive versions it reads,
// and the first link of each run is checked when all have been read (mergeSegments).
const (
	linksRangeSQL = linksSQL + ` AND ctid >= $2 AND ctid < $3`
	linksTailSQL  = linksSQL + ` AND ctid >= $2`
)

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
	var blocks int64
	if len(txs) > 1 {
		if err := tx.QueryRow(ctx, `SELECT pg_relation_size('events') / current_setting('block_size')::bigint`).Scan(&blocks); err != nil {
			return nil, chainHeads{}, err
		}
	}
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
			from := pgtype.TID{BlockNumber: uint32(blocks * int64(i) / int64(len(txs))), Valid: true}
			if i == len(txs)-1 {
				return r.read(rtx, tenant, &counts[i], linksTailSQL, from)
			}
			to := pgtype.TID{BlockNumber: uint32(blocks * int64(i+1) / int64(len(txs))), Valid: true}
			return r.read(rtx, tenant, &counts[i], linksRangeSQL, from, to)
		})
	}
	var heads chainHeads
	g.Go(func() error {
		defer close(batches)
		if err := rg.Wait(); err != nil {
			return err
		}
		m := &linkReader{ctx: gctx, out: batches, free: free}
		heads = m.mergeSegments(readers)
		return m.send()
	})
	if err := g.Wait(); err != nil {
		return nil, chainHeads{}, err
	}
	for _, c := range counts {
		rep.Events += c.Events
	}
	rep.Streams = int64(len(heads.streams))
	var first *ChainBreak
	for _, b := range firsts {
		if b != nil && (first == nil || b.Position < first.Position) {
			first = b
		}
	}
	if first != nil {
		heads = chainHeads{}
	}
	return first, heads, nil
}

// mergeSegments links the segments the readers read of each stream, in version order: each
// segment's first link is checked against the last stored hash of the segment before it
// ("missing" when versions lie between them), as the SQL definition has it. It returns each
// stream's last link.
func (r *linkReader) mergeSegments(readers []*linkReader) chainHeads {
	byStream := map[string][]segment{}
	for _, rd := range readers {
		for stream, h := range rd.streams {
			byStream[stream] = append(byStream[stream], h.segs...)
		}
	}
	var heads chainHeads
	for stream, segs := range byStream {
		slices.SortFunc(segs, func(a, b segment) int { return cmp.Compare(a.open.version, b.open.version) })
		h := &chainHead{}
		name := []byte(stream)
		for _, sg := range segs {
			if !sg.open.checked {
				if err := r.emit(h, name, sg.open.pos, sg.open.version, sg.open.id, sg.open.content, sg.open.hash); err != nil {
					break // cancelled: the caller's error says why
				}
			}
			h.next, h.hash = sg.last+1, append(h.hash[:0], sg.lastHash...)
		}
		heads.streams = append(heads.streams, stream)
		heads.versions = append(heads.versions, h.next-1)
		heads.hashes = append(heads.hashes, h.hash)
	}
	return heads
}

// chainHeads are the streams' last links as read (their version and stored hash), to anchor.
type chainHeads struct {
	streams  []string
	versions []int64
	hashes   [][]byte
}

// chainHead is where a stream's chain stands in one reader's read: the version it expects
// next and the stored hash of the one before (empty: unchained), the first event of the run
// of consecutive versions being linked (open: its link is checked by mergeSegments), and the
// runs finished.
type chainHead struct {
	next int64
	hash []byte
	open openLink
	segs []segment
}

// A segment is a run of consecutive versions of a stream that one reader linked: its first
// event (whose link needs the segment before it, perhaps another reader's) and its last
// version and stored hash.
type segment struct {
	open     openLink
	last     int64
	lastHash []byte
}

// startSegment makes event p the first of h's next run.
func (h *chainHead) startSegment(p openLink) {
	h.open, h.next, h.hash = p, p.version+1, append(h.hash[:0], p.hash...)
}

// endSegment records h's run as finished.
func (h *chainHead) endSegment() {
	h.segs = append(h.segs, segment{open: h.open, last: h.next - 1, lastHash: bytes.Clone(h.hash)})
}

// openLink is the first event of a segment: its content and stored hash, copied, checked
// once the segment before it is known (mergeSegments).
type openLink struct {
	pos, version int64
	id           [16]byte
	content      []byte
	hash         []byte // nil: unchained
	checked      bool   // version 0, checked by the reader that read it
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

// read reads tenant's events into batches of links, counting events into rep. Events come in
// the order they lie in the table, which is their append order save for rows moved or put
// back by hand: each run of a stream's consecutive versions is a segment, whose links are
// checked here but for its first (mergeSegments). (Events read before their predecessor used
// to wait for it here, copied: a scan that began inside a long stream copied most of it.)
func (r *linkReader) read(tx pgx.Tx, tenant uuid.UUID, rep *ChainReport, sql string, args ...any) error {
	// A sequential scan of a large table may join one already under way and begin where that
	// one is, in the middle of the table (synchronize_seqscans): every stream that spans that
	// point would then be read as two segments.
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
		if r.content, err = appendChainContent(r.content[:0], &t, v[:chainColCount]); err != nil {
			return err
		}
		h := r.streams[string(stream)]
		if h == nil {
			h = &chainHead{}
			r.streams[string(stream)] = h
			if version != 0 { // its link needs the segment before it, perhaps another reader's
				h.startSegment(opened(pos, version, v[1], r.content, hash))
				continue
			}
			h.open.checked = true // a first event links to nothing: checked here, not copied
		}
		if version != h.next { // after a gap in this reader's range: a segment of its own
			h.endSegment()
			h.startSegment(opened(pos, version, v[1], r.content, hash))
			continue
		}
		if err := r.emit(h, stream, pos, version, [16]byte(v[1]), r.content, hash); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, h := range r.streams {
		h.endSegment()
	}
	return r.send()
}

// opened copies the first event of a segment.
func opened(pos, version int64, id, content, hash []byte) openLink {
	p := openLink{pos: pos, version: version, id: [16]byte(id), content: bytes.Clone(content)}
	if hash != nil {
		p.hash = bytes.Clone(hash)
	}
	return p
}

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
