package audit_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
	"portal/projections"
	requestsproj "portal/projections/requests"
	surveysproj "portal/projections/surveys"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	"portal/seed"
)

// The audit area end to end on the seeded demo tenants: HTTP, the auditor's token, the read
// models the projections built, the event log and its hash chains.

// auditEnv is the seeded demo with the requests and surveys read models rebuilt, and the
// requests offered to the shadow replay.
type auditEnv struct{ *readapitest.Seeded }

func newAuditEnv(t *testing.T) auditEnv {
	t.Helper()
	e := readapitest.NewSeeded(t, "readapi_audit")
	for _, p := range []projections.Projection{requestsproj.Requests{}, surveysproj.New()} {
		if _, err := projections.Replay(context.Background(), e.DB.Pool, e.Store, p, nil); err != nil {
			t.Fatal(err)
		}
	}
	e.Server.Shadows = map[string]projections.Tabled{"requests": requestsproj.Requests{}}
	return auditEnv{e}
}

// get sends GET /api/audit/<path> as c.
func (e auditEnv) get(c readapitest.User, path string, q url.Values) apitest.Response {
	return e.Get(c, "audit/"+path, q)
}

type auditSubjectsAnswer struct {
	Items []struct{ Kind, ID, Label, Detail string }
}

type auditTimelineAnswer struct {
	Items []struct {
		Position              int64
		Stream, Type, Actor   string
		ActorName, OnBehalfOf string
		At                    time.Time
		Fields                []struct{ Name, Value string }
	}
	Total, Page, PageSize int
	Types                 []string
}

