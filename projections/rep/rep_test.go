package rep_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"golang.org/x/text/encoding/charmap"

	"portal/commands/clocktest"
	"portal/domain/clock"
	domainrep "portal/domain/rep"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections/rep"
)

var testDB *pgtest.DB

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("projections/rep")
	code := m.Run()
	testDB.Close()
	os.Exit(code)
}

// establishment makes a tenant with an establishment (a valid CNPJ) and n employees with
// CPFs, and returns the tenant and the employees.
func establishment(t testing.TB, n int) (uuid.UUID, []uuid.UUID, string) {
	t.Helper()
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, testDB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	cnpj := domainrep.CNPJ(fmt.Sprintf("%08d0001", time.Now().UnixNano()%100000000))
	if _, err := testDB.Pool.Exec(ctx, `INSERT INTO rep_establishments (tenant_id, cnpj, name, place) VALUES ($1, $2, 'Empresa Teste Ltda', 'Sede')`,
		tenant.ID, cnpj); err != nil {
		t.Fatal(err)
	}
	var employees []uuid.UUID
	for i := range n {
		p, err := tenant.NewPerson(ctx, testDB.Pool, clocktest.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := testDB.Pool.Exec(ctx, `UPDATE employees SET cpf = $3 WHERE tenant_id = $1 AND id = $2`,
			tenant.ID, p.EmployeeID, domainrep.CPF(fmt.Sprintf("%09d", 123456000+i))); err != nil {
			t.Fatal(err)
		}
		employees = append(employees, p.EmployeeID)
	}
	return tenant.ID, employees, cnpj
}

func mark(store eventstore.Store, tenant, employee uuid.UUID, at time.Time) error {
	id := uuid.New()
	data, _ := json.Marshal(map[string]any{"markId": id.String(), "employeeId": employee.String(), "recordedAt": at,
		"selected": map[string]any{"address": "Rua A, 1", "lat": -23.5, "lon": -46.6}})
	_, err := store.Append(context.Background(), eventstore.Meta{Tenant: tenant, Actor: employee.String(), CommandID: id.String()},
		eventstore.StreamName("clock", employee), eventstore.Any,
		eventstore.EventData{ID: id, Type: "clock.mark_registered.v1", SchemaVersion: 1, Data: data})
	return err
}

func export(t testing.TB, tenant uuid.UUID, cnpj string, p domainrep.Period) ([]byte, int) {
	t.Helper()
	var buf bytes.Buffer
	var n int
	err := db.InTenant(context.Background(), testDB.Pool, tenant.String(), func(tx pgx.Tx) error {
		e, err := rep.LoadEstablishment(context.Background(), tx, cnpj)
		if err != nil {
			return err
		}
		n, err = rep.WriteAFD(context.Background(), tx, e, p, time.Now(), &buf)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), n
}

func TestCRC16Kermit(t *testing.T) {
	t.Parallel()
	if got := rep.CRC("123456789"); got != "2189" {
		t.Fatalf("CRC-16/KERMIT of 123456789 = %s, want 2189 (Annex V)", got)
	}
}

// TestNSRGaplessUnderConcurrency appends 10,000 marks from 32 clients through two event
// stores on two pools (two portal processes), each gathering its concurrent marks into
// shared transactions (group commit), and finds NSRs 1..10,000, each once, chained.
func TestNSRGaplessUnderConcurrency(t *testing.T) {
	tenant, employees, cnpj := establishment(t, 40)
	second, err := db.Open(context.Background(), testDB.URL, 16)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	stores := []*eventstore.Postgres{eventstore.NewPostgres(testDB.Pool), eventstore.NewPostgres(second)}
	for _, s := range stores { // as serve does: an establishment's marks share transactions
		s.GroupCommit(domainrep.GroupedTypes...)
	}
	defer stores[0].Close()
	defer stores[1].Close()
	const total, clients = 10000, 32
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	base := time.Now().Add(-time.Hour)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1)
				if i > total {
					return
				}
				if err := mark(stores[c%2], tenant, employees[int(i)%len(employees)], base.Add(time.Duration(i)*time.Millisecond)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var count, minNSR, maxNSR, distinct int64
	if err := testDB.Pool.QueryRow(context.Background(), `SELECT count(*), min(nsr), max(nsr), count(DISTINCT nsr) FROM rep_records WHERE tenant_id = $1`,
		tenant).Scan(&count, &minNSR, &maxNSR, &distinct); err != nil {
		t.Fatal(err)
	}
	if count != total || minNSR != 1 || maxNSR != total || distinct != total {
		t.Fatalf("records %d, NSRs %d..%d, distinct %d; want %d records numbered 1..%d", count, minNSR, maxNSR, distinct, total, total)
	}
	today := time.Now().In(time.FixedZone("-03", -3*3600))
	p := domainrep.Period{From: today.AddDate(0, 0, -1), To: today}
	file, n := export(t, tenant, cnpj, p)
	if n != total {
		t.Fatalf("exported %d records, want %d", n, total)
	}
	afd, err := rep.ParseAFD(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(afd.Records) != total || afd.Records[0].NSR != 1 || afd.Counts["7"] != total {
		t.Fatalf("parsed %d records from NSR %d, trailer %v", len(afd.Records), afd.Records[0].NSR, afd.Counts)
	}
}

// TestAFDLayout exports a few marks and checks every field read back, the file's encoding
// and line ends, and that a record altered by hand is caught.
func TestAFDLayout(t *testing.T) {
	t.Parallel()
	tenant, employees, cnpj := establishment(t, 2)
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	zone := time.FixedZone("-03", -3*3600)
	day := time.Now().In(zone).AddDate(0, 0, -2)
	at := time.Date(day.Year(), day.Month(), day.Day(), 8, 1, 37, 0, zone)
	for i := range 5 {
		if err := mark(store, tenant, employees[i%2], at.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	p := domainrep.Period{From: day, To: day}
	file, n := export(t, tenant, cnpj, p)
	if n != 5 {
		t.Fatalf("exported %d records, want 5", n)
	}
	if !bytes.HasSuffix(file, []byte("\r\n")) || bytes.Count(file, []byte("\r\n")) != 8 || bytes.Contains(bytes.ReplaceAll(file, []byte("\r\n"), nil), []byte("\n")) {
		t.Fatalf("lines must end in CRLF, 8 lines: %q", file[:min(len(file), 400)])
	}
	afd, err := rep.ParseAFD(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if afd.CNPJ != cnpj || afd.Name != "Empresa Teste Ltda" || afd.From != day.Format("2006-01-02") || afd.To != afd.From {
		t.Fatalf("header %+v", afd)
	}
	for i, m := range afd.Records {
		wantAt := at.Add(time.Duration(i) * time.Hour).Truncate(time.Minute)
		if m.NSR != int64(i+1) || !m.MarkedAt.Equal(wantAt) || m.Collector != "02" || m.Offline ||
			m.CPF != "0"+domainrep.CPF(fmt.Sprintf("%09d", 123456000+(i%2))) {
			t.Fatalf("record %d: %+v (want mark at %s)", i, m, wantAt)
		}
		if _, off := m.MarkedAt.Zone(); off != -3*3600 {
			t.Fatalf("record %d: zone offset %d", i, off)
		}
	}
	// A name with accents is ISO-8859-1 in the file.
	if _, err := testDB.Pool.Exec(context.Background(), `UPDATE rep_establishments SET name = 'Açaí & Cia' WHERE tenant_id = $1`, tenant); err != nil {
		t.Fatal(err)
	}
	file, _ = export(t, tenant, cnpj, p)
	latin, _ := charmap.ISO8859_1.NewEncoder().String("Açaí & Cia")
	if !bytes.Contains(file, []byte(latin)) {
		t.Fatal("the header's name is not ISO-8859-1")
	}
	if _, err := rep.ParseAFD(bytes.NewReader(file)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(file), "\r\n")
	tampered := func(i int, edit func(string) string) []byte {
		l := append([]string(nil), lines...)
		l[i] = edit(l[i])
		return []byte(strings.Join(l, "\r\n"))
	}
	for name, bad := range map[string][]byte{
		"mark time moved":   tampered(3, func(s string) string { return put(put(s, 24, '5'), 25, '9') }),
		"cpf changed":       tampered(2, func(s string) string { return put(s, 40, '9') }),
		"header name":       tampered(0, func(s string) string { return put(s, 39, 'X') }),
		"record removed":    []byte(strings.Join(append(append([]string(nil), lines[:3]...), lines[4:]...), "\r\n")),
		"trailer count":     tampered(6, func(s string) string { return put(s, 62, '4') }),
		"bare LF line ends": bytes.ReplaceAll(file, []byte("\r\n"), []byte("\n")),
	} {
		if _, err := rep.ParseAFD(bytes.NewReader(bad)); err == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}

func TestPeriodRules(t *testing.T) {
	t.Parallel()
	d := func(s string) time.Time { v, _ := time.Parse("2006-01-02", s); return v }
	today := d("2026-11-28")
	for name, c := range map[string]struct {
		from, to string
		key      string
	}{
		"one_day":  {"2026-11-28", "2026-11-28", ""},
		"quarter":  {"2026-08-29", "2026-11-28", ""},
		"too_long": {"2026-08-28", "2026-11-28", domainrep.KeyPeriodTooLong},
		"future":   {"2026-11-01", "2026-11-29", domainrep.KeyPeriodFuture},
		"reversed": {"2026-11-10", "2026-11-01", domainrep.KeyPeriodReversed},
	} {
		_, err := domainrep.CheckPeriod(d(c.from), d(c.to), today)
		if (err == nil) != (c.key == "") || err != nil && !strings.Contains(err.Error(), c.key) {
			t.Errorf("%s: %v, want %q", name, err, c.key)
		}
	}
	if !domainrep.ValidCNPJ("11222333000181") || domainrep.ValidCNPJ("11222333000182") || !domainrep.ValidCPF("52998224725") || domainrep.ValidCPF("52998224726") {
		t.Error("check digits")
	}
}

// TestRecordTypes: the clock's mark events are in the list of event types that take an NSR.
func TestRecordTypes(t *testing.T) {
	t.Parallel()
	for _, typ := range []string{clock.TypeMarkRegistered, clock.TypeMarkRecordedByHR} {
		var kind string
		if err := testDB.Pool.QueryRow(context.Background(), `SELECT afd_kind FROM rep_record_types WHERE type = $1`, typ).Scan(&kind); err != nil || kind != "7" {
			t.Errorf("%s: kind %q, %v", typ, kind, err)
		}
	}
}

// repEvent appends one event of the rep area to the establishment's stream.
func repEvent(t testing.TB, store eventstore.Store, tenant uuid.UUID, typ string, data any) {
	t.Helper()
	body, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	id := uuid.New()
	if _, err := store.Append(context.Background(), eventstore.Meta{Tenant: tenant, Actor: "hr", CommandID: id.String()},
		domainrep.Stream(tenant), eventstore.Any, eventstore.EventData{ID: id, Type: typ, SchemaVersion: 1, Data: body}); err != nil {
		t.Fatal(err)
	}
}

// TestAFDRecordKinds writes every record kind a REP-P keeps (2 employer, 4 clock adjustment,
// 5 employee, 6 sensitive event, 7 marks) from their events, reads the file back and checks
// every field, the CRCs, the NSRs across kinds and the hash chain from the first mark (which
// chains to nothing: Annex V hashes "the previous record's hash, if there is one"); a CRC or
// a name altered by hand is caught.
func TestAFDRecordKinds(t *testing.T) {
	t.Parallel()
	tenant, employees, cnpj := establishment(t, 1)
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	zone := time.FixedZone("-03", -3*3600)
	cpf := domainrep.CPF("123456000")
	hrCPF := domainrep.CPF("987654321")
	repEvent(t, store, tenant, domainrep.TypeEmployerChanged, domainrep.EmployerChanged{Name: "Pão & Açúcar Ltda",
		CNO: "123456789012", Place: "Fábrica São José", ResponsibleCPF: hrCPF})
	repEvent(t, store, tenant, domainrep.TypeServiceEvent, domainrep.ServiceEvent{Event: domainrep.ServiceAvailable})
	repEvent(t, store, tenant, domainrep.TypeEmployeeChanged, domainrep.EmployeeChanged{Operation: domainrep.OpInclude,
		EmployeeID: employees[0].String(), CPF: cpf, Name: "José da Conceição", ResponsibleCPF: hrCPF})
	now := time.Now().In(zone).Truncate(time.Minute)
	repEvent(t, store, tenant, domainrep.TypeClockAdjusted, domainrep.ClockAdjusted{Before: now.Add(-2 * time.Minute), After: now.Add(-time.Minute),
		ResponsibleCPF: hrCPF})
	for i := range 3 {
		if err := mark(store, tenant, employees[0], now.Add(time.Duration(i-30)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	repEvent(t, store, tenant, domainrep.TypeEmployeeChanged, domainrep.EmployeeChanged{Operation: domainrep.OpExclude,
		EmployeeID: employees[0].String(), CPF: cpf, Name: "José da Conceição", ResponsibleCPF: hrCPF})
	repEvent(t, store, tenant, domainrep.TypeServiceEvent, domainrep.ServiceEvent{Event: domainrep.ServiceUnavailable})

	p := domainrep.Period{From: now.AddDate(0, 0, -1), To: now}
	file, n := export(t, tenant, cnpj, p)
	if n != 9 {
		t.Fatalf("exported %d records, want 9\n%s", n, file)
	}
	afd, err := rep.ParseAFD(bytes.NewReader(file))
	if err != nil {
		t.Fatalf("%v\n%s", err, file)
	}
	if afd.Name != "Pão & Açúcar Ltda" || afd.CNO != "00123456789012" {
		t.Errorf("header name %q, CNO %q: the type-2 event moves the establishment", afd.Name, afd.CNO)
	}
	want := map[string]int{"2": 1, "4": 1, "5": 2, "6": 2, "7": 3}
	for k, c := range want {
		if afd.Counts[k] != c {
			t.Errorf("type %s: %d records, want %d (%v)", k, afd.Counts[k], c, afd.Counts)
		}
	}
	e := afd.Employers[0]
	if e.NSR != 1 || e.IDType != '1' || e.CNPJ != cnpj || e.CNO != "00123456789012" || e.Name != "Pão & Açúcar Ltda" ||
		e.Place != "Fábrica São José" || e.ResponsibleCPF != "000"+hrCPF || time.Since(e.Recorded) > time.Hour {
		t.Errorf("type 2: %+v", e)
	}
	if ev := afd.Events; ev[0].NSR != 2 || ev[0].Code != "07" || ev[1].NSR != 9 || ev[1].Code != "08" {
		t.Errorf("type 6: %+v", ev)
	}
	in, out := afd.Employees[0], afd.Employees[1]
	if in.NSR != 3 || in.Operation != 'I' || in.CPF != "0"+cpf || in.Name != "José da Conceição" || in.Other != "" ||
		in.ResponsibleCPF != hrCPF || out.NSR != 8 || out.Operation != 'E' || out.CPF != in.CPF {
		t.Errorf("type 5: %+v %+v", in, out)
	}
	adj := afd.Adjustments[0]
	if adj.NSR != 4 || !adj.Before.Equal(now.Add(-2*time.Minute)) || !adj.After.Equal(now.Add(-time.Minute)) || adj.ResponsibleCPF != hrCPF {
		t.Errorf("type 4: %+v", adj)
	}
	for i, m := range afd.Records {
		if m.NSR != int64(5+i) || m.CPF != "0"+cpf || !m.MarkedAt.Equal(now.Add(time.Duration(i-30)*time.Minute)) {
			t.Errorf("type 7 #%d: %+v", i, m)
		}
	}
	lines := strings.Split(string(file), "\r\n")
	first := lines[5] // NSR 5, the first mark
	if sum := sha256Hex(first[:73]); first[73:] != sum || afd.FirstPreviousHash != "" {
		t.Errorf("the first mark's hash %s, want SHA-256 of its own fields %s", first[73:], sum)
	}
	for i, l := range lines[1:10] { // the records between the header and the trailer
		if want := map[byte]int{'2': 331, '4': 73, '5': 118, '6': 36, '7': 137}[l[9]]; len(l) != want {
			t.Errorf("line %d: length %d, want %d", i+2, len(l), want)
		}
	}
	tampered := func(i int, edit func(string) string) []byte {
		l := append([]string(nil), lines...)
		l[i] = edit(l[i])
		return []byte(strings.Join(l, "\r\n"))
	}
	latinE, _ := charmap.ISO8859_1.NewEncoder().String("E")
	for name, bad := range map[string][]byte{
		"employer name":          tampered(1, func(s string) string { return put(s, 80, 'X') }),
		"employee operation":     tampered(3, func(s string) string { return s[:34] + latinE + s[35:] }),
		"adjustment time":        tampered(4, func(s string) string { return put(s, 25, '9') }),
		"event code":             tampered(2, func(s string) string { return s[:34] + "05" }),
		"first mark's CPF":       tampered(5, func(s string) string { return put(s, 40, '9') }),
		"employee CRC":           tampered(3, func(s string) string { return s[:114] + "0000" }),
		"NSR order across kinds": []byte(strings.Join(append(append([]string(nil), lines[:2]...), lines[3:]...), "\r\n")),
	} {
		if _, err := rep.ParseAFD(bytes.NewReader(bad)); err == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}

// put writes c at i, or the character before c when s already has c there: a tampering that
// changes nothing would make a case pass by luck (a time's or a CPF's digit is often 9).
func put(s string, i int, c byte) string {
	if s[i] == c {
		c--
	}
	return s[:i] + string(c) + s[i+1:]
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

// TestGroupCommitAnswersEachAppend: concurrent marks of one establishment share
// transactions; one whose expected version is wrong fails alone (ErrConcurrency) and the
// others land with gapless NSRs, as if each had been appended alone.
func TestGroupCommitAnswersEachAppend(t *testing.T) {
	t.Parallel()
	tenant, employees, _ := establishment(t, 8)
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	store.GroupCommit(domainrep.GroupedTypes...)
	const total = 200
	var wg sync.WaitGroup
	errs := make([]error, total)
	for i := range total {
		wg.Add(1)
		go func() {
			defer wg.Done()
			expected := eventstore.Any
			if i%10 == 3 {
				expected = 999 // no such version: refused, alone
			}
			id := uuid.New()
			data, _ := json.Marshal(map[string]any{"markId": id.String(), "employeeId": employees[i%8].String(), "recordedAt": time.Now()})
			_, errs[i] = store.Append(context.Background(), eventstore.Meta{Tenant: tenant, Actor: "t", CommandID: id.String()},
				eventstore.StreamName("clock", employees[i%8]), expected,
				eventstore.EventData{ID: id, Type: clock.TypeMarkRegistered, SchemaVersion: 1, Data: data})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if (i%10 == 3) != errors.Is(err, eventstore.ErrConcurrency) || i%10 != 3 && err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	var count, maxNSR int64
	if err := testDB.Pool.QueryRow(context.Background(), `SELECT count(*), max(nsr) FROM rep_records WHERE tenant_id = $1`, tenant).
		Scan(&count, &maxNSR); err != nil {
		t.Fatal(err)
	}
	if count != total*9/10 || maxNSR != count {
		t.Fatalf("%d records up to NSR %d, want %d gapless", count, maxNSR, total*9/10)
	}
}

// TestEmployerAndEmployeeRules: the checks behind records 2 and 5.
func TestEmployerAndEmployeeRules(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct{ name, place, cno, key string }{
		"ok":          {" Açaí Ltda ", "Sede", "", ""},
		"cno":         {"A", "", "123456789012", ""},
		"caepf":       {"A", "", "12345678901234", ""},
		"no name":     {" ", "", "", domainrep.KeyNameRequired},
		"long name":   {strings.Repeat("á", 151), "", "", domainrep.KeyNameTooLong},
		"long place":  {"A", strings.Repeat("é", 101), "", domainrep.KeyPlaceTooLong},
		"cno letters": {"A", "", "12345678901a", domainrep.KeyCNOInvalid},
		"cno length":  {"A", "", "1234567890123", domainrep.KeyCNOInvalid},
	} {
		got, err := domainrep.CheckEmployer(c.name, c.place, c.cno)
		if (err == nil) != (c.key == "") || err != nil && !strings.Contains(err.Error(), c.key) {
			t.Errorf("%s: %v, want %q", name, err, c.key)
		}
		if err == nil && got.Name != strings.TrimSpace(c.name) {
			t.Errorf("%s: name %q", name, got.Name)
		}
	}
	for _, c := range []struct{ before, cpf, op string }{
		{"", "52998224725", domainrep.OpInclude}, {"52998224725", "52998224725", ""}, {"11144477735", "52998224725", domainrep.OpAlter},
	} {
		if op, err := domainrep.EmployeeOperation(c.before, c.cpf); err != nil || op != c.op {
			t.Errorf("%q → %q: %q, %v; want %q", c.before, c.cpf, op, err, c.op)
		}
	}
	if _, err := domainrep.EmployeeOperation("", "52998224726"); err == nil || !strings.Contains(err.Error(), domainrep.KeyCPFInvalid) {
		t.Errorf("a wrong check digit: %v", err)
	}
}

// TestNSRInOneTransactionAcrossKinds: the marks of one transaction take their NSRs together
// (migrations/00360), in insertion order even around a record of another kind, and each mark
// carries the CPF as of its place in that order; every field is rep_dh's, the chain unbroken.
func TestNSRInOneTransactionAcrossKinds(t *testing.T) {
	t.Parallel()
	tenant, employees, cnpj := establishment(t, 2)
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	ctx := context.Background()
	zone := time.FixedZone("-03", -3*3600)
	now := time.Now().In(zone).Truncate(time.Minute)
	markPart := func(employee uuid.UUID, at time.Time) eventstore.StreamAppend {
		id := uuid.New()
		data, _ := json.Marshal(map[string]any{"markId": id.String(), "employeeId": employee.String(), "recordedAt": at})
		return eventstore.StreamAppend{Meta: eventstore.Meta{Tenant: tenant, Actor: "t", CommandID: id.String()},
			Stream: eventstore.StreamName("clock", employee), Expected: eventstore.Any,
			Events: []eventstore.EventData{{ID: id, Type: clock.TypeMarkRegistered, SchemaVersion: 1, Data: data}}}
	}
	newCPF := domainrep.CPF("555666777")
	change, _ := json.Marshal(domainrep.EmployeeChanged{Operation: domainrep.OpAlter, EmployeeID: employees[0].String(), CPF: newCPF,
		Name: "Maria", ResponsibleCPF: domainrep.CPF("987654321")})
	changeID := uuid.New()
	parts := []eventstore.StreamAppend{
		markPart(employees[0], now.Add(-50*time.Minute)),
		markPart(employees[1], now.Add(-49*time.Minute)),
		{Meta: eventstore.Meta{Tenant: tenant, Actor: "hr", CommandID: changeID.String()}, Stream: domainrep.Stream(tenant), Expected: eventstore.Any,
			Events: []eventstore.EventData{{ID: changeID, Type: domainrep.TypeEmployeeChanged, SchemaVersion: 1, Data: change}}},
		markPart(employees[0], now.Add(-48*time.Minute)),
		markPart(employees[1], now.Add(-47*time.Minute)),
		markPart(employees[0], now.Add(-46*time.Minute)),
	}
	if _, err := store.AppendStreams(ctx, parts...); err != nil {
		t.Fatal(err)
	}
	// A second transaction goes on from the first one's counter and hash.
	if err := mark(store, tenant, employees[1], now.Add(-45*time.Minute)); err != nil {
		t.Fatal(err)
	}
	rows, err := testDB.Pool.Query(ctx, `SELECT r.nsr, r.event_id, r.afd_kind,
    r.afd_kind <> '7' OR r.fields = lpad(r.nsr::text, 9, '0') || '7' || rep_dh(r.marked_at, s.time_zone) ||
        substr(r.fields, 35, 12) || rep_dh(r.written_at, s.time_zone) || '020'
FROM rep_records r JOIN rep_establishments s USING (tenant_id) JOIN events e ON e.id = r.event_id
WHERE r.tenant_id = $1 ORDER BY r.nsr`, tenant)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var nsr int64
		var id uuid.UUID
		var kind string
		var same bool
		if err := rows.Scan(&nsr, &id, &kind, &same); err != nil {
			t.Fatal(err)
		}
		if !same {
			t.Errorf("NSR %d: fields differ from rep_dh's", nsr)
		}
		if int(nsr) <= len(parts) && id != parts[nsr-1].Events[0].ID {
			t.Errorf("NSR %d is event %s, want %s (insertion order)", nsr, id, parts[nsr-1].Events[0].ID)
		}
		got = append(got, kind)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "") != "7757777" {
		t.Fatalf("kinds by NSR %q, want 7757777", strings.Join(got, ""))
	}
	file, n := export(t, tenant, cnpj, domainrep.Period{From: now.AddDate(0, 0, -1), To: now})
	if n != 7 {
		t.Fatalf("exported %d records, want 7\n%s", n, file)
	}
	afd, err := rep.ParseAFD(bytes.NewReader(file))
	if err != nil {
		t.Fatalf("%v\n%s", err, file)
	}
	oldCPF := "0" + domainrep.CPF(fmt.Sprintf("%09d", 123456000))
	wantCPF := []string{oldCPF, "", "0" + newCPF, "", "0" + newCPF, ""} // employees[1]'s CPF is unchanged
	for i, m := range afd.Records {
		if i < len(wantCPF) && wantCPF[i] != "" && m.CPF != wantCPF[i] {
			t.Errorf("mark %d (NSR %d): CPF %s, want %s", i, m.NSR, m.CPF, wantCPF[i])
		}
		if !m.MarkedAt.Equal(now.Add(time.Duration(i-50) * time.Minute)) {
			t.Errorf("mark %d (NSR %d): marked at %s", i, m.NSR, m.MarkedAt)
		}
	}
}
