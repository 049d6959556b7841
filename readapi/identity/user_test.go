package identity_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/eventstore"
	"portal/readapi"
	"portal/readapi/apitest"
	"portal/readapi/httpx"
	"portal/readapi/readapitest"
	"portal/seed"
)

// caller is a signed-in user of the user tests.
type caller struct {
	token, tenID, hash string
	userID             uuid.UUID
}

func (c caller) header() map[string]string {
	return map[string]string{"Authorization": "Bearer " + c.token}
}

func seedCaller(t *testing.T, h http.Handler, user string) caller {
	t.Helper()
	token, ten, hash := apitest.SignIn(t, h, seed.DemoCode, user, seed.DemoPassword)
	return caller{token: token, tenID: ten, hash: hash, userID: seed.UserID(seed.DemoCode, user)}
}

// freshCaller creates a tenant with one person (their users row changed by setup) and signs
// them in, for tests that change what the rule reads.
func freshCaller(t *testing.T, s *readapi.Server, o clocktest.Options, setup string, args ...any) (caller, clocktest.Person) {
	t.Helper()
	ctx := context.Background()
	tn, err := clocktest.NewTenant(ctx, s.Pool)
	if err != nil {
		t.Fatal(err)
	}
	p, err := tn.NewPerson(ctx, s.Pool, o)
	if err != nil {
		t.Fatal(err)
	}
	if setup != "" {
		if _, err := s.Pool.Exec(ctx, setup, append([]any{p.Tenant, p.UserID}, args...)...); err != nil {
			t.Fatal(err)
		}
	}
	res, err := s.Auth.Login(ctx, p.AccessCode, p.UserName, clocktest.Password)
	if err != nil {
		t.Fatal(err)
	}
	return caller{token: res.AccessToken, tenID: p.Tenant.String(), hash: p.UserHash, userID: p.UserID}, p
}

func getUserInfo(t *testing.T, h http.Handler, c caller, query string) (apitest.Response, map[string]any) {
	t.Helper()
	if query == "" {
		query = url.Values{"tenId": {c.tenID}, "userHash": {c.hash}}.Encode()
	}
	r := apitest.Send(h, http.MethodGet, "/api/cac-app/userinfo?"+query, "", "", c.header())
	var body map[string]any
	if r.Status == http.StatusOK {
		if err := json.Unmarshal(r.Body, &body); err != nil {
			t.Fatal(err)
		}
	}
	return r, body
}

func strs(v any) []string {
	var out []string
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			out = append(out, e.(string))
		}
	case string:
		out = auth.SplitList(x)
	}
	return out
}

func TestUserInfoCarriesTheComputedPermissions(t *testing.T) {
	h := readapitest.NewSeeded(t, "identity_user").Handler()
	ana := seedCaller(t, h, seed.UserAna)
	r, u := getUserInfo(t, h, ana, "")
	if r.Status != http.StatusOK {
		t.Fatalf("userinfo: %d %s", r.Status, r.Body)
	}
	for _, k := range []string{"keys", "roles", "role", "purchased", "deny", "dynamicAccess", "flags", "shortcuts", "settings",
		"languageId", "layoff", "cercaVirtual", "tratamentodePonto", "audiences", "menu", "accessConfig", "url_Tenant"} {
		if _, ok := u[k]; !ok {
			t.Errorf("userinfo lacks %s", k)
		}
	}
	if keys := u["keys"].(map[string]any); keys[auth.KeyEmployee] != seed.EmployeeID(seed.DemoCode, seed.UserAna).String() {
		t.Errorf("keys %v", keys)
	}
	if roles := strs(u["role"]); !slices.Equal(roles, []string{auth.RoleCollaborator}) {
		t.Errorf("role %v", roles)
	}
	purchased := strs(u["purchased"])
	if len(purchased) == 0 || purchased[0] != auth.BaseToolsModule || !slices.Contains(purchased, auth.TimeClockModule) ||
		!slices.Contains(purchased, auth.DashboardModule) {
		t.Errorf("purchased %v", purchased)
	}
	deny := strs(u["deny"])
	for _, w := range auth.ClosedWidgets {
		if !slices.Contains(deny, w) {
			t.Errorf("closed widget %s not denied: %v", w, deny)
		}
	}
	menu := strs(u["menu"])
	if !slices.Contains(menu, "rh_007_001") || !slices.Contains(menu, "dashboards0") || slices.Contains(menu, "dashboards1") ||
		slices.Contains(menu, "manager") {
		t.Errorf("ana's menu %v", menu)
	}
	if u["flags"].(map[string]any)["Admin"] != false {
		t.Errorf("flags %v", u["flags"])
	}

	helena := seedCaller(t, h, seed.UserHelena)
	_, hu := getUserInfo(t, h, helena, "")
	if m := strs(hu["menu"]); !slices.Contains(m, "dashboards2") || !slices.Contains(m, "admin") || !slices.Contains(m, "manager") {
		t.Errorf("helena's menu %v", m)
	}
	if a := strs(hu["audiences"]); !slices.Contains(a, auth.GroupAdmin) || !slices.Contains(a, auth.GroupManager) {
		t.Errorf("helena's audiences %v", a)
	}
	if hu["flags"].(map[string]any)["Admin"] != true {
		t.Errorf("helena's flags %v", hu["flags"])
	}
}

