package identity_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"portal/auth"
	"portal/readapi/apitest"
	"portal/readapi/httpx"
	"portal/readapi/readapitest"
	"portal/seed"
)

// Forged access tokens are refused by every call that takes a token: the routes behind
// requireAuth (401 token_invalido), changePassword, signInWithToken; logout ends nothing
// with them.
func TestForgedTokensRefused(t *testing.T) {
	s, h, _ := flowsServer(t)
	a := signInAs(t, h, seed.DemoCode, seed.UserAna, seed.DemoPassword)
	if authorized(h, a, a.AccessToken) != http.StatusOK {
		t.Fatal("the genuine token is refused")
	}
	parts := strings.Split(a.AccessToken, ".")
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var claims jwt.MapClaims
	if err := json.Unmarshal(payload, &claims); err != nil {
		t.Fatal(err)
	}
	if claims["tid"] != seed.TenantID(seed.DemoCode).String() {
		t.Fatalf("claims %v", claims)
	}
	acme := seed.TenantID(seed.AcmeCode).String()
	swapped := jwt.MapClaims{}
	for k, v := range claims {
		swapped[k] = v
	}
	swapped["tid"] = acme
	swappedJSON, _ := json.Marshal(swapped)

	sign := func(m jwt.SigningMethod, c jwt.Claims, key any) string {
		tok, err := jwt.NewWithClaims(m, c).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	otherKey := []byte("not the server's key, 32 bytes!!")
	// A token the server really issued, but 20 minutes ago: expired (access tokens live 15).
	past, err := auth.NewService(context.Background(), s.Pool, auth.Options{TokenKey: []byte(readapitest.SeededKey),
		Now: func() time.Time { return time.Now().Add(-20 * time.Minute) }})
	if err != nil {
		t.Fatal(err)
	}
	old, err := past.Login(context.Background(), seed.DemoCode, seed.UserAna, seed.DemoPassword)
	if err != nil {
		t.Fatal(err)
	}

	forged := map[string]string{
		"alg_none":                sign(jwt.SigningMethodNone, claims, jwt.UnsafeAllowNoneSignatureType),
		"alg_none_no_signature":   strings.Join([]string{base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)), parts[1], ""}, "."),
		"wrong_key":               sign(jwt.SigningMethodHS256, claims, otherKey),
		"other_hmac_alg":          sign(jwt.SigningMethodHS512, claims, []byte(readapitest.SeededKey)),
		"tenant_edited":           parts[0] + "." + base64.RawURLEncoding.EncodeToString(swappedJSON) + "." + parts[2],
		"tenant_swapped_resigned": sign(jwt.SigningMethodHS256, swapped, otherKey),
		"expired":                 old.AccessToken,
		"signature_dropped":       parts[0] + "." + parts[1] + ".",
	}
	for name, tok := range forged {
		t.Run(name, func(t *testing.T) {
			// A route behind requireAuth, with the token's own ids and with ACME's.
			for _, tenID := range []string{a.User.TenID, acme} {
				r := apitest.Send(h, http.MethodGet, "/api/rh-app/colaborador/historico-endereco-ponto?tenId="+tenID+"&userHash="+a.User.Hash,
					"", "", map[string]string{"Authorization": "Bearer " + tok})
				apitest.WantErrors(t, r, http.StatusUnauthorized, httpx.FieldError{Type: "token", Message: "token_invalido"})
			}
			apitest.WantErrors(t, post(h, "/api/auth/changePassword", map[string]string{"accessToken": tok,
				"previousPassword": seed.DemoPassword, "proposedPassword": "Forjada@2025"}, nil),
				http.StatusUnauthorized, httpx.FieldError{Type: "token", Message: "token_invalido"})
			for _, code := range []string{seed.DemoCode, seed.AcmeCode} {
				apitest.WantErrors(t, post(h, "/api/auth/signInWithToken", map[string]string{"accessToken": tok, "accessCode": code}, nil),
					http.StatusUnauthorized, httpx.FieldError{Type: "login", Message: "falha_login_token"})
			}
			apitest.Send(h, http.MethodPost, "/api/auth/logout", "", "", map[string]string{"Authorization": "Bearer " + tok})
			if authorized(h, a, a.AccessToken) != http.StatusOK {
				t.Error("a forged token's logout ended the genuine session")
			}
		})
	}
}
