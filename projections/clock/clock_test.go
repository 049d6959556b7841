package clock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/projections/projtest"
	"portal/push"
)

// clockRead runs the read-model queries as the API does: as portal_app in the tenant.
func clockRead(t *testing.T, d *pgtest.DB, tenant, employee uuid.UUID) ([]clockproj.Mark, []clockproj.Address) {
	t.Helper()
	var marks []clockproj.Mark
	var addresses []clockproj.Address
	ctx := context.Background()
	err := db.InTenant(ctx, d.Pool, tenant.String(), func(tx pgx.Tx) error {
		var err error
		if marks, err = (clockproj.Clock{}).RecentMarks(ctx, tx, employee, 10); err != nil {
			return err
		}
		addresses, err = (clockproj.Clock{}).SavedAddresses(ctx, tx, employee, 5)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return marks, addresses
}

func TestClockProjectsMarksAndPushesThem(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	p := projtest.Person(t, d)
	projtest.Punch(t, d, store, p, "c1", "Rua A", projtest.Now)
	projtest.Punch(t, d, store, p, "c2", "Rua B", projtest.Now.Add(time.Minute))
	events := projtest.ClockStream(t, store, p)
	projtest.Apply(t, d, context.Background(), clockproj.New(), events)
	projtest.Apply(t, d, context.Background(), clockproj.New(), events) // a redelivered batch changes nothing

	marks, addresses := clockRead(t, d, p.Tenant, p.EmployeeID)
	if len(marks) != 2 || marks[0].Address != "Rua B" || marks[1].Address != "Rua A" || !marks[1].RecordedAt.Equal(projtest.Now) {
		t.Fatalf("marks %+v", marks)
	}
	if len(addresses) != 2 || addresses[0].Address != "Rua B" || addresses[1].Address != "Rua A" {
		t.Fatalf("addresses %+v", addresses)
	}
	var capturedLat, nearest float64
	var fence, hash string
	if err := d.Pool.QueryRow(context.Background(), `SELECT captured_lat, nearest_distance, nearest_fence, user_hash
		FROM clock_marks WHERE tenant_id = $1 AND address = 'Rua A'`, p.Tenant).Scan(&capturedLat, &nearest, &fence, &hash); err != nil {
		t.Fatal(err)
	}
	if capturedLat != -23.5510 || fence != "Sede" || math.Abs(nearest-55.6) > 0.1 || hash != p.UserHash {
		t.Fatalf("captured %v nearest %v %q hash %q", capturedLat, nearest, fence, hash)
	}

	rows, err := d.Pool.Query(context.Background(), `SELECT user_id, topic, data, event_position FROM push_pending
		WHERE tenant_id = $1 ORDER BY event_position`, p.Tenant)
	if err != nil {
		t.Fatal(err)
	}
	type msg struct {
		User  uuid.UUID
		Topic string
		Data  clockproj.MarkPush
		Pos   int64
	}
	msgs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (msg, error) {
		var m msg
		var data []byte
		err := r.Scan(&m.User, &m.Topic, &data, &m.Pos)
		if err == nil {
			err = json.Unmarshal(data, &m.Data)
		}
		return m, err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []msg{
		{p.UserID, "clock.mark", clockproj.MarkPush{UserHash: p.UserHash, Time: "2024-05-10T09:30:15", Address: "Rua A"}, events[0].Position()},
		{p.UserID, "clock.mark", clockproj.MarkPush{UserHash: p.UserHash, Time: "2024-05-10T09:31:15", Address: "Rua B"}, events[2].Position()},
	}
	if !reflect.DeepEqual(msgs, want) {
		t.Fatalf("push messages\n got %+v\nwant %+v", msgs, want)
	}
}

// TestClockApplyFoldsABatch hands Apply hand-made batches: the last event of an address in
// a batch decides, and other tenants are untouched.
func TestClockApplyFoldsABatch(t *testing.T) {
	t.Parallel()
	d, _ := projtest.DB(t)
	saved := func(ukey, address string) json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"ukey":%q,"address":%q,"lat":-23.5,"lon":-46.6,"savedAt":"2024-05-01T10:00:00Z"}`, ukey, address))
	}
	removed := func(ukey string) json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"ukey":%q,"removedAt":"2024-05-02T10:00:00Z"}`, ukey))
	}
	tests := []struct {
		name    string
		batches [][]struct {
			typ  string
			data json.RawMessage
		}
		want []string // addresses left, newest first
	}{
		{name: "saved_then_removed_in_one_batch_leaves_nothing", batches: [][]struct {
			typ  string
			data json.RawMessage
		}{{{clock.TypeAddressSaved, saved("a", "A")}, {clock.TypeAddressRemoved, removed("a")}}}},
		{name: "removed_then_saved_again_keeps_it", batches: [][]struct {
			typ  string
			data json.RawMessage
		}{{{clock.TypeAddressSaved, saved("a", "A")}}, {{clock.TypeAddressRemoved, removed("a")}, {clock.TypeAddressSaved, saved("a", "A2")}}}, want: []string{"A2"}},
		{name: "removal_in_a_later_batch_deletes", batches: [][]struct {
			typ  string
			data json.RawMessage
		}{{{clock.TypeAddressSaved, saved("a", "A")}, {clock.TypeAddressSaved, saved("b", "B")}}, {{clock.TypeAddressRemoved, removed("a")}}}, want: []string{"B"}},
		{name: "removing_an_unknown_address_is_harmless", batches: [][]struct {
			typ  string
			data json.RawMessage
		}{{{clock.TypeAddressRemoved, removed("zz")}, {"other.thing.v1", json.RawMessage(`{}`)}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tenant, employee := uuid.New(), uuid.New()
			var pos int64 = 1
			for _, batch := range tt.batches {
				var events []eventstore.RecordedEvent
				for _, e := range batch {
					events = append(events, eventstore.RecordedEvent{
						ID: uuid.New(), Stream: "clock-" + employee.String(), Tenant: tenant, Type: e.typ,
						Cursor: eventstore.Cursor{TxID: 1, Position: pos}, Data: e.data, RecordedAt: projtest.Now,
					})
					pos++
				}
				projtest.Apply(t, d, context.Background(), clockproj.New(), events)
			}
			_, addresses := clockRead(t, d, tenant, employee)
			var got []string
			for _, a := range addresses {
				got = append(got, a.Address)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("addresses %v, want %v", got, tt.want)
			}
		})
	}
}

