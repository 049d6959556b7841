package projections

import (
	"context"

	"github.com/google/uuid"
	"go.opentelemetry.io/otel/attribute"

	"portal/eventstore"
	"portal/platform/telemetry"
)

// observeBatch starts the span of one projection transaction, a child of the append that
// wrote its first event, in this process or another (telemetry.StartEvents), and returns what
// ends it and records the batch (portal_projection_batch_events, _applied_events_total,
// _failures_total). Every projection the runner runs is covered, whichever area it is.
func observeBatch(ctx context.Context, name string, events []eventstore.RecordedEvent) (context.Context, func(error)) {
	ids := make([]uuid.UUID, len(events))
	parents := make([]string, len(events))
	for i, e := range events {
		ids[i], parents[i] = e.ID, e.TraceParent
	}
	attrs := []attribute.KeyValue{attribute.String("portal.projection", name), attribute.Int("portal.events", len(events))}
	if len(events) > 0 {
		attrs = append(attrs, attribute.Int64("portal.position", events[len(events)-1].Cursor.Position),
			attribute.String("portal.correlation_id", events[0].CorrelationID.String()))
	}
	ctx, span := telemetry.StartEvents(ctx, "projection "+name, ids, parents, attrs...)
	return ctx, func(err error) {
		if err != nil {
			telemetry.ProjectionFailures.WithLabelValues(name).Inc()
		} else {
			telemetry.ProjectionBatch.WithLabelValues(name).Observe(float64(len(events)))
			telemetry.ProjectionApplied.WithLabelValues(name).Add(float64(len(events)))
		}
		telemetry.End(span, err)
	}
}

// Active tells whether this process holds projection name's lock (for the metrics).
func (r *Runner) Active(name string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.active[name]
}
