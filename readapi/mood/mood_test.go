package mood_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain"
	"portal/domain/mood"
	"portal/eventstore"
	moodproj "portal/projections/mood"
	"portal/readapi"
	"portal/readapi/apitest"
	"portal/readapi/home"
	moodapi "portal/readapi/mood"
	"portal/readapi/readapitest"
)

// The mood calls and the home banner's calls end to end: HTTP, a real auth.Service, the
// check-in command, the Postgres event store, the mood projection and the read model, with
// the cool-down of the request host's environment (calls go to a test host, 1 minute, unless
// they name another) and a clock the test moves.

var moodT0 = time.Date(2024, 5, 10, 12, 0, 0, 0, time.UTC)

type moodEnv struct {
	*readapitest.Env
	now atomic.Int64 // unix nanoseconds
	mu  sync.Mutex   // one projection transaction at a time
}

type moodPerson = readapitest.Person

type moodResponse = apitest.Response

func newMoodEnv(t *testing.T) *moodEnv {
	t.Helper()
	d, store, svc := apitest.Start(t, "readapi_mood", "mood test signing key, 32 bytes!")
	e := &moodEnv{}
	e.now.Store(moodT0.UnixNano())
	e.Env = readapitest.Serve(t, d, store, svc, &readapi.Server{Now: func() time.Time { return time.Unix(0, e.now.Load()).UTC() }})
	return e
}

// person makes a signed-in employee of tenant (a new tenant when nil). purchased and
// accessConfig are stored before the first call (permissions are cached for 5 s).
func (e *moodEnv) person(t *testing.T, tenant *clocktest.Tenant, purchased, accessConfig string, roles ...string) moodPerson {
	t.Helper()
	p := e.Member(t, tenant, clocktest.Options{Roles: roles})
	if accessConfig == "" {
		accessConfig = "{}"
	}
	e.Exec(t, []any{p.Tenant, p.UserID, purchased, accessConfig},
		`UPDATE users SET purchased = $3, access_config = $4 WHERE tenant_id = $1 AND id = $2`)
	return e.SignIn(t, p)
}

// reportsTo makes p a direct report of manager.
func (e *moodEnv) reportsTo(t *testing.T, p, manager moodPerson) {
	t.Helper()
	e.Exec(t, []any{p.Tenant, p.EmployeeID, manager.EmployeeID}, `UPDATE employees SET manager_id = $3 WHERE tenant_id = $1 AND id = $2`)
}

// testHost is a host of the test environment by its first label (auth.HostRules).
const testHost = "teste.acme.test"

func (e *moodEnv) call(t *testing.T, p moodPerson, method, path string, query map[string]string, body string) moodResponse {
	t.Helper()
	return e.callAt(t, testHost, p, method, path, query, body)
}

// callAt sends the call to host (the Host header decides the environment).
func (e *moodEnv) callAt(t *testing.T, host string, p moodPerson, method, path string, query map[string]string, body string) moodResponse {
	t.Helper()
	q := apitest.Query(url.Values{"tenId": {p.Tenant.String()}}, query)
	req := httptest.NewRequest(method, "/api/gen/"+path+"?"+q.Encode(), strings.NewReader(body))
	req.Host = host
	return apitest.Do(e.Handler, req, p.Token)
}

func (e *moodEnv) checkIn(t *testing.T, p moodPerson, body string) moodResponse {
	t.Helper()
	return e.call(t, p, http.MethodPost, "HumorEnergy", nil, body)
}

