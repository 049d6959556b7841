package readapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/eventstore"
	"portal/platform/centrifugo"
	"portal/platform/pgtest"
	"portal/projections"
	"portal/push"
	"portal/push/pushtest"
)

// pushEnv is a database with two tenants and three users, a real Centrifugo consuming its
// outbox and the real HTTP server (token endpoint and socket proxy) with a real
// auth.Service (started once, lazily: no TestMain needed).
var pushEnv struct {
	once   sync.Once
	err    error
	db     *pgtest.DB
	sup    *centrifugo.Supervisor
	server *httptest.Server
	tokens map[string]string // user name → access token
	users  map[string]pushUser
}

type pushUser struct{ tenant, id uuid.UUID }

func pushSetup(t *testing.T) {
	t.Helper()
	pushEnv.once.Do(func() { pushEnv.err = pushInit() })
	if pushEnv.err != nil {
		t.Fatal(pushEnv.err)
	}
}

func pushInit() error {
	ctx := context.Background()
	d, err := pgtest.Start("readapi_push")
	if err != nil {
		return err
	}
	pushEnv.db = d
	hash, err := auth.HashPassword("secret-123")
	if err != nil {
		return err
	}
	pushEnv.users = map[string]pushUser{}
	tenants := map[string]uuid.UUID{"PUSHA": uuid.New(), "PUSHB": uuid.New()}
	people := []struct{ code, name string }{{"PUSHA", "alice"}, {"PUSHA", "ann"}, {"PUSHB", "bob"}}
	for code, id := range tenants {
		if _, err := d.Pool.Exec(ctx, `INSERT INTO tenants (id, access_code, name) VALUES ($1, $2, $2)`, id, code); err != nil {
			return err
		}
	}
	for _, p := range people {
		u := pushUser{tenant: tenants[p.code], id: uuid.New()}
		if _, err := d.Pool.Exec(ctx, `INSERT INTO users (tenant_id, id, user_name, hash, password_hash, display_name)
VALUES ($1, $2, $3, $4, $5, $3)`, u.tenant, u.id, p.name, "h-"+u.id.String(), hash); err != nil {
			return err
		}
		pushEnv.users[p.name] = u
	}
	svc, err := auth.NewService(ctx, d.Pool, auth.Options{TokenKey: []byte("push test key, 32 bytes long!!!!")})
	if err != nil {
		return err
	}
	pushEnv.tokens = map[string]string{}
	for _, p := range people {
		res, err := svc.Login(ctx, p.code, p.name, "secret-123")
		if err != nil {
			return fmt.Errorf("login %s: %w", p.name, err)
		}
		pushEnv.tokens[p.name] = res.AccessToken
	}
	if pushEnv.sup, err = pushtest.Start(context.Background(), d.URL, ""); err != nil {
		return err
	}
	u, _ := url.Parse(pushEnv.sup.URL())
	s := &Server{Pool: d.Pool, Store: eventstore.NewPostgres(d.Pool), Auth: svc, Push: &Push{URL: u, Secret: pushtest.Secret}}
	pushEnv.server = httptest.NewServer(s.Handler())
	return nil
}

// getPushToken calls GET /api/push/token with the given Authorization header value.
func getPushToken(t *testing.T, authorization string) (int, PushToken, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, pushEnv.server.URL+"/api/push/token", nil)
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var tok PushToken
	_ = json.Unmarshal(body, &tok)
	return resp.StatusCode, tok, string(body)
}

