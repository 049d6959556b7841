package surveys

import (
	"context"
	"errors"
	"slices"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/readapi/home"
	"portal/readapi/httpx"
)

// surveyMenus are the survey screens (eNPS, climate, poll, 360 to answer); a caller whose
// menu shows none of them has no surveys item.
var surveyMenus = []string{"tools_004", "tools_005", "tools_006", "tools_008a"}

// SurveyPending is the home banner's "surveys" item (spec portal-business §2 "Pending
// items"): the open surveys and evaluations the caller has not finished (what the drawer
// "pesquisas e enquetes" lists), linked to the home page with the drawer open. A user
// without an employee record has none.
func (s *API) SurveyPending(ctx context.Context, tx pgx.Tx, c home.PendingCaller) (home.PendingItem, bool, error) {
	if !slices.ContainsFunc(surveyMenus, func(id string) bool { return auth.Visible(httpx.MenuAccess(id), c.Permissions) }) {
		return home.PendingItem{}, false, nil
	}
	m, err := s.Reads.Member(ctx, tx, c.UserID)
	if errors.Is(err, pgx.ErrNoRows) {
		return home.PendingItem{}, false, nil
	}
	if err != nil {
		return home.PendingItem{}, false, err
	}
	list, err := s.Reads.Pending(ctx, tx, m, c.Now)
	return home.PendingItem{Kind: "surveys", Count: len(list), Link: "/apps/homePage?pesquisas=1"}, err == nil, err
}
