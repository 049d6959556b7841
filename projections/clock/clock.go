package clock

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/jscan"
	"portal/projections"
	"portal/push"
)

// Clock projects the time-clock events into clock_marks (registered marks) and
// clock_addresses (the address book), migrations/00004_clock.sql, and pushes each new mark
// to the user who punched (topic "clock.mark", docs/api.md "Live push").
//
// A batch is decoded into column arrays and written with one statement per kind (INSERT ...
// SELECT FROM unnest for marks, one upsert and one delete for addresses), whatever its size.
// Address events are folded first: the last event of an address in the batch decides. A
// rebuild (Replay) writes the marks with COPY instead, and decodes each batch while the
// previous one is being written (prepare).
type Clock struct{}

var _ projections.Projection = Clock{}

// New returns the clock projection.
func New() *Clock { return &Clock{} }

// MarkTopic is the push topic of a registered mark.
const MarkTopic = "clock.mark"

// Name implements Projection.
func (Clock) Name() string { return "clock" }

// Areas implements Selective.
func (Clock) Areas() []string { return []string{"clock."} }

// Reset implements Projection.
func (Clock) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Clock{}.Tables())
}

// Tables implements Tabled.
func (Clock) Tables() []string { return []string{"clock_marks", "clock_addresses", "clock_excused"} }

// BulkTables implements BulkLoader: a replay writes the marks before their indexes.
func (Clock) BulkTables() []string { return []string{"clock_marks"} }