func TestAuditAreaReadsHistoryAndRecordsEveryRead(t *testing.T) {
	e := newAuditEnv(t)
	livia := e.SignIn(t, seed.DemoCode, seed.UserLivia)

	// Find Ana: her employee record, punches and vacation; and her requests by title.
	subjects := apitest.DecodeAs[auditSubjectsAnswer](t, e.get(livia, "subjects", url.Values{"q": {"Ana Souza"}}))
	var anaID string
	kinds := map[string]bool{}
	for _, s := range subjects.Items {
		if s.Label == "Ana Souza" {
			anaID = s.ID
			kinds[s.Kind] = true
		}
	}
	if anaID == "" || !kinds["employee"] || !kinds["punches"] || !kinds["vacation"] {
		t.Fatalf("Ana not found as a subject: %+v", subjects)
	}

	// Her timeline: every event of her streams and requests, oldest first, with names.
	tl := apitest.DecodeAs[auditTimelineAnswer](t, e.get(livia, "timeline", url.Values{"kind": {"employee"}, "id": {anaID}, "pageSize": {"500"}}))
	if tl.Total == 0 || len(tl.Items) != tl.Total {
		t.Fatalf("timeline: %d of %d", len(tl.Items), tl.Total)
	}
	var requestStream string
	named := false
	for i, it := range tl.Items {
		if i > 0 && it.Position <= tl.Items[i-1].Position {
			t.Fatalf("not oldest first at %d", i)
		}
		if it.ActorName == "Ana Souza" {
			named = true
		}
		if strings.HasPrefix(it.Stream, "request-") && requestStream == "" {
			requestStream = it.Stream
		}
	}
	if !named {
		t.Fatal("no event of Ana's timeline names her as its actor")
	}
	if requestStream == "" || len(tl.Types) < 2 {
		t.Fatalf("no request in Ana's timeline (types %v)", tl.Types)
	}

	// Paged and filtered by type.
	page := apitest.DecodeAs[auditTimelineAnswer](t, e.get(livia, "timeline", url.Values{"kind": {"employee"}, "id": {anaID}, "pageSize": {"3"}, "page": {"2"}}))
	if len(page.Items) != 3 || page.Items[0].Position != tl.Items[3].Position || page.Total != tl.Total {
		t.Fatalf("page 2 of 3: %+v", page)
	}
	typ := tl.Types[0]
	filtered := apitest.DecodeAs[auditTimelineAnswer](t, e.get(livia, "timeline", url.Values{"kind": {"employee"}, "id": {anaID}, "type": {typ}, "pageSize": {"500"}}))
	for _, it := range filtered.Items {
		if it.Type != typ {
			t.Fatalf("filter %s let %s through", typ, it.Type)
		}
	}
	if filtered.Total == 0 || filtered.Total >= tl.Total {
		t.Fatalf("filter by %s: %d of %d", typ, filtered.Total, tl.Total)
	}
	tomorrow := time.Now().AddDate(0, 0, 2).Format(time.DateOnly)
	none := apitest.DecodeAs[auditTimelineAnswer](t, e.get(livia, "timeline", url.Values{"kind": {"employee"}, "id": {anaID}, "from": {tomorrow}}))
	if none.Total != 0 {
		t.Fatalf("events after %s: %d", tomorrow, none.Total)
	}

	// CSV: a header and one row per event.
	r := e.get(livia, "timeline", url.Values{"kind": {"employee"}, "id": {anaID}, "format": {"csv"}})
	rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
	if r.Status != http.StatusOK || err != nil || len(rows) != tl.Total+1 || rows[0][0] != "position" {
		t.Fatalf("csv: %d %v, %d rows", r.Status, err, len(rows))
	}

	// As of: a request's state at its first event against now.
	reqID := strings.TrimPrefix(requestStream, "request-")
	reqTL := apitest.DecodeAs[auditTimelineAnswer](t, e.get(livia, "timeline", url.Values{"kind": {"request"}, "id": {reqID}}))
	first := reqTL.Items[0].At
	asof := apitest.DecodeAs[struct {
		EventsThen, EventsNow int
		Then, Current         map[string]string
		Changes               []struct{ Field, Then, Now string }
	}](t, e.get(livia, "asof", url.Values{"kind": {"request"}, "id": {reqID}, "at": {first.Format(time.RFC3339Nano)}}))
	if asof.EventsThen != 1 || asof.EventsNow != reqTL.Total || asof.Then["status"] == "" {
		t.Fatalf("as of the first event: %+v", asof)
	}
	if reqTL.Total > 1 && len(asof.Changes) == 0 {
		t.Fatalf("%d events and no change since the first: %+v", reqTL.Total, asof)
	}

	// Bad input and refusals: nothing answered, each recorded with its status (issue 29: a
	// refused read left no trace, so probing ids left nothing behind).
	before := apitest.DecodeAs[struct{ Total int }](t, e.get(livia, "reads", nil)).Total
	carla := e.SignIn(t, seed.AcmeCode, seed.UserCarla)
	var carlaEmployee string
	if err := e.DB.Pool.QueryRow(context.Background(), `SELECT employee_id::text FROM users WHERE user_name = $1`, seed.UserCarla).Scan(&carlaEmployee); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name           string
		who            readapitest.User
		path           string
		q              url.Values
		status         int
		field, message string
	}{
		{"an unknown subject", livia, "timeline", url.Values{"kind": {"request"}, "id": {"00000000-0000-4000-8000-000000000001"}}, 404, "id", "nao_encontrado"},
		{"another tenant's employee", livia, "timeline", url.Values{"kind": {"employee"}, "id": {carlaEmployee}}, 404, "id", "nao_encontrado"},
		{"another tenant's id in tenId", livia, "subjects", url.Values{"q": {"ana"}, "tenId": {carla.TenID}}, 403, "tenId", "acesso_negado"},
		{"a malformed id", livia, "timeline", url.Values{"kind": {"employee"}, "id": {"x"}}, 400, "id", "valor_invalido"},
		{"an unknown kind", livia, "timeline", url.Values{"kind": {"planet"}, "id": {anaID}}, 400, "kind", "valor_invalido"},
		{"an instant in the future", livia, "asof", url.Values{"kind": {"request"}, "id": {reqID}, "at": {time.Now().Add(time.Hour).Format(time.RFC3339)}}, 400, "at", "data_futura"},
		{"a bad instant", livia, "asof", url.Values{"kind": {"request"}, "id": {reqID}, "at": {"yesterday"}}, 400, "at", "data_invalida"},
		{"a punches day missing", livia, "asof", url.Values{"kind": {"punches"}, "id": {anaID}, "at": {first.Format(time.RFC3339)}}, 400, "day", "data_invalida"},
		{"a one-letter search", livia, "subjects", url.Values{"q": {"a"}}, 400, "q", "valor_invalido"},
		{"an employee", e.SignIn(t, seed.DemoCode, seed.UserAna), "subjects", url.Values{"q": {"ana"}}, 403, "request", "acesso_negado"},
		{"a manager", e.SignIn(t, seed.DemoCode, seed.UserMarcos), "verify", nil, 403, "request", "acesso_negado"},
		{"another tenant's user", carla, "subjects", url.Values{"q": {"ana"}}, 403, "request", "acesso_negado"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.get(c.who, c.path, c.q).WantErr(t, c.status, c.field, c.message)
		})
	}

	// Every call is recorded, newest first, with who, what and the answer's status: the
	// eleven refused in this tenant (Carla's is in hers), then this listing.
	reads := apitest.DecodeAs[struct {
		Total int
		Items []struct {
			Name, View, Kind, ID string
			Status               int
		}
	}](t, e.get(livia, "reads", nil))
	if reads.Total != before+12 {
		t.Fatalf("reads: %d, %d before the bad calls", reads.Total, before)
	}
	type seen struct {
		name, view string
		status     int
	}
	calls := map[seen]int{}
	for _, r := range reads.Items {
		calls[seen{r.Name, r.View, r.Status}]++
	}
	want := map[seen]int{
		{"Lívia Auditoria", "timeline", 404}: 2, {"Lívia Auditoria", "subjects", 403}: 1, {"Lívia Auditoria", "timeline", 400}: 2,
		{"Lívia Auditoria", "asof", 400}: 3, {"Lívia Auditoria", "subjects", 400}: 1,
		{"Ana Souza", "subjects", 403}: 1, {"Marcos Lima", "verify", 403}: 1,
		{"Lívia Auditoria", "subjects", 200}: 1, {"Lívia Auditoria", "timeline", 200}: 6, {"Lívia Auditoria", "asof", 200}: 1,
		{"Lívia Auditoria", "reads", 200}: 1,
	}
	for k, n := range want {
		if calls[k] != n {
			t.Errorf("%d calls %+v recorded, want %d (all: %v)", calls[k], k, n, calls)
		}
	}

	// HR admins audit too; the chain of an untouched tenant holds.
	helena := e.SignIn(t, seed.DemoCode, seed.UserHelena)
	rep := apitest.DecodeAs[eventstore.ChainReport](t, e.get(helena, "verify", nil))
	if rep.Broken != nil || rep.Events == 0 {
		t.Fatalf("verify: %+v", rep)
	}

	// An event edited behind the store's back (triggers off) is caught at that event.
	victim := tl.Items[len(tl.Items)/2]
	err = pgx.BeginFunc(context.Background(), e.DB.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(context.Background(), `SET LOCAL session_replication_role = replica`); err != nil {
			return err
		}
		_, err := tx.Exec(context.Background(), `UPDATE events SET recorded_at = recorded_at - interval '1 day' WHERE position = $1`, victim.Position)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	rep = apitest.DecodeAs[eventstore.ChainReport](t, e.get(livia, "verify", nil))
	if rep.Broken == nil || rep.Broken.Reason != "altered" || rep.Broken.Position != victim.Position {
		t.Fatalf("tampering not caught: %+v", rep.Broken)
	}
}