func TestUserInfoRefusesOtherCallers(t *testing.T) {
	h := readapitest.NewSeeded(t, "identity_user").Handler()
	ana := seedCaller(t, h, seed.UserAna)
	carla := caller{}
	carla.token, carla.tenID, carla.hash = apitest.SignIn(t, h, seed.AcmeCode, seed.UserCarla, seed.DemoPassword)

	r, _ := getUserInfo(t, h, ana, url.Values{"tenId": {carla.tenID}, "userHash": {ana.hash}}.Encode())
	apitest.WantErrors(t, r, http.StatusForbidden, httpx.FieldError{Type: "tenId", Message: "acesso_negado"})
	r, _ = getUserInfo(t, h, ana, url.Values{"tenId": {ana.tenID}, "userHash": {carla.hash}}.Encode())
	apitest.WantErrors(t, r, http.StatusForbidden, httpx.FieldError{Type: "userHash", Message: "acesso_negado"})
	r = apitest.Send(h, http.MethodGet, "/api/cac-app/userinfo?tenId="+ana.tenID+"&userHash="+ana.hash, "", "", nil)
	apitest.WantErrors(t, r, http.StatusUnauthorized, httpx.FieldError{Type: "token", Message: "token_invalido"})
	// Carla's own call still shows only Carla.
	_, cu := getUserInfo(t, h, carla, "")
	if cu["userName"] != seed.UserCarla || cu["tenId"] != carla.tenID {
		t.Errorf("carla's userinfo %v", cu)
	}
}

func prefBody(c caller, field, value string) string {
	b, _ := json.Marshal(map[string]string{"userHash": c.hash, "tenantId": c.tenID, field: value})
	return string(b)
}

