package push_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/centrifugal/centrifuge-go"
	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"portal/platform/centrifugo"
	"portal/push"
	"portal/push/pushtest"
)

// These tests run the real Centrifugo (bin/centrifugo) consuming the test database's outbox.

func startCentrifugo(t *testing.T, redisURL string) *centrifugo.Supervisor {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	sup, err := pushtest.Start(ctx, testDB.URL, redisURL)
	if err != nil {
		t.Fatal(err)
	}
	return sup
}

func token(t *testing.T, tenant, user uuid.UUID) string {
	t.Helper()
	tok, _, err := push.Token(pushtest.Secret, tenant, user, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// connect opens a client for user and waits for its two server-side subscriptions.
func connect(t *testing.T, sup *centrifugo.Supervisor, tenant, user uuid.UUID) *pushtest.Client {
	t.Helper()
	c := pushtest.Connect(pushtest.WSURL(sup.URL()), token(t, tenant, user), nil)
	t.Cleanup(c.Close)
	subs, err := c.WaitSubscribed(2, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{subs[0].Channel: true, subs[1].Channel: true}
	if !got[push.UserChannel(tenant, user)] || !got[push.TenantChannel(tenant)] {
		t.Fatalf("subscribed to %v", subs)
	}
	return c
}

func expectTopics(t *testing.T, c *pushtest.Client, topics ...string) []pushtest.Received {
	t.Helper()
	var out []pushtest.Received
	for _, want := range topics {
		r, err := c.Next(5 * time.Second)
		if err != nil {
			t.Fatalf("waiting for %s: %v", want, err)
		}
		if r.Topic != want {
			t.Fatalf("got %s on %s, want %s", r.Topic, r.Channel, want)
		}
		out = append(out, r)
	}
	if err := c.Quiet(300 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCentrifugoDeliversEachMessageToItsAddresseesOnly(t *testing.T) {
	testDB.Reset(t, push.OutboxTable)
	sup := startCentrifugo(t, "")
	a, n, b := connect(t, sup, tenantA, alice), connect(t, sup, tenantA, ann), connect(t, sup, tenantB, bob)

	publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: alice, Topic: "to.alice", Data: map[string]string{"x": "y"}})
	publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, Topic: "to.tenant.a"})
	publish(t, testDB.Pool, true, push.Message{Tenant: tenantB, User: bob, Topic: "to.bob"})

	// Alice's own channel and her tenant's are consumed in parallel (push.Partitions): each
	// keeps its order, not the two between them.
	got := map[string]pushtest.Received{}
	for range 2 {
		r, err := a.Next(5 * time.Second)
		if err != nil {
			t.Fatalf("alice, after %v: %v", got, err)
		}
		got[r.Topic] = r
	}
	if err := a.Quiet(300 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	mine, tenant := got["to.alice"], got["to.tenant.a"]
	if mine.Channel != push.UserChannel(tenantA, alice) || tenant.Channel != push.TenantChannel(tenantA) {
		t.Fatalf("alice got %+v", got)
	}
	if string(mine.Data) != `{"x": "y"}` && string(mine.Data) != `{"x":"y"}` {
		t.Fatalf("alice's data %s", mine.Data)
	}
	expectTopics(t, n, "to.tenant.a")
	expectTopics(t, b, "to.bob")
	// Consumed messages leave the outbox.
	waitOutboxEmpty(t)
}

func waitOutboxEmpty(t *testing.T) {
	t.Helper()
	var n int
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		testDB.Pool.QueryRow(context.Background(), `SELECT count(*) FROM centrifugo_outbox`).Scan(&n)
		if n == 0 {
			return
		}
	}
	t.Fatalf("%d messages still in the outbox", n)
}

// A token signed with another key, an altered one and an expired one are refused: the client
// is disconnected with the reason and never subscribed; a hand-made subscribe to another
// tenant's (or even its own) channel is refused, and nothing of another user arrives.
func TestCentrifugoRefusesForgedTokensAndForeignSubscriptions(t *testing.T) {
	testDB.Reset(t, push.OutboxTable)
	sup := startCentrifugo(t, "")
	ws := pushtest.WSURL(sup.URL())

	forged, _, _ := push.Token([]byte("another-secret-0123456789abcdef0123"), tenantA, alice, time.Now())
	valid := token(t, tenantA, alice)
	parts := strings.Split(valid, ".")
	claims := push.ConnectionClaims{Channels: []string{push.UserChannel(tenantB, bob)},
		RegisteredClaims: jwt.RegisteredClaims{Subject: alice.String(), ExpiresAt: jwt.NewNumericDate(time.Now().Add(time.Minute))}}
	other, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte("x"))
	altered := parts[0] + "." + strings.Split(other, ".")[1] + "." + parts[2] // bob's channel, alice's signature
	expired, _, _ := push.Token(pushtest.Secret, tenantA, alice, time.Now().Add(-time.Hour))

	for name, tok := range map[string]string{"forged": forged, "altered": altered, "expired": expired} {
		c := pushtest.Connect(ws, tok, nil)
		if subs, err := c.WaitSubscribed(1, 2*time.Second); err == nil {
			t.Fatalf("%s token: subscribed %v", name, subs)
		}
		d := c.Disconnects()
		if len(d) == 0 || d[0].Reason == "" {
			t.Fatalf("%s token: no disconnect with a reason: %v", name, d)
		}
		t.Logf("%s token refused: %d %s", name, d[0].Code, d[0].Reason)
		c.Close()
	}

	a := connect(t, sup, tenantA, alice)
	for _, ch := range []string{push.UserChannel(tenantB, bob), push.TenantChannel(tenantB), push.UserChannel(tenantA, ann), "anything"} {
		sub, err := a.NewSubscription(ch)
		if err != nil {
			t.Fatal(err)
		}
		errs := make(chan error, 1)
		sub.OnError(func(e centrifuge.SubscriptionErrorEvent) { errs <- e.Error })
		_ = sub.Subscribe()
		select {
		case err := <-errs:
			if !strings.Contains(err.Error(), "permission denied") {
				t.Fatalf("subscribe %s: %v", ch, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("subscribe %s: no refusal", ch)
		}
		a.RemoveSubscription(sub)
	}
	publish(t, testDB.Pool, true, push.Message{Tenant: tenantB, User: bob, Topic: "to.bob"}, push.Message{Tenant: tenantB, Topic: "to.tenant.b"})
	waitOutboxEmpty(t)
	if err := a.Quiet(300 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
}

// A client that lost its connection gets every message it missed, in order, exactly once,
// when it reconnects (channel history with recovery).
func TestReconnectRecoversEveryMissedMessageInOrder(t *testing.T) {
	testDB.Reset(t, push.OutboxTable)
	sup := startCentrifugo(t, "")
	c := connect(t, sup, tenantA, ann)
	publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: ann, Topic: "before"})
	expectTopics(t, c, "before")

	c.Disconnect()
	for i := 0; i < 10; i++ {
		ms := []push.Message{{Tenant: tenantA, User: ann, Topic: "missed"}, {Tenant: tenantA, Topic: "missed.tenant"}}
		publish(t, testDB.Pool, true, ms...)
	}
	waitOutboxEmpty(t)
	if err := c.Connect(); err != nil {
		t.Fatal(err)
	}
	subs, err := c.WaitSubscribed(2, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs {
		if !s.WasRecovering || !s.Recovered {
			t.Fatalf("not recovered: %+v", s)
		}
	}
	perChannel := map[string][]int64{}
	for i := 0; i < 20; i++ {
		r, err := c.Next(5 * time.Second)
		if err != nil {
			t.Fatalf("after %d recovered: %v", i, err)
		}
		perChannel[r.Channel] = append(perChannel[r.Channel], r.ID)
	}
	if err := c.Quiet(300 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	for ch, ids := range perChannel {
		if len(ids) != 10 {
			t.Fatalf("%s: %d messages, want 10", ch, len(ids))
		}
		for i := 1; i < len(ids); i++ {
			if ids[i] <= ids[i-1] {
				t.Fatalf("%s out of order or repeated: %v", ch, ids)
			}
		}
	}
}

// When the history no longer covers the gap, the client is told so (recovered false) and
// reloads what it shows.
func TestGapBeyondHistoryIsReportedForARefetch(t *testing.T) {
	testDB.Reset(t, push.OutboxTable)
	sup := startCentrifugo(t, "")
	c := connect(t, sup, tenantA, ann)
	c.Disconnect()
	ms := make([]push.Message, centrifugo.UserHistorySize+5)
	for i := range ms {
		ms[i] = push.Message{Tenant: tenantA, User: ann, Topic: "flood"}
	}
	publish(t, testDB.Pool, true, ms...)
	waitOutboxEmpty(t)
	if err := c.Connect(); err != nil {
		t.Fatal(err)
	}
	subs, err := c.WaitSubscribed(2, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs {
		if s.Channel == push.UserChannel(tenantA, ann) && (!s.WasRecovering || s.Recovered) {
			t.Fatalf("the user channel claims a recovery: %+v", s)
		}
	}
}

// killMidLoad publishes to ann every 5 ms for 3 s and kills Centrifugo with SIGKILL after
// one second; once the outbox is drained it returns how many messages were published, the
// ids the client received on ann's channel (in order) and the client's resubscriptions.
func killMidLoad(t *testing.T, sup *centrifugo.Supervisor, c *pushtest.Client) (published int, received []int64, subs []pushtest.Subscribed) {
	t.Helper()
	first := position
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for end := time.Now().Add(3 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
			publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: ann, Topic: "load"})
		}
	}()
	time.Sleep(time.Second)
	pid := sup.State().PID
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	waitOutboxEmpty(t)
	if st := sup.State(); st.Restarts < 1 || st.PID == pid || st.Status != "ok" {
		t.Fatalf("supervisor after the kill: %+v (killed %d)", st, pid)
	}
	for {
		r, err := c.Next(2 * time.Second)
		if err != nil {
			break
		}
		if r.Channel == push.UserChannel(tenantA, ann) {
			received = append(received, r.ID)
		}
	}
	for len(c.Subs) > 0 {
		subs = append(subs, <-c.Subs)
	}
	return int(position - first), received, subs
}

// With Redis as the engine, history survives a Centrifugo crash: killed mid-load, it is
// restarted by the supervisor, the client reconnects and recovers every message, in order.
func TestCentrifugoKilledMidLoadRestartsAndLosesNothing(t *testing.T) {
	testDB.Reset(t, push.OutboxTable)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	redis, err := pushtest.StartRedis(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sup := startCentrifugo(t, redis)
	c := connect(t, sup, tenantA, ann)
	want, received, subs := killMidLoad(t, sup, c)
	if len(received) != want {
		t.Fatalf("received %d of %d messages (resubscriptions %+v)", len(received), want, subs)
	}
	for i := 1; i < len(received); i++ {
		if received[i] <= received[i-1] {
			t.Fatalf("out of order or repeated at %d: %v", i, received[max(0, i-3):i+1])
		}
	}
	for _, s := range subs {
		if !s.Recovered {
			t.Fatalf("a resubscription did not recover: %+v", s)
		}
	}
	t.Logf("%d messages, all received once, in order, across a Centrifugo kill (%d resubscriptions)", want, len(subs))
}

// Two Centrifugo nodes sharing one Redis: a message consumed from the outbox by either node
// reaches clients on both.
func TestTwoNodesShareOneRedis(t *testing.T) {
	testDB.Reset(t, push.OutboxTable)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	redis, err := pushtest.StartRedis(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n1, n2 := startCentrifugo(t, redis), startCentrifugo(t, redis)
	c1, c2 := connect(t, n1, tenantA, ann), connect(t, n2, tenantA, alice)
	for i := 0; i < 20; i++ {
		publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, Topic: fmt.Sprintf("t%d", i)})
	}
	for _, c := range []*pushtest.Client{c1, c2} {
		var topics []string
		for i := 0; i < 20; i++ {
			topics = append(topics, fmt.Sprintf("t%d", i))
		}
		expectTopics(t, c, topics...)
	}
}
