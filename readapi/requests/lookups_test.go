package requests_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"portal/commands/clocktest"
	requestsproj "portal/projections/requests"
)

// TestRequestLookups checks each lookup of the new-request dialog: the caller's tenant only,
// search by code or description, pages of 10, and a bad page refused with 400.
func TestRequestLookups(t *testing.T) {
	e := newReqEnv(t)
	other := e.Person(t, nil, clocktest.Options{})
	// 12 rows per list in Ana's tenant, one "Estrangeiro" row in the other tenant.
	for _, tn := range []struct {
		id    uuid.UUID
		names []string
	}{{e.ana.Tenant, nil}, {other.Tenant, []string{"Estrangeiro"}}} {
		names := tn.names
		if names == nil {
			for i := 1; i <= 12; i++ {
				names = append(names, fmt.Sprintf("Lista %02d", i))
			}
		}
		for i, n := range names {
			for _, kind := range []string{"cost_centre", "result_centre", "function", "unit"} {
				e.Exec(t, []any{tn.id, kind, uuid.New(), fmt.Sprintf("K%02d", i+1), n},
					`INSERT INTO request_lookups (tenant_id, kind, id, code, description) VALUES ($1, $2, $3, $4, $5)`)
			}
			for _, table := range []string{"business_units", "departments", "positions"} {
				e.Exec(t, []any{tn.id, uuid.New(), n},
					`INSERT INTO `+table+` (tenant_id, id, name) VALUES ($1, $2, $3)`)
			}
		}
	}
	for _, path := range []string{"api/cac-app/request/CRD1Search", "api/cac-app/request/CRD2Search",
		"api/cac-app/unidadesNegocio", "api/cac-app/departamentos", "api/cac-app/cargos",
		"api/cac-app/funcoes", "api/est-app/UnitOfMeasurement"} {
		t.Run(path, func(t *testing.T) {
			get := func(q map[string]string) ([]requestsproj.Lookup, int, string) {
				res := e.Call(t, e.ana, http.MethodGet, "/"+path, q, "", nil)
				var out []requestsproj.Lookup
				if res.Status == 200 {
					res.Decode(t, &out)
				}
				return out, res.Status, string(res.Body)
			}
			first, st, body := get(map[string]string{"searchQuery": "lista"})
			if st != 200 || len(first) != 10 || first[0].Description != "Lista 01" || first[9].Description != "Lista 10" {
				t.Fatalf("page 1: %d %s", st, body)
			}
			second, _, body := get(map[string]string{"searchQuery": "lista", "page": "2"})
			if len(second) != 2 || second[1].Description != "Lista 12" {
				t.Fatalf("page 2: %s", body)
			}
			one, _, body := get(map[string]string{"searchQuery": "STA 07"})
			if len(one) != 1 || one[0].Description != "Lista 07" || one[0].ID == "" {
				t.Fatalf("search: %s", body)
			}
			// Tenant isolation: the other tenant's row never shows, whatever the search.
			none, _, body := get(map[string]string{"searchQuery": "estrangeiro"})
			if len(none) != 0 {
				t.Fatalf("other tenant leaked: %s", body)
			}
			all, _, _ := get(map[string]string{"page": "3"})
			for _, l := range all {
				if l.Description == "Estrangeiro" {
					t.Fatalf("other tenant leaked on a page: %v", all)
				}
			}
			for _, bad := range []string{"0", "-1", "x"} {
				_, st, body := get(map[string]string{"page": bad})
				if st != 400 || !strings.Contains(body, `"page"`) {
					t.Fatalf("page=%s: %d %s", bad, st, body)
				}
			}
			if _, st, body := get(map[string]string{"tenId": other.Tenant.String()}); st < 400 || st >= 500 {
				t.Fatalf("another tenant's tenId: %d %s", st, body)
			}
		})
	}
	// The other tenant's caller (given the request tools) sees only their own rows.
	e.Exec(t, []any{other.Tenant}, `UPDATE users SET purchased = 'pwa-req-tools-request' WHERE tenant_id = $1`)
	res := e.Call(t, other, http.MethodGet, "/api/cac-app/request/CRD1Search", map[string]string{"searchQuery": "estr"}, "", nil)
	if res.Status != 200 || !strings.Contains(string(res.Body), "Estrangeiro") || strings.Contains(string(res.Body), "Lista") {
		t.Fatalf("other tenant: %d %s", res.Status, res.Body)
	}
}

// TestRequestLookupFields checks the optional department and cost centre of a request: filed
// by id, filled from the tenant's lists, shown by by-id; another tenant's id is refused.
func TestRequestLookupFields(t *testing.T) {
	e := newReqEnv(t)
	other := e.Tenant(t)
	dept, cc, foreign := uuid.New(), uuid.New(), uuid.New()
	e.Exec(t, []any{e.ana.Tenant, dept}, `INSERT INTO departments (tenant_id, id, name) VALUES ($1, $2, 'Financeiro')`)
	e.Exec(t, []any{e.ana.Tenant, cc}, `INSERT INTO request_lookups (tenant_id, kind, id, code, description) VALUES ($1, 'cost_centre', $2, 'CC-9', 'Centro nove')`)
	e.Exec(t, []any{other.ID, foreign}, `INSERT INTO request_lookups (tenant_id, kind, id, code, description) VALUES ($1, 'cost_centre', $2, 'CC-X', 'Alheio')`)
	body := func(d, c string) string {
		return strings.Replace(compraJSON, `"enviar":true`, fmt.Sprintf(`"enviar":false,"departamento":%q,"centroCusto":%q`, d, c), 1)
	}
	res := e.req(t, e.ana, http.MethodPost, "request", nil, body(dept.String(), cc.String()))
	var c created
	res.Decode(t, &c)
	if res.Status != 200 || c.Data.Departamento == nil || c.Data.Departamento.Description != "Financeiro" ||
		c.Data.CentroCusto == nil || c.Data.CentroCusto.Code != "CC-9" || c.Data.CentroCusto.Description != "Centro nove" {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	e.project(t)
	got := e.req(t, e.ana, http.MethodGet, "request/by-id", map[string]string{"id": c.Data.AC4Ukey}, "")
	if got.Status != 200 || !strings.Contains(string(got.Body), `"centroCusto":{"id":"`+cc.String()+`","code":"CC-9","description":"Centro nove"}`) {
		t.Fatalf("by-id: %d %s", got.Status, got.Body)
	}
	for _, bad := range []struct{ d, c, field string }{{dept.String(), foreign.String(), "centroCusto"}, {"x", cc.String(), "departamento"}} {
		res := e.req(t, e.ana, http.MethodPost, "request", nil, body(bad.d, bad.c))
		if res.Status != 400 || !strings.Contains(string(res.Body), `"type":"`+bad.field+`"`) {
			t.Fatalf("%s: %d %s", bad.field, res.Status, res.Body)
		}
	}
}
