package requests_test

import (
	"net/http"
	"testing"

	"portal/readapi/home"
)

type pendingAnswer struct {
	Items []home.PendingItem `json:"items"`
	Total int                `json:"total"`
}

// item finds kind among the banner's items.
func (p pendingAnswer) item(kind string) (home.PendingItem, bool) {
	for _, it := range p.Items {
		if it.Kind == kind {
			return it, true
		}
	}
	return home.PendingItem{}, false
}

// TestHomePendingRequests: the home banner's request items (spec portal-business §2 "Pending
// items"; issue 35): the requester's drafts to send, the approver's queue, each with its link;
// the items follow the request through its steps.
func TestHomePendingRequests(t *testing.T) {
	e := newReqEnv(t)
	get := func(who string) pendingAnswer {
		t.Helper()
		var got pendingAnswer
		switch who {
		case "ana":
			e.Call(t, e.ana, http.MethodGet, "/api/gen/HomePage/pending", nil, "", nil).Decode(t, &got)
		case "marcos":
			e.Call(t, e.marcos, http.MethodGet, "/api/gen/HomePage/pending", nil, "", nil).Decode(t, &got)
		case "helena":
			e.Call(t, e.helena, http.MethodGet, "/api/gen/HomePage/pending", nil, "", nil).Decode(t, &got)
		}
		return got
	}
	want := func(who, kind string, count int, link string) {
		t.Helper()
		it, ok := get(who).item(kind)
		if !ok || it.Count != count || it.Link != link {
			t.Fatalf("%s %s: %+v (present %v), want count %d link %s", who, kind, it, ok, count, link)
		}
	}
	want("ana", "requests", 0, "/apps/request/all")
	want("marcos", "approvals.requests", 0, "/apps/requestApprover/waiting")

	// A draft waits on Ana.
	draft := `{"tipo":"compra","titulo":"Cadeira","motivo":"Ergonomia","comentario":"c","dataReferencia":"2024-05-10T09:00:00-03:00"}`
	var c created
	e.req(t, e.ana, http.MethodPost, "request", nil, draft).Decode(t, &c)
	e.project(t)
	want("ana", "requests", 1, "/apps/request/all")
	want("marcos", "approvals.requests", 0, "/apps/requestApprover/waiting")

	// Sent, it waits on Marcos, then (approved by him) on HR.
	if res := e.req(t, e.ana, http.MethodPost, "request/send", map[string]string{"requestId": c.Data.ID}, ""); res.Status != 200 {
		t.Fatalf("send: %d %s", res.Status, res.Body)
	}
	e.project(t)
	want("ana", "requests", 0, "/apps/request/all")
	want("marcos", "approvals.requests", 1, "/apps/requestApprover/waiting")
	if res := e.req(t, e.marcos, http.MethodPost, "request/approve", nil, `{"requestId":"`+c.Data.ID+`","step":0}`); res.Status != 200 {
		t.Fatalf("approve: %d %s", res.Status, res.Body)
	}
	e.project(t)
	want("marcos", "approvals.requests", 0, "/apps/requestApprover/waiting")
	want("helena", "approvals.requests", 1, "/apps/requestApprover/waiting")
	got := get("helena")
	sum := 0
	for _, it := range got.Items {
		sum += it.Count
	}
	if got.Total != sum {
		t.Fatalf("total %d, items sum %d", got.Total, sum)
	}
}
