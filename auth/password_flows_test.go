package auth_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/auth/mailtest"
	"portal/domain"
	"portal/platform/db"
	"portal/seed"
)

// policyTenant creates a tenant of its own (so that its password policy touches no other
// test) with one user holding the demo password; it returns the access code and user name.
func policyTenant(t *testing.T, expirationDays, reuseLimit int) (code, user string) {
	t.Helper()
	ctx := context.Background()
	id := uuid.New()
	code = "POL" + strings.ToUpper(id.String()[:8])
	user = "pol.user"
	hash, _ := auth.HashPassword(seed.DemoPassword)
	if _, err := testDB.Pool.Exec(ctx, `INSERT INTO tenants (id, access_code, name, password_expiration_days, password_reuse_limit)
		VALUES ($1, $2, $3, $4, $5)`, id, code, "Policy "+code, expirationDays, reuseLimit); err != nil {
		t.Fatal(err)
	}
	if _, err := testDB.Pool.Exec(ctx, `INSERT INTO users (tenant_id, id, user_name, hash, password_hash, display_name, email, roles)
		VALUES ($1, $2, $3, $4, $5, 'Pol User', $6, '{pwa-rh-col}')`,
		id, uuid.New(), user, strings.ReplaceAll(uuid.NewString(), "-", ""), hash, user+"@"+strings.ToLower(code)+".test"); err != nil {
		t.Fatal(err)
	}
	return code, user
}

