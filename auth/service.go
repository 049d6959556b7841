package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain"
	"portal/platform/db"
	"portal/platform/watched"
)

// Sentinel errors of sign-in.
var (
	// ErrUnauthorized is the one answer to every failed sign-in: unknown access code or
	// user, wrong password, disabled account, throttled attempt.
	ErrUnauthorized = errors.New("auth: not authorized")
	// ErrUnknownTenant answers TenantInfo for an access code that names no tenant.
	ErrUnknownTenant = errors.New("auth: unknown access code")
)

// TimeClockModule is the purchased access id that shows the quick time clock
// (spec: portal-core §6).
const TimeClockModule = "rh_007_001"

// Defaults of Options.
const (
	DefaultAccessTTL      = 15 * time.Minute
	DefaultRefreshTTL     = 30 * 24 * time.Hour
	DefaultActiveCacheTTL = 5 * time.Second
)

// Options configure a Service; zero values take the defaults.
type Options struct {
	// TokenKey signs access tokens (HS256, at least 32 bytes). When empty the key comes
	// from PORTAL_TOKEN_KEY (base64), else from the server_secrets table.
	TokenKey       []byte
	Now            func() time.Time
	AccessTTL      time.Duration
	RefreshTTL     time.Duration
	ActiveCacheTTL time.Duration // how long Verify trusts that a user and a session are still live
	// Mailer sends the forgot-password codes. When nil it is built from SMTP_ADDR and
	// SMTP_FROM (MailerFromEnv); with no SMTP_ADDR the codes are only logged (development).
	Mailer Mailer
	// TenantCacheTTL is how long TenantInfo answers are kept (tenant_cache.go); zero or less
	// keeps none. Entries are only trusted while WatchTenantConfig is listening.
	TenantCacheTTL time.Duration
}

// Service signs users in and verifies their tokens.
type Service struct {
	pool       *pgxpool.Pool
	key        []byte
	now        func() time.Time
	accessTTL  time.Duration
	refreshTTL time.Duration
	activeTTL  time.Duration
	dummyHash  string // checked for unknown users so every failure costs the same time
	limiter    *throttle
	tenants    *watched.Cache[string, TenantInfo] // by normalized access code (tenant_cache.go)
	mailer     Mailer                             // nil: codes are logged, not sent
	tenantMail TenantMail                         // a tenant's own server and templates; nil: none
	mails      sync.WaitGroup

	verified verifiedTokens // access tokens already checked (token.go)

	activeMu sync.Mutex
	active   map[[2]uuid.UUID]activeEntry // (tenant, user) -> users.active
	sessions map[[2]uuid.UUID]activeEntry // (tenant, session) -> not revoked
}

type activeEntry struct {
	active bool
	at     time.Time
}

