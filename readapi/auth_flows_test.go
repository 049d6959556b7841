package readapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"portal/auth"
	"portal/auth/mailtest"
	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/seed"
)

// flowsEnv is a seeded database of its own (these tests change passwords), a server whose
// auth.Service e-mails through a real SMTP server, started once.
var flowsEnv struct {
	once    sync.Once
	err     error
	server  *Server
	handler http.Handler
	mail    *mailtest.Server
	db      *pgtest.DB
}

const flowsKey = "readapi flows key, 32 bytes long"

func flowsServer(t *testing.T) (*Server, http.Handler, *mailtest.Server) {
	t.Helper()
	flowsEnv.once.Do(func() {
		d, err := pgtest.Start("readapi_authflows")
		if err != nil {
			flowsEnv.err = err
			return
		}
		flowsEnv.db = d
		ctx := context.Background()
		store := eventstore.NewPostgres(d.Pool)
		if flowsEnv.err = seed.Run(ctx, d.Pool, store, time.Now()); flowsEnv.err != nil {
			return
		}
		if flowsEnv.mail, flowsEnv.err = mailtest.Start(); flowsEnv.err != nil {
			return
		}
		svc, err := auth.NewService(ctx, d.Pool, auth.Options{TokenKey: []byte(flowsKey), Mailer: &auth.SMTPMailer{Addr: flowsEnv.mail.Addr}})
		if err != nil {
			flowsEnv.err = err
			return
		}
		flowsEnv.server = &Server{Pool: d.Pool, Store: store, Auth: svc}
		flowsEnv.handler = flowsEnv.server.Handler()
	})
	if flowsEnv.err != nil {
		t.Fatal(flowsEnv.err)
	}
	return flowsEnv.server, flowsEnv.handler, flowsEnv.mail
}

type tokenAnswer struct {
	User struct {
		UserName string `json:"userName"`
		TenID    string `json:"tenId"`
		Hash     string `json:"hash"`
	} `json:"user"`
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refreshToken"`
	IDToken      string `json:"idToken"`
	AuthResponse *struct {
		ChallengeName string `json:"challengeName"`
		Session       string `json:"session"`
		UserHash      string `json:"userHash"`
		UserName      string `json:"userName"`
	} `json:"authResponse"`
}

func jsonBody(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func post(h http.Handler, path string, body any, header map[string]string) response {
	return do(h, http.MethodPost, path, jsonBody(body), "192.0.2.50:1", header)
}

func wantTokens(t *testing.T, r response) tokenAnswer {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var a tokenAnswer
	if err := json.Unmarshal(r.body, &a); err != nil {
		t.Fatal(err)
	}
	if a.AccessToken == "" || a.RefreshToken == "" || a.IDToken == "" || a.User.UserName == "" || a.AuthResponse != nil {
		t.Fatalf("answer %s", r.body)
	}
	return a
}

func signInAs(t *testing.T, h http.Handler, code, user, password string) tokenAnswer {
	t.Helper()
	return wantTokens(t, do(h, http.MethodPost, "/api/auth/login", loginBody(code, user, password), "192.0.2.51:1", nil))
}

// authorized calls a route behind requireAuth (the clock's saved addresses) with token.
func authorized(h http.Handler, a tokenAnswer, token string) int {
	return do(h, http.MethodGet, "/api/rh-app/colaborador/historico-endereco-ponto?tenId="+a.User.TenID+"&userHash="+a.User.Hash,
		"", "", map[string]string{"Authorization": "Bearer " + token}).status
}

func refreshBody(a tokenAnswer, refresh string) map[string]string {
	return map[string]string{"accessToken": a.AccessToken, "refreshToken": refresh, "idToken": a.IDToken,
		"accessCode": seed.DemoCode, "userName": a.User.UserName}
}

func TestRefreshTokenCall(t *testing.T) {
	_, h, _ := flowsServer(t)
	a := signInAs(t, h, seed.DemoCode, seed.UserAna, seed.DemoPassword)
	r := post(h, "/api/auth/refreshToken", refreshBody(a, a.RefreshToken), nil)
	b := wantTokens(t, r)
	if b.RefreshToken == a.RefreshToken || b.User.Hash != a.User.Hash {
		t.Errorf("refresh answer %s", r.body)
	}
	if authorized(h, b, b.AccessToken) != http.StatusOK {
		t.Error("the new access token is refused")
	}

	refused := FieldError{Type: "refresh", Message: "falha_ao_renovar_token"}
	// Replaying the used token: 401, and the whole session is gone.
	wantError(t, post(h, "/api/auth/refreshToken", refreshBody(a, a.RefreshToken), nil), http.StatusUnauthorized, refused)
	wantError(t, post(h, "/api/auth/refreshToken", refreshBody(b, b.RefreshToken), nil), http.StatusUnauthorized, refused)
	if st := authorized(h, b, b.AccessToken); st != http.StatusUnauthorized {
		t.Errorf("access token of a revoked session: %d", st)
	}
	for name, body := range map[string]any{
		"empty":        map[string]string{},
		"garbage":      refreshBody(a, "garbage"),
		"another_user": map[string]string{"refreshToken": signInAs(t, h, seed.DemoCode, seed.UserAna, seed.DemoPassword).RefreshToken, "accessCode": seed.DemoCode, "userName": seed.UserMarcos},
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, post(h, "/api/auth/refreshToken", body, nil), http.StatusUnauthorized, refused)
		})
	}
}

