package identity

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
	"portal/readapi/httpx"
)

// routesUser registers the signed-in user's calls (spec portal-core §3, §7; docs/api.md
// "User"): the profile with its computed permissions and menu, and the preference updates.
func (s *API) routesUser(g *echo.Group) {
	g.GET("/cac-app/userinfo", s.userInfo, s.Authn, httpx.Caller(httpx.IDsWhenSent), s.Access(httpx.AccessSignedIn))
	g.POST("/auth/updateUserShortcuts", s.updateShortcuts, s.Authn, s.Access(httpx.AccessSignedIn))
	g.POST("/auth/updateUserLanguage", s.updateLanguage, s.Authn, s.Access(httpx.AccessSignedIn))
	g.POST("/auth/updateSettings", s.updateSettings, s.Authn, httpx.Caller(httpx.IDsWhenSent), s.Access(httpx.AccessAdmin))
}

// UserInfo is the signed-in user of spec portal-core §3 as far as this product has it, with
// the permission rule's results: roles, audiences (roles plus the casbin groups they hold),
// purchased, deny, the ability switches and the visible menu ids.
type UserInfo struct {
	UserName          string            `json:"userName"`
	AccessCode        string            `json:"accessCode"`
	TenID             uuid.UUID         `json:"tenId"`
	Hash              string            `json:"hash"`
	Keys              map[string]string `json:"keys"`
	DisplayName       string            `json:"displayName"`
	Initials          string            `json:"initials"`
	PhotoURL          string            `json:"photoUrl"`
	Email             string            `json:"email"`
	LanguageID        string            `json:"languageId"`
	Shortcuts         string            `json:"shortcuts"`
	Role              []string          `json:"role"`
	Roles             []string          `json:"roles"`
	Audiences         []string          `json:"audiences"`
	Purchased         string            `json:"purchased"`
	Deny              string            `json:"deny"`
	UserAllow         string            `json:"userAllow"`
	DynamicAccess     map[string]int    `json:"dynamicAccess"`
	AccessConfig      map[string]int    `json:"accessConfig"`
	Menu              []string          `json:"menu"`
	Layoff            []auth.Period     `json:"layoff"`
	CercaVirtual      []auth.Fence      `json:"cercaVirtual"`
	TratamentodePonto map[string]bool   `json:"tratamentodePonto"`
	Flags             map[string]bool   `json:"flags"`
	FlagDic           map[string]bool   `json:"flagDic"`
	IsGoogle          bool              `json:"isGoogle"`
	IsSSO             bool              `json:"isSSO"`
	HasGoogle         bool              `json:"hasGoogle"`
	Settings          json.RawMessage   `json:"settings"`
	TenantSettings    map[string]any    `json:"tenantSettings"`
	Themes            string            `json:"themes"`
	TenantFantasyName string            `json:"tenantFantasyName"`
	URLLinkedin       string            `json:"url_Linkedin"`
	URLFacebook       string            `json:"url_Facebook"`
	URLYouTube        string            `json:"url_YouTube"`
	URLSpotify        string            `json:"url_Spotify"`
	URLTenant         string            `json:"url_Tenant"`
	URLTenantTitle    string            `json:"url_TenantTitle"`
	Active            bool              `json:"active"`
	ManagerRequests   bool              `json:"managerRequests"`
	// Environment is the host's (production, test, pre, demo, beta, cloud): the web app's
	// idle time-outs and host rules read it (spec portal-core §6, §9).
	Environment auth.Environment `json:"environment"`
}

// userInfo answers GET /api/cac-app/userinfo?tenId&userHash: the caller's profile and the
// permissions the web app builds its menu from. It always reads the profile afresh (not the
// permission cache), so a newly signed-in session sees current data.
func (s *API) userInfo(c echo.Context) error {
	claims := httpx.Claims(c)
	prof, err := auth.LoadProfile(c.Request().Context(), s.Pool, claims.Tenant, claims.UserID)
	if err != nil {
		return refusal(err, auth.ErrUserNotFound, errNoUser)
	}
	p := prof.Permissions(s.ManagerRequests, false)
	s.Remember(claims.Tenant, claims.UserID, p)
	lang := prof.Language
	if lang == "" {
		lang = "pt"
	}
	settings := prof.Settings
	if len(settings) == 0 {
		settings = json.RawMessage(`{}`)
	}
	// The cached permissions stay the user's (any session); the menu is this session's: a
	// single sign-on session has no local password to change (review localPassword).
	env := s.Environment(c)
	p = p.InEnvironment(env)
	shown := p
	shown.External = claims.IsSSO()
	menu := auth.MenuIDs(auth.FilterMenu(auth.AppMenu(), shown))
	if menu == nil {
		menu = []string{}
	}
	switches := p.Switches
	u := prof.Tenant.URLs
	return private(c, UserInfo{
		UserName: prof.UserName, AccessCode: prof.Tenant.AccessCode, TenID: prof.Tenant.TenantID, Hash: prof.Hash,
		Keys: prof.Keys, DisplayName: prof.DisplayName, Initials: auth.Initials(prof.DisplayName), Email: prof.Email,
		LanguageID: lang, Shortcuts: prof.Shortcuts,
		Role: p.Roles, Roles: p.Roles, Audiences: p.Audiences,
		Purchased: strings.Join(p.Purchased, ","), Deny: strings.Join(p.Deny, ","),
		DynamicAccess: p.DynamicAccess, AccessConfig: switches, Menu: menu,
		Layoff: prof.Layoff, CercaVirtual: prof.Fences,
		TratamentodePonto: map[string]bool{"semTratamentodePonto": !prof.TimeTreated()},
		Flags:             map[string]bool{"Admin": prof.Admin}, FlagDic: map[string]bool{"Admin": prof.Admin},
		IsSSO: claims.IsSSO(), IsGoogle: claims.IsGoogle(),
		Settings: settings, TenantSettings: prof.Tenant.Settings, Themes: prof.Tenant.Themes,
		TenantFantasyName: prof.Tenant.TenantName,
		URLLinkedin:       u.LinkedIn, URLFacebook: u.Facebook, URLYouTube: u.YouTube, URLSpotify: u.Spotify,
		URLTenant: u.URL, URLTenantTitle: u.Title,
		Active:          prof.Active && (prof.EmpStatus == "" || prof.EmpStatus == "active"),
		ManagerRequests: s.ManagerRequests,
		Environment:     env,
	})
}

