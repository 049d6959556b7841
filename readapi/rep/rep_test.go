package rep_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"software.sslmate.com/src/go-pkcs12"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain/clock"
	domainrep "portal/domain/rep"
	clockproj "portal/projections/clock"
	reprm "portal/projections/rep"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
)

// pki is a test CA and a signing certificate it issued, as files openssl reads and as the
// PKCS#12 HR uploads.
type pki struct {
	caFile string
	pfx    []byte
}

func newPKI(t *testing.T, password string) pki {
	t.Helper()
	return issuePKI(t, password, "EMPRESA TESTE LTDA:11222333000181")
}

// issuePKI makes a CA and a signing certificate of subject cn it issued.
func issuePKI(t *testing.T, password, cn string) pki {
	t.Helper()
	caKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().AddDate(1, 0, 0), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, _ := rsa.GenerateKey(rand.Reader, 2048)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().AddDate(1, 0, 0),
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageEmailProtection}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pfx, err := pkcs12.Modern.Encode(key, cert, []*x509.Certificate{ca}, password)
	if err != nil {
		t.Fatal(err)
	}
	caFile := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return pki{caFile: caFile, pfx: pfx}
}

func upload(t *testing.T, e *readapitest.Env, p readapitest.Person, pfx []byte, password string) apitest.Response {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "cert.pfx")
	fw.Write(pfx)
	mw.WriteField("password", password)
	mw.Close()
	return e.Call(t, p, http.MethodPost, "/api/rep/certificate", nil, body.String(), map[string]string{"Content-Type": mw.FormDataContentType()})
}

// unzip returns the zip's files by name.
func unzip(t *testing.T, data []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v (%s)", err, data[:min(len(data), 200)])
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		r, _ := f.Open()
		out[f.Name], _ = io.ReadAll(r)
		r.Close()
	}
	return out
}

// opensslVerify verifies the detached signature of content with Debian's openssl.
func opensslVerify(t *testing.T, caFile string, content, sig []byte) error {
	t.Helper()
	dir := t.TempDir()
	cf, sf := filepath.Join(dir, "content"), filepath.Join(dir, "content.p7s")
	os.WriteFile(cf, content, 0o600)
	os.WriteFile(sf, sig, 0o600)
	out, err := exec.Command("openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", sf, "-content", cf,
		"-CAfile", caFile, "-purpose", "any", "-out", os.DevNull).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}

type fixture struct {
	e          *readapitest.Env
	hr, worker readapitest.Person
	other      readapitest.Person // an employee of the same tenant
	cnpj       string
	tenant     clocktest.Tenant
}

func setup(t *testing.T, name string) fixture {
	e := readapitest.New(t, name, readapitest.ClockNow)
	tn := e.Tenant(t)
	cnpj := domainrep.CNPJ(fmt.Sprintf("%08d0001", time.Now().UnixNano()%100000000))
	e.Exec(t, []any{tn.ID, cnpj}, `INSERT INTO rep_establishments (tenant_id, cnpj, name, place) VALUES ($1, $2, 'Comércio Teste Ltda', 'Sede São Paulo')`)
	worker := e.Person(t, &tn, clocktest.Options{Fences: []clock.Fence{readapitest.ClockOffice}})
	e.Exec(t, []any{tn.ID, worker.EmployeeID, "52998224725"}, `UPDATE employees SET cpf = $3, name = 'João da Silva' WHERE tenant_id = $1 AND id = $2`)
	other := e.Person(t, &tn, clocktest.Options{Fences: []clock.Fence{readapitest.ClockOffice}})
	hr := e.Person(t, &tn, clocktest.Options{Roles: []string{auth.RoleHRAdmin, auth.RoleCollaborator}})
	return fixture{e: e, hr: hr, worker: worker, other: other, cnpj: cnpj, tenant: tn}
}

func (f fixture) punch(t *testing.T, p readapitest.Person) {
	t.Helper()
	res := f.e.Register(t, p, nil, readapitest.MarkBody("Av. Paulista, 1000", readapitest.ClockOffice.Position, &readapitest.ClockOffice.Position), nil)
	if res.Status != http.StatusOK {
		t.Fatalf("punch: %d %s", res.Status, res.Body)
	}
}