func TestRefreshTokenRaceCall(t *testing.T) {
	_, h, _ := flowsServer(t)
	a := signInAs(t, h, seed.DemoCode, seed.UserMarcos, seed.DemoPassword)
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			switch r := post(h, "/api/auth/refreshToken", refreshBody(a, a.RefreshToken), nil); r.status {
			case http.StatusOK:
				ok.Add(1)
			case http.StatusUnauthorized:
				refused.Add(1)
			default:
				t.Errorf("status %d: %s", r.status, r.body)
			}
		}()
	}
	close(start)
	wg.Wait()
	if ok.Load() > 1 || ok.Load()+refused.Load() != 20 {
		t.Errorf("%d succeeded, %d refused; want at most one success", ok.Load(), refused.Load())
	}
}

func TestTokenSignInCalls(t *testing.T) {
	_, h, _ := flowsServer(t)
	a := signInAs(t, h, seed.DemoCode, seed.UserHelena, seed.DemoPassword)
	// The token sign-in screen's call, with the spec's lower-case "username".
	r := post(h, "/api/auth/signInWithRefreshToken", map[string]string{"username": seed.UserHelena, "refreshToken": a.RefreshToken,
		"accessCode": seed.DemoCode, "redirectUrl": "/apps/homePage"}, nil)
	b := wantTokens(t, r)
	if b.User.UserName != seed.UserHelena || b.RefreshToken == a.RefreshToken {
		t.Errorf("answer %s", r.body)
	}
	failed := FieldError{Type: "login", Message: "falha_login_token"}
	wantError(t, post(h, "/api/auth/signInWithRefreshToken", map[string]string{"username": seed.UserHelena, "refreshToken": "nope",
		"accessCode": seed.DemoCode}, nil), http.StatusUnauthorized, failed)

	r = post(h, "/api/auth/signInWithToken", map[string]string{"accessToken": b.AccessToken, "refreshToken": b.RefreshToken,
		"accessCode": seed.DemoCode, "redirectUrl": "/", "idToken": b.IDToken}, nil)
	c := wantTokens(t, r)
	if c.RefreshToken != b.RefreshToken || c.User.UserName != seed.UserHelena {
		t.Errorf("signInWithToken answer %s", r.body)
	}
	wantError(t, post(h, "/api/auth/signInWithToken", map[string]string{"accessToken": b.AccessToken, "accessCode": seed.AcmeCode}, nil),
		http.StatusUnauthorized, failed)
	wantError(t, post(h, "/api/auth/signInWithToken", map[string]string{"accessToken": "x.y.z", "accessCode": seed.DemoCode}, nil),
		http.StatusUnauthorized, failed)
}

