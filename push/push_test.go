package push_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
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

// publish publishes ms in one transaction, committed or rolled back, each with a fresh event
// position; it returns the last position.
func publish(t testing.TB, pool *pgxpool.Pool, commit bool, ms ...push.Message) int64 {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	for _, m := range ms {
		position++
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

type pending struct {
	user  *uuid.UUID
	topic string
	pos   int64
}

func pendingRows(t *testing.T, pool *pgxpool.Pool) []pending {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT user_id, topic, event_position FROM push_pending ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (pending, error) {
		var p pending
		return p, r.Scan(&p.user, &p.topic, &p.pos)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// With no Centrifugo consuming, what Publish committed waits in the outbox, addressed to its
// channel; a rolled-back transaction, a muted context and an invalid message leave nothing.
func TestPublishWritesTheOutboxOnlyWhenItsTransactionCommits(t *testing.T) {
	testDB.Reset(t, push.OutboxTable)
	ctx := context.Background()
	publish(t, testDB.Pool, false, push.Message{Tenant: tenantA, User: alice, Topic: "rolled.back"})
	p1 := publish(t, testDB.Pool, true, push.Message{Tenant: tenantA, User: alice, Topic: "to.alice", Data: map[string]int{"n": 1}},
		push.Message{Tenant: tenantA, Topic: "to.tenant"})
	tx, _ := testDB.Pool.Begin(ctx)
	if err := push.Publish(push.Mute(ctx), tx, push.Message{Tenant: tenantA, Topic: "muted"}); err != nil {
		t.Fatal(err)
	}
	if err := push.Publish(ctx, tx, push.Message{Tenant: tenantA}); !errors.Is(err, push.ErrInvalid) {
		t.Fatalf("a message without a topic: %v", err)
	}
	tx.Rollback(ctx)

	got := pendingRows(t, testDB.Pool)
	if len(got) != 2 || got[0].topic != "to.alice" || got[0].user == nil || *got[0].user != alice || got[0].pos != p1-1 ||
		got[1].topic != "to.tenant" || got[1].user != nil || got[1].pos != p1 {
		t.Fatalf("outbox holds %+v", got)
	}
	var channel string
	var partition int
	testDB.Pool.QueryRow(ctx, `SELECT payload->>'channel', partition FROM centrifugo_outbox ORDER BY id LIMIT 1`).Scan(&channel, &partition)
	if channel != push.UserChannel(tenantA, alice) || partition != push.PartitionOf(channel) {
		t.Fatalf("channel %q partition %d", channel, partition)
	}
}

// The token carries the caller's two channels, is signed with the shared secret and expires
// after push.TokenTTL; a short secret is refused.
func TestTokenNamesOnlyTheCallersChannels(t *testing.T) {
	now := time.Now()
	tok, exp, err := push.Token([]byte("0123456789abcdef0123456789abcdef"), tenantA, alice, now)
	if err != nil || tok == "" || !exp.Equal(now.Add(push.TokenTTL)) {
		t.Fatalf("token %q %v %v", tok, exp, err)
	}
	if _, _, err := push.Token([]byte("short"), tenantA, alice, now); err == nil {
		t.Fatal("a short secret was accepted")
	}
}