// duplicates implements BulkLoader: of a mark the log holds twice, the later row goes.
func (Clock) Duplicates(ctx context.Context, tx pgx.Tx) ([]int64, error) {
	rows, err := tx.Query(ctx, `DELETE FROM clock_marks a USING clock_marks b
WHERE a.tenant_id = b.tenant_id AND a.id = b.id AND a.position > b.position RETURNING a.position`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Apply implements Projection.
func (c Clock) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	return projections.ApplyPrepared(ctx, tx, c, events)
}

// prepare implements Preparer (replay.go): the decoding half of Apply, which needs no
// database.
func (Clock) Prepare(ctx context.Context, events []eventstore.RecordedEvent) (projections.PreparedBatch, error) {
	var (
		marked    = make([]eventstore.RecordedEvent, 0, len(events))
		addresses = addressBatch{last: map[addressKey]addressOp{}}
		adjusts   adjustBatch
	)
	for _, e := range events {
		if isAdjustment(e.Type) {
			adjusts.events = append(adjusts.events, e)
		}
		switch e.Type {
		case clock.TypeMarkRegistered, clock.TypeMarkAddedByAdjustment, clock.TypeMarkRecordedByHR: // an added or HR mark is a mark, flagged by adjusts
			marked = append(marked, e)
		case clock.TypeAddressSaved, clock.TypeAddressRemoved:
			if err := addresses.add(e); err != nil {
				return nil, err
			}
		}
	}
	decode := decodeMarks
	if push.Muted(ctx) { // a rebuild copies the marks (markBatch.apply)
		decode = encodeMarks
	}
	marks, err := decode(marked)
	if err != nil {
		return nil, err
	}
	return &clockBatch{marks: marks, addresses: &addresses, adjusts: &adjusts}, nil
}

// clockBatch is a decoded batch, ready to be written.
type clockBatch struct {
	marks     *markBatch
	addresses *addressBatch
	adjusts   *adjustBatch // clock_adjustments.go, after the marks it may touch
}

// bulk implements BulkBatch: marks written with COPY, and addresses (not a bulk table), need
// no index of clock_marks; adjustments look marks up by id.
func (b *clockBatch) Bulk() bool {
	return len(b.adjusts.events) == 0 && (b.marks.rows == 0 || b.marks.copyData != nil)
}

func (b *clockBatch) Write(ctx context.Context, tx pgx.Tx) error {
	if err := b.marks.apply(ctx, tx); err != nil {
		return err
	}
	if err := b.addresses.apply(ctx, tx); err != nil {
		return err
	}
	return b.adjusts.apply(ctx, tx)
}

// markBatch collects MarkRegistered events, decoded into columns for one INSERT (live), or
// encoded into the rows of one COPY (a rebuild: encodeMarks), which needs no columns.
type markBatch struct {
	rows                           int
	tenants, ids, employees, users []pgtype.UUID // pgx encodes pgtype.UUID arrays ~10x faster than uuid.UUID
	hashes, clientTimes, addresses []string
	recordedAt                     []time.Time
	byGoogle                       []bool
	lats, lons                     []float64
	capAddresses                   []*string
	capLats, capLons               []*float64
	fences                         []*string
	distances                      []*float64
	positions                      []int64
	events                         []eventstore.RecordedEvent
	copyData                       []byte // the rows in COPY's binary format (encodeMarks)
}

// markData is the part of clock.MarkData (clock.mark_registered.v1) the read model keeps,
// its ids parsed: decodeMarkFast reads MarkData's keys into it, and encoding/json does what
// decodeMarkFast does not accept (TestClockDecodesMarksAsEncodingJSON holds both to it;
// TestMarkViewsReadMarkDataKeys holds its keys to MarkData's).
type markData struct {
	MarkID       uuid.UUID  `json:"markId"`
	EmployeeID   uuid.UUID  `json:"employeeId"`
	UserID       uuid.UUID  `json:"userId"`
	UserHash     string     `json:"userHash"`
	RecordedAt   time.Time  `json:"recordedAt"`
	ClientTime   string     `json:"clientTime"`
	ByGoogle     bool       `json:"byGoogle"`
	Selected     markPlace  `json:"selected"`
	Captured     *markPlace `json:"captured"`
	NearestFence *markFence `json:"nearestFence"`
}

type markPlace struct {
	Address string  `json:"address"`
	Lat     float64 `json:"lat"`
	Lon     float64 `json:"lon"`
}

type markFence struct {
	Desc     string  `json:"desc"`
	Distance float64 `json:"distance"`
}

// decodeMarks decodes MarkRegistered events into columns. Large batches are decoded by all
// processors at once.
func decodeMarks(events []eventstore.RecordedEvent) (*markBatch, error) {
	n := len(events)
	b := &markBatch{
		tenants: make([]pgtype.UUID, n), ids: make([]pgtype.UUID, n), employees: make([]pgtype.UUID, n), users: make([]pgtype.UUID, n),
		hashes: make([]string, n), clientTimes: make([]string, n), addresses: make([]string, n),
		recordedAt: make([]time.Time, n), byGoogle: make([]bool, n), lats: make([]float64, n), lons: make([]float64, n),
		capAddresses: make([]*string, n), capLats: make([]*float64, n), capLons: make([]*float64, n),
		fences: make([]*string, n), distances: make([]*float64, n), positions: make([]int64, n),
		events: events, rows: n,
	}
	return b, projections.Spread(n, func(from, to int) error { return b.decode(events, from, to) })
}

// encodeMarks decodes MarkRegistered events straight into the rows of the rebuild's COPY
// (copyMarks), in log order, with no columns in between: a rebuild writes the rows with COPY
// before clock_marks has its indexes (bulk.go), so no key order helps. Large batches are
// encoded by all processors at once, each into a buffer of its own, joined after.
func encodeMarks(events []eventstore.RecordedEvent) (*markBatch, error) {
	parts, err := projections.SpreadInto(len(events), func(from, to int) (*projections.BinaryCopy, error) {
		c := projections.NewBinaryCopy(to-from, 320)
		for _, e := range events[from:to] {
			var r markRow
			if !decodeMarkRow(e.Data, &r) {
				var d markData
				if err := json.Unmarshal(e.Data, &d); err != nil {
					return nil, fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
				}
				r = rowOf(&d)
			}
			r.copyTo(c, e.Tenant, e.Cursor.Position)
		}
		return c, nil
	})
	if err != nil {
		return nil, err
	}
	return &markBatch{rows: len(events), events: events, copyData: projections.JoinCopies(parts)}, nil
}

// decode fills rows from..to-1 (each worker owns its rows).
func (b *markBatch) decode(events []eventstore.RecordedEvent, from, to int) error {
	for i := from; i < to; i++ {
		e := events[i]
		var d markData
		if !decodeMarkFast(e.Data, &d) {
			var j markData // not d, which then stays on the stack
			if err := json.Unmarshal(e.Data, &j); err != nil {
				return fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
			}
			d = j
		}
		b.tenants[i], b.ids[i], b.employees[i], b.users[i] = projections.PgUUID(e.Tenant), projections.PgUUID(d.MarkID), projections.PgUUID(d.EmployeeID), projections.PgUUID(d.UserID)
		b.hashes[i], b.recordedAt[i], b.clientTimes[i], b.byGoogle[i] = d.UserHash, d.RecordedAt, d.ClientTime, d.ByGoogle
		b.addresses[i], b.lats[i], b.lons[i] = d.Selected.Address, d.Selected.Lat, d.Selected.Lon
		if c := d.Captured; c != nil {
			b.capAddresses[i], b.capLats[i], b.capLons[i] = &c.Address, &c.Lat, &c.Lon
		}
		if f := d.NearestFence; f != nil {
			b.fences[i], b.distances[i] = &f.Desc, &f.Distance
		}
		b.positions[i] = e.Cursor.Position
	}
	return nil
}

// insertMarks writes a batch of marks.
const insertMarks = `
INSERT INTO clock_marks (tenant_id, id, employee_id, user_id, user_hash, recorded_at, client_time, by_google,
                         address, lat, lon, captured_address, captured_lat, captured_lon,
                         nearest_fence, nearest_distance, position)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::text[],
                     $8::boolean[], $9::text[], $10::float8[], $11::float8[], $12::text[], $13::float8[],
                     $14::float8[], $15::text[], $16::float8[], $17::bigint[])`

func (b *markBatch) apply(ctx context.Context, tx pgx.Tx) error {
	if b.rows == 0 {
		return nil
	}
	if push.Muted(ctx) {
		// A rebuild (Replay mutes push) starts from tables Reset emptied, so its rows cannot
		// conflict: a plain write is half the cost of a speculative ON CONFLICT one, and COPY
		// (binary, encodeMarks) takes less of the server's CPU than INSERT ... SELECT FROM
		// unnest. Should a mark come twice anyway, the primary key fails the batch loudly.
		if b.copyData == nil { // prepared for a live Apply
			c, err := encodeMarks(b.events)
			if err != nil {
				return err
			}
			b.copyData = c.copyData
		}
		if _, err := tx.Conn().PgConn().CopyFrom(ctx, bytes.NewReader(b.copyData), copyMarks); err != nil {
			return fmt.Errorf("clock_marks: %w", err)
		}
		return nil
	}
	// Live: a mark already projected is left alone and not pushed again. The marks and
	// their pushes go in one statement (one round trip): a push for each mark inserted.
	args := []any{b.tenants, b.ids, b.employees, b.users, b.hashes, b.recordedAt, b.clientTimes, b.byGoogle,
		b.addresses, b.lats, b.lons, b.capAddresses, b.capLats, b.capLons, b.fences, b.distances, b.positions}
	msgs := make([]push.Message, len(b.events)) // in log order, as the batch
	for i, e := range b.events {
		msgs[i] = push.Message{
			Tenant: e.Tenant,
			User:   uuid.UUID(b.users[i].Bytes),
			Topic:  MarkTopic,
			Data:   MarkPush{UserHash: b.hashes[i], Time: clock.LocalTime(b.recordedAt[i].Round(time.Microsecond)), Address: b.addresses[i]}, // as stored: timestamptz keeps microseconds
			Event:  e.Cursor,
		}
	}
	_, err := push.PublishWith(ctx, tx, `ins AS (`+insertMarks+`
ON CONFLICT (tenant_id, id) DO NOTHING
RETURNING position)`, args, `p IN (SELECT position FROM ins)`, msgs...)
	if err != nil {
		return fmt.Errorf("clock_marks: %w", err)
	}
	return nil
}

// copyMarks is the COPY of a rebuild; encodeCopy gives it its rows.
const copyMarks = `COPY clock_marks (tenant_id, id, employee_id, user_id, user_hash, recorded_at, client_time, by_google,
                         address, lat, lon, captured_address, captured_lat, captured_lon,
                         nearest_fence, nearest_distance, position) FROM STDIN (FORMAT binary)`

// copyTo writes the mark of an event of tenant at position as a row of copyMarks, each
// value exactly as pgx encodes the columns of insertMarks, so both paths store the same rows.
func (r *markRow) copyTo(c *projections.BinaryCopy, tenant uuid.UUID, position int64) {
	c.Row(17)
	c.UUID(tenant)
	c.UUID(r.markID)
	c.UUID(r.employeeID)
	c.UUID(r.userID)
	c.Bytes(r.userHash)
	c.Timestamptz(r.recordedAt)
	c.Bytes(r.clientTime)
	c.Bool(r.byGoogle)
	c.Bytes(r.selected.address)
	c.Float8(&r.selected.lat)
	c.Float8(&r.selected.lon)
	if r.hasCaptured {
		c.Bytes(r.captured.address)
		c.Float8(&r.captured.lat)
		c.Float8(&r.captured.lon)
	} else {
		c.Null()
		c.Null()
		c.Null()
	}
	if r.hasFence {
		c.Bytes(r.fence.desc)
		c.Float8(&r.fence.distance)
	} else {
		c.Null()
		c.Null()
	}
	c.Int8(position)
}

// MarkPush is the data of a "clock.mark" push message.
type MarkPush struct {
	UserHash string `json:"userHash"`
	Time     string `json:"n09_001_t"` // local time, YYYY-MM-DDTHH:mm:ss
	Address  string `json:"endereco"`
}

type addressKey struct {
	tenant, employee uuid.UUID
	ukey             string
}

type addressOp struct {
	removed  bool
	address  string
	lat, lon float64
	savedAt  time.Time
	position int64
}

// addressBatch folds the address events of a batch into the last operation per address, in
// log order, so one upsert and one delete apply the whole batch.
type addressBatch struct {
	order []addressKey
	last  map[addressKey]addressOp
}

func (b *addressBatch) add(e eventstore.RecordedEvent) error {
	id, ok := clock.StreamID(e.Stream)
	employee, err := uuid.Parse(id)
	if !ok || err != nil {
		return fmt.Errorf("event %s: stream %q is not clock-<employeeId>", e.ID, e.Stream)
	}
	var d clock.AddressSavedData // a removal has its ukey too
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
	}
	if d.UKey == "" {
		return fmt.Errorf("event %s (%s): no ukey", e.ID, e.Type)
	}
	key := addressKey{tenant: e.Tenant, employee: employee, ukey: d.UKey}
	if _, seen := b.last[key]; !seen {
		b.order = append(b.order, key)
	}
	if e.Type == clock.TypeAddressRemoved {
		b.last[key] = addressOp{removed: true}
		return nil
	}
	if d.SavedAt.IsZero() {
		d.SavedAt = e.RecordedAt
	}
	b.last[key] = addressOp{address: d.Address, lat: d.Lat, lon: d.Lon, savedAt: d.SavedAt, position: e.Cursor.Position}
	return nil
}

