package notifications_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/auth"
	"portal/commands/clocktest"
	notificationsproj "portal/projections/notifications"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
)

// The notification calls end to end: HTTP, a real auth.Service, the command handlers, the
// Postgres event store, the notifications projection and the read model. Subtests work in
// their own tenants, so they run in parallel and any leak between tenants shows.

var notifyTestNow = time.Date(2024, 5, 10, 12, 30, 15, 0, time.UTC)

type notifyEnv struct {
	*readapitest.Env
	mu sync.Mutex // one projection transaction at a time: batches of parallel subtests overlap
}

type notifyPerson struct {
	readapitest.Person
	in clocktest.Tenant
}

func newNotifyEnv(t *testing.T) *notifyEnv {
	t.Helper()
	return &notifyEnv{Env: readapitest.New(t, "readapi_notifications", notifyTestNow)}
}

// person makes a signed-in employee in tenant (a new one when nil): an employee, so that the
// HR roles it is given survive sign-in's filter by profile key (spec portal-core §6).
func (e *notifyEnv) person(t *testing.T, tenant *clocktest.Tenant, roles ...string) notifyPerson {
	t.Helper()
	if tenant == nil {
		tn := e.Tenant(t)
		tenant = &tn
	}
	return notifyPerson{Person: e.Person(t, tenant, clocktest.Options{Roles: roles}), in: *tenant}
}

func (p notifyPerson) tenant() *clocktest.Tenant {
	t := p.in
	return &t
}

// call sends a request as p with tenId and userHash set from p unless query overrides them
// (an empty value removes the parameter).
func (e *notifyEnv) call(t *testing.T, p notifyPerson, method, path string, query map[string]string, body string) apitest.Response {
	t.Helper()
	q := apitest.Query(url.Values{"tenId": {p.Tenant.String()}, "userHash": {p.UserHash}}, query)
	req := httptest.NewRequest(method, "/api/notification-app"+path+"?"+q.Encode(), strings.NewReader(body))
	return apitest.Do(e.Handler, req, p.Token)
}

func (e *notifyEnv) create(t *testing.T, p notifyPerson, body string) (notificationsproj.Notification, apitest.Response) {
	t.Helper()
	r := e.call(t, p, http.MethodPost, "", nil, body)
	var out struct {
		Success bool                           `json:"success"`
		Data    notificationsproj.Notification `json:"data"`
	}
	if r.Status == http.StatusOK {
		r.Decode(t, &out)
		if !out.Success {
			t.Fatalf("create: %s", r.Body)
		}
	}
	return out.Data, r
}

func (e *notifyEnv) list(t *testing.T, p notifyPerson) []notificationsproj.Notification {
	t.Helper()
	r := e.call(t, p, http.MethodGet, "", map[string]string{"type": "1"}, "")
	if r.Status != http.StatusOK {
		t.Fatalf("list: %d %s", r.Status, r.Body)
	}
	var out []notificationsproj.Notification
	r.Decode(t, &out)
	if out == nil {
		t.Fatalf("list answered %s, not a list", r.Body)
	}
	return out
}

// project applies the tenant's events to the notifications projection, as the Runner would
// (applying them again is harmless).
func (e *notifyEnv) project(t *testing.T, tenant *clocktest.Tenant) {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	e.Project(t, tenant.ID, notificationsproj.New())
}

func (e *notifyEnv) countEvents(t *testing.T, tenants ...*clocktest.Tenant) int64 {
	t.Helper()
	var total int64
	for _, tn := range tenants {
		total += e.CountEvents(t, tn.ID)
	}
	return total
}

func wantOK(t *testing.T, r apitest.Response, want string) {
	t.Helper()
	if r.Status != http.StatusOK || !jsonEqual(string(r.Body), want) {
		t.Fatalf("got %d %s, want 200 %s", r.Status, r.Body, want)
	}
}

func jsonEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