func setMustChange(t *testing.T, code, user string) {
	t.Helper()
	ctx := context.Background()
	err := db.InTenant(ctx, testDB.Pool, seed.TenantID(code).String(), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE users SET must_change_password = true WHERE user_name = $1`, user)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// wantRule checks that err is the domain error on field with key.
func wantRule(t *testing.T, what string, err error, field, key string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Field != field || de.Key != key {
		t.Errorf("%s: %v, want %s/%s", what, err, field, key)
	}
}

func loginFails(t *testing.T, s *auth.Service, code, user, password string) {
	t.Helper()
	if _, err := s.Login(context.Background(), code, user, password); !errors.Is(err, auth.ErrUnauthorized) {
		t.Errorf("sign-in of %s with %q: %v, want ErrUnauthorized", user, password, err)
	}
}

func loginWith(t *testing.T, s *auth.Service, code, user, password string) auth.LoginResult {
	t.Helper()
	res, err := s.Login(context.Background(), code, user, password)
	if err != nil || res.AuthResponse != nil || res.AccessToken == "" {
		t.Fatalf("sign-in of %s with %q: %v (%+v)", user, password, err, res.AuthResponse)
	}
	return res
}

// auditOK checks the user's password_changed events: their reasons in order, and that no
// password or hash leaked into them.
func auditOK(t *testing.T, tenant, user uuid.UUID, secrets []string, reasons ...string) {
	t.Helper()
	evs := ofType(events(t, tenant, user), auth.TypePasswordChanged)
	var got []string
	for _, e := range evs {
		var d auth.PasswordChanged
		json.Unmarshal(e.Data, &d)
		got = append(got, d.Reason)
		if d.UserID != user || d.ChangedAt == "" || e.Actor != user.String() {
			t.Errorf("event %s (actor %s)", e.Data, e.Actor)
		}
		for _, sec := range append(secrets, "$argon2id") {
			if strings.Contains(string(e.Data), sec) {
				t.Errorf("event %s holds a secret", e.Data)
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(reasons) {
		t.Errorf("password_changed reasons %v, want %v", got, reasons)
	}
}

func TestNewPasswordRequired(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	ctx := context.Background()
	user := makeUser(t, seed.DemoCode, 20, true)
	setMustChange(t, seed.DemoCode, user)

	res, err := s.Login(ctx, seed.DemoCode, user, seed.DemoPassword)
	if err != nil {
		t.Fatal(err)
	}
	ch := res.AuthResponse
	if ch == nil || ch.ChallengeName != "NEW_PASSWORD_REQUIRED" || ch.Session == "" || ch.UserName != user ||
		ch.UserHash == "" || res.AccessToken != "" || res.RefreshToken != "" {
		t.Fatalf("challenge answer %+v / %+v", res, ch)
	}
	b, _ := json.Marshal(res)
	if !regexp.MustCompile(`^\{"authResponse":\{"challengeName":"NEW_PASSWORD_REQUIRED","session":"[^"]+","userHash":"[0-9a-f]+","userName":"` + user + `"\}\}$`).Match(b) {
		t.Errorf("challenge JSON %s", b)
	}

	const next = "Nova@Senha1"
	wantRule(t, "short", s.CompleteNewPassword(ctx, seed.DemoCode, user, ch.UserHash, ch.Session, "Ab1!"), "newPassword", "senha_minimo_8")
	wantRule(t, "same as current", s.CompleteNewPassword(ctx, seed.DemoCode, user, ch.UserHash, ch.Session, seed.DemoPassword),
		"newPassword", "senha_reutilizada")
	for name, c := range map[string][4]string{
		"wrong_session": {seed.DemoCode, user, ch.UserHash, "bm9wZQ"},
		"no_session":    {seed.DemoCode, user, ch.UserHash, ""},
		"wrong_hash":    {seed.DemoCode, user, seed.UserHash(seed.DemoCode, seed.UserAna), ch.Session},
		"wrong_user":    {seed.DemoCode, seed.UserAna, ch.UserHash, ch.Session},
		"wrong_tenant":  {seed.AcmeCode, user, ch.UserHash, ch.Session},
	} {
		if err := s.CompleteNewPassword(ctx, c[0], c[1], c[2], c[3], next); !errors.Is(err, auth.ErrInvalidChallenge) {
			t.Errorf("%s: %v, want ErrInvalidChallenge", name, err)
		}
	}
	if err := s.CompleteNewPassword(ctx, "democorp", strings.ToUpper(user), ch.UserHash, ch.Session, next); err != nil {
		t.Fatal(err)
	}
	// The session is single-use; the old password is gone; the new one signs in normally.
	if err := s.CompleteNewPassword(ctx, seed.DemoCode, user, ch.UserHash, ch.Session, "Outra@Senha2"); !errors.Is(err, auth.ErrInvalidChallenge) {
		t.Errorf("second use: %v", err)
	}
	loginFails(t, s, seed.DemoCode, user, seed.DemoPassword)
	after := loginWith(t, s, seed.DemoCode, user, next)
	auditOK(t, after.Claims.Tenant, after.Claims.UserID, []string{next, seed.DemoPassword, ch.Session}, auth.PasswordChangedOnLogin)
}

func TestNewPasswordSessionExpires(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s := newService(t, auth.Options{Now: clk.Now})
	user := makeUser(t, seed.DemoCode, 21, true)
	setMustChange(t, seed.DemoCode, user)
	res, err := s.Login(context.Background(), seed.DemoCode, user, seed.DemoPassword)
	if err != nil || res.AuthResponse == nil {
		t.Fatalf("%v %+v", err, res)
	}
	clk.Add(auth.NewPasswordSessionTTL)
	err = s.CompleteNewPassword(context.Background(), seed.DemoCode, user, res.AuthResponse.UserHash, res.AuthResponse.Session, "Nova@Senha1")
	if !errors.Is(err, auth.ErrInvalidChallenge) {
		t.Errorf("expired session: %v", err)
	}
	// A wrong password never reaches the challenge.
	loginFails(t, s, seed.DemoCode, user, "wrong")
}

// A password older than the tenant's expiration days must be changed at sign-in.
func TestPasswordExpiration(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s := newService(t, auth.Options{Now: clk.Now})
	code, user := policyTenant(t, 30, 0)
	loginWith(t, s, code, user, seed.DemoPassword)
	clk.Add(29 * 24 * time.Hour)
	loginWith(t, s, code, user, seed.DemoPassword)
	clk.Add(24*time.Hour + time.Minute)
	res, err := s.Login(context.Background(), code, user, seed.DemoPassword)
	if err != nil || res.AuthResponse == nil || res.AccessToken != "" {
		t.Fatalf("expired password: %v %+v", err, res)
	}
	if err := s.CompleteNewPassword(context.Background(), code, user, res.AuthResponse.UserHash, res.AuthResponse.Session, "Renovada@2025"); err != nil {
		t.Fatal(err)
	}
	// Changed "now" (the service clock): valid for 30 more days.
	loginWith(t, s, code, user, "Renovada@2025")
}

func TestChangePassword(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	ctx := auth.WithClientIP(context.Background(), "198.51.100.40")
	user := makeUser(t, seed.DemoCode, 22, true)
	a := login(t, s, seed.DemoCode, user)
	b := login(t, s, seed.DemoCode, user) // another device

	wantRule(t, "no previous", s.ChangePassword(ctx, a.Claims, "", "Trocada@2025"), "previousPassword", "senha_obrigatoria")
	wantRule(t, "empty", s.ChangePassword(ctx, a.Claims, seed.DemoPassword, ""), "proposedPassword", "senha_obrigatoria")
	wantRule(t, "short", s.ChangePassword(ctx, a.Claims, seed.DemoPassword, "1234567"), "proposedPassword", "senha_minimo_8")
	wantRule(t, "wrong previous", s.ChangePassword(ctx, a.Claims, "Demo@2023!", "Trocada@2025"), "previousPassword", "senha_atual_incorreta")
	wantRule(t, "unchanged", s.ChangePassword(ctx, a.Claims, seed.DemoPassword, seed.DemoPassword), "proposedPassword", "senha_reutilizada")
	var de *domain.Error
	if err := s.ChangePassword(ctx, a.Claims, "Demo@2023!", "Trocada@2025"); !errors.As(err, &de) || de.Kind != domain.Refused {
		t.Errorf("a wrong previous password is a refusal (422), not %v", err)
	}

	if err := s.ChangePassword(ctx, a.Claims, seed.DemoPassword, "Trocada@2025"); err != nil {
		t.Fatal(err)
	}
	loginFails(t, s, seed.DemoCode, user, seed.DemoPassword)
	loginWith(t, s, seed.DemoCode, user, "Trocada@2025")
	// The caller's session goes on; the other device's ends.
	if _, err := s.Verify(a.AccessToken); err != nil {
		t.Errorf("caller's session: %v", err)
	}
	if _, err := s.Verify(b.AccessToken); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("other session after the change: %v", err)
	}
	if _, err := s.Refresh(ctx, seed.DemoCode, user, b.RefreshToken); !errors.Is(err, auth.ErrRefreshFailed) {
		t.Errorf("other session's refresh: %v", err)
	}
	auditOK(t, a.Claims.Tenant, a.Claims.UserID, []string{"Trocada@2025", seed.DemoPassword}, auth.PasswordChangedByUser)
}

