package people_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/projections"
	moodproj "portal/projections/mood"
	peopleproj "portal/projections/people"
	requestsproj "portal/projections/requests"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	"portal/readapi/vacations"
	"portal/seed"
)

// The people area end to end on the seeded demo tenants: the team listings, the colleague
// card, birthdays, hires and the home's dynamic messages, with who may see what.

func names(rows []peopleproj.PersonRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Nome
	}
	return out
}

func TestTeamListings(t *testing.T) {
	e := readapitest.NewSeeded(t, "readapi_people")
	marcos := e.SignIn(t, seed.DemoCode, seed.UserMarcos)
	helena := e.SignIn(t, seed.DemoCode, seed.UserHelena)
	ana := e.SignIn(t, seed.DemoCode, seed.UserAna)

	// Ana checks in her mood: her manager sees it on her avatar, a colleague does not.
	r := e.Post(ana, "gen/HumorEnergy", `{"humor":4.2,"energy":2.5}`)
	if r.Status != http.StatusOK {
		t.Fatalf("check-in: %d %s", r.Status, r.Body)
	}
	if _, err := projections.Replay(context.Background(), e.DB.Pool, e.Store, moodproj.Mood{}, nil); err != nil {
		t.Fatal(err)
	}

	t.Run("a manager lists his direct reports, paged by 30, with their mood", func(t *testing.T) {
		first := apitest.DecodeAs[peopleproj.Page](t, e.Get(marcos, "rh-app/Colaborador/gestor-minha-equipe", url.Values{"searchText": {"a"}}))
		if first.CurrentPage != 1 || first.PageSize != 30 || len(first.Data) != min(30, first.TotalCount) || first.TotalCount < 2 {
			t.Fatalf("first page %+v", first)
		}
		all := map[string]peopleproj.PersonRow{}
		page := first
		for p := 1; ; p++ {
			for _, row := range page.Data {
				if _, dup := all[row.ID]; dup {
					t.Fatalf("%s on two pages", row.Nome)
				}
				all[row.ID] = row
			}
			if !page.HasNext {
				break
			}
			page = apitest.DecodeAs[peopleproj.Page](t, e.Get(marcos, "rh-app/Colaborador/gestor-minha-equipe",
				url.Values{"searchText": {"a"}, "page": {strconv.Itoa(p + 1)}}))
		}
		if len(all) != first.TotalCount {
			t.Fatalf("%d rows over the pages, totalCount %d", len(all), first.TotalCount)
		}
		anaRow, ok := all[seed.EmployeeID(seed.DemoCode, seed.UserAna).String()]
		if !ok || anaRow.Emo == nil || anaRow.Emo.Humor != 4.2 || anaRow.Emo.Energy != 2.5 {
			t.Fatalf("Ana in Marcos's team: %+v", anaRow)
		}
		if _, ok := all[seed.EmployeeID(seed.DemoCode, seed.UserHelena).String()]; ok {
			t.Fatal("Helena is not Marcos's report")
		}
	})

	t.Run("search ignores accents and case; sort by field and direction", func(t *testing.T) {
		res := apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe", url.Values{"searchText": {"LIVIA AUD"}}))
		if got := names(res.Data); len(got) != 1 || got[0] != "Lívia Auditoria" {
			t.Fatalf("search LIVIA AUD: %v", got)
		}
		asc := apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe",
			url.Values{"searchText": {"o"}, "orderBy": {"admissao"}, "pageSize": {"100"}}))
		desc := apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe",
			url.Values{"searchText": {"o"}, "orderBy": {"admissao"}, "orderDescending": {"true"}, "pageSize": {"100"}}))
		for i := 1; i < len(asc.Data); i++ {
			if asc.Data[i-1].Admissao > asc.Data[i].Admissao || desc.Data[i-1].Admissao < desc.Data[i].Admissao {
				t.Fatalf("not sorted by hire date at %d", i)
			}
		}
		// HR sees former employees too; find-people only current ones, without their code.
		joao := apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe", url.Values{"searchText": {"joão pereira"}}))
		if len(joao.Data) != 1 || joao.Data[0].Status != "inactive" {
			t.Fatalf("HR listing of João: %+v", joao.Data)
		}
		found := apitest.DecodeAs[peopleproj.Page](t, e.Get(ana, "rh-app/Colaborador/minha-equipe", url.Values{"searchText": {"joao pereira"}}))
		if len(found.Data) != 0 {
			t.Fatalf("find people shows a former employee: %+v", found.Data)
		}
		colleagues := apitest.DecodeAs[peopleproj.Page](t, e.Get(ana, "rh-app/Colaborador/minha-equipe", url.Values{"searchText": {"marcos lima"}}))
		if len(colleagues.Data) != 1 || colleagues.Data[0].Codigo != "" || colleagues.Data[0].Emo != nil || colleagues.Data[0].Email == "" {
			t.Fatalf("a colleague's public fields: %+v", colleagues.Data)
		}
		// The drill-down: one department's people.
		dept := colleagues.Data[0].DeptID
		inDept := apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe",
			url.Values{"departamento": {dept}, "pageSize": {"100"}}))
		if inDept.TotalCount < 3 {
			t.Fatalf("department %s has %d people", dept, inDept.TotalCount)
		}
		for _, r := range inDept.Data {
			if r.DeptID != dept || r.Departamento != colleagues.Data[0].Departamento {
				t.Fatalf("%s of %s in the drill-down of %s", r.Nome, r.Departamento, colleagues.Data[0].Departamento)
			}
		}
		// Past the last page: no rows, and still the count.
		past := apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe",
			url.Values{"departamento": {dept}, "page": {"99"}}))
		if len(past.Data) != 0 || past.TotalCount != inDept.TotalCount || past.HasNext {
			t.Fatalf("page 99: %+v", past)
		}
		// A LIKE wildcard is a plain character.
		pct := apitest.DecodeAs[peopleproj.Page](t, e.Get(helena, "rh-app/Colaborador/adm-minha-equipe", url.Values{"searchText": {"%"}}))
		if pct.TotalCount != 0 {
			t.Fatalf("%% matched %d people", pct.TotalCount)
		}
	})

	t.Run("each listing needs its screen's access", func(t *testing.T) {
		for _, c := range []struct {
			who  readapitest.User
			path string
		}{{ana, "gestor-minha-equipe"}, {ana, "adm-minha-equipe"}, {marcos, "adm-minha-equipe"}} {
			r := e.Get(c.who, "rh-app/Colaborador/"+c.path, url.Values{"searchText": {"a"}})
			if r.Status != http.StatusForbidden {
				t.Errorf("%s: %d %s", c.path, r.Status, r.Body)
			}
		}
	})

	t.Run("bad input is refused", func(t *testing.T) {
		for _, q := range []url.Values{
			{"orderBy": {"salario"}}, {"orderDescending": {"maybe"}}, {"page": {"0"}}, {"pageSize": {"1000"}},
			{"departamento": {"x"}}, {"searchText": {strings.Repeat("a", 256)}},
		} {
			r := e.Get(helena, "rh-app/Colaborador/adm-minha-equipe", q)
			if r.Status != http.StatusBadRequest || len(r.ErrorBody(t).Errors) != 1 {
				t.Errorf("%v: %d %s", q, r.Status, r.Body)
			}
		}
	})
}

