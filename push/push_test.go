package push_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/push"
)

var testDB *pgtest.DB

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("push")
	code := m.Run()
	testDB.Close()
	os.Exit(code)
}

var (
	tenantA = uuid.MustParse("aaaaaaaa-0000-4000-8000-000000000000")
	tenantB = uuid.MustParse("bbbbbbbb-0000-4000-8000-000000000000")
	alice   = uuid.MustParse("aaaaaaaa-0000-4000-8000-00000000a11c")
	ann     = uuid.MustParse("aaaaaaaa-0000-4000-8000-000000000a22")
	bob     = uuid.MustParse("bbbbbbbb-0000-4000-8000-000000000b0b")
)

var position int64 = 1000

// publish publishes m in its own transaction, committed or rolled back; it fills in a fresh
// event position.
func publish(t *testing.T, pool *pgxpool.Pool, commit bool, ms ...push.Message) int64 {
	t.Helper()
	ctx := context.Background()
	position++
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	for _, m := range ms {
		m.Event = eventstore.Cursor{TxID: 1, Position: position}
		if err := push.Publish(ctx, tx, m); err != nil {
			t.Fatal(err)
		}
	}
	if commit {
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return position
}

func startHub(t *testing.T, pool *pgxpool.Pool, cfg push.HubConfig) *push.Hub {
	t.Helper()
	h := push.NewHub(pool, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { h.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-h.Started():
	case <-time.After(5 * time.Second):
		t.Fatal("hub did not start")
	}
	return h
}

func receive(t *testing.T, s *push.Subscription) push.Envelope {
	t.Helper()
	select {
	case e, ok := <-s.C:
		if !ok {
			t.Fatal("subscription closed")
		}
		return e
	case <-time.After(5 * time.Second):
		t.Fatal("no message within 5 s")
		return push.Envelope{}
	}
}

func nothing(t *testing.T, s *push.Subscription, who string) {
	t.Helper()
	select {
	case e := <-s.C:
		t.Fatalf("%s received %s %s (position %d), which is not addressed to them", who, e.Topic, e.Data, e.Event.Position)
	default:
	}
}

func TestPublishReachesExactlyItsAddressees(t *testing.T) {
	h := startHub(t, testDB.Pool, push.HubConfig{})
	sAlice, sAnn, sBob := h.Subscribe(tenantA, alice), h.Subscribe(tenantA, ann), h.Subscribe(tenantB, bob)
	defer sAlice.Close()
	defer sAnn.Close()
	defer sBob.Close()

	t0 := time.Now()
	p := publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: alice, Topic: "clock.marked", Data: map[string]int{"n": 1}})
	e := receive(t, sAlice)
	t.Logf("publish → subscriber: %s", time.Since(t0).Round(10*time.Microsecond))
	if e.Topic != "clock.marked" || string(e.Data) != `{"n": 1}` || e.Event.Position != p || e.Tenant != tenantA || e.User != alice {
		t.Fatalf("alice got %+v", e)
	}

	// A rolled-back transaction publishes nothing; the next committed message is next.
	publish(t, testDB.Pool, false, push.Message{Tenant: tenantA, User: alice, Topic: "rolled.back", Data: 1})
	publish(t, testDB.Pool, false, push.Message{Tenant: tenantA, Topic: "rolled.back", Data: 1})
	p = publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, Topic: "tenant.news", Data: "hello"})
	for name, s := range map[string]*push.Subscription{"alice": sAlice, "ann": sAnn} {
		if e := receive(t, s); e.Topic != "tenant.news" || e.Event.Position != p || e.User != uuid.Nil {
			t.Fatalf("%s got %+v, want the tenant-wide message (the rolled-back ones must not exist)", name, e)
		}
	}
	// Another tenant's user, and a user to whom nothing was addressed, receive nothing.
	publish(t, testDB.Pool, true, push.Message{Tenant: tenantB, User: bob, Topic: "for.bob", Data: 2})
	if e := receive(t, sBob); e.Topic != "for.bob" {
		t.Fatalf("bob got %+v", e)
	}
	time.Sleep(100 * time.Millisecond)
	nothing(t, sAnn, "ann")
	nothing(t, sAlice, "alice")
	nothing(t, sBob, "bob")
	if n := count(t, `SELECT count(*) FROM push_messages WHERE topic = 'rolled.back'`); n != 0 {
		t.Fatalf("%d rolled-back messages stored", n)
	}
}

