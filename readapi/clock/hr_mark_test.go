package clock_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain/clock"
	clockproj "portal/projections/clock"
	"portal/readapi/readapitest"
)

// HR marking end to end (issue 30): HR records a mark for an employee over HTTP; the clock
// read model shows it as HR's in the employee's history and day and in HR's recent list;
// bad input and callers who are not HR write nothing.
func TestHRMarkAPI(t *testing.T) {
	env := newClockEnv(t)
	const path = "/api/rh-app/marcacao-rh"
	body := func(emp readapitest.Person, day, hour, kind, reason string) string {
		b, _ := json.Marshal(map[string]string{"colaborador": emp.EmployeeID.String(), "data": day, "hora": hour, "tipo": kind, "motivo": reason})
		return string(b)
	}
	team := func(t *testing.T) (hr, emp readapitest.Person) {
		tn := env.Tenant(t)
		hr = env.Person(t, &tn, clocktest.Options{Roles: []string{auth.RoleHRAdmin, auth.RoleCollaborator}})
		emp = env.Person(t, &tn, clocktest.Options{})
		return hr, emp
	}
	key := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }

	t.Run("hr_records_and_every_view_shows_it_as_hr", func(t *testing.T) {
		t.Parallel()
		hr, emp := team(t)
		r := env.Call(t, hr, http.MethodPost, path, nil, body(emp, "2024-05-10", "08:00", "device", "  relógio quebrado "), key("k1"))
		if r.Status != http.StatusCreated {
			t.Fatalf("record: %d %s", r.Status, r.Body)
		}
		events := env.events(t, emp.Person)
		if len(events) != 1 || events[0].Type != clock.TypeMarkRecordedByHR || events[0].Actor != hr.UserID.String() {
			t.Fatalf("events %+v", events)
		}
		env.project(t, emp.Person)

		hist := env.call(t, emp, http.MethodGet, "v2/historico-ponto", nil, "", nil)
		var marks []struct {
			Time string `json:"n09_001_t"`
			RH   *struct{ AutorID, AutorNome, Motivo, Tipo string }
		}
		if err := json.Unmarshal(hist.Body, &marks); err != nil || hist.Status != http.StatusOK || len(marks) != 1 {
			t.Fatalf("history: %d %s", hist.Status, hist.Body)
		}
		m := marks[0]
		if m.Time != "2024-05-10T08:00:00" || m.RH == nil || m.RH.AutorID != hr.UserID.String() || m.RH.AutorNome != "User "+hr.UserName ||
			m.RH.Motivo != "relógio quebrado" || m.RH.Tipo != "device" {
			t.Fatalf("history mark %s", hist.Body)
		}

		day := env.call(t, emp, http.MethodGet, "ponto-dia", map[string]string{"data": "2024-05-10"}, "", nil)
		if day.Status != http.StatusOK || !strings.Contains(string(day.Body), `"rh":{"autorId":"`+hr.UserID.String()+`","autorNome":"User `+hr.UserName+`","motivo":"relógio quebrado","tipo":"device"}`) {
			t.Fatalf("ponto-dia: %d %s", day.Status, day.Body)
		}

		list := env.Call(t, hr, http.MethodGet, path, nil, "", nil)
		var recent []struct{ ColaboradorID, ColaboradorNome, Motivo, AutorNome string }
		if err := json.Unmarshal(list.Body, &recent); err != nil || len(recent) != 1 || recent[0].ColaboradorID != emp.EmployeeID.String() ||
			recent[0].ColaboradorNome == "" || recent[0].AutorNome != "User "+hr.UserName {
			t.Fatalf("recent: %d %s", list.Status, list.Body)
		}

		found := env.Call(t, hr, http.MethodGet, path+"/colaboradores", map[string]string{"searchText": "employee"}, "", nil)
		if found.Status != http.StatusOK || !strings.Contains(string(found.Body), emp.EmployeeID.String()) {
			t.Fatalf("search: %d %s", found.Status, found.Body)
		}
	})

	t.Run("bad_input_gets_4xx_and_writes_nothing", func(t *testing.T) {
		t.Parallel()
		hr, emp := team(t)
		other := env.Person(t, nil, clocktest.Options{})
		cases := []struct {
			name, body string
			status     int
			want       string
		}{
			{"no_reason", body(emp, "2024-05-10", "08:00", "device", "  "), 400, `{"message":"campo_obrigatorio","errors":[{"type":"motivo","message":"campo_obrigatorio"}]}`},
			{"short_reason", body(emp, "2024-05-10", "08:00", "device", "ab"), 400, `{"message":"motivo_tamanho","errors":[{"type":"motivo","message":"motivo_tamanho"}]}`},
			{"unknown_kind", body(emp, "2024-05-10", "08:00", "x", "motivo ok"), 400, `{"message":"valor_invalido","errors":[{"type":"tipo","message":"valor_invalido"}]}`},
			{"bad_time", body(emp, "2024-05-10", "8h", "device", "motivo ok"), 400, `{"message":"valor_invalido","errors":[{"type":"hora","message":"valor_invalido"}]}`},
			{"future", body(emp, "2024-05-10", "10:00", "device", "motivo ok"), 400, `{"message":"data_futura","errors":[{"type":"hora","message":"data_futura"}]}`},
			{"before_hire", body(emp, "2019-12-31", "10:00", "device", "motivo ok"), 400, `{"message":"antes_admissao","errors":[{"type":"data","message":"antes_admissao"}]}`},
			{"unknown_employee", `{"colaborador":"00000000-0000-4000-8000-000000000000","data":"2024-05-10","hora":"08:00","tipo":"device","motivo":"motivo ok"}`,
				404, `{"message":"nao_encontrado","errors":[{"type":"colaborador","message":"nao_encontrado"}]}`},
			{"another_tenants_employee", body(other, "2024-05-10", "08:00", "device", "motivo ok"), 404, `{"message":"nao_encontrado","errors":[{"type":"colaborador","message":"nao_encontrado"}]}`},
		}
		for _, tc := range cases {
			r := env.Call(t, hr, http.MethodPost, path, nil, tc.body, key("bad-"+tc.name))
			if r.Status != tc.status || strings.TrimSpace(string(r.Body)) != tc.want {
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
			}
		}
		if n := env.CountEvents(t, emp.Tenant) + env.CountEvents(t, other.Tenant); n != 0 {
			t.Fatalf("bad input wrote %d events", n)
		}
	})

	t.Run("a_collaborator_or_manager_cannot_call_it", func(t *testing.T) {
		t.Parallel()
		tn := env.Tenant(t)
		emp := env.Person(t, &tn, clocktest.Options{})
		mgr := env.Person(t, &tn, clocktest.Options{Roles: []string{auth.RoleManager, auth.RoleCollaborator}})
		for _, p := range []readapitest.Person{emp, mgr} {
			for _, c := range []struct{ method, path, body string }{
				{http.MethodPost, path, body(emp, "2024-05-10", "08:00", "device", "eu mesmo")},
				{http.MethodGet, path, ""},
				{http.MethodGet, path + "/colaboradores", ""},
			} {
				r := env.Call(t, p, c.method, c.path, nil, c.body, key("k"))
				if r.Status != http.StatusForbidden {
					t.Errorf("%v %s %s: %d %s", p.UserName, c.method, c.path, r.Status, r.Body)
				}
			}
		}
		if n := env.CountEvents(t, tn.ID); n != 0 {
			t.Fatalf("wrote %d events", n)
		}
	})

	t.Run("hr_sees_only_its_tenants_hr_marks", func(t *testing.T) {
		t.Parallel()
		hrA, empA := team(t)
		hrB, _ := team(t)
		if r := env.Call(t, hrA, http.MethodPost, path, nil, body(empA, "2024-05-10", "07:00", "field", "visita ao cliente"), key("a")); r.Status != http.StatusCreated {
			t.Fatalf("record: %d %s", r.Status, r.Body)
		}
		env.Project(t, hrA.Tenant, clockproj.New())
		r := env.Call(t, hrB, http.MethodGet, path, nil, "", nil)
		if r.Status != http.StatusOK || strings.TrimSpace(string(r.Body)) != "[]" {
			t.Fatalf("B sees %d %s", r.Status, r.Body)
		}
		if r := env.Call(t, hrB, http.MethodGet, path+"/colaboradores", map[string]string{"searchText": ""}, "", nil); strings.Contains(string(r.Body), empA.EmployeeID.String()) {
			t.Fatalf("B finds A's employee: %s", r.Body)
		}
	})
}
