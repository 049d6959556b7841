package timesheet_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain/rep"
	ts "portal/domain/timesheet"
	"portal/platform/pdflogo"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	api "portal/readapi/timesheet"
)

// The timesheet calls end to end: HTTP, a real auth.Service (the signature confirms the
// password), the commands on the Postgres event store, and the read model's tables as the
// timesheet projection fills them (written here directly: the projection is tested apart).

var now = time.Date(2026, 11, 10, 15, 0, 0, 0, time.UTC)

var october = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)

type env struct {
	*readapitest.Env
}

func (e *env) person(t *testing.T, tenant *clocktest.Tenant, access string, roles ...string) readapitest.Person {
	t.Helper()
	p := e.Member(t, tenant, clocktest.Options{Roles: roles})
	e.Exec(t, []any{p.Tenant, p.UserID, auth.TimeClockModule, access},
		`UPDATE users SET purchased = $3, access_config = $4 WHERE tenant_id = $1 AND id = $2`)
	return e.SignIn(t, p)
}

// month writes an employee's October rows and totals into the read model, as the timesheet
// projection does for final days (the tenant's days are final from September to 8 November).
func (e *env) month(t *testing.T, p readapitest.Person, worked int, hash string) {
	t.Helper()
	e.Exec(t, []any{p.Tenant}, `INSERT INTO timesheet_tenants (tenant_id, since, through) VALUES ($1, '2026-09-01', '2026-11-08')
		ON CONFLICT (tenant_id) DO UPDATE SET since = '2026-09-01', through = '2026-11-08'`)
	marks := `[{"id":"` + uuid.NewString() + `","at":"2026-10-05T11:00:00Z","registeredAt":"2026-10-05T11:00:00Z"},` +
		`{"id":"` + uuid.NewString() + `","at":"2026-10-05T20:00:00Z","registeredAt":null,"requestId":"` + uuid.NewString() + `"}]`
	e.Exec(t, []any{p.Tenant, p.EmployeeID},
		`DELETE FROM timesheet_days WHERE tenant_id = $1 AND employee_id = $2`,
		`DELETE FROM timesheet_months WHERE tenant_id = $1 AND employee_id = $2`)
	e.Exec(t, []any{p.Tenant, p.EmployeeID, worked, marks},
		`INSERT INTO timesheet_days (tenant_id, employee_id, day, kind, spans, marks, expected, worked, night, night_hours,
			overtime50, overtime100, late, early, missing, excused, leave, absent, incomplete)
			VALUES ($1, $2, '2026-10-05', 'work', '[[480,1020]]', $4::jsonb, 480, $3, 0, 0, $3 - 480, 0, 0, 0, 0, 0, 0, false, false),
			       ($1, $2, '2026-10-06', 'work', '[[480,1020]]', '[]', 480, 0, 0, 0, 0, 0, 0, 0, 480, 0, 0, true, false),
			       ($1, $2, '2026-10-11', 'rest', '[]', '[]', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, false, false)`)
	e.Exec(t, []any{p.Tenant, p.EmployeeID, worked, hash},
		`INSERT INTO timesheet_months (tenant_id, employee_id, month, department_id, expected, worked, night, night_hours,
			overtime50, overtime100, late, early, missing, excused, leave, absent_days, absent, dsr_lost, rows_hash)
			SELECT $1, $2, '2026-10-01', department_id, 960, $3, 0, 0, $3 - 480, 0, 0, 0, 480, 0, 0, 1, 480, 1, $4
			FROM employees WHERE tenant_id = $1 AND id = $2`)
}

func (e *env) call(t *testing.T, p readapitest.Person, method, path string, query map[string]string, body string) apitest.Response {
	t.Helper()
	return e.Call(t, p, method, "/api/"+path, query, body, nil)
}

func (e *env) events(t *testing.T, tenant uuid.UUID, stream string) int {
	t.Helper()
	list, err := e.Store.ReadStream(context.Background(), tenant, stream, 0)
	if err != nil {
		t.Fatal(err)
	}
	return len(list)
}

// project stands for the projection: the closures table from the commands' outcome.
func (e *env) closed(t *testing.T, tenant uuid.UUID, closed bool) {
	t.Helper()
	e.Exec(t, []any{tenant, closed}, `INSERT INTO timesheet_closures (tenant_id, month, closed, at) VALUES ($1, '2026-10-01', $2, now())
		ON CONFLICT (tenant_id, month) DO UPDATE SET closed = $2`)
}

