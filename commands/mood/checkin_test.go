package mood_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	moodcmd "portal/commands/mood"
	"portal/domain"
	"portal/domain/mood"
)

// Two handlers stand for two processes. Each decides on its cached journal without reading
// the stream; what the other appended since must still decide: the cool-down holds across
// processes, and a retried command answers its first check-in.
func TestCheckInMoodCacheNeverHidesHistory(t *testing.T) {
	t.Parallel()
	const coolDown = time.Hour
	at := fixedNow
	now := func() time.Time { return at }
	handlers := make([]*moodcmd.CheckInHandler, 2)
	for i := range handlers {
		h, err := moodcmd.New(harness.Store, now)
		if err != nil {
			t.Fatal(err)
		}
		handlers[i] = h
	}
	tenant, user := uuid.New(), uuid.New()
	checkIn := func(h *moodcmd.CheckInHandler, key string) (moodcmd.CheckedIn, error) {
		return h.Handle(context.Background(), moodcmd.CheckIn{CommandID: key, Tenant: tenant, UserID: user,
			Entry: mood.Entry{Humor: 30, Energy: 40}, CoolDown: coolDown})
	}
	first, err := checkIn(handlers[1], "k1")
	if err != nil {
		t.Fatal(err)
	}
	at = at.Add(coolDown + time.Minute)
	if _, err := checkIn(handlers[0], "k2"); err != nil {
		t.Fatal(err)
	}
	// handlers[1] still holds the journal of k1 alone, whose cool-down is over.
	at = at.Add(time.Minute)
	_, err = checkIn(handlers[1], "k3")
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != domain.Refused || de.Key != mood.KeyCoolDown {
		t.Fatalf("check-in within the cool-down of another process's = %v, want the cool-down refusal", err)
	}
	again, err := checkIn(handlers[0], "k1")
	if err != nil || again != first {
		t.Fatalf("retry of k1 = %+v, %v; want %+v", again, err, first)
	}
	recorded, err := harness.Store.ReadStream(context.Background(), tenant, mood.Stream(user), 0)
	if err != nil || len(recorded) != 2 {
		t.Fatalf("%d events (%v), want k1 and k2", len(recorded), err)
	}
}