func TestColleagueCard(t *testing.T) {
	e := readapitest.NewSeeded(t, "readapi_people")
	ana := e.SignIn(t, seed.DemoCode, seed.UserAna)
	marcos := e.SignIn(t, seed.DemoCode, seed.UserMarcos)
	carla := e.SignIn(t, seed.AcmeCode, seed.UserCarla)
	anaID := seed.EmployeeID(seed.DemoCode, seed.UserAna).String()

	own := apitest.DecodeAs[peopleproj.Card](t, e.Get(ana, "rh-app/colaborador/cartao-apresentacao", url.Values{"m01Ukey": {anaID}}))
	if own.Nome != "Ana Souza" || own.M01004C != own.Nome || own.Cargo != "Analista de Operações" || own.Departamento != "Operações" ||
		own.Unidade == "" || own.Inicio == "" || own.Email != "ana.souza@democorp.com.br" {
		t.Fatalf("card %+v", own)
	}
	// "More information": only answered questions, the URL as it is.
	if len(own.TellMeMore) != 3 || own.TellMeMore[2].Resposta != "https://www.linkedin.com/in/ana-souza-demo" {
		t.Fatalf("tellMeMore %+v", own.TellMeMore)
	}
	// The phone is for the contact QR's readers (managers and HR), not for colleagues.
	if own.Fone != "" {
		t.Fatalf("an employee reads a phone: %q", own.Fone)
	}
	byManager := apitest.DecodeAs[peopleproj.Card](t, e.Get(marcos, "rh-app/colaborador/cartao-apresentacao", url.Values{"m01Ukey": {anaID}}))
	if byManager.Fone == "" {
		t.Fatal("the manager's card has no phone")
	}
	// Pedro is on leave today.
	pedro := apitest.DecodeAs[peopleproj.Card](t, e.Get(ana, "rh-app/colaborador/cartao-apresentacao",
		url.Values{"m01Ukey": {seed.EmployeeID(seed.DemoCode, seed.UserPedro).String()}}))
	if pedro.Afastamento == nil || pedro.Afastamento.Inicio == "" || pedro.Status != nil {
		t.Fatalf("Pedro's card %+v", pedro)
	}
	if own.Status == nil || own.Status.Motivo != "active" {
		t.Fatalf("Ana's status %+v", own.Status)
	}

	// Another tenant's employee is not found; a foreign tenId is refused; bad ids are 400.
	if r := e.Get(carla, "rh-app/colaborador/cartao-apresentacao", url.Values{"m01Ukey": {anaID}}); r.Status != http.StatusNotFound {
		t.Fatalf("Carla reads Ana's card: %d %s", r.Status, r.Body)
	}
	if r := e.Get(carla, "rh-app/colaborador/cartao-apresentacao", url.Values{"m01Ukey": {anaID}, "tenId": {ana.TenID}}); r.Status != http.StatusForbidden {
		t.Fatalf("foreign tenId: %d", r.Status)
	}
	for _, q := range []url.Values{{}, {"m01Ukey": {"nope"}}} {
		if r := e.Get(ana, "rh-app/colaborador/cartao-apresentacao", q); r.Status != http.StatusBadRequest {
			t.Fatalf("%v: %d", q, r.Status)
		}
	}
	switch r := e.Get(carla, "rh-app/Colaborador/minha-equipe", url.Values{"searchText": {"ana.souza@democorp"}}); r.Status {
	case http.StatusOK:
		if page := apitest.DecodeAs[peopleproj.Page](t, r); page.TotalCount != 0 {
			t.Fatalf("Carla finds DEMOCORP people: %+v", page.Data)
		}
	case http.StatusForbidden: // ACMECORP did not buy the screen
	default:
		t.Fatalf("Carla's search: %d %s", r.Status, r.Body)
	}
}

