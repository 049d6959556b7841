// Package home serves the home banner: the tenant's greeting and the pending items of the
// signed-in user (docs/api.md "Home banner").
package home

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/projections/settings"
	"portal/readapi/httpx"
)

// The home banner (spec portal-business §2 "Home banner", §3 Home config id_300): the
// tenant's greeting, title, message, image and colours, and the pending items of the
// signed-in user.

// Config is the tenant's home page settings (projections.HomeSettings).
type Config = settings.HomeSettings

// PendingCaller is who asks for pending items.
type PendingCaller struct {
	Tenant, UserID, EmployeeID uuid.UUID
	Roles                      []string // the token's roles (the approval queues' steps)
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

// PendingProvider counts one kind of pending item. Areas add theirs to API.Pending
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

// API serves the home banner of a tenant.
type API struct {
	httpx.Gates
	Pool *pgxpool.Pool
	Now  func() time.Time
	// Pending are the banner's pending-item providers, each an area's (surveys, approvals).
	Pending []PendingProvider
}

// Routes registers the banner's calls (docs/api.md "Home banner").
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	h := g.Group("/gen/HomePage", s.Authn, httpx.Caller(httpx.TenantRequired))
	h.GET("/config", s.homeConfig)
	h.GET("/pending", s.homePending, s.Access(homePendingAccess))
	g.GET("/gen/assistance", s.assistance, s.Authn, httpx.Caller(httpx.TenantRequired))
}

// assistance answers GET gen/assistance?tenId: the toolbar's assistance link {AssTitle,
// AssUrl} (spec portal-core §2 toolbar, §3, §7 "a read of the toolbar assistance link";
// business §2 id_140), both empty when the tenant has none.
func (s *API) assistance(c echo.Context) error {
	return httpx.Read(c, s.Pool, settings.Settings{}.Assistance)
}

// homeConfig answers GET HomePage/config?tenId: the tenant's id_300 settings.
func (s *API) homeConfig(c echo.Context) error {
	return httpx.Read(c, s.Pool, settings.Settings{}.Home)
}

// homePending answers GET HomePage/pending?tenId: {items:[{kind, count, link}], total}, one
// item per provider that applies to the caller.
func (s *API) homePending(c echo.Context) error {
	p, _ := c.Get(httpx.PermissionsKey).(auth.Permissions)
	claims := httpx.Claims(c)
	caller := PendingCaller{Tenant: claims.Tenant, UserID: claims.UserID, EmployeeID: claims.EmployeeID, Roles: claims.Roles, Permissions: p,
		Environment: s.Environment(c), Now: s.Now()}
	ctx := c.Request().Context()
	out := struct {
		Items []PendingItem `json:"items"`
		Total int           `json:"total"`
	}{Items: []PendingItem{}}
	err := httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		for _, pr := range s.Pending {
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
