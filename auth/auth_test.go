package auth_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/seed"
)

var (
	testDB   *pgtest.DB
	seedTime = time.Now().UTC()
)

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("auth")
	store := eventstore.NewPostgres(testDB.Pool)
	if err := seed.Run(context.Background(), testDB.Pool, store, seedTime); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	store.Close()
	testDB.Close()
	os.Exit(code)
}

// clock is a settable time source for the service.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var testKey = []byte("0123456789abcdef0123456789abcdef")

func newService(t *testing.T, opts auth.Options) *auth.Service {
	t.Helper()
	if opts.TokenKey == nil {
		opts.TokenKey = testKey
	}
	s, err := auth.NewService(context.Background(), testDB.Pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPasswordHash(t *testing.T) {
	t.Parallel()
	h, err := auth.HashPassword("Demo@2024!")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Count(h, "$") != 5 {
		t.Errorf("hash %q is not a PHC argon2id string with the expected parameters", h)
	}
	if ok, err := auth.CheckPassword(h, "Demo@2024!"); !ok || err != nil {
		t.Errorf("right password: %v, %v", ok, err)
	}
	for _, wrong := range []string{"demo@2024!", "Demo@2024", "", "Demo@2024!!"} {
		if ok, err := auth.CheckPassword(h, wrong); ok || err != nil {
			t.Errorf("wrong password %q: %v, %v", wrong, ok, err)
		}
	}
	h2, _ := auth.HashPassword("Demo@2024!")
	if h2 == h {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=99999999,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5",
		strings.Replace(h, "$v=19$", "$v=16$", 1)} {
		if _, err := auth.CheckPassword(bad, "x"); !errors.Is(err, auth.ErrBadHash) {
			t.Errorf("CheckPassword(%q) = %v, want ErrBadHash", bad, err)
		}
	}
}

func TestTenantInfo(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	ctx := context.Background()
	info, err := s.TenantInfo(ctx, " democorp ")
	if err != nil {
		t.Fatal(err)
	}
	if info.AccessCode != seed.DemoCode || info.TenantID != seed.TenantID(seed.DemoCode) || info.TenantName != seed.DemoName ||
		info.Settings["layout"] != "layout1" || info.URLs.Title != seed.DemoName {
		t.Errorf("TenantInfo = %+v", info)
	}
	for _, code := range []string{"NOPE1234", "", "DEMOCORP2"} {
		if _, err := s.TenantInfo(ctx, code); !errors.Is(err, auth.ErrUnknownTenant) {
			t.Errorf("TenantInfo(%q) = %v, want ErrUnknownTenant", code, err)
		}
	}
}

func login(t *testing.T, s *auth.Service, code, user string) auth.LoginResult {
	t.Helper()
	res, err := s.Login(context.Background(), code, user, seed.DemoPassword)
	if err != nil {
		t.Fatalf("Login(%s, %s): %v", code, user, err)
	}
	return res
}

func TestLoginUser(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	res, err := s.Login(context.Background(), "democorp", "  Ana.Souza ", seed.DemoPassword)
	if err != nil {
		t.Fatal(err)
	}
	u := res.User
	demo := seed.TenantID(seed.DemoCode)
	if u.UserName != seed.UserAna || u.AccessCode != seed.DemoCode || u.TenID != demo ||
		u.Hash != seed.UserHash(seed.DemoCode, seed.UserAna) || u.DisplayName != "Ana Souza" || u.Initials != "AS" ||
		u.Email != "ana.souza@democorp.com.br" || u.LanguageID != "pt" || u.TenantFantasyName != seed.DemoName ||
		!u.Active || u.Flags.Admin || u.TratamentodePonto.SemTratamentodePonto {
		t.Errorf("user = %+v", u)
	}
	if !slices.Equal(u.Role, []string{auth.RoleCollaborator}) || !slices.Equal(u.Roles, u.Role) {
		t.Errorf("roles = %v / %v", u.Role, u.Roles)
	}
	if !slices.Contains(strings.Split(u.Purchased, ","), auth.TimeClockModule) {
		t.Errorf("purchased %q lacks %s", u.Purchased, auth.TimeClockModule)
	}
	want := []auth.Fence{{Desc: "Escritório Paulista", Lat: seed.OfficeLat, Lon: seed.OfficeLon},
		{Desc: "Filial Jardins", Lat: seed.BranchLat, Lon: seed.BranchLon}}
	if !slices.Equal(u.CercaVirtual, want) {
		t.Errorf("cercaVirtual = %+v, want %+v", u.CercaVirtual, want)
	}
	if u.DynamicAccess != (auth.DynamicAccess{AlteraLocalizacao: 0, ENPS: 1, Clima: 1, Enquete: 1}) {
		t.Errorf("dynamicAccess = %+v", u.DynamicAccess)
	}
	if res.AccessToken == "" || res.RefreshToken == "" || res.IDToken != res.AccessToken {
		t.Errorf("tokens: %q %q %q", res.AccessToken, res.RefreshToken, res.IDToken)
	}

	// The JSON is the web app's contract (docs/api.md).
	b, _ := json.Marshal(res)
	var body map[string]any
	json.Unmarshal(b, &body)
	for _, k := range []string{"user", "access_token", "refreshToken", "idToken"} {
		if _, ok := body[k]; !ok {
			t.Errorf("answer lacks %q: %s", k, b)
		}
	}
	user := body["user"].(map[string]any)
	for _, k := range []string{"userName", "accessCode", "tenId", "hash", "displayName", "initials", "email", "languageId",
		"role", "roles", "purchased", "deny", "dynamicAccess", "layoff", "cercaVirtual", "tratamentodePonto",
		"tenantFantasyName", "active", "flags"} {
		if _, ok := user[k]; !ok {
			t.Errorf("user lacks %q", k)
		}
	}
	if l, ok := user["layoff"].([]any); !ok || len(l) != 0 {
		t.Errorf("layoff = %#v, want []", user["layoff"])
	}
	if f := user["flags"].(map[string]any); f["Admin"] != false {
		t.Errorf("flags = %v", f)
	}

	// The refresh token is stored hashed, never in clear, under the user's tenant.
	sum := sha256.Sum256([]byte(res.RefreshToken))
	var n int
	err = db.InTenant(context.Background(), testDB.Pool, demo.String(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT count(*) FROM refresh_tokens WHERE token_hash = $1 AND user_id = $2
			AND expires_at > now() AND revoked_at IS NULL`, sum[:], seed.UserID(seed.DemoCode, seed.UserAna)).Scan(&n)
	})
	if err != nil || n != 1 {
		t.Errorf("stored refresh token: %d rows, %v", n, err)
	}
	raw, err := base64.RawURLEncoding.DecodeString(res.RefreshToken)
	if err != nil || len(raw) != 32 {
		t.Errorf("refresh token is not 32 random bytes: %v", err)
	}

	// The token says who this is.
	c, err := s.Verify(res.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	if c.Tenant != demo || c.UserID != seed.UserID(seed.DemoCode, seed.UserAna) || c.UserHash != u.Hash ||
		c.EmployeeID != seed.EmployeeID(seed.DemoCode, seed.UserAna) || !slices.Equal(c.Roles, u.Roles) {
		t.Errorf("claims = %+v", c)
	}
}

func TestLoginOtherUsers(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	today := seedTime.Format(time.DateOnly)

	pedro := login(t, s, seed.DemoCode, seed.UserPedro).User
	if len(pedro.Layoff) != 1 || !(pedro.Layoff[0].Start <= today && today <= pedro.Layoff[0].End) || len(pedro.Layoff[0].Start) != 10 {
		t.Errorf("pedro's layoff %v does not cover %s", pedro.Layoff, today)
	}
	helena := login(t, s, seed.DemoCode, seed.UserHelena).User
	if !helena.Flags.Admin || helena.Role[0] != auth.RoleHRAdmin || helena.Initials != "HR" {
		t.Errorf("helena = %+v", helena)
	}
	marcos := login(t, s, seed.DemoCode, seed.UserMarcos).User
	if marcos.Role[0] != auth.RoleManager {
		t.Errorf("marcos = %+v", marcos)
	}
	// An inactive employee signs in (to see payslips) but holds only pwa-rh-inativo.
	joao := login(t, s, seed.DemoCode, seed.UserJoao)
	if joao.User.Active || !slices.Equal(joao.User.Role, []string{auth.RoleInactive}) || !slices.Equal(joao.Claims.Roles, []string{auth.RoleInactive}) {
		t.Errorf("joao = %+v", joao.User)
	}
	totem := login(t, s, seed.DemoCode, seed.UserTotem)
	if totem.Claims.EmployeeID != uuid.Nil || !totem.User.TratamentodePonto.SemTratamentodePonto ||
		len(totem.User.CercaVirtual) != 0 || strings.Contains(totem.User.Purchased, auth.TimeClockModule) {
		t.Errorf("totem = %+v", totem.User)
	}
	carla := login(t, s, seed.AcmeCode, seed.UserCarla).User
	if carla.TenID != seed.TenantID(seed.AcmeCode) || len(carla.CercaVirtual) != 1 || carla.CercaVirtual[0].Lat != seed.AcmeOfficeLat {
		t.Errorf("carla = %+v", carla)
	}
	// Carla's name does not exist in DEMOCORP.
	if _, err := s.Login(context.Background(), seed.DemoCode, seed.UserCarla, seed.DemoPassword); !errors.Is(err, auth.ErrUnauthorized) {
		t.Errorf("carla in DEMOCORP: %v", err)
	}
}

// makeUser gives a generated employee the demo password and returns its user name, so a
// test can change it without disturbing the named users.
func makeUser(t *testing.T, code string, n int, active bool) string {
	t.Helper()
	ctx := context.Background()
	hash, _ := auth.HashPassword(seed.DemoPassword)
	var name string
	err := db.InTenant(ctx, testDB.Pool, seed.TenantID(code).String(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `UPDATE users SET password_hash = $1, active = $2 WHERE id = (
				SELECT id FROM users WHERE roles = '{pwa-rh-col}' AND user_name <> ALL($3)
				ORDER BY user_name OFFSET $4 LIMIT 1)
			RETURNING user_name`, hash, active, []string{seed.UserAna, seed.UserPedro, seed.UserCarla, seed.UserNova}, n).Scan(&name)
	})
	if err != nil {
		t.Fatal(err)
	}
	return name
}

func TestLoginFailuresLookAlike(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	disabled := makeUser(t, seed.DemoCode, 1, false)
	broken := makeUser(t, seed.DemoCode, 4, true)
	ctx := context.Background()
	err := db.InTenant(ctx, testDB.Pool, seed.TenantID(seed.DemoCode).String(), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE users SET password_hash = 'not a hash' WHERE user_name = $1`, broken)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][3]string{
		"wrong_password":    {seed.DemoCode, seed.UserAna, "Demo@2025!"},
		"empty_password":    {seed.DemoCode, seed.UserAna, ""},
		"unknown_user":      {seed.DemoCode, "nobody.here", seed.DemoPassword},
		"unknown_code":      {"NOPECORP", seed.UserAna, seed.DemoPassword},
		"other_tenant_user": {seed.AcmeCode, seed.UserAna, seed.DemoPassword},
		"disabled_account":  {seed.DemoCode, disabled, seed.DemoPassword},
		"unreadable_hash":   {seed.DemoCode, broken, seed.DemoPassword},
	}
	for name, c := range cases {
		start := time.Now()
		res, err := s.Login(ctx, c[0], c[1], c[2])
		if err != auth.ErrUnauthorized || res.AccessToken != "" {
			t.Errorf("%s: %v (%+v)", name, err, res.User)
		}
		if took := time.Since(start); took < 5*time.Millisecond {
			t.Errorf("%s answered in %v: no password check was made", name, took)
		}
	}
}

func TestLoginThrottledPerAccount(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s := newService(t, auth.Options{Now: clk.Now})
	user := makeUser(t, seed.AcmeCode, 2, true)
	ctx := auth.WithClientIP(context.Background(), "198.51.100.7")
	// All but the last failure are recorded directly (each real one costs an argon2id
	// check); the real ones show that Login counts its failures.
	s.RecordFailures(t, auth.LoginAccount(seed.AcmeCode, user), "", auth.AccountFailureLimit-2, clk.Now())
	for i := 0; i < 2; i++ {
		if _, err := s.Login(ctx, seed.AcmeCode, user, "wrong"); err != auth.ErrUnauthorized {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	// The right password no longer helps, from any address, in any spelling of the name.
	other := auth.WithClientIP(context.Background(), "203.0.113.9")
	if _, err := s.Login(other, strings.ToLower(seed.AcmeCode), strings.ToUpper(user), seed.DemoPassword); err != auth.ErrUnauthorized {
		t.Fatalf("after %d failures: %v, want ErrUnauthorized", auth.AccountFailureLimit, err)
	}
	// Other accounts from the same address are not affected.
	login(t, s, seed.AcmeCode, seed.UserCarla)
	clk.Add(auth.AccountFailureWindow)
	if _, err := s.Login(other, seed.AcmeCode, user, seed.DemoPassword); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

func TestVerify(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s := newService(t, auth.Options{Now: clk.Now})
	res := login(t, s, seed.DemoCode, seed.UserMarcos)

	if _, err := s.Verify(res.AccessToken); err != nil {
		t.Fatalf("fresh token: %v", err)
	}
	// Tampered: payload changed (another tenant) or signature broken.
	parts := strings.Split(res.AccessToken, ".")
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	forged := strings.Replace(string(payload), seed.TenantID(seed.DemoCode).String(), seed.TenantID(seed.AcmeCode).String(), 1)
	sig := []byte(parts[2])
	sig[3] ^= 1
	alien, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"iss": "portal", "sub": seed.UserID(seed.DemoCode, seed.UserMarcos).String(), "tid": seed.TenantID(seed.DemoCode).String(),
		"uh": "x", "exp": clk.Now().Add(time.Hour).Unix()}).SignedString([]byte("another key, 32 bytes long......"))
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{
		"iss": "portal", "sub": seed.UserID(seed.DemoCode, seed.UserMarcos).String(), "tid": seed.TenantID(seed.DemoCode).String(),
		"uh": "x", "exp": clk.Now().Add(time.Hour).Unix()}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	for name, tok := range map[string]string{
		"payload":   parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(forged)) + "." + parts[2],
		"signature": parts[0] + "." + parts[1] + "." + string(sig),
		"other_key": alien,
		"alg_none":  none,
		"garbage":   "not.a.token",
		"empty":     "",
	} {
		if _, err := s.Verify(tok); !errors.Is(err, auth.ErrInvalidToken) {
			t.Errorf("%s: %v, want ErrInvalidToken", name, err)
		}
	}
	// Another key (another installation) refuses the token.
	other := newService(t, auth.Options{TokenKey: []byte("ffffffffffffffffffffffffffffffff"), Now: clk.Now})
	if _, err := other.Verify(res.AccessToken); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("other key: %v", err)
	}
	// Expired after 15 minutes.
	clk.Add(auth.DefaultAccessTTL - time.Second)
	if _, err := s.Verify(res.AccessToken); err != nil {
		t.Errorf("just before expiry: %v", err)
	}
	clk.Add(2 * time.Second)
	if _, err := s.Verify(res.AccessToken); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("expired: %v, want ErrInvalidToken", err)
	}
}

