package audit_test

import (
	"context"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	auditlog "portal/domain/audit"
	"portal/domain/clock"
	"portal/domain/faq"
	"portal/domain/identity"
	"portal/domain/mood"
	"portal/domain/notification"
	"portal/domain/rep"
	"portal/domain/request"
	"portal/domain/settings"
	"portal/domain/survey"
	"portal/domain/timesheet"
	"portal/domain/vacation"
	"portal/readapi/apitest"
	"portal/seed"
)

// TestAuditReadsEveryStreamKindTheProductWrites writes each kind of stream through the real
// calls (or the seed), then reads it back through the audit area: the timeline of its kind,
// the employee's timeline and, where the kind has one, its state as of an instant. The names
// the test expects come from the same functions the writers use. (Issue 29: the vacation
// subject read vacation-<userId> while vacations are written to vacation-<employeeId>.)
func TestAuditReadsEveryStreamKindTheProductWrites(t *testing.T) {
	e := newAuditEnv(t)
	ctx := context.Background()
	livia := e.SignIn(t, seed.DemoCode, seed.UserLivia)
	ana := e.SignIn(t, seed.DemoCode, seed.UserAna)
	var anaUser, anaEmployee, tenant uuid.UUID
	if err := e.DB.Pool.QueryRow(ctx, `SELECT u.id, u.employee_id, u.tenant_id FROM users u JOIN tenants t ON t.id = u.tenant_id
WHERE t.access_code = $1 AND u.user_name = $2`, seed.DemoCode, seed.UserAna).Scan(&anaUser, &anaEmployee, &tenant); err != nil {
		t.Fatal(err)
	}

	// Ana writes through the calls: a mood check-in, a development-plan action, a language
	// change (identity), a notification to herself, and a refused call to the audit area.
	// The seed wrote her clock (saved addresses), her vacation entitlement and her requests,
	// the tenant's settings and its surveys.
	withHash := url.Values{"userHash": {ana.Hash}}
	for _, w := range []struct{ path, body string }{
		{"gen/HumorEnergy", `{"humor":4,"energy":3}`},
		{"avaliacao360/pdi", `{"titulo":"Curso de auditoria"}`},
		{"auth/updateUserLanguage", `{"userHash":"` + ana.Hash + `","tenantId":"` + ana.TenID + `","languageId":"en"}`},
		{"notification-app", `{"message":"Lembrete","options":{"variant":"info","classification":3}}`},
	} {
		if r := e.Send(ana, http.MethodPost, w.path, withHash, w.body); r.Status != http.StatusOK {
			t.Fatalf("POST %s: %d %s", w.path, r.Status, r.Body)
		}
	}
	e.get(ana, "verify", nil).WantErr(t, 403, "request", "acesso_negado")

	var requestID, surveyID uuid.UUID
	if err := e.DB.Pool.QueryRow(ctx, `SELECT id FROM requests WHERE tenant_id = $1 AND subject_employee_id = $2 ORDER BY created_at LIMIT 1`,
		tenant, anaEmployee).Scan(&requestID); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.Pool.QueryRow(ctx, `SELECT id FROM surveys WHERE tenant_id = $1 ORDER BY start_at LIMIT 1`, tenant).Scan(&surveyID); err != nil {
		t.Fatal(err)
	}

	timeline := func(kind string, id uuid.UUID) auditTimelineAnswer {
		t.Helper()
		return apitest.DecodeAs[auditTimelineAnswer](t, e.get(livia, "timeline", url.Values{"kind": {kind}, "id": {id.String()}, "pageSize": {"500"}}))
	}
	streamsOf := func(a auditTimelineAnswer) map[string]int {
		m := map[string]int{}
		for _, it := range a.Items {
			m[it.Stream]++
		}
		return m
	}
	count := func(stream string) int {
		t.Helper()
		var n int
		if err := e.DB.Pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE tenant_id = $1 AND stream = $2`, tenant, stream).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	// Each subject's own timeline holds every event of its streams, and only those: the
	// tenant's holds its configuration, its timesheet closings, its REP-P establishment and its FAQ.
	for _, c := range []struct {
		kind    string
		id      uuid.UUID
		streams []string
	}{
		{"punches", anaEmployee, []string{clock.Stream(anaEmployee)}},
		{"vacation", anaEmployee, []string{vacation.Stream(anaEmployee)}},
		{"request", requestID, []string{request.Stream(requestID)}},
		{"survey", surveyID, []string{survey.Stream(surveyID)}},
		{"settings", tenant, []string{settings.Stream(tenant), timesheet.Stream(tenant), rep.Stream(tenant), faq.Stream}},
	} {
		t.Run("timeline of kind "+c.kind, func(t *testing.T) {
			tl := timeline(c.kind, c.id)
			got, total := streamsOf(tl), 0
			if count(c.streams[0]) == 0 {
				t.Fatalf("nothing written to %s", c.streams[0])
			}
			for _, stream := range c.streams {
				want := count(stream)
				total += want
				if got[stream] != want {
					t.Errorf("timeline of %s %s: %d events of %s, which holds %d", c.kind, c.id, got[stream], stream, want)
				}
			}
			if tl.Total != total || len(got) > len(c.streams) {
				t.Fatalf("timeline of %s %s: %d events %v, want %d of %v", c.kind, c.id, tl.Total, got, total, c.streams)
			}
		})
	}

	// Ana's employee timeline holds every stream of hers, each whole; the anonymous survey
	// responses and the request slots stay out.
	all := streamsOf(timeline("employee", anaEmployee))
	for _, stream := range []string{
		clock.Stream(anaEmployee), vacation.Stream(anaEmployee), mood.Stream(anaUser), survey.PDIStream(anaUser),
		identity.Stream(anaUser), notification.Stream(anaUser), auditlog.Stream(anaUser), request.Stream(requestID),
	} {
		if want := count(stream); want == 0 || all[stream] != want {
			t.Errorf("employee timeline: %d events of %s, which holds %d", all[stream], stream, want)
		}
	}
	for stream := range all {
		if strings.HasPrefix(stream, "surveyresponse-") || strings.HasPrefix(stream, "request-open-") {
			t.Errorf("employee timeline shows %s", stream)
		}
	}

	// As of now, her vacation entitlement and her day of punches are folded from every event
	// of their streams; nothing changed since, and "changes" is an empty list, not null.
	now := time.Now().Format(time.RFC3339Nano)
	for _, c := range []struct {
		kind, day, stream string
	}{
		{"vacation", "", vacation.Stream(anaEmployee)},
		{"punches", time.Now().Format(time.DateOnly), clock.Stream(anaEmployee)},
	} {
		t.Run("as of, "+c.kind, func(t *testing.T) {
			q := url.Values{"kind": {c.kind}, "id": {anaEmployee.String()}, "at": {now}}
			if c.day != "" {
				q.Set("day", c.day)
			}
			r := e.get(livia, "asof", q)
			asof := apitest.DecodeAs[struct {
				EventsThen, EventsNow int
				Current               map[string]string
			}](t, r)
			if want := count(c.stream); asof.EventsNow != want || asof.EventsThen != want {
				t.Fatalf("as of now: %d then, %d now; %s holds %d", asof.EventsThen, asof.EventsNow, c.stream, want)
			}
			if c.kind == "vacation" && !slices.ContainsFunc(slices.Collect(maps.Keys(asof.Current)), func(k string) bool { return strings.HasPrefix(k, "period.status|") }) {
				t.Fatalf("no period in Ana's entitlement: %v", asof.Current)
			}
			if !strings.Contains(string(r.Body), `"changes":[]`) {
				t.Fatalf("changes of an unchanged state: %s", r.Body)
			}
		})
	}
}