// NewService loads (or creates) the signing key and returns the service.
func NewService(ctx context.Context, pool *pgxpool.Pool, opts Options) (*Service, error) {
	if pool == nil {
		return nil, errors.New("auth.NewService: nil pool")
	}
	key, err := loadTokenKey(ctx, pool, opts.TokenKey)
	if err != nil {
		return nil, err
	}
	dummy, err := HashPassword("not a password: burns the time of a real check")
	if err != nil {
		return nil, err
	}
	s := &Service{
		pool: pool, key: key, now: opts.Now,
		accessTTL: opts.AccessTTL, refreshTTL: opts.RefreshTTL, activeTTL: opts.ActiveCacheTTL,
		dummyHash: dummy, limiter: newThrottle(pool), tenants: watched.New[string, TenantInfo](opts.TenantCacheTTL), mailer: opts.Mailer,
		active: map[[2]uuid.UUID]activeEntry{}, sessions: map[[2]uuid.UUID]activeEntry{},
	}
	if s.mailer == nil {
		s.mailer = MailerFromEnv()
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.accessTTL <= 0 {
		s.accessTTL = DefaultAccessTTL
	}
	if s.refreshTTL <= 0 {
		s.refreshTTL = DefaultRefreshTTL
	}
	if s.activeTTL <= 0 {
		s.activeTTL = DefaultActiveCacheTTL
	}
	return s, nil
}

// TenantInfo is what the login screen shows before sign-in (spec: portal-core §3).
type TenantInfo struct {
	AccessCode        string         `json:"accessCode"`
	TenantID          uuid.UUID      `json:"tenantId"`
	TenantName        string         `json:"tenantName"`
	CognitoGrantTypes int            `json:"cognitoGrantTypes"`
	LoginRedirect     string         `json:"loginRedirect"`
	Settings          map[string]any `json:"settings"`
	Logo              string         `json:"logo"`
	Themes            string         `json:"themes"`
	URLs              TenantURLs     `json:"urls"`
	Provider          Provider       `json:"provider"`

	// Single sign-on: the tenant's identity provider, nil without one (auth/oidc.go withSSO).
	CognitoAppIntegration *CognitoAppIntegration `json:"cognitoAppIntegration"`

	// The tenant's password policy (spec portal-core §9), not shown before sign-in.
	PasswordExpirationDays int `json:"-"` // > 0: a password older than this must be changed at sign-in
	PasswordReuseLimit     int `json:"-"` // > 0: the last N passwords (the current one included) are refused
}

// TenantURLs are the tenant's footer links.
type TenantURLs struct {
	LinkedIn string `json:"linkedin"`
	Facebook string `json:"facebook"`
	YouTube  string `json:"youTube"`
	Spotify  string `json:"spotify"`
	URL      string `json:"url"`
	Title    string `json:"title"`
	// The tenant's other links of id_110 and id_130 (spec portal-core §3 tenant info urls):
	// its portal's address (the {portal} of the mail templates), its TS Plus address and the
	// logo printed on its PDFs.
	PortalURL   string `json:"portalUrl"`
	TsPlus      string `json:"tsPlus"`
	Logo2Pdft01 string `json:"logo2Pdft01"`
}

// Provider is the footer's provider link.
type Provider struct {
	URL   string `json:"url"`
	Title string `json:"title"`
}

// normalizeCode is how access codes compare: trimmed, upper case.
func normalizeCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// tenantByCode finds a tenant by access code. It is the one cross-tenant read of sign-in
// (the tenant is what it finds), so it runs on the pool's own role, outside row-level
// security; every later read is scoped with db.InTenant.
func (s *Service) tenantByCode(ctx context.Context, code string) (TenantInfo, error) {
	var t TenantInfo
	var settings, urls, provider []byte
	var issuer, clientID *string
	var grant *int
	// The identity provider comes in the same query (its public part only: never the
	// secret), so TenantInfo is one round trip.
	err := s.pool.QueryRow(ctx, `SELECT t.id, t.access_code, t.name, t.settings, t.urls, t.provider, t.logo, t.themes,
			t.login_redirect, t.password_expiration_days, t.password_reuse_limit, s.issuer, s.client_id, s.grant_types
		FROM tenants t LEFT JOIN tenant_sso s ON s.tenant_id = t.id AND s.enabled
		WHERE upper(t.access_code) = $1`, normalizeCode(code)).
		Scan(&t.TenantID, &t.AccessCode, &t.TenantName, &settings, &urls, &provider, &t.Logo, &t.Themes, &t.LoginRedirect,
			&t.PasswordExpirationDays, &t.PasswordReuseLimit, &issuer, &clientID, &grant)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, ErrUnknownTenant
	}
	if err != nil {
		return t, fmt.Errorf("tenant %q: %w", code, err)
	}
	t.Settings = map[string]any{}
	_ = json.Unmarshal(settings, &t.Settings)
	if _, ok := t.Settings["layout"]; !ok {
		t.Settings["layout"] = "layout1"
	}
	_ = json.Unmarshal(urls, &t.URLs)
	_ = json.Unmarshal(provider, &t.Provider)
	if issuer != nil && clientID != nil && grant != nil {
		// Single sign-on (auth/oidc.go): cognitoGrantTypes and cognitoAppIntegration.
		t.CognitoGrantTypes = *grant
		t.CognitoAppIntegration = &CognitoAppIntegration{AppClientID: *clientID, CognitoDomain: *issuer}
	}
	return t, nil
}

