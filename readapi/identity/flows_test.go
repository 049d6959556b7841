package identity_test

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
	"portal/readapi"
	"portal/readapi/apitest"
	"portal/readapi/httpx"
	"portal/readapi/readapitest"
	"portal/seed"
)

// flowsServer is a seeded database of its own (these tests change passwords) and a server
// whose auth.Service e-mails through a real SMTP server.
func flowsServer(t *testing.T) (*readapi.Server, http.Handler, *mailtest.Server) {
	t.Helper()
	e, mail := readapitest.NewSeededMail(t, "identity_flows")
	return e.Server, e.Handler(), mail
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

func post(h http.Handler, path string, body any, header map[string]string) apitest.Response {
	return apitest.Send(h, http.MethodPost, path, jsonBody(body), "192.0.2.50:1", header)
}

func wantTokens(t *testing.T, r apitest.Response) tokenAnswer {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	var a tokenAnswer
	if err := json.Unmarshal(r.Body, &a); err != nil {
		t.Fatal(err)
	}
	if a.AccessToken == "" || a.RefreshToken == "" || a.IDToken == "" || a.User.UserName == "" || a.AuthResponse != nil {
		t.Fatalf("answer %s", r.Body)
	}
	return a
}

func signInAs(t *testing.T, h http.Handler, code, user, password string) tokenAnswer {
	t.Helper()
	return wantTokens(t, apitest.Send(h, http.MethodPost, "/api/auth/login", apitest.LoginBody(code, user, password), "192.0.2.51:1", nil))
}

// authorized calls a route behind requireAuth (the clock's saved addresses) with token.
func authorized(h http.Handler, a tokenAnswer, token string) int {
	return apitest.Send(h, http.MethodGet, "/api/rh-app/colaborador/historico-endereco-ponto?tenId="+a.User.TenID+"&userHash="+a.User.Hash,
		"", "", map[string]string{"Authorization": "Bearer " + token}).Status
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
		t.Errorf("refresh answer %s", r.Body)
	}
	if authorized(h, b, b.AccessToken) != http.StatusOK {
		t.Error("the new access token is refused")
	}

	refused := httpx.FieldError{Type: "refresh", Message: "falha_ao_renovar_token"}
	// Replaying the used token: 401, and the whole session is gone.
	apitest.WantErrors(t, post(h, "/api/auth/refreshToken", refreshBody(a, a.RefreshToken), nil), http.StatusUnauthorized, refused)
	apitest.WantErrors(t, post(h, "/api/auth/refreshToken", refreshBody(b, b.RefreshToken), nil), http.StatusUnauthorized, refused)
	if st := authorized(h, b, b.AccessToken); st != http.StatusUnauthorized {
		t.Errorf("access token of a revoked session: %d", st)
	}
	for name, body := range map[string]any{
		"empty":        map[string]string{},
		"garbage":      refreshBody(a, "garbage"),
		"another_user": map[string]string{"refreshToken": signInAs(t, h, seed.DemoCode, seed.UserAna, seed.DemoPassword).RefreshToken, "accessCode": seed.DemoCode, "userName": seed.UserMarcos},
	} {
		t.Run(name, func(t *testing.T) {
			apitest.WantErrors(t, post(h, "/api/auth/refreshToken", body, nil), http.StatusUnauthorized, refused)
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
			switch r := post(h, "/api/auth/refreshToken", refreshBody(a, a.RefreshToken), nil); r.Status {
			case http.StatusOK:
				ok.Add(1)
			case http.StatusUnauthorized:
				refused.Add(1)
			default:
				t.Errorf("status %d: %s", r.Status, r.Body)
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
		t.Errorf("answer %s", r.Body)
	}
	failed := httpx.FieldError{Type: "login", Message: "falha_login_token"}
	apitest.WantErrors(t, post(h, "/api/auth/signInWithRefreshToken", map[string]string{"username": seed.UserHelena, "refreshToken": "nope",
		"accessCode": seed.DemoCode}, nil), http.StatusUnauthorized, failed)

	r = post(h, "/api/auth/signInWithToken", map[string]string{"accessToken": b.AccessToken, "refreshToken": b.RefreshToken,
		"accessCode": seed.DemoCode, "redirectUrl": "/", "idToken": b.IDToken}, nil)
	c := wantTokens(t, r)
	if c.RefreshToken != b.RefreshToken || c.User.UserName != seed.UserHelena {
		t.Errorf("signInWithToken answer %s", r.Body)
	}
	apitest.WantErrors(t, post(h, "/api/auth/signInWithToken", map[string]string{"accessToken": b.AccessToken, "accessCode": seed.AcmeCode}, nil),
		http.StatusUnauthorized, failed)
	apitest.WantErrors(t, post(h, "/api/auth/signInWithToken", map[string]string{"accessToken": "x.y.z", "accessCode": seed.DemoCode}, nil),
		http.StatusUnauthorized, failed)
}

func TestLogoutCall(t *testing.T) {
	_, h, _ := flowsServer(t)
	a := signInAs(t, h, seed.DemoCode, seed.UserPedro, seed.DemoPassword)
	other := signInAs(t, h, seed.DemoCode, seed.UserPedro, seed.DemoPassword)
	r := apitest.Send(h, http.MethodPost, "/api/auth/logout", "", "", map[string]string{"Authorization": "Bearer " + a.AccessToken})
	if r.Status != http.StatusOK || strings.TrimSpace(string(r.Body)) != `{"success":true}` {
		t.Fatalf("logout: %d %s", r.Status, r.Body)
	}
	if st := authorized(h, a, a.AccessToken); st != http.StatusUnauthorized {
		t.Errorf("access token after logout: %d", st)
	}
	apitest.WantErrors(t, post(h, "/api/auth/refreshToken", refreshBody(a, a.RefreshToken), nil), http.StatusUnauthorized,
		httpx.FieldError{Type: "refresh", Message: "falha_ao_renovar_token"})
	if st := authorized(h, other, other.AccessToken); st != http.StatusOK {
		t.Errorf("the other session: %d", st)
	}
	// By refresh token, without a usable access token.
	r = post(h, "/api/auth/logout", map[string]string{"refreshToken": other.RefreshToken, "accessCode": seed.DemoCode},
		map[string]string{"Authorization": "Bearer expired.or.garbage"})
	if r.Status != http.StatusOK {
		t.Fatalf("logout by refresh token: %d %s", r.Status, r.Body)
	}
	if st := authorized(h, other, other.AccessToken); st != http.StatusUnauthorized {
		t.Errorf("access token after logout by refresh token: %d", st)
	}
}

func TestChangePasswordCall(t *testing.T) {
	_, h, _ := flowsServer(t)
	a := signInAs(t, h, seed.DemoCode, seed.UserJoao, seed.DemoPassword)
	call := func(previous, proposed string) apitest.Response {
		return post(h, "/api/auth/changePassword", map[string]string{"accessToken": a.AccessToken,
			"previousPassword": previous, "proposedPassword": proposed}, nil)
	}
	apitest.WantErrors(t, call("Errada@2024", "Trocada@2025"), http.StatusUnprocessableEntity, httpx.FieldError{Type: "previousPassword", Message: "senha_atual_incorreta"})
	apitest.WantErrors(t, call(seed.DemoPassword, "curta"), http.StatusBadRequest, httpx.FieldError{Type: "proposedPassword", Message: "senha_minimo_8"})
	apitest.WantErrors(t, call(seed.DemoPassword, seed.DemoPassword), http.StatusUnprocessableEntity, httpx.FieldError{Type: "proposedPassword", Message: "senha_reutilizada"})
	apitest.WantErrors(t, post(h, "/api/auth/changePassword", map[string]string{"accessToken": "x.y.z", "previousPassword": seed.DemoPassword,
		"proposedPassword": "Trocada@2025"}, nil), http.StatusUnauthorized, httpx.FieldError{Type: "token", Message: "token_invalido"})
	if r := call(seed.DemoPassword, "Trocada@2025"); r.Status != http.StatusOK {
		t.Fatalf("change: %d %s", r.Status, r.Body)
	}
	apitest.WantErrors(t, apitest.Send(h, http.MethodPost, "/api/auth/login", apitest.LoginBody(seed.DemoCode, seed.UserJoao, seed.DemoPassword), "192.0.2.52:1", nil),
		http.StatusUnauthorized, httpx.FieldError{Type: "password", Message: "nao_autorizado"})
	signInAs(t, h, seed.DemoCode, seed.UserJoao, "Trocada@2025")
	// The bearer header works too.
	r := post(h, "/api/auth/changePassword", map[string]string{"previousPassword": "Trocada@2025", "proposedPassword": "Trocada@2026"},
		map[string]string{"Authorization": "Bearer " + a.AccessToken})
	if r.Status != http.StatusOK {
		t.Errorf("change with the bearer token: %d %s", r.Status, r.Body)
	}
}

// The seeded nova.senha must choose a new password at the first sign-in.
func TestNewPasswordRequiredCall(t *testing.T) {
	_, h, _ := flowsServer(t)
	r := apitest.Send(h, http.MethodPost, "/api/auth/login", apitest.LoginBody(seed.DemoCode, seed.UserNova, seed.DemoPassword), "192.0.2.53:1", nil)
	var a tokenAnswer
	json.Unmarshal(r.Body, &a)
	if r.Status != http.StatusOK || a.AuthResponse == nil || a.AuthResponse.ChallengeName != "NEW_PASSWORD_REQUIRED" ||
		a.AccessToken != "" || a.AuthResponse.UserName != seed.UserNova || a.AuthResponse.UserHash != seed.UserHash(seed.DemoCode, seed.UserNova) {
		t.Fatalf("challenge: %d %s", r.Status, r.Body)
	}
	body := map[string]string{"sessionId": a.AuthResponse.Session, "newPassword": "Primeira@2025", "userName": seed.UserNova,
		"accessCode": seed.DemoCode, "userHash": a.AuthResponse.UserHash}
	bad := map[string]string{}
	for k, v := range body {
		bad[k] = v
	}
	bad["sessionId"] = "forged"
	apitest.WantErrors(t, post(h, "/api/auth/NewPasswordRequired", bad, nil), http.StatusUnauthorized, httpx.FieldError{Type: "sessionId", Message: "sessao_invalida"})
	bad["sessionId"], bad["newPassword"] = body["sessionId"], "1234"
	apitest.WantErrors(t, post(h, "/api/auth/NewPasswordRequired", bad, nil), http.StatusBadRequest, httpx.FieldError{Type: "newPassword", Message: "senha_minimo_8"})
	if r := post(h, "/api/auth/NewPasswordRequired", body, nil); r.Status != http.StatusOK {
		t.Fatalf("NewPasswordRequired: %d %s", r.Status, r.Body)
	}
	signInAs(t, h, seed.DemoCode, seed.UserNova, "Primeira@2025")
}

func TestForgotPasswordCalls(t *testing.T) {
	s, h, m := flowsServer(t)
	const user = "totem.portaria"
	forgot := func(code, name string) apitest.Response {
		return post(h, "/api/auth/authManagement/AdminForgotPassword", map[string]string{"accessCode": code, "userName": name}, nil)
	}
	confirm := func(name, code, password string) apitest.Response {
		return post(h, "/api/auth/authManagement/AdminConfirmForgotPassword", map[string]string{"accessCode": seed.DemoCode,
			"userName": name, "code": code, "newPassword": password}, nil)
	}
	known := forgot(seed.DemoCode, user)
	unknown := forgot(seed.DemoCode, "ninguem.aqui")
	if known.Status != http.StatusOK || unknown.Status != http.StatusOK || string(known.Body) != string(unknown.Body) {
		t.Errorf("known %d %s, unknown %d %s: want the same answer", known.Status, known.Body, unknown.Status, unknown.Body)
	}
	apitest.WantErrors(t, forgot("NOPECORP", user), http.StatusNotFound, httpx.FieldError{Type: "accessCode", Message: "codigo_acesso_invalido"})
	apitest.WantErrors(t, forgot("", user), http.StatusBadRequest, httpx.FieldError{Type: "accessCode", Message: "codigo_acesso_obrigatorio"})
	apitest.WantErrors(t, forgot(seed.DemoCode, ""), http.StatusBadRequest, httpx.FieldError{Type: "userName", Message: "usuario_obrigatorio"})

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

	invalid := httpx.FieldError{Type: "code", Message: "codigo_invalido"}
	apitest.WantErrors(t, confirm(user, "ABCDEFGH", "Redefinida@2025"), http.StatusUnprocessableEntity, invalid)
	apitest.WantErrors(t, confirm("ninguem.aqui", code, "Redefinida@2025"), http.StatusUnprocessableEntity, invalid)
	apitest.WantErrors(t, confirm(user, code, "curta"), http.StatusBadRequest, httpx.FieldError{Type: "newPassword", Message: "senha_minimo_8"})
	if r := confirm(user, strings.ToLower(code), "Redefinida@2025"); r.Status != http.StatusOK {
		t.Fatalf("confirm: %d %s", r.Status, r.Body)
	}
	apitest.WantErrors(t, confirm(user, code, "Outra@Senha2025"), http.StatusUnprocessableEntity, invalid)
	signInAs(t, h, seed.DemoCode, user, "Redefinida@2025")
}
