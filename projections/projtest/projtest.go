// Package projtest is the projection areas' test harness: a fresh database with its event
// store, people to act as, punches through the real command, and waiting for the log and the
// runner. Only tests import it.
package projtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/commands/clocktest"
	"portal/domain/clock"
	rq "portal/domain/request"
	"portal/eventstore"
	"portal/eventstore/storetest"
	"portal/platform/pgtest"
	"portal/projections"
)

// Now is the tests' business time: 09:30:15 in São Paulo.
var Now = time.Date(2024, 5, 10, 12, 30, 15, 0, time.UTC)

// DB gives a test its own freshly migrated database and event store.
func DB(t *testing.T) (*pgtest.DB, *eventstore.Postgres) {
	t.Helper()
	return storetest.Postgres(t, "projections_"+strings.ToLower(t.Name()))
}

// FreshDB gives the test its own freshly migrated database, so the event log holds only
// what the test appends.
func FreshDB(t testing.TB) *pgtest.DB {
	t.Helper()
	d, err := pgtest.Start("projections_" + strings.ToLower(t.Name()))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(d.Close)
	return d
}

// NewStore is an event store on pool, closed with the test.
func NewStore(t testing.TB, pool *pgxpool.Pool) *eventstore.Postgres {
	t.Helper()
	s := eventstore.NewPostgres(pool)
	t.Cleanup(s.Close)
	return s
}