// TenantInfo returns the tenant of an access code, or ErrUnknownTenant. Answers are cached
// (Options.TenantCacheTTL) while WatchTenantConfig keeps the cache in step with the database.
func (s *Service) TenantInfo(ctx context.Context, accessCode string) (TenantInfo, error) {
	code := normalizeCode(accessCode)
	if code == "" {
		return TenantInfo{}, ErrUnknownTenant
	}
	t, _, err := s.tenants.Get(code, s.now(), func() (TenantInfo, uuid.UUID, bool, error) {
		t, err := s.tenantByCode(ctx, code)
		return t, t.TenantID, err == nil, err
	})
	return t, err
}

// User is the signed-in user as the web app reads it (docs/api.md, spec: portal-core §3).
type User struct {
	UserName          string            `json:"userName"`
	AccessCode        string            `json:"accessCode"`
	TenID             uuid.UUID         `json:"tenId"`
	Hash              string            `json:"hash"`
	DisplayName       string            `json:"displayName"`
	Initials          string            `json:"initials"`
	Email             string            `json:"email"`
	LanguageID        string            `json:"languageId"`
	Role              []string          `json:"role"`
	Roles             []string          `json:"roles"`
	Purchased         string            `json:"purchased"`
	Deny              string            `json:"deny"`
	DynamicAccess     DynamicAccess     `json:"dynamicAccess"`
	Layoff            []Period          `json:"layoff"`
	CercaVirtual      []Fence           `json:"cercaVirtual"`
	TratamentodePonto TratamentodePonto `json:"tratamentodePonto"`
	TenantFantasyName string            `json:"tenantFantasyName"`
	Active            bool              `json:"active"`
	Flags             Flags             `json:"flags"`
	// Keys are the profile keys the roles were filtered by (spec §3, §6), so the web app's
	// first menu, built from this answer before userinfo arrives, is already the right one.
	Keys map[string]string `json:"keys"`
	// IsSSO and IsGoogle say the session was opened through single sign-on (and through
	// Google): the web app hides "change password" and logs out at the provider (spec §3, §4).
	IsSSO    bool `json:"isSSO"`
	IsGoogle bool `json:"isGoogle"`
}

// DynamicAccess switches survey menus and the "other addresses" clock section (0/1).
type DynamicAccess struct {
	AlteraLocalizacao int `json:"altera_localizacao"`
	ENPS              int `json:"eNPS"`
	Clima             int `json:"clima"`
	Enquete           int `json:"enquete"`
}

// Period is a layoff period, dates as YYYY-MM-DD, both days included.
type Period struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// Fence is a virtual fence: a place the employee may punch near.
type Fence struct {
	Desc string  `json:"desc"`
	Lat  float64 `json:"lat"`
	Lon  float64 `json:"lon"`
}

// TratamentodePonto says whether the employee's time is treated (punched) at all.
type TratamentodePonto struct {
	SemTratamentodePonto bool `json:"semTratamentodePonto"`
}

// Flags are the user's switches; Admin opens the colour-scheme and HR-settings panels.
type Flags struct {
	Admin bool `json:"Admin"`
}

// LoginResult is the answer to a successful sign-in. When the user must choose a new
// password first, it holds only AuthResponse (the challenge) and no user or tokens.
type LoginResult struct {
	User         User          `json:"user"`
	AccessToken  string        `json:"access_token"`
	RefreshToken string        `json:"refreshToken"`
	IDToken      string        `json:"idToken"` // the access token: there is no separate identity provider yet
	AuthResponse *AuthResponse `json:"authResponse,omitempty"`
	Claims       Claims        `json:"-"`
}

// AuthResponse is the challenge a sign-in may answer with (spec portal-core §4): the web app
// stores session, userHash and userName and sends the user to /change-password, which
// completes it with NewPasswordRequired.
type AuthResponse struct {
	ChallengeName string `json:"challengeName"` // ChallengeNewPassword
	Session       string `json:"session"`
	UserHash      string `json:"userHash"`
	UserName      string `json:"userName"`
}

// ChallengeNewPassword is the challenge of a user who must change the password.
const ChallengeNewPassword = "NEW_PASSWORD_REQUIRED"

// MarshalJSON writes a challenge without the empty user and tokens.
func (r LoginResult) MarshalJSON() ([]byte, error) {
	if r.AuthResponse != nil {
		return json.Marshal(struct {
			AuthResponse *AuthResponse `json:"authResponse"`
		}{r.AuthResponse})
	}
	type plain LoginResult
	return json.Marshal(plain(r))
}

