package vacations_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"

	vacationsproj "portal/projections/vacations"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	"portal/readapi/vacations"
)

// The vacation calls end to end: HTTP, auth, the command handlers, the event store, the
// vacations projection and its read model, on readapitest.VacNow.

// vacEnv is the server the vacation tests call.
type vacEnv struct{ *readapitest.Env }

func newVacEnv(t *testing.T) vacEnv {
	return vacEnv{readapitest.New(t, "readapi_vacations", readapitest.VacNow)}
}

// call sends a call to /api/rh-app/<path> as p.
func (e vacEnv) call(t *testing.T, p readapitest.Person, method, path string, query map[string]string, body string) apitest.Response {
	t.Helper()
	return e.Call(t, p, method, "/api/rh-app/"+path, query, body, nil)
}

func (e vacEnv) project(t *testing.T, tenant uuid.UUID) {
	t.Helper()
	e.Project(t, tenant, vacationsproj.New())
}

func TestVacationAPI_request_refusal_approval_chain_map_and_balance(t *testing.T) {
	e := newVacEnv(t)
	emp, mgr, hr, col := e.VacationTeam(t)
	other, _, _, _ := e.VacationTeam(t)

	var mine vacations.MyVacationsJSON
	e.call(t, emp, "GET", "ferias/minhas", nil, "").DecodeOK(t, &mine)
	if mine.Saldo != 180 || len(mine.Periodos) != 7 || mine.Periodos[6].Status != "acquiring" || mine.Periodos[0].Status != "overdue" {
		t.Fatalf("my vacations = saldo %d, %+v", mine.Saldo, mine.Periodos)
	}
	if !mine.Permissoes["solicita_ferias"] {
		t.Errorf("permissions = %v", mine.Permissoes)
	}

	// A 4-day vacation is refused with the rule's key, by the check and by the request, and
	// nothing is written.
	before := int(e.CountEvents(t, emp.Tenant))
	e.call(t, emp, "POST", "ferias/verificar", nil, `{"inicio":"2026-11-16","dias":4}`).WantErr(t, 422, "dias", "ferias_minimo_5_dias")
	e.call(t, emp, "POST", "ferias/solicitar", nil, `{"inicio":"2026-11-16","dias":4}`).WantErr(t, 422, "dias", "ferias_minimo_5_dias")
	e.call(t, emp, "POST", "ferias/solicitar", nil, `{"inicio":"2026-11-13","dias":10}`).WantErr(t, 422, "inicio", "ferias_inicio_antes_descanso")
	e.call(t, emp, "POST", "ferias/solicitar", nil, `{"inicio":"nope","dias":10}`).WantErr(t, 400, "inicio", "data_invalida")
	e.call(t, emp, "POST", "ferias/solicitar", nil, `{"inicio":"2026-11-16","dias":10,"extra":1}`).WantErr(t, 400, "body", "valor_invalido")
	e.call(t, emp, "POST", "ferias/solicitar", nil, `{"inicio":"2026-11-16"}`).WantErr(t, 400, "dias", "campo_obrigatorio")
	if n := int(e.CountEvents(t, emp.Tenant)); n != before {
		t.Fatalf("refusals wrote %d events", n-before)
	}

	var filed struct {
		Data struct {
			ID     uuid.UUID `json:"id"`
			Fim    string    `json:"fim"`
			Etapas []string  `json:"etapas"`
		} `json:"data"`
	}
	e.call(t, emp, "POST", "ferias/verificar", nil, `{"inicio":"2026-11-16T00:00:00-03:00","dias":10}`).DecodeOK(t, &filed)
	if filed.Data.Fim != "2026-11-25" || filed.Data.ID != uuid.Nil {
		t.Fatalf("check = %+v", filed.Data)
	}
	e.call(t, emp, "POST", "ferias/solicitar", nil, `{"inicio":"2026-11-16","dias":10}`).DecodeOK(t, &filed)
	if filed.Data.ID == uuid.Nil || len(filed.Data.Etapas) != 2 {
		t.Fatalf("request = %+v", filed.Data)
	}
	e.project(t, emp.Tenant)
	e.call(t, emp, "GET", "ferias/minhas", nil, "").DecodeOK(t, &mine)
	if mine.Saldo != 170 || len(mine.Solicitacoes) != 1 || mine.Solicitacoes[0].Status != "pending" || mine.Solicitacoes[0].StepKind != "manager" {
		t.Fatalf("after the request: saldo %d, %+v", mine.Saldo, mine.Solicitacoes)
	}

	type list struct {
		Data []vacationsproj.Leave `json:"data"`
	}
	var waiting list
	e.call(t, mgr, "GET", "ferias/aprovacoes", nil, "").DecodeOK(t, &waiting)
	if len(waiting.Data) != 1 || waiting.Data[0].ID != filed.Data.ID {
		t.Fatalf("manager's queue = %+v", waiting.Data)
	}
	e.call(t, hr, "GET", "ferias/aprovacoes", nil, "").DecodeOK(t, &waiting)
	if len(waiting.Data) != 0 {
		t.Fatalf("HR's queue before the manager = %+v", waiting.Data)
	}
	decide := `{"id":"` + filed.Data.ID.String() + `","m01Ukey":"` + emp.EmployeeID.String() + `","step":%d}`
	step := func(n int) string { return strings.Replace(decide, "%d", string(rune('0'+n)), 1) }
	e.call(t, col, "POST", "ferias/aprovar", nil, step(0)).WantErr(t, 403, "request", "acesso_negado") // no approvals menu
	e.call(t, hr, "POST", "ferias/aprovar", nil, step(0)).WantErr(t, 403, "id", "acesso_negado")       // not her step
	e.call(t, mgr, "POST", "ferias/aprovar", nil, `{"id":"x"}`).WantErr(t, 400, "id", "valor_invalido")
	e.call(t, mgr, "POST", "ferias/aprovar", nil, step(0)).DecodeOK(t, &struct{}{})
	e.call(t, mgr, "POST", "ferias/aprovar", nil, step(0)).WantErr(t, 409, "step", "ferias_etapa_ja_decidida")
	e.project(t, emp.Tenant)
	e.call(t, hr, "GET", "ferias/aprovacoes", nil, "").DecodeOK(t, &waiting)
	if len(waiting.Data) != 1 || waiting.Data[0].StepKind != "hr" {
		t.Fatalf("HR's queue = %+v", waiting.Data)
	}
	e.call(t, hr, "POST", "ferias/aprovar", nil, step(1)).DecodeOK(t, &struct{}{})
	e.project(t, emp.Tenant)
	e.call(t, emp, "GET", "ferias/minhas", nil, "").DecodeOK(t, &mine)
	if mine.Saldo != 170 || mine.Solicitacoes[0].Status != "scheduled" {
		t.Fatalf("after HR: saldo %d, %+v", mine.Saldo, mine.Solicitacoes)
	}

	// The map: the manager sees the scheduled vacation; waiting-only shows nothing now; HR sees
	// it over the whole tenant; bad filters are 400.
	var m struct {
		Data []vacationsproj.MapEntry `json:"data"`
	}
	q := map[string]string{"inicio": "2026-11-01", "fim": "2026-11-30", "tipoFerias": "1"}
	e.call(t, mgr, "GET", "ferias/mapa", q, "").DecodeOK(t, &m)
	if len(m.Data) != 1 || m.Data[0].Status != "scheduled" || m.Data[0].M01Ukey != emp.EmployeeID {
		t.Fatalf("manager's map = %+v", m.Data)
	}
	q["tipoFerias"] = "2"
	e.call(t, mgr, "GET", "ferias/mapa", q, "").DecodeOK(t, &m)
	if len(m.Data) != 0 {
		t.Fatalf("waiting map = %+v", m.Data)
	}
	e.call(t, hr, "GET", "ferias/mapa", map[string]string{"escopo": "admin", "inicio": "2026-01-01", "fim": "2026-12-31"}, "").DecodeOK(t, &m)
	if len(m.Data) != 1 {
		t.Fatalf("HR's map = %+v", m.Data)
	}
	e.call(t, mgr, "GET", "ferias/mapa", map[string]string{"escopo": "admin"}, "").WantErr(t, 403, "escopo", "acesso_negado")
	e.call(t, mgr, "GET", "ferias/mapa", map[string]string{"tipoFerias": "9"}, "").WantErr(t, 400, "tipoFerias", "valor_invalido")
	e.call(t, emp, "GET", "ferias/mapa", nil, "").WantErr(t, 403, "request", "acesso_negado")

	// History, holidays, the work schedule.
	var hist list
	e.call(t, emp, "GET", "ferias/historico", nil, "").DecodeOK(t, &hist)
	if len(hist.Data) != 1 || len(hist.Data[0].Decisions) != 2 {
		t.Fatalf("history = %+v", hist.Data)
	}
	var hols []vacations.HolidayJSON
	e.call(t, emp, "GET", "ferias/feriados", map[string]string{"ano": "2026"}, "").DecodeOK(t, &hols)
	found := map[string]string{}
	for _, h := range hols {
		found[h.Data] = h.Chave + h.Nome
	}
	if found["2026-04-03"] != "holiday_good_friday" || found["2026-06-04"] != "holiday_corpus_christi" || found["2026-06-12"] != "holiday_tenantDia da empresa" {
		t.Fatalf("holidays = %v", found)
	}
	var month struct {
		TipoEscala string                  `json:"tipoEscala"`
		Dias       []vacations.ScheduleDay `json:"dias"`
	}
	e.call(t, emp, "GET", "colaborador/escala-mes-descricao", map[string]string{"yearMonth": "202611"}, "").DecodeOK(t, &month)
	if len(month.Dias) != 30 || month.Dias[14].Tipo != "holiday" || month.Dias[13].Tipo != "rest" || month.Dias[15].Tipo != "work" {
		t.Fatalf("month = %+v", month)
	}
	var entries []vacations.ScheduleEntry
	e.call(t, mgr, "GET", "colaborador/escala", map[string]string{"yearMonth": "202611", "m01Ukey": emp.EmployeeID.String()}, "").DecodeOK(t, &entries)
	// The month's 30 days, then the vacation scheduled above (a calendar shows it too).
	if len(entries) != 31 || entries[14].Array1015 != 3 || entries[14].Label != "holiday_republic" ||
		entries[30].Array1015 != vacations.EntryVacation || entries[30].Status != vacations.EventApproved {
		t.Fatalf("escala = %+v", entries)
	}
	e.call(t, emp, "GET", "colaborador/escala", map[string]string{"yearMonth": "202613"}, "").WantErr(t, 400, "yearMonth", "valor_invalido")
	e.call(t, col, "GET", "colaborador/escala", map[string]string{"yearMonth": "202611", "m01Ukey": emp.EmployeeID.String()}, "").
		WantErr(t, 404, "m01Ukey", "nao_encontrado")

	// Planning: the manager plans for the employee, who sees it.
	var planned struct {
		Data struct {
			ID uuid.UUID `json:"id"`
		} `json:"data"`
	}
	e.call(t, mgr, "POST", "ferias/planejamento", nil, `{"m01Ukey":"`+emp.EmployeeID.String()+`","inicio":"2027-02-01","dias":3}`).
		WantErr(t, 422, "dias", "ferias_minimo_5_dias")
	e.call(t, mgr, "POST", "ferias/planejamento", nil, `{"m01Ukey":"`+emp.EmployeeID.String()+`","inicio":"2027-02-01","dias":15}`).DecodeOK(t, &planned)
	e.project(t, emp.Tenant)
	var planning struct {
		Equipe []vacationsproj.TeamMember `json:"equipe"`
		Planos []vacationsproj.Plan       `json:"planos"`
	}
	e.call(t, mgr, "GET", "ferias/planejamento", map[string]string{"ano": "2027"}, "").DecodeOK(t, &planning)
	if len(planning.Equipe) != 2 || len(planning.Planos) != 1 || planning.Planos[0].ID != planned.Data.ID {
		t.Fatalf("planning = %+v", planning)
	}
	e.call(t, emp, "GET", "ferias/minhas", nil, "").DecodeOK(t, &mine)
	if len(mine.Planejadas) != 1 || mine.Saldo != 170 {
		t.Fatalf("the employee's plans: %+v, saldo %d", mine.Planejadas, mine.Saldo)
	}

	// Tenancy: another tenant's employee key is unknown here; another tenant's tenId is 403.
	e.call(t, mgr, "GET", "ferias/minhas", map[string]string{"m01Ukey": other.EmployeeID.String()}, "").WantErr(t, 404, "m01Ukey", "nao_encontrado")
	e.call(t, emp, "GET", "ferias/minhas", map[string]string{"tenId": other.Tenant.String()}, "").WantErr(t, 403, "tenId", "acesso_negado")
	var otherMine vacations.MyVacationsJSON
	e.call(t, other, "GET", "ferias/minhas", nil, "").DecodeOK(t, &otherMine)
	if otherMine.Saldo != 180 || len(otherMine.Solicitacoes) != 0 {
		t.Fatalf("the other tenant's employee sees %+v", otherMine)
	}
	e.call(t, col, "GET", "ferias/minhas", map[string]string{"m01Ukey": emp.EmployeeID.String()}, "").WantErr(t, 404, "m01Ukey", "nao_encontrado")
}