// Person makes a tenant with one active employee, who may punch at the fence "Sede".
func Person(t *testing.T, d *pgtest.DB) clocktest.Person {
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

// Team is a tenant's collaborator Ana, her manager Marcos and two HR people, Helena and
// another, in a tenant that bought the purchase requests.
type Team struct{ Ana, Marcos, Helena, OtherHR clocktest.Person }

// NewTeam makes a Team in a new tenant.
func NewTeam(t *testing.T, d *pgtest.DB) Team {
	t.Helper()
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	mk := func(roles ...string) clocktest.Person {
		p, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{Roles: roles})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := Team{Ana: mk(auth.RoleCollaborator), Marcos: mk(auth.RoleManager), Helena: mk(rq.RoleHR), OtherHR: mk(rq.RoleHR)}
	if _, err := d.Pool.Exec(ctx, `UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND id = $3`, tenant.ID, p.Marcos.EmployeeID, p.Ana.EmployeeID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pool.Exec(ctx, `UPDATE users SET purchased = 'pwa-req-tools-compra' WHERE tenant_id = $1`, tenant.ID); err != nil {
		t.Fatal(err)
	}
	return p
}

// Caller is p calling the request commands with roles.
func Caller(p clocktest.Person, roles ...string) commands.RequestCaller {
	return commands.RequestCaller{Tenant: p.Tenant, UserID: p.UserID, UserHash: p.UserHash, EmployeeID: p.EmployeeID, Roles: roles}
}

// Punch registers a mark through the real command handler and store. Each address gets its
// own place (a kilometre apart per letter) so that it is saved.
func Punch(t *testing.T, d *pgtest.DB, store eventstore.Store, p clocktest.Person, id, address string, at time.Time) {
	t.Helper()
	h, err := clockcmd.NewRegisterMarkHandler(commands.PoolFacts{Pool: d.Pool}, store, func() time.Time { return at })
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
	_, err = h.Handle(context.Background(), clockcmd.RegisterMark{CommandID: id, Tenant: p.Tenant, UserID: p.UserID,
		UserHash: p.UserHash, EmployeeID: p.EmployeeID, Payload: payload})
	if err != nil {
		t.Fatal(err)
	}
}

// Readable waits until the log is readable up to last: ReadAll, and so a replay, stops
// before an event whose transaction is newer than one still open anywhere on the server
// (ARCHITECTURE.md, "Skipped events"), such as another test's.
func Readable(t testing.TB, store *eventstore.Postgres, last eventstore.Cursor) {
	t.Helper()
	WaitFor(t, "the log to be readable", time.Minute, func() bool {
		head, err := store.Head(context.Background())
		return err == nil && !head.Before(last)
	})
}

// Log is the whole log once every event committed so far is readable: ReadAll alone may stop
// short of them while another transaction on the server is still open (Readable).
func Log(t testing.TB, d *pgtest.DB, store *eventstore.Postgres) []eventstore.RecordedEvent {
	t.Helper()
	ctx := context.Background()
	var last eventstore.Cursor
	err := d.Pool.QueryRow(ctx, `SELECT transaction_id::text::bigint, position FROM events
ORDER BY transaction_id DESC, position DESC LIMIT 1`).Scan(&last.TxID, &last.Position)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		t.Fatal(err)
	}
	Readable(t, store, last)
	all, err := store.ReadAll(ctx, eventstore.Start, 100_000)
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// WaitFor polls ok until it holds, failing the test after timeout.
func WaitFor(t testing.TB, what string, timeout time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Count runs a query that counts.
func Count(t testing.TB, d *pgtest.DB, q string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := d.Pool.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// Texts runs q, a query of one text column, and returns its rows.
func Texts(t testing.TB, d *pgtest.DB, q string, args ...any) []string {
	t.Helper()
	rows, err := d.Pool.Query(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// Quiet is a logger that writes nothing.
var Quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// Running is a Runner running in the background until the test ends (or Stop).
type Running struct {
	Runner *projections.Runner
	cancel context.CancelFunc
	done   chan error
}

// StartRunner runs ps on the test's database (logging nothing unless cfg says where).
func StartRunner(t *testing.T, d *pgtest.DB, store eventstore.Store, cfg projections.RunnerConfig, ps ...projections.Projection) *Running {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = Quiet
	}
	r, err := projections.NewRunner(d.Pool, store, cfg, ps...)
	if err != nil {
		t.Fatal(err)
	}
	return RunWith(t, r)
}

// RunWith runs r until the test ends (or Stop).
func RunWith(t *testing.T, r *projections.Runner) *Running {
	ctx, cancel := context.WithCancel(context.Background())
	rr := &Running{Runner: r, cancel: cancel, done: make(chan error, 1)}
	go func() { rr.done <- r.Run(ctx) }()
	t.Cleanup(rr.Stop)
	return rr
}

// Stop stops the runner and waits for it; a second Stop returns at once.
func (r *Running) Stop() {
	r.cancel()
	<-r.done
	r.done <- nil
}

// Apply applies events to p in one transaction, as the Runner does.
func Apply(t *testing.T, d *pgtest.DB, ctx context.Context, p projections.Projection, events []eventstore.RecordedEvent) {
	t.Helper()
	if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return p.Apply(ctx, tx, events) }); err != nil {
		t.Fatal(err)
	}
}

// ClockStream reads p's clock stream.
func ClockStream(t *testing.T, store eventstore.Store, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	events, err := store.ReadStream(context.Background(), p.Tenant, clock.Stream(p.EmployeeID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// Pushed is a push message waiting in push_pending.
type Pushed struct {
	User  uuid.UUID
	Topic string
	Data  string
	Pos   int64
}

// Pushes lists the push messages of tenant waiting to go out, in the order they were written.
func Pushes(t *testing.T, d *pgtest.DB, tenant uuid.UUID) []Pushed {
	t.Helper()
	rows, err := d.Pool.Query(context.Background(), `SELECT user_id, topic, data::text, event_position FROM push_pending
		WHERE tenant_id = $1 ORDER BY id`, tenant)
	if err != nil {
		t.Fatal(err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Pushed, error) {
		var p Pushed
		return p, r.Scan(&p.User, &p.Topic, &p.Data, &p.Pos)
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// NormJSON is s as jsonb would give it back, to compare JSON texts.
func NormJSON(s string) string {
	var x any
	_ = json.Unmarshal([]byte(s), &x)
	b, _ := json.Marshal(x)
	return string(b)
}