// userRow is what sign-in reads about a user.
type userRow struct {
	id           uuid.UUID
	userName     string
	hash         string
	passwordHash string
	employeeID   *uuid.UUID
	displayName  string
	email        string
	roles        []string
	admin        bool
	active       bool
	language     string
	purchased    string
	deny         string
	dynamic      []byte
	accessConfig []byte
	profileKeys  []byte
	empStatus    *string
	layoff       []byte
	fences       []Fence
	mustChange   bool
	pwChangedAt  time.Time
}

// Login checks a user's password and issues tokens.
//
// Every failure gives ErrUnauthorized after the same work (a password check against a
// dummy hash when there is no user), so the answer does not tell which part was wrong.
// Failures are throttled per account and per address (WithClientIP).
//
// Sign-in is refused to accounts with users.active = false. An inactive *employee* (status
// 'inactive', role pwa-rh-inativo) may sign in: the spec lets such people see the portal
// (payslips, income reports) and refuses only their punches (colaborador_inativo). Their
// collaborator roles are replaced by pwa-rh-inativo so the token cannot register marks.
func (s *Service) Login(ctx context.Context, accessCode, userName, password string) (LoginResult, error) {
	code := normalizeCode(accessCode)
	name := strings.ToLower(strings.TrimSpace(userName))
	account := code + "\x00" + name
	addr := clientIP(ctx)
	if blocked, err := s.limiter.blocked(ctx, account, addr, s.now()); err != nil || blocked {
		if err != nil {
			return LoginResult{}, err
		}
		return LoginResult{}, ErrUnauthorized
	}
	fail := func() (LoginResult, error) {
		if err := s.limiter.failed(ctx, account, addr, s.now()); err != nil {
			return LoginResult{}, err
		}
		return LoginResult{}, ErrUnauthorized
	}

	tenant, err := s.tenantByCode(ctx, code)
	if err != nil && !errors.Is(err, ErrUnknownTenant) {
		return LoginResult{}, err
	}
	if err != nil || name == "" {
		_, _ = CheckPassword(s.dummyHash, password)
		return fail()
	}
	u, found, err := s.loadUser(ctx, tenant.TenantID, name)
	if err != nil {
		return LoginResult{}, err
	}
	stored := s.dummyHash
	if found {
		stored = u.passwordHash
	}
	ok, err := CheckPassword(stored, password)
	if err != nil {
		// A stored hash this package cannot read is a data fault; answering 500 would tell
		// that the account exists, so it is logged and answered like a wrong password.
		slog.Error("sign-in: unreadable password hash", "tenant", tenant.TenantID, "user", u.id, "err", err)
		_, _ = CheckPassword(s.dummyHash, password)
		ok = false
	}
	if !found || !ok || !u.active {
		return fail()
	}
	if err := s.limiter.succeeded(ctx, account); err != nil {
		return LoginResult{}, err
	}
	if slices.Contains(u.roles, RoleKiosk) {
		if err := s.terminalActive(ctx, tenant.TenantID); err != nil {
			return LoginResult{}, err
		}
	}

	if s.mustChangePassword(tenant, u) {
		return s.newPasswordChallenge(ctx, tenant, u)
	}
	return s.signIn(ctx, tenant, u, "")
}

// KeyTerminalInactive refuses the public terminal's sign-in while an administrator has
// switched the terminal off (time-clock app options, id_400 public_terminal).
const KeyTerminalInactive = "terminal_publico_inativo"

