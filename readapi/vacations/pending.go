package vacations

import (
	"context"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	"portal/readapi/home"
	"portal/readapi/httpx"
)

// ApprovalPending is the home banner's "approvals.vacations" item (spec portal-business §2
// "Pending items"): the vacation requests waiting for the caller's step (their team's at the
// manager step, everyone's at the HR step for HR), linked to the approvals screen (the
// default child of /apps/gestor-rh).
func (s *API) ApprovalPending(ctx context.Context, tx pgx.Tx, c home.PendingCaller) (home.PendingItem, bool, error) {
	visible := false
	for _, id := range accessApprovals {
		visible = visible || auth.Visible(httpx.MenuAccess(id), c.Permissions)
	}
	if !visible {
		return home.PendingItem{}, false, nil
	}
	a := commands.Actor{UserID: c.UserID, EmployeeID: c.EmployeeID, Roles: c.Roles}
	list, err := s.Reads.Approvals(ctx, tx, a.EmployeeID, a.IsHR(), a.UserID, "waiting", c.Now)
	return home.PendingItem{Kind: "approvals.vacations", Count: len(list), Link: "/apps/gestor-rh/aprovacao-ferias/waiting"}, err == nil, err
}
