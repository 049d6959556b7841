package payroll_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"portal/auth"
	"portal/commands/clocktest"
	paycmd "portal/commands/payroll"
	"portal/domain/payroll"
	payproj "portal/projections/payroll"
	"portal/readapi/apitest"
	paypi "portal/readapi/payroll"
	"portal/readapi/readapitest"
)

var now = time.Date(2026, 11, 10, 15, 0, 0, 0, time.UTC)

// cpf completes nine digits with the two check digits of the CPF.
func cpf(nine string) string {
	d := []byte(nine)
	for _, n := range []int{9, 10} {
		sum := 0
		for i := 0; i < n; i++ {
			sum += int(d[i]-'0') * (n + 1 - i)
		}
		r := sum * 10 % 11
		if r == 10 {
			r = 0
		}
		d = append(d, byte('0'+r))
	}
	return string(d)
}

func punctuated(c string) string { return c[:3] + "." + c[3:6] + "." + c[6:9] + "-" + c[9:] }

func pdf(t *testing.T, lines ...string) []byte {
	t.Helper()
	b, err := paycmd.SamplePDF(lines...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type part struct {
	name    string
	content []byte
}

func zipOf(t *testing.T, parts ...part) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, p := range parts {
		f, err := w.Create("lote/" + p.name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.Write(p.content)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// upload posts a batch as p: fields and files in one multipart body.
func upload(t *testing.T, e *readapitest.Env, p readapitest.Person, fields map[string]string, files ...part) apitest.Response {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	for _, f := range files {
		fw, err := w.CreateFormFile("files", f.name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(f.content)
	}
	_ = w.Close()
	q := url.Values{"tenId": {p.Tenant.String()}}
	req := httptest.NewRequest(http.MethodPost, "/api/payroll/batches?"+q.Encode(), &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return apitest.Do(e.Handler, req, p.Token)
}

func withCPF(t *testing.T, e *readapitest.Env, p clocktest.Person, c string) {
	t.Helper()
	e.Exec(t, []any{p.Tenant, p.EmployeeID, c}, `UPDATE employees SET cpf = $3 WHERE tenant_id = $1 AND id = $2`)
}

// snapshot is the read model of a tenant as JSON, to compare a replay with.
func snapshot(t *testing.T, e *readapitest.Env, tenant uuid.UUID) string {
	t.Helper()
	var out string
	err := e.DB.Pool.QueryRow(context.Background(), `SELECT coalesce((SELECT json_agg(b ORDER BY b.id)::text FROM payroll_batches b WHERE tenant_id = $1), '') ||
		coalesce((SELECT json_agg(d ORDER BY d.id)::text FROM payroll_documents d WHERE tenant_id = $1), '')`, tenant).Scan(&out)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The whole area over HTTP: HR publishes a ZIP with matched, unmatched, ambiguous and
// not-PDF files; each employee reads only their own; the protected download opens with the
// 4 digits only; signing with and without assina_holerite, twice; reminders land in the
// inbox; a withdrawal shows; another tenant and a manager see nothing; a replay of the
// projection gives the same rows.
func TestPayrollOverHTTP(t *testing.T) {
	e := readapitest.New(t, "readapi_payroll", now)
	tn := e.Tenant(t)
	hrM := e.Member(t, &tn, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	bossM := e.Member(t, &tn, clocktest.Options{Roles: []string{"pwa-rh-ges"}})
	anaM := e.Member(t, &tn, clocktest.Options{})
	biaM := e.Member(t, &tn, clocktest.Options{})
	anaCPF, biaCPF, strangerCPF := cpf("529982247"), cpf("111444777"), cpf("935411347")
	withCPF(t, e, anaM, anaCPF)
	withCPF(t, e, biaM, biaCPF)
	// Bia's signing switch is off.
	e.Exec(t, []any{biaM.Tenant, biaM.UserID}, `UPDATE users SET access_config = '{"assina_holerite":0}' WHERE tenant_id = $1 AND id = $2`)
	other := e.Tenant(t)
	strangerM := e.Member(t, &other, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	withCPF(t, e, strangerM, strangerCPF)
	// Both tenants bought the payroll module (the menu's accessId).
	e.Exec(t, []any{tn.ID, other.ID}, `UPDATE users SET purchased = 'pwa-rh-folha' WHERE tenant_id IN ($1, $2)`)
	hr, boss, ana, bia := e.SignIn(t, hrM), e.SignIn(t, bossM), e.SignIn(t, anaM), e.SignIn(t, biaM)
	stranger := e.SignIn(t, strangerM)

	batch := zipOf(t,
		part{"holerite_" + anaCPF + ".pdf", pdf(t, "Demonstrativo de pagamento", "Outubro/2026")},
		part{"holerite_bia.pdf", pdf(t, "Demonstrativo de pagamento", "CPF: "+punctuated(biaCPF))},
		part{"ambos.pdf", pdf(t, "CPF "+punctuated(anaCPF)+" e "+punctuated(biaCPF))},
		part{"outro_tenant.pdf", pdf(t, "CPF: "+punctuated(strangerCPF))},
		part{"falso_" + anaCPF + ".pdf", []byte("not a pdf at all, just text named .pdf")},
	)
	before := e.CountEvents(t, tn.ID)
	upload(t, e, hr, map[string]string{"month": "2026-12", "kind": "payslip"}, part{"lote.zip", batch}).
		WantErr(t, http.StatusBadRequest, "month", payroll.KeyMonthFuture)
	upload(t, e, hr, map[string]string{"month": "2026-1", "kind": "payslip"}, part{"lote.zip", batch}).
		WantErr(t, http.StatusBadRequest, "month", "data_invalida")
	upload(t, e, hr, map[string]string{"month": "2026-10", "kind": "salary"}, part{"lote.zip", batch}).
		WantErr(t, http.StatusBadRequest, "kind", payroll.KeyBadKind)
	upload(t, e, ana, map[string]string{"month": "2026-10", "kind": "payslip"}, part{"lote.zip", batch}).
		WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
	// An upload that publishes nothing is refused, each file named with its reason.
	upload(t, e, hr, map[string]string{"month": "2026-10", "kind": "payslip"}, part{"x.pdf", pdf(t, "sem cpf")}).
		WantErr(t, http.StatusUnprocessableEntity, "x.pdf", "no_match")
	upload(t, e, hr, map[string]string{"month": "2026-10", "kind": "payslip"}, part{"falso_" + anaCPF + ".pdf", []byte("not a pdf at all")}).
		WantErr(t, http.StatusUnprocessableEntity, "falso_"+anaCPF+".pdf", payroll.KeyNotPDF)
	upload(t, e, hr, map[string]string{"month": "2026-10", "kind": "payslip"}, part{"outro.pdf", pdf(t, "CPF: "+punctuated(strangerCPF))}).
		WantErr(t, http.StatusUnprocessableEntity, "outro.pdf", "no_match")
	if n := e.CountEvents(t, tn.ID); n != before {
		t.Fatalf("refusals wrote %d events", n-before)
	}

	var res paycmd.Result
	upload(t, e, hr, map[string]string{"month": "2026-10", "kind": "payslip"}, part{"lote.zip", batch}).DecodeOK(t, &res)
	reasons := map[string]string{}
	for _, u := range res.Unmatched {
		reasons[u.FileName] = u.Reason
	}
	owners := map[string]string{}
	for _, p := range res.Published {
		owners[p.FileName] = p.EmployeeID
	}
	if res.BatchID == "" || len(res.Published) != 2 || owners["holerite_"+anaCPF+".pdf"] != anaM.EmployeeID.String() ||
		owners["holerite_bia.pdf"] != biaM.EmployeeID.String() || reasons["ambos.pdf"] != "ambiguous" ||
		reasons["outro_tenant.pdf"] != "no_match" || reasons["falso_"+anaCPF+".pdf"] != payroll.KeyNotPDF || !res.PublishAt.Equal(now) {
		t.Fatalf("publication %+v", res)
	}
	e.Project(t, tn.ID, payproj.Payroll{})

	// HR's list and the signature status.
	var batches []paypi.Batch
	e.Call(t, hr, http.MethodGet, "/api/payroll/batches", nil, "", nil).DecodeOK(t, &batches)
	if len(batches) != 1 || batches[0].Files != 2 || len(batches[0].Unmatched) != 3 || batches[0].Pending != 2 || batches[0].Signed != 0 {
		t.Fatalf("batches %+v", batches)
	}
	var hrName string
	if err := e.DB.Pool.QueryRow(context.Background(), `SELECT display_name FROM users WHERE id = $1`, hr.UserID).Scan(&hrName); err != nil {
		t.Fatal(err)
	}
	if batches[0].By != hr.UserID.String() || batches[0].ByName != hrName || hrName == "" {
		t.Errorf("sent by %q (%q), want %s (%q)", batches[0].By, batches[0].ByName, hr.UserID, hrName)
	}
	e.Call(t, boss, http.MethodGet, "/api/payroll/batches", nil, "", nil).WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
	var strangers []paypi.Batch
	e.Call(t, stranger, http.MethodGet, "/api/payroll/batches", nil, "", nil).DecodeOK(t, &strangers)
	if len(strangers) != 0 {
		t.Fatalf("another tenant lists %+v", strangers)
	}
	e.Call(t, stranger, http.MethodGet, "/api/payroll/batches/"+res.BatchID+"/documents", nil, "", nil).WantErr(t, http.StatusNotFound, "id", "nao_encontrado")

	// Each employee reads their own.
	var anaDocs []paypi.Document
	e.Call(t, ana, http.MethodGet, "/api/payroll/documents", map[string]string{"year": "2026"}, "", nil).DecodeOK(t, &anaDocs)
	if len(anaDocs) != 1 || anaDocs[0].Month != "2026-10" || !anaDocs[0].CanSign || anaDocs[0].ContentType != "application/pdf" {
		t.Fatalf("ana's documents %+v", anaDocs)
	}
	var years []int
	e.Call(t, ana, http.MethodGet, "/api/payroll/years", nil, "", nil).DecodeOK(t, &years)
	if len(years) != 1 || years[0] != 2026 {
		t.Fatalf("years %v", years)
	}
	anaDoc := anaDocs[0].DocumentID.String()
	r := e.Call(t, ana, http.MethodGet, "/api/payroll/documents/"+anaDoc+"/content", nil, "", nil)
	if r.Status != 200 || !bytes.HasPrefix(r.Body, []byte("%PDF-")) || r.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("content %d %s", r.Status, r.Header)
	}
	for _, p := range []readapitest.Person{bia, boss, hr, stranger} {
		e.Call(t, p, http.MethodGet, "/api/payroll/documents/"+anaDoc+"/content", nil, "", nil).WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
		e.Call(t, p, http.MethodGet, "/api/payroll/documents/"+anaDoc+"/download", nil, "", nil).WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
	}

	// The protected download opens with the first 4 digits of the CPF only.
	r = e.Call(t, ana, http.MethodGet, "/api/payroll/documents/"+anaDoc+"/download", nil, "", nil)
	if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), `attachment; filename="payslip-2026-10.pdf"`) {
		t.Fatalf("download %d %s", r.Status, r.Header)
	}
	open := func(pw string) error {
		conf := model.NewDefaultConfiguration()
		conf.UserPW = pw
		return api.Decrypt(bytes.NewReader(r.Body), &bytes.Buffer{}, conf)
	}
	if err := open(anaCPF[:4]); err != nil {
		t.Fatalf("does not open with the 4 digits: %v", err)
	}
	if err := open(""); err == nil {
		t.Fatal("opens without a password")
	}
	if err := open("0000"); err == nil {
		t.Fatal("opens with another password")
	}

	// Signing: wrong password, right, twice; the switch off.
	sign := func(p readapitest.Person, doc, password string) apitest.Response {
		body, _ := json.Marshal(map[string]string{"senha": password})
		return e.Call(t, p, http.MethodPost, "/api/cac-app/AssinaturaEletronica/assinar",
			map[string]string{"tenId": "", "tenid": p.Tenant.String(), "par": doc, "descricao": "holerite"}, string(body), nil)
	}
	sign(ana, anaDoc, "errada").WantErr(t, 422, "password", auth.KeyPasswordNotConfirmed)
	var signed struct {
		Success bool
		Data    struct{ DocumentID, Hash string }
	}
	sign(ana, anaDoc, clocktest.Password).DecodeOK(t, &signed)
	var hash string
	if err := e.DB.Pool.QueryRow(context.Background(), `SELECT hash FROM payroll_documents WHERE id = $1`, anaDoc).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if !signed.Success || signed.Data.DocumentID != anaDoc || signed.Data.Hash != hash {
		t.Fatalf("signed %+v, want hash %s", signed, hash)
	}
	e.Project(t, tn.ID, payproj.Payroll{})
	sign(ana, anaDoc, clocktest.Password).WantErr(t, 422, "par", payroll.KeyAlreadySigned)
	biaDoc := res.Published[0].DocumentID
	if res.Published[0].EmployeeID != biaM.EmployeeID.String() {
		biaDoc = res.Published[1].DocumentID
	}
	sign(bia, biaDoc, clocktest.Password).WantErr(t, 403, "request", payroll.KeySignDisabled)
	sign(ana, biaDoc, clocktest.Password).WantErr(t, 404, "par", "nao_encontrado")
	e.Call(t, ana, http.MethodGet, "/api/payroll/documents", nil, "", nil).DecodeOK(t, &anaDocs)
	if anaDocs[0].SignedAt == nil || anaDocs[0].CanSign {
		t.Fatalf("after signing %+v", anaDocs)
	}
	var docs []paypi.BatchDocument
	e.Call(t, hr, http.MethodGet, "/api/payroll/batches/"+res.BatchID+"/documents", nil, "", nil).DecodeOK(t, &docs)
	signedBy := map[string]bool{}
	for _, d := range docs {
		signedBy[d.EmployeeID.String()] = d.SignedAt != nil
	}
	if len(docs) != 2 || !signedBy[anaM.EmployeeID.String()] || signedBy[biaM.EmployeeID.String()] {
		t.Fatalf("signature status %+v", docs)
	}

	// A reminder reaches Bia only.
	var sent struct{ Sent int }
	e.Call(t, hr, http.MethodPost, "/api/payroll/batches/"+res.BatchID+"/remind", nil, "", nil).DecodeOK(t, &sent)
	if sent.Sent != 1 {
		t.Fatalf("sent %d", sent.Sent)
	}
	if n := countStream(t, e, tn.ID, "notification-"+biaM.UserID.String()); n != 1 {
		t.Fatalf("bia's inbox has %d events", n)
	}
	if n := countStream(t, e, tn.ID, "notification-"+anaM.UserID.String()); n != 0 {
		t.Fatalf("ana's inbox has %d events", n)
	}

	// Withdrawal.
	e.Call(t, bia, http.MethodPost, "/api/payroll/documents/"+biaDoc+"/withdraw", nil, `{"reason":"x"}`, nil).
		WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
	e.Call(t, stranger, http.MethodPost, "/api/payroll/documents/"+biaDoc+"/withdraw", nil, `{"reason":"x"}`, nil).
		WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
	e.Call(t, hr, http.MethodPost, "/api/payroll/documents/"+biaDoc+"/withdraw", nil, `{"reason":"valor errado"}`, nil).DecodeOK(t, &struct{}{})
	e.Project(t, tn.ID, payproj.Payroll{})
	var biaDocs []paypi.Document
	e.Call(t, bia, http.MethodGet, "/api/payroll/documents", nil, "", nil).DecodeOK(t, &biaDocs)
	if len(biaDocs) != 1 || !biaDocs[0].Withdrawn || biaDocs[0].WithdrawReason != "valor errado" || biaDocs[0].WithdrawnAt == nil {
		t.Fatalf("bia's documents %+v", biaDocs)
	}
	e.Call(t, bia, http.MethodGet, "/api/payroll/documents/"+biaDoc+"/content", nil, "", nil).WantErr(t, http.StatusGone, "id", payroll.KeyWithdrawn)
	e.Call(t, hr, http.MethodPost, "/api/payroll/batches/"+res.BatchID+"/remind", nil, "", nil).DecodeOK(t, &sent)
	if sent.Sent != 0 {
		t.Fatalf("reminded %d after the withdrawal", sent.Sent)
	}

	// The tenant's publish window: day 5 of the next month less 2 days. A batch of November
	// shows from 3 December on: not in Ana's list now, and its content is not hers yet.
	e.Exec(t, []any{tn.ID}, `INSERT INTO tenant_settings (tenant_id, key, "values", version, updated_at, updated_by)
		VALUES ($1, 'payroll_publish', '{"payslip_publish_day":5,"payslip_days_ahead":2}', 1, now(), 'test')`)
	var later paycmd.Result
	upload(t, e, hr, map[string]string{"month": "2026-11", "kind": "payslip"}, part{"holerite_" + anaCPF + ".pdf", pdf(t, "Novembro/2026")}).
		DecodeOK(t, &later)
	if !later.PublishAt.Equal(time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)) || len(later.Published) != 1 {
		t.Fatalf("publish window: %+v", later)
	}
	e.Project(t, tn.ID, payproj.Payroll{})
	e.Call(t, ana, http.MethodGet, "/api/payroll/documents", nil, "", nil).DecodeOK(t, &anaDocs)
	if len(anaDocs) != 1 || anaDocs[0].Month != "2026-10" {
		t.Fatalf("ana sees a document before its publish date: %+v", anaDocs)
	}
	e.Call(t, ana, http.MethodGet, "/api/payroll/documents/"+later.Published[0].DocumentID+"/content", nil, "", nil).
		WantErr(t, http.StatusNotFound, "id", "nao_encontrado")

	// The audit area shows the batch stream.
	var page struct {
		Items []struct{ Type string }
	}
	e.Call(t, hr, http.MethodGet, "/api/audit/timeline", map[string]string{"kind": "payroll", "id": res.BatchID}, "", nil).DecodeOK(t, &page)
	types := map[string]bool{}
	for _, ev := range page.Items {
		types[ev.Type] = true
	}
	for _, typ := range []string{payroll.TypeBatchPublished, payroll.TypeDocumentPublished, payroll.TypeDocumentAcknowledged, payroll.TypeDocumentWithdrawn} {
		if !types[typ] {
			t.Fatalf("audit history lacks %s: %v", typ, types)
		}
	}

	// A replay from scratch gives the same rows.
	want := snapshot(t, e, tn.ID)
	if err := pgx.BeginFunc(context.Background(), e.DB.Pool, func(tx pgx.Tx) error { return payproj.Payroll{}.Reset(context.Background(), tx) }); err != nil {
		t.Fatal(err)
	}
	e.Project(t, tn.ID, payproj.Payroll{})
	if got := snapshot(t, e, tn.ID); got != want {
		t.Fatalf("replay differs:\n%s\n%s", got, want)
	}
}

func countStream(t *testing.T, e *readapitest.Env, tenant uuid.UUID, stream string) int {
	t.Helper()
	var n int
	if err := e.DB.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE tenant_id = $1 AND stream = $2`, tenant, stream).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