func TestBirthdaysHiresAndMessages(t *testing.T) {
	e := readapitest.NewSeeded(t, "readapi_people")
	ana := e.SignIn(t, seed.DemoCode, seed.UserAna)
	carla := e.SignIn(t, seed.AcmeCode, seed.UserCarla)
	now := time.Now().UTC()

	born := apitest.DecodeAs[[]peopleproj.PersonRow](t, e.Get(ana, "rh-app/colaborador/aniversariantes", nil))
	if !slices.Contains(names(born), "Ana Souza") || !slices.Contains(names(born), "Marcos Lima") {
		t.Fatalf("birthdays of the month: %v", names(born))
	}
	month := now.Format("01")
	for i, p := range born {
		if !strings.HasPrefix(p.Aniversario, month+"-") || p.Codigo != "" {
			t.Fatalf("%+v is not of month %s or shows private fields", p, month)
		}
		if i > 0 && born[i-1].Aniversario > p.Aniversario {
			t.Fatal("birthdays not in day order")
		}
	}
	hires := apitest.DecodeAs[[]peopleproj.PersonRow](t, e.Get(ana, "rh-app/colaborador/admitidos-mes", nil))
	if len(hires) == 0 {
		t.Fatal("no hires this month")
	}
	for _, p := range hires {
		if !strings.HasPrefix(p.Admissao, now.Format("2006-01")) && p.Admissao != "" {
			t.Fatalf("%+v not hired this month", p)
		}
	}
	if r := e.Get(ana, "rh-app/colaborador/admitidos-mes", url.Values{"yearMonth": {"202613"}}); r.Status != http.StatusBadRequest {
		t.Fatalf("yearMonth 202613: %d", r.Status)
	}
	// ACMECORP sees its own people only.
	acme := apitest.DecodeAs[[]peopleproj.PersonRow](t, e.Get(carla, "rh-app/colaborador/aniversariantes", nil))
	if slices.Contains(names(acme), "Ana Souza") {
		t.Fatal("Carla sees Ana's birthday")
	}

	msgs := apitest.DecodeAs[[]peopleproj.DynamicMessage](t, e.Get(ana, "gen/DynamicMessage", url.Values{"codeId": {"1"}, "maxRecords": {"10"}, "userHash": {ana.Hash}}))
	if len(msgs) != 3 || msgs[0].Titulo != "Campanha de vacinação" {
		t.Fatalf("messages %+v", msgs)
	}
	two := apitest.DecodeAs[[]peopleproj.DynamicMessage](t, e.Get(ana, "gen/DynamicMessage", url.Values{"codeId": {"1"}, "maxRecords": {"2"}}))
	if len(two) != 2 {
		t.Fatalf("maxRecords 2: %d", len(two))
	}
	if none := apitest.DecodeAs[[]peopleproj.DynamicMessage](t, e.Get(carla, "gen/DynamicMessage", url.Values{"codeId": {"1"}})); len(none) != 0 {
		t.Fatalf("ACMECORP reads DEMOCORP's messages: %+v", none)
	}
	for _, q := range []url.Values{{}, {"codeId": {"x"}}, {"codeId": {"1"}, "maxRecords": {"0"}}, {"codeId": {"1"}, "userHash": {"f00"}}} {
		r := e.Get(ana, "gen/DynamicMessage", q)
		if r.Status != http.StatusBadRequest && r.Status != http.StatusForbidden {
			t.Fatalf("%v: %d", q, r.Status)
		}
	}
}