func identityEvents(t *testing.T, s *readapi.Server, c caller) []eventstore.RecordedEvent {
	t.Helper()
	evs, err := s.Store.ReadStream(context.Background(), uuid.MustParse(c.tenID), auth.IdentityStream(c.userID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

func storedPrefs(t *testing.T, s *readapi.Server, c caller) (shortcuts, language, settings string) {
	t.Helper()
	err := s.Pool.QueryRow(context.Background(), `SELECT shortcuts, language, settings::text FROM users WHERE tenant_id = $1 AND id = $2`,
		c.tenID, c.userID).Scan(&shortcuts, &language, &settings)
	if err != nil {
		t.Fatal(err)
	}
	return
}

func TestUpdateShortcutsAndLanguage(t *testing.T) {
	e := readapitest.NewSeeded(t, "identity_user")
	s, h := e.Server, e.Handler()
	c, _ := freshCaller(t, s, clocktest.Options{}, "")
	post := func(path, body string) apitest.Response {
		return apitest.Send(h, http.MethodPost, path, body, "", c.header())
	}

	r := post("/api/auth/updateUserShortcuts", prefBody(c, "shortcuts", " rh_007_001, dashboards0,rh_007_001 "))
	if r.Status != http.StatusOK {
		t.Fatalf("shortcuts: %d %s", r.Status, r.Body)
	}
	if sc, _, _ := storedPrefs(t, s, c); sc != "rh_007_001,dashboards0" {
		t.Errorf("stored shortcuts %q", sc)
	}
	// Ids the user does not see, groups and unknown ids are refused.
	for _, bad := range []string{"dashboards1", "employee", "nope", "rh_004_04"} {
		apitest.WantErrors(t, post("/api/auth/updateUserShortcuts", prefBody(c, "shortcuts", bad)), http.StatusBadRequest,
			httpx.FieldError{Type: "shortcuts", Message: "valor_invalido"})
	}

	if r := post("/api/auth/updateUserLanguage", prefBody(c, "languageId", "EN")); r.Status != http.StatusOK {
		t.Fatalf("language: %d %s", r.Status, r.Body)
	}
	apitest.WantErrors(t, post("/api/auth/updateUserLanguage", prefBody(c, "languageId", "fr")), http.StatusBadRequest,
		httpx.FieldError{Type: "languageId", Message: "valor_invalido"})
	if _, lang, _ := storedPrefs(t, s, c); lang != "en" {
		t.Errorf("stored language %q", lang)
	}
	// Saving the same value again records nothing.
	post("/api/auth/updateUserLanguage", prefBody(c, "languageId", "en"))

	evs := identityEvents(t, s, c)
	if len(evs) != 2 {
		t.Fatalf("%d identity events, want 2", len(evs))
	}
	var first, second auth.PreferencesChanged
	json.Unmarshal(evs[0].Data, &first)
	json.Unmarshal(evs[1].Data, &second)
	if evs[0].Type != auth.PreferencesChangedType || first.Field != "shortcuts" || *first.Shortcuts != "rh_007_001,dashboards0" ||
		second.Field != "languageId" || *second.LanguageID != "en" || evs[1].Actor != c.userID.String() {
		t.Errorf("events %+v %+v", first, second)
	}

	_, u := getUserInfo(t, h, c, "")
	if u["shortcuts"] != "rh_007_001,dashboards0" || u["languageId"] != "en" {
		t.Errorf("userinfo shortcuts %v language %v", u["shortcuts"], u["languageId"])
	}
}

func TestPreferencesRefuseAnotherUsersIds(t *testing.T) {
	e := readapitest.NewSeeded(t, "identity_user")
	s, h := e.Server, e.Handler()
	c, _ := freshCaller(t, s, clocktest.Options{}, "")
	other, _ := freshCaller(t, s, clocktest.Options{}, "")
	for _, path := range []string{"/api/auth/updateUserShortcuts", "/api/auth/updateUserLanguage"} {
		field, value := "shortcuts", "home"
		if strings.HasSuffix(path, "Language") {
			field, value = "languageId", "es"
		}
		body := func(hash, ten string) string {
			b, _ := json.Marshal(map[string]string{"userHash": hash, "tenantId": ten, field: value})
			return string(b)
		}
		apitest.WantErrors(t, apitest.Send(h, http.MethodPost, path, body(c.hash, other.tenID), "", c.header()), http.StatusForbidden,
			httpx.FieldError{Type: "tenantId", Message: "acesso_negado"})
		apitest.WantErrors(t, apitest.Send(h, http.MethodPost, path, body(other.hash, c.tenID), "", c.header()), http.StatusForbidden,
			httpx.FieldError{Type: "userHash", Message: "acesso_negado"})
		apitest.WantErrors(t, apitest.Send(h, http.MethodPost, path, body("", c.tenID), "", c.header()), http.StatusBadRequest,
			httpx.FieldError{Type: "userHash", Message: "campo_obrigatorio"})
		apitest.WantErrors(t, apitest.Send(h, http.MethodPost, path, body(c.hash, c.tenID), "", nil), http.StatusUnauthorized,
			httpx.FieldError{Type: "token", Message: "token_invalido"})
	}
	if n := len(identityEvents(t, s, c)) + len(identityEvents(t, s, other)); n != 0 {
		t.Errorf("%d events after refusals", n)
	}
	if sc, lang, _ := storedPrefs(t, s, other); sc != "" || lang != "pt" {
		t.Errorf("the other user's row changed: %q %q", sc, lang)
	}
}

func TestUpdateSettings(t *testing.T) {
	e := readapitest.NewSeeded(t, "identity_user")
	s, h := e.Server, e.Handler()
	admin, _ := freshCaller(t, s, clocktest.Options{}, `UPDATE users SET admin = true WHERE tenant_id = $1 AND id = $2`)
	plain, _ := freshCaller(t, s, clocktest.Options{}, "")
	post := func(c caller, tenID, body string) apitest.Response {
		return apitest.Send(h, http.MethodPost, "/api/auth/updateSettings?tenId="+tenID, body, "", c.header())
	}
	good := `{"settings":{"layout":"layout2","navbarStyle":"style-3-dense","colorScheme":"dark","theme":{"main":"default","navbar":"dark-blue"}}}`

	// Without the Admin flag the rule does not show the colour-scheme panel: refused.
	apitest.WantErrors(t, post(plain, plain.tenID, good), http.StatusForbidden, httpx.FieldError{Type: "request", Message: "acesso_negado"})
	apitest.WantErrors(t, post(admin, plain.tenID, good), http.StatusForbidden, httpx.FieldError{Type: "tenId", Message: "acesso_negado"})

	if r := post(admin, admin.tenID, good); r.Status != http.StatusOK {
		t.Fatalf("settings: %d %s", r.Status, r.Body)
	}
	_, _, stored := storedPrefs(t, s, admin)
	var got auth.Settings
	json.Unmarshal([]byte(stored), &got)
	if got.Layout != "layout2" || got.NavbarStyle != "style-3-dense" || got.ColorScheme != "dark" || got.Theme.Navbar != "dark-blue" {
		t.Errorf("stored settings %s", stored)
	}
	if evs := identityEvents(t, s, admin); len(evs) != 1 || evs[0].Type != auth.PreferencesChangedType {
		t.Errorf("events %v", evs)
	}

	for name, body := range map[string]string{
		"unknown_layout":  `{"settings":{"layout":"layout9"}}`,
		"unknown_style":   `{"settings":{"navbarStyle":"style-4"}}`,
		"unknown_field":   `{"settings":{"layout":"layout1","script":"x"}}`,
		"bad_theme_name":  `{"settings":{"theme":{"main":"<b>"}}}`,
		"not_an_object":   `{"settings":[1,2]}`,
		"wrong_type":      `{"settings":{"navbar":"yes"}}`,
		"too_big":         `{"settings":{"theme":{"main":"` + strings.Repeat("a", 40) + `"},"layout":"layout1"` + strings.Repeat(" ", 2100) + `}}`,
		"missing":         `{}`,
		"null":            `{"settings":null}`,
		"not_json_at_all": `settings`,
	} {
		r := post(admin, admin.tenID, body)
		if r.Status != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	// A personal palette whose primary colour is unreadable on its backgrounds (issue 37): a
	// 400 naming the field and the reason, nothing stored.
	apitest.WantErrors(t, post(admin, admin.tenID, `{"settings":{"palette":"#fab005","colorScheme":"light"}}`),
		http.StatusBadRequest, httpx.FieldError{Type: "settings", Message: "contraste_insuficiente"})
	if evs := identityEvents(t, s, admin); len(evs) != 1 {
		t.Errorf("%d events after refusals, want 1", len(evs))
	}
}

// The server refuses the clock calls the rule would not show (spec §6: the quick time clock
// needs access id rh_007_001, which a feature switch set to 1 denies, and time treatment).
func TestPermissionMiddlewareRefusesWhatTheMenuHides(t *testing.T) {
	e := readapitest.NewSeeded(t, "identity_user")
	s, h := e.Server, e.Handler()
	register := func(c caller) apitest.Response {
		q := url.Values{"tenId": {c.tenID}, "userHash": {c.hash}}.Encode()
		return apitest.Send(h, http.MethodPost, "/api/rh-app/colaborador/v2/registrar-ponto?"+q, `{}`, "", c.header())
	}
	remove := func(c caller) apitest.Response {
		q := url.Values{"tenId": {c.tenID}, "userHash": {c.hash}, "ukey": {uuid.NewString()}}.Encode()
		return apitest.Send(h, http.MethodDelete, "/api/rh-app/colaborador/historico-endereco-ponto?"+q, "", "", c.header())
	}
	menuHas := func(c caller, id string) bool {
		_, u := getUserInfo(t, h, c, "")
		return slices.Contains(strs(u["menu"]), id)
	}

	allowed, _ := freshCaller(t, s, clocktest.Options{}, "")
	if !menuHas(allowed, "rh_007_001") {
		t.Fatal("a collaborator does not see the clock")
	}
	// An empty body reaches the handler (400 on the payload): the rule let it through.
	if r := register(allowed); r.Status != http.StatusBadRequest {
		t.Fatalf("allowed caller: %d %s", r.Status, r.Body)
	}

	byRule := httpx.FieldError{Type: "request", Message: "acesso_negado"}
	for name, c := range map[string]struct {
		setup   string
		refusal httpx.FieldError
	}{
		"switch_denies_clock": {`UPDATE users SET access_config = '{"rh_007_001": 1}' WHERE tenant_id = $1 AND id = $2`, byRule},
		"stored_deny":         {`UPDATE users SET deny = 'x,rh_007_001' WHERE tenant_id = $1 AND id = $2`, byRule},
		"no_time_treatment":   {`UPDATE users SET access_config = '{"semTratamentodePonto": 1}' WHERE tenant_id = $1 AND id = $2`, byRule},
		// Sign-in already filtered the role out of the token (no employee key): the clock's
		// own role check refuses first.
		"manager_without_key": {`UPDATE users SET employee_id = NULL, roles = '{pwa-rh-ges}' WHERE tenant_id = $1 AND id = $2`,
			httpx.FieldError{Type: "userHash", Message: "acesso_negado"}},
	} {
		t.Run(name, func(t *testing.T) {
			caller, _ := freshCaller(t, s, clocktest.Options{}, c.setup)
			if menuHas(caller, "rh_007_001") {
				t.Fatal("the menu shows the clock")
			}
			apitest.WantErrors(t, register(caller), http.StatusForbidden, c.refusal)
			apitest.WantErrors(t, remove(caller), http.StatusForbidden, c.refusal)
		})
	}
}
