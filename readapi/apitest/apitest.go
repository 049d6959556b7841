// Package apitest is what the tests of the HTTP areas share: a call's answer with its
// {type, message} check, and reading the log as a projection would. Only tests import it.
package apitest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"

	"portal/auth"
	"portal/eventstore"
	"portal/eventstore/storetest"
	"portal/platform/pgtest"
	"portal/readapi/httpx"
)

// Response is a call's answer.
type Response struct {
	Status int
	Body   []byte
	Header http.Header
}

// Decode reads the body into v.
func (r Response) Decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("body %s: %v", r.Body, err)
	}
}

// ErrorBody reads the body as the {message, errors} answer of a refused call.
func (r Response) ErrorBody(t *testing.T) httpx.ErrorBody {
	t.Helper()
	var b httpx.ErrorBody
	r.Decode(t, &b)
	return b
}

// DecodeOK fails unless the call answered 200, and reads the body into v.
func (r Response) DecodeOK(t *testing.T, v any) {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	r.Decode(t, v)
}

// DecodeAs fails unless the call answered 200, and reads the body as a T.
func DecodeAs[T any](t *testing.T, r Response) T {
	t.Helper()
	var v T
	r.DecodeOK(t, &v)
	return v
}

// WantErr checks a 4xx answer: status, the first message and the single {type, message}.
func (r Response) WantErr(t *testing.T, status int, typ, message string) {
	t.Helper()
	var b httpx.ErrorBody
	r.Decode(t, &b)
	if r.Status != status || b.Message != message || len(b.Errors) != 1 || b.Errors[0] != (httpx.FieldError{Type: typ, Message: message}) {
		t.Fatalf("got %d %s, want %d {%s %s}", r.Status, r.Body, status, typ, message)
	}
}

// WantFirstErr checks a 4xx answer's status and its first {type, message} (the answer may
// name a detail after it).
func (r Response) WantFirstErr(t *testing.T, status int, typ, message string) {
	t.Helper()
	var b httpx.ErrorBody
	r.Decode(t, &b)
	if r.Status != status || len(b.Errors) == 0 || b.Errors[0] != (httpx.FieldError{Type: typ, Message: message}) {
		t.Fatalf("got %d %s, want %d {%s %s} first", r.Status, r.Body, status, typ, message)
	}
}

// TenantLog reads the global log until newest has become readable (other transactions on
// the shared server may hold it back a while) and returns the tenant's events in log order.
func TenantLog(t *testing.T, store eventstore.Store, tenant uuid.UUID, newest func(eventstore.RecordedEvent) bool) []eventstore.RecordedEvent {
	t.Helper()
	var mine []eventstore.RecordedEvent
	for _, ev := range storetest.ReadUntil(t, store, eventstore.Start, newest) {
		if ev.Tenant == tenant {
			mine = append(mine, ev)
		}
	}
	return mine
}

// Start starts a fresh test database named name (pgtest) with its event store and a real
// auth.Service that signs with key; all are closed when the test ends.
func Start(t *testing.T, name, key string) (*pgtest.DB, *eventstore.Postgres, *auth.Service) {
	t.Helper()
	d, store := storetest.Postgres(t, name)
	svc, err := auth.NewService(context.Background(), d.Pool, auth.Options{TokenKey: []byte(key)})
	if err != nil {
		t.Fatal(err)
	}
	return d, store, svc
}

// Query is base with overrides set; an empty override removes the parameter.
func Query(base url.Values, overrides map[string]string) url.Values {
	for k, v := range overrides {
		if v == "" {
			base.Del(k)
		} else {
			base.Set(k, v)
		}
	}
	return base
}

// Do sends req to h, as the holder of token when it is not empty, and returns the answer. A
// request with a body is sent as JSON. Headers req already has are kept.
func Do(h http.Handler, req *http.Request, token string) Response {
	if req.ContentLength > 0 && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" && req.Header.Get("Authorization") == "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return Response{Status: rec.Code, Body: rec.Body.Bytes(), Header: rec.Header()}
}

// Send sends method target with body (JSON when not empty) from the remote address (when not
// empty) with header, and returns the answer.
func Send(h http.Handler, method, target, body, remote string, header map[string]string) Response {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if remote != "" {
		req.RemoteAddr = remote
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return Do(h, req, "")
}

// LoginBody is the sign-in call's body.
func LoginBody(code, user, password string) string {
	b, _ := json.Marshal(map[string]string{"accessCode": code, "userName": user, "password": password, "redirectUrl": "/apps/homePage"})
	return string(b)
}

// SignIn signs user of the tenant with access code in through h with password, and returns
// the access token, the tenId and the user's hash.
func SignIn(t *testing.T, h http.Handler, code, user, password string) (token, tenID, hash string) {
	t.Helper()
	var res struct {
		User struct {
			TenID string `json:"tenId"`
			Hash  string `json:"hash"`
		} `json:"user"`
		AccessToken string `json:"access_token"`
	}
	Send(h, http.MethodPost, "/api/auth/login", LoginBody(code, user, password), "192.0.2.20:1", nil).DecodeOK(t, &res)
	return res.AccessToken, res.User.TenID, res.User.Hash
}

// WantErrors checks a refused call: its status, its {type, message} list, and the first
// message as the answer's message.
func WantErrors(t *testing.T, r Response, status int, list ...httpx.FieldError) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	b := r.ErrorBody(t)
	if fmt.Sprint(b.Errors) != fmt.Sprint(list) || b.Message != list[0].Message {
		t.Errorf("body %s, want errors %v", r.Body, list)
	}
}
