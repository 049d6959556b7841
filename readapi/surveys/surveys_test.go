package surveys_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"portal/auth"
	"portal/commands/clocktest"
	surveysproj "portal/projections/surveys"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
)

// surveyEnv is the server the survey tests call.
type surveyEnv struct{ *readapitest.Env }

func newSurveyEnv(t *testing.T) surveyEnv {
	return surveyEnv{readapitest.New(t, "readapi_surveys", readapitest.ClockNow)}
}

// createdSurvey is what creating a survey answers: its id and its questions' keys.
type createdSurvey struct {
	Data struct {
		ID        string `json:"id"`
		Perguntas []struct {
			Ukey string `json:"ukey"`
		} `json:"perguntas"`
	} `json:"data"`
}

// surveyCall sends a call to /api/avaliacao360/<path> as p with tenId (and userHash) set
// from p unless query overrides them (an empty value removes the parameter).
func (e surveyEnv) surveyCall(t *testing.T, p readapitest.Person, method, path string, query map[string]string, body string) apitest.Response {
	t.Helper()
	return e.Call(t, p, method, "/api/avaliacao360/"+path, query, body, nil)
}

// projectSurveys applies the tenant's events to the surveys projection, as the Runner would.
func (e surveyEnv) projectSurveys(t *testing.T, tenant clocktest.Tenant) {
	t.Helper()
	e.Project(t, tenant.ID, surveysproj.New())
}

// entitle gives a user the surveys' purchase and dynamicAccess flags (the seed does it for
// DEMOCORP).
func (e surveyEnv) entitle(t *testing.T, p clocktest.Person, flags string) {
	t.Helper()
	e.Exec(t, []any{p.Tenant, p.UserID, flags}, `UPDATE users SET purchased = 'pwa-pesquisa,pwa-aval-360', dynamic_access = $3
		WHERE tenant_id = $1 AND id = $2`)
}

const enpsBody = `{"tipo":"enps","descricao":"eNPS","inicio":"2020-01-01","fim":"2099-12-31","publico":{"todos":true},
"perguntas":[{"oa9_003_m":"Nota","oa9_004_n":1,"oa9_020_c":"0","oa9_021_c":"10","oa9_022_n":1},{"oa9_003_m":"Por quê?","oa9_004_n":11}]}`