func TestClockApplyRejectsABadStream(t *testing.T) {
	t.Parallel()
	d, _ := projtest.DB(t)
	err := pgx.BeginFunc(context.Background(), d.Pool, func(tx pgx.Tx) error {
		return clockproj.New().Apply(context.Background(), tx, []eventstore.RecordedEvent{{
			ID: uuid.New(), Stream: "clock-not-a-uuid", Tenant: uuid.New(), Type: clock.TypeAddressSaved,
			Data: json.RawMessage(`{"ukey":"a","address":"A","lat":1,"lon":1}`),
		}})
	})
	if err == nil {
		t.Fatal("an address event on a stream without an employee id was applied")
	}
}

func TestClockReadModelIsTenantScoped(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	p := projtest.Person(t, d)
	projtest.Punch(t, d, store, p, "c1", "Rua Secreta", projtest.Now)
	projtest.Apply(t, d, context.Background(), clockproj.New(), projtest.ClockStream(t, store, p))
	if marks, addresses := clockRead(t, d, uuid.New(), p.EmployeeID); len(marks)+len(addresses) != 0 {
		t.Fatalf("another tenant sees %v %v", marks, addresses)
	}
	if marks, _ := clockRead(t, d, p.Tenant, p.EmployeeID); len(marks) != 1 {
		t.Fatalf("own tenant sees %v", marks)
	}
}

