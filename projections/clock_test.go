package projections_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands"
	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections"
	"portal/push"
)

var clockNow = time.Date(2024, 5, 10, 12, 30, 15, 0, time.UTC) // 09:30:15 in São Paulo

// clockDB gives a test its own freshly migrated database and event store.
func clockDB(t *testing.T) (*pgtest.DB, *eventstore.Postgres) {
	t.Helper()
	d, err := pgtest.Start("projections_" + strings.ToLower(t.Name()))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	store := eventstore.NewPostgres(d.Pool)
	t.Cleanup(func() { store.Close(); d.Close() })
	return d, store
}

// clockPerson makes a tenant with one active employee.
func clockPerson(t *testing.T, d *pgtest.DB) clocktest.Person {
	t.Helper()
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	p, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{Fences: []clock.Fence{{Desc: "Sede", Position: clock.Position{Lat: -23.5505, Lon: -46.6333}}}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// clockPunch registers a mark through the real command handler and store.
// Each address gets its own place (a kilometre apart per letter) so that it is saved.
func clockPunch(t *testing.T, d *pgtest.DB, store eventstore.Store, p clocktest.Person, id, address string, at time.Time) {
	t.Helper()
	h, err := commands.NewRegisterMarkHandler(d.Pool, store, func() time.Time { return at })
	if err != nil {
		t.Fatal(err)
	}
	lat := -23.5505 - float64(address[len(address)-1]%32)/100
	body := fmt.Sprintf(`{"n09_001_t":"2024-05-10T09:30:00","localSelecionado":{"endereco":%q,"latitude":"%v","longitude":"-46.6333"},
		"localCapturado":{"endereco":"GPS","latitude":"-23.5510","longitude":"-46.6333"}}`, address, lat)
	payload, err := clock.ParsePayload([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.Handle(context.Background(), commands.RegisterMark{CommandID: id, Tenant: p.Tenant, UserID: p.UserID,
		UserHash: p.UserHash, EmployeeID: p.EmployeeID, Payload: payload})
	if err != nil {
		t.Fatal(err)
	}
}

// clockApply applies events to the clock projection in one transaction, as the Runner does.
func clockApply(t *testing.T, d *pgtest.DB, ctx context.Context, events []eventstore.RecordedEvent) {
	t.Helper()
	err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return projections.NewClock().Apply(ctx, tx, events)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func clockStream(t *testing.T, store eventstore.Store, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	events, err := store.ReadStream(context.Background(), p.Tenant, eventstore.StreamName("clock", p.EmployeeID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// clockRead runs the read-model queries as the API does: as portal_app in the tenant.
func clockRead(t *testing.T, d *pgtest.DB, tenant, employee uuid.UUID) ([]projections.ClockMark, []projections.ClockAddress) {
	t.Helper()
	var marks []projections.ClockMark
	var addresses []projections.ClockAddress
	ctx := context.Background()
	err := db.InTenant(ctx, d.Pool, tenant.String(), func(tx pgx.Tx) error {
		var err error
		if marks, err = (projections.Clock{}).RecentMarks(ctx, tx, employee, 10); err != nil {
			return err
		}
		addresses, err = (projections.Clock{}).SavedAddresses(ctx, tx, employee, 5)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return marks, addresses
}

func TestClockProjectsMarksAndPushesThem(t *testing.T) {
	t.Parallel()
	d, store := clockDB(t)
	p := clockPerson(t, d)
	clockPunch(t, d, store, p, "c1", "Rua A", clockNow)
	clockPunch(t, d, store, p, "c2", "Rua B", clockNow.Add(time.Minute))
	events := clockStream(t, store, p)
	clockApply(t, d, context.Background(), events)
	clockApply(t, d, context.Background(), events) // a redelivered batch changes nothing

	marks, addresses := clockRead(t, d, p.Tenant, p.EmployeeID)
	if len(marks) != 2 || marks[0].Address != "Rua B" || marks[1].Address != "Rua A" || !marks[1].RecordedAt.Equal(clockNow) {
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

	rows, err := d.Pool.Query(context.Background(), `SELECT user_id, topic, data, event_position FROM push_messages
		WHERE tenant_id = $1 ORDER BY event_position`, p.Tenant)
	if err != nil {
		t.Fatal(err)
	}
	type msg struct {
		User  uuid.UUID
		Topic string
		Data  projections.ClockMarkPush
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
		{p.UserID, "clock.mark", projections.ClockMarkPush{UserHash: p.UserHash, Time: "2024-05-10T09:30:15", Address: "Rua A"}, events[0].Position()},
		{p.UserID, "clock.mark", projections.ClockMarkPush{UserHash: p.UserHash, Time: "2024-05-10T09:31:15", Address: "Rua B"}, events[2].Position()},
	}
	if !reflect.DeepEqual(msgs, want) {
		t.Fatalf("push messages\n got %+v\nwant %+v", msgs, want)
	}
}

// TestClockApplyFoldsABatch hands Apply hand-made batches: the last event of an address in
// a batch decides, and other tenants are untouched.
func TestClockApplyFoldsABatch(t *testing.T) {
	t.Parallel()
	d, _ := clockDB(t)
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
						Cursor: eventstore.Cursor{TxID: 1, Position: pos}, Data: e.data, RecordedAt: clockNow,
					})
					pos++
				}
				clockApply(t, d, context.Background(), events)
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
	d, _ := clockDB(t)
	err := pgx.BeginFunc(context.Background(), d.Pool, func(tx pgx.Tx) error {
		return projections.NewClock().Apply(context.Background(), tx, []eventstore.RecordedEvent{{
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
	d, store := clockDB(t)
	p := clockPerson(t, d)
	clockPunch(t, d, store, p, "c1", "Rua Secreta", clockNow)
	clockApply(t, d, context.Background(), clockStream(t, store, p))
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
	d, store := clockDB(t)
	ctx := context.Background()
	p := clockPerson(t, d)
	for i := range 3 {
		clockPunch(t, d, store, p, fmt.Sprint("r", i), fmt.Sprint("Rua R", i), clockNow.Add(time.Duration(i)*time.Minute))
	}
	clockApply(t, d, ctx, clockStream(t, store, p))
	beforeMarks, beforeAddresses := clockRead(t, d, p.Tenant, p.EmployeeID)

	var pushesBefore int64
	d.Pool.QueryRow(ctx, `SELECT count(*) FROM push_messages`).Scan(&pushesBefore)
	if _, err := projections.Replay(ctx, d.Pool, store, projections.NewClock(), nil); err != nil {
		t.Fatal(err)
	}
	afterMarks, afterAddresses := clockRead(t, d, p.Tenant, p.EmployeeID)
	if !reflect.DeepEqual(beforeMarks, afterMarks) || !reflect.DeepEqual(beforeAddresses, afterAddresses) || len(afterMarks) != 3 {
		t.Fatalf("replay differs:\n%v %v\n%v %v", beforeMarks, beforeAddresses, afterMarks, afterAddresses)
	}
	var pushesAfter int64
	d.Pool.QueryRow(ctx, `SELECT count(*) FROM push_messages`).Scan(&pushesAfter)
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
	d, _ := clockDB(t)
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
			Cursor: eventstore.Cursor{TxID: 1, Position: int64(i + 1)}, RecordedAt: clockNow}
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
		clockApply(t, d, ctx, events[i:i+batch])
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