func TestSurveyAPI(t *testing.T) {
	env := newSurveyEnv(t)
	tenant := env.Tenant(t)
	hr := env.Person(t, &tenant, clocktest.Options{Roles: []string{auth.RoleHRAdmin, auth.RoleCollaborator}})
	ana := env.Person(t, &tenant, clocktest.Options{})
	plain := env.Person(t, &tenant, clocktest.Options{})
	for _, p := range []readapitest.Person{hr, ana} {
		env.entitle(t, p.Person, `{"eNPS":1,"clima":1,"enquete":1}`)
	}
	env.entitle(t, plain.Person, `{"eNPS":0,"clima":1,"enquete":1}`)

	// Creating is HR's; bad bodies are 400 and write nothing.
	env.surveyCall(t, ana, "POST", "pesquisas", nil, enpsBody).WantErr(t, 403, "request", "acesso_negado")
	before := env.CountEvents(t, tenant.ID)
	for _, c := range []struct{ body, typ, msg string }{
		{`{`, "body", "valor_invalido"},
		{`{"tipo":"x"}`, "tipo", "valor_invalido"},
		{strings.Replace(enpsBody, `"fim":"2099-12-31"`, `"fim":"2019-01-01"`, 1), "fim", "periodo_invalido"},
		{strings.Replace(enpsBody, `"oa9_021_c":"10"`, `"oa9_021_c":"5"`, 1), "perguntas[0]", "enps_primeira_pergunta"},
		{strings.Replace(enpsBody, `"oa9_004_n":11`, `"oa9_004_n":8`, 1), "perguntas[1]", "configuracao_invalida"},
	} {
		env.surveyCall(t, hr, "POST", "pesquisas", nil, c.body).WantErr(t, 400, c.typ, c.msg)
	}
	if env.CountEvents(t, tenant.ID) != before {
		t.Fatal("a refused creation wrote events")
	}
	created := env.surveyCall(t, hr, "POST", "pesquisas", nil, enpsBody)
	var c createdSurvey
	created.Decode(t, &c)
	if created.Status != 200 || c.Data.ID == "" || len(c.Data.Perguntas) != 2 {
		t.Fatalf("create = %d %s", created.Status, created.Body)
	}
	env.projectSurveys(t, tenant)

	// The list needs the dynamicAccess flag, on the server.
	env.surveyCall(t, plain, "GET", "enps", map[string]string{"folderId": "all"}, "").WantErr(t, 403, "request", "acesso_negado")
	if r := env.surveyCall(t, plain, "GET", "clima", map[string]string{"folderId": "all", "filterHandle": "0"}, ""); r.Status != 200 {
		t.Fatalf("clima list with the flag = %d %s", r.Status, r.Body)
	}
	env.surveyCall(t, ana, "GET", "enps", map[string]string{"filterHandle": "1"}, "").WantErr(t, 400, "filterHandle", "valor_invalido")
	env.surveyCall(t, ana, "GET", "enps", map[string]string{"orderBy": "x"}, "").WantErr(t, 400, "orderBy", "valor_invalido")
	var list []surveysproj.ListItem
	r := env.surveyCall(t, ana, "GET", "enps", map[string]string{"folderId": "all", "filterHandle": "0", "searchText": "enp", "orderBy": "inicio", "orderDescending": "true"}, "")
	r.Decode(t, &list)
	if len(list) != 1 || list[0].ID.String() != c.Data.ID || list[0].Status != 0 || list[0].Answered {
		t.Fatalf("list = %s", r.Body)
	}
	if r := env.surveyCall(t, ana, "GET", "enps", map[string]string{"filterHandle": "2"}, ""); string(r.Body) != "[]\n" {
		t.Fatalf("finished list = %s", r.Body)
	}

	// Pending at sign-in, then answers: malformed bodies are 400 and write nothing.
	var pending []surveysproj.PendingSurvey
	env.surveyCall(t, ana, "GET", "lista-pendentes-login", map[string]string{"userHash": ""}, "").Decode(t, &pending)
	if len(pending) != 1 || pending[0].SurveyID != c.Data.ID || pending[0].ID == "" || pending[0].Questions[0].Response != pending[0].ID {
		t.Fatalf("pending = %+v", pending)
	}
	rid, q0, q1 := pending[0].ID, c.Data.Perguntas[0].Ukey, c.Data.Perguntas[1].Ukey
	answer := func(slot, ukey string, step int) string {
		return fmt.Sprintf(`{"oa8_ukey":%q,"oa10_ukey":%q,"ukey":%q,"oa9_004_n":%d,"step":%d,%s}`, c.Data.ID, rid, ukey,
			map[string]int{q0: 1, q1: 11}[ukey], step, slot)
	}
	before = env.CountEvents(t, tenant.ID)
	env.surveyCall(t, ana, "PUT", "resposta", nil, `{"oa8_ukey":1}`).WantErr(t, 400, "body", "valor_invalido")
	env.surveyCall(t, ana, "PUT", "resposta", nil, answer(`"oa9_101_n":"abc"`, q0, 0)).WantErr(t, 400, "oa9_101_n", "numero_invalido")
	env.surveyCall(t, ana, "PUT", "resposta", nil, strings.Replace(answer(`"oa9_101_n":5`, q0, 0), rid, "someone-else", 1)).
		WantErr(t, 403, "oa10_ukey", "acesso_negado")
	env.surveyCall(t, ana, "PUT", "resposta", nil, answer(`"oa9_101_n":5`, "nope", 0)).WantErr(t, 404, "ukey", "nao_encontrado")
	env.surveyCall(t, ana, "PUT", "passo", nil, `{"oa8Ukey":"`+c.Data.ID+`","step":7}`).WantErr(t, 400, "step", "valor_invalido")
	env.surveyCall(t, ana, "POST", "finalizar", map[string]string{"oa8Ukey": "not-a-uuid"}, "").WantErr(t, 404, "oa8Ukey", "nao_encontrado")
	if env.CountEvents(t, tenant.ID) != before {
		t.Fatal("a refused answer wrote events")
	}
	for _, call := range []struct{ method, path, body string }{
		{"PUT", "resposta", answer(`"oa9_101_n":11`, q0, 1)},
		{"PUT", "passo", `{"oa8Ukey":"` + c.Data.ID + `","oa10_ukey":"` + rid + `","step":0}`},
	} {
		if r := env.surveyCall(t, ana, call.method, call.path, nil, call.body); r.Status != 200 {
			t.Fatalf("%s %s = %d %s", call.method, call.path, r.Status, r.Body)
		}
	}
	// 11 is over the max: the finish names the first invalid question.
	env.surveyCall(t, ana, "POST", "finalizar", map[string]string{"oa8Ukey": c.Data.ID}, "").WantErr(t, 422, "perguntas[0]", "valor_maximo")
	env.projectSurveys(t, tenant)
	env.surveyCall(t, ana, "GET", "lista-pendentes-login", nil, "").Decode(t, &pending)
	if pending[0].ActiveStep != 0 || pending[0].Questions[0].Integer == nil || *pending[0].Questions[0].Integer != 11 {
		t.Fatalf("saved step and answer = %+v", pending[0])
	}
	if r := env.surveyCall(t, ana, "PUT", "resposta", nil, answer(`"oa9_101_n":10`, q0, 0)); r.Status != 200 {
		t.Fatal(string(r.Body))
	}
	if r := env.surveyCall(t, ana, "POST", "finalizar", map[string]string{"oa8Ukey": c.Data.ID}, ""); r.Status != 200 {
		t.Fatal(string(r.Body))
	}
	env.surveyCall(t, ana, "PUT", "resposta", nil, answer(`"oa9_105_m":"x"`, q1, 1)).WantErr(t, 422, "oa10_ukey", "avaliacao_finalizada")
	env.projectSurveys(t, tenant)
	env.surveyCall(t, ana, "GET", "lista-pendentes-login", nil, "").Decode(t, &pending)
	if len(pending) != 0 {
		t.Fatalf("still pending after finishing: %+v", pending)
	}

	// Results: HR's only; one respondent shows no figures.
	env.surveyCall(t, ana, "GET", "resultado", map[string]string{"oa8Ukey": c.Data.ID}, "").WantErr(t, 403, "request", "acesso_negado")
	var res surveysproj.Results
	env.surveyCall(t, hr, "GET", "resultado", map[string]string{"oa8Ukey": c.Data.ID}, "").Decode(t, &res)
	if res.Respondents != 1 || res.Shown || res.ENPS != nil {
		t.Fatalf("results of one respondent = %+v", res)
	}

	// Another tenant's HR cannot read or close it.
	otherHR := env.Person(t, nil, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	env.surveyCall(t, otherHR, "GET", "resultado", map[string]string{"oa8Ukey": c.Data.ID}, "").WantErr(t, 404, "oa8Ukey", "nao_encontrado")
	if r := env.surveyCall(t, otherHR, "POST", "pesquisas/encerrar", map[string]string{"oa8Ukey": c.Data.ID}, ""); r.Status != http.StatusNotFound {
		t.Fatalf("foreign close = %d %s", r.Status, r.Body)
	}
	env.surveyCall(t, ana, "GET", "lista-pendentes-login", map[string]string{"tenId": otherHR.Tenant.String()}, "").WantErr(t, 403, "tenId", "acesso_negado")
	env.surveyCall(t, ana, "GET", "lista-pendentes-login", map[string]string{"tenId": ""}, "").WantErr(t, 400, "tenId", "campo_obrigatorio")
}

func TestPDIAPI(t *testing.T) {
	env := newSurveyEnv(t)
	tenant := env.Tenant(t)
	hr := env.Person(t, &tenant, clocktest.Options{Roles: []string{auth.RoleHRAdmin, auth.RoleCollaborator}})
	ana := env.Person(t, &tenant, clocktest.Options{})
	bob := env.Person(t, &tenant, clocktest.Options{})
	for _, p := range []readapitest.Person{hr, ana, bob} {
		env.entitle(t, p.Person, `{}`)
	}
	outsider := env.Person(t, &tenant, clocktest.Options{}) // not entitled: pwa-aval-360 not bought
	env.surveyCall(t, outsider, "GET", "pdi", nil, "").WantErr(t, 403, "request", "acesso_negado")

	before := env.CountEvents(t, tenant.ID)
	env.surveyCall(t, ana, "POST", "pdi", nil, `{"titulo":""}`).WantErr(t, 400, "titulo", "campo_obrigatorio")
	env.surveyCall(t, ana, "POST", "pdi", nil, `{"titulo":"x","prazo":"amanhã"}`).WantErr(t, 400, "prazo", "data_invalida")
	env.surveyCall(t, ana, "POST", "pdi", nil, `{"titulo":"x","oa8Ukey":"`+tenant.ID.String()+`"}`).WantErr(t, 404, "oa8Ukey", "nao_encontrado")
	env.surveyCall(t, bob, "POST", "pdi", nil, `{"titulo":"x","userHash":"`+ana.UserHash+`"}`).WantErr(t, 403, "userHash", "acesso_negado")
	if env.CountEvents(t, tenant.ID) != before {
		t.Fatal("a refused action wrote events")
	}
	var added struct {
		ID string `json:"id"`
	}
	env.surveyCall(t, ana, "POST", "pdi", nil, `{"titulo":"Curso de comunicação","prazo":"2026-12-31"}`).Decode(t, &added)
	if r := env.surveyCall(t, hr, "POST", "pdi", nil, `{"titulo":"Mentoria com o gestor","userHash":"`+ana.UserHash+`"}`); r.Status != 200 {
		t.Fatalf("HR adds to Ana's plan: %d %s", r.Status, r.Body)
	}
	env.surveyCall(t, bob, "POST", "pdi/concluir", map[string]string{"id": added.ID}, "").WantErr(t, 404, "id", "nao_encontrado")
	if r := env.surveyCall(t, ana, "POST", "pdi/concluir", map[string]string{"id": added.ID}, ""); r.Status != 200 {
		t.Fatalf("complete: %d %s", r.Status, r.Body)
	}
	env.projectSurveys(t, tenant)
	var plan []surveysproj.PDIAction
	env.surveyCall(t, ana, "GET", "pdi", nil, "").Decode(t, &plan)
	if len(plan) != 2 || plan[0].Title != "Mentoria com o gestor" || plan[0].Done || !plan[1].Done || plan[1].Due == nil || *plan[1].Due != "2026-12-31" {
		t.Fatalf("plan = %+v", plan)
	}
	env.surveyCall(t, bob, "GET", "pdi", map[string]string{"colaborador": ana.UserHash}, "").WantErr(t, 403, "colaborador", "acesso_negado")
	var seen []surveysproj.PDIAction
	env.surveyCall(t, hr, "GET", "pdi", map[string]string{"colaborador": ana.UserHash}, "").Decode(t, &seen)
	if len(seen) != 2 {
		t.Fatalf("HR sees %+v", seen)
	}
	var bobs []surveysproj.PDIAction
	env.surveyCall(t, bob, "GET", "pdi", nil, "").Decode(t, &bobs)
	if len(bobs) != 0 {
		t.Fatalf("bob sees %+v", bobs)
	}
}

func TestSurveyHRLookups(t *testing.T) {
	env := newSurveyEnv(t)
	ctx := context.Background()
	tenant := env.Tenant(t)
	hr := env.Person(t, &tenant, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	boss := env.Person(t, &tenant, clocktest.Options{})
	ana := env.Person(t, &tenant, clocktest.Options{})
	peer := env.Person(t, &tenant, clocktest.Options{})
	if _, err := env.DB.Pool.Exec(ctx, `UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND id = ANY($3)`,
		tenant.ID, boss.EmployeeID, []any{ana.EmployeeID, peer.EmployeeID}); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"pesquisas/publico", "pesquisas/pessoas", "pesquisas/avaliadores"} {
		env.surveyCall(t, ana, "GET", path, map[string]string{"avaliado": ana.UserHash}, "").WantErr(t, 403, "request", "acesso_negado")
	}
	var opts map[string][]map[string]string
	env.surveyCall(t, hr, "GET", "pesquisas/publico", nil, "").Decode(t, &opts)
	if len(opts["unidades"]) != 1 || len(opts["departamentos"]) != 1 {
		t.Fatalf("audience options = %v", opts)
	}
	var people []map[string]string
	env.surveyCall(t, hr, "GET", "pesquisas/pessoas", map[string]string{"searchText": ana.UserName}, "").Decode(t, &people)
	if len(people) != 1 || people[0]["userHash"] != ana.UserHash {
		t.Fatalf("people = %v", people)
	}
	var groups map[string][]map[string]string
	env.surveyCall(t, hr, "GET", "pesquisas/avaliadores", map[string]string{"avaliado": ana.UserHash}, "").Decode(t, &groups)
	one := func(rel, hash string) bool { return len(groups[rel]) == 1 && groups[rel][0]["userHash"] == hash }
	if !one("self", ana.UserHash) || !one("manager", boss.UserHash) || !one("peer", peer.UserHash) || len(groups["report"]) != 0 {
		t.Fatalf("evaluators = %v", groups)
	}
	env.surveyCall(t, hr, "GET", "pesquisas/avaliadores", map[string]string{"avaliado": "nobody"}, "").WantErr(t, 404, "avaliado", "nao_encontrado")
	other := env.Person(t, nil, clocktest.Options{})
	env.surveyCall(t, hr, "GET", "pesquisas/avaliadores", map[string]string{"avaliado": other.UserHash}, "").WantErr(t, 404, "avaliado", "nao_encontrado")
}

// The 360 evaluations to answer (spec §2 {token} route): the caller's own, pending then
// finished with the saved answers, behind pwa-aval-360.
func TestEvaluations360API(t *testing.T) {
	env := newSurveyEnv(t)
	tenant := env.Tenant(t)
	hr := env.Person(t, &tenant, clocktest.Options{Roles: []string{auth.RoleHRAdmin, auth.RoleCollaborator}})
	ana := env.Person(t, &tenant, clocktest.Options{})
	bob := env.Person(t, &tenant, clocktest.Options{})
	carl := env.Person(t, &tenant, clocktest.Options{})
	for _, p := range []readapitest.Person{hr, ana, bob, carl} {
		env.entitle(t, p.Person, `{}`)
	}
	outsider := env.Person(t, &tenant, clocktest.Options{}) // pwa-aval-360 not bought
	body := `{"tipo":"360","descricao":"Avaliação 360","inicio":"2020-01-01","fim":"2099-12-31",
"publico":{"todos":false,"avaliado":"` + bob.UserHash + `","avaliadores":[{"userHash":"` + ana.UserHash + `","relacao":"peer"}]},
"perguntas":[{"oa9_003_m":"Colabora com o time?","oa9_004_n":2,"oa9_022_n":1}]}`
	var c createdSurvey
	env.surveyCall(t, hr, "POST", "pesquisas", nil, body).Decode(t, &c)
	if c.Data.ID == "" {
		t.Fatal("360 not created")
	}
	env.projectSurveys(t, tenant)

	env.surveyCall(t, outsider, "GET", "avaliacoes-360", nil, "").WantErr(t, 403, "request", "acesso_negado")
	env.surveyCall(t, ana, "GET", "avaliacoes-360", map[string]string{"filterHandle": "1"}, "").WantErr(t, 400, "filterHandle", "valor_invalido")
	env.surveyCall(t, ana, "GET", "avaliacoes-360", map[string]string{"folderId": "x"}, "").WantErr(t, 400, "folderId", "valor_invalido")
	env.surveyCall(t, ana, "GET", "avaliacoes-360", map[string]string{"tenId": carl.Tenant.String(), "userHash": bob.UserHash}, "").
		WantErr(t, 403, "userHash", "acesso_negado")
	list := func(p readapitest.Person, filter string) []surveysproj.Evaluation360 {
		t.Helper()
		var out []surveysproj.Evaluation360
		env.surveyCall(t, p, "GET", "avaliacoes-360", map[string]string{"folderId": "all", "filterHandle": filter}, "").Decode(t, &out)
		return out
	}
	if l := list(carl, "all"); len(l) != 0 {
		t.Fatalf("someone not asked sees %+v", l)
	}
	if l := list(ana, "2"); len(l) != 0 {
		t.Fatalf("finished before answering: %+v", l)
	}
	l := list(ana, "0")
	if len(l) != 1 || l[0].SurveyID != c.Data.ID || l[0].Status != 0 || l[0].Answered || l[0].Subject == "" ||
		len(l[0].Questions) != 1 || l[0].Questions[0].Response != l[0].ID {
		t.Fatalf("pending = %+v", l)
	}
	answer := fmt.Sprintf(`{"oa8_ukey":%q,"oa10_ukey":%q,"ukey":%q,"oa9_004_n":2,"step":0,"oa9_102_b":true}`, c.Data.ID, l[0].ID, c.Data.Perguntas[0].Ukey)
	if r := env.surveyCall(t, ana, "PUT", "resposta", nil, answer); r.Status != 200 {
		t.Fatal(string(r.Body))
	}
	if r := env.surveyCall(t, ana, "POST", "finalizar", map[string]string{"oa8Ukey": c.Data.ID}, ""); r.Status != 200 {
		t.Fatal(string(r.Body))
	}
	env.projectSurveys(t, tenant)
	if l := list(ana, "0"); len(l) != 0 {
		t.Fatalf("still pending after finishing: %+v", l)
	}
	l = list(ana, "")
	if len(l) != 1 || l[0].Status != 2 || !l[0].Answered || l[0].Closed || l[0].Questions[0].Boolean == nil || !*l[0].Questions[0].Boolean {
		t.Fatalf("finished = %+v", l)
	}
}