func TestNotificationAPI(t *testing.T) {
	env := newNotifyEnv(t)

	t.Run("own_notification_lifecycle", func(t *testing.T) {
		t.Parallel()
		ana := env.person(t, nil)
		n1, r := env.create(t, ana, `{"message":"Primeira","options":{"variant":"warning","classification":1,"from":"Sistema","header":"Aviso","link":"/apps/request"}}`)
		if r.Status != http.StatusOK || n1.Message != "Primeira" || n1.Options != (notificationsproj.Options{
			Variant: "warning", Classification: 1, From: "Sistema", Header: "Aviso", Link: "/apps/request"}) || !n1.CreatedAt.Equal(notifyTestNow) {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		if list := env.list(t, ana); len(list) != 0 {
			t.Fatalf("listed before the projection ran: %+v", list)
		}
		n2, _ := env.create(t, ana, `{"message":"Segunda"}`)
		env.project(t, ana.tenant())
		list := env.list(t, ana)
		if len(list) != 2 || list[0].ID != n2.ID || list[1].ID != n1.ID || list[0].Options.Variant != "info" ||
			list[0].Options.Classification != 3 || list[0].Options.From != "User "+ana.UserName {
			t.Fatalf("list %+v", list)
		}
		// type may be left out; any other type is refused.
		if r := env.call(t, ana, http.MethodGet, "", map[string]string{"type": ""}, ""); r.Status != http.StatusOK {
			t.Fatalf("without type: %d %s", r.Status, r.Body)
		}

		id := map[string]string{"id": n1.ID.String()}
		wantOK(t, env.call(t, ana, http.MethodPut, "/displayed", id, ""), `{"success":true,"first":true}`)
		wantOK(t, env.call(t, ana, http.MethodPut, "/displayed", id, ""), `{"success":true,"first":false}`)
		wantOK(t, env.call(t, ana, http.MethodPost, "/dismiss", id, ""), `{"success":true}`)
		wantOK(t, env.call(t, ana, http.MethodPost, "/dismiss", id, ""), `{"success":true}`)
		env.project(t, ana.tenant())
		if list := env.list(t, ana); len(list) != 1 || list[0].ID != n2.ID || list[0].Displayed {
			t.Fatalf("after dismissing the first: %+v", list)
		}
		wantOK(t, env.call(t, ana, http.MethodPost, "/dismiss-all", nil, ""), `{"success":true,"dismissed":1}`)
		wantOK(t, env.call(t, ana, http.MethodPost, "/dismiss-all", nil, ""), `{"success":true,"dismissed":0}`)
		env.project(t, ana.tenant())
		if list := env.list(t, ana); len(list) != 0 {
			t.Fatalf("after dismiss-all: %+v", list)
		}
	})

	t.Run("hr_admin_and_manager_notify_a_colleague", func(t *testing.T) {
		t.Parallel()
		admin := env.person(t, nil, auth.RoleHRAdmin)
		manager := env.person(t, admin.tenant(), auth.RoleManager)
		ana := env.person(t, admin.tenant())
		for _, sender := range []notifyPerson{admin, manager} {
			n, r := env.create(t, sender, `{"message":"Para Ana","toUserHash":"`+ana.UserHash+`","options":{"classification":2}}`)
			if r.Status != http.StatusOK || n.Options.From != "User "+sender.UserName {
				t.Fatalf("create: %d %s", r.Status, r.Body)
			}
		}
		env.project(t, ana.tenant())
		if list := env.list(t, ana); len(list) != 2 {
			t.Fatalf("ana's list %+v", list)
		}
		if list := env.list(t, admin); len(list) != 0 {
			t.Fatalf("the sender's list %+v", list)
		}
	})

	t.Run("others_and_other_tenants_are_out_of_reach", func(t *testing.T) {
		t.Parallel()
		ana := env.person(t, nil)
		colleague := env.person(t, ana.tenant())
		foreignAdmin := env.person(t, nil, auth.RoleHRAdmin)
		n, _ := env.create(t, ana, `{"message":"Só da Ana"}`)
		env.project(t, ana.tenant())
		before := env.countEvents(t, ana.tenant(), foreignAdmin.tenant())

		// An employee may not notify a colleague; a foreign HR admin cannot find Ana.
		_, r := env.create(t, colleague, `{"message":"x","toUserHash":"`+ana.UserHash+`"}`)
		r.WantErr(t, http.StatusForbidden, "toUserHash", "acesso_negado")
		_, r = env.create(t, foreignAdmin, `{"message":"x","toUserHash":"`+ana.UserHash+`"}`)
		r.WantErr(t, http.StatusNotFound, "toUserHash", "nao_encontrado")
		// Nor can anyone reach her notification by its id.
		id := map[string]string{"id": n.ID.String()}
		for _, other := range []notifyPerson{colleague, foreignAdmin} {
			env.call(t, other, http.MethodPost, "/dismiss", id, "").WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
			env.call(t, other, http.MethodPut, "/displayed", id, "").WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
			wantOK(t, env.call(t, other, http.MethodPost, "/dismiss-all", nil, ""), `{"success":true,"dismissed":0}`)
			if list := env.list(t, other); len(list) != 0 {
				t.Fatalf("%s sees %+v", other.UserName, list)
			}
		}
		// Ana's ids in the query with someone else's token: 403, whatever the route.
		unsigned := notifyPerson{Person: readapitest.Person{Person: ana.Person.Person}} // Ana without a token
		for _, route := range []struct{ method, path string }{
			{http.MethodGet, ""}, {http.MethodPost, ""}, {http.MethodPost, "/dismiss"}, {http.MethodPost, "/dismiss-all"}, {http.MethodPut, "/displayed"},
		} {
			env.call(t, foreignAdmin, route.method, route.path, map[string]string{"tenId": ana.Tenant.String(), "id": n.ID.String()}, `{"message":"x"}`).
				WantErr(t, http.StatusForbidden, "tenId", "acesso_negado")
			env.call(t, colleague, route.method, route.path, map[string]string{"userHash": ana.UserHash, "id": n.ID.String()}, `{"message":"x"}`).
				WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
			env.call(t, ana, route.method, route.path, map[string]string{"userHash": "", "id": n.ID.String()}, `{"message":"x"}`).
				WantErr(t, http.StatusBadRequest, "userHash", "campo_obrigatorio")
			env.call(t, unsigned, route.method, route.path, map[string]string{"id": n.ID.String()}, `{"message":"x"}`).
				WantErr(t, http.StatusUnauthorized, "token", "token_invalido")
		}
		if after := env.countEvents(t, ana.tenant(), foreignAdmin.tenant()); after != before {
			t.Fatalf("refused calls wrote %d events", after-before)
		}
		env.project(t, ana.tenant())
		if list := env.list(t, ana); len(list) != 1 || list[0].ID != n.ID || list[0].Displayed {
			t.Fatalf("ana's list %+v", list)
		}
	})

	t.Run("bad_input_is_400_and_writes_nothing", func(t *testing.T) {
		t.Parallel()
		admin := env.person(t, nil, auth.RoleHRAdmin)
		before := env.countEvents(t, admin.tenant())
		for _, c := range []struct {
			body, typ, message string
		}{
			{`{"message":""}`, "message", "campo_obrigatorio"},
			{`{"options":{"variant":"info"}}`, "message", "campo_obrigatorio"},
			{`{"message":"` + strings.Repeat("a", 501) + `"}`, "message", "texto_muito_longo"},
			{`{"message":"a","options":{"variant":"danger"}}`, "options.variant", "valor_invalido"},
			{`{"message":"a","options":{"classification":7}}`, "options.classification", "valor_invalido"},
			{`{"message":"a","options":{"link":"javascript:alert(1)"}}`, "options.link", "valor_invalido"},
			{`{"message":"a","options":{"link":"//evil.example"}}`, "options.link", "valor_invalido"},
			{`{"message":"a","toUserHash":5}`, "toUserHash", "valor_invalido"},
			{`not json`, "body", "valor_invalido"},
			{``, "body", "valor_invalido"},
		} {
			_, r := env.create(t, admin, c.body)
			r.WantErr(t, http.StatusBadRequest, c.typ, c.message)
		}
		for _, c := range []struct {
			method, path, id, typ, message string
		}{
			{http.MethodPost, "/dismiss", "", "id", "campo_obrigatorio"},
			{http.MethodPost, "/dismiss", "42", "id", "valor_invalido"},
			{http.MethodPut, "/displayed", "", "id", "campo_obrigatorio"},
			{http.MethodPut, "/displayed", "not-a-uuid", "id", "valor_invalido"},
		} {
			env.call(t, admin, c.method, c.path, map[string]string{"id": c.id}, "").WantErr(t, http.StatusBadRequest, c.typ, c.message)
		}
		env.call(t, admin, http.MethodGet, "", map[string]string{"type": "2"}, "").WantErr(t, http.StatusBadRequest, "type", "valor_invalido")
		env.call(t, admin, http.MethodPut, "/displayed", map[string]string{"id": "00000000-0000-4000-8000-000000000000"}, "").
			WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
		if after := env.countEvents(t, admin.tenant()); after != before {
			t.Fatalf("bad input wrote %d events", after-before)
		}
	})
}