// prefRequest is the body of updateUserShortcuts and updateUserLanguage.
type prefRequest struct {
	UserHash   string  `json:"userHash"`
	TenantID   string  `json:"tenantId"`
	Shortcuts  *string `json:"shortcuts"`
	LanguageID *string `json:"languageId"`
}

// bindPref reads the body and refuses a userHash or tenantId other than the token's
// (403 acesso_negado on that field); both are required.
func bindPref(c echo.Context) (prefRequest, error) {
	var req prefRequest
	if err := bind(c, &req); err != nil {
		return req, err
	}
	claims := httpx.Claims(c)
	if strings.TrimSpace(req.UserHash) == "" {
		return req, httpx.Error(http.StatusBadRequest, "userHash", domain.KeyRequired)
	}
	if strings.TrimSpace(req.TenantID) == "" {
		return req, httpx.Error(http.StatusBadRequest, "tenantId", domain.KeyRequired)
	}
	if id, err := uuid.Parse(strings.TrimSpace(req.TenantID)); err != nil || id != claims.Tenant {
		return req, httpx.Error(http.StatusForbidden, "tenantId", domain.KeyDenied)
	}
	if strings.TrimSpace(req.UserHash) != claims.UserHash {
		return req, httpx.Error(http.StatusForbidden, "userHash", domain.KeyDenied)
	}
	return req, httpx.MatchCaller(c, false)
}

func (s *API) preferences() (*auth.Preferences, error) { return auth.NewPreferences(s.Pool, s.Now) }

// updateShortcuts answers POST /api/auth/updateUserShortcuts {userHash, tenantId, shortcuts}:
// a comma list of ids of menu items the user sees.
func (s *API) updateShortcuts(c echo.Context) error {
	req, err := bindPref(c)
	if err != nil {
		return err
	}
	if req.Shortcuts == nil {
		return httpx.Error(http.StatusBadRequest, "shortcuts", domain.KeyRequired)
	}
	p, _ := c.Get(httpx.PermissionsKey).(auth.Permissions)
	list, err := auth.NormalizeShortcuts(*req.Shortcuts, auth.AppMenu(), p)
	if err != nil {
		return err
	}
	return s.savePref(c, auth.PrefShortcuts, list, map[string]any{"shortcuts": list})
}

// updateLanguage answers POST /api/auth/updateUserLanguage {userHash, tenantId, languageId}.
func (s *API) updateLanguage(c echo.Context) error {
	req, err := bindPref(c)
	if err != nil {
		return err
	}
	if req.LanguageID == nil {
		return httpx.Error(http.StatusBadRequest, "languageId", domain.KeyRequired)
	}
	lang, err := auth.NormalizeLanguage(*req.LanguageID)
	if err != nil {
		return err
	}
	return s.savePref(c, auth.PrefLanguage, lang, map[string]any{"languageId": lang})
}

// updateSettings answers POST /api/auth/updateSettings?tenId {settings}: the layout and
// theme settings (auth.Settings), for users with the Admin flag.
func (s *API) updateSettings(c echo.Context) error {
	var req struct {
		Settings json.RawMessage `json:"settings"`
	}
	if err := bind(c, &req); err != nil {
		return err
	}
	if len(req.Settings) == 0 || string(req.Settings) == "null" {
		return httpx.Error(http.StatusBadRequest, "settings", domain.KeyRequired)
	}
	settings, err := auth.NormalizeSettings(req.Settings)
	if err != nil {
		return err
	}
	return s.savePref(c, auth.PrefSettings, settings, map[string]any{"settings": settings})
}

func (s *API) savePref(c echo.Context, field string, value any, answer map[string]any) error {
	prefs, err := s.preferences()
	if err != nil {
		return err
	}
	changed, err := prefs.Save(c.Request().Context(), httpx.Claims(c), field, value)
	if err != nil {
		return refusal(err, auth.ErrUserNotFound, errNoUser)
	}
	answer["success"] = true
	answer["changed"] = changed
	return c.JSON(http.StatusOK, answer)
}
