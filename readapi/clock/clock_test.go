package clock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/eventstore"
	clockproj "portal/projections/clock"
	"portal/readapi"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
)

// The time-clock calls end to end: HTTP, a real auth.Service, the command handlers, the
// Postgres event store, the clock projection and the read model. Every subtest works in its
// own tenant, so they run in parallel and any leak between tenants shows.

// clockEnv is the server the clock tests call, with the clock area's paths.
type clockEnv struct{ *readapitest.Env }

func newClockEnv(t *testing.T) clockEnv {
	return clockEnv{readapitest.New(t, "readapi_clock", readapitest.ClockNow)}
}

// call sends a call to /api/rh-app/colaborador/<path> as p.
func (e clockEnv) call(t *testing.T, p readapitest.Person, method, path string, query map[string]string, body string, header map[string]string) apitest.Response {
	t.Helper()
	return e.Call(t, p, method, "/api/rh-app/colaborador/"+path, query, body, header)
}

func (e clockEnv) register(t *testing.T, p readapitest.Person, body string, header map[string]string) apitest.Response {
	t.Helper()
	return e.Register(t, p, nil, body, header)
}

// project applies the tenant's log to the clock read model, as the Runner would.
func (e clockEnv) project(t *testing.T, p clocktest.Person) {
	t.Helper()
	e.Project(t, p.Tenant, clockproj.New())
}

