package readapi

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/projections"
	"portal/readapi/apitest"
)

// The time-clock calls end to end: HTTP, a real auth.Service, the command handlers, the
// Postgres event store, the clock projection and the read model. Every subtest works in its
// own tenant, so they run in parallel and any leak between tenants shows.

// clockNow is the server clock: 09:30:15 in São Paulo.
var clockNow = time.Date(2024, 5, 10, 12, 30, 15, 0, time.UTC)

var (
	clockOffice = clock.Fence{Desc: "Sede", Position: clock.Position{Lat: -23.5505, Lon: -46.6333}}
	clockHome   = clock.Position{Lat: -23.6, Lon: -46.7}
)

// clockNorth moves p about m metres north.
func clockNorth(p clock.Position, m float64) clock.Position {
	return clock.Position{Lat: p.Lat + m/(clock.EarthRadiusMeters*math.Pi/180), Lon: p.Lon}
}

type clockEnv struct {
	db      *pgtest.DB
	store   *eventstore.Postgres
	auth    *auth.Service
	handler http.Handler
}

// clockPerson is a signed-in person.
type clockPerson struct {
	clocktest.Person
	token string
}

type clockResponse struct {
	status int
	body   []byte
}

func (r clockResponse) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("body %s: %v", r.body, err)
	}
}

// wantErr checks a 4xx answer: status, the first message and the single {type, message}.
func (r clockResponse) wantErr(t *testing.T, status int, typ, message string) {
	t.Helper()
	var b ErrorBody
	r.decode(t, &b)
	if r.status != status || b.Message != message || len(b.Errors) != 1 || b.Errors[0] != (FieldError{Type: typ, Message: message}) {
		t.Fatalf("got %d %s, want %d {%s %s}", r.status, r.body, status, typ, message)
	}
}

func newClockEnv(t *testing.T) *clockEnv {
	t.Helper()
	d, store, svc := apitest.Start(t, "readapi_clock", "clock test signing key, 32 bytes")
	srv := &Server{Pool: d.Pool, Store: store, Auth: svc, Now: func() time.Time { return clockNow }}
	if err := srv.Init(); err != nil {
		t.Fatal(err)
	}
	return &clockEnv{db: d, store: store, auth: svc, handler: srv.Handler()}
}

// person creates a tenant (or uses tenant) with a person in it and signs them in.
func (e *clockEnv) person(t *testing.T, tenant *clocktest.Tenant, o clocktest.Options) clockPerson {
	t.Helper()
	ctx := context.Background()
	if tenant == nil {
		tn, err := clocktest.NewTenant(ctx, e.db.Pool)
		if err != nil {
			t.Fatal(err)
		}
		tenant = &tn
	}
	p, err := tenant.NewPerson(ctx, e.db.Pool, o)
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.auth.Login(ctx, p.AccessCode, p.UserName, clocktest.Password)
	if err != nil {
		t.Fatalf("login: %v", err)
	}
	return clockPerson{Person: p, token: res.AccessToken}
}

// call sends a request as p with tenId and userHash set from p unless query overrides them
// (an empty value removes the parameter).
func (e *clockEnv) call(t *testing.T, p clockPerson, method, path string, query map[string]string, body string, header map[string]string) clockResponse {
	t.Helper()
	q := apitest.Query(url.Values{"tenId": {p.Tenant.String()}, "userHash": {p.UserHash}}, query)
	req := httptest.NewRequest(method, "/api/rh-app/colaborador/"+path+"?"+q.Encode(), strings.NewReader(body))
	for k, v := range header {
		req.Header.Set(k, v)
	}
	r := apitest.Do(e.handler, req, p.token)
	return clockResponse{r.Status, r.Body}
}

func (e *clockEnv) register(t *testing.T, p clockPerson, body string, header map[string]string) clockResponse {
	t.Helper()
	return e.registerWith(t, p, nil, body, header)
}

func (e *clockEnv) registerWith(t *testing.T, p clockPerson, query map[string]string, body string, header map[string]string) clockResponse {
	t.Helper()
	return e.call(t, p, http.MethodPost, "v2/registrar-ponto", query, body, header)
}

