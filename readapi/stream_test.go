package readapi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/eventstore"
	"portal/platform/pgtest"
	"portal/projections"
	"portal/push"
)

// streamEnv is a database with two tenants and three users, a running push hub and the
// real HTTP server with a real auth.Service (started once, lazily: no TestMain needed).
var streamEnv struct {
	once   sync.Once
	err    error
	db     *pgtest.DB
	server *httptest.Server
	tokens map[string]string // user name → access token
	users  map[string]streamUser
}

type streamUser struct{ tenant, id uuid.UUID }

func streamSetup(t *testing.T) {
	t.Helper()
	streamEnv.once.Do(func() { streamEnv.err = streamInit() })
	if streamEnv.err != nil {
		t.Fatal(streamEnv.err)
	}
}

func streamInit() error {
	ctx := context.Background()
	d, err := pgtest.Start("readapi_stream")
	if err != nil {
		return err
	}
	streamEnv.db = d
	hash, err := auth.HashPassword("secret-123")
	if err != nil {
		return err
	}
	streamEnv.users = map[string]streamUser{}
	tenants := map[string]uuid.UUID{"STREAMA": uuid.New(), "STREAMB": uuid.New()}
	people := []struct{ code, name string }{{"STREAMA", "alice"}, {"STREAMA", "ann"}, {"STREAMB", "bob"}}
	for code, id := range tenants {
		if _, err := d.Pool.Exec(ctx, `INSERT INTO tenants (id, access_code, name) VALUES ($1, $2, $2)`, id, code); err != nil {
			return err
		}
	}
	for _, p := range people {
		u := streamUser{tenant: tenants[p.code], id: uuid.New()}
		if _, err := d.Pool.Exec(ctx, `INSERT INTO users (tenant_id, id, user_name, hash, password_hash, display_name)
VALUES ($1, $2, $3, $4, $5, $3)`, u.tenant, u.id, p.name, "h-"+u.id.String(), hash); err != nil {
			return err
		}
		streamEnv.users[p.name] = u
	}
	svc, err := auth.NewService(ctx, d.Pool, auth.Options{TokenKey: []byte("stream test key, 32 bytes long!!")})
	if err != nil {
		return err
	}
	streamEnv.tokens = map[string]string{}
	for _, p := range people {
		res, err := svc.Login(ctx, p.code, p.name, "secret-123")
		if err != nil {
			return fmt.Errorf("login %s: %w", p.name, err)
		}
		streamEnv.tokens[p.name] = res.AccessToken
	}
	hub := push.NewHub(d.Pool, push.HubConfig{})
	go hub.Run(context.Background())
	select {
	case <-hub.Started():
	case <-time.After(10 * time.Second):
		return fmt.Errorf("hub did not start")
	}
	s := &Server{Pool: d.Pool, Store: eventstore.NewPostgres(d.Pool), Auth: svc, Hub: hub}
	streamEnv.server = httptest.NewServer(s.Handler())
	return nil
}

var streamPosition int64 = 10_000