// TestClockReplay rebuilds the projection with projections.Replay over the whole log
// (store.ReadAll) and compares it with the incrementally built read model; a replay sends
// no push messages.
func TestClockReplay(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	p := projtest.Person(t, d)
	for i := range 3 {
		projtest.Punch(t, d, store, p, fmt.Sprint("r", i), fmt.Sprint("Rua R", i), projtest.Now.Add(time.Duration(i)*time.Minute))
	}
	stream := projtest.ClockStream(t, store, p)
	projtest.Apply(t, d, ctx, clockproj.New(), stream)
	beforeMarks, beforeAddresses := clockRead(t, d, p.Tenant, p.EmployeeID)
	projtest.Readable(t, store, stream[len(stream)-1].Cursor)

	var pushesBefore int64
	d.Pool.QueryRow(ctx, `SELECT count(*) FROM push_pending`).Scan(&pushesBefore)
	if _, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), nil); err != nil {
		t.Fatal(err)
	}
	afterMarks, afterAddresses := clockRead(t, d, p.Tenant, p.EmployeeID)
	if !reflect.DeepEqual(beforeMarks, afterMarks) || !reflect.DeepEqual(beforeAddresses, afterAddresses) || len(afterMarks) != 3 {
		t.Fatalf("replay differs:\n%v %v\n%v %v", beforeMarks, beforeAddresses, afterMarks, afterAddresses)
	}
	var pushesAfter int64
	d.Pool.QueryRow(ctx, `SELECT count(*) FROM push_pending`).Scan(&pushesAfter)
	if pushesAfter != pushesBefore {
		t.Fatalf("replay pushed %d messages", pushesAfter-pushesBefore)
	}
}

// TestClockApplyRate measures Apply over replay-sized batches of a realistic mix (80 %
// marks, 10 % saved and 10 % removed addresses) against the ≥100,000 events/s target of the
// Projection contract.
func TestClockApplyRate(t *testing.T) {
	if testing.Short() {
		t.Skip("measurement")
	}
	t.Parallel()
	d, _ := projtest.DB(t)
	const total, batch = 100_000, projections.ReplayBatch
	tenant := uuid.New()
	employees := make([]uuid.UUID, 200)
	for i := range employees {
		employees[i] = uuid.New()
	}
	events := make([]eventstore.RecordedEvent, total)
	for i := range events {
		emp := employees[i%len(employees)]
		e := eventstore.RecordedEvent{ID: uuid.New(), Stream: "clock-" + emp.String(), Tenant: tenant,
			Cursor: eventstore.Cursor{TxID: 1, Position: int64(i + 1)}, RecordedAt: projtest.Now}
		switch i % 10 {
		case 8:
			e.Type = clock.TypeAddressSaved
			e.Data = json.RawMessage(fmt.Sprintf(`{"ukey":"k%d","address":"Endereço %d","lat":-23.5,"lon":-46.6,"savedAt":"2024-05-01T10:00:00Z"}`, i, i))
		case 9:
			e.Type = clock.TypeAddressRemoved
			e.Data = json.RawMessage(fmt.Sprintf(`{"ukey":"k%d","removedAt":"2024-05-01T10:00:00Z"}`, i-1))
		default:
			e.Type = clock.TypeMarkRegistered
			e.Data = json.RawMessage(fmt.Sprintf(`{"markId":%q,"employeeId":%q,"userId":%q,"userHash":"h","recordedAt":"2024-05-10T12:30:15Z",
"clientTime":"2024-05-10T09:30:00","byGoogle":false,"selected":{"address":"Rua %d","lat":-23.55,"lon":-46.63},
"captured":{"address":"GPS","lat":-23.551,"lon":-46.633},"nearestFence":{"desc":"Sede","lat":-23.5505,"lon":-46.6333,"distance":55.6}}`,
				uuid.New(), emp, uuid.New(), i))
		}
		events[i] = e
	}
	ctx := push.Mute(context.Background())
	start := time.Now()
	for i := 0; i < total; i += batch {
		projtest.Apply(t, d, ctx, clockproj.New(), events[i:i+batch])
	}
	elapsed := time.Since(start)

	// Baseline in the same run: the server alone inserting as many mark rows, generated in
	// SQL (no parameters, no decoding), in the same batch sizes.
	baseTenant := uuid.New()
	start = time.Now()
	for i := 0; i < total; i += batch {
		_, err := d.Pool.Exec(context.Background(), `
INSERT INTO clock_marks (tenant_id, id, employee_id, user_id, user_hash, recorded_at, client_time, by_google,
                         address, lat, lon, captured_address, captured_lat, captured_lon, nearest_fence, nearest_distance, position)
SELECT $1, gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'h', now(), '2024-05-10T09:30:00', false,
       'Rua ' || g, -23.55, -46.63, 'GPS', -23.551, -46.633, 'Sede', 55.6, g
FROM generate_series($2::int, $3::int) g`, baseTenant, i, i+batch*8/10-1)
		if err != nil {
			t.Fatal(err)
		}
	}
	base := time.Since(start)
	t.Logf("clock projection: %d events (80%% marks) in %s = %.0f events/s; baseline server-only INSERT of the %d mark rows: %s = %.0f rows/s",
		total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds(),
		total*8/10, base.Round(time.Millisecond), float64(total*8/10)/base.Seconds())
	var marks int64
	d.Pool.QueryRow(context.Background(), `SELECT count(*) FROM clock_marks WHERE tenant_id = $1`, tenant).Scan(&marks)
	if marks != total*8/10 {
		t.Fatalf("%d marks projected", marks)
	}
}