// Wrong previous passwords count against the account like failed sign-ins.
func TestChangePasswordThrottled(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s := newService(t, auth.Options{Now: clk.Now})
	user := makeUser(t, seed.AcmeCode, 23, true)
	a := login(t, s, seed.AcmeCode, user)
	// All but two failures recorded directly (a real one costs an argon2id check).
	s.RecordFailures(t, auth.ChangeAccount(a.Claims.Tenant, a.Claims.UserID), "", auth.AccountFailureLimit-2, clk.Now())
	for i := 0; i < 2; i++ {
		ctx := auth.WithClientIP(context.Background(), fmt.Sprintf("10.7.0.%d", i))
		wantRule(t, "guess", s.ChangePassword(ctx, a.Claims, fmt.Sprint("guess", i), "Trocada@2025"), "previousPassword", "senha_atual_incorreta")
	}
	wantRule(t, "right password when throttled", s.ChangePassword(context.Background(), a.Claims, seed.DemoPassword, "Trocada@2025"),
		"previousPassword", "senha_atual_incorreta")
	clk.Add(auth.AccountFailureWindow)
	if err := s.ChangePassword(context.Background(), a.Claims, seed.DemoPassword, "Trocada@2025"); err != nil {
		t.Errorf("after the window: %v", err)
	}
}

// The tenant's reuse limit N refuses the last N passwords, the current one included.
func TestPasswordReuseLimit(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	ctx := context.Background()
	code, user := policyTenant(t, 0, 3)
	p := []string{seed.DemoPassword, "Primeira@01", "Segunda@02", "Terceira@03"}
	res := loginWith(t, s, code, user, p[0])
	for i := 1; i < len(p); i++ {
		if err := s.ChangePassword(ctx, res.Claims, p[i-1], p[i]); err != nil {
			t.Fatalf("change %d: %v", i, err)
		}
	}
	// Last three: p3 (current), p2, p1.
	for _, old := range []string{p[3], p[2], p[1]} {
		wantRule(t, "reuse of "+old, s.ChangePassword(ctx, res.Claims, p[3], old), "proposedPassword", "senha_reutilizada")
	}
	if err := s.ChangePassword(ctx, res.Claims, p[3], p[0]); err != nil {
		t.Errorf("the fourth password back: %v", err)
	}
	auditOK(t, res.Claims.Tenant, res.Claims.UserID, p, auth.PasswordChangedByUser, auth.PasswordChangedByUser,
		auth.PasswordChangedByUser, auth.PasswordChangedByUser)
}

