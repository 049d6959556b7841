package projections

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/clock"
	"portal/eventstore"
	"portal/push"
)

// Clock projects the time-clock events into clock_marks (registered marks) and
// clock_addresses (the address book), migrations/00004_clock.sql, and pushes each new mark
// to the user who punched (topic "clock.mark", docs/api.md "Live push").
//
// A batch is decoded into column arrays and written with one statement per kind (INSERT ...
// SELECT FROM unnest for marks, one upsert and one delete for addresses), whatever its size.
// Address events are folded first: the last event of an address in the batch decides.
type Clock struct{}

var _ Projection = Clock{}

// NewClock returns the clock projection.
func NewClock() *Clock { return &Clock{} }

// ClockMarkTopic is the push topic of a registered mark.
const ClockMarkTopic = "clock.mark"

// Name implements Projection.
func (Clock) Name() string { return "clock" }

// Reset implements Projection.
func (Clock) Reset(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `TRUNCATE clock_marks, clock_addresses`)
	return err
}

// Apply implements Projection.
func (Clock) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	var (
		marked    []eventstore.RecordedEvent
		addresses = addressBatch{last: map[addressKey]addressOp{}}
	)
	for _, e := range events {
		switch e.Type {
		case clock.TypeMarkRegistered:
			marked = append(marked, e)
		case clock.TypeAddressSaved, clock.TypeAddressRemoved:
			if err := addresses.add(e); err != nil {
				return err
			}
		}
	}
	marks, err := decodeMarks(marked)
	if err != nil {
		return err
	}
	if err := marks.apply(ctx, tx); err != nil {
		return err
	}
	return addresses.apply(ctx, tx)
}

// markBatch collects MarkRegistered events, decoded into columns, for one INSERT.
type markBatch struct {
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
	cursors                        map[int64]eventstore.Cursor
}

// markData is the part of clock.mark_registered.v1 (commands/clock_events.go) the read
// model keeps.
type markData struct {
	MarkID     uuid.UUID `json:"markId"`
	EmployeeID uuid.UUID `json:"employeeId"`
	UserID     uuid.UUID `json:"userId"`
	UserHash   string    `json:"userHash"`
	RecordedAt time.Time `json:"recordedAt"`
	ClientTime string    `json:"clientTime"`
	ByGoogle   bool      `json:"byGoogle"`
	Selected   struct {
		Address string  `json:"address"`
		Lat     float64 `json:"lat"`
		Lon     float64 `json:"lon"`
	} `json:"selected"`
	Captured *struct {
		Address string  `json:"address"`
		Lat     float64 `json:"lat"`
		Lon     float64 `json:"lon"`
	} `json:"captured"`
	NearestFence *struct {
		Desc     string  `json:"desc"`
		Distance float64 `json:"distance"`
	} `json:"nearestFence"`
}

// decodeMarks decodes MarkRegistered events into columns. JSON decoding is most of a
// rebuild's CPU time, so large batches are decoded by all processors at once.
func decodeMarks(events []eventstore.RecordedEvent) (*markBatch, error) {
	n := len(events)
	b := &markBatch{
		tenants: make([]pgtype.UUID, n), ids: make([]pgtype.UUID, n), employees: make([]pgtype.UUID, n), users: make([]pgtype.UUID, n),
		hashes: make([]string, n), clientTimes: make([]string, n), addresses: make([]string, n),
		recordedAt: make([]time.Time, n), byGoogle: make([]bool, n), lats: make([]float64, n), lons: make([]float64, n),
		capAddresses: make([]*string, n), capLats: make([]*float64, n), capLons: make([]*float64, n),
		fences: make([]*string, n), distances: make([]*float64, n), positions: make([]int64, n),
		cursors: make(map[int64]eventstore.Cursor, n),
	}
	for _, e := range events {
		b.cursors[e.Cursor.Position] = e.Cursor
	}
	workers := min(runtime.GOMAXPROCS(0), (n+511)/512)
	if workers <= 1 {
		return b, b.decode(events, 0, n)
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		from, to := w*n/workers, (w+1)*n/workers
		wg.Go(func() { errs[w] = b.decode(events, from, to) })
	}
	wg.Wait()
	return b, errors.Join(errs...)
}

