package readapitest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/auth"
	"portal/auth/mailtest"
	"portal/eventstore"
	"portal/eventstore/storetest"
	"portal/platform/pgtest"
	"portal/readapi"
	"portal/readapi/apitest"
	"portal/seed"
)

// Seeded is a database seeded with the demo tenants and a server on it. The server serves
// from the first call on, so a test may complete it before.
type Seeded struct {
	DB      *pgtest.DB
	Store   *eventstore.Postgres
	Server  *readapi.Server
	once    sync.Once
	handler http.Handler
}

// SeededKey signs the tokens of a Seeded server.
const SeededKey = "seeded test signing key, 32 byte"

// NewSeeded starts a database named name, seeds it and puts a server with a test signing key
// (SeededKey) on it.
func NewSeeded(t *testing.T, name string) *Seeded {
	t.Helper()
	return newSeeded(t, name, auth.Options{}, false)
}

// NewSeededWithHistory is NewSeeded with DEMOCORP's year of history (seed.RunWithHistory);
// the read models are not rebuilt.
func NewSeededWithHistory(t *testing.T, name string) *Seeded {
	t.Helper()
	return newSeeded(t, name, auth.Options{}, true)
}

// NewSeededMail is NewSeeded with an auth service that e-mails through a real SMTP server,
// which it returns.
func NewSeededMail(t *testing.T, name string) (*Seeded, *mailtest.Server) {
	t.Helper()
	mail, err := mailtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mail.Close() })
	return newSeeded(t, name, auth.Options{Mailer: &auth.SMTPMailer{Addr: mail.Addr}}, false), mail
}

func newSeeded(t *testing.T, name string, o auth.Options, history bool) *Seeded {
	t.Helper()
	d, store := storetest.Postgres(t, name)
	ctx := context.Background()
	var err error
	if history {
		_, err = seed.RunWithHistory(ctx, d.Pool, store, time.Now())
	} else {
		err = seed.Run(ctx, d.Pool, store, time.Now())
	}
	if err != nil {
		t.Fatal(err)
	}
	o.TokenKey = []byte(SeededKey)
	svc, err := auth.NewService(ctx, d.Pool, o)
	if err != nil {
		t.Fatal(err)
	}
	return &Seeded{DB: d, Store: store, Server: &readapi.Server{Pool: d.Pool, Store: store, Auth: svc}}
}

// Handler is the server's handler.
func (s *Seeded) Handler() http.Handler {
	s.once.Do(func() { s.handler = s.Server.Handler() })
	return s.handler
}

// User is a demo user signed in through the sign-in call.
type User struct{ Token, TenID, Hash string }

// SignIn signs user of the tenant with access code in, with the demo password.
func (s *Seeded) SignIn(t *testing.T, code, user string) User {
	t.Helper()
	token, tenID, hash := apitest.SignIn(t, s.Handler(), code, user, seed.DemoPassword)
	return User{token, tenID, hash}
}

// Send sends method to /api/<path> as u, with u's tenId unless q names one.
func (s *Seeded) Send(u User, method, path string, q url.Values, body string) apitest.Response {
	if q == nil {
		q = url.Values{}
	}
	if !q.Has("tenId") {
		q.Set("tenId", u.TenID)
	}
	req := httptest.NewRequest(method, "/api/"+path+"?"+q.Encode(), strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return apitest.Do(s.Handler(), req, u.Token)
}

// Get sends GET /api/<path> as u.
func (s *Seeded) Get(u User, path string, q url.Values) apitest.Response {
	return s.Send(u, http.MethodGet, path, q, "")
}

// Post sends POST /api/<path> as u with a JSON body.
func (s *Seeded) Post(u User, path, body string) apitest.Response {
	return s.Send(u, http.MethodPost, path, nil, body)
}
