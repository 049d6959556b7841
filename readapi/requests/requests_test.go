package requests_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain"
	rq "portal/domain/request"
	requestsproj "portal/projections/requests"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	"portal/readapi/requests"
)

// reqEnv is a tenant with Ana (employee), Marcos (her manager), Helena (HR) and Bia (a
// colleague with another manager), all signed in, with the request tools purchased.
type reqEnv struct {
	*readapitest.Env
	ana, marcos, helena, bia readapitest.Person
}

func newReqEnv(t *testing.T) reqEnv {
	t.Helper()
	e := readapitest.New(t, "readapi_requests", readapitest.ClockNow)
	ctx := context.Background()
	tn := e.Tenant(t)
	r := reqEnv{Env: e}
	r.ana = e.Person(t, &tn, clocktest.Options{})
	r.marcos = e.Person(t, &tn, clocktest.Options{Roles: []string{auth.RoleManager, auth.RoleCollaborator}})
	r.helena = e.Person(t, &tn, clocktest.Options{Roles: []string{rq.RoleHR}})
	r.bia = e.Person(t, &tn, clocktest.Options{})
	for _, q := range []string{
		`UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND id = $3`,
		`UPDATE users SET purchased = 'pwa-req-tools-request,pwa-req-tools-delivery,pwa-req-tools-compra,pwa-req-tools-folha' WHERE tenant_id = $1 AND $2::uuid IS NOT NULL AND $3::uuid IS NOT NULL`,
	} {
		if _, err := e.DB.Pool.Exec(ctx, q, tn.ID, r.marcos.EmployeeID, r.ana.EmployeeID); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// req sends a call to /api/cac-app/<path> as p; tenId and userHash are p's unless query
// overrides them.
func (e reqEnv) req(t *testing.T, p readapitest.Person, method, path string, query map[string]string, body string) apitest.Response {
	t.Helper()
	return e.Call(t, p, method, "/api/cac-app/"+path, query, body, nil)
}

// project applies the tenant's events to the requests read model.
func (e reqEnv) project(t *testing.T) {
	t.Helper()
	e.Project(t, e.ana.Tenant, requestsproj.Requests{})
}

type created struct {
	Success bool             `json:"success"`
	Data    requestsproj.Doc `json:"data"`
}

const compraJSON = `{"tipo":"compra","titulo":"Notebook","motivo":"Trabalho","comentario":"O atual quebrou","dataReferencia":"2024-05-10T09:00:00-03:00","enviar":true}`

func TestRequestsFlowOverHTTP(t *testing.T) {
	e := newReqEnv(t)
	res := e.req(t, e.ana, http.MethodPost, "request", nil, compraJSON)
	var c created
	res.Decode(t, &c)
	if res.Status != 200 || c.Data.Status != "waiting" || c.Data.ApprovalStatus != "waiting_manager" || c.Data.CurrentStep.Approver.UserHash != e.marcos.UserHash {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	id := c.Data.ID
	e.req(t, e.ana, http.MethodPost, "request", nil, compraJSON).WantErr(t, 409, "tipo", rq.KeyOpenExists)
	e.project(t)

	var page requestsproj.Page
	res = e.req(t, e.marcos, http.MethodGet, "request", map[string]string{"source": "approver"}, "")
	res.Decode(t, &page)
	if res.Status != 200 || page.TotalCount != 1 || page.Data[0].ID != id {
		t.Fatalf("approver queue: %s", res.Body)
	}
	res = e.req(t, e.ana, http.MethodGet, "request/count", nil, "")
	if !strings.Contains(string(res.Body), `"waiting":1`) {
		t.Fatalf("count %s", res.Body)
	}
	var pending struct {
		Acoes requests.Actions `json:"acoes"`
	}
	e.req(t, e.marcos, http.MethodGet, "request/by-id", map[string]string{"id": id}, "").Decode(t, &pending)
	if a := pending.Acoes; !a.Aprovar || !a.Reprovar || !a.Bloquear || a.Desfazer || a.Enviar {
		t.Fatalf("the manager's actions on the waiting step: %+v", a)
	}
	e.req(t, e.ana, http.MethodGet, "request/by-id", map[string]string{"id": id}, "").Decode(t, &pending)
	if a := pending.Acoes; a.Aprovar || !a.Editar || !a.Remover || a.Enviar {
		t.Fatalf("Ana's actions on her sent request: %+v", a)
	}
	e.req(t, e.marcos, http.MethodPost, "request/approve", nil, `{"requestId":"`+id+`"}`).WantErr(t, 400, "step", "campo_obrigatorio")
	e.req(t, e.helena, http.MethodPost, "request/approve", nil, `{"requestId":"`+id+`","step":0}`).WantErr(t, 403, "request", rq.KeyDesignated)
	if res = e.req(t, e.marcos, http.MethodPost, "request/approve", nil, `{"requestId":"`+id+`","step":0,"comentario":"ok"}`); res.Status != 200 {
		t.Fatalf("approve: %s", res.Body)
	}
	e.req(t, e.marcos, http.MethodPost, "request/approve", nil, `{"requestId":"`+id+`","step":0}`).WantErr(t, 409, "request", rq.KeyAlreadyDecided)
	if res = e.req(t, e.helena, http.MethodPost, "request/approve", nil, `{"requestId":"`+id+`","step":1}`); res.Status != 200 {
		t.Fatalf("hr approve: %s", res.Body)
	}
	e.req(t, e.helena, http.MethodPost, "request/undo", nil, `{"requestId":"`+id+`","step":1}`).WantErr(t, 422, "request", rq.KeyReviewedByHR)
	e.project(t)

	var doc requestsproj.Doc
	res = e.req(t, e.ana, http.MethodGet, "request/by-id", map[string]string{"id": id}, "")
	res.Decode(t, &doc)
	if doc.ApprovalStatus != "approved_hr" || doc.DeliveryStatus == nil || *doc.DeliveryStatus != "pending" {
		t.Fatalf("by id: %s", res.Body)
	}
	e.req(t, e.bia, http.MethodGet, "request/by-id", map[string]string{"id": id}, "").WantErr(t, 404, "id", rq.KeyNotFound)
	var withActions struct {
		Acoes requests.Actions `json:"acoes"`
	}
	e.req(t, e.helena, http.MethodGet, "request/by-id", map[string]string{"id": id}, "").Decode(t, &withActions)
	if a := withActions.Acoes; a.Aprovar || a.Desfazer || a.Editar || len(a.Entregar) != 4 {
		t.Fatalf("HR's actions after the HR approval: %+v (nothing but the delivery)", a)
	}
	// An HR admin of another tenant, with that tenant's own ids, never finds it.
	foreign := e.Person(t, nil, clocktest.Options{Roles: []string{rq.RoleHR}})
	if _, err := e.DB.Pool.Exec(context.Background(), `UPDATE users SET purchased = 'pwa-req-tools-request' WHERE id = $1`, foreign.UserID); err != nil {
		t.Fatal(err)
	}
	e.req(t, foreign, http.MethodGet, "request/by-id", map[string]string{"id": id}, "").WantErr(t, 404, "id", rq.KeyNotFound)
	e.req(t, foreign, http.MethodGet, "requestApprover", map[string]string{"requestId": id}, "").WantErr(t, 404, "requestId", rq.KeyNotFound)
	e.req(t, foreign, http.MethodPost, "request/approve", nil, `{"requestId":"`+id+`","step":1}`).WantErr(t, 404, "id", rq.KeyNotFound)

	var chain []requests.ApproverStep
	e.req(t, e.ana, http.MethodGet, "requestApprover", map[string]string{"requestId": id}, "").Decode(t, &chain)
	if len(chain) != 2 || chain[0].State != "approved" || chain[0].DecidedBy.UserHash != e.marcos.UserHash || chain[0].Comentario != "ok" ||
		chain[1].State != "approved" || chain[1].DecidedBy.UserHash != e.helena.UserHash {
		t.Fatalf("chain %+v", chain)
	}
	var timeline []requests.Timeline
	e.req(t, e.ana, http.MethodGet, "request/timeline", map[string]string{"requestId": id}, "").Decode(t, &timeline)
	if len(timeline) != 4 || timeline[0].What != "request_created" || timeline[2].Actor.UserHash != e.marcos.UserHash || timeline[3].Type != rq.TypeStepApproved {
		t.Fatalf("timeline %+v", timeline)
	}

	// Delivery: HR delivers in part, Ana confirms; plain and grouped history.
	e.req(t, e.marcos, http.MethodPost, "requestDelivery/status", nil, `{"requestId":"`+id+`","status":"delivered"}`).WantErr(t, 403, "request", "acesso_negado")
	e.req(t, e.helena, http.MethodPost, "requestDelivery/status", nil, `{"requestId":"`+id+`","status":"lost"}`).WantErr(t, 400, "status", "valor_invalido")
	for _, s := range []string{"partially_delivered", "partially_delivered"} {
		if res = e.req(t, e.helena, http.MethodPost, "requestDelivery/status", nil, `{"requestId":"`+id+`","status":"`+s+`"}`); res.Status != 200 {
			t.Fatalf("delivery: %s", res.Body)
		}
	}
	if res = e.req(t, e.ana, http.MethodPost, "requestDelivery/confirmReceipt", nil, `{"requestId":"`+id+`"}`); res.Status != 200 {
		t.Fatalf("confirm: %s", res.Body)
	}
	var groups []requests.DeliveryGroup
	e.req(t, e.ana, http.MethodGet, "requestDelivery/grouped-history", map[string]string{"requestId": id}, "").Decode(t, &groups)
	if len(groups) != 2 || groups[0].Status != "partially_delivered" || groups[0].Count != 2 || groups[1].Status != "confirmed" {
		t.Fatalf("grouped %+v", groups)
	}

	// History (closed requests, 8 a page) and the filtered list.
	e.project(t)
	e.req(t, e.ana, http.MethodGet, "request/history", nil, "").Decode(t, &page)
	if page.TotalCount != 1 || page.PageSize != 8 {
		t.Fatalf("history %+v", page)
	}
	res = e.req(t, e.ana, http.MethodPost, "request/GetWithFilter", nil,
		`{"type":3,"additionalFilters":{"items":[{"field":"titulo","operator":"contains","value":"note"},{"field":"deliveryStatus","value":"confirmed"}]}}`)
	res.Decode(t, &page)
	if res.Status != 200 || page.TotalCount != 1 {
		t.Fatalf("GetWithFilter %s", res.Body)
	}
}

func TestRequestsRefuseBadInput(t *testing.T) {
	e := newReqEnv(t)
	other := uuid.NewString()
	cases := []struct {
		name, method, path string
		query              map[string]string
		body               string
		status             int
		typ, message       string
	}{
		{"no_tenant", http.MethodGet, "request", map[string]string{"tenId": ""}, "", 400, "tenId", "campo_obrigatorio"},
		{"foreign_tenant", http.MethodGet, "request", map[string]string{"tenId": other}, "", 403, "tenId", "acesso_negado"},
		{"foreign_user", http.MethodGet, "request", map[string]string{"userHash": "x"}, "", 403, "userHash", "acesso_negado"},
		{"unknown_folder", http.MethodGet, "request", map[string]string{"filterHandle": "nada"}, "", 400, "filterHandle", "valor_invalido"},
		{"bad_page", http.MethodGet, "request", map[string]string{"pageSize": "1000"}, "", 400, "pageSize", "valor_invalido"},
		{"bad_types", http.MethodGet, "request", map[string]string{"types": "4"}, "", 400, "types", "valor_invalido"},
		{"not_my_team", http.MethodGet, "request", map[string]string{"m01Ukey": other}, "", 403, "m01Ukey", "acesso_negado"},
		{"employee_sees_no_queue", http.MethodGet, "request", map[string]string{"source": "approver"}, "", 403, "source", "acesso_negado"},
		{"body_not_json", http.MethodPost, "request", nil, `{"titulo":`, 400, "body", "valor_invalido"},
		{"title_required", http.MethodPost, "request", nil, `{"tipo":"compra","motivo":"m","comentario":"c","dataReferencia":"2024-05-10"}`, 400, "titulo", "campo_obrigatorio"},
		{"empty_date", http.MethodPost, "request", nil, `{"tipo":"compra","titulo":"t","motivo":"m","comentario":"c","dataReferencia":""}`, 400, "dataReferencia", "campo_obrigatorio"},
		{"delivery_before_reference", http.MethodPost, "request", nil, `{"tipo":"compra","titulo":"t","motivo":"m","comentario":"c","dataReferencia":"2024-05-10","dataEntrega":"2024-05-09"}`, 400, "dataEntrega", rq.KeyDeliveryBefore},
		{"type_not_purchased", http.MethodPost, "request", nil, `{"tipo":"epi","titulo":"t","motivo":"m","comentario":"c","dataReferencia":"2024-05-10"}`, 400, "tipo", rq.KeyTypeInvalid},
		{"unknown_item", http.MethodPost, "request", nil, `{"tipo":"compra","titulo":"t","motivo":"m","comentario":"c","dataReferencia":"2024-05-10","itens":[{"itemId":"` + other + `","quantidade":1}]}`, 400, "itens.itemId", domain.KeyInvalid},
		{"unknown_request", http.MethodGet, "request/by-id", map[string]string{"id": other}, "", 404, "id", rq.KeyNotFound},
		{"bad_id", http.MethodGet, "request/by-id", map[string]string{"id": "1"}, "", 400, "id", "valor_invalido"},
		{"decide_unknown", http.MethodPost, "request/send", map[string]string{"requestId": other}, "", 404, "id", rq.KeyNotFound},
		{"edit_without_anything", http.MethodPut, "request", nil, `{"ac4Ukey":"` + other + `"}`, 400, "rank", "campo_obrigatorio"},
		{"bad_filter", http.MethodPost, "request/GetWithFilter", nil, `{"additionalFilters":{"items":[{"field":"senha","value":"x"}]}}`, 400, "additionalFilters.items[0].field", "valor_invalido"},
		{"download_unknown", http.MethodGet, "anexos/baixar", map[string]string{"id": other}, "", 404, "id", "nao_encontrado"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e.req(t, e.ana, tc.method, tc.path, tc.query, tc.body).WantErr(t, tc.status, tc.typ, tc.message)
		})
	}
	var n int
	if err := e.DB.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE tenant_id = $1 AND stream LIKE 'request-%'`, e.ana.Tenant).Scan(&n); err != nil || n != 0 {
		t.Fatalf("refused input wrote %d events (%v)", n, err)
	}
}

// upload posts a file as multipart form field "file".
func (e reqEnv) upload(t *testing.T, p readapitest.Person, requestID, name string, content []byte) apitest.Response {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", name)
	fw.Write(content)
	w.Close()
	q := url.Values{"tenId": {p.Tenant.String()}, "requestId": {requestID}}
	r := httptest.NewRequest(http.MethodPost, "/api/cac-app/anexos?"+q.Encode(), &buf)
	r.Header.Set("Content-Type", w.FormDataContentType())
	return apitest.Do(e.Handler, r, p.Token)
}

func TestAttachmentsOverHTTP(t *testing.T) {
	e := newReqEnv(t)
	body := `{"tipo":"folha","titulo":"Atestado","motivo":"Doença","comentario":"c","dataReferencia":"2024-05-10",
		"ausencia":{"tipoAusenciaDesc":"Doença","tipoAbono":"atestado","nomeMedico":"Dr. X","tpRegistro":"CRM","registro":"1","ufRegistroDesc":"SP","inicioAbono":"2024-05-09","fimAbono":"2024-05-10"}}`
	var c created
	res := e.req(t, e.ana, http.MethodPost, "request", nil, body)
	res.Decode(t, &c)
	if res.Status != 200 || c.Data.Status != "draft" {
		t.Fatalf("create %s", res.Body)
	}
	id := c.Data.ID
	e.req(t, e.ana, http.MethodPost, "request/send", map[string]string{"requestId": id}, "").WantErr(t, 422, "anexos", rq.KeyAttachmentRequired)
	e.upload(t, e.ana, id, "atestado.pdf", []byte("MZ\x90\x00not a pdf")).WantErr(t, 400, "file", rq.KeyFileType)
	e.upload(t, e.ana, id, "grande.txt", bytes.Repeat([]byte("a"), rq.MaxFileSize+1)).WantErr(t, 413, "file", rq.KeyFileTooLarge)
	pdf := []byte("%PDF-1.4 atestado")
	res = e.upload(t, e.ana, id, "atestado.pdf", pdf)
	var up struct {
		Data requestsproj.AttachmentView `json:"data"`
	}
	res.Decode(t, &up)
	if res.Status != 200 || up.Data.Tipo != "pdf" || len(up.Data.SHA256) != 64 {
		t.Fatalf("upload %s", res.Body)
	}
	if res = e.req(t, e.ana, http.MethodPost, "request/send", map[string]string{"requestId": id}, ""); res.Status != 200 {
		t.Fatalf("send %s", res.Body)
	}
	e.project(t)
	res = e.req(t, e.marcos, http.MethodGet, "anexos/baixar", map[string]string{"id": up.Data.ID, "blob": "1"}, "")
	if res.Status != 200 || !bytes.Equal(res.Body, pdf) {
		t.Fatalf("the approver downloads: %d %q", res.Status, res.Body)
	}
	e.req(t, e.bia, http.MethodGet, "anexos/baixar", map[string]string{"id": up.Data.ID}, "").WantErr(t, 404, "id", "nao_encontrado")
	e.req(t, e.ana, http.MethodDelete, "anexos", map[string]string{"id": up.Data.ID}, "").WantErr(t, 422, "anexos", rq.KeyAttachmentRequired)
	// Marcos acts for his team member: the list of his team has Ana.
	res = e.req(t, e.marcos, http.MethodGet, "request/my-team", nil, "")
	if !strings.Contains(string(res.Body), e.ana.EmployeeID.String()) || strings.Contains(string(res.Body), e.bia.EmployeeID.String()) {
		t.Fatalf("my team %s", res.Body)
	}
	res = e.req(t, e.marcos, http.MethodGet, "request", map[string]string{"m01Ukey": e.ana.EmployeeID.String()}, "")
	if res.Status != 200 || !strings.Contains(string(res.Body), id) {
		t.Fatalf("the manager lists his member's requests: %s", res.Body)
	}
}