// decode fills rows from..to-1 (each worker owns its rows).
func (b *markBatch) decode(events []eventstore.RecordedEvent, from, to int) error {
	for i := from; i < to; i++ {
		e := events[i]
		var d markData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
		}
		b.tenants[i], b.ids[i], b.employees[i], b.users[i] = pgUUID(e.Tenant), pgUUID(d.MarkID), pgUUID(d.EmployeeID), pgUUID(d.UserID)
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
	if len(b.ids) == 0 {
		return nil
	}
	args := []any{b.tenants, b.ids, b.employees, b.users, b.hashes, b.recordedAt, b.clientTimes, b.byGoogle,
		b.addresses, b.lats, b.lons, b.capAddresses, b.capLats, b.capLons, b.fences, b.distances, b.positions}
	if push.Muted(ctx) {
		// A rebuild (Replay mutes push) starts from tables Reset emptied, so its rows cannot
		// conflict: the plain INSERT is half the cost of a speculative ON CONFLICT one. Should a
		// mark come twice anyway, the primary key fails the batch loudly.
		if _, err := tx.Exec(ctx, insertMarks, args...); err != nil {
			return fmt.Errorf("clock_marks: %w", err)
		}
		return nil
	}
	// Live: a mark already projected is left alone and not pushed again.
	rows, err := tx.Query(ctx, insertMarks+`
ON CONFLICT (tenant_id, id) DO NOTHING
RETURNING tenant_id, user_id, user_hash, recorded_at, address, position`, args...)
	if err != nil {
		return fmt.Errorf("clock_marks: %w", err)
	}
	type inserted struct {
		tenant, user uuid.UUID
		hash         string
		at           time.Time
		address      string
		position     int64
	}
	news, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (inserted, error) {
		var m inserted
		return m, r.Scan(&m.tenant, &m.user, &m.hash, &m.at, &m.address, &m.position)
	})
	if err != nil {
		return fmt.Errorf("clock_marks: %w", err)
	}
	// RETURNING has no order: publish in log order.
	slices.SortFunc(news, func(x, y inserted) int {
		cx, cy := b.cursors[x.position], b.cursors[y.position]
		switch {
		case cx.Before(cy):
			return -1
		case cy.Before(cx):
			return 1
		}
		return 0
	})
	msgs := make([]push.Message, len(news))
	for i, m := range news {
		msgs[i] = push.Message{
			Tenant: m.tenant,
			User:   m.user,
			Topic:  ClockMarkTopic,
			Data:   ClockMarkPush{UserHash: m.hash, Time: clock.LocalTime(m.at), Address: m.address},
			Event:  b.cursors[m.position],
		}
	}
	return push.Publish(ctx, tx, msgs...)
}

// ClockMarkPush is the data of a "clock.mark" push message.
type ClockMarkPush struct {
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
	id, ok := strings.CutPrefix(e.Stream, "clock-")
	employee, err := uuid.Parse(id)
	if !ok || err != nil {
		return fmt.Errorf("event %s: stream %q is not clock-<employeeId>", e.ID, e.Stream)
	}
	var d struct {
		UKey    string    `json:"ukey"`
		Address string    `json:"address"`
		Lat     float64   `json:"lat"`
		Lon     float64   `json:"lon"`
		SavedAt time.Time `json:"savedAt"`
	}
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
			rTenants, rEmployees, rKeys = append(rTenants, pgUUID(k.tenant)), append(rEmployees, pgUUID(k.employee)), append(rKeys, k.ukey)
			continue
		}
		sTenants, sEmployees, sKeys = append(sTenants, pgUUID(k.tenant)), append(sEmployees, pgUUID(k.employee)), append(sKeys, k.ukey)
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

func pgUUID(id uuid.UUID) pgtype.UUID { return pgtype.UUID{Bytes: id, Valid: true} }

// ClockMark is a registered mark as v2/historico-ponto lists it.
type ClockMark struct {
	RecordedAt time.Time
	Address    string
}

// ClockAddress is a saved address as historico-endereco-ponto lists it.
type ClockAddress struct {
	UKey     string
	Address  string
	Lat, Lon float64
	SavedAt  time.Time
}

// RecentMarks returns an employee's newest marks, newest first. tx must be a tenant
// transaction (db.InTenant): row-level security keeps other tenants out.
func (Clock) RecentMarks(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]ClockMark, error) {
	rows, err := tx.Query(ctx, `
SELECT recorded_at, address FROM clock_marks
WHERE tenant_id = app_tenant() AND employee_id = $1
ORDER BY recorded_at DESC, position DESC
LIMIT $2`, employee, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ClockMark, error) {
		var m ClockMark
		return m, r.Scan(&m.RecordedAt, &m.Address)
	})
}

// SavedAddresses returns an employee's address book, newest first, at most limit entries.
func (Clock) SavedAddresses(ctx context.Context, tx pgx.Tx, employee uuid.UUID, limit int) ([]ClockAddress, error) {
	rows, err := tx.Query(ctx, `
SELECT ukey, address, lat, lon, saved_at FROM clock_addresses
WHERE tenant_id = app_tenant() AND employee_id = $1
ORDER BY saved_at DESC, position DESC
LIMIT $2`, employee, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ClockAddress, error) {
		var a ClockAddress
		return a, r.Scan(&a.UKey, &a.Address, &a.Lat, &a.Lon, &a.SavedAt)
	})
}