// TestReceipt: right after a punch the employee finds its receipt (NSR, hash, employer,
// CNPJ, place, name, CPF, time) and downloads it as a PDF; another employee cannot.
func TestReceipt(t *testing.T) {
	f := setup(t, "readapi_rep_receipt")
	f.punch(t, f.worker)
	f.punch(t, f.other)
	f.punch(t, f.worker)
	var list []reprm.Receipt
	res := f.e.Call(t, f.worker, http.MethodGet, "/api/rep/receipts", nil, "", nil)
	res.Decode(t, &list)
	if res.Status != 200 || len(list) != 2 {
		t.Fatalf("receipts: %d %s", res.Status, res.Body)
	}
	r := list[0]
	if r.NSR != 3 || list[1].NSR != 1 || len(r.Hash) != 64 || r.CNPJ != f.cnpj || r.EmployerName != "Comércio Teste Ltda" ||
		r.Place != "Sede São Paulo" || r.EmployeeName != "João da Silva" || r.CPF != "52998224725" || !r.MarkedAt.Equal(readapitest.ClockNow) {
		t.Fatalf("receipt %+v", r)
	}
	pdf := f.e.Call(t, f.worker, http.MethodGet, "/api/rep/receipts/"+r.MarkID+"/pdf", nil, "", nil)
	if pdf.Status != 200 || !bytes.HasPrefix(pdf.Body, []byte("%PDF-")) {
		t.Fatalf("pdf: %d %.100s", pdf.Status, pdf.Body)
	}
	if res := f.e.Call(t, f.other, http.MethodGet, "/api/rep/receipts/"+r.MarkID+"/pdf", nil, "", nil); res.Status != http.StatusNotFound {
		t.Fatalf("another employee's receipt: %d", res.Status)
	}
	// HR reads any employee's receipts.
	res = f.e.Call(t, f.hr, http.MethodGet, "/api/rep/receipts/"+r.MarkID+"/pdf", map[string]string{"employeeId": f.worker.EmployeeID.String()}, "", nil)
	if res.Status != 200 {
		t.Fatalf("HR's view of the receipt: %d %s", res.Status, res.Body)
	}
}