func TestScheduleFeedsTheCalendar(t *testing.T) {
	e := readapitest.NewSeeded(t, "readapi_people")
	pedro := e.SignIn(t, seed.DemoCode, seed.UserPedro)
	month := time.Now().UTC().Format("200601")
	entries := apitest.DecodeAs[[]vacations.ScheduleEntry](t, e.Get(pedro, "rh-app/colaborador/escala", url.Values{"yearMonth": {month}}))
	kinds := map[int]int{}
	for _, en := range entries {
		kinds[en.Array1015]++
		switch en.Array1015 {
		case vacations.EntryRest, vacations.EntryHoliday:
			if en.Status != vacations.EventBlocked {
				t.Fatalf("rest day not blocked: %+v", en)
			}
		case vacations.EntryLeave:
			if en.Status != vacations.EventApproved || en.Label != "escala_afastamento" || en.Inicio > en.Fim {
				t.Fatalf("leave %+v", en)
			}
		}
	}
	// Pedro is on leave now: his month has the leave beside the days of his 12x36 cycle.
	if kinds[vacations.EntryLeave] != 1 || kinds[vacations.EntryWork] == 0 || kinds[vacations.EntryRest] == 0 {
		t.Fatalf("entries by kind %v", kinds)
	}
}

func TestScheduleShowsAbsenceRequests(t *testing.T) {
	e := readapitest.NewSeeded(t, "readapi_people")
	pedro := e.SignIn(t, seed.DemoCode, seed.UserPedro)
	now := time.Now().UTC()
	day := time.Date(now.Year(), now.Month(), 10, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	body := `{"tipo":"folha","titulo":"Consulta","motivo":"Exame","comentario":"c","dataReferencia":"` + day + `",
		"ausencia":{"tipoAusenciaDesc":"Consulta médica","tipoAbono":"declaracao","inicioAbono":"` + day + `","fimAbono":"` + day + `"}}`
	r := e.Post(pedro, "cac-app/request", body)
	var created struct{ Data struct{ ID string } }
	if err := json.Unmarshal(r.Body, &created); err != nil || r.Status != http.StatusOK {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	if r = e.Send(pedro, http.MethodPost, "cac-app/request/send", url.Values{"requestId": {created.Data.ID}}, ""); r.Status != http.StatusOK {
		t.Fatalf("send: %d %s", r.Status, r.Body)
	}
	if _, err := projections.Replay(context.Background(), e.DB.Pool, e.Store, requestsproj.Requests{}, nil); err != nil {
		t.Fatal(err)
	}
	entries := apitest.DecodeAs[[]vacations.ScheduleEntry](t, e.Get(pedro, "rh-app/colaborador/escala", url.Values{"yearMonth": {now.Format("200601")}}))
	var found bool
	for _, en := range entries {
		if en.Label == "escala_ausencia" {
			found = true
			if en.Inicio != day || en.Fim != day || en.Status != vacations.EventPending || en.Nome != "Consulta médica" || en.Array1015 != vacations.EntryLeave {
				t.Fatalf("absence entry %+v", en)
			}
		}
	}
	if !found {
		t.Fatalf("no absence entry in %+v", entries)
	}
}