func TestResetCodeShape(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	counts := map[rune]int{}
	const n = 4000
	for i := 0; i < n; i++ {
		c, err := auth.NewResetCode()
		if err != nil {
			t.Fatal(err)
		}
		if len(c) != 8 || strings.ToUpper(c) != c || strings.Trim(c, auth.ResetCodeAlphabet) != "" {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
		for _, r := range c {
			counts[r]++
		}
	}
	if len(seen) < n-1 {
		t.Errorf("%d distinct codes of %d", len(seen), n)
	}
	if strings.ContainsAny(auth.ResetCodeAlphabet, "0O1IL") {
		t.Errorf("alphabet %q has ambiguous characters", auth.ResetCodeAlphabet)
	}
	// Every symbol about equally often (expected 8*4000/31 ≈ 1032 each).
	for _, r := range auth.ResetCodeAlphabet {
		if counts[r] < 850 || counts[r] > 1220 {
			t.Errorf("symbol %c drawn %d times", r, counts[r])
		}
	}
}

// mailEnv is a service that e-mails through a real SMTP server.
func mailEnv(t *testing.T, now func() time.Time) (*auth.Service, *mailtest.Server) {
	t.Helper()
	m, err := mailtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	s := newService(t, auth.Options{Now: now, Mailer: &auth.SMTPMailer{Addr: m.Addr, From: "Portal RH <no-reply@portal.local>"}})
	return s, m
}

// readCode asks for a code and reads it from the n-th mail (from 0) to the user.
func readCode(t *testing.T, s *auth.Service, m *mailtest.Server, user string, n int) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.ForgotPassword(ctx, seed.DemoCode, user); err != nil {
		t.Fatal(err)
	}
	msg, err := m.WaitFor(ctx, user+"@democorp.com.br", n)
	if err != nil {
		t.Fatal(err)
	}
	code := msg.Code()
	if !regexp.MustCompile(`^[` + auth.ResetCodeAlphabet + `]{8}$`).MatchString(code) {
		t.Fatalf("no code in the mail: %q\n%s", msg.Subject, msg.Body)
	}
	return code
}

func TestForgotPassword(t *testing.T) {
	t.Parallel()
	s, m := mailEnv(t, nil)
	ctx := context.Background()
	user := makeUser(t, seed.DemoCode, 24, true)
	before := login(t, s, seed.DemoCode, user)

	code := readCode(t, s, m, user, 0)
	msg := m.Messages()[0]
	if msg.Subject != "Código para redefinir sua senha" || msg.From != "no-reply@portal.local" || !strings.Contains(msg.Body, "10 minutos") {
		t.Errorf("mail %q from %q:\n%s", msg.Subject, msg.From, msg.Body)
	}
	wantRule(t, "short", s.ConfirmForgotPassword(ctx, seed.DemoCode, user, code, "curta"), "newPassword", "senha_minimo_8")
	wantRule(t, "same", s.ConfirmForgotPassword(ctx, seed.DemoCode, user, code, seed.DemoPassword), "newPassword", "senha_reutilizada")
	// Typed in lower case with spaces, as people do.
	if err := s.ConfirmForgotPassword(ctx, "democorp", user, "  "+strings.ToLower(code)+" ", "Redefinida@2025"); err != nil {
		t.Fatal(err)
	}
	loginFails(t, s, seed.DemoCode, user, seed.DemoPassword)
	loginWith(t, s, seed.DemoCode, user, "Redefinida@2025")
	// Single use.
	wantRule(t, "used code", s.ConfirmForgotPassword(ctx, seed.DemoCode, user, code, "Outra@Senha99"), "code", "codigo_invalido")
	// A reset ends every session of the user.
	if _, err := s.Verify(before.AccessToken); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("session from before the reset: %v", err)
	}
	auditOK(t, before.Claims.Tenant, before.Claims.UserID, []string{code, "Redefinida@2025"}, auth.PasswordChangedReset)
}

func TestForgotPasswordUnknownUser(t *testing.T) {
	t.Parallel()
	s, m := mailEnv(t, nil)
	ctx := context.Background()
	disabled := makeUser(t, seed.DemoCode, 25, false)
	for _, user := range []string{"nobody.here", disabled} {
		if err := s.ForgotPassword(ctx, seed.DemoCode, user); err != nil {
			t.Errorf("%s: %v, want the answer of a known user", user, err)
		}
		wantRule(t, user, s.ConfirmForgotPassword(ctx, seed.DemoCode, user, "ABCDEFGH", "Qualquer@2025"), "code", "codigo_invalido")
	}
	s.WaitMail()
	if n := len(m.Messages()); n != 0 {
		t.Errorf("%d mails sent for unknown or disabled users", n)
	}
	wantRule(t, "no name", s.ForgotPassword(ctx, seed.DemoCode, "  "), "userName", "usuario_obrigatorio")
	if err := s.ForgotPassword(ctx, "NOPECORP", "ana.souza"); !errors.Is(err, auth.ErrUnknownTenant) {
		t.Errorf("unknown access code: %v", err)
	}
}