func (b *addressBatch) apply(ctx context.Context, tx pgx.Tx) error {
	var (
		sTenants, sEmployees []pgtype.UUID
		sKeys, sAddresses    []string
		sLats, sLons         []float64
		sTimes               []time.Time
		sPositions           []int64
		rTenants, rEmployees []pgtype.UUID
		rKeys                []string
	)
	for _, k := range b.order {
		op := b.last[k]
		if op.removed {
			rTenants, rEmployees, rKeys = append(rTenants, projections.PgUUID(k.tenant)), append(rEmployees, projections.PgUUID(k.employee)), append(rKeys, k.ukey)
			continue
		}
		sTenants, sEmployees, sKeys = append(sTenants, projections.PgUUID(k.tenant)), append(sEmployees, projections.PgUUID(k.employee)), append(sKeys, k.ukey)
		sAddresses, sLats, sLons = append(sAddresses, op.address), append(sLats, op.lat), append(sLons, op.lon)
		sTimes, sPositions = append(sTimes, op.savedAt), append(sPositions, op.position)
	}
	if len(sKeys) > 0 {
		_, err := tx.Exec(ctx, `
INSERT INTO clock_addresses (tenant_id, employee_id, ukey, address, lat, lon, saved_at, position)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::timestamptz[], $8::bigint[])
ON CONFLICT (tenant_id, employee_id, ukey) DO UPDATE
SET address = excluded.address, lat = excluded.lat, lon = excluded.lon, saved_at = excluded.saved_at, position = excluded.position`,
			sTenants, sEmployees, sKeys, sAddresses, sLats, sLons, sTimes, sPositions)
		if err != nil {
			return fmt.Errorf("clock_addresses: %w", err)
		}
	}
	if len(rKeys) > 0 {
		_, err := tx.Exec(ctx, `
DELETE FROM clock_addresses a
USING unnest($1::uuid[], $2::uuid[], $3::text[]) AS r(tenant_id, employee_id, ukey)
WHERE a.tenant_id = r.tenant_id AND a.employee_id = r.employee_id AND a.ukey = r.ukey`,
			rTenants, rEmployees, rKeys)
		if err != nil {
			return fmt.Errorf("clock_addresses: %w", err)
		}
	}
	return nil
}

