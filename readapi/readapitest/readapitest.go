// Package readapitest drives a whole readapi.Server for the area tests: a fresh database, a
// real auth.Service, the server on a fixed clock, people signed in, calls as them, and the
// log applied to a read model as the Runner would. Only tests import it (apitest, which
// readapi's own tests use, cannot import readapi).
package readapitest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/readapi"
	"portal/readapi/apitest"
)

// Env is a fresh database with its event store, auth service and server.
type Env struct {
	DB      *pgtest.DB
	Store   *eventstore.Postgres
	Auth    *auth.Service
	Server  *readapi.Server
	Handler http.Handler
}

// New starts a database named name and a server whose clock stands at now.
func New(t *testing.T, name string, now time.Time) *Env {
	t.Helper()
	d, store, svc := apitest.Start(t, name, "readapitest signing key, 32 byte")
	return Serve(t, d, store, svc, &readapi.Server{Now: func() time.Time { return now }})
}

// Serve completes srv with the database, store and auth service, builds its areas and
// serves it.
func Serve(t *testing.T, d *pgtest.DB, store *eventstore.Postgres, svc *auth.Service, srv *readapi.Server) *Env {
	t.Helper()
	srv.Pool, srv.Store, srv.Auth = d.Pool, store, svc
	if err := srv.Init(); err != nil {
		t.Fatal(err)
	}
	return &Env{DB: d, Store: store, Auth: svc, Server: srv, Handler: srv.Handler()}
}

// Person is a signed-in person.
type Person struct {
	clocktest.Person
	Token string
}

// SignIn signs p in.
func (e *Env) SignIn(t *testing.T, p clocktest.Person) Person {
	t.Helper()
	res, err := e.Auth.Login(context.Background(), p.AccessCode, p.UserName, clocktest.Password)
	if err != nil {
		t.Fatalf("login: %v", err)
	}
	return Person{Person: p, Token: res.AccessToken}
}

// Tenant creates a tenant.
func (e *Env) Tenant(t *testing.T) clocktest.Tenant {
	t.Helper()
	tn, err := clocktest.NewTenant(context.Background(), e.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

// Member creates a person in tenant (a new tenant when nil), not signed in: a test changes
// what sign-in reads first.
func (e *Env) Member(t *testing.T, tenant *clocktest.Tenant, o clocktest.Options) clocktest.Person {
	t.Helper()
	if tenant == nil {
		tn := e.Tenant(t)
		tenant = &tn
	}
	p, err := tenant.NewPerson(context.Background(), e.DB.Pool, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Person creates a person in tenant (a new tenant when nil) and signs them in.
func (e *Env) Person(t *testing.T, tenant *clocktest.Tenant, o clocktest.Options) Person {
	t.Helper()
	return e.SignIn(t, e.Member(t, tenant, o))
}

// Exec runs statements with args, failing the test on an error.
func (e *Env) Exec(t *testing.T, args []any, statements ...string) {
	t.Helper()
	for _, sql := range statements {
		if _, err := e.DB.Pool.Exec(context.Background(), sql, args...); err != nil {
			t.Fatal(err)
		}
	}
}

// Call sends a call to path as p, with p's tenId and userHash unless query overrides them
// (an empty value removes the parameter).
func (e *Env) Call(t *testing.T, p Person, method, path string, query map[string]string, body string, header map[string]string) apitest.Response {
	t.Helper()
	q := apitest.Query(url.Values{"tenId": {p.Tenant.String()}, "userHash": {p.UserHash}}, query)
	req := httptest.NewRequest(method, path+"?"+q.Encode(), strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return apitest.Do(e.Handler, req, p.Token)
}

// Projection is a read model the log is applied to.
type Projection interface {
	Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error
}

// Project applies the tenant's events of the global log to p in one transaction, as the
// Runner would; applying them again is harmless. ReadAll holds back events that a
// transaction still in flight could precede, so it reads until the tenant's newest event
// has come through.
func (e *Env) Project(t *testing.T, tenant uuid.UUID, p Projection) {
	t.Helper()
	ctx := context.Background()
	var newest uuid.UUID
	err := e.DB.Pool.QueryRow(ctx, `SELECT id FROM events WHERE tenant_id = $1 ORDER BY position DESC LIMIT 1`, tenant).Scan(&newest)
	if errors.Is(err, pgx.ErrNoRows) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	mine := apitest.TenantLog(t, e.Store, tenant, func(ev eventstore.RecordedEvent) bool { return ev.ID == newest })
	if err := pgx.BeginFunc(ctx, e.DB.Pool, func(tx pgx.Tx) error { return p.Apply(ctx, tx, mine) }); err != nil {
		t.Fatal(err)
	}
}

// CountEvents counts a tenant's events (other subtests write to other tenants meanwhile).
func (e *Env) CountEvents(t *testing.T, tenant uuid.UUID) int64 {
	t.Helper()
	var n int64
	if err := e.DB.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE tenant_id = $1`, tenant).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The time clock's fixtures: the server clock (09:30:15 in São Paulo), the office fence and
// a home address.
var (
	ClockNow    = time.Date(2024, 5, 10, 12, 30, 15, 0, time.UTC)
	ClockOffice = clock.Fence{Desc: "Sede", Position: clock.Position{Lat: -23.5505, Lon: -46.6333}}
	ClockHome   = clock.Position{Lat: -23.6, Lon: -46.7}
)

// ClockNorth moves p about m metres north.
func ClockNorth(p clock.Position, m float64) clock.Position {
	return clock.Position{Lat: p.Lat + m/(clock.EarthRadiusMeters*math.Pi/180), Lon: p.Lon}
}

// Register sends registrar-ponto as p.
func (e *Env) Register(t *testing.T, p Person, query map[string]string, body string, header map[string]string) apitest.Response {
	t.Helper()
	return e.Call(t, p, http.MethodPost, "/api/rh-app/colaborador/v2/registrar-ponto", query, body, header)
}

// MarkBody is the web app's registrar-ponto body.
func MarkBody(address string, selected clock.Position, captured *clock.Position) string {
	b := map[string]any{
		"n09_001_t":        "2024-05-10T09:30:00",
		"bygoogle":         false,
		"localSelecionado": map[string]string{"endereco": address, "latitude": fmt.Sprint(selected.Lat), "longitude": fmt.Sprint(selected.Lon)},
		"localCapturado":   map[string]string{"endereco": "", "latitude": "", "longitude": ""},
		"cercaVirtual":     []map[string]any{{"desc": "Sede", "lat": ClockOffice.Lat, "lon": ClockOffice.Lon}},
		"cercaProxima":     map[string]any{"desc": "Sede", "lat": ClockOffice.Lat, "lon": ClockOffice.Lon, "dist": 0},
	}
	if captured != nil {
		b["localCapturado"] = map[string]string{"endereco": "Perto da Sé", "latitude": fmt.Sprint(captured.Lat), "longitude": fmt.Sprint(captured.Lon)}
	}
	data, _ := json.Marshal(b)
	return string(data)
}