// connectThroughPortal connects like the browser: a token from the portal, the socket
// through the portal's proxy; it waits for the two server-side subscriptions.
func connectThroughPortal(t *testing.T, name string) *pushtest.Client {
	t.Helper()
	code, tok, body := getPushToken(t, "Bearer "+pushEnv.tokens[name])
	if code != http.StatusOK || tok.Token == "" || tok.URL != "/connection/websocket" {
		t.Fatalf("push token for %s: %d %s", name, code, body)
	}
	c := pushtest.Connect(pushtest.WSURL(pushEnv.server.URL), tok.Token, nil)
	t.Cleanup(c.Close)
	subs, err := c.WaitSubscribed(2, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	u := pushEnv.users[name]
	want := map[string]bool{push.UserChannel(u.tenant, u.id): true, push.TenantChannel(u.tenant): true}
	for _, s := range subs {
		if !want[s.Channel] {
			t.Fatalf("%s subscribed to %s", name, s.Channel)
		}
	}
	return c
}

func TestPushTokenNeedsASignedInCaller(t *testing.T) {
	pushSetup(t)
	for name, header := range map[string]string{
		"no token": "", "not bearer": "Basic abc", "bad bearer": "Bearer " + pushEnv.tokens["alice"] + "x",
	} {
		code, _, body := getPushToken(t, header)
		if code != http.StatusUnauthorized || !strings.Contains(body, "token_invalido") {
			t.Errorf("%s: %d %s, want 401 token_invalido", name, code, body)
		}
	}
	code, tok, _ := getPushToken(t, "Bearer "+pushEnv.tokens["alice"])
	var claims push.ConnectionClaims
	if _, err := jwt.ParseWithClaims(tok.Token, &claims, func(*jwt.Token) (any, error) { return pushtest.Secret, nil }); err != nil || code != http.StatusOK {
		t.Fatalf("token %d: %v", code, err)
	}
	a := pushEnv.users["alice"]
	if claims.Subject != a.id.String() || len(claims.Channels) != 2 ||
		claims.Channels[0] != push.UserChannel(a.tenant, a.id) || claims.Channels[1] != push.TenantChannel(a.tenant) ||
		time.Until(tok.ExpiresAt) > push.TokenTTL || time.Until(tok.ExpiresAt) < push.TokenTTL-time.Minute {
		t.Fatalf("claims %+v, expires %s", claims, tok.ExpiresAt)
	}
}

// notifier is a projection that tells alice about every event, as read models do.
type notifier struct{}

func (notifier) Name() string                        { return "push_notifier" }
func (notifier) Reset(context.Context, pgx.Tx) error { return nil }
func (notifier) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	for _, e := range events {
		a := pushEnv.users["alice"]
		m := push.Message{Tenant: a.tenant, User: a.id, Topic: e.Type, Data: map[string]string{"stream": e.Stream}, Event: e.Cursor}
		if err := push.Publish(ctx, tx, m); err != nil {
			return err
		}
	}
	return nil
}

// End to end: an appended event goes through the projection runner, the outbox and
// Centrifugo to the user's socket opened through the portal, carrying the event's position;
// the other tenant's user gets nothing.
func TestProjectionPushesReachTheBrowserThroughCentrifugo(t *testing.T) {
	pushSetup(t)
	ctx := context.Background()
	store := eventstore.NewPostgres(pushEnv.db.Pool)
	defer store.Close()
	runner, err := projections.NewRunner(pushEnv.db.Pool, store, projections.RunnerConfig{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}, notifier{})
	if err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { runner.Run(rctx); close(done) }()
	defer func() { cancel(); <-done }()
	for !runner.Ready() {
		time.Sleep(10 * time.Millisecond)
	}

	alice, bob := connectThroughPortal(t, "alice"), connectThroughPortal(t, "bob")
	t0 := time.Now()
	res, err := store.Append(ctx, eventstore.Meta{Tenant: pushEnv.users["alice"].tenant}, "e2e-1", eventstore.NoStream,
		eventstore.EventData{ID: uuid.New(), Type: "test.e2e.v1", Data: []byte(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	r, err := alice.Next(5 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if r.Topic != "test.e2e.v1" || r.Position != res.Last.Position || !strings.Contains(string(r.Data), `"e2e-1"`) {
		t.Fatalf("got %+v, want test.e2e.v1 at %d", r, res.Last.Position)
	}
	t.Logf("append → projection → outbox → Centrifugo → socket: %s", time.Since(t0).Round(100*time.Microsecond))
	if err := bob.Quiet(300 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
}

func TestHealthReportsCentrifugo(t *testing.T) {
	pushSetup(t)
	u, _ := url.Parse(pushEnv.sup.URL())
	code, b := getHealth(t, (&Server{Pool: pushEnv.db.Pool, Push: &Push{URL: u}}).Handler())
	if code != http.StatusOK || b.Push == nil || b.Push.Status != "ok" {
		t.Fatalf("with Centrifugo up: %d %+v", code, b.Push)
	}
	down, _ := url.Parse("http://127.0.0.1:1")
	code, b = getHealth(t, (&Server{Pool: pushEnv.db.Pool, Push: &Push{URL: down}}).Handler())
	if code != http.StatusOK || b.Push == nil || b.Push.Status != "down" {
		t.Fatalf("with Centrifugo down: %d %+v", code, b.Push)
	}
}