// Mark is a registered mark as v2/historico-ponto lists it.
type Mark struct {
	RecordedAt time.Time
	Address    string
	Adjusted   bool // moved or added by an approved punch adjustment
	HR         *HRMark
}

// HRMark says a mark was recorded by HR (clock.mark_recorded_by_hr.v1), by whom and why.
type HRMark struct {
	ActorID   uuid.UUID
	ActorName string // the HR user's display name now ("" if the user is gone)
	Reason    string
	Kind      string
}

// hrColumns are the columns of a clock_marks row (alias m) that scanHR reads: the actor's
// name is looked up only for an HR mark.
const hrColumns = `m.by_hr, m.hr_actor_id, CASE WHEN m.by_hr THEN (SELECT display_name FROM users u
    WHERE u.tenant_id = m.tenant_id AND u.id = m.hr_actor_id) END, m.hr_reason, m.hr_kind`

// hrScan holds what hrColumns scan into.
type hrScan struct {
	byHR         bool
	actor        *uuid.UUID
	name, reason *string
	kind         *string
}

func (h *hrScan) dest() []any { return []any{&h.byHR, &h.actor, &h.name, &h.reason, &h.kind} }

func (h *hrScan) mark() *HRMark {
	if !h.byHR {
		return nil
	}
	m := &HRMark{}
	if h.actor != nil {
		m.ActorID = *h.actor
	}
	for _, f := range []struct{ to, from *string }{{&m.ActorName, h.name}, {&m.Reason, h.reason}, {&m.Kind, h.kind}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	return m
}

// Address is a saved address as historico-endereco-ponto lists it.
type Address struct {
	UKey     string
	Address  string
	Lat, Lon float64
	SavedAt  time.Time
}

// RecentMarks returns an employee's newest marks, newest first. tx must be a tenant
// transaction (db.InTenant): row-level security keeps other tenants out.
func (Clock) RecentMarks(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]Mark, error) {
	rows, err := tx.Query(ctx, `
SELECT m.recorded_at, m.address, m.adjusted, `+hrColumns+` FROM clock_marks m
WHERE m.tenant_id = app_tenant() AND m.employee_id = $1
ORDER BY m.recorded_at DESC, m.position DESC
LIMIT $2`, employee, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Mark, error) {
		var m Mark
		var hr hrScan
		err := r.Scan(append([]any{&m.RecordedAt, &m.Address, &m.Adjusted}, hr.dest()...)...)
		m.HR = hr.mark()
		return m, err
	})
}

