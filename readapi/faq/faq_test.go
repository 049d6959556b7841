package faq_test

import (
	"net/http"
	"strings"
	"testing"

	"portal/auth"
	"portal/commands/clocktest"
	faqproj "portal/projections/faq"
	"portal/readapi/faq"
	"portal/readapi/readapitest"
)

// Over HTTP: HR (casbin "faq, admin") edits, an employee reads and searches but may not
// edit; bad input is the spec's 4xx {type, message} with no event written; another tenant
// sees nothing.
func TestFAQOverHTTP(t *testing.T) {
	t.Parallel()
	e := readapitest.New(t, "readapi_faq", readapitest.ClockNow)
	tenant := e.Tenant(t)
	hr := e.Person(t, &tenant, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	ana := e.Person(t, &tenant, clocktest.Options{})
	stranger := e.Person(t, nil, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})

	var cat struct{ ID string }
	e.Call(t, hr, http.MethodPost, "/api/faq/categories", nil, `{"name":"Benefícios","rank":1}`, nil).DecodeOK(t, &cat)
	var q struct{ ID string }
	e.Call(t, hr, http.MethodPost, "/api/faq/questions", nil,
		`{"categoryId":"`+cat.ID+`","question":"Como funciona o vale-refeição?","answer":"<p>Crédito <em>mensal</em></p><img src=x onerror=alert(1)>"}`, nil).DecodeOK(t, &q)
	before := e.CountEvents(t, tenant.ID)

	e.Call(t, ana, http.MethodPost, "/api/faq/categories", nil, `{"name":"x"}`, nil).WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
	e.Call(t, ana, http.MethodDelete, "/api/faq/questions/"+q.ID, nil, "", nil).WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
	e.Call(t, hr, http.MethodPost, "/api/faq/categories", nil, `{"name":""}`, nil).WantErr(t, http.StatusBadRequest, "name", "campo_obrigatorio")
	e.Call(t, hr, http.MethodPost, "/api/faq/categories", nil, `{"name":"a","extra":1}`, nil).WantErr(t, http.StatusBadRequest, "body", "valor_invalido")
	e.Call(t, hr, http.MethodPost, "/api/faq/questions", nil, `{"question":"q","answer":"a"}`, nil).WantErr(t, http.StatusBadRequest, "category", "campo_obrigatorio")
	e.Call(t, hr, http.MethodPost, "/api/faq/questions", nil, `{"categoryId":"`+cat.ID+`","question":"`+strings.Repeat("é", 256)+`","answer":"a"}`, nil).
		WantErr(t, http.StatusBadRequest, "question", "texto_muito_longo")
	e.Call(t, hr, http.MethodPut, "/api/faq/questions/nope", nil, `{}`, nil).WantErr(t, http.StatusBadRequest, "id", "valor_invalido")
	e.Call(t, hr, http.MethodDelete, "/api/faq/categories/"+cat.ID, nil, "", nil).WantErr(t, http.StatusUnprocessableEntity, "id", "faq_categoria_com_perguntas")
	e.Call(t, stranger, http.MethodDelete, "/api/faq/questions/"+q.ID, nil, "", nil).WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
	if n := e.CountEvents(t, tenant.ID); n != before {
		t.Fatalf("refusals wrote %d events", n-before)
	}

	e.Project(t, tenant.ID, faqproj.FAQ{})
	var page faq.Page
	e.Call(t, ana, http.MethodGet, "/api/faq", map[string]string{"q": "refeicao"}, "", nil).DecodeOK(t, &page)
	if page.CanEdit || len(page.Categories) != 1 || len(page.Questions) != 1 || strings.Contains(page.Questions[0].Answer, "onerror") ||
		!strings.Contains(page.Questions[0].Answer, "<em>mensal</em>") {
		t.Fatalf("ana's page %+v", page)
	}
	e.Call(t, hr, http.MethodGet, "/api/faq", map[string]string{"q": "ferias"}, "", nil).DecodeOK(t, &page)
	if !page.CanEdit || len(page.Questions) != 0 {
		t.Fatalf("hr's page %+v", page)
	}
	e.Call(t, ana, http.MethodGet, "/api/faq", map[string]string{"category": "x"}, "", nil).WantErr(t, http.StatusBadRequest, "category", "valor_invalido")
	e.Call(t, stranger, http.MethodGet, "/api/faq", nil, "", nil).DecodeOK(t, &page)
	if len(page.Categories) != 0 || len(page.Questions) != 0 {
		t.Fatalf("another tenant reads %+v", page)
	}
}
