package requests

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	rq "portal/domain/request"
	requestsproj "portal/projections/requests"
	"portal/readapi/home"
	"portal/readapi/httpx"
)

// The home banner's request items (spec portal-business §2 "Pending items"; docs/api.md
// "Home banner"). Punch adjustments and abonos are requests too, but they have their own
// approval screens and their own items (readapi/adjustments), so the approval item leaves
// them out and nothing is counted twice.

// OwnPending is the "requests" item: the caller's requests that wait on the caller (drafts to
// send, deliveries to confirm), linked to the caller's request list.
func (s *API) OwnPending(ctx context.Context, tx pgx.Tx, c home.PendingCaller) (home.PendingItem, bool, error) {
	if !auth.Visible(httpx.MenuAccess("tools_001"), c.Permissions) || c.EmployeeID == uuid.Nil {
		return home.PendingItem{}, false, nil
	}
	n, err := requestsproj.OwnPending(ctx, tx, c.EmployeeID)
	return home.PendingItem{Kind: "requests", Count: n, Link: "/apps/request/all"}, err == nil, err
}

// ApprovalPending is the "approvals.requests" item: the requests waiting in the caller's
// approval queue (the requestApprover "waiting" folder), linked to that folder.
func (s *API) ApprovalPending(ctx context.Context, tx pgx.Tx, c home.PendingCaller) (home.PendingItem, bool, error) {
	if !auth.Visible(httpx.MenuAccess("tools_002"), c.Permissions) {
		return home.PendingItem{}, false, nil
	}
	v := requestsproj.Viewer{UserID: c.UserID, EmployeeID: c.EmployeeID, Roles: c.Roles, Today: c.Now.UTC()}
	page, err := s.Reads.List(ctx, tx, requestsproj.Query{Viewer: v, Source: "approver", Folder: "waiting",
		Without: []int{int(rq.AjustePonto)}, Page: 1, PageSize: 1})
	return home.PendingItem{Kind: "approvals.requests", Count: page.TotalCount, Link: "/apps/requestApprover/waiting"}, err == nil, err
}