// SavedAddresses returns an employee's address book, newest first, at most limit entries.
func (Clock) SavedAddresses(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]Address, error) {
	rows, err := tx.Query(ctx, `
SELECT ukey, address, lat, lon, saved_at FROM clock_addresses
WHERE tenant_id = app_tenant() AND employee_id = $1
ORDER BY saved_at DESC, position DESC
LIMIT $2`, employee, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Address, error) {
		var a Address
		return a, r.Scan(&a.UKey, &a.Address, &a.Lat, &a.Lon, &a.SavedAt)
	})
}

// Fences returns an employee's geofences, by description.
func (Clock) Fences(ctx context.Context, tx pgx.Tx, employee uuid.UUID) ([]clock.Fence, error) {
	rows, err := tx.Query(ctx, `SELECT description, lat, lon FROM fences WHERE employee_id = $1 ORDER BY description, id`, employee)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (clock.Fence, error) {
		var f clock.Fence
		return f, r.Scan(&f.Desc, &f.Lat, &f.Lon)
	})
}

// The JSON keys of markData and its parts, for jscan.Scanner.Fields.
var (
	markKeys  = []string{"markId", "employeeId", "userId", "userHash", "recordedAt", "clientTime", "byGoogle", "selected", "captured", "nearestFence"}
	placeKeys = []string{"address", "lat", "lon"}
	fenceKeys = []string{"desc", "distance"}
)