func (e *moodEnv) events(t *testing.T, p moodPerson) []eventstore.RecordedEvent {
	t.Helper()
	list, err := e.Store.ReadStream(context.Background(), p.Tenant, mood.Stream(p.UserID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// project applies the tenant's events to the mood projection, as the Runner would.
func (e *moodEnv) project(t *testing.T, p moodPerson) {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	e.Project(t, p.Tenant, moodproj.New())
}

func (e *moodEnv) advance(d time.Duration) { e.now.Add(int64(d)) }

type checkInState struct {
	Enabled, Visible bool
	CoolDownSeconds  int
	NextAt           *time.Time
}

// The tests share one clock (moved by some of them), so they run one after the other.
func TestMoodAPI(t *testing.T) {
	env := newMoodEnv(t)

	t.Run("check_in_rounds_down_and_the_cool_down_is_enforced", func(t *testing.T) {
		ana := env.person(t, nil, auth.PayrollModule, "")
		var st checkInState
		env.call(t, ana, http.MethodGet, "HumorEnergy/checkin", nil, "").Decode(t, &st)
		if !st.Enabled || !st.Visible || st.CoolDownSeconds != 60 || st.NextAt != nil {
			t.Fatalf("state before: %+v", st)
		}

		r := env.checkIn(t, ana, `{"humor":3.47,"energy":2.3}`)
		if r.Status != http.StatusOK || string(r.Body) != `{"data":"2024-05-10T12:00:00Z","energy":2.3,"humor":3.4,"succeeded":true}`+"\n" {
			t.Fatalf("check-in: %d %s", r.Status, r.Body)
		}
		events := env.events(t, ana)
		if len(events) != 1 || events[0].Type != mood.TypeCheckedIn {
			t.Fatalf("events %v", events)
		}
		var data map[string]any
		if err := json.Unmarshal(events[0].Data, &data); err != nil {
			t.Fatal(err)
		}
		if data["humor"] != 3.4 || data["energy"] != 2.3 || data["checkedInAt"] != "2024-05-10T12:00:00Z" ||
			data["userId"] != ana.UserID.String() || data["employeeId"] != ana.EmployeeID.String() || data["userHash"] != ana.UserHash {
			t.Fatalf("event data %s", events[0].Data)
		}

		// 59 s later: refused (test cool-down is 1 minute), nothing appended.
		env.advance(59 * time.Second)
		env.checkIn(t, ana, `{"humor":4,"energy":4}`).WantErr(t, http.StatusUnprocessableEntity, "checkin", mood.KeyCoolDown)
		if n := len(env.events(t, ana)); n != 1 {
			t.Fatalf("%d events after a refused check-in", n)
		}
		env.project(t, ana)
		env.call(t, ana, http.MethodGet, "HumorEnergy/checkin", nil, "").Decode(t, &st)
		if !st.Enabled || st.Visible || st.NextAt == nil || !st.NextAt.Equal(moodT0.Add(time.Minute)) {
			t.Fatalf("state within the cool-down: %+v", st)
		}

		// At one minute: open again.
		env.advance(time.Second)
		env.call(t, ana, http.MethodGet, "HumorEnergy/checkin", nil, "").Decode(t, &st)
		if !st.Visible || st.NextAt != nil {
			t.Fatalf("state after the cool-down: %+v", st)
		}
		if r := env.checkIn(t, ana, `{"humor":5,"energy":1}`); r.Status != http.StatusOK {
			t.Fatalf("second check-in: %d %s", r.Status, r.Body)
		}
		if n := len(env.events(t, ana)); n != 2 {
			t.Fatalf("%d events", n)
		}
	})

	t.Run("a_retried_command_answers_the_first_check_in", func(t *testing.T) {
		p := env.person(t, nil, auth.PayrollModule, "")
		send := func() moodResponse {
			req := httptest.NewRequest(http.MethodPost, "/api/gen/HumorEnergy?tenId="+p.Tenant.String(), strings.NewReader(`{"humor":2,"energy":2}`))
			req.Header.Set("Idempotency-Key", "retry-1")
			return apitest.Do(env.Handler, req, p.Token)
		}
		a, b := send(), send()
		if a.Status != http.StatusOK || string(a.Body) != string(b.Body) || len(env.events(t, p)) != 1 {
			t.Fatalf("retry: %d %s / %d %s", a.Status, a.Body, b.Status, b.Body)
		}
	})

	// The cool-down follows the environment of the request's host (spec §4, §9; docs/operations.md
	// "Host environments"): 1 minute on test and pre-release hosts, 30 elsewhere.
	t.Run("the_cool_down_follows_the_hosts_environment", func(t *testing.T) {
		for _, c := range []struct {
			host string
			want time.Duration
		}{
			{"portal.acme.test", 30 * time.Minute},
			{"10.0.0.5:8080", 30 * time.Minute},
			{"demo.acme.test", 30 * time.Minute},
			{"homolog.acme.test", time.Minute},
			{"qa.acme.test:443", time.Minute},
		} {
			p := env.person(t, nil, auth.PayrollModule, "")
			var st checkInState
			env.callAt(t, c.host, p, http.MethodGet, "HumorEnergy/checkin", nil, "").Decode(t, &st)
			if st.CoolDownSeconds != int(c.want/time.Second) {
				t.Fatalf("%s: coolDownSeconds %d; want %v", c.host, st.CoolDownSeconds, c.want)
			}
			if r := env.callAt(t, c.host, p, http.MethodPost, "HumorEnergy", nil, `{"humor":3,"energy":3}`); r.Status != http.StatusOK {
				t.Fatalf("%s: check-in %d %s", c.host, r.Status, r.Body)
			}
			// Just before the host's cool-down ends: refused; at its end: recorded.
			env.advance(c.want - time.Second)
			env.callAt(t, c.host, p, http.MethodPost, "HumorEnergy", nil, `{"humor":4,"energy":4}`).
				WantErr(t, http.StatusUnprocessableEntity, "checkin", mood.KeyCoolDown)
			env.advance(time.Second)
			if r := env.callAt(t, c.host, p, http.MethodPost, "HumorEnergy", nil, `{"humor":4,"energy":4}`); r.Status != http.StatusOK {
				t.Fatalf("%s: check-in after the cool-down %d %s", c.host, r.Status, r.Body)
			}
		}
	})

	// An explicit override (MOOD_COOLDOWN) wins over every host.
	t.Run("the_override_wins_over_the_host", func(t *testing.T) {
		srv := &readapi.Server{Pool: env.DB.Pool, Store: env.Store, Auth: env.Auth, MoodCoolDown: 5 * time.Second,
			Now: func() time.Time { return time.Unix(0, env.now.Load()).UTC() }}
		if err := srv.Init(); err != nil {
			t.Fatal(err)
		}
		p := env.person(t, nil, auth.PayrollModule, "")
		for _, host := range []string{"portal.acme.test", testHost} {
			req := httptest.NewRequest(http.MethodGet, "/api/gen/HumorEnergy/checkin?tenId="+p.Tenant.String(), nil)
			req.Host = host
			var st checkInState
			apitest.Do(srv.Handler(), req, p.Token).Decode(t, &st)
			if st.CoolDownSeconds != 5 {
				t.Fatalf("%s with the override: %+v", host, st)
			}
		}
	})

	t.Run("bad_bodies_are_4xx_and_write_nothing", func(t *testing.T) {
		p := env.person(t, nil, auth.PayrollModule, "")
		cases := []struct {
			body, typ, key string
		}{
			{`{"energy":3}`, "humor", domain.KeyRequired},
			{`{"humor":3}`, "energy", domain.KeyRequired},
			{`{"humor":0.9,"energy":3}`, "humor", mood.KeyOutOfScale},
			{`{"humor":3,"energy":5.01}`, "energy", mood.KeyOutOfScale},
			{`{"humor":"3","energy":3}`, "humor", domain.KeyInvalid},
			{`not json`, "body", domain.KeyInvalid},
			{``, "body", domain.KeyInvalid},
		}
		for _, c := range cases {
			env.checkIn(t, p, c.body).WantErr(t, http.StatusBadRequest, c.typ, c.key)
		}
		if n := len(env.events(t, p)); n != 0 {
			t.Fatalf("%d events after bad bodies", n)
		}
		env.call(t, p, http.MethodPost, "HumorEnergy", map[string]string{"tenId": ""}, `{"humor":3,"energy":3}`).
			WantErr(t, http.StatusBadRequest, "tenId", "campo_obrigatorio")
	})

	t.Run("payroll_tool_required_and_tools_013c_denies", func(t *testing.T) {
		for _, c := range []struct {
			name, purchased, access string
		}{{"no_payroll_tool", "", ""}, {"denied", auth.PayrollModule, `{"tools_013c":1}`}} {
			p := env.person(t, nil, c.purchased, c.access)
			env.checkIn(t, p, `{"humor":3,"energy":3}`).WantErr(t, http.StatusForbidden, "request", "acesso_negado")
			var st checkInState
			env.call(t, p, http.MethodGet, "HumorEnergy/checkin", nil, "").Decode(t, &st)
			if st.Enabled || st.Visible {
				t.Fatalf("%s: state %+v", c.name, st)
			}
			if n := len(env.events(t, p)); n != 0 {
				t.Fatalf("%s: %d events", c.name, n)
			}
		}
	})

	t.Run("nine_box_of_the_managers_team_for_a_reference_date", func(t *testing.T) {
		tn := env.Tenant(t)
		boss := env.person(t, &tn, auth.PayrollModule, "", auth.RoleManager, auth.RoleCollaborator)
		happy := env.person(t, &tn, auth.PayrollModule, "")
		tired := env.person(t, &tn, auth.PayrollModule, "")
		quiet := env.person(t, &tn, auth.PayrollModule, "")
		stranger := env.person(t, &tn, auth.PayrollModule, "") // not in the team
		for _, p := range []moodPerson{happy, tired, quiet} {
			env.reportsTo(t, p, boss)
		}
		// Another tenant's employee pointing at the same manager id cannot exist (foreign
		// key by tenant); another tenant's check-in must not show either.
		other := env.person(t, nil, auth.PayrollModule, "")

		day := time.Unix(0, env.now.Load()).UTC()
		for _, c := range []struct {
			p    moodPerson
			body string
		}{{happy, `{"humor":4.5,"energy":3.7}`}, {tired, `{"humor":2.4,"energy":1.2}`}, {stranger, `{"humor":1,"energy":1}`}, {other, `{"humor":3,"energy":3}`}} {
			if r := env.checkIn(t, c.p, c.body); r.Status != http.StatusOK {
				t.Fatalf("check-in: %d %s", r.Status, r.Body)
			}
			env.project(t, c.p)
		}

		var box moodapi.NineBox
		ref := day.In(time.FixedZone("BRT", -3*3600)).Format(time.RFC3339)
		r := env.call(t, boss, http.MethodGet, "HumorEnergy/ninebox", map[string]string{"time": ref}, "")
		r.Decode(t, &box)
		if r.Status != http.StatusOK || box.TeamCount != 3 || box.MoodCount != 2 || len(box.Boxes) != 9 ||
			len(box.WithoutMood) != 1 || box.WithoutMood[0].ID != quiet.EmployeeID || box.WithoutMood[0].Emo != nil {
			t.Fatalf("nine-box: %d %s", r.Status, r.Body)
		}
		// Boxes run from high energy to low, humor low to high: happy (humor high, energy
		// high) is box 2; tired (humor middle, energy low) is box 7.
		for i, c := range box.Boxes {
			want := 0
			if i == 2 || i == 7 {
				want = 1
			}
			if len(c.Members) != want || c.Humor != i%3 || c.Energy != 2-i/3 {
				t.Fatalf("box %d: %+v", i, c)
			}
		}
		h := box.Boxes[2].Members[0]
		if h.ID != happy.EmployeeID || h.Emo == nil || h.Emo.Humor != 4.5 || h.Emo.Energy != 3.7 || h.Nome == "" || h.Codigo == "" || h.Title != "Position" {
			t.Fatalf("happy: %+v", h)
		}

		// The day before: nobody had checked in yet.
		r = env.call(t, boss, http.MethodGet, "HumorEnergy/ninebox", map[string]string{"time": day.AddDate(0, 0, -1).Format(time.RFC3339)}, "")
		r.Decode(t, &box)
		if box.MoodCount != 0 || len(box.WithoutMood) != 3 || box.ReferenceDate != day.AddDate(0, 0, -1).Format(time.DateOnly) {
			t.Fatalf("the day before: %s", r.Body)
		}

		// Bad and missing dates; a collaborator has no nine-box.
		env.call(t, boss, http.MethodGet, "HumorEnergy/ninebox", map[string]string{"time": "yesterday"}, "").
			WantErr(t, http.StatusBadRequest, "time", "valor_invalido")
		env.call(t, boss, http.MethodGet, "HumorEnergy/ninebox", nil, "").WantErr(t, http.StatusBadRequest, "time", "campo_obrigatorio")
		env.call(t, happy, http.MethodGet, "HumorEnergy/ninebox", map[string]string{"time": ref}, "").
			WantErr(t, http.StatusForbidden, "request", "acesso_negado")
		// Another tenant's id is refused.
		env.call(t, boss, http.MethodGet, "HumorEnergy/ninebox", map[string]string{"time": ref, "tenId": other.Tenant.String()}, "").
			WantErr(t, http.StatusForbidden, "tenId", "acesso_negado")
	})

	t.Run("home_config_and_pending_items", func(t *testing.T) {
		p := env.person(t, nil, auth.PayrollModule, "")
		var cfg home.Config
		env.call(t, p, http.MethodGet, "HomePage/config", nil, "").Decode(t, &cfg)
		if cfg != (home.Config{}) {
			t.Fatalf("defaults: %+v", cfg)
		}
		if _, err := env.DB.Pool.Exec(context.Background(), `INSERT INTO home_settings (tenant_id, greeting, title, message, bg_image,
			text_color, bg_color, box_color, box_opacity, hide_name) VALUES ($1, 'Oi {name}', 'T', 'M', '/x.svg', '#fff', '#000', '#111', 0.5, true)`,
			p.Tenant); err != nil {
			t.Fatal(err)
		}
		r := env.call(t, p, http.MethodGet, "HomePage/config", nil, "")
		if string(r.Body) != `{"home_page_greeting":"Oi {name}","home_page_title":"T","home_page_message":"M","home_page_bgimage":"/x.svg",`+
			`"home_page_textcolor":"#fff","home_page_bgcolor":"#000","home_page_boxcolor":"#111","home_page_boxopacity":0.5,"hideName":true}`+"\n" {
			t.Fatalf("config: %s", r.Body)
		}

		type pending struct {
			Items []home.PendingItem
			Total int
		}
		var got pending
		if _, err := env.DB.Pool.Exec(context.Background(), `INSERT INTO notifications (tenant_id, id, user_id, sender_id, message, variant,
			classification, created_at, position) VALUES ($1, $2, $3, $3, 'x', 'info', 3, now(), 1), ($1, $4, $3, $3, 'y', 'info', 3, now(), 2)`,
			p.Tenant, uuid.New(), p.UserID, uuid.New()); err != nil {
			t.Fatal(err)
		}
		env.call(t, p, http.MethodGet, "HomePage/pending", nil, "").Decode(t, &got)
		if got.Total != 3 || len(got.Items) != 2 || got.Items[0] != (home.PendingItem{Kind: "notifications", Count: 2}) ||
			got.Items[1] != (home.PendingItem{Kind: "mood", Count: 1, Link: "/apps/homePage"}) {
			t.Fatalf("pending: %+v", got)
		}
		env.checkIn(t, p, `{"humor":3,"energy":3}`)
		env.project(t, p)
		env.call(t, p, http.MethodGet, "HomePage/pending", nil, "").Decode(t, &got)
		if got.Total != 2 || got.Items[1].Count != 0 {
			t.Fatalf("pending after check-in: %+v", got)
		}
		// Only for pwa-rh-adm, pwa-rh-ges and pwa-rh-col.
		kiosk := env.person(t, nil, "", "", auth.RoleKiosk)
		env.call(t, kiosk, http.MethodGet, "HomePage/pending", nil, "").WantErr(t, http.StatusForbidden, "request", "acesso_negado")
	})
}
