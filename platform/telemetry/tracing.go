package telemetry

import (
	"context"
	"os"
	"sync"

	"github.com/google/uuid"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
)

// Tracer is the portal's tracer. It goes through the global provider, so it records nothing
// until SetupTracing (or a test) installs one: tracing is off unless configured.
func Tracer() trace.Tracer { return otel.Tracer("portal") }

// SetupTracing installs an OTLP/HTTP exporter when OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, with the exporter's standard environment
// variables (headers, insecure, sampler through OTEL_TRACES_SAMPLER). Without it tracing
// stays off and costs a no-op call per span. The returned function flushes and stops it.
func SetupTracing(ctx context.Context, service string) (func(context.Context) error, error) {
	if os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") == "" && os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") == "" {
		return func(context.Context) error { return nil }, nil
	}
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, err
	}
	res, err := resource.Merge(resource.Default(), resource.NewWithAttributes(semconv.SchemaURL, semconv.ServiceName(service)))
	if err != nil {
		return nil, err
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	Install(tp)
	return tp.Shutdown, nil
}

// Install makes tp the process's tracer provider, with W3C trace-context propagation.
func Install(tp trace.TracerProvider) {
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
}

// TraceID is the id of the trace ctx is part of; empty when nothing is traced.
func TraceID(ctx context.Context) string {
	sc := trace.SpanContextFromContext(ctx)
	if !sc.HasTraceID() {
		return ""
	}
	return sc.TraceID().String()
}

// End ends span, marking it failed when err is not nil.
func End(span trace.Span, err error) {
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}

// The trace of an event, from its append to its projection. The log does not store trace
// context (its rows are hashed into the chain, and a trace is not history), so the append
// remembers its span for the events it wrote, in memory, and the projection runner of the same
// process continues that trace. A projection applied by another process (or after a restart)
// starts its own trace, which names the event's correlation id.
var eventTraces = struct {
	sync.Mutex
	m     map[uuid.UUID]trace.SpanContext
	order []uuid.UUID
}{m: map[uuid.UUID]trace.SpanContext{}}

// maxEventTraces bounds the remembered spans: far more than the events in flight between an
// append and its projection.
const maxEventTraces = 8192

// RememberEvents notes that the events ids were appended in ctx's span (nothing when that
// span is not recording, so untraced appends cost a check).
func RememberEvents(ctx context.Context, ids ...uuid.UUID) {
	sc := trace.SpanContextFromContext(ctx)
	if !sc.IsValid() || !sc.IsSampled() {
		return
	}
	eventTraces.Lock()
	defer eventTraces.Unlock()
	for _, id := range ids {
		if _, ok := eventTraces.m[id]; !ok {
			eventTraces.order = append(eventTraces.order, id)
		}
		eventTraces.m[id] = sc
	}
	for len(eventTraces.order) > maxEventTraces {
		delete(eventTraces.m, eventTraces.order[0])
		eventTraces.order = eventTraces.order[1:]
	}
}

// ForgetEvents drops the remembered append spans, as a process that did not make the
// appends sees them (tests of the trace crossing processes).
func ForgetEvents() {
	eventTraces.Lock()
	defer eventTraces.Unlock()
	clear(eventTraces.m)
	eventTraces.order = nil
}

// EventSpan is the span context the event id was appended in, if this process remembers it.
func EventSpan(id uuid.UUID) (trace.SpanContext, bool) {
	eventTraces.Lock()
	defer eventTraces.Unlock()
	sc, ok := eventTraces.m[id]
	return sc, ok
}

// TraceParent is ctx's span context as a W3C traceparent, "" when it is not sampled (the
// event store stores it on the events it appends).
func TraceParent(ctx context.Context) string {
	sc := trace.SpanContextFromContext(ctx)
	if !sc.IsValid() || !sc.IsSampled() {
		return ""
	}
	c := propagation.MapCarrier{}
	propagation.TraceContext{}.Inject(ctx, c)
	return c.Get("traceparent")
}

// spanOfParent parses a stored traceparent.
func spanOfParent(tp string) trace.SpanContext {
	if tp == "" {
		return trace.SpanContext{}
	}
	ctx := propagation.TraceContext{}.Extract(context.Background(), propagation.MapCarrier{"traceparent": tp})
	return trace.SpanContextFromContext(ctx)
}

// StartEvents starts a span for handling the events ids: a child of the first one's append
// span, linked to the others'. The append's span comes from this process's memory, else from
// the event's stored traceparent (parents[i], "" when none), so a projection applied by
// another process joins the same trace.
func StartEvents(ctx context.Context, name string, ids []uuid.UUID, parents []string, attrs ...attribute.KeyValue) (context.Context, trace.Span) {
	var links []trace.Link
	var parent trace.SpanContext
	for i, id := range ids {
		sc, ok := EventSpan(id)
		if !ok && i < len(parents) {
			sc = spanOfParent(parents[i])
			ok = sc.IsValid()
		}
		if ok {
			if !parent.IsValid() {
				parent = sc
				continue
			}
			if len(links) < 32 {
				links = append(links, trace.Link{SpanContext: sc})
			}
		}
	}
	if parent.IsValid() {
		ctx = trace.ContextWithRemoteSpanContext(ctx, parent)
	}
	return Tracer().Start(ctx, name, trace.WithAttributes(attrs...), trace.WithLinks(links...))
}