// markContract mirrors clock.mark_registered.v1 as encoding/json reads it: the reference for
// TestClockDecodesMarksAsEncodingJSON.
type markContract struct {
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

// markVariants returns mark JSON in many shapes besides the one the event store gives back
// (jsonb: keys by length, ", " and ": "): other key orders and spacing, keys in other cases,
// escapes, unknown keys, repeated keys, nulls, numbers in every notation, UUIDs in every form
// uuid.Parse takes, times with offsets; and JSON that encoding/json refuses.
func markVariants() (good, bad []string) {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(options ...string) string { return options[rng.IntN(len(options))] }
	ws := func() string { return pick("", "", "", " ", "\n\t ", "\r\n") }
	plain := false // plain variants have no escapes and keys as they are
	key := func(k string) string {
		if plain {
			return k
		}
		switch rng.IntN(12) {
		case 0:
			return strings.ToUpper(k)
		case 1:
			return strings.ToLower(k)
		case 2: // an escaped first letter
			return fmt.Sprintf(`\u%04x`, k[0]) + k[1:]
		}
		return k
	}
	object := func(members [][2]string) string {
		rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		var b strings.Builder
		b.WriteString(ws() + "{")
		for i, m := range members {
			if i > 0 {
				b.WriteString(ws() + ",")
			}
			fmt.Fprintf(&b, `%s"%s"%s:%s%s`, ws(), key(m[0]), ws(), ws(), m[1])
		}
		b.WriteString(ws() + "}" + ws())
		return b.String()
	}
	id := func() string {
		u := uuid.New()
		return pick(`"`+u.String()+`"`, `"`+strings.ToUpper(u.String())+`"`, `"{`+u.String()+`}"`,
			`"urn:uuid:`+u.String()+`"`, `"`+strings.ReplaceAll(u.String(), "-", "")+`"`)
	}
	text := func() string {
		if plain {
			return pick(`""`, `"Av. Paulista, 1000"`, `"São Paulo — ação 日本 🕒"`, `"/ '"`)
		}
		return pick(`""`, `"Av. Paulista, 1000"`, `"São Paulo — ação 日本 🕒"`, `"\"quoted\" \\ \/ \b\f\n\r\t"`,
			`"\u00e7\u00e3o \ud83d\udd52"`, `"\ud800 lone surrogate"`)
	}
	number := func() string {
		return pick("0", "-0", "-23.5614", "-46.6559", "1e2", "1E+2", "-1.5e-7", "12345678901234567890",
			"0.1", "4.9e-324", "1.7976931348623157e308", "55.6")
	}
	at := func() string {
		return pick(`"2024-05-10T12:30:15Z"`, `"2024-05-10T12:30:15.123456789Z"`, `"2024-05-10T09:30:15.5-03:00"`,
			`"1999-12-31T23:59:59.999999999Z"`, `"2026-11-22T06:10:55.606383102Z"`)
	}
	place := func(fence bool) string {
		if fence {
			return object([][2]string{{"desc", text()}, {"distance", number()}, {"lat", number()}, {"lon", number()}})
		}
		members := [][2]string{{"address", text()}, {"lat", number()}, {"lon", number()}}
		return object(members[:rng.IntN(4)])
	}
	for i := range 700 {
		plain = i%2 == 0
		members := [][2]string{{"markId", id()}, {"employeeId", id()}, {"userId", id()}, {"userHash", text()},
			{"recordedAt", at()}, {"clientTime", text()}, {"byGoogle", pick("true", "false")},
			{"selected", place(false)}, {"captured", pick("null", place(false))}, {"nearestFence", pick("null", place(true))}}
		switch rng.IntN(8) {
		case 0:
			members = append(members, [2]string{"reason", text()}, [2]string{"extra", `[1, {"a": [true, false, null, {}, []]}, "x\u0000", -2e3]`})
		case 1: // repeated keys: the last one counts, in an object what it has
			members = append(members, [2]string{"userHash", text()}, [2]string{"captured", place(false)},
				[2]string{"selected", place(false)})
		case 2: // nulls leave the zero value (or the value before)
			members = append(members, [2]string{"clientTime", "null"}, [2]string{"recordedAt", "null"}, [2]string{"selected", "null"})
		case 3: // missing keys
			members = members[:3+rng.IntN(len(members)-3)]
		}
		good = append(good, object(members))
	}
	base := `{"markId": "ff45abc1-13dc-4dc0-aa15-3f865db79006", "userId": "1e443af7-b873-4f7e-98e3-4ef2ea9e37e7", ` +
		`"recordedAt": "2024-05-10T12:30:15Z", "selected": {"lat": -23.5, "lon": -46.6, "address": "A"}%s}`
	for _, tail := range []string{`, "markId": "not-a-uuid"`, `, "markId": ""`, `, "selected": {"lat": "1.5"}`,
		`, "byGoogle": "true"`, `, "recordedAt": "yesterday"`, `, "recordedAt": 5`, `, "selected": {"lat": 1e400}`,
		`, "captured": []`, `, "userHash": 7`, `, "lat": 01`, `, "x": [1,]`, `, "x": "\q"`, `, "userHash": "tab	inside"`, `,`, `} x`, `, "userHash": "\u0000"`} {
		bad = append(bad, fmt.Sprintf(base, tail))
	}
	return append(good, `null`, ` {} `), append(bad, `[]`, ``, `{"markId": `, `{"markId": "ff45abc1-13dc-4dc0-aa15-3f865db79006"`)
}

// TestClockDecodesMarksAsEncodingJSON projects marks of every JSON shape (markVariants)
// through the live path (INSERT) and the rebuild's (COPY), and checks that both store exactly
// what encoding/json reads, and refuse what it refuses.
func TestClockDecodesMarksAsEncodingJSON(t *testing.T) {
	t.Parallel()
	d, _ := projtest.DB(t)
	good, bad := markVariants()
	for _, path := range []struct {
		name string
		ctx  context.Context
	}{{"live", context.Background()}, {"rebuild", push.Mute(context.Background())}} {
		tenants := make([]uuid.UUID, len(good))
		events := make([]eventstore.RecordedEvent, len(good))
		for i, data := range good {
			tenants[i] = uuid.New()
			events[i] = eventstore.RecordedEvent{ID: uuid.New(), Stream: "clock-" + uuid.NewString(), Tenant: tenants[i],
				Type: clock.TypeMarkRegistered, Cursor: eventstore.Cursor{TxID: 1, Position: int64(i + 1)}, Data: json.RawMessage(data)}
		}
		projtest.Apply(t, d, path.ctx, clockproj.New(), events)
		for i, data := range good {
			var want markContract
			if err := json.Unmarshal([]byte(data), &want); err != nil {
				t.Fatalf("variant %d does not decode: %v\n%s", i, err, data)
			}
			var got markContract
			var capAddress, fence *string
			var capLat, capLon, distance *float64
			var position int64
			err := d.Pool.QueryRow(context.Background(), `SELECT id, employee_id, user_id, user_hash, recorded_at, client_time,
				by_google, address, lat, lon, captured_address, captured_lat, captured_lon, nearest_fence, nearest_distance, position
				FROM clock_marks WHERE tenant_id = $1`, tenants[i]).Scan(&got.MarkID, &got.EmployeeID, &got.UserID, &got.UserHash,
				&got.RecordedAt, &got.ClientTime, &got.ByGoogle, &got.Selected.Address, &got.Selected.Lat, &got.Selected.Lon,
				&capAddress, &capLat, &capLon, &fence, &distance, &position)
			if err != nil {
				t.Fatalf("%s: variant %d: %v\n%s", path.name, i, err, data)
			}
			if capAddress != nil {
				got.Captured = &struct {
					Address string  `json:"address"`
					Lat     float64 `json:"lat"`
					Lon     float64 `json:"lon"`
				}{*capAddress, *capLat, *capLon}
			}
			if fence != nil {
				got.NearestFence = &struct {
					Desc     string  `json:"desc"`
					Distance float64 `json:"distance"`
				}{*fence, *distance}
			}
			// timestamptz keeps microseconds.
			want.RecordedAt = want.RecordedAt.Truncate(time.Microsecond)
			if !got.RecordedAt.Equal(want.RecordedAt) {
				t.Errorf("%s: variant %d: recorded_at %v, want %v\n%s", path.name, i, got.RecordedAt, want.RecordedAt, data)
			}
			got.RecordedAt = want.RecordedAt
			if !reflect.DeepEqual(got, want) || position != int64(i+1) {
				t.Errorf("%s: variant %d:\n got %+v\nwant %+v\n%s", path.name, i, got, want, data)
			}
		}
		for i, data := range bad {
			if json.Unmarshal([]byte(data), new(markContract)) == nil && !strings.Contains(data, `\u0000`) {
				t.Fatalf("bad variant %d decodes: %s", i, data)
			}
			err := pgx.BeginFunc(path.ctx, d.Pool, func(tx pgx.Tx) error {
				return clockproj.New().Apply(path.ctx, tx, []eventstore.RecordedEvent{{ID: uuid.New(), Tenant: uuid.New(),
					Stream: "clock-" + uuid.NewString(), Type: clock.TypeMarkRegistered, Data: json.RawMessage(data)}})
			})
			if err == nil {
				t.Errorf("%s: bad variant %d was applied: %s", path.name, i, data)
			}
		}
	}
}

// clockLog appends a realistic clock log: marks (with and without captured place and
// nearest fence) and address saves and removals, of several tenants and employees, in
// appends of up to 100 events, and waits until they are readable. It returns how many
// events it appended.
func clockLog(t *testing.T, store *eventstore.Postgres, marks int, bad func(i int) bool) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	tenants := []uuid.UUID{uuid.New(), uuid.New()}
	employees := make([]uuid.UUID, 30)
	for i := range employees {
		employees[i] = uuid.New()
	}
	n, last := 0, eventstore.Start
	for n < marks {
		emp := employees[rng.IntN(len(employees))]
		tenant := tenants[rng.IntN(len(tenants))]
		var evs []eventstore.EventData
		for range 1 + rng.IntN(100) {
			at := projtest.Now.Add(time.Duration(n) * time.Second).Add(time.Duration(rng.IntN(1_000_000_000))) // ns: timestamptz keeps µs
			var typ string
			var data any
			switch k := rng.IntN(10); {
			case k == 8:
				typ, data = clock.TypeAddressSaved, map[string]any{"ukey": fmt.Sprint("k", rng.IntN(5)),
					"address": fmt.Sprint("Rua ", rng.IntN(1000)), "lat": -23.5 - rng.Float64(), "lon": -46.6 + rng.Float64(), "savedAt": at}
			case k == 9:
				typ, data = clock.TypeAddressRemoved, map[string]any{"ukey": fmt.Sprint("k", rng.IntN(5)), "removedAt": at}
			default:
				typ = clock.TypeMarkRegistered
				m := map[string]any{"markId": uuid.New(), "employeeId": emp, "userId": uuid.New(), "userHash": fmt.Sprint("h", rng.IntN(50)),
					"recordedAt": at, "clientTime": "2024-05-10T09:30:00", "byGoogle": rng.IntN(2) == 0,
					"selected": map[string]any{"address": "Av. São João, " + fmt.Sprint(rng.IntN(999)), "lat": -23.5 - rng.Float64(), "lon": -46.6}}
				if rng.IntN(2) == 0 {
					m["captured"] = map[string]any{"address": "GPS", "lat": rng.NormFloat64(), "lon": rng.NormFloat64() * 1e-7}
				}
				if rng.IntN(3) == 0 {
					m["nearestFence"] = map[string]any{"desc": "Sede", "lat": -23.55, "lon": -46.63, "distance": rng.ExpFloat64() * 100}
				}
				if bad != nil && bad(n) {
					m["markId"] = "not-a-uuid"
				}
				data = m
			}
			raw, err := json.Marshal(data)
			if err != nil {
				t.Fatal(err)
			}
			evs = append(evs, eventstore.EventData{ID: uuid.New(), Type: typ, Data: raw})
			n++
		}
		res, err := store.Append(context.Background(), eventstore.Meta{Tenant: tenant, Actor: "test"},
			eventstore.StreamName("clock", emp), eventstore.Any, evs...)
		if err != nil {
			t.Fatal(err)
		}
		last = res.Last
	}
	projtest.Readable(t, store, last)
	return n
}