func TestVerifyDisabledUser(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s := newService(t, auth.Options{Now: clk.Now})
	user := makeUser(t, seed.DemoCode, 3, true)
	res := login(t, s, seed.DemoCode, user)
	if _, err := s.Verify(res.AccessToken); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	err := db.InTenant(ctx, testDB.Pool, res.Claims.Tenant.String(), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE users SET active = false WHERE id = $1`, res.Claims.UserID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// Within the cache's few seconds the token still passes; after them it does not.
	if _, err := s.Verify(res.AccessToken); err != nil {
		t.Errorf("cached: %v", err)
	}
	clk.Add(auth.DefaultActiveCacheTTL)
	if _, err := s.Verify(res.AccessToken); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("disabled user: %v, want ErrInvalidToken", err)
	}
}

func TestSigningKeyPersists(t *testing.T) {
	t.Setenv(auth.TokenKeyEnv, "")
	ctx := context.Background()
	a, err := auth.NewService(ctx, testDB.Pool, auth.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res := login(t, a, seed.DemoCode, seed.UserHelena)
	// A restarted server (a new service on the same database) accepts the token.
	b, err := auth.NewService(ctx, testDB.Pool, auth.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Verify(res.AccessToken); err != nil {
		t.Errorf("after restart: %v", err)
	}
	// PORTAL_TOKEN_KEY wins over the stored key.
	t.Setenv(auth.TokenKeyEnv, base64.StdEncoding.EncodeToString(testKey))
	c, err := auth.NewService(ctx, testDB.Pool, auth.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Verify(res.AccessToken); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("env key accepted a token of the stored key: %v", err)
	}
	t.Setenv(auth.TokenKeyEnv, "c2hvcnQ=")
	if _, err := auth.NewService(ctx, testDB.Pool, auth.Options{}); err == nil {
		t.Error("a 5-byte key was accepted")
	}
}

func TestInitials(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"Ana Souza": "AS", "maria da silva": "MS", "Ícaro": "Í", "  ": "",
		"João Carlos Pereira": "JP", "Élida Øster": "ÉØ"} {
		if got := auth.Initials(in); got != want {
			t.Errorf("Initials(%q) = %q, want %q", in, got, want)
		}
	}
}

// addUser inserts a user of the demo tenant with the demo password, the given stored roles
// and profile keys, and no employee record, for the test's own use.
func addUser(t *testing.T, name string, roles []string, keys string) {
	t.Helper()
	ctx := context.Background()
	hash, _ := auth.HashPassword(seed.DemoPassword)
	tenant := seed.TenantID(seed.DemoCode)
	err := db.InTenant(ctx, testDB.Pool, tenant.String(), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO users (tenant_id, id, user_name, hash, password_hash, display_name, roles, profile_keys)
			VALUES ($1, $2, $3, $4, $5, $3, $6, $7)`, tenant, uuid.New(), name, uuid.NewString(), hash, roles, keys)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// spec portal-core §6 / business §6: "at sign-in roles are filtered to a selected set" —
// the login answer already holds only the known roles whose profile key the user has, and
// the keys, so the web app's first menu (built before userinfo arrives) is the right one.
func TestLoginFiltersRolesByProfileKeys(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	stored := []string{auth.RoleManager, auth.RoleCollaborator, "pwa-a08-ges", "pwa-usr-ges", "admin", "not-a-role"}
	addUser(t, "keys.supplier", stored, `{"a08_ukey": "F-001", "usr_ukeya": " "}`)
	res := login(t, s, seed.DemoCode, "keys.supplier")
	if want := []string{"pwa-a08-ges", "admin"}; !slices.Equal(res.User.Role, want) || !slices.Equal(res.User.Roles, want) ||
		!slices.Equal(res.Claims.Roles, want) {
		t.Errorf("roles %v / %v / token %v, want %v", res.User.Role, res.User.Roles, res.Claims.Roles, want)
	}
	if len(res.User.Keys) != 1 || res.User.Keys["a08_ukey"] != "F-001" {
		t.Errorf("keys %v, want only a08_ukey", res.User.Keys)
	}
	// The answer agrees with userinfo's derivation of the same stored data.
	prof, err := auth.LoadProfile(context.Background(), testDB.Pool, res.Claims.Tenant, res.Claims.UserID)
	if err != nil {
		t.Fatal(err)
	}
	if p := prof.Permissions(false, false); !slices.Equal(p.Roles, res.User.Roles) {
		t.Errorf("userinfo roles %v, login roles %v", p.Roles, res.User.Roles)
	}
	// An employee holds the employee key (from the employee record) and keeps its HR roles.
	ana := login(t, s, seed.DemoCode, seed.UserAna).User
	if ana.Keys[auth.KeyEmployee] != seed.EmployeeID(seed.DemoCode, seed.UserAna).String() || !slices.Equal(ana.Roles, []string{auth.RoleCollaborator}) {
		t.Errorf("ana: keys %v roles %v", ana.Keys, ana.Roles)
	}
}
