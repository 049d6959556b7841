package requests_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	rq "portal/domain/request"
	requestsproj "portal/projections/requests"
)

// TestRequestPlanLists checks the optional lookup fields of a request beyond department and
// cost centre, its instalments and apportionment (GET pedidocompra/parcelas, GET crd) and GET
// request/others: stored with the request and answered to whoever may see it, refused with
// the spec's {type, message} on bad input, never across employees or tenants.
func TestRequestPlanLists(t *testing.T) {
	e := newReqEnv(t)
	other := e.Tenant(t)
	ids := map[string]uuid.UUID{}
	for _, kind := range []string{"cost_centre", "result_centre", "function", "unit"} {
		ids[kind] = uuid.New()
		e.Exec(t, []any{e.ana.Tenant, kind, ids[kind], "K-" + kind, "Lista " + kind},
			`INSERT INTO request_lookups (tenant_id, kind, id, code, description) VALUES ($1, $2, $3, $4, $5)`)
	}
	for _, table := range []string{"business_units", "positions"} {
		ids[table] = uuid.New()
		e.Exec(t, []any{e.ana.Tenant, ids[table], "Nome " + table}, `INSERT INTO `+table+` (tenant_id, id, name) VALUES ($1, $2, $3)`)
	}
	foreign := uuid.New()
	e.Exec(t, []any{other.ID, foreign}, `INSERT INTO request_lookups (tenant_id, kind, id, code, description) VALUES ($1, 'cost_centre', $2, 'X', 'Alheio')`)
	with := func(base, extra string) string {
		return strings.Replace(base, `"enviar":true`, `"enviar":false,`+extra, 1)
	}
	plan := fmt.Sprintf(`"centroResultado":%q,"unidadeNegocio":%q,"cargo":%q,"funcao":%q,"unidadeMedida":%q,`+
		`"parcelas":[{"vencimento":"2024-06-10","valor":100.5},{"vencimento":"2024-07-10","valor":"99.50"}],`+
		`"rateio":[{"tipo":"custo","centroId":%q,"percentual":60},{"tipo":"resultado","centroId":%q,"percentual":"40"}]`,
		ids["result_centre"], ids["business_units"], ids["positions"], ids["function"], ids["unit"], ids["cost_centre"], ids["result_centre"])
	res := e.req(t, e.ana, http.MethodPost, "request", nil, with(compraJSON, plan))
	var c created
	res.Decode(t, &c)
	d := c.Data
	if res.Status != 200 || d.CentroResultado == nil || d.CentroResultado.Code != "K-result_centre" || d.UnidadeNegocio == nil ||
		d.UnidadeNegocio.Description != "Nome business_units" || d.Cargo == nil || d.Funcao == nil || d.UnidadeMedida == nil ||
		len(d.Parcelas) != 2 || len(d.Rateio) != 2 {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	compra := d.AC4Ukey
	folha := strings.Replace(compraJSON, `"tipo":"compra"`, `"tipo":"folha"`, 1)
	res = e.req(t, e.ana, http.MethodPost, "request", nil, with(folha, `"prioridade":1`))
	res.Decode(t, &c)
	if res.Status != 200 {
		t.Fatalf("second request: %d %s", res.Status, res.Body)
	}
	second := c.Data.AC4Ukey
	e.project(t)

	q := func(origin int, id string) map[string]string {
		return map[string]string{"origem": fmt.Sprint(origin), "origemId": id}
	}
	var parcelas []rq.Instalment
	got := e.req(t, e.ana, http.MethodGet, "pedidocompra/parcelas", q(int(rq.Compra), compra), "")
	got.Decode(t, &parcelas)
	if got.Status != 200 || len(parcelas) != 2 || parcelas[0] != (rq.Instalment{Number: 1, DueDate: "2024-06-10", Amount: "100.50"}) ||
		parcelas[1].Amount != "99.50" {
		t.Fatalf("parcelas: %d %s", got.Status, got.Body)
	}
	var crd []rq.Share
	got = e.req(t, e.marcos, http.MethodGet, "crd", q(int(rq.Compra), compra), "") // her manager sees it too
	got.Decode(t, &crd)
	if got.Status != 200 || len(crd) != 2 || crd[0].Kind != "custo" || crd[0].Percent != 60 || crd[0].Centre.Description != "Lista cost_centre" ||
		crd[1].Centre.ID != ids["result_centre"].String() || crd[1].Percent != 40 {
		t.Fatalf("crd: %d %s", got.Status, got.Body)
	}
	var others []requestsproj.Other
	got = e.req(t, e.ana, http.MethodGet, "request/others", map[string]string{"id": compra}, "")
	got.Decode(t, &others)
	if got.Status != 200 || len(others) != 1 || others[0].AC4Ukey != second {
		t.Fatalf("others: %d %s", got.Status, got.Body)
	}
	// A request without instalments answers [] (not null).
	got = e.req(t, e.ana, http.MethodGet, "pedidocompra/parcelas", q(int(rq.Folha), second), "")
	if got.Status != 200 || strings.TrimSpace(string(got.Body)) != "[]" {
		t.Fatalf("no parcelas: %d %s", got.Status, got.Body)
	}

	// Bad input and isolation: the spec's {type, message}, never a 500.
	for _, bad := range []struct {
		name, path string
		who        string
		query      map[string]string
		status     int
		field, key string
	}{
		{"no_origem", "crd", "ana", map[string]string{"origemId": compra}, 400, "origem", "campo_obrigatorio"},
		{"bad_origem", "crd", "ana", map[string]string{"origem": "x", "origemId": compra}, 400, "origem", ""},
		{"unknown_origem", "crd", "ana", q(999, compra), 400, "origem", rq.KeyTypeInvalid},
		{"bad_origemId", "pedidocompra/parcelas", "ana", q(3, "x"), 400, "origemId", ""},
		{"wrong_origin", "pedidocompra/parcelas", "ana", q(int(rq.Folha), compra), 404, "origemId", rq.KeyNotFound},
		{"another_employee", "crd", "bia", q(3, compra), 404, "origemId", rq.KeyNotFound},
		{"another_employee_others", "request/others", "bia", map[string]string{"id": compra}, 404, "id", rq.KeyNotFound},
		{"others_without_id", "request/others", "ana", nil, 400, "id", "campo_obrigatorio"},
		{"another_tenId", "crd", "ana", map[string]string{"origem": "3", "origemId": compra, "tenId": other.ID.String()}, 0, "", ""},
	} {
		t.Run(bad.name, func(t *testing.T) {
			who := e.ana
			if bad.who == "bia" {
				who = e.bia
			}
			res := e.req(t, who, http.MethodGet, bad.path, bad.query, "")
			if bad.status == 0 {
				if res.Status < 400 || res.Status >= 500 || strings.Contains(string(res.Body), "Lista") {
					t.Fatalf("%d %s", res.Status, res.Body)
				}
				return
			}
			if res.Status != bad.status || !strings.Contains(string(res.Body), `"type":"`+bad.field+`"`) || !strings.Contains(string(res.Body), bad.key) {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
		})
	}
	for _, bad := range []struct{ name, body, field, key string }{
		{"sum_not_100", with(compraJSON, fmt.Sprintf(`"rateio":[{"tipo":"custo","centroId":%q,"percentual":90}]`, ids["cost_centre"])), "rateio", rq.KeyApportionmentSum},
		{"sum_over_100", with(compraJSON, fmt.Sprintf(`"rateio":[{"tipo":"custo","centroId":%q,"percentual":60},{"tipo":"resultado","centroId":%q,"percentual":40.01}]`, ids["cost_centre"], ids["result_centre"])), "rateio", rq.KeyApportionmentSum},
		{"same_centre_twice", with(compraJSON, fmt.Sprintf(`"rateio":[{"tipo":"custo","centroId":%q,"percentual":50},{"tipo":"custo","centroId":%q,"percentual":50}]`, ids["cost_centre"], ids["cost_centre"])), "rateio.centroId", "valor_invalido"},
		{"foreign_centre", with(compraJSON, fmt.Sprintf(`"rateio":[{"tipo":"custo","centroId":%q,"percentual":100}]`, foreign)), "rateio.centroId", "valor_invalido"},
		{"result_centre_as_cost", with(compraJSON, fmt.Sprintf(`"rateio":[{"tipo":"custo","centroId":%q,"percentual":100}]`, ids["result_centre"])), "rateio.centroId", "valor_invalido"},
		{"bad_kind", with(compraJSON, fmt.Sprintf(`"rateio":[{"tipo":"outro","centroId":%q,"percentual":100}]`, ids["cost_centre"])), "rateio.tipo", "valor_invalido"},
		{"three_decimals", with(compraJSON, `"parcelas":[{"vencimento":"2024-06-10","valor":1.234}]`), "parcelas.valor", "valor_invalido"},
		{"zero_amount", with(compraJSON, `"parcelas":[{"vencimento":"2024-06-10","valor":0}]`), "parcelas.valor", "valor_invalido"},
		{"due_before_reference", with(compraJSON, `"parcelas":[{"vencimento":"2024-05-01","valor":10}]`), "parcelas.vencimento", "data_fora_intervalo"},
		{"instalments_off_purchase", with(folha, `"parcelas":[{"vencimento":"2024-06-10","valor":10}]`), "parcelas", rq.KeyInstalmentsType},
		{"foreign_position", with(compraJSON, fmt.Sprintf(`"cargo":%q`, foreign)), "cargo", "valor_invalido"},
	} {
		t.Run(bad.name, func(t *testing.T) {
			res := e.req(t, e.bia, http.MethodPost, "request", nil, bad.body)
			if res.Status != 400 || !strings.Contains(string(res.Body), `"type":"`+bad.field+`","message":"`+bad.key+`"`) {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
		})
	}
	// Nothing half-written: Bia's refused requests left no request behind.
	e.project(t)
	var n int
	if err := e.DB.Pool.QueryRow(t.Context(), `SELECT count(*) FROM requests WHERE tenant_id = $1 AND subject_employee_id = $2`, e.ana.Tenant, e.bia.EmployeeID).Scan(&n); err != nil || n != 0 {
		t.Fatalf("refused requests stored: %d %v", n, err)
	}
}