// clockModel is the whole clock read model as text, row by row in key order.
func clockModel(t *testing.T, d *pgtest.DB) []string {
	t.Helper()
	return projtest.Texts(t, d, `
SELECT m::text FROM clock_marks m
UNION ALL SELECT '-'
UNION ALL (SELECT a::text FROM clock_addresses a ORDER BY tenant_id, employee_id, ukey)
ORDER BY 1`)
}

// TestClockReplayMatchesLiveAtScale builds the clock read model from a log of several
// replay batches the live way (Apply, not muted: INSERT ... ON CONFLICT) and then rebuilds
// it with Replay (prepared batches, COPY): every row of both tables must be the same.
func TestClockReplayMatchesLiveAtScale(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	total := clockLog(t, store, 3*projections.ReplayBatch+1234, nil)
	for cursor := eventstore.Start; ; {
		events, err := store.ReadAll(ctx, cursor, 700)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) == 0 {
			break
		}
		projtest.Apply(t, d, ctx, clockproj.New(), events)
		cursor = events[len(events)-1].Cursor
	}
	live := clockModel(t, d)
	n, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), nil)
	if err != nil {
		t.Fatal(err)
	}
	replayed := clockModel(t, d)
	if n != total || len(live) < total*7/10 {
		t.Fatalf("replayed %d events of %d; the live read model has %d rows", n, total, len(live))
	}
	if !reflect.DeepEqual(live, replayed) {
		for i := range min(len(live), len(replayed)) {
			if live[i] != replayed[i] {
				t.Fatalf("replay differs from the live read model (%d and %d rows), first at row %d:\n%s\n%s",
					len(live), len(replayed), i, live[i], replayed[i])
			}
		}
		t.Fatalf("replay has %d rows, the live read model %d", len(replayed), len(live))
	}
}

// TestClockReplayParksABadMark: a mark that cannot be decoded is parked by a replay and
// every other event of its batch and of the next batches is applied.
func TestClockReplayParksABadMark(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	total := clockLog(t, store, projections.ReplayBatch+2000, func(i int) bool { return i == 3210 })
	n, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), nil)
	if err != nil || n != total {
		t.Fatalf("replay: %d of %d events, %v", n, total, err)
	}
	var parked int64
	var reason string
	if err := d.Pool.QueryRow(ctx, `SELECT count(*), min(reason) FROM parked_events WHERE projection = 'clock'`).Scan(&parked, &reason); err != nil {
		t.Fatal(err)
	}
	if parked != 1 || !strings.Contains(reason, "invalid UUID") {
		t.Fatalf("%d parked events (%q), want the bad mark", parked, reason)
	}
	var marks, markEvents int64
	d.Pool.QueryRow(ctx, `SELECT count(*) FROM clock_marks`).Scan(&marks)
	d.Pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE type = $1`, clock.TypeMarkRegistered).Scan(&markEvents)
	if marks != markEvents-1 {
		t.Fatalf("%d marks projected of %d mark events, one of them bad", marks, markEvents)
	}
}
