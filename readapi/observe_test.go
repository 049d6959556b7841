package readapi_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	dtopb "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/platform/telemetry"
	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/readapi"
	"portal/readapi/readapitest"
)

const punchRoute = "/api/rh-app/colaborador/v2/registrar-ponto"

// TestMetricsAndTraceOfAPunch scrapes /metrics (behind its token) before and after one punch
// through the whole server with the projections running: the metric names are there, the
// punch moves the HTTP, command, append and projection figures, and an in-process exporter
// saw one trace from the HTTP call through the command, the append, the projection and the
// push publish.
func TestMetricsAndTraceOfAPunch(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	telemetry.Install(tp)
	t.Cleanup(func() { _ = tp.Shutdown(context.Background()) })

	env := readapitest.New(t, "readapi_observe", readapitest.ClockNow)
	const token = "metrics-test-token"
	env.Server.MetricsToken = token
	env.Handler = env.Server.Handler()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	runner, err := projections.NewRunner(env.DB.Pool, env.Store, projections.RunnerConfig{}, clockproj.Projections()...)
	if err != nil {
		t.Fatal(err)
	}
	if err := telemetry.RegisterDatabase(env.DB.Pool, runner.Names, runner.Active); err != nil {
		t.Fatal(err)
	}
	stopped := make(chan struct{})
	go func() { runner.Run(ctx); close(stopped) }()
	t.Cleanup(func() {
		cancel()
		<-stopped
	})
	for !runner.Ready() {
		time.Sleep(10 * time.Millisecond)
	}

	// Never public: no token, no metrics.
	req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
	w := httptest.NewRecorder()
	env.Handler.ServeHTTP(w, req)
	if w.Code != http.StatusUnauthorized {
		t.Fatalf("GET /metrics without the token: %d", w.Code)
	}

	before := scrape(t, env.Handler, token)
	p := env.Person(t, nil, clocktest.Options{Fences: []clock.Fence{readapitest.ClockOffice}})
	here := readapitest.ClockNorth(readapitest.ClockOffice.Position, 120)
	if r := env.Register(t, p, nil, readapitest.MarkBody("Rua Direita, 10", readapitest.ClockHome, &here), nil); r.Status != http.StatusOK {
		t.Fatalf("punch: %d %s", r.Status, r.Body)
	}
	var after map[string]*dto
	deadline := time.Now().Add(10 * time.Second)
	for {
		after = scrape(t, env.Handler, token)
		if value(after, "portal_projection_applied_events_total", "projection", "clock") > value(before, "portal_projection_applied_events_total", "projection", "clock") &&
			value(after, "portal_projection_lag_events", "projection", "clock") == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, name := range []string{"portal_http_request_duration_seconds", "portal_command_duration_seconds",
		"portal_eventstore_appended_events_total", "portal_eventstore_append_duration_seconds", "portal_projection_position",
		"portal_projection_lag_events", "portal_projection_lag_seconds", "portal_projection_parked_events",
		"portal_projection_batch_events", "portal_push_outbox_depth", "portal_push_outbox_oldest_seconds",
		"portal_db_pool_acquired_connections", "portal_db_pool_acquire_wait_seconds_total", "portal_mail_in_flight",
		"go_goroutines", "process_resident_memory_bytes", "portal_database_up"} {
		if _, ok := after[name]; !ok {
			t.Errorf("/metrics has no %s", name)
		}
	}

	moved := []struct {
		name, label, want string
	}{
		{"portal_http_request_duration_seconds", "route", punchRoute},
		{"portal_command_duration_seconds", "command", "POST " + punchRoute},
		{"portal_eventstore_appended_events_total", "", ""},
		{"portal_eventstore_append_duration_seconds", "outcome", "ok"},
		{"portal_projection_position", "projection", "clock"},
		{"portal_projection_applied_events_total", "projection", "clock"},
	}
	for _, m := range moved {
		if b, a := value(before, m.name, m.label, m.want), value(after, m.name, m.label, m.want); a <= b {
			t.Errorf("%s{%s=%q}: %v before the punch, %v after", m.name, m.label, m.want, b, a)
		}
	}
	if lag := value(after, "portal_projection_lag_events", "projection", "clock"); lag != 0 {
		t.Errorf("clock lag after catching up: %v", lag)
	}

	checkPunchTrace(t, rec, deadline)
}

// TestTraceCrossesProcesses: the projection is applied by a runner that did not make the
// append (its process remembers no append span, as a second portal process would not): the
// event's stored traceparent still makes the projection and its push publish children of the
// HTTP call's trace.
func TestTraceCrossesProcesses(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	telemetry.Install(tp)
	t.Cleanup(func() { _ = tp.Shutdown(context.Background()) })

	env := readapitest.New(t, "readapi_observe_cross", readapitest.ClockNow)
	p := env.Person(t, nil, clocktest.Options{Fences: []clock.Fence{readapitest.ClockOffice}})
	here := readapitest.ClockNorth(readapitest.ClockOffice.Position, 120)
	if r := env.Register(t, p, nil, readapitest.MarkBody("Rua Direita, 10", readapitest.ClockHome, &here), nil); r.Status != http.StatusOK {
		t.Fatalf("punch: %d %s", r.Status, r.Body)
	}
	telemetry.ForgetEvents()

	ctx, cancel := context.WithCancel(context.Background())
	runner, err := projections.NewRunner(env.DB.Pool, env.Store, projections.RunnerConfig{}, clockproj.Projections()...)
	if err != nil {
		t.Fatal(err)
	}
	stopped := make(chan struct{})
	go func() { runner.Run(ctx); close(stopped) }()
	t.Cleanup(func() {
		cancel()
		<-stopped
	})
	checkPunchTrace(t, rec, time.Now().Add(10*time.Second))
}

// checkPunchTrace waits for the punch's push publish and checks the chain HTTP → command →
// append → projection → push publish, each the child of the one before, in one trace.
func checkPunchTrace(t *testing.T, rec *tracetest.SpanRecorder, deadline time.Time) {
	t.Helper()
	for {
		err := punchTrace(rec.Ended())
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func punchTrace(spans []sdktrace.ReadOnlySpan) error {
	chain := []string{"POST " + punchRoute, "command POST " + punchRoute, "eventstore.append", "projection clock", "push.publish"}
	var parent sdktrace.ReadOnlySpan
	for _, name := range chain {
		var s sdktrace.ReadOnlySpan
		for _, c := range spans {
			if c.Name() == name && (parent == nil || c.Parent().SpanID() == parent.SpanContext().SpanID()) {
				s = c
			}
		}
		if s == nil {
			return fmt.Errorf("no span %q under %v; spans: %v", name, parentName(parent), names(spans))
		}
		if parent != nil && s.SpanContext().TraceID() != parent.SpanContext().TraceID() {
			return fmt.Errorf("%q is in another trace", name)
		}
		parent = s
	}
	return nil
}

// TestErrorBodyNamesTheTrace: a 5xx answer carries its trace id (the log line names it too).
func TestErrorBodyNamesTheTrace(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	telemetry.Install(tp)
	srv := &readapi.Server{}
	e := srv.Handler()
	e.GET("/api/test-boom", func(c echo.Context) error { return errors.New("boom") })
	w := httptest.NewRecorder()
	e.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/test-boom", nil))
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status %d", w.Code)
	}
	s := find(rec.Ended(), "GET /api/test-boom")
	if s == nil {
		t.Fatal("no span for the call")
	}
	if want := `"traceId":"` + s.SpanContext().TraceID().String() + `"`; !strings.Contains(w.Body.String(), want) {
		t.Fatalf("body %s has no %s", w.Body, want)
	}
}

type dto = dtopb.MetricFamily

func scrape(t *testing.T, h http.Handler, token string) map[string]*dto {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		t.Fatalf("GET /metrics: %d %s", w.Code, w.Body)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(io.Reader(w.Body))
	if err != nil {
		t.Fatal(err)
	}
	return fams
}

// value sums family name's series whose label is want (every series when label is ""):
// a counter's or gauge's value, a histogram's count.
func value(fams map[string]*dto, name, label, want string) float64 {
	f, ok := fams[name]
	if !ok {
		return 0
	}
	sum := 0.0
	for _, m := range f.GetMetric() {
		match := label == ""
		for _, l := range m.GetLabel() {
			if l.GetName() == label && l.GetValue() == want {
				match = true
			}
		}
		if !match {
			continue
		}
		switch {
		case m.Counter != nil:
			sum += m.GetCounter().GetValue()
		case m.Gauge != nil:
			sum += m.GetGauge().GetValue()
		case m.Histogram != nil:
			sum += float64(m.GetHistogram().GetSampleCount())
		}
	}
	return sum
}

func find(spans []sdktrace.ReadOnlySpan, name string) sdktrace.ReadOnlySpan {
	for _, s := range spans {
		if s.Name() == name {
			return s
		}
	}
	return nil
}

func names(spans []sdktrace.ReadOnlySpan) []string {
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = s.Name() + "(" + strconv.Itoa(len(s.Links())) + " links)"
	}
	return out
}

func parentName(s sdktrace.ReadOnlySpan) string {
	if s == nil {
		return "nothing"
	}
	return s.Name()
}