func (e clockEnv) events(t *testing.T, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	list, err := e.Store.ReadStream(context.Background(), p.Tenant, eventstore.StreamName("clock", p.EmployeeID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestClockAPI(t *testing.T) {
	env := newClockEnv(t)

	t.Run("register_mark_then_history", func(t *testing.T) {
		t.Parallel()
		p := env.Person(t, nil, clocktest.Options{Fences: []clock.Fence{readapitest.ClockOffice}})
		here := readapitest.ClockNorth(readapitest.ClockOffice.Position, 120)
		r := env.register(t, p, readapitest.MarkBody("Rua Direita, 10", readapitest.ClockHome, &here), nil)
		if r.Status != http.StatusOK || string(r.Body) != `{"success":true,"data":{"n09_001_t":"2024-05-10T09:30:15","endereco":"Rua Direita, 10"}}`+"\n" {
			t.Fatalf("register: %d %s", r.Status, r.Body)
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
		if !mark.RecordedAt.Equal(readapitest.ClockNow) || mark.UserHash != p.UserHash || mark.Selected.Address != "Rua Direita, 10" ||
			mark.Selected.Lat != readapitest.ClockHome.Lat || mark.Captured.Address != "Perto da Sé" || mark.Captured.Lat != here.Lat ||
			mark.NearestFence.Desc != "Sede" || math.Abs(mark.NearestFence.Distance-120) > 0.01 {
			t.Fatalf("mark event %s", events[0].Data)
		}

		// The read model follows the log: nothing before the projection ran.
		if r := env.call(t, p, http.MethodGet, "v2/historico-ponto", nil, "", nil); string(r.Body) != "[]\n" {
			t.Fatalf("history before projection: %s", r.Body)
		}
		env.project(t, p.Person)
		r = env.call(t, p, http.MethodGet, "v2/historico-ponto", nil, "", nil)
		if r.Status != http.StatusOK || string(r.Body) != `[{"n09_001_t":"2024-05-10T09:30:15","endereco":"Rua Direita, 10"}]`+"\n" {
			t.Fatalf("history: %d %s", r.Status, r.Body)
		}
		var saved []map[string]any
		r = env.call(t, p, http.MethodGet, "historico-endereco-ponto", nil, "", nil)
		r.Decode(t, &saved)
		if len(saved) != 1 || saved[0]["endereco"] != "Rua Direita, 10" || saved[0]["latitude"] != readapitest.ClockHome.Lat ||
			saved[0]["timestamp"] != "2024-05-10T09:30:15-03:00" || saved[0]["ukey"] == "" {
			t.Fatalf("saved addresses %s", r.Body)
		}
		var pushed string
		if err := env.DB.Pool.QueryRow(context.Background(), `SELECT data::text FROM push_pending
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
		far := readapitest.ClockNorth(readapitest.ClockOffice.Position, 700)
		near := readapitest.ClockNorth(readapitest.ClockOffice.Position, 30)
		layoff := []map[string]string{{"start": "2024-05-10", "end": "2024-05-20"}}
		tests := []struct {
			name     string
			opts     clocktest.Options
			captured *clock.Position
			typ      string
			reason   string
		}{
			{"outside_area", clocktest.Options{Fences: []clock.Fence{readapitest.ClockOffice}}, &far, "localCapturado", "fora_da_area"},
			{"layoff_period", clocktest.Options{Layoff: layoff, Fences: []clock.Fence{readapitest.ClockOffice}}, &near, "n09_001_t", "periodo_afastamento"},
			{"inactive_employee", clocktest.Options{Status: clock.Inactive}, &near, "colaborador", "colaborador_inativo"},
			{"away_employee", clocktest.Options{Status: clock.Away}, &near, "colaborador", "colaborador_inativo"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				p := env.Person(t, nil, tt.opts)
				env.register(t, p, readapitest.MarkBody("Rua X", near, tt.captured), nil).WantErr(t, http.StatusUnprocessableEntity, tt.typ, tt.reason)
				events := env.events(t, p.Person)
				if len(events) != 1 || events[0].Type != clock.TypeMarkRefused {
					t.Fatalf("events %v", events)
				}
				env.project(t, p.Person)
				if r := env.call(t, p, http.MethodGet, "v2/historico-ponto", nil, "", nil); string(r.Body) != "[]\n" {
					t.Fatalf("a refusal shows in the history: %s", r.Body)
				}
			})
		}
	})

	t.Run("bad_inputs_write_nothing", func(t *testing.T) {
		t.Parallel()
		tenant := env.Tenant(t)
		p := env.Person(t, &tenant, clocktest.Options{})
		other := env.Person(t, nil, clocktest.Options{})
		kiosk := env.Person(t, &tenant, clocktest.Options{NoEmployee: true, Roles: []string{auth.RoleKiosk}})
		noEmployee := env.Person(t, &tenant, clocktest.Options{NoEmployee: true})
		good := readapitest.MarkBody("Rua Boa", readapitest.ClockHome, nil)
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
			caller  readapitest.Person
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
			{"no_token", readapitest.Person{Person: p.Person}, nil, good, nil, 401, "token", "token_invalido"},
			{"kiosk_may_not_punch", kiosk, nil, good, nil, 403, "userHash", "acesso_negado"},
			// Without an employee (no m01_ukey) sign-in drops the collaborator role from the
			// token (spec portal-core §6), so the clock's role check refuses.
			{"user_without_employee", noEmployee, nil, good, nil, 403, "userHash", "acesso_negado"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				before := env.CountEvents(t, tenant.ID)
				env.Register(t, tt.caller, tt.query, tt.body, tt.header).WantErr(t, tt.status, tt.typ, tt.message)
				if after := env.CountEvents(t, tenant.ID); after != before {
					t.Fatalf("%d events written", after-before)
				}
			})
		}
	})

	t.Run("retried_command_is_answered_once", func(t *testing.T) {
		t.Parallel()
		p := env.Person(t, nil, clocktest.Options{})
		key := map[string]string{"Idempotency-Key": "punch-0930"}
		first := env.register(t, p, readapitest.MarkBody("Rua Única", readapitest.ClockHome, nil), key)
		second := env.register(t, p, readapitest.MarkBody("Rua Única", readapitest.ClockHome, nil), key)
		if first.Status != 200 || string(first.Body) != string(second.Body) {
			t.Fatalf("first %d %s, retry %d %s", first.Status, first.Body, second.Status, second.Body)
		}
		if n := len(env.events(t, p.Person)); n != 2 {
			t.Fatalf("%d events after a retry, want 2", n)
		}
	})

	t.Run("saved_addresses_cap_at_five_and_delete", func(t *testing.T) {
		t.Parallel()
		p := env.Person(t, nil, clocktest.Options{})
		for i := range 7 {
			at := clock.Position{Lat: -23 - float64(i)/10, Lon: -46.5}
			if r := env.register(t, p, readapitest.MarkBody(fmt.Sprintf("Endereço %d", i), at, nil), nil); r.Status != 200 {
				t.Fatalf("register %d: %d %s", i, r.Status, r.Body)
			}
		}
		env.project(t, p.Person)
		var saved []struct{ UKey, Endereco string }
		env.call(t, p, http.MethodGet, "historico-endereco-ponto", nil, "", nil).Decode(t, &saved)
		if len(saved) != 5 {
			t.Fatalf("%d saved addresses, want 5", len(saved))
		}
		var history []map[string]string
		env.call(t, p, http.MethodGet, "v2/historico-ponto", nil, "", nil).Decode(t, &history)
		if len(history) != 7 {
			t.Fatalf("%d marks in history, want 7", len(history))
		}

		gone := saved[0]
		r := env.call(t, p, http.MethodDelete, "historico-endereco-ponto", map[string]string{"ukey": gone.UKey}, "", nil)
		if r.Status != 200 || string(r.Body) != `{"success":true}`+"\n" {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		env.project(t, p.Person)
		env.call(t, p, http.MethodGet, "historico-endereco-ponto", nil, "", nil).Decode(t, &saved)
		if len(saved) != 4 {
			t.Fatalf("%d saved addresses after delete, want 4", len(saved))
		}
		for _, a := range saved {
			if a.UKey == gone.UKey {
				t.Fatalf("deleted address still listed")
			}
		}
		env.call(t, p, http.MethodDelete, "historico-endereco-ponto", map[string]string{"ukey": gone.UKey}, "", nil).
			WantErr(t, http.StatusNotFound, "ukey", "nao_encontrado")
		env.call(t, p, http.MethodDelete, "historico-endereco-ponto", nil, "", nil).
			WantErr(t, http.StatusBadRequest, "ukey", "campo_obrigatorio")

		// With room again, the next new address is saved.
		if r := env.register(t, p, readapitest.MarkBody("Endereço novo", clock.Position{Lat: -10, Lon: -40}, nil), nil); r.Status != 200 {
			t.Fatalf("register: %d %s", r.Status, r.Body)
		}
		env.project(t, p.Person)
		env.call(t, p, http.MethodGet, "historico-endereco-ponto", nil, "", nil).Decode(t, &saved)
		if len(saved) != 5 || saved[0].Endereco != "Endereço novo" {
			t.Fatalf("after a new mark: %+v", saved)
		}
	})

	t.Run("approximate_place", func(t *testing.T) {
		t.Parallel()
		p := env.Person(t, nil, clocktest.Options{Fences: []clock.Fence{readapitest.ClockOffice}})
		env.register(t, p, readapitest.MarkBody("Casa", readapitest.ClockHome, &readapitest.ClockOffice.Position), nil)
		env.project(t, p.Person)
		nearHome := readapitest.ClockNorth(readapitest.ClockHome, 100)
		nearOffice := readapitest.ClockNorth(readapitest.ClockOffice.Position, 140)
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
				if r.Status != 200 || string(r.Body) != tt.want+"\n" {
					t.Fatalf("%d %s, want %s", r.Status, r.Body, tt.want)
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
					WantErr(t, http.StatusBadRequest, tt.typ, tt.message)
			})
		}
	})

	t.Run("tenant_isolation", func(t *testing.T) {
		t.Parallel()
		a := env.Person(t, nil, clocktest.Options{})
		b := env.Person(t, nil, clocktest.Options{})
		env.register(t, a, readapitest.MarkBody("Endereço de A", readapitest.ClockHome, nil), nil)
		env.project(t, a.Person)
		var saved []struct{ UKey string }
		env.call(t, a, http.MethodGet, "historico-endereco-ponto", nil, "", nil).Decode(t, &saved)
		if len(saved) != 1 {
			t.Fatalf("a sees %d addresses", len(saved))
		}
		for _, path := range []string{"v2/historico-ponto", "historico-endereco-ponto"} {
			if r := env.call(t, b, http.MethodGet, path, nil, "", nil); r.Status != 200 || string(r.Body) != "[]\n" {
				t.Fatalf("b's %s: %d %s", path, r.Status, r.Body)
			}
			env.call(t, b, http.MethodGet, path, map[string]string{"tenId": a.Tenant.String()}, "", nil).
				WantErr(t, http.StatusForbidden, "tenId", "acesso_negado")
			env.call(t, b, http.MethodGet, path, map[string]string{"userHash": a.UserHash}, "", nil).
				WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
		}
		env.call(t, b, http.MethodDelete, "historico-endereco-ponto", map[string]string{"ukey": saved[0].UKey}, "", nil).
			WantErr(t, http.StatusNotFound, "ukey", "nao_encontrado")
		r := env.call(t, b, http.MethodGet, "local-aproximado", map[string]string{"latitude": fmt.Sprint(readapitest.ClockHome.Lat), "longitude": fmt.Sprint(readapitest.ClockHome.Lon)}, "", nil)
		var place struct{ Source string }
		r.Decode(t, &place)
		if place.Source != "coordinates" {
			t.Fatalf("b's approximate place uses a's address: %s", r.Body)
		}
	})
	// Marks of one person commute: devices punching at the same moment all get their mark,
	// never a version conflict (issue 29). Over a real HTTP server, as the phones would.
	t.Run("parallel_punches_of_one_person_all_succeed", func(t *testing.T) {
		t.Parallel()
		srv := httptest.NewServer(env.Handler)
		defer srv.Close()
		for _, n := range []int{8, 32} {
			p := env.Person(t, nil, clocktest.Options{})
			statuses := make([]int, n)
			bodies := make([]string, n)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					q := url.Values{"tenId": {p.Tenant.String()}, "userHash": {p.UserHash}}
					req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/rh-app/colaborador/v2/registrar-ponto?"+q.Encode(),
						strings.NewReader(readapitest.MarkBody("Rua Direita, 10", readapitest.ClockHome, nil)))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Authorization", "Bearer "+p.Token)
					req.Header.Set("Idempotency-Key", fmt.Sprintf("device-%d", i))
					<-start
					res, err := http.DefaultClient.Do(req)
					if err != nil {
						bodies[i] = err.Error()
						return
					}
					defer res.Body.Close()
					b, _ := io.ReadAll(res.Body)
					statuses[i], bodies[i] = res.StatusCode, string(b)
				}()
			}
			close(start)
			wg.Wait()
			for i := range n {
				if statuses[i] != http.StatusOK {
					t.Errorf("%d punches: punch %d answered %d %s", n, i, statuses[i], bodies[i])
				}
			}
			marks, saved := 0, 0
			for _, e := range env.events(t, p.Person) {
				switch e.Type {
				case clock.TypeMarkRegistered:
					marks++
				case clock.TypeAddressSaved:
					saved++
				}
			}
			// The rule that does depend on the stream still holds: one address, saved once.
			if marks != n || saved != 1 {
				t.Fatalf("%d punches stored %d marks and %d saved addresses", n, marks, saved)
			}
		}
	})
	// A PostgreSQL that refuses the connection (too many clients, or a server that is down)
	// is a moment to wait, not a server fault: the punch answers 503 with Retry-After and the
	// spec's error list, and the web app repeats it (issue 29).
	t.Run("database_refusing_connections_answers_503", func(t *testing.T) {
		t.Parallel()
		ctx := context.Background()
		p := env.Person(t, nil, clocktest.Options{})
		// A role allowed no connection: PostgreSQL refuses it with SQLSTATE 53300
		// too_many_connections, as when max_connections is exhausted.
		role := fmt.Sprintf("refused_%d", time.Now().UnixNano())
		env.Exec(t, nil, "CREATE ROLE "+role+" LOGIN CONNECTION LIMIT 0")
		full, err := pgxpool.ParseConfig(env.DB.URL)
		if err != nil {
			t.Fatal(err)
		}
		full.ConnConfig.User = role
		// A server that is not there: a port nobody listens on.
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		stopped, err := pgxpool.ParseConfig(fmt.Sprintf("postgres://portal@127.0.0.1:%d/postgres?sslmode=disable&connect_timeout=2", port))
		if err != nil {
			t.Fatal(err)
		}
		for name, cfg := range map[string]*pgxpool.Config{"too_many_connections": full, "server_down": stopped} {
			pool, err := pgxpool.NewWithConfig(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer pool.Close()
			store := eventstore.NewPostgres(pool)
			defer store.Close()
			srv := &readapi.Server{Pool: pool, Store: store, Auth: env.Auth, Now: func() time.Time { return readapitest.ClockNow }}
			q := url.Values{"tenId": {p.Tenant.String()}, "userHash": {p.UserHash}}
			req := httptest.NewRequest(http.MethodPost, "/api/rh-app/colaborador/v2/registrar-ponto?"+q.Encode(),
				strings.NewReader(readapitest.MarkBody("Rua Direita, 10", readapitest.ClockHome, nil)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+p.Token)
			req.Header.Set("Idempotency-Key", "punch-"+name)
			rec := httptest.NewRecorder()
			srv.Handler().ServeHTTP(rec, req)
			r := apitest.Response{Status: rec.Code, Body: rec.Body.Bytes()}
			r.WantErr(t, http.StatusServiceUnavailable, "request", "indisponivel")
			if ra, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || ra < 1 || ra > 10 {
				t.Errorf("%s: Retry-After %q", name, rec.Header().Get("Retry-After"))
			}
		}
	})
}
