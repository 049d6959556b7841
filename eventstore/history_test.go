package eventstore_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/eventstore"
)

// AppendHistory records each part at its business time, in the stream's chain (verify holds),
// and refuses a time that goes back or lies ahead.
func TestAppendHistoryRecordsBusinessTime(t *testing.T) {
	ctx := context.Background()
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	tenant := uuid.New()
	meta := eventstore.Meta{Tenant: tenant, Actor: uuid.NewString(), CommandID: "history"}
	ev := func() eventstore.EventData {
		return eventstore.EventData{ID: uuid.New(), Type: "test.happened.v1", Data: []byte(`{"n":1}`)}
	}
	part := func(stream string, at time.Time, events ...eventstore.EventData) eventstore.HistoricAppend {
		return eventstore.HistoricAppend{StreamAppend: eventstore.StreamAppend{Meta: meta, Stream: stream, Expected: eventstore.Any, Events: events}, At: at}
	}
	a, b := "history-a", "history-b"
	t0 := time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC)
	if _, err := store.AppendHistory(ctx, part(a, t0, ev(), ev()), part(b, t0.Add(time.Hour), ev()), part(a, t0.Add(2*time.Hour), ev())); err != nil {
		t.Fatal(err)
	}
	got, err := store.ReadStream(ctx, tenant, a, 0)
	if err != nil || len(got) != 3 {
		t.Fatalf("stream a: %d events, %v", len(got), err)
	}
	for i, want := range []time.Time{t0, t0.Add(time.Microsecond), t0.Add(2 * time.Hour)} {
		if !got[i].RecordedAt.Equal(want) {
			t.Errorf("event %d recorded at %v, want %v", i, got[i].RecordedAt, want)
		}
	}
	// A part's events are a microsecond apart. Appended after them, a command's event is recorded now.
	res, err := store.Append(ctx, meta, a, 2, ev())
	if err != nil || res.NextVersion != 3 {
		t.Fatalf("append after the history: %+v %v", res, err)
	}
	rep, err := store.VerifyChain(ctx, tenant)
	if err != nil || rep.Broken != nil || rep.Events != 5 {
		t.Fatalf("verify: %+v %v", rep, err)
	}

	for name, parts := range map[string][]eventstore.HistoricAppend{
		"before its stream's last event": {part(b, t0, ev())},
		"going back within the call":     {part("history-c", t0.Add(time.Hour), ev()), part("history-d", t0, ev())},
		"in the future":                  {part("history-e", time.Now().Add(time.Hour), ev())},
		"without a time":                 {part("history-f", time.Time{}, ev())},
	} {
		if _, err := store.AppendHistory(ctx, parts...); !errors.Is(err, eventstore.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	// The same ids again (a seed run again) write nothing.
	again := part(a, t0.Add(3*time.Hour), eventstore.EventData{ID: got[0].ID, Type: got[0].Type, Data: got[0].Data})
	if res, err := store.AppendHistory(ctx, again); err != nil || !res[0].Duplicate {
		t.Fatalf("appended again: %+v %v", res, err)
	}
}

// Only the demo seed writes history: no other package of the module calls AppendHistory
// (commands hold a Store, which has no such method; this keeps a type assertion out too).
func TestOnlyTheSeedAppendsHistory(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() && (rel == "web" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		if dir := filepath.Dir(rel); dir == "seed" || dir == "eventstore" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err == nil && strings.Contains(string(b), "AppendHistory") {
			t.Errorf("%s uses AppendHistory: only the seed may set an event's recorded time", rel)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Parts of two tenants interleaved in time go in one call when they append at their streams'
// ends; a part expecting an exact version is checked as AppendStreams checks it.
func TestAppendHistoryAcrossTenantsAndVersions(t *testing.T) {
	ctx := context.Background()
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	t1, t2 := uuid.New(), uuid.New()
	ev := func() eventstore.EventData {
		return eventstore.EventData{ID: uuid.New(), Type: "test.happened.v1", Data: []byte(`{"n":1}`)}
	}
	part := func(tenant uuid.UUID, expected int64, at time.Time) eventstore.HistoricAppend {
		return eventstore.HistoricAppend{StreamAppend: eventstore.StreamAppend{Meta: eventstore.Meta{Tenant: tenant, Actor: "u"},
			Stream: "history-x", Expected: expected, Events: []eventstore.EventData{ev()}}, At: at}
	}
	t0 := time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC)
	if _, err := store.AppendHistory(ctx, part(t1, eventstore.Any, t0), part(t2, eventstore.Any, t0.Add(time.Minute)), part(t1, eventstore.Any, t0.Add(2*time.Minute))); err != nil {
		t.Fatal(err)
	}
	for _, tenant := range []uuid.UUID{t1, t2} {
		if rep, err := store.VerifyChain(ctx, tenant); err != nil || rep.Broken != nil {
			t.Fatalf("verify %s: %+v %v", tenant, rep, err)
		}
	}
	if _, err := store.AppendHistory(ctx, part(t1, 0, t0.Add(3*time.Minute))); !errors.Is(err, eventstore.ErrConcurrency) {
		t.Fatalf("a stale expected version: %v", err)
	}
	if res, err := store.AppendHistory(ctx, part(t1, 1, t0.Add(3*time.Minute))); err != nil || res[0].NextVersion != 2 {
		t.Fatalf("the expected version: %+v %v", res, err)
	}
	if _, err := store.AppendHistory(ctx, part(t1, 2, t0.Add(4*time.Minute)), part(t2, 0, t0.Add(4*time.Minute))); !errors.Is(err, eventstore.ErrInvalid) {
		t.Fatalf("exact versions of two tenants in one call: %v", err)
	}
}
