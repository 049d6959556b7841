package readapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/platform/db"
)

// The home banner (spec portal-business §2 "Home banner", §3 Home config id_300): the
// tenant's greeting, title, message, image and colours, and the pending items of the
// signed-in user.

// HomeConfig is the tenant's home page settings. Empty texts mean "the translated default"
// (spec §2: "Defaults come from translation keys"); a null opacity is the web app's default.
type HomeConfig struct {
	Greeting   string   `json:"home_page_greeting"`
	Title      string   `json:"home_page_title"`
	Message    string   `json:"home_page_message"`
	BgImage    string   `json:"home_page_bgimage"`
	TextColor  string   `json:"home_page_textcolor"`
	BgColor    string   `json:"home_page_bgcolor"`
	BoxColor   string   `json:"home_page_boxcolor"`
	BoxOpacity *float64 `json:"home_page_boxopacity"`
	HideName   bool     `json:"hideName"`
}

// PendingCaller is who asks for pending items.
type PendingCaller struct {
	Tenant, UserID, EmployeeID uuid.UUID
	Permissions                auth.Permissions
	Environment                auth.Environment // of the request's host
	Now                        time.Time
}

// PendingItem is one kind of thing waiting for the user, with a link to where it is dealt with.
type PendingItem struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
	Link  string `json:"link,omitempty"`
}

// PendingProvider counts one kind of pending item. Areas add theirs to Server.HomePending
// (surveys, approvals); each runs in the caller's tenant transaction. ok false leaves the
// kind out (the caller has no access to it).
type PendingProvider interface {
	Pending(ctx context.Context, tx pgx.Tx, c PendingCaller) (item PendingItem, ok bool, err error)
}

// PendingFunc adapts a function to PendingProvider.
type PendingFunc func(ctx context.Context, tx pgx.Tx, c PendingCaller) (PendingItem, bool, error)

// Pending implements PendingProvider.
func (f PendingFunc) Pending(ctx context.Context, tx pgx.Tx, c PendingCaller) (PendingItem, bool, error) {
	return f(ctx, tx, c)
}

// homePendingAccess: pending items are loaded for the HR roles of spec §2.
var homePendingAccess = auth.Access{Roles: []string{auth.RoleHRAdmin, auth.RoleManager, auth.RoleCollaborator}}

// routesHome registers the banner's calls (docs/api.md "Home banner").
func (s *Server) routesHome(g *echo.Group) {
	h := g.Group("/gen/HomePage", s.requireAuth, tenantCaller)
	h.GET("/config", s.homeConfig)
	h.GET("/pending", s.homePending, s.requireAccess(homePendingAccess))
}

// homeConfig answers GET HomePage/config?tenId: the tenant's id_300 settings.
func (s *Server) homeConfig(c echo.Context) error {
	claims := claimsOf(c)
	ctx := c.Request().Context()
	var out HomeConfig
	err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
SELECT greeting, title, message, bg_image, text_color, bg_color, box_color, box_opacity::float8, hide_name
FROM home_settings WHERE tenant_id = app_tenant()`).Scan(&out.Greeting, &out.Title, &out.Message, &out.BgImage,
			&out.TextColor, &out.BgColor, &out.BoxColor, &out.BoxOpacity, &out.HideName)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // no settings: every default
		}
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// homePending answers GET HomePage/pending?tenId: {items:[{kind, count, link}], total}, one
// item per provider that applies to the caller.
func (s *Server) homePending(c echo.Context) error {
	p, _ := c.Get(permsKey).(auth.Permissions)
	claims := claimsOf(c)
	caller := PendingCaller{Tenant: claims.Tenant, UserID: claims.UserID, EmployeeID: claims.EmployeeID, Permissions: p,
		Environment: s.environment(c), Now: s.Now()}
	providers := s.HomePending
	if providers == nil {
		providers = s.defaultPending()
	}
	ctx := c.Request().Context()
	out := struct {
		Items []PendingItem `json:"items"`
		Total int           `json:"total"`
	}{Items: []PendingItem{}}
	err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
		for _, pr := range providers {
			item, ok, err := pr.Pending(ctx, tx, caller)
			if err != nil {
				return err
			}
			if ok {
				out.Items = append(out.Items, item)
				out.Total += item.Count
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// defaultPending are the pending items that exist today: the notifications not dismissed,
// and the mood check-in when it is open to the caller.
func (s *Server) defaultPending() []PendingProvider {
	return []PendingProvider{PendingFunc(pendingNotifications), PendingFunc(s.pendingMood)}
}

func pendingNotifications(ctx context.Context, tx pgx.Tx, c PendingCaller) (PendingItem, bool, error) {
	item := PendingItem{Kind: "notifications"}
	err := tx.QueryRow(ctx, `SELECT count(*) FROM notifications WHERE tenant_id = app_tenant() AND user_id = $1 AND NOT dismissed`,
		c.UserID).Scan(&item.Count)
	return item, true, err
}

func (s *Server) pendingMood(ctx context.Context, tx pgx.Tx, c PendingCaller) (PendingItem, bool, error) {
	if !auth.Visible(moodCheckInAccess, c.Permissions) || s.Mood == nil || s.Mood.CheckIn == nil {
		return PendingItem{}, false, nil
	}
	last, err := s.Mood.Reads.LastCheckIn(ctx, tx, c.UserID)
	if err != nil {
		return PendingItem{}, false, err
	}
	item := PendingItem{Kind: "mood", Link: "/apps/homePage"}
	if last.IsZero() || !c.Now.Before(last.Add(s.moodCoolDown(c.Environment))) {
		item.Count = 1
	}
	return item, true, nil
}
