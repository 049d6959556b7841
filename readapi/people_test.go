package readapi

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

	"portal/auth"
	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/projections"
	"portal/readapi/vacations"
	"portal/seed"
)

// The people area end to end on the seeded demo tenants: the team listings, the colleague
// card, birthdays, hires and the home's dynamic messages, with who may see what.

type peopleEnv struct {
	handler http.Handler
	store   eventstore.Store
	db      *pgtest.DB
}

func newPeopleEnv(t *testing.T) *peopleEnv {
	t.Helper()
	d, store, srv := seededServer(t, "readapi_people")
	return &peopleEnv{handler: srv.Handler(), store: store, db: d}
}

// seededServer starts a database named name seeded with the demo tenants, and a Server on it
// with a test signing key.
func seededServer(t *testing.T, name string) (*pgtest.DB, *eventstore.Postgres, *Server) {
	t.Helper()
	d, err := pgtest.Start(name)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	store := eventstore.NewPostgres(d.Pool)
	t.Cleanup(func() { store.Close(); d.Close() })
	if err := seed.Run(ctx, d.Pool, store, time.Now()); err != nil {
		t.Fatal(err)
	}
	svc, err := auth.NewService(ctx, d.Pool, auth.Options{TokenKey: []byte("seeded test signing key, 32 byte")})
	if err != nil {
		t.Fatal(err)
	}
	return d, store, &Server{Pool: d.Pool, Store: store, Auth: svc}
}

type peopleUser struct{ token, tenID, hash string }

func (e *peopleEnv) signIn(t *testing.T, code, user string) peopleUser {
	token, tenID, hash := signIn(t, e.handler, code, user)
	return peopleUser{token, tenID, hash}
}

func (e *peopleEnv) get(u peopleUser, path string, q url.Values) response {
	if q == nil {
		q = url.Values{}
	}
	if !q.Has("tenId") {
		q.Set("tenId", u.tenID)
	}
	return do(e.handler, http.MethodGet, "/api/"+path+"?"+q.Encode(), "", "192.0.2.40:1",
		map[string]string{"Authorization": "Bearer " + u.token})
}

func (e *peopleEnv) post(u peopleUser, path, body string) response {
	return do(e.handler, http.MethodPost, "/api/"+path+"?tenId="+u.tenID, body, "192.0.2.40:1",
		map[string]string{"Authorization": "Bearer " + u.token})
}

func names(rows []projections.PersonRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Nome
	}
	return out
}