func TestLogoutCall(t *testing.T) {
	_, h, _ := flowsServer(t)
	a := signInAs(t, h, seed.DemoCode, seed.UserPedro, seed.DemoPassword)
	other := signInAs(t, h, seed.DemoCode, seed.UserPedro, seed.DemoPassword)
	r := do(h, http.MethodPost, "/api/auth/logout", "", "", map[string]string{"Authorization": "Bearer " + a.AccessToken})
	if r.status != http.StatusOK || strings.TrimSpace(string(r.body)) != `{"success":true}` {
		t.Fatalf("logout: %d %s", r.status, r.body)
	}
	if st := authorized(h, a, a.AccessToken); st != http.StatusUnauthorized {
		t.Errorf("access token after logout: %d", st)
	}
	wantError(t, post(h, "/api/auth/refreshToken", refreshBody(a, a.RefreshToken), nil), http.StatusUnauthorized,
		FieldError{Type: "refresh", Message: "falha_ao_renovar_token"})
	if st := authorized(h, other, other.AccessToken); st != http.StatusOK {
		t.Errorf("the other session: %d", st)
	}
	// By refresh token, without a usable access token.
	r = post(h, "/api/auth/logout", map[string]string{"refreshToken": other.RefreshToken, "accessCode": seed.DemoCode},
		map[string]string{"Authorization": "Bearer expired.or.garbage"})
	if r.status != http.StatusOK {
		t.Fatalf("logout by refresh token: %d %s", r.status, r.body)
	}
	if st := authorized(h, other, other.AccessToken); st != http.StatusUnauthorized {
		t.Errorf("access token after logout by refresh token: %d", st)
	}
}

func TestChangePasswordCall(t *testing.T) {
	_, h, _ := flowsServer(t)
	a := signInAs(t, h, seed.DemoCode, seed.UserJoao, seed.DemoPassword)
	call := func(previous, proposed string) response {
		return post(h, "/api/auth/changePassword", map[string]string{"accessToken": a.AccessToken,
			"previousPassword": previous, "proposedPassword": proposed}, nil)
	}
	wantError(t, call("Errada@2024", "Trocada@2025"), http.StatusUnprocessableEntity, FieldError{Type: "previousPassword", Message: "senha_atual_incorreta"})
	wantError(t, call(seed.DemoPassword, "curta"), http.StatusBadRequest, FieldError{Type: "proposedPassword", Message: "senha_minimo_8"})
	wantError(t, call(seed.DemoPassword, seed.DemoPassword), http.StatusUnprocessableEntity, FieldError{Type: "proposedPassword", Message: "senha_reutilizada"})
	wantError(t, post(h, "/api/auth/changePassword", map[string]string{"accessToken": "x.y.z", "previousPassword": seed.DemoPassword,
		"proposedPassword": "Trocada@2025"}, nil), http.StatusUnauthorized, FieldError{Type: "token", Message: "token_invalido"})
	if r := call(seed.DemoPassword, "Trocada@2025"); r.status != http.StatusOK {
		t.Fatalf("change: %d %s", r.status, r.body)
	}
	wantError(t, do(h, http.MethodPost, "/api/auth/login", loginBody(seed.DemoCode, seed.UserJoao, seed.DemoPassword), "192.0.2.52:1", nil),
		http.StatusUnauthorized, FieldError{Type: "password", Message: "nao_autorizado"})
	signInAs(t, h, seed.DemoCode, seed.UserJoao, "Trocada@2025")
	// The bearer header works too.
	r := post(h, "/api/auth/changePassword", map[string]string{"previousPassword": "Trocada@2025", "proposedPassword": "Trocada@2026"},
		map[string]string{"Authorization": "Bearer " + a.AccessToken})
	if r.status != http.StatusOK {
		t.Errorf("change with the bearer token: %d %s", r.status, r.body)
	}
}

