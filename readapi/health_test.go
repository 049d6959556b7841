package readapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
	"portal/platform/db"
	"portal/projections"
)

// refuser is a projection that applies nothing and refuses one event.
type refuser struct{ bad uuid.UUID }

func (refuser) Name() string                        { return "health_refuser" }
func (refuser) Reset(context.Context, pgx.Tx) error { return nil }
func (r refuser) Apply(_ context.Context, _ pgx.Tx, events []eventstore.RecordedEvent) error {
	for _, e := range events {
		if e.ID == r.bad {
			return errors.New("refused for the health test")
		}
	}
	return nil
}

func getHealth(t *testing.T, h http.Handler) (int, HealthBody) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/health", nil))
	body, _ := io.ReadAll(rec.Body)
	var b HealthBody
	if err := json.Unmarshal(body, &b); err != nil {
		t.Fatalf("health body %s: %v", body, err)
	}
	return rec.Code, b
}

func TestHealthReportsProjectionsAndReadiness(t *testing.T) {
	pushSetup(t)
	ctx := context.Background()
	pool := pushEnv.db.Pool
	store := eventstore.NewPostgres(pool)
	defer store.Close()
	evs := make([]eventstore.EventData, 3)
	for i := range evs {
		evs[i] = eventstore.EventData{ID: uuid.New(), Type: "test.health.v1", Data: []byte(`{}`)}
	}
	res, err := store.Append(ctx, eventstore.Meta{Tenant: pushEnv.users["alice"].tenant}, "health-1", eventstore.NoStream, evs...)
	if err != nil {
		t.Fatal(err)
	}
	runner, err := projections.NewRunner(pool, store, projections.RunnerConfig{
		RetryInterval: time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}, refuser{bad: evs[1].ID})
	if err != nil {
		t.Fatal(err)
	}
	h := (&Server{Pool: pool, Runner: runner}).Handler()

	code, b := getHealth(t, h)
	if code != http.StatusServiceUnavailable || b.Status != "starting" || b.Database != "ok" ||
		len(b.Projections) != 1 || b.Projections[0].Name != "health_refuser" || b.Projections[0].Lag < 3 {
		t.Fatalf("before the runner ran: %d %+v, want 503 starting with the projection's lag", code, b)
	}

	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { runner.Run(rctx); close(done) }()
	defer func() { cancel(); <-done }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, b = getHealth(t, h)
		if code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not healthy after 10 s: %d %+v", code, b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	p := b.Projections[0]
	if b.Status != "ok" || p.Lag != 0 || p.Position != res.Last.Position || len(p.Parked) != 1 ||
		p.Parked[0].EventID != evs[1].ID || p.Parked[0].Reason != "refused for the health test" {
		t.Fatalf("healthy answer %+v, want ok, lag 0, position %d and the parked event", b, res.Last.Position)
	}
}

func TestHealthWithoutDatabase(t *testing.T) {
	pushSetup(t)
	pool, err := db.Open(context.Background(), pushEnv.db.URL, 2)
	if err != nil {
		t.Fatal(err)
	}
	pool.Close()
	code, b := getHealth(t, (&Server{Pool: pool}).Handler())
	if code != http.StatusServiceUnavailable || b.Status != "unavailable" || b.Database != "down" {
		t.Fatalf("with a closed pool: %d %+v", code, b)
	}
	code, b = getHealth(t, (&Server{Pool: pushEnv.db.Pool}).Handler())
	if code != http.StatusOK || b.Status != "ok" || b.Projections == nil {
		t.Fatalf("without a runner: %d %+v", code, b)
	}
}