func TestTeamListings(t *testing.T) {
	e := newPeopleEnv(t)
	marcos := e.signIn(t, seed.DemoCode, seed.UserMarcos)
	helena := e.signIn(t, seed.DemoCode, seed.UserHelena)
	ana := e.signIn(t, seed.DemoCode, seed.UserAna)

	// Ana checks in her mood: her manager sees it on her avatar, a colleague does not.
	r := do(e.handler, http.MethodPost, "/api/gen/HumorEnergy?tenId="+ana.tenID, `{"humor":4.2,"energy":2.5}`, "192.0.2.40:1",
		map[string]string{"Authorization": "Bearer " + ana.token})
	if r.status != http.StatusOK {
		t.Fatalf("check-in: %d %s", r.status, r.body)
	}
	if _, err := projections.Replay(context.Background(), e.db.Pool, e.store, projections.Mood{}, nil); err != nil {
		t.Fatal(err)
	}

	t.Run("a manager lists his direct reports, paged by 30, with their mood", func(t *testing.T) {
		first := decodeAs[projections.PeoplePage](t, e.get(marcos, "rh-app/Colaborador/gestor-minha-equipe", url.Values{"searchText": {"a"}}))
		if first.CurrentPage != 1 || first.PageSize != 30 || len(first.Data) != min(30, first.TotalCount) || first.TotalCount < 2 {
			t.Fatalf("first page %+v", first)
		}
		all := map[string]projections.PersonRow{}
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
			page = decodeAs[projections.PeoplePage](t, e.get(marcos, "rh-app/Colaborador/gestor-minha-equipe",
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
		res := decodeAs[projections.PeoplePage](t, e.get(helena, "rh-app/Colaborador/adm-minha-equipe", url.Values{"searchText": {"LIVIA AUD"}}))
		if got := names(res.Data); len(got) != 1 || got[0] != "Lívia Auditoria" {
			t.Fatalf("search LIVIA AUD: %v", got)
		}
		asc := decodeAs[projections.PeoplePage](t, e.get(helena, "rh-app/Colaborador/adm-minha-equipe",
			url.Values{"searchText": {"o"}, "orderBy": {"admissao"}, "pageSize": {"100"}}))
		desc := decodeAs[projections.PeoplePage](t, e.get(helena, "rh-app/Colaborador/adm-minha-equipe",
			url.Values{"searchText": {"o"}, "orderBy": {"admissao"}, "orderDescending": {"true"}, "pageSize": {"100"}}))
		for i := 1; i < len(asc.Data); i++ {
			if asc.Data[i-1].Admissao > asc.Data[i].Admissao || desc.Data[i-1].Admissao < desc.Data[i].Admissao {
				t.Fatalf("not sorted by hire date at %d", i)
			}
		}
		// HR sees former employees too; find-people only current ones, without their code.
		joao := decodeAs[projections.PeoplePage](t, e.get(helena, "rh-app/Colaborador/adm-minha-equipe", url.Values{"searchText": {"joão pereira"}}))
		if len(joao.Data) != 1 || joao.Data[0].Status != "inactive" {
			t.Fatalf("HR listing of João: %+v", joao.Data)
		}
		found := decodeAs[projections.PeoplePage](t, e.get(ana, "rh-app/Colaborador/minha-equipe", url.Values{"searchText": {"joao pereira"}}))
		if len(found.Data) != 0 {
			t.Fatalf("find people shows a former employee: %+v", found.Data)
		}
		colleagues := decodeAs[projections.PeoplePage](t, e.get(ana, "rh-app/Colaborador/minha-equipe", url.Values{"searchText": {"marcos lima"}}))
		if len(colleagues.Data) != 1 || colleagues.Data[0].Codigo != "" || colleagues.Data[0].Emo != nil || colleagues.Data[0].Email == "" {
			t.Fatalf("a colleague's public fields: %+v", colleagues.Data)
		}
		// The drill-down: one department's people.
		dept := colleagues.Data[0].DeptID
		inDept := decodeAs[projections.PeoplePage](t, e.get(helena, "rh-app/Colaborador/adm-minha-equipe",
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
		past := decodeAs[projections.PeoplePage](t, e.get(helena, "rh-app/Colaborador/adm-minha-equipe",
			url.Values{"departamento": {dept}, "page": {"99"}}))
		if len(past.Data) != 0 || past.TotalCount != inDept.TotalCount || past.HasNext {
			t.Fatalf("page 99: %+v", past)
		}
		// A LIKE wildcard is a plain character.
		pct := decodeAs[projections.PeoplePage](t, e.get(helena, "rh-app/Colaborador/adm-minha-equipe", url.Values{"searchText": {"%"}}))
		if pct.TotalCount != 0 {
			t.Fatalf("%% matched %d people", pct.TotalCount)
		}
	})

	t.Run("each listing needs its screen's access", func(t *testing.T) {
		for _, c := range []struct {
			who  peopleUser
			path string
		}{{ana, "gestor-minha-equipe"}, {ana, "adm-minha-equipe"}, {marcos, "adm-minha-equipe"}} {
			r := e.get(c.who, "rh-app/Colaborador/"+c.path, url.Values{"searchText": {"a"}})
			if r.status != http.StatusForbidden {
				t.Errorf("%s: %d %s", c.path, r.status, r.body)
			}
		}
	})

	t.Run("bad input is refused", func(t *testing.T) {
		for _, q := range []url.Values{
			{"orderBy": {"salario"}}, {"orderDescending": {"maybe"}}, {"page": {"0"}}, {"pageSize": {"1000"}},
			{"departamento": {"x"}}, {"searchText": {strings.Repeat("a", 256)}},
		} {
			r := e.get(helena, "rh-app/Colaborador/adm-minha-equipe", q)
			if r.status != http.StatusBadRequest || len(r.errorBody(t).Errors) != 1 {
				t.Errorf("%v: %d %s", q, r.status, r.body)
			}
		}
	})
}

func TestColleagueCard(t *testing.T) {
	e := newPeopleEnv(t)
	ana := e.signIn(t, seed.DemoCode, seed.UserAna)
	marcos := e.signIn(t, seed.DemoCode, seed.UserMarcos)
	carla := e.signIn(t, seed.AcmeCode, seed.UserCarla)
	anaID := seed.EmployeeID(seed.DemoCode, seed.UserAna).String()

	own := decodeAs[projections.Card](t, e.get(ana, "rh-app/colaborador/cartao-apresentacao", url.Values{"m01Ukey": {anaID}}))
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
	byManager := decodeAs[projections.Card](t, e.get(marcos, "rh-app/colaborador/cartao-apresentacao", url.Values{"m01Ukey": {anaID}}))
	if byManager.Fone == "" {
		t.Fatal("the manager's card has no phone")
	}
	// Pedro is on leave today.
	pedro := decodeAs[projections.Card](t, e.get(ana, "rh-app/colaborador/cartao-apresentacao",
		url.Values{"m01Ukey": {seed.EmployeeID(seed.DemoCode, seed.UserPedro).String()}}))
	if pedro.Afastamento == nil || pedro.Afastamento.Inicio == "" || pedro.Status != nil {
		t.Fatalf("Pedro's card %+v", pedro)
	}
	if own.Status == nil || own.Status.Motivo != "active" {
		t.Fatalf("Ana's status %+v", own.Status)
	}

	// Another tenant's employee is not found; a foreign tenId is refused; bad ids are 400.
	if r := e.get(carla, "rh-app/colaborador/cartao-apresentacao", url.Values{"m01Ukey": {anaID}}); r.status != http.StatusNotFound {
		t.Fatalf("Carla reads Ana's card: %d %s", r.status, r.body)
	}
	if r := e.get(carla, "rh-app/colaborador/cartao-apresentacao", url.Values{"m01Ukey": {anaID}, "tenId": {ana.tenID}}); r.status != http.StatusForbidden {
		t.Fatalf("foreign tenId: %d", r.status)
	}
	for _, q := range []url.Values{{}, {"m01Ukey": {"nope"}}} {
		if r := e.get(ana, "rh-app/colaborador/cartao-apresentacao", q); r.status != http.StatusBadRequest {
			t.Fatalf("%v: %d", q, r.status)
		}
	}
	switch r := e.get(carla, "rh-app/Colaborador/minha-equipe", url.Values{"searchText": {"ana.souza@democorp"}}); r.status {
	case http.StatusOK:
		if page := decodeAs[projections.PeoplePage](t, r); page.TotalCount != 0 {
			t.Fatalf("Carla finds DEMOCORP people: %+v", page.Data)
		}
	case http.StatusForbidden: // ACMECORP did not buy the screen
	default:
		t.Fatalf("Carla's search: %d %s", r.status, r.body)
	}
}

func TestBirthdaysHiresAndMessages(t *testing.T) {
	e := newPeopleEnv(t)
	ana := e.signIn(t, seed.DemoCode, seed.UserAna)
	carla := e.signIn(t, seed.AcmeCode, seed.UserCarla)
	now := time.Now().UTC()

	born := decodeAs[[]projections.PersonRow](t, e.get(ana, "rh-app/colaborador/aniversariantes", nil))
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
	hires := decodeAs[[]projections.PersonRow](t, e.get(ana, "rh-app/colaborador/admitidos-mes", nil))
	if len(hires) == 0 {
		t.Fatal("no hires this month")
	}
	for _, p := range hires {
		if !strings.HasPrefix(p.Admissao, now.Format("2006-01")) && p.Admissao != "" {
			t.Fatalf("%+v not hired this month", p)
		}
	}
	if r := e.get(ana, "rh-app/colaborador/admitidos-mes", url.Values{"yearMonth": {"202613"}}); r.status != http.StatusBadRequest {
		t.Fatalf("yearMonth 202613: %d", r.status)
	}
	// ACMECORP sees its own people only.
	acme := decodeAs[[]projections.PersonRow](t, e.get(carla, "rh-app/colaborador/aniversariantes", nil))
	if slices.Contains(names(acme), "Ana Souza") {
		t.Fatal("Carla sees Ana's birthday")
	}

	msgs := decodeAs[[]projections.DynamicMessage](t, e.get(ana, "gen/DynamicMessage", url.Values{"codeId": {"1"}, "maxRecords": {"10"}, "userHash": {ana.hash}}))
	if len(msgs) != 3 || msgs[0].Titulo != "Campanha de vacinação" {
		t.Fatalf("messages %+v", msgs)
	}
	two := decodeAs[[]projections.DynamicMessage](t, e.get(ana, "gen/DynamicMessage", url.Values{"codeId": {"1"}, "maxRecords": {"2"}}))
	if len(two) != 2 {
		t.Fatalf("maxRecords 2: %d", len(two))
	}
	if none := decodeAs[[]projections.DynamicMessage](t, e.get(carla, "gen/DynamicMessage", url.Values{"codeId": {"1"}})); len(none) != 0 {
		t.Fatalf("ACMECORP reads DEMOCORP's messages: %+v", none)
	}
	for _, q := range []url.Values{{}, {"codeId": {"x"}}, {"codeId": {"1"}, "maxRecords": {"0"}}, {"codeId": {"1"}, "userHash": {"f00"}}} {
		r := e.get(ana, "gen/DynamicMessage", q)
		if r.status != http.StatusBadRequest && r.status != http.StatusForbidden {
			t.Fatalf("%v: %d", q, r.status)
		}
	}
}

func TestScheduleFeedsTheCalendar(t *testing.T) {
	e := newPeopleEnv(t)
	pedro := e.signIn(t, seed.DemoCode, seed.UserPedro)
	month := time.Now().UTC().Format("200601")
	entries := decodeAs[[]vacations.ScheduleEntry](t, e.get(pedro, "rh-app/colaborador/escala", url.Values{"yearMonth": {month}}))
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
	e := newPeopleEnv(t)
	pedro := e.signIn(t, seed.DemoCode, seed.UserPedro)
	now := time.Now().UTC()
	day := time.Date(now.Year(), now.Month(), 10, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	body := `{"tipo":"folha","titulo":"Consulta","motivo":"Exame","comentario":"c","dataReferencia":"` + day + `",
		"ausencia":{"tipoAusenciaDesc":"Consulta médica","tipoAbono":"declaracao","inicioAbono":"` + day + `","fimAbono":"` + day + `"}}`
	auth := map[string]string{"Authorization": "Bearer " + pedro.token}
	r := do(e.handler, http.MethodPost, "/api/cac-app/request?tenId="+pedro.tenID, body, "192.0.2.40:1", auth)
	var created struct{ Data struct{ ID string } }
	if err := json.Unmarshal(r.body, &created); err != nil || r.status != http.StatusOK {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	if r = do(e.handler, http.MethodPost, "/api/cac-app/request/send?tenId="+pedro.tenID+"&requestId="+created.Data.ID, "", "192.0.2.40:1", auth); r.status != http.StatusOK {
		t.Fatalf("send: %d %s", r.status, r.body)
	}
	if _, err := projections.Replay(context.Background(), e.db.Pool, e.store, projections.Requests{}, nil); err != nil {
		t.Fatal(err)
	}
	entries := decodeAs[[]vacations.ScheduleEntry](t, e.get(pedro, "rh-app/colaborador/escala", url.Values{"yearMonth": {now.Format("200601")}}))
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