func TestTimesheetAPI(t *testing.T) {
	e := &env{readapitest.New(t, "readapi_timesheet", now)}
	tn := e.Tenant(t)
	ana := e.person(t, &tn, `{"visualiza_espelho":1}`)
	bia := e.person(t, &tn, `{"visualiza_espelho":1}`)
	hidden := e.person(t, &tn, `{"visualiza_espelho":0}`)
	boss := e.person(t, &tn, `{}`, auth.RoleManager)
	hr := e.person(t, &tn, `{}`, auth.RoleHRAdmin)
	e.Exec(t, []any{tn.ID, ana.EmployeeID, boss.EmployeeID}, `UPDATE employees SET manager_id = $3 WHERE tenant_id = $1 AND id = $2`)
	other := e.Tenant(t)
	otherHR := e.person(t, &other, `{}`, auth.RoleHRAdmin)
	e.month(t, ana, 540, "hash-1")
	e.month(t, bia, 480, "hash-b")
	mes := map[string]string{"mes": "2026-10"}
	of := func(p readapitest.Person) map[string]string {
		return map[string]string{"mes": "2026-10", "m01Ukey": p.EmployeeID.String()}
	}

	t.Run("scopes", func(t *testing.T) {
		v := apitest.DecodeAs[api.MonthView](t, e.call(t, ana, http.MethodGet, "rh-app/espelho", mes, ""))
		if v.Employee.ID != ana.EmployeeID || len(v.Rows) != 3 || v.Totals.Worked != 540 || v.Totals.Overtime50 != 60 ||
			len(v.RowsHash) != 64 || v.Closed || v.CanSign || v.Rows[1].Row.Absent != true {
			t.Fatalf("own month = %+v", v)
		}
		// A collaborator never reads a colleague's month.
		e.call(t, ana, http.MethodGet, "rh-app/espelho", of(bia), "").WantErr(t, 403, "m01Ukey", "acesso_negado")
		e.call(t, ana, http.MethodGet, "rh-app/espelho", of(readapitest.Person{Person: clocktest.Person{EmployeeID: uuid.New()}}), "").
			WantErr(t, 403, "m01Ukey", "acesso_negado")
		// visualiza_espelho off hides the employee's own.
		e.call(t, hidden, http.MethodGet, "rh-app/espelho", mes, "").WantErr(t, 403, "m01Ukey", ts.KeyTimesheetHidden)
		// A manager reads their direct reports only.
		if v := apitest.DecodeAs[api.MonthView](t, e.call(t, boss, http.MethodGet, "rh-app/espelho", of(ana), "")); v.Employee.ID != ana.EmployeeID {
			t.Fatalf("manager read %+v", v.Employee)
		}
		e.call(t, boss, http.MethodGet, "rh-app/espelho", of(bia), "").WantErr(t, 403, "m01Ukey", "acesso_negado")
		// HR reads everyone of the tenant; another tenant's HR sees nothing of it.
		if v := apitest.DecodeAs[api.MonthView](t, e.call(t, hr, http.MethodGet, "rh-app/espelho", of(bia), "")); v.Totals.Worked != 480 {
			t.Fatalf("hr read %+v", v.Totals)
		}
		e.call(t, otherHR, http.MethodGet, "rh-app/espelho", of(bia), "").WantErr(t, 404, "m01Ukey", "nao_encontrado")
		e.call(t, hr, http.MethodGet, "rh-app/espelho", map[string]string{"mes": "2026-13"}, "").WantErr(t, 400, "mes", "data_invalida")
		e.call(t, hr, http.MethodGet, "rh-app/espelho", map[string]string{"tenId": other.ID.String()}, "").WantErr(t, 403, "tenId", "acesso_negado")
	})

	t.Run("close_and_reopen", func(t *testing.T) {
		stream := ts.Stream(tn.ID)
		e.call(t, ana, http.MethodPost, "rh-app/espelho/fechar", nil, `{"mes":"2026-10"}`).WantErr(t, 403, "request", "acesso_negado")
		e.call(t, hr, http.MethodPost, "rh-app/espelho/fechar", nil, `{"mes":"2026-11"}`).WantErr(t, 422, "mes", ts.KeyMonthFuture)
		e.call(t, hr, http.MethodPost, "rh-app/espelho/fechar", nil, `{"mes":"outubro"}`).WantErr(t, 400, "mes", "data_invalida")
		e.call(t, hr, http.MethodPost, "rh-app/espelho/reabrir", nil, `{"mes":"2026-10","motivo":"x"}`).WantErr(t, 422, "mes", ts.KeyMonthOpen)
		if n := e.events(t, tn.ID, stream); n != 0 {
			t.Fatalf("refused commands wrote %d events", n)
		}
		e.call(t, hr, http.MethodPost, "rh-app/espelho/fechar", nil, `{"mes":"2026-10"}`).DecodeOK(t, &map[string]any{})
		e.call(t, hr, http.MethodPost, "rh-app/espelho/fechar", nil, `{"mes":"2026-10"}`).WantErr(t, 422, "mes", ts.KeyMonthClosed)
		e.call(t, hr, http.MethodPost, "rh-app/espelho/reabrir", nil, `{"mes":"2026-10","motivo":"  "}`).WantErr(t, 400, "motivo", "motivo_obrigatorio")
		e.call(t, hr, http.MethodPost, "rh-app/espelho/reabrir", nil, `{"mes":"2026-10","motivo":"ajuste tardio"}`).DecodeOK(t, &map[string]any{})
		e.call(t, hr, http.MethodPost, "rh-app/espelho/fechar", nil, `{"mes":"2026-10"}`).DecodeOK(t, &map[string]any{})
		if n := e.events(t, tn.ID, stream); n != 3 {
			t.Fatalf("%d events on %s, want 3", n, stream)
		}
		// Tenant isolation: the other tenant's October is still open.
		if n := e.events(t, other.ID, ts.Stream(other.ID)); n != 0 {
			t.Fatalf("other tenant has %d events", n)
		}
		e.call(t, otherHR, http.MethodPost, "rh-app/espelho/reabrir", nil, `{"mes":"2026-10","motivo":"x"}`).WantErr(t, 422, "mes", ts.KeyMonthOpen)
		e.closed(t, tn.ID, true)
	})

	t.Run("sign", func(t *testing.T) {
		stream := ts.Stream(ana.EmployeeID)
		sign := func(p readapitest.Person, par, password, hash string) apitest.Response {
			body, _ := json.Marshal(map[string]string{"senha": password, "hash": hash})
			return e.Call(t, p, http.MethodPost, "/api/cac-app/AssinaturaEletronica/assinar",
				map[string]string{"tenId": "", "tenid": p.Tenant.String(), "par": par, "ukeyp": p.EmployeeID.String(), "descricao": "Espelho de ponto"}, string(body), nil)
		}
		sign(ana, "2026-10", "errada", "hash-1").WantErr(t, 422, "password", auth.KeyPasswordNotConfirmed)
		sign(ana, "2026-12", clocktest.Password, "hash-1").WantErr(t, 422, "par", ts.KeyMonthFuture)
		sign(ana, "2026-10", clocktest.Password, "hash-old").WantErr(t, 409, "hash", "espelho_desatualizado")
		sign(ana, "2026-09", clocktest.Password, "hash-1").WantErr(t, 422, "par", ts.KeyMonthOpen)
		sign(ana, "2026-10", "", "hash-1").WantErr(t, 400, "password", "senha_obrigatoria")
		noSign := e.person(t, &tn, `{"visualiza_espelho":1,"assina_ponto":0}`)
		sign(noSign, "2026-10", clocktest.Password, "hash-1").WantErr(t, 403, "request", ts.KeySignDisabled)
		// Another's month cannot be signed.
		body := `{"senha":"` + clocktest.Password + `","hash":"hash-b"}`
		e.Call(t, ana, http.MethodPost, "/api/cac-app/AssinaturaEletronica/assinar",
			map[string]string{"tenId": "", "tenid": tn.ID.String(), "par": "2026-10", "ukeyp": bia.EmployeeID.String()}, body, nil).
			WantErr(t, 403, "ukeyp", "acesso_negado")
		if n := e.events(t, tn.ID, stream); n != 0 {
			t.Fatalf("refused signatures wrote %d events", n)
		}
		v := apitest.DecodeAs[api.MonthView](t, e.call(t, ana, http.MethodGet, "rh-app/espelho", mes, ""))
		if !v.Closed || !v.CanSign {
			t.Fatalf("closed month: closed %v canSign %v", v.Closed, v.CanSign)
		}
		var ok struct {
			Data struct {
				RowsHash string    `json:"rowsHash"`
				Totals   ts.Totals `json:"totals"`
			} `json:"data"`
		}
		sign(ana, "2026-10", clocktest.Password, v.RowsHash).DecodeOK(t, &ok)
		if ok.Data.RowsHash != v.RowsHash || ok.Data.Totals != v.Totals {
			t.Fatalf("signed %+v, want the totals %+v", ok.Data, v.Totals)
		}
		list, err := e.Store.ReadStream(context.Background(), tn.ID, stream, 0)
		if err != nil || len(list) != 1 || list[0].Type != ts.TypeMonthSigned {
			t.Fatalf("stream %s: %v %v", stream, list, err)
		}
		var data ts.SignedData
		if err := json.Unmarshal(list[0].Data, &data); err != nil || data.Totals.Worked != 540 || data.RowsHash != v.RowsHash || data.Month != "2026-10" {
			t.Fatalf("event data %+v %v", data, err)
		}
		sign(ana, "2026-10", clocktest.Password, v.RowsHash).WantErr(t, 422, "par", ts.KeyAlreadySigned)
		// The projection keeps the signature; a later change to the rows supersedes it.
		e.Exec(t, []any{tn.ID, ana.EmployeeID, data.Totals.Worked, data.RowsHash}, `INSERT INTO timesheet_signatures
			(tenant_id, employee_id, month, user_id, totals, rows_hash, signed_at)
			SELECT $1, $2, '2026-10-01', id, jsonb_build_object('worked', $3::int), $4, now() FROM users WHERE tenant_id = $1 AND employee_id = $2`)
		v = apitest.DecodeAs[api.MonthView](t, e.call(t, ana, http.MethodGet, "rh-app/espelho", mes, ""))
		if v.Signature == nil || v.Signature.Superseded || v.CanSign {
			t.Fatalf("signature %+v canSign %v", v.Signature, v.CanSign)
		}
		e.month(t, ana, 600, "hash-2")
		v = apitest.DecodeAs[api.MonthView](t, e.call(t, ana, http.MethodGet, "rh-app/espelho", mes, ""))
		if v.Signature == nil || !v.Signature.Superseded || !v.CanSign {
			t.Fatalf("after a change: signature %+v canSign %v", v.Signature, v.CanSign)
		}
	})

	t.Run("pdf", func(t *testing.T) {
		// The employer's establishment and the employee's CPF head the PDF.
		cnpj := rep.CNPJ(fmt.Sprintf("%08d0001", time.Now().UnixNano()%100000000))
		e.Exec(t, []any{tn.ID, cnpj}, `INSERT INTO rep_establishments (tenant_id, cnpj, name) VALUES ($1, $2, 'Empresa Espelho Ltda')
			ON CONFLICT (tenant_id) DO UPDATE SET cnpj = excluded.cnpj, name = excluded.name`)
		e.Exec(t, []any{tn.ID, ana.EmployeeID}, `UPDATE employees SET cpf = '52998224725' WHERE tenant_id = $1 AND id = $2`)
		r := e.call(t, boss, http.MethodGet, "rh-app/espelho/pdf", of(ana), "")
		if r.Status != 200 || !bytes.HasPrefix(r.Body, []byte("%PDF-")) {
			t.Fatalf("pdf: %d %.60q", r.Status, r.Body)
		}
		text := pdfText(t, r.Body)
		for _, want := range []string{"Espelho de ponto", "Totais", "10:00", "02:00", "DSR perdidos: 1",
			"Empregador: Empresa Espelho Ltda", "CNPJ: " + rep.FormatCNPJ(cnpj), "CPF: 529.982.247-25"} {
			if !strings.Contains(text, want) {
				t.Errorf("pdf text lacks %q:\n%s", want, text)
			}
		}
		var name string
		if err := e.DB.Pool.QueryRow(context.Background(), `SELECT name FROM employees WHERE tenant_id = $1 AND id = $2`, tn.ID, ana.EmployeeID).Scan(&name); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, name) {
			t.Errorf("pdf text lacks the employee %q", name)
		}
		e.call(t, ana, http.MethodGet, "rh-app/espelho/pdf", of(bia), "").WantErr(t, 403, "m01Ukey", "acesso_negado")
	})

	t.Run("pdf logo", func(t *testing.T) {
		// The tenant's PDF logo (Logo2Pdft01) heads the month; an address that gives no image
		// leaves the PDF without one, never without the PDF.
		img := image.NewRGBA(image.Rect(0, 0, 8, 4))
		var logo bytes.Buffer
		if err := png.Encode(&logo, img); err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/logo.png" {
				w.Write(logo.Bytes())
				return
			}
			w.Write([]byte("<html>no image here</html>"))
		}))
		defer srv.Close()
		e.Server.Timesheet.Logos = pdflogo.New(time.Minute, true) // the test serves it on loopback
		defer func() { e.Server.Timesheet.Logos = pdflogo.New(time.Minute, false) }()
		for path, want := range map[string]bool{"/logo.png": true, "/page.html": false} {
			e.Exec(t, []any{tn.ID, srv.URL + path}, `UPDATE tenants SET urls = urls || jsonb_build_object('logo2Pdft01', $2::text) WHERE id = $1`)
			r := e.call(t, boss, http.MethodGet, "rh-app/espelho/pdf", of(ana), "")
			if r.Status != 200 || !bytes.HasPrefix(r.Body, []byte("%PDF-")) {
				t.Fatalf("%s: pdf %d %.60q", path, r.Status, r.Body)
			}
			if got := bytes.Contains(r.Body, []byte("/Subtype /Image")); got != want {
				t.Errorf("%s: the PDF has an image: %v, want %v", path, got, want)
			}
		}
		e.Exec(t, []any{tn.ID}, `UPDATE tenants SET urls = urls - 'logo2Pdft01' WHERE id = $1`)
	})

	t.Run("grid", func(t *testing.T) {
		e.call(t, ana, http.MethodGet, "rh-app/espelho/grid", mes, "").WantErr(t, 403, "request", "acesso_negado")
		g := apitest.DecodeAs[api.Grid](t, e.call(t, boss, http.MethodGet, "rh-app/espelho/grid", mes, ""))
		if len(g.Lines) != 1 || g.Lines[0].Employee.ID != ana.EmployeeID || !g.Closed {
			t.Fatalf("manager grid %+v", g)
		}
		g = apitest.DecodeAs[api.Grid](t, e.call(t, hr, http.MethodGet, "rh-app/espelho/grid", mes, ""))
		lines := map[uuid.UUID]api.GridLine{}
		for _, l := range g.Lines {
			lines[l.Employee.ID] = l
		}
		var count int
		if err := e.DB.Pool.QueryRow(context.Background(), `SELECT count(*) FROM employees WHERE tenant_id = $1`, tn.ID).Scan(&count); err != nil {
			t.Fatal(err)
		}
		if len(g.Lines) != count || lines[ana.EmployeeID].Signature != "superseded" || lines[bia.EmployeeID].Signature != "none" ||
			lines[bia.EmployeeID].Totals.Worked != 480 || lines[hr.EmployeeID].HasRows {
			t.Fatalf("hr grid %+v", g.Lines)
		}
		r := e.call(t, hr, http.MethodGet, "rh-app/espelho/grid", map[string]string{"mes": "2026-10", "format": "xlsx", "lang": "en"}, "")
		if r.Status != 200 {
			t.Fatalf("xlsx %d %s", r.Status, r.Body)
		}
		f, err := excelize.OpenReader(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows("2026-10")
		if err != nil || len(rows) != count+1 || rows[0][1] != "Employee" || rows[0][4] != "Worked" {
			t.Fatalf("xlsx rows %v %v", rows, err)
		}
		found := false
		for _, row := range rows[1:] {
			if row[0] == lines[bia.EmployeeID].Employee.Code {
				found = row[4] == "08:00" && row[12] == "1" && row[14] == "Not signed"
			}
		}
		if !found {
			t.Fatalf("xlsx lacks bia's line: %v", rows)
		}
		r = e.call(t, hr, http.MethodGet, "rh-app/espelho/grid", map[string]string{"mes": "2026-10", "format": "csv"}, "")
		if r.Status != 200 || !bytes.Contains(r.Body, []byte("Trabalhado")) || !bytes.Contains(r.Body, []byte("10:00")) {
			t.Fatalf("csv %d %s", r.Status, r.Body)
		}
		e.call(t, hr, http.MethodGet, "rh-app/espelho/grid", map[string]string{"format": "pdf"}, "").WantErr(t, 400, "format", "valor_invalido")
	})
}

// pdfText is the text a PDF shows: its content streams inflated, the strings of their Tj
// operators joined.
func pdfText(t *testing.T, b []byte) string {
	t.Helper()
	var out strings.Builder
	streams := regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`).FindAllSubmatch(b, -1)
	if len(streams) == 0 {
		t.Fatal("no streams in the pdf")
	}
	str := regexp.MustCompile(`\(((?:\\.|[^\\)])*)\)\s*Tj`)
	for _, s := range streams {
		content := s[1]
		if z, err := zlib.NewReader(bytes.NewReader(content)); err == nil {
			if inflated, err := io.ReadAll(z); err == nil {
				content = inflated
			}
		}
		for _, m := range str.FindAllSubmatch(content, -1) {
			out.WriteString(strings.NewReplacer(`\(`, "(", `\)`, ")", `\\`, `\`).Replace(string(m[1])))
			out.WriteString("\n")
		}
	}
	return out.String()
}