func TestAuditReplayRebuildsAShadowAndDiffsIt(t *testing.T) {
	e := newAuditEnv(t)
	livia := e.SignIn(t, seed.DemoCode, seed.UserLivia)
	start := func(projection string) apitest.Response {
		return e.Post(livia, "audit/replay", `{"projection":"`+projection+`"}`)
	}
	start("planets").WantErr(t, 400, "projection", "valor_invalido")
	start("clock").WantErr(t, 400, "projection", "valor_invalido") // not offered here

	type job struct {
		ID, Projection, State, Error string
		Progress                     projections.ShadowProgress
		Diffs                        []projections.TableDiff
	}
	run := func() job {
		t.Helper()
		r := start("requests")
		if r.Status != http.StatusAccepted {
			t.Fatalf("start: %d %s", r.Status, r.Body)
		}
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			list := apitest.DecodeAs[struct {
				Projections []string
				Jobs        []job
			}](t, e.get(livia, "replay", nil))
			if len(list.Projections) != 1 || list.Projections[0] != "requests" {
				t.Fatalf("projections offered: %v", list.Projections)
			}
			if len(list.Jobs) == 1 && list.Jobs[0].State != "running" {
				return list.Jobs[0]
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatal("the rebuild did not end")
		return job{}
	}
	own := func() int64 {
		var n int64
		if err := e.DB.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events e JOIN tenants t ON t.id = e.tenant_id WHERE t.access_code = $1`, seed.DemoCode).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := own()
	j := run()
	// Its own tenant's events only (each poll appends a read, so the tenant has more by now).
	if after := own(); j.State != "done" || j.Progress.Done != j.Progress.Total || j.Progress.Total < before || j.Progress.Total > after || len(j.Diffs) != 1 {
		t.Fatalf("rebuild: %+v (the tenant had %d events before, %d after)", j, before, after)
	}
	if d := j.Diffs[0]; d.Live == 0 || d.Live != d.Shadow || d.Missing+d.Extra+d.Different != 0 {
		t.Fatalf("a fresh rebuild differs from the live model: %+v", d)
	}

	// A read-model row changed behind the projection's back shows up as different.
	if _, err := e.DB.Pool.Exec(context.Background(), `UPDATE requests SET title = 'forged' WHERE id = (SELECT id FROM requests ORDER BY created_at LIMIT 1)`); err != nil {
		t.Fatal(err)
	}
	if d := run().Diffs[0]; d.Different != 1 || d.Missing+d.Extra != 0 || len(d.Samples) != 1 {
		t.Fatalf("after an edit: %+v", d)
	}
	// Employees cannot start one.
	ana := e.SignIn(t, seed.DemoCode, seed.UserAna)
	r := apitest.Do(e.Handler(), httptest.NewRequest(http.MethodPost, "/api/audit/replay", strings.NewReader(`{"projection":"requests"}`)), ana.Token)
	r.WantErr(t, 403, "request", "acesso_negado")
}

// TestAuditSubjectsCountsCharactersNotBytes: q is 2 to 100 characters; "Conceição" ten times
// is 90 characters (110 bytes) and was refused (issue 29).
func TestAuditSubjectsCountsCharactersNotBytes(t *testing.T) {
	e := newAuditEnv(t)
	livia := e.SignIn(t, seed.DemoCode, seed.UserLivia)
	long := strings.Repeat("Conceição", 10)
	if r := e.get(livia, "subjects", url.Values{"q": {long}}); r.Status != http.StatusOK {
		t.Fatalf("90 characters: %d %s", r.Status, r.Body)
	}
	e.get(livia, "subjects", url.Values{"q": {strings.Repeat("ç", 101)}}).WantErr(t, 400, "q", "valor_invalido")
	if r := e.get(livia, "subjects", url.Values{"q": {strings.Repeat("ç", 100)}}); r.Status != http.StatusOK {
		t.Fatalf("100 characters: %d %s", r.Status, r.Body)
	}
	e.get(livia, "subjects", url.Values{"q": {"ç"}}).WantErr(t, 400, "q", "valor_invalido")
}

// TestAuditReplayProgressNeverShowsDoneBeforeItsTotal: a shadow rebuild's progress reports a
// total of 0 ("not counted yet") until the events are counted, then the count; never the
// events applied so far, which read as done ("4,850 of 4,850 (100 %)" before "9,850 of
// 100,019", issue 29). The last report is done = total.
func TestAuditReplayProgressNeverShowsDoneBeforeItsTotal(t *testing.T) {
	e := newAuditEnv(t)
	var tenant uuid.UUID
	if err := e.DB.Pool.QueryRow(context.Background(), `SELECT id FROM tenants WHERE access_code = $1`, seed.DemoCode).Scan(&tenant); err != nil {
		t.Fatal(err)
	}
	var reports []projections.ShadowProgress
	if _, err := projections.ReplayShadow(context.Background(), e.DB.Pool, e.Store, requestsproj.Requests{}, tenant,
		func(p projections.ShadowProgress) { reports = append(reports, p) }); err != nil {
		t.Fatal(err)
	}
	last := reports[len(reports)-1]
	if last.Total == 0 || last.Done != last.Total {
		t.Fatalf("last report %+v", last)
	}
	for i, p := range reports[:len(reports)-1] {
		if p.Total != 0 && p.Done >= p.Total && p.Total < last.Total {
			t.Fatalf("report %d of %d: %d of %d, the rebuild read %d", i+1, len(reports), p.Done, p.Total, last.Total)
		}
	}
}