// TestCertificateUpload: a wrong password or a broken file is a 422 that writes nothing;
// a good upload stores the certificate and records an event whose password is redacted;
// the password is never answered.
func TestCertificateUpload(t *testing.T) {
	f := setup(t, "readapi_rep_cert")
	const password = "segredo-do-certificado-42"
	k := newPKI(t, password)
	before := f.e.CountEvents(t, f.tenant.ID)
	for name, c := range map[string]struct {
		pfx      []byte
		password string
		field    string
	}{
		"wrong password": {k.pfx, "errada", "password"},
		"broken file":    {[]byte("not a pkcs12 file"), password, "file"},
	} {
		res := upload(t, f.e, f.hr, c.pfx, c.password)
		if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), `"`+c.field+`"`) {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	if res := upload(t, f.e, f.worker, k.pfx, password); res.Status != http.StatusForbidden {
		t.Errorf("an employee uploads: %d", res.Status)
	}
	if n := f.e.CountEvents(t, f.tenant.ID); n != before {
		t.Fatalf("refused uploads wrote %d events", n-before)
	}
	res := upload(t, f.e, f.hr, k.pfx, password)
	if res.Status != 200 || strings.Contains(string(res.Body), password) {
		t.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	got := f.e.Call(t, f.hr, http.MethodGet, "/api/rep/certificate", nil, "", nil)
	if got.Status != 200 || !strings.Contains(string(got.Body), `"present":true`) || strings.Contains(string(got.Body), password) {
		t.Fatalf("certificate: %d %s", got.Status, got.Body)
	}
	events, err := f.e.Store.ReadStream(context.Background(), f.tenant.ID, "rep-"+f.tenant.ID.String(), 0)
	if err != nil || len(events) != 1 || events[0].Type != domainrep.TypeCertificateUploaded {
		t.Fatalf("events %v %v", events, err)
	}
	var data map[string]any
	json.Unmarshal(events[0].Data, &data)
	if data["password"] != domainrep.Redacted || strings.Contains(string(events[0].Data), password) || events[0].Actor != f.hr.UserID.String() {
		t.Fatalf("event data %s by %s", events[0].Data, events[0].Actor)
	}
}

// TestExports: the AFD and AEJ of the period come back as a zip of the file and its .p7s,
// which openssl verifies against the test CA; each file reads back field by field; bad
// periods, another tenant's establishment and a missing certificate are 4xx.
func TestExports(t *testing.T) {
	f := setup(t, "readapi_rep_export")
	day := readapitest.ClockNow.Format("2006-01-02")
	q := func(from, to, cnpj string) map[string]string {
		return map[string]string{"from": from, "to": to, "cnpj": cnpj}
	}
	if res := f.e.Call(t, f.hr, http.MethodGet, "/api/rep/afd", q(day, day, f.cnpj), "", nil); res.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(string(res.Body), domainrep.KeyNoCertificate) {
		t.Fatalf("no certificate: %d %s", res.Status, res.Body)
	}
	const password = "senha"
	k := newPKI(t, password)
	if res := upload(t, f.e, f.hr, k.pfx, password); res.Status != 200 {
		t.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	f.punch(t, f.worker)
	f.punch(t, f.other)
	f.punch(t, f.worker)
	f.e.Project(t, f.tenant.ID, clockproj.Clock{})

	// Bad input: 4xx.
	otherTenant := f.e.Tenant(t)
	f.e.Exec(t, []any{otherTenant.ID, domainrep.CNPJ("998877660001")}, `INSERT INTO rep_establishments (tenant_id, cnpj, name) VALUES ($1, $2, 'Outra')`)
	for name, c := range map[string]struct {
		query  map[string]string
		status int
		key    string
	}{
		"future":         {q(day, "2024-05-11", f.cnpj), 400, domainrep.KeyPeriodFuture},
		"too long":       {q("2024-01-01", day, f.cnpj), 400, domainrep.KeyPeriodTooLong},
		"reversed":       {q(day, "2024-05-01", f.cnpj), 400, domainrep.KeyPeriodReversed},
		"bad date":       {q("10/05/2024", day, f.cnpj), 400, "from"},
		"another tenant": {q(day, day, domainrep.CNPJ("998877660001")), 404, domainrep.KeyUnknownEstablis},
		"unknown cnpj":   {q(day, day, "11111111111111"), 404, domainrep.KeyUnknownEstablis},
	} {
		for _, kind := range []string{"afd", "aej"} {
			res := f.e.Call(t, f.hr, http.MethodGet, "/api/rep/"+kind, c.query, "", nil)
			if res.Status != c.status || !strings.Contains(string(res.Body), c.key) {
				t.Errorf("%s %s: %d %s", kind, name, res.Status, res.Body)
			}
		}
	}
	if res := f.e.Call(t, f.worker, http.MethodGet, "/api/rep/afd", q(day, day, f.cnpj), "", nil); res.Status != http.StatusForbidden {
		t.Errorf("an employee exports: %d", res.Status)
	}

	// The AFD.
	res := f.e.Call(t, f.hr, http.MethodGet, "/api/rep/afd", q(day, day, f.cnpj), "", nil)
	if res.Status != 200 {
		t.Fatalf("afd: %d %s", res.Status, res.Body)
	}
	files := unzip(t, res.Body)
	name := domainrep.AFDName("", f.cnpj)
	afdFile, sig := files[name], files[name+".p7s"]
	if afdFile == nil || sig == nil {
		t.Fatalf("zip holds %v, want %s and its .p7s", keys(files), name)
	}
	afd, err := reprm.ParseAFD(bytes.NewReader(afdFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(afd.Records) != 3 || afd.Records[2].NSR != 3 || afd.Records[0].CPF != "052998224725" || afd.CNPJ != f.cnpj {
		t.Fatalf("afd %+v", afd)
	}
	if err := opensslVerify(t, k.caFile, afdFile, sig); err != nil {
		t.Fatalf("openssl cms -verify: %v", err)
	}
	altered := bytes.Replace(afdFile, []byte("052998224725"), []byte("052998224726"), 1)
	if err := opensslVerify(t, k.caFile, altered, sig); err == nil {
		t.Fatal("openssl verified an altered AFD")
	}

	// The AEJ, of the day before too: the timesheet read model's days of weekly rest and of
	// unjustified absence become records 07 (rows as the timesheet projection writes them).
	for _, d := range []struct {
		employee uuid.UUID
		day      string
		kind     string
		absent   bool
	}{{f.worker.EmployeeID, "2024-05-09", "work", true}, {f.other.EmployeeID, "2024-05-09", "rest", false},
		{f.other.EmployeeID, "2024-05-10", "work", false}} {
		f.e.Exec(t, []any{f.tenant.ID, d.employee, d.day, d.kind, d.absent}, `INSERT INTO timesheet_days (tenant_id, employee_id, day, kind,
            spans, marks, expected, worked, night, night_hours, overtime50, overtime100, late, early, missing, excused, leave, absent, incomplete)
            VALUES ($1, $2, $3, $4, '[]', '[]', 480, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, $5, false)`)
	}
	res = f.e.Call(t, f.hr, http.MethodGet, "/api/rep/aej", q("2024-05-09", day, f.cnpj), "", nil)
	if res.Status != 200 {
		t.Fatalf("aej: %d %s", res.Status, res.Body)
	}
	files = unzip(t, res.Body)
	name = fmt.Sprintf("AEJ_%s_20240509_20240510.txt", f.cnpj)
	aej, sig := files[name], files[name+".p7s"]
	if aej == nil || sig == nil {
		t.Fatalf("zip holds %v, want %s", keys(files), name)
	}
	if err := opensslVerify(t, k.caFile, aej, sig); err != nil {
		t.Fatalf("openssl cms -verify: %v", err)
	}
	checkAEJ(t, aej, f.cnpj)
}

// checkAEJ reads the AEJ back: record order, field counts, the marks paired E/S per day, and
// the trailer's counts.
func checkAEJ(t *testing.T, aej []byte, cnpj string) {
	t.Helper()
	if !bytes.HasSuffix(aej, []byte("\r\n")) {
		t.Fatal("AEJ lines must end in CRLF")
	}
	lines := strings.Split(strings.TrimSuffix(string(aej), "\r\n"), "\r\n")
	counts := map[string]int{}
	fieldsOf := map[string]int{"01": 10, "02": 4, "03": 4, "07": 6, "08": 7, "99": 9}
	bonds := map[string]string{} // idtVinculoAej → CPF
	var absences [][]string
	order := "01 02 03 04 05 06 07 08 99"
	last := ""
	var marks [][]string
	for i, l := range lines[:len(lines)-1] {
		f := strings.Split(l, "|")
		if n, ok := fieldsOf[f[0]]; ok && len(f) != n {
			t.Fatalf("line %d: %d fields: %q", i+1, len(f), l)
		}
		if strings.Index(order, f[0]) < strings.Index(order, last) {
			t.Fatalf("line %d: record %s after %s", i+1, f[0], last)
		}
		last = f[0]
		counts[f[0]]++
		switch f[0] {
		case "01":
			if f[1] != "1" || f[2] != cnpj || f[6] != "2024-05-09" || f[7] != "2024-05-10" || f[9] != "001" {
				t.Fatalf("header %q", l)
			}
		case "03":
			bonds[f[1]] = f[2]
		case "07": // idtVinculoAej|tipoAusenOuComp (1 DSR, 2 unjustified)|date|minutes|bank movement
			if _, ok := bonds[f[1]]; !ok || f[2] != "1" && f[2] != "2" || f[4] != "" || f[5] != "" {
				t.Fatalf("absence %q", l)
			}
			if _, err := time.Parse("2006-01-02", f[3]); err != nil {
				t.Fatalf("absence date %q", l)
			}
			absences = append(absences, f)
		case "04":
			if len(f) < 5 || len(f)%2 != 1 {
				t.Fatalf("schedule %q", l)
			}
		case "05":
			if len(f) != 9 {
				t.Fatalf("mark %q", l)
			}
			marks = append(marks, f)
		case "99":
			for j, k := range []string{"01", "02", "03", "04", "05", "06", "07", "08"} {
				if f[j+1] != fmt.Sprint(counts[k]) {
					t.Fatalf("trailer %q: type %s counted %d", l, k, counts[k])
				}
			}
		}
	}
	if lines[len(lines)-1] != fmt.Sprintf("%-100s", "ASSINATURA_DIGITAL_EM_ARQUIVO_P7S") {
		t.Fatalf("signature line %q", lines[len(lines)-1])
	}
	if counts["03"] != 2 || len(marks) != 3 {
		t.Fatalf("bonds %d, marks %d", counts["03"], len(marks))
	}
	// The worker's unjustified absence and the other's weekly rest of 05-09; the other's
	// working day of 05-10 is none.
	got := map[string]bool{}
	for _, a := range absences {
		got[bonds[a[1]]+" "+a[2]+" "+a[3]] = true
	}
	if len(absences) != 2 || !got["52998224725 2 2024-05-09"] {
		t.Fatalf("absences %v", absences)
	}
	// The worker's two marks of the day: entry then exit of pair 001, original.
	var mine [][]string
	for _, m := range marks {
		if m[1] == marks[0][1] {
			mine = append(mine, m)
		}
	}
	for _, m := range marks {
		if m[2] != "2024-05-10T09:30:00-0300" || m[6] != "O" {
			t.Fatalf("mark %v", m)
		}
	}
	if len(mine) == 2 && (mine[0][4] != "E" || mine[1][4] != "S" || mine[0][5] != "001" || mine[1][5] != "001") {
		t.Fatalf("pairs %v", mine)
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

var _ = uuid.Nil

// TestChangeEstablishment: HR changes the employer's identification; it is an AFD record 2
// with the next NSR and HR's CPF, and the establishment reads back changed. Bad input is 400
// with its key and writes nothing; an employee may not; the same identification again
// writes no record.
func TestChangeEstablishment(t *testing.T) {
	f := setup(t, "readapi_rep_establishment")
	f.e.Exec(t, []any{f.tenant.ID, f.hr.EmployeeID, "39053344705"}, `UPDATE employees SET cpf = $3 WHERE tenant_id = $1 AND id = $2`)
	f.punch(t, f.worker)
	long := strings.Repeat("x", 151)
	for name, c := range map[string]struct{ body, key string }{
		"no name":    {`{"name":"  ","place":"Sede"}`, domainrep.KeyNameRequired},
		"long name":  {`{"name":"` + long + `"}`, domainrep.KeyNameTooLong},
		"long place": {`{"name":"Ok","place":"` + long + `"}`, domainrep.KeyPlaceTooLong},
		"bad cno":    {`{"name":"Ok","cno":"12ab"}`, domainrep.KeyCNOInvalid},
		"short cno":  {`{"name":"Ok","cno":"1234"}`, domainrep.KeyCNOInvalid},
	} {
		res := f.e.Call(t, f.hr, http.MethodPut, "/api/rep/establishment", nil, c.body, nil)
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), c.key) {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	if res := f.e.Call(t, f.worker, http.MethodPut, "/api/rep/establishment", nil, `{"name":"Outra"}`, nil); res.Status != http.StatusForbidden {
		t.Errorf("an employee changes the establishment: %d", res.Status)
	}
	var before struct {
		LastNSR int64 `json:"lastNsr"`
	}
	if res := f.e.Call(t, f.hr, http.MethodGet, "/api/rep/establishment", nil, "", nil); res.Status != 200 || json.Unmarshal(res.Body, &before) != nil || before.LastNSR != 1 {
		t.Fatalf("after bad input: %d %s (only the mark's NSR)", res.Status, res.Body)
	}
	body := `{"name":"Comércio Novo Ltda","place":"Filial Campinas","cno":"123456789012"}`
	for range 2 { // the second time changes nothing
		if res := f.e.Call(t, f.hr, http.MethodPut, "/api/rep/establishment", nil, body, nil); res.Status != 200 {
			t.Fatalf("change: %d %s", res.Status, res.Body)
		}
	}
	var after struct {
		Name, Place, CNO string
		LastNSR          int64 `json:"lastNsr"`
	}
	if res := f.e.Call(t, f.hr, http.MethodGet, "/api/rep/establishment", nil, "", nil); json.Unmarshal(res.Body, &after) != nil ||
		after.Name != "Comércio Novo Ltda" || after.Place != "Filial Campinas" || after.CNO != "123456789012" || after.LastNSR != 2 {
		t.Fatalf("establishment %s", res.Body)
	}
	var fields string
	if err := f.e.DB.Pool.QueryRow(context.Background(), `SELECT fields FROM rep_records WHERE tenant_id = $1 AND nsr = 2 AND afd_kind = '2'`,
		f.tenant.ID).Scan(&fields); err != nil {
		t.Fatal(err)
	}
	if want := "000000002" + "2"; !strings.HasPrefix(fields, want) || fields[34:48] != "00039053344705" || fields[49:63] != f.cnpj ||
		fields[63:77] != "00123456789012" || strings.TrimSpace(fields[77:227]) != "Comércio Novo Ltda" {
		t.Fatalf("record 2 %q", fields)
	}
}

// TestRegisterEmployee: HR includes an employee in the REP-P with their CPF (AFD record 5,
// operation I) and alters it (A); the employee's next mark carries it. An invalid CPF is
// 400, another employee's 409, an unknown employee 404, an employee may not, and none
// writes a record; the same CPF again writes nothing.
func TestRegisterEmployee(t *testing.T) {
	f := setup(t, "readapi_rep_employee")
	f.e.Exec(t, []any{f.tenant.ID, f.hr.EmployeeID, "39053344705"}, `UPDATE employees SET cpf = $3 WHERE tenant_id = $1 AND id = $2`)
	path := "/api/rep/employees/" + f.other.EmployeeID.String()
	first, second := domainrep.CPF("111444777"), domainrep.CPF("123123123")
	for name, c := range map[string]struct {
		path, body string
		status     int
		key        string
	}{
		"invalid":  {path, `{"cpf":"11144477700"}`, 400, domainrep.KeyCPFInvalid},
		"taken":    {path, `{"cpf":"529.982.247-25"}`, 409, domainrep.KeyCPFTaken},
		"unknown":  {"/api/rep/employees/" + uuid.NewString(), `{"cpf":"` + first + `"}`, 404, "nao_encontrado"},
		"not uuid": {"/api/rep/employees/x", `{"cpf":"` + first + `"}`, 404, "nao_encontrado"},
	} {
		res := f.e.Call(t, f.hr, http.MethodPut, c.path, nil, c.body, nil)
		if res.Status != c.status || !strings.Contains(string(res.Body), c.key) {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	if res := f.e.Call(t, f.worker, http.MethodPut, path, nil, `{"cpf":"`+first+`"}`, nil); res.Status != http.StatusForbidden {
		t.Errorf("an employee registers a CPF: %d", res.Status)
	}
	for _, c := range []struct{ cpf, op string }{{first, "I"}, {first, ""}, {second, "A"}} {
		res := f.e.Call(t, f.hr, http.MethodPut, path, nil, `{"cpf":"`+c.cpf+`"}`, nil)
		var out struct{ Operation string }
		if res.Status != 200 || json.Unmarshal(res.Body, &out) != nil || out.Operation != c.op {
			t.Fatalf("register %s: %d %s, want operation %q", c.cpf, res.Status, res.Body, c.op)
		}
	}
	f.punch(t, f.other)
	rows, err := f.e.DB.Pool.Query(context.Background(), `SELECT nsr, afd_kind, fields FROM rep_records WHERE tenant_id = $1 ORDER BY nsr`, f.tenant.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var nsr int64
	var kind, fields string
	if _, err := pgx.ForEachRow(rows, []any{&nsr, &kind, &fields}, func() error {
		got = append(got, fields)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0][9] != '5' || got[0][34] != 'I' || got[0][35:47] != "0"+first || got[0][103:114] != "39053344705" ||
		got[1][34] != 'A' || got[1][35:47] != "0"+second || got[2][9] != '7' || got[2][34:46] != "0"+second {
		t.Fatalf("records %q", got)
	}
}