// streamPublish publishes one message per addressee in one committed transaction, as a
// projection would, and returns the event position.
func streamPublish(t *testing.T, topic string, data any, to ...push.Message) int64 {
	t.Helper()
	ctx := context.Background()
	var pos int64
	err := pgx.BeginFunc(ctx, streamEnv.db.Pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT nextval('events_position_seq')`).Scan(&pos); err != nil {
			return err
		}
		for _, m := range to {
			m.Topic, m.Data, m.Event = topic, data, eventstore.Cursor{TxID: 1, Position: pos}
			if err := push.Publish(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func toUser(name string) push.Message {
	u := streamEnv.users[name]
	return push.Message{Tenant: u.tenant, User: u.id}
}

func toTenantOf(name string) push.Message { return push.Message{Tenant: streamEnv.users[name].tenant} }

type sseEvent struct {
	id, event, data string
	comment         bool
}

type sseClient struct {
	resp   *http.Response
	events chan sseEvent
	cancel context.CancelFunc
}

// openStream connects like an EventSource; lastID "" sends no Last-Event-ID.
func openStream(t *testing.T, query string, header map[string]string) (*sseClient, *http.Response) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, streamEnv.server.URL+"/api/stream"+query, nil)
	req.Header.Set("Accept", "text/event-stream")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		cancel()
		resp.Body = io.NopCloser(strings.NewReader(string(body)))
		return nil, resp
	}
	c := &sseClient{resp: resp, events: make(chan sseEvent, 1000), cancel: cancel}
	go func() {
		defer close(c.events)
		r := bufio.NewReader(resp.Body)
		var ev sseEvent
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSuffix(line, "\n")
			switch {
			case line == "":
				if ev != (sseEvent{}) {
					c.events <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, ":"):
				c.events <- sseEvent{comment: true}
			case strings.HasPrefix(line, "id: "):
				ev.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev.event = line[7:]
			case strings.HasPrefix(line, "data: "):
				ev.data += line[6:]
			}
		}
	}()
	t.Cleanup(c.close)
	return c, resp
}

func (c *sseClient) close() {
	c.cancel()
	c.resp.Body.Close()
}

// next returns the next event that is not a comment.
func (c *sseClient) next(t *testing.T) sseEvent {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case ev, ok := <-c.events:
			if !ok {
				t.Fatal("stream ended")
			}
			if ev.comment || ev.event == "" && ev.id == "" {
				continue
			}
			return ev
		case <-timeout:
			t.Fatal("no event within 5 s")
		}
	}
}

func (c *sseClient) quiet(t *testing.T, d time.Duration) {
	t.Helper()
	timeout := time.After(d)
	for {
		select {
		case ev := <-c.events:
			if !ev.comment && ev.event != "" {
				t.Fatalf("unexpected event %+v", ev)
			}
		case <-timeout:
			return
		}
	}
}

func TestStreamRefusesWithoutAValidToken(t *testing.T) {
	streamSetup(t)
	for _, c := range []struct {
		name, query string
		header      map[string]string
	}{
		{"no token", "", nil},
		{"bad query token", "?access_token=nonsense", nil},
		{"bad bearer", "", map[string]string{"Authorization": "Bearer " + streamEnv.tokens["alice"] + "x"}},
	} {
		_, resp := openStream(t, c.query, c.header)
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(string(body), "token_invalido") {
			t.Errorf("%s: %d %s, want 401 token_invalido", c.name, resp.StatusCode, body)
		}
	}
}

func TestStreamDeliversLiveMessagesToTheirAddressees(t *testing.T) {
	streamSetup(t)
	alice, _ := openStream(t, "?access_token="+streamEnv.tokens["alice"], nil)
	ann, _ := openStream(t, "", map[string]string{"Authorization": "Bearer " + streamEnv.tokens["ann"]})
	bob, _ := openStream(t, "?access_token="+streamEnv.tokens["bob"], nil)
	time.Sleep(50 * time.Millisecond) // let the handlers subscribe

	p1 := streamPublish(t, "clock.marked", map[string]string{"hora": "09:30"}, toUser("alice"))
	p2 := streamPublish(t, "tenant.news", "olá", toTenantOf("alice"))
	p3 := streamPublish(t, "for.bob", 3, toUser("bob"))

	if ev := alice.next(t); ev.id != fmt.Sprint(p1) || ev.event != "clock.marked" || ev.data != `{"hora": "09:30"}` {
		t.Errorf("alice got %+v, want id %d clock.marked", ev, p1)
	}
	if ev := alice.next(t); ev.id != fmt.Sprint(p2) || ev.event != "tenant.news" || ev.data != `"olá"` {
		t.Errorf("alice got %+v, want the tenant message %d", ev, p2)
	}
	if ev := ann.next(t); ev.id != fmt.Sprint(p2) {
		t.Errorf("ann got %+v, want only the tenant message %d", ev, p2)
	}
	if ev := bob.next(t); ev.id != fmt.Sprint(p3) {
		t.Errorf("bob got %+v, want only his message %d", ev, p3)
	}
	alice.quiet(t, 100*time.Millisecond)
	ann.quiet(t, 0)
	bob.quiet(t, 0)
}

// A client that drops and reconnects with Last-Event-ID gets every message it missed, then
// the live ones, with no gap and no duplicate — while messages keep being published
// during the reconnect.
func TestStreamResumesWithLastEventIDWithoutGapOrDuplicate(t *testing.T) {
	streamSetup(t)
	c, _ := openStream(t, "?access_token="+streamEnv.tokens["ann"], nil)
	time.Sleep(50 * time.Millisecond)

	var mu sync.Mutex
	var published []int64 // what ann must see, in order
	pub := func(i int) {
		var p int64
		switch i % 3 {
		case 0:
			p = streamPublish(t, "mine", i, toUser("ann"))
		case 1:
			p = streamPublish(t, "tenant", i, toTenantOf("ann"))
		default:
			streamPublish(t, "not.mine", i, toUser("alice"), toUser("bob"))
			return
		}
		mu.Lock()
		published = append(published, p)
		mu.Unlock()
	}
	for i := range 6 {
		pub(i)
	}
	var seen []int64
	for range 4 {
		ev := c.next(t)
		id, _ := strconv.ParseInt(ev.id, 10, 64)
		seen = append(seen, id)
	}
	c.close()
	last := seen[len(seen)-1]

	// Published while disconnected, and (by a concurrent writer) during the reconnect.
	for i := 6; i < 30; i++ {
		pub(i)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 30; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			pub(i)
			time.Sleep(2 * time.Millisecond)
		}
	}()
	time.Sleep(20 * time.Millisecond)
	c2, _ := openStream(t, "?access_token="+streamEnv.tokens["ann"], map[string]string{"Last-Event-ID": fmt.Sprint(last)})
	time.Sleep(100 * time.Millisecond)
	close(stop)
	wg.Wait()

	mu.Lock()
	want := append([]int64(nil), published...)
	mu.Unlock()
	for len(seen) < len(want) {
		ev := c2.next(t)
		id, err := strconv.ParseInt(ev.id, 10, 64)
		if err != nil {
			t.Fatalf("bad id in %+v", ev)
		}
		seen = append(seen, id)
	}
	c2.quiet(t, 100*time.Millisecond)
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Fatalf("after resuming from %d ann saw\n%v\nwant\n%v", last, seen, want)
	}
	t.Logf("resumed from id %d: %d messages (%d caught up or live during the reconnect), none missing, none twice", last, len(want), len(want)-4)
}

// An unknown (pruned) Last-Event-ID gets a "resync" event carrying the id of the newest
// message (older ones are not replayed), and the stream goes on live from there.
func TestStreamUnknownLastEventIDAsksToResync(t *testing.T) {
	streamSetup(t)
	newest := streamPublish(t, "before.resync", 0, toUser("bob"))
	c, _ := openStream(t, "?access_token="+streamEnv.tokens["bob"], map[string]string{"Last-Event-ID": "1"})
	if ev := c.next(t); ev.event != "resync" || ev.id != fmt.Sprint(newest) || ev.data != "{}" {
		t.Fatalf("got %+v, want a resync event with id %d", ev, newest)
	}
	p := streamPublish(t, "after.resync", 1, toUser("bob"))
	if ev := c.next(t); ev.id != fmt.Sprint(p) || ev.event != "after.resync" {
		t.Fatalf("got %+v, want live message %d", ev, p)
	}
	c.quiet(t, 50*time.Millisecond)
}

func TestStreamSendsKeepAliveComments(t *testing.T) {
	streamSetup(t)
	old := streamKeepAlive
	streamKeepAlive = 30 * time.Millisecond
	defer func() { streamKeepAlive = old }()
	c, _ := openStream(t, "?access_token="+streamEnv.tokens["alice"], nil)
	comments := 0
	timeout := time.After(2 * time.Second)
	for comments < 2 {
		select {
		case ev, ok := <-c.events:
			if !ok {
				t.Fatal("stream ended")
			}
			if ev.comment {
				comments++
			}
		case <-timeout:
			t.Fatalf("%d keep-alive comments in 2 s", comments)
		}
	}
}

// notifier is a projection that tells alice about every event, as read models do.
type notifier struct{}

func (notifier) Name() string                        { return "stream_notifier" }
func (notifier) Reset(context.Context, pgx.Tx) error { return nil }
func (notifier) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	for _, e := range events {
		m := toUser("alice")
		m.Topic, m.Data, m.Event = e.Type, map[string]string{"stream": e.Stream}, e.Cursor
		if err := push.Publish(ctx, tx, m); err != nil {
			return err
		}
	}
	return nil
}

// End to end: an appended event goes through the projection runner and the push hub to
// the user's stream, with the event's global position as the SSE id.
func TestStreamCarriesProjectionPushes(t *testing.T) {
	streamSetup(t)
	ctx := context.Background()
	store := eventstore.NewPostgres(streamEnv.db.Pool)
	defer store.Close()
	runner, err := projections.NewRunner(streamEnv.db.Pool, store, projections.RunnerConfig{
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

	c, _ := openStream(t, "?access_token="+streamEnv.tokens["alice"], nil)
	time.Sleep(50 * time.Millisecond)
	t0 := time.Now()
	res, err := store.Append(ctx, eventstore.Meta{Tenant: streamEnv.users["alice"].tenant}, "e2e-1", eventstore.NoStream,
		eventstore.EventData{ID: uuid.New(), Type: "test.e2e.v1", Data: []byte(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	// Events other tests left in this database are projected (and pushed) first.
	ev := c.next(t)
	for i := 0; ev.event != "test.e2e.v1" && i < 1000; i++ {
		ev = c.next(t)
	}
	if ev.id != fmt.Sprint(res.Last.Position) || ev.event != "test.e2e.v1" || ev.data != `{"stream": "e2e-1"}` {
		t.Fatalf("got %+v, want id %d test.e2e.v1", ev, res.Last.Position)
	}
	t.Logf("append → projection → push → SSE: %s", time.Since(t0).Round(100*time.Microsecond))
}