// decodeMarkFast decodes data into d (which must be zero) when data has the plain shape
// the event store gives back (no escapes in strings or keys, no nulls other than for
// captured and nearestFence, no repeated keys) and tells whether it could; otherwise the
// caller decodes with encoding/json. Whatever it accepts it decodes exactly as
// json.Unmarshal would: same number parsing (strconv.ParseFloat), same UUID parsing
// (uuid.UUID.UnmarshalText), same times (time.Time.UnmarshalJSON), unknown keys skipped
// unless they match a field case-insensitively (encoding/json would then fill the field).
// It is about four times faster than json.Unmarshal, which was the largest part of the
// Go side of a rebuild.
func decodeMarkFast(data []byte, d *markData) bool {
	var r markRow
	if !decodeMarkRow(data, &r) {
		return false
	}
	*d = markData{MarkID: r.markID, EmployeeID: r.employeeID, UserID: r.userID, UserHash: string(r.userHash),
		RecordedAt: r.recordedAt, ClientTime: string(r.clientTime), ByGoogle: r.byGoogle,
		Selected: markPlace{Address: string(r.selected.address), Lat: r.selected.lat, Lon: r.selected.lon}}
	if r.hasCaptured {
		d.Captured = &markPlace{Address: string(r.captured.address), Lat: r.captured.lat, Lon: r.captured.lon}
	}
	if r.hasFence {
		d.NearestFence = &markFence{Desc: string(r.fence.desc), Distance: r.fence.distance}
	}
	return true
}

// markRow is markData as the rebuild's COPY takes it (markRow.copyTo): its strings are the
// bytes of the event's data that hold them, and captured and nearestFence are flagged
// rather than pointed to, so that decoding a mark allocates nothing.
type markRow struct {
	markID, employeeID, userID uuid.UUID
	userHash, clientTime       []byte
	recordedAt                 time.Time
	byGoogle                   bool
	selected, captured         rowPlace
	hasCaptured, hasFence      bool
	fence                      rowFence
}

type rowPlace struct {
	address  []byte
	lat, lon float64
}

type rowFence struct {
	desc     []byte
	distance float64
}

// rowOf is d as a markRow (for what decodeMarkRow leaves to encoding/json).
func rowOf(d *markData) markRow {
	r := markRow{markID: d.MarkID, employeeID: d.EmployeeID, userID: d.UserID, userHash: []byte(d.UserHash),
		recordedAt: d.RecordedAt, clientTime: []byte(d.ClientTime), byGoogle: d.ByGoogle,
		selected: rowPlace{address: []byte(d.Selected.Address), lat: d.Selected.Lat, lon: d.Selected.Lon}}
	if c := d.Captured; c != nil {
		r.captured, r.hasCaptured = rowPlace{address: []byte(c.Address), lat: c.Lat, lon: c.Lon}, true
	}
	if f := d.NearestFence; f != nil {
		r.fence, r.hasFence = rowFence{desc: []byte(f.Desc), distance: f.Distance}, true
	}
	return r
}

// decodeMarkRow is decodeMarkFast into a markRow (which must be zero): what it accepts,
// and how it reads it, are decodeMarkFast's.
func decodeMarkRow(data []byte, r *markRow) bool {
	s := jscan.New(data)
	return s.Fields(markKeys, func(key string) bool {
		switch key {
		case "markId":
			return s.UUID(&r.markID)
		case "employeeId":
			return s.UUID(&r.employeeID)
		case "userId":
			return s.UUID(&r.userID)
		case "userHash":
			return s.Bytes(&r.userHash)
		case "recordedAt":
			return s.Time(&r.recordedAt)
		case "clientTime":
			return s.Bytes(&r.clientTime)
		case "byGoogle":
			return s.Bool(&r.byGoogle)
		case "selected":
			return decodePlace(s, &r.selected)
		case "captured":
			if s.Null() {
				return true
			}
			r.hasCaptured = true
			return decodePlace(s, &r.captured)
		case "nearestFence":
			if s.Null() {
				return true
			}
			r.hasFence = true
			return decodeFence(s, &r.fence)
		}
		return false
	}) && s.End()
}

func decodePlace(s *jscan.Scanner, p *rowPlace) bool {
	return s.Fields(placeKeys, func(key string) bool {
		switch key {
		case "address":
			return s.Bytes(&p.address)
		case "lat":
			return s.Float(&p.lat)
		case "lon":
			return s.Float(&p.lon)
		}
		return false
	})
}

func decodeFence(s *jscan.Scanner, f *rowFence) bool {
	return s.Fields(fenceKeys, func(key string) bool {
		switch key {
		case "desc":
			return s.Bytes(&f.desc)
		case "distance":
			return s.Float(&f.distance)
		}
		return false
	})
}

// Projections are the read models of the area for the runner: the marks and saved addresses, and the time-clock report.
func Projections() []projections.Projection {
	return []projections.Projection{New(), Report{}}
}
