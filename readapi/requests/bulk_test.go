package requests_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"portal/commands/clocktest"
	"portal/domain"
	rq "portal/domain/request"
	"portal/readapi/requests"
)

// TestBulkDeleteDeletesWhatItMayAndNamesEachRefusal: Ana deletes her draft, her request HR
// already reviewed, Bia's draft and an unknown id at once; only the draft goes, the others
// come back each with its reason, and another tenant's caller removes nothing of this tenant.
func TestBulkDeleteDeletesWhatItMayAndNamesEachRefusal(t *testing.T) {
	e := newReqEnv(t)
	var reviewed, draft, bias created
	e.req(t, e.ana, http.MethodPost, "request", nil, compraJSON).Decode(t, &reviewed)
	for _, step := range []struct {
		who  string
		body string
	}{{"marcos", `{"requestId":"` + reviewed.Data.ID + `","step":0}`}, {"helena", `{"requestId":"` + reviewed.Data.ID + `","step":1}`}} {
		p := e.marcos
		if step.who == "helena" {
			p = e.helena
		}
		if res := e.req(t, p, http.MethodPost, "request/approve", nil, step.body); res.Status != 200 {
			t.Fatalf("approve: %s", res.Body)
		}
	}
	const draftJSON = `{"tipo":"compra","titulo":"Cadeira","motivo":"Ergonomia","comentario":"c","dataReferencia":"2024-05-10T09:00:00-03:00"}`
	e.req(t, e.ana, http.MethodPost, "request", nil, draftJSON).Decode(t, &draft)
	e.req(t, e.bia, http.MethodPost, "request", nil, draftJSON).Decode(t, &bias)
	if draft.Data.ID == "" || bias.Data.ID == "" {
		t.Fatal("drafts not created")
	}
	unknown := uuid.NewString()

	// Another tenant's HR admin, naming this tenant's ids, finds none of them.
	foreign := e.Person(t, nil, clocktest.Options{Roles: []string{rq.RoleHR}})
	if _, err := e.DB.Pool.Exec(context.Background(), `UPDATE users SET purchased = 'pwa-req-tools-request' WHERE id = $1`, foreign.UserID); err != nil {
		t.Fatal(err)
	}
	var out requests.BulkAnswer
	res := e.req(t, foreign, http.MethodDelete, "request/bulk", nil, `{"ids":["`+bias.Data.ID+`"]}`)
	res.Decode(t, &out)
	if res.Status != 200 || len(out.Deleted) != 0 || len(out.Refused) != 1 || out.Refused[0].Message != rq.KeyNotFound {
		t.Fatalf("foreign tenant: %d %s", res.Status, res.Body)
	}

	res = e.req(t, e.ana, http.MethodDelete, "request/bulk", nil,
		`{"ids":["`+draft.Data.ID+`","`+reviewed.Data.ID+`","`+bias.Data.ID+`","`+unknown+`","`+draft.Data.ID+`"]}`)
	out = requests.BulkAnswer{}
	res.Decode(t, &out)
	if res.Status != 200 || len(out.Deleted) != 1 || out.Deleted[0] != draft.Data.ID {
		t.Fatalf("bulk: %d %s", res.Status, res.Body)
	}
	want := map[string]string{reviewed.Data.ID: rq.KeyReviewedByHR, bias.Data.ID: domain.KeyDenied, unknown: rq.KeyNotFound}
	if len(out.Refused) != len(want) {
		t.Fatalf("refused %+v", out.Refused)
	}
	for _, r := range out.Refused {
		if want[r.ID] != r.Message || r.Type == "" {
			t.Fatalf("refusal %+v, want message %q", r, want[r.ID])
		}
	}
	e.project(t)
	e.req(t, e.ana, http.MethodGet, "request/by-id", map[string]string{"id": draft.Data.ID}, "").WantErr(t, 404, "id", rq.KeyNotFound)
	if res := e.req(t, e.bia, http.MethodGet, "request/by-id", map[string]string{"id": bias.Data.ID}, ""); res.Status != 200 {
		t.Fatalf("Bia's draft must stay: %s", res.Body)
	}
}

func TestBulkDeleteRefusesBadInput(t *testing.T) {
	e := newReqEnv(t)
	many := `{"ids":[` + `"` + uuid.NewString() + `"`
	for range 100 {
		many += `,"` + uuid.NewString() + `"`
	}
	many += `]}`
	for _, c := range []struct{ name, body, typ, message string }{
		{"not_json", `ids`, "body", domain.KeyInvalid},
		{"no_ids", `{"ids":[]}`, "ids", domain.KeyRequired},
		{"bad_id", `{"ids":["x"]}`, "ids", domain.KeyInvalid},
		{"too_many", many, "ids", domain.KeyInvalid},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.req(t, e.ana, http.MethodDelete, "request/bulk", nil, c.body).WantErr(t, 400, c.typ, c.message)
		})
	}
}