// project applies the tenant's events of the global log (store.ReadAll) to the clock
// projection in one transaction, as the Runner would; applying them again is harmless.
// ReadAll holds back events that a transaction still in flight could precede, so it reads
// until the person's newest event has come through.
func (e *clockEnv) project(t *testing.T, p clocktest.Person) {
	t.Helper()
	ctx := context.Background()
	stream := e.events(t, p)
	if len(stream) == 0 {
		return
	}
	newest := stream[len(stream)-1].ID
	mine := apitest.TenantLog(t, e.store, p.Tenant, func(ev eventstore.RecordedEvent) bool { return ev.ID == newest })
	if err := pgx.BeginFunc(ctx, e.db.Pool, func(tx pgx.Tx) error {
		return projections.NewClock().Apply(ctx, tx, mine)
	}); err != nil {
		t.Fatal(err)
	}
}

func (e *clockEnv) events(t *testing.T, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	list, err := e.store.ReadStream(context.Background(), p.Tenant, eventstore.StreamName("clock", p.EmployeeID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// countEvents counts a tenant's events (other subtests write to other tenants meanwhile).
func (e *clockEnv) countEvents(t *testing.T, tenant clocktest.Tenant) int64 {
	t.Helper()
	var n int64
	if err := e.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE tenant_id = $1`, tenant.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// markBody is the web app's registrar-ponto body.
func markBody(address string, selected clock.Position, captured *clock.Position) string {
	b := map[string]any{
		"n09_001_t":        "2024-05-10T09:30:00",
		"bygoogle":         false,
		"localSelecionado": map[string]string{"endereco": address, "latitude": fmt.Sprint(selected.Lat), "longitude": fmt.Sprint(selected.Lon)},
		"localCapturado":   map[string]string{"endereco": "", "latitude": "", "longitude": ""},
		"cercaVirtual":     []map[string]any{{"desc": "Sede", "lat": clockOffice.Lat, "lon": clockOffice.Lon}},
		"cercaProxima":     map[string]any{"desc": "Sede", "lat": clockOffice.Lat, "lon": clockOffice.Lon, "dist": 0},
	}
	if captured != nil {
		b["localCapturado"] = map[string]string{"endereco": "Perto da Sé", "latitude": fmt.Sprint(captured.Lat), "longitude": fmt.Sprint(captured.Lon)}
	}
	data, _ := json.Marshal(b)
	return string(data)
}

func TestClockAPI(t *testing.T) {
	env := newClockEnv(t)

	t.Run("register_mark_then_history", func(t *testing.T) {
		t.Parallel()
		p := env.person(t, nil, clocktest.Options{Fences: []clock.Fence{clockOffice}})
		here := clockNorth(clockOffice.Position, 120)
		r := env.register(t, p, markBody("Rua Direita, 10", clockHome, &here), nil)
		if r.status != http.StatusOK || string(r.body) != `{"success":true,"data":{"n09_001_t":"2024-05-10T09:30:15","endereco":"Rua Direita, 10"}}`+"\n" {
			t.Fatalf("register: %d %s", r.status, r.body)
		}

		events := env.events(t, p.Person)
		if len(events) != 2 || events[0].Type != clock.TypeMarkRegistered || events[1].Type != clock.TypeAddressSaved {
			t.Fatalf("events %v", events)
		}
		var mark struct {
			RecordedAt         time.Time
			UserHash           string
			Selected, Captured struct {
				Address  string
				Lat, Lon float64
			}
			NearestFence struct {
				Desc     string
				Distance float64
			}
		}
		if err := json.Unmarshal(events[0].Data, &mark); err != nil {
			t.Fatal(err)
		}
		if !mark.RecordedAt.Equal(clockNow) || mark.UserHash != p.UserHash || mark.Selected.Address != "Rua Direita, 10" ||
			mark.Selected.Lat != clockHome.Lat || mark.Captured.Address != "Perto da Sé" || mark.Captured.Lat != here.Lat ||
			mark.NearestFence.Desc != "Sede" || math.Abs(mark.NearestFence.Distance-120) > 0.01 {
			t.Fatalf("mark event %s", events[0].Data)
		}

		// The read model follows the log: nothing before the projection ran.
		if r := env.call(t, p, http.MethodGet, "v2/historico-ponto", nil, "", nil); string(r.body) != "[]\n" {
			t.Fatalf("history before projection: %s", r.body)
		}
		env.project(t, p.Person)
		r = env.call(t, p, http.MethodGet, "v2/historico-ponto", nil, "", nil)
		if r.status != http.StatusOK || string(r.body) != `[{"n09_001_t":"2024-05-10T09:30:15","endereco":"Rua Direita, 10"}]`+"\n" {
			t.Fatalf("history: %d %s", r.status, r.body)
		}
		var saved []map[string]any
		r = env.call(t, p, http.MethodGet, "historico-endereco-ponto", nil, "", nil)
		r.decode(t, &saved)
		if len(saved) != 1 || saved[0]["endereco"] != "Rua Direita, 10" || saved[0]["latitude"] != clockHome.Lat ||
			saved[0]["timestamp"] != "2024-05-10T09:30:15-03:00" || saved[0]["ukey"] == "" {
			t.Fatalf("saved addresses %s", r.body)
		}
		var pushed string
		if err := env.db.Pool.QueryRow(context.Background(), `SELECT data::text FROM push_pending
			WHERE tenant_id = $1 AND user_id = $2 AND topic = 'clock.mark'`, p.Tenant, p.UserID).Scan(&pushed); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf(`{"endereco": "Rua Direita, 10", "userHash": %q, "n09_001_t": "2024-05-10T09:30:15"}`, p.UserHash)
		if pushed != want {
			t.Fatalf("push %s, want %s", pushed, want)
		}
	})

	t.Run("refusals_are_recorded_and_422", func(t *testing.T) {
		t.Parallel()
		far := clockNorth(clockOffice.Position, 700)
		near := clockNorth(clockOffice.Position, 30)
		layoff := []map[string]string{{"start": "2024-05-10", "end": "2024-05-20"}}
		tests := []struct {
			name     string
			opts     clocktest.Options
			captured *clock.Position
			typ      string
			reason   string
		}{
			{"outside_area", clocktest.Options{Fences: []clock.Fence{clockOffice}}, &far, "localCapturado", "fora_da_area"},
			{"layoff_period", clocktest.Options{Layoff: layoff, Fences: []clock.Fence{clockOffice}}, &near, "n09_001_t", "periodo_afastamento"},
			{"inactive_employee", clocktest.Options{Status: clock.Inactive}, &near, "colaborador", "colaborador_inativo"},
			{"away_employee", clocktest.Options{Status: clock.Away}, &near, "colaborador", "colaborador_inativo"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				p := env.person(t, nil, tt.opts)
				env.register(t, p, markBody("Rua X", near, tt.captured), nil).wantErr(t, http.StatusUnprocessableEntity, tt.typ, tt.reason)
				events := env.events(t, p.Person)
				if len(events) != 1 || events[0].Type != clock.TypeMarkRefused {
					t.Fatalf("events %v", events)
				}
				env.project(t, p.Person)
				if r := env.call(t, p, http.MethodGet, "v2/historico-ponto", nil, "", nil); string(r.body) != "[]\n" {
					t.Fatalf("a refusal shows in the history: %s", r.body)
				}
			})
		}
	})

	t.Run("bad_inputs_write_nothing", func(t *testing.T) {
		t.Parallel()
		tenant, err := clocktest.NewTenant(context.Background(), env.db.Pool)
		if err != nil {
			t.Fatal(err)
		}
		p := env.person(t, &tenant, clocktest.Options{})
		other := env.person(t, nil, clocktest.Options{})
		kiosk := env.person(t, &tenant, clocktest.Options{NoEmployee: true, Roles: []string{auth.RoleKiosk}})
		noEmployee := env.person(t, &tenant, clocktest.Options{NoEmployee: true})
		good := markBody("Rua Boa", clockHome, nil)
		with := func(key, value string) string {
			var m map[string]any
			json.Unmarshal([]byte(good), &m)
			var v any
			if err := json.Unmarshal([]byte(value), &v); err != nil {
				panic(value)
			}
			if v == nil {
				delete(m, key)
			} else {
				m[key] = v
			}
			b, _ := json.Marshal(m)
			return string(b)
		}
		long := strings.Repeat("x", 256)
		fences := "[" + strings.TrimSuffix(strings.Repeat(`{"desc":"F","lat":1,"lon":1},`, 51), ",") + "]"
		tests := []struct {
			name    string
			caller  clockPerson
			query   map[string]string
			body    string
			header  map[string]string
			status  int
			typ     string
			message string
		}{
			{"latitude_out_of_range", p, nil, with("localSelecionado", `{"endereco":"A","latitude":"91","longitude":"1"}`), nil, 400, "localSelecionado.latitude", "valor_invalido"},
			{"longitude_out_of_range", p, nil, with("localCapturado", `{"endereco":"A","latitude":"1","longitude":"-181"}`), nil, 400, "localCapturado.longitude", "valor_invalido"},
			{"latitude_not_a_number", p, nil, with("localSelecionado", `{"endereco":"A","latitude":"norte","longitude":"1"}`), nil, 400, "localSelecionado.latitude", "valor_invalido"},
			{"missing_selected_place", p, nil, with("localSelecionado", `null`), nil, 400, "localSelecionado", "campo_obrigatorio"},
			{"missing_address", p, nil, with("localSelecionado", `{"latitude":"1","longitude":"1"}`), nil, 400, "localSelecionado.endereco", "campo_obrigatorio"},
			{"missing_time", p, nil, with("n09_001_t", `null`), nil, 400, "n09_001_t", "campo_obrigatorio"},
			{"badly_formatted_time", p, nil, with("n09_001_t", `"10/05/2024 09:30"`), nil, 400, "n09_001_t", "valor_invalido"},
			{"wrong_type_bygoogle", p, nil, with("bygoogle", `"sim"`), nil, 400, "bygoogle", "valor_invalido"},
			{"wrong_type_selected_place", p, nil, with("localSelecionado", `["Rua"]`), nil, 400, "localSelecionado", "valor_invalido"},
			{"wrong_type_address", p, nil, with("localSelecionado", `{"endereco":5,"latitude":"1","longitude":"1"}`), nil, 400, "localSelecionado.endereco", "valor_invalido"},
			{"over_long_address", p, nil, with("localSelecionado", `{"endereco":"`+long+`","latitude":"1","longitude":"1"}`), nil, 400, "localSelecionado.endereco", "texto_muito_longo"},
			{"too_many_fences", p, nil, with("cercaVirtual", fences), nil, 400, "cercaVirtual", "valor_invalido"},
			{"not_json", p, nil, `{"n09_001_t":`, nil, 400, "body", "valor_invalido"},
			{"over_long_idempotency_key", p, nil, good, map[string]string{"Idempotency-Key": strings.Repeat("k", 201)}, 400, "Idempotency-Key", "valor_invalido"},
			{"foreign_tenant", p, map[string]string{"tenId": other.Tenant.String()}, good, nil, 403, "tenId", "acesso_negado"},
			{"foreign_user_hash", p, map[string]string{"userHash": other.UserHash}, good, nil, 403, "userHash", "acesso_negado"},
			{"missing_tenant", p, map[string]string{"tenId": ""}, good, nil, 400, "tenId", "campo_obrigatorio"},
			{"missing_user_hash", p, map[string]string{"userHash": ""}, good, nil, 400, "userHash", "campo_obrigatorio"},
			{"no_token", clockPerson{Person: p.Person}, nil, good, nil, 401, "token", "token_invalido"},
			{"kiosk_may_not_punch", kiosk, nil, good, nil, 403, "userHash", "acesso_negado"},
			// Without an employee (no m01_ukey) sign-in drops the collaborator role from the
			// token (spec portal-core §6), so the clock's role check refuses.
			{"user_without_employee", noEmployee, nil, good, nil, 403, "userHash", "acesso_negado"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				before := env.countEvents(t, tenant)
				env.registerWith(t, tt.caller, tt.query, tt.body, tt.header).wantErr(t, tt.status, tt.typ, tt.message)
				if after := env.countEvents(t, tenant); after != before {
					t.Fatalf("%d events written", after-before)
				}
			})
		}
	})

	t.Run("retried_command_is_answered_once", func(t *testing.T) {
		t.Parallel()
		p := env.person(t, nil, clocktest.Options{})
		key := map[string]string{"Idempotency-Key": "punch-0930"}
		first := env.register(t, p, markBody("Rua Única", clockHome, nil), key)
		second := env.register(t, p, markBody("Rua Única", clockHome, nil), key)
		if first.status != 200 || string(first.body) != string(second.body) {
			t.Fatalf("first %d %s, retry %d %s", first.status, first.body, second.status, second.body)
		}
		if n := len(env.events(t, p.Person)); n != 2 {
			t.Fatalf("%d events after a retry, want 2", n)
		}
	})

	t.Run("saved_addresses_cap_at_five_and_delete", func(t *testing.T) {
		t.Parallel()
		p := env.person(t, nil, clocktest.Options{})
		for i := range 7 {
			at := clock.Position{Lat: -23 - float64(i)/10, Lon: -46.5}
			if r := env.register(t, p, markBody(fmt.Sprintf("Endereço %d", i), at, nil), nil); r.status != 200 {
				t.Fatalf("register %d: %d %s", i, r.status, r.body)
			}
		}
		env.project(t, p.Person)
		var saved []struct{ UKey, Endereco string }
		env.call(t, p, http.MethodGet, "historico-endereco-ponto", nil, "", nil).decode(t, &saved)
		if len(saved) != 5 {
			t.Fatalf("%d saved addresses, want 5", len(saved))
		}
		var history []map[string]string
		env.call(t, p, http.MethodGet, "v2/historico-ponto", nil, "", nil).decode(t, &history)
		if len(history) != 7 {
			t.Fatalf("%d marks in history, want 7", len(history))
		}

		gone := saved[0]
		r := env.call(t, p, http.MethodDelete, "historico-endereco-ponto", map[string]string{"ukey": gone.UKey}, "", nil)
		if r.status != 200 || string(r.body) != `{"success":true}`+"\n" {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		env.project(t, p.Person)
		env.call(t, p, http.MethodGet, "historico-endereco-ponto", nil, "", nil).decode(t, &saved)
		if len(saved) != 4 {
			t.Fatalf("%d saved addresses after delete, want 4", len(saved))
		}
		for _, a := range saved {
			if a.UKey == gone.UKey {
				t.Fatalf("deleted address still listed")
			}
		}
		env.call(t, p, http.MethodDelete, "historico-endereco-ponto", map[string]string{"ukey": gone.UKey}, "", nil).
			wantErr(t, http.StatusNotFound, "ukey", "nao_encontrado")
		env.call(t, p, http.MethodDelete, "historico-endereco-ponto", nil, "", nil).
			wantErr(t, http.StatusBadRequest, "ukey", "campo_obrigatorio")

		// With room again, the next new address is saved.
		if r := env.register(t, p, markBody("Endereço novo", clock.Position{Lat: -10, Lon: -40}, nil), nil); r.status != 200 {
			t.Fatalf("register: %d %s", r.status, r.body)
		}
		env.project(t, p.Person)
		env.call(t, p, http.MethodGet, "historico-endereco-ponto", nil, "", nil).decode(t, &saved)
		if len(saved) != 5 || saved[0].Endereco != "Endereço novo" {
			t.Fatalf("after a new mark: %+v", saved)
		}
	})

	t.Run("approximate_place", func(t *testing.T) {
		t.Parallel()
		p := env.person(t, nil, clocktest.Options{Fences: []clock.Fence{clockOffice}})
		env.register(t, p, markBody("Casa", clockHome, &clockOffice.Position), nil)
		env.project(t, p.Person)
		nearHome := clockNorth(clockHome, 100)
		nearOffice := clockNorth(clockOffice.Position, 140)
		tests := []struct {
			name     string
			lat, lon string
			want     string
		}{
			{"saved_address_within_150_m", fmt.Sprint(nearHome.Lat), fmt.Sprint(nearHome.Lon), `{"endereco":"Casa","latitude":-23.6,"longitude":-46.7,"source":"address"}`},
			{"fence_within_150_m", fmt.Sprint(nearOffice.Lat), fmt.Sprint(nearOffice.Lon), `{"endereco":"Sede","latitude":-23.5505,"longitude":-46.6333,"source":"fence"}`},
			{"nothing_near_gives_coordinates", "-22.9", "-43.2", `{"endereco":"-22.9, -43.2","latitude":-22.9,"longitude":-43.2,"source":"coordinates"}`},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				r := env.call(t, p, http.MethodGet, "local-aproximado", map[string]string{"latitude": tt.lat, "longitude": tt.lon}, "", nil)
				if r.status != 200 || string(r.body) != tt.want+"\n" {
					t.Fatalf("%d %s, want %s", r.status, r.body, tt.want)
				}
			})
		}
		bad := []struct {
			name, lat, lon, typ, message string
		}{
			{"latitude_out_of_range", "91", "0", "latitude", "valor_invalido"},
			{"longitude_out_of_range", "0", "180.5", "longitude", "valor_invalido"},
			{"latitude_not_a_number", "NaN", "0", "latitude", "valor_invalido"},
			{"missing_longitude", "1", "", "longitude", "campo_obrigatorio"},
		}
		for _, tt := range bad {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				env.call(t, p, http.MethodGet, "local-aproximado", map[string]string{"latitude": tt.lat, "longitude": tt.lon}, "", nil).
					wantErr(t, http.StatusBadRequest, tt.typ, tt.message)
			})
		}
	})

	t.Run("tenant_isolation", func(t *testing.T) {
		t.Parallel()
		a := env.person(t, nil, clocktest.Options{})
		b := env.person(t, nil, clocktest.Options{})
		env.register(t, a, markBody("Endereço de A", clockHome, nil), nil)
		env.project(t, a.Person)
		var saved []struct{ UKey string }
		env.call(t, a, http.MethodGet, "historico-endereco-ponto", nil, "", nil).decode(t, &saved)
		if len(saved) != 1 {
			t.Fatalf("a sees %d addresses", len(saved))
		}
		for _, path := range []string{"v2/historico-ponto", "historico-endereco-ponto"} {
			if r := env.call(t, b, http.MethodGet, path, nil, "", nil); r.status != 200 || string(r.body) != "[]\n" {
				t.Fatalf("b's %s: %d %s", path, r.status, r.body)
			}
			env.call(t, b, http.MethodGet, path, map[string]string{"tenId": a.Tenant.String()}, "", nil).
				wantErr(t, http.StatusForbidden, "tenId", "acesso_negado")
			env.call(t, b, http.MethodGet, path, map[string]string{"userHash": a.UserHash}, "", nil).
				wantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
		}
		env.call(t, b, http.MethodDelete, "historico-endereco-ponto", map[string]string{"ukey": saved[0].UKey}, "", nil).
			wantErr(t, http.StatusNotFound, "ukey", "nao_encontrado")
		r := env.call(t, b, http.MethodGet, "local-aproximado", map[string]string{"latitude": fmt.Sprint(clockHome.Lat), "longitude": fmt.Sprint(clockHome.Lon)}, "", nil)
		var place struct{ Source string }
		r.decode(t, &place)
		if place.Source != "coordinates" {
			t.Fatalf("b's approximate place uses a's address: %s", r.body)
		}
	})
}