// Two hubs (two server processes) on one database both deliver every message.
func TestTwoHubsBothDeliver(t *testing.T) {
	other, err := db.Open(context.Background(), testDB.URL, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	h1, h2 := startHub(t, testDB.Pool, push.HubConfig{}), startHub(t, other, push.HubConfig{})
	s1, s2 := h1.Subscribe(tenantA, alice), h2.Subscribe(tenantA, alice)
	defer s1.Close()
	defer s2.Close()
	var want []int64
	for i := range 20 {
		pool := testDB.Pool
		if i%2 == 1 {
			pool = other
		}
		want = append(want, publish(t, pool, true, push.Message{Tenant: tenantA, User: alice, Topic: "n", Data: i}))
	}
	for name, s := range map[string]*push.Subscription{"hub 1": s1, "hub 2": s2} {
		for i, p := range want {
			if e := receive(t, s); e.Event.Position != p || string(e.Data) != fmt.Sprint(i) {
				t.Fatalf("%s message %d: %+v, want position %d", name, i, e, p)
			}
		}
	}
}

// A message committed while an older transaction is open is delivered once that
// transaction ends — even though it sends no notification — and in commit-safe order.
func TestHubWaitsForOlderTransactions(t *testing.T) {
	h := startHub(t, testDB.Pool, push.HubConfig{})
	s := h.Subscribe(tenantA, ann)
	defer s.Close()
	ctx := context.Background()
	older, err := testDB.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer older.Rollback(ctx)
	if _, err := older.Exec(ctx, `SELECT pg_current_xact_id()`); err != nil {
		t.Fatal(err)
	}
	p := publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: ann, Topic: "late", Data: 1})
	time.Sleep(150 * time.Millisecond)
	nothing(t, s, "ann (held back by the older transaction)")
	t0 := time.Now()
	if err := older.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if e := receive(t, s); e.Event.Position != p {
		t.Fatalf("got %+v", e)
	}
	t.Logf("held-back message delivered %s after the older transaction ended", time.Since(t0).Round(time.Millisecond))
}

// A subscriber that does not keep up is dropped (its channel closes) instead of blocking
// the hub; the stream then resumes with Last-Event-ID.
func TestSlowSubscriberIsDropped(t *testing.T) {
	h := startHub(t, testDB.Pool, push.HubConfig{Buffer: 2})
	slow, fast := h.Subscribe(tenantB, bob), h.Subscribe(tenantB, bob)
	defer slow.Close()
	defer fast.Close()
	for i := range 4 {
		publish(t, testDB.Pool, true, push.Message{Tenant: tenantB, User: bob, Topic: "n", Data: i})
		receive(t, fast)
	}
	for range 2 {
		<-slow.C
	}
	if _, ok := <-slow.C; ok || !slow.Overflowed() {
		t.Fatal("the slow subscription was not dropped")
	}
}

func TestMutedPublishStoresNothing(t *testing.T) {
	ctx := push.Mute(context.Background())
	err := pgx.BeginFunc(ctx, testDB.Pool, func(tx pgx.Tx) error {
		return push.Publish(ctx, tx, push.Message{Tenant: tenantA, Topic: "muted", Data: 1})
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := count(t, `SELECT count(*) FROM push_messages WHERE topic = 'muted'`); n != 0 {
		t.Fatal("a muted publish stored a message")
	}
	err = pgx.BeginFunc(context.Background(), testDB.Pool, func(tx pgx.Tx) error {
		return push.Publish(context.Background(), tx, push.Message{Topic: "no.tenant"})
	})
	if err == nil || !strings.Contains(err.Error(), "tenant") {
		t.Fatalf("publish without a tenant: %v", err)
	}
}

// Catch-up for a resuming stream: only the user's and the tenant's messages after the
// resume point, in order, under row-level security.
func TestResumeKeyAndAfter(t *testing.T) {
	h := push.NewHub(testDB.Pool, push.HubConfig{})
	p1 := publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: alice, Topic: "a", Data: 1})
	publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: ann, Topic: "for.ann", Data: 2})
	p3 := publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, Topic: "all", Data: 3})
	publish(t, testDB.Pool, true, push.Message{Tenant: tenantB, Topic: "other.tenant", Data: 4})
	p5 := publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: alice, Topic: "a", Data: 5})

	ctx := context.Background()
	key, found, err := h.ResumeKey(ctx, tenantA, alice, p1)
	if err != nil || !found {
		t.Fatalf("resume key: %v %v", found, err)
	}
	// Committed messages become readable once no older transaction in the cluster is open
	// (other test packages share the server), so wait a little for them.
	var envs []push.Envelope
	var got []int64
	for deadline := time.Now().Add(5 * time.Second); ; {
		envs, err = h.After(ctx, tenantA, alice, key, 100)
		if err != nil {
			t.Fatal(err)
		}
		got = got[:0]
		for _, e := range envs {
			got = append(got, e.Event.Position)
		}
		if len(got) >= 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if fmt.Sprint(got) != fmt.Sprint([]int64{p3, p5}) {
		t.Fatalf("catch-up after %d: %v, want %v", p1, got, []int64{p3, p5})
	}
	if _, found, _ := h.ResumeKey(ctx, tenantB, bob, p1); found {
		t.Fatal("tenant B found tenant A's message")
	}
	var data json.RawMessage = envs[0].Data
	if string(data) != "3" {
		t.Fatalf("data %s", data)
	}
}

func count(t *testing.T, q string) int64 {
	t.Helper()
	var n int64
	if err := testDB.Pool.QueryRow(context.Background(), q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// When the hub stops (server shutdown), open subscriptions close so streams end and their
// clients reconnect elsewhere; later subscriptions are closed at once.
func TestHubStopClosesSubscriptions(t *testing.T) {
	h := push.NewHub(testDB.Pool, push.HubConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { h.Run(ctx); close(done) }()
	<-h.Started()
	s := h.Subscribe(tenantA, alice)
	cancel()
	<-done
	if _, ok := <-s.C; ok {
		t.Fatal("subscription still open after the hub stopped")
	}
	if _, ok := <-h.Subscribe(tenantA, alice).C; ok {
		t.Fatal("a subscription to a stopped hub is open")
	}
	s.Close() // closing twice is fine
}
