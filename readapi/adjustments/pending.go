package adjustments

import (
	"context"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	requestsproj "portal/projections/requests"
	"portal/readapi/home"
	"portal/readapi/httpx"
)

// The home banner's punch items (spec portal-business §2 "Pending items"): the mark
// adjustments ("approvals.adjustments") and the abonos ("approvals.abonos") waiting for the
// caller's step, each linked to its approval screen: the manager's when the caller's menu
// shows it, else the HR admin's. The count is the caller's own queue (steps designated to
// them or open to a role they hold), not everything the HR screen lists.

// AdjustmentPending is the "approvals.adjustments" item.
func (s *API) AdjustmentPending(ctx context.Context, tx pgx.Tx, c home.PendingCaller) (home.PendingItem, bool, error) {
	return s.queuePending(ctx, tx, c, "ajustes", "approvals.adjustments")
}

// AbonoPending is the "approvals.abonos" item.
func (s *API) AbonoPending(ctx context.Context, tx pgx.Tx, c home.PendingCaller) (home.PendingItem, bool, error) {
	return s.queuePending(ctx, tx, c, "ponto", "approvals.abonos")
}

// pendingScreens are the approval screens of each list, the manager's first.
var pendingScreens = map[string][]struct{ menuID, path string }{
	"ajustes": {{"aprovacao-ajustes", "/apps/gestor-rh/aprovacao-ajustes/waiting"}, {"admin-aprovacao-ajustes", "/apps/admin-rh/aprovacao-ajustes/waiting"}},
	"ponto":   {{"rh_004_04", "/apps/gestor-rh/aprovacao-ponto/waiting"}, {"admin-aprovacao-ponto", "/apps/admin-rh/aprovacao-ponto/waiting"}},
}

func (s *API) queuePending(ctx context.Context, tx pgx.Tx, c home.PendingCaller, list, kind string) (home.PendingItem, bool, error) {
	link := ""
	for _, sc := range pendingScreens[list] {
		if auth.Visible(httpx.MenuAccess(sc.menuID), c.Permissions) {
			link = sc.path
			break
		}
	}
	if link == "" {
		return home.PendingItem{}, false, nil
	}
	scope := requestsproj.AdjustmentScope{User: c.UserID, Roles: c.Roles}
	rows, err := s.Reads.List(ctx, tx, scope, "waiting", adjustmentLists[list])
	return home.PendingItem{Kind: kind, Count: len(rows), Link: link}, err == nil, err
}