// terminalActive refuses the kiosk account when the tenant's public terminal is switched
// off; a tenant that never set the switch keeps its terminal.
func (s *Service) terminalActive(ctx context.Context, tenant uuid.UUID) error {
	var off bool
	err := db.InTenant(ctx, s.pool, tenant.String(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT coalesce((SELECT "values"->>'public_terminal' = '0' FROM tenant_settings
			WHERE tenant_id = $1 AND key = 'time_clock_app'), false)`, tenant).Scan(&off)
	})
	if err != nil {
		return err
	}
	if off {
		return domain.Refusal("userName", KeyTerminalInactive)
	}
	return nil
}

// signIn starts a session for a verified user and issues its tokens; issuer is the OpenID
// provider of a single sign-on ("" for a password).
func (s *Service) signIn(ctx context.Context, tenant TenantInfo, u userRow, issuer string) (LoginResult, error) {
	var session uuid.UUID
	var refresh string
	err := db.InTenant(ctx, s.pool, tenant.TenantID.String(), func(tx pgx.Tx) error {
		var err error
		if session, err = s.startSession(ctx, tx, tenant.TenantID, u.id, issuer); err != nil {
			return err
		}
		refresh, _, err = s.issueRefresh(ctx, tx, tenant.TenantID, u.id, session)
		return err
	})
	if err != nil {
		return LoginResult{}, err
	}
	return s.result(tenant, u, session, refresh, issuer)
}

// result builds the answer of a sign-in or a refresh: the user, a new access token of the
// session and the given refresh token. issuer is the session's single sign-on provider, so
// a refresh answers isSSO / isGoogle as the sign-in did.
func (s *Service) result(tenant TenantInfo, u userRow, session uuid.UUID, refresh, issuer string) (LoginResult, error) {
	user := buildUser(tenant, u)
	claims := Claims{Tenant: tenant.TenantID, UserID: u.id, UserHash: u.hash, Roles: user.Roles, SessionID: session, SSOIssuer: issuer}
	user.IsSSO, user.IsGoogle = claims.IsSSO(), claims.IsGoogle()
	if u.employeeID != nil {
		claims.EmployeeID = *u.employeeID
	}
	access, _, err := s.issueAccess(claims)
	if err != nil {
		return LoginResult{}, err
	}
	s.remember(claims.Tenant, claims.UserID, true)
	s.rememberSession(claims.Tenant, session, true)
	return LoginResult{User: user, AccessToken: access, RefreshToken: refresh, IDToken: access, Claims: claims}, nil
}

// loadUser reads the user, the employee's status and layoffs, and the fences, under the
// tenant's row-level security.
func (s *Service) loadUser(ctx context.Context, tenant uuid.UUID, name string) (userRow, bool, error) {
	return s.loadUserWhere(ctx, tenant, "lower(u.user_name) = $2", name)
}

// loadUserByID is loadUser by the user's id.
func (s *Service) loadUserByID(ctx context.Context, tenant, id uuid.UUID) (userRow, bool, error) {
	return s.loadUserWhere(ctx, tenant, "u.id = $2", id)
}

// loadUserWhere is loadUser by where, with $2 key (readUser).
func (s *Service) loadUserWhere(ctx context.Context, tenant uuid.UUID, where string, key any) (u userRow, found bool, err error) {
	err = db.InTenant(ctx, s.pool, tenant.String(), func(tx pgx.Tx) error {
		var err error
		u, found, err = readUser(ctx, tx, tenant, where, key)
		return err
	})
	if err != nil {
		return u, false, fmt.Errorf("load user %v: %w", key, err)
	}
	return u, found, nil
}

// readUser reads one user matched by where (with $1 the tenant and $2 key) in tx.
func readUser(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, where string, key any) (userRow, bool, error) {
	var u userRow
	err := tx.QueryRow(ctx, `SELECT u.id, u.user_name, u.hash, u.password_hash, u.employee_id, u.display_name,
			u.email, u.roles, u.admin, u.active, u.language, u.purchased, u.deny, u.dynamic_access,
			u.access_config || coalesce((SELECT "values" FROM tenant_settings ts WHERE ts.tenant_id = u.tenant_id AND ts.key = 'access_id'), '{}'), u.profile_keys, e.status, e.layoff, u.must_change_password, u.password_changed_at
		FROM users u LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
		WHERE u.tenant_id = $1 AND `+where, tenant, key).
		Scan(&u.id, &u.userName, &u.hash, &u.passwordHash, &u.employeeID, &u.displayName,
			&u.email, &u.roles, &u.admin, &u.active, &u.language, &u.purchased, &u.deny, &u.dynamic,
			&u.accessConfig, &u.profileKeys, &u.empStatus, &u.layoff, &u.mustChange, &u.pwChangedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, false, nil
	}
	if err != nil {
		return u, false, err
	}
	if u.employeeID == nil {
		return u, true, nil
	}
	rows, err := tx.Query(ctx, `SELECT description, lat, lon FROM fences
		WHERE tenant_id = $1 AND employee_id = $2 ORDER BY description, id`, tenant, *u.employeeID)
	if err != nil {
		return u, false, err
	}
	u.fences, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Fence, error) {
		var f Fence
		return f, r.Scan(&f.Desc, &f.Lat, &f.Lon)
	})
	return u, err == nil, err
}

// buildUser derives the web app's user object from the stored rows.
func buildUser(t TenantInfo, u userRow) User {
	var access map[string]any
	_ = json.Unmarshal(u.accessConfig, &access)
	var dyn map[string]any
	_ = json.Unmarshal(u.dynamic, &dyn)

	isEmployee := u.employeeID != nil
	empActive := !isEmployee || (u.empStatus != nil && *u.empStatus == "active")
	// spec portal-core §6 / business §6: "at sign-in roles are filtered to a selected set" —
	// the known roles whose profile prefix the user holds a key for, as userinfo derives them.
	keys := profileKeys(u.profileKeys, u.employeeID)
	status := ""
	if u.empStatus != nil {
		status = *u.empStatus
	}
	roles := DeriveRoles(keys, u.roles, status)

	// An employee's time is treated unless the access config says otherwise; accounts
	// without an employee (kiosk, candidates) have nothing to punch.
	sem := !isEmployee || truthy(access["semTratamentodePonto"])
	purchased := u.purchased
	if !sem && !slices.Contains(splitList(purchased), TimeClockModule) {
		purchased = joinList(append(splitList(purchased), TimeClockModule))
	}

	layoff := []Period{}
	var stored []Period
	if json.Unmarshal(u.layoff, &stored) == nil {
		for _, p := range stored {
			layoff = append(layoff, Period{Start: dateOnly(p.Start), End: dateOnly(p.End)})
		}
	}
	fences := u.fences
	if fences == nil {
		fences = []Fence{}
	}
	lang := u.language
	if lang == "" {
		lang = "pt"
	}
	return User{
		UserName:    u.userName,
		AccessCode:  t.AccessCode,
		TenID:       t.TenantID,
		Hash:        u.hash,
		DisplayName: u.displayName,
		Initials:    Initials(u.displayName),
		Email:       u.email,
		LanguageID:  lang,
		Role:        roles,
		Roles:       slices.Clone(roles),
		Purchased:   purchased,
		Deny:        u.deny,
		DynamicAccess: DynamicAccess{
			AlteraLocalizacao: intOf(dyn["altera_localizacao"]),
			ENPS:              intOf(dyn["eNPS"]),
			Clima:             intOf(dyn["clima"]),
			Enquete:           intOf(dyn["enquete"]),
		},
		Layoff:            layoff,
		CercaVirtual:      fences,
		TratamentodePonto: TratamentodePonto{SemTratamentodePonto: sem},
		TenantFantasyName: t.TenantName,
		Active:            empActive,
		Flags:             Flags{Admin: u.admin},
		Keys:              keys,
	}
}

// deriveRoles keeps the known roles, in stored order, and turns an inactive employee's HR
// roles into pwa-rh-inativo, so that HR marking someone inactive takes effect at the next
// sign-in without editing the role list.
func deriveRoles(stored []string, empStatus *string) []string {
	inactive := empStatus != nil && *empStatus == "inactive"
	roles := []string{}
	for _, r := range stored {
		if !knownRoles[r] || slices.Contains(roles, r) {
			continue
		}
		if inactive && (r == RoleCollaborator || r == RoleManager || r == RoleHRAdmin) {
			r = RoleInactive
			if slices.Contains(roles, r) {
				continue
			}
		}
		roles = append(roles, r)
	}
	if inactive && !slices.Contains(roles, RoleInactive) {
		roles = append(roles, RoleInactive)
	}
	return roles
}

// Initials are the first letters of the first and the last name, upper case.
func Initials(name string) string {
	words := strings.Fields(name)
	if len(words) == 0 {
		return ""
	}
	first := func(w string) string {
		r, _ := utf8.DecodeRuneInString(w)
		return string(unicode.ToUpper(r))
	}
	if len(words) == 1 {
		return first(words[0])
	}
	return first(words[0]) + first(words[len(words)-1])
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func joinList(l []string) string { return strings.Join(l, ",") }

func dateOnly(s string) string {
	if len(s) >= 10 {
		return s[:10]
	}
	return s
}

func truthy(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x == "1" || strings.EqualFold(x, "true")
	}
	return false
}

func intOf(v any) int {
	if truthy(v) {
		return 1
	}
	return 0
}

// Verify checks an access token's signature and expiry, then that its user may still sign
// in and that its session was not revoked (logout, refresh-token reuse, password reset).
// That last check reads the database at most once per user and session every
// ActiveCacheTTL (5 s by default), so disabling an account or revoking a session ends it
// within seconds everywhere (at once in the process that revoked it).
func (s *Service) Verify(token string) (Claims, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return s.VerifyContext(ctx, token)
}

// VerifyContext is Verify with the caller's context for the database check.
func (s *Service) VerifyContext(ctx context.Context, token string) (Claims, error) {
	c, err := s.parseAccess(token)
	if err != nil {
		return Claims{}, err
	}
	active, live, err := s.userLive(ctx, c.Tenant, c.UserID, c.SessionID)
	if err != nil {
		return Claims{}, err
	}
	if !active {
		return Claims{}, fmt.Errorf("%w: user disabled", ErrInvalidToken)
	}
	if !live {
		return Claims{}, fmt.Errorf("%w: session revoked", ErrInvalidToken)
	}
	return c, nil
}

// userLive tells whether the user is active and the session (when not zero) is neither
// revoked nor someone else's, from the caches when they are fresh.
func (s *Service) userLive(ctx context.Context, tenant, user, session uuid.UUID) (active, live bool, err error) {
	now := s.now()
	fresh := func(e activeEntry, ok bool) bool { return ok && now.Sub(e.at) < s.activeTTL && now.Sub(e.at) >= 0 }
	s.activeMu.Lock()
	ue, uok := s.active[[2]uuid.UUID{tenant, user}]
	se, sok := s.sessions[[2]uuid.UUID{tenant, session}]
	s.activeMu.Unlock()
	userFresh := fresh(ue, uok)
	sessionFresh := session == uuid.Nil || fresh(se, sok)
	if userFresh && sessionFresh {
		return ue.active, session == uuid.Nil || se.active, nil
	}
	var sessionLive *bool
	err = db.InTenant(ctx, s.pool, tenant.String(), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT u.active, s.revoked_at IS NULL AND s.user_id = u.id
			FROM users u LEFT JOIN auth_sessions s ON s.tenant_id = u.tenant_id AND s.id = $3
			WHERE u.tenant_id = $1 AND u.id = $2`, tenant, user, session).Scan(&active, &sessionLive)
		if errors.Is(err, pgx.ErrNoRows) {
			active = false
			return nil
		}
		return err
	})
	if err != nil {
		return false, false, fmt.Errorf("check user %s: %w", user, err)
	}
	s.remember(tenant, user, active)
	live = true
	if session != uuid.Nil {
		live = sessionLive != nil && *sessionLive
		s.rememberSession(tenant, session, live)
	}
	return active, live, nil
}

func (s *Service) remember(tenant, user uuid.UUID, active bool) {
	s.cacheFlag(s.active, [2]uuid.UUID{tenant, user}, active)
}

// rememberSession caches whether a session is live (see remember).
func (s *Service) rememberSession(tenant, session uuid.UUID, live bool) {
	s.cacheFlag(s.sessions, [2]uuid.UUID{tenant, session}, live)
}

// cacheFlag stores a flag in one of the Verify caches, pruning expired entries once the
// cache grows large.
func (s *Service) cacheFlag(cache map[[2]uuid.UUID]activeEntry, key [2]uuid.UUID, flag bool) {
	now := s.now()
	s.activeMu.Lock()
	defer s.activeMu.Unlock()
	if len(cache) > 50_000 {
		for k, e := range cache {
			if now.Sub(e.at) >= s.activeTTL {
				delete(cache, k)
			}
		}
	}
	cache[key] = activeEntry{active: flag, at: now}
}

// Forget drops the cached active state of a user, so the next Verify reads it again
// (call it after disabling an account).
func (s *Service) Forget(tenant, user uuid.UUID) {
	s.activeMu.Lock()
	defer s.activeMu.Unlock()
	delete(s.active, [2]uuid.UUID{tenant, user})
}