// Five tries, then the code is dead even when right; the fifth try may be the right one.
func TestForgotPasswordTries(t *testing.T) {
	t.Parallel()
	s, m := mailEnv(t, nil)
	ctx := context.Background()
	user := makeUser(t, seed.DemoCode, 26, true)

	code := readCode(t, s, m, user, 0)
	wrong := "ZZZZZZZZ"
	if code == wrong {
		wrong = "YYYYYYYY"
	}
	for i := 0; i < auth.ResetCodeTries; i++ {
		wantRule(t, fmt.Sprint("try ", i+1), s.ConfirmForgotPassword(ctx, seed.DemoCode, user, wrong, "Tentativa@2025"), "code", "codigo_invalido")
	}
	wantRule(t, "right code after 5 wrong tries", s.ConfirmForgotPassword(ctx, seed.DemoCode, user, code, "Tentativa@2025"), "code", "codigo_invalido")
	loginWith(t, s, seed.DemoCode, user, seed.DemoPassword)

	code = readCode(t, s, m, user, 1)
	for i := 0; i < auth.ResetCodeTries-1; i++ {
		wantRule(t, "wrong", s.ConfirmForgotPassword(ctx, seed.DemoCode, user, wrong, "Tentativa@2025"), "code", "codigo_invalido")
	}
	if err := s.ConfirmForgotPassword(ctx, seed.DemoCode, user, code, "Tentativa@2025"); err != nil {
		t.Errorf("right code at the fifth try: %v", err)
	}
}

func TestForgotPasswordExpiresAndSupersedes(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s, m := mailEnv(t, clk.Now)
	ctx := context.Background()
	user := makeUser(t, seed.DemoCode, 27, true)

	code := readCode(t, s, m, user, 0)
	clk.Add(auth.ResetCodeTTL)
	wantRule(t, "expired", s.ConfirmForgotPassword(ctx, seed.DemoCode, user, code, "Expirada@2025"), "code", "codigo_invalido")

	// A new code kills the one before it.
	first := readCode(t, s, m, user, 1)
	second := readCode(t, s, m, user, 2)
	if first != second {
		wantRule(t, "superseded", s.ConfirmForgotPassword(ctx, seed.DemoCode, user, first, "Expirada@2025"), "code", "codigo_invalido")
	}
	clk.Add(auth.ResetCodeTTL - time.Second)
	if err := s.ConfirmForgotPassword(ctx, seed.DemoCode, user, second, "Expirada@2025"); err != nil {
		t.Errorf("latest code within 10 minutes: %v", err)
	}

	// At most ResetCodesPerHour mails an hour: two more go out, then none.
	readCode(t, s, m, user, 3)
	readCode(t, s, m, user, 4)
	if err := s.ForgotPassword(ctx, seed.DemoCode, user); err != nil {
		t.Fatal(err)
	}
	s.WaitMail()
	if n := m.Count(user + "@democorp.com.br"); n != auth.ResetCodesPerHour {
		t.Errorf("%d mails in the hour, want %d", n, auth.ResetCodesPerHour)
	}
}

// Without SMTP_ADDR the code is only logged, and the call answers as usual.
func TestForgotPasswordWithoutSMTP(t *testing.T) {
	t.Setenv(auth.SMTPAddrEnv, "")
	if auth.MailerFromEnv() != nil {
		t.Fatal("a mailer without SMTP_ADDR")
	}
	t.Setenv(auth.SMTPAddrEnv, "127.0.0.1:2525")
	if m, ok := auth.MailerFromEnv().(*auth.SMTPMailer); !ok || m.Addr != "127.0.0.1:2525" || m.From != auth.DefaultMailFrom {
		t.Errorf("mailer from env: %+v", auth.MailerFromEnv())
	}
	t.Setenv(auth.SMTPAddrEnv, "")
	s := newService(t, auth.Options{})
	if err := s.ForgotPassword(context.Background(), seed.DemoCode, makeUser(t, seed.DemoCode, 28, true)); err != nil {
		t.Error(err)
	}
}
