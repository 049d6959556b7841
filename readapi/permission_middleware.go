package readapi

import (
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
	"portal/readapi/httpx"
)

// The server half of the permission rule (spec portal-core §6; auth/permissions.go): a call
// the menu would not show its user is refused, whatever the client does. Each route names
// what it requires as an auth.Access (a menu item's, or its own), and httpx.Gates.Access
// checks it against the caller's permissions, derived from the stored user exactly as GET
// userinfo derives them for the web app's menu.

// permissionsTTL is how long a user's derived permissions are reused: a change to roles,
// purchases or switches takes effect within it. The cache spares the busy calls (clock
// registering) a database read each.
const permissionsTTL = 5 * time.Second

// permissionCache holds derived permissions per (tenant, user). Its zero value is ready.
type permissionCache struct {
	mu sync.Mutex
	m  map[[2]uuid.UUID]permEntry
}

type permEntry struct {
	perms auth.Permissions
	at    time.Time
}

func (pc *permissionCache) get(k [2]uuid.UUID, now time.Time) (auth.Permissions, bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	e, ok := pc.m[k]
	if !ok || now.Sub(e.at) >= permissionsTTL || now.Before(e.at) {
		return auth.Permissions{}, false
	}
	return e.perms, true
}

func (pc *permissionCache) put(k [2]uuid.UUID, p auth.Permissions, now time.Time) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.m == nil {
		pc.m = map[[2]uuid.UUID]permEntry{}
	}
	if len(pc.m) > 50_000 {
		for key, e := range pc.m {
			if now.Sub(e.at) >= permissionsTTL {
				delete(pc.m, key)
			}
		}
	}
	pc.m[k] = permEntry{perms: p, at: now}
}

// forgetTenant drops every user of a tenant (its feature toggles changed).
func (pc *permissionCache) forgetTenant(tenant uuid.UUID) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	for k := range pc.m {
		if k[0] == tenant {
			delete(pc.m, k)
		}
	}
}

func (pc *permissionCache) forget(k [2]uuid.UUID) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	delete(pc.m, k)
}

// callerPermissions derives (or reuses) the caller's permissions.
func (s *Server) callerPermissions(c echo.Context) (auth.Permissions, auth.Profile, error) {
	claims := claimsOf(c)
	if claims.UserID == uuid.Nil {
		return auth.Permissions{}, auth.Profile{}, apiError(http.StatusUnauthorized, "token", "token_invalido")
	}
	k := [2]uuid.UUID{claims.Tenant, claims.UserID}
	env := s.environment(c)
	if p, ok := s.perms.get(k, s.Now()); ok {
		return p.InEnvironment(env), auth.Profile{}, nil
	}
	prof, err := auth.LoadProfile(c.Request().Context(), s.Pool, claims.Tenant, claims.UserID)
	if errors.Is(err, auth.ErrUserNotFound) {
		return auth.Permissions{}, prof, apiError(http.StatusForbidden, "request", domain.KeyDenied)
	}
	if err != nil {
		return auth.Permissions{}, prof, err
	}
	p := prof.Permissions(s.ManagerRequests, false)
	s.perms.put(k, p, s.Now())
	return p.InEnvironment(env), prof, nil
}

// environment is the request's host environment (spec portal-core §6, §9; docs/operations.md).
func (s *Server) environment(c echo.Context) auth.Environment {
	return s.Hosts.Environment(c.Request().Host)
}

// gates is what the server lends the areas: its authentication and the caller's facts.
func (s *Server) gates() httpx.Gates {
	return httpx.Gates{
		Authn: s.requireAuth,
		Permissions: func(c echo.Context) (auth.Permissions, error) {
			p, _, err := s.callerPermissions(c)
			return p, err
		},
		Environment: s.environment,
	}
}