// The seeded nova.senha must choose a new password at the first sign-in.
func TestNewPasswordRequiredCall(t *testing.T) {
	_, h, _ := flowsServer(t)
	r := do(h, http.MethodPost, "/api/auth/login", loginBody(seed.DemoCode, seed.UserNova, seed.DemoPassword), "192.0.2.53:1", nil)
	var a tokenAnswer
	json.Unmarshal(r.body, &a)
	if r.status != http.StatusOK || a.AuthResponse == nil || a.AuthResponse.ChallengeName != "NEW_PASSWORD_REQUIRED" ||
		a.AccessToken != "" || a.AuthResponse.UserName != seed.UserNova || a.AuthResponse.UserHash != seed.UserHash(seed.DemoCode, seed.UserNova) {
		t.Fatalf("challenge: %d %s", r.status, r.body)
	}
	body := map[string]string{"sessionId": a.AuthResponse.Session, "newPassword": "Primeira@2025", "userName": seed.UserNova,
		"accessCode": seed.DemoCode, "userHash": a.AuthResponse.UserHash}
	bad := map[string]string{}
	for k, v := range body {
		bad[k] = v
	}
	bad["sessionId"] = "forged"
	wantError(t, post(h, "/api/auth/NewPasswordRequired", bad, nil), http.StatusUnauthorized, FieldError{Type: "sessionId", Message: "sessao_invalida"})
	bad["sessionId"], bad["newPassword"] = body["sessionId"], "1234"
	wantError(t, post(h, "/api/auth/NewPasswordRequired", bad, nil), http.StatusBadRequest, FieldError{Type: "newPassword", Message: "senha_minimo_8"})
	if r := post(h, "/api/auth/NewPasswordRequired", body, nil); r.status != http.StatusOK {
		t.Fatalf("NewPasswordRequired: %d %s", r.status, r.body)
	}
	signInAs(t, h, seed.DemoCode, seed.UserNova, "Primeira@2025")
}

func TestForgotPasswordCalls(t *testing.T) {
	s, h, m := flowsServer(t)
	const user = "totem.portaria"
	forgot := func(code, name string) response {
		return post(h, "/api/auth/authManagement/AdminForgotPassword", map[string]string{"accessCode": code, "userName": name}, nil)
	}
	confirm := func(name, code, password string) response {
		return post(h, "/api/auth/authManagement/AdminConfirmForgotPassword", map[string]string{"accessCode": seed.DemoCode,
			"userName": name, "code": code, "newPassword": password}, nil)
	}
	known := forgot(seed.DemoCode, user)
	unknown := forgot(seed.DemoCode, "ninguem.aqui")
	if known.status != http.StatusOK || unknown.status != http.StatusOK || string(known.body) != string(unknown.body) {
		t.Errorf("known %d %s, unknown %d %s: want the same answer", known.status, known.body, unknown.status, unknown.body)
	}
	wantError(t, forgot("NOPECORP", user), http.StatusNotFound, FieldError{Type: "accessCode", Message: "codigo_acesso_invalido"})
	wantError(t, forgot("", user), http.StatusBadRequest, FieldError{Type: "accessCode", Message: "codigo_acesso_obrigatorio"})
	wantError(t, forgot(seed.DemoCode, ""), http.StatusBadRequest, FieldError{Type: "userName", Message: "usuario_obrigatorio"})

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	msg, err := m.WaitFor(ctx, user+"@democorp.com.br", 0)
	if err != nil {
		t.Fatal(err)
	}
	code := msg.Code()
	if len(code) != auth.ResetCodeLength || strings.ToUpper(code) != code {
		t.Fatalf("code %q in\n%s", code, msg.Body)
	}
	s.Auth.WaitMail()
	if n := len(m.Messages()); n != 1 {
		t.Errorf("%d mails, want 1 (none for the unknown user)", n)
	}

	invalid := FieldError{Type: "code", Message: "codigo_invalido"}
	wantError(t, confirm(user, "ABCDEFGH", "Redefinida@2025"), http.StatusUnprocessableEntity, invalid)
	wantError(t, confirm("ninguem.aqui", code, "Redefinida@2025"), http.StatusUnprocessableEntity, invalid)
	wantError(t, confirm(user, code, "curta"), http.StatusBadRequest, FieldError{Type: "newPassword", Message: "senha_minimo_8"})
	if r := confirm(user, strings.ToLower(code), "Redefinida@2025"); r.status != http.StatusOK {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	wantError(t, confirm(user, code, "Outra@Senha2025"), http.StatusUnprocessableEntity, invalid)
	signInAs(t, h, seed.DemoCode, user, "Redefinida@2025")
}
