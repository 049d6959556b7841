package eventstore

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"portal/platform/telemetry"
)

// Every append, whichever area makes it, goes through these three: each is timed by outcome
// (portal_eventstore_append_duration_seconds), counts its events
// (portal_eventstore_appended_events_total) and is a span "eventstore.append" that the
// projection runner continues when it applies the events (telemetry.RememberEvents).

// Append implements Store.
func (s *Postgres) Append(ctx context.Context, meta Meta, stream string, expected int64, events ...EventData) (AppendResult, error) {
	ctx, span, start := startAppend(ctx, 1, len(events))
	var res AppendResult
	var err error
	if width := s.group.grouped(events); width > 0 {
		res, err = s.appendGrouped(ctx, width, meta, stream, expected, events)
	} else {
		res, err = s.appendEvents(ctx, meta, stream, expected, events...)
	}
	endAppend(ctx, span, start, events, err, res.Duplicate)
	return res, err
}

// AppendStreams implements Store: every part lands, in one transaction, or none does.
func (s *Postgres) AppendStreams(ctx context.Context, parts ...StreamAppend) ([]AppendResult, error) {
	var events []EventData
	for _, p := range parts {
		events = append(events, p.Events...)
	}
	ctx, span, start := startAppend(ctx, len(parts), len(events))
	res, err := s.appendStreamsChecked(ctx, parts...)
	endAppend(ctx, span, start, events, err, len(res) > 0 && res[0].Duplicate)
	return res, err
}

// AppendInTx is AppendTx answering where the events landed (for a projection the caller
// applies in the same transaction).
func AppendInTx(ctx context.Context, tx pgx.Tx, meta Meta, stream string, expected int64, events ...EventData) (AppendResult, error) {
	ctx, span, start := startAppend(ctx, 1, len(events))
	res, err := appendInTx(ctx, tx, meta, stream, expected, events...)
	endAppend(ctx, span, start, events, err, false)
	return res, err
}

func startAppend(ctx context.Context, streams, events int) (context.Context, trace.Span, time.Time) {
	ctx, span := telemetry.Tracer().Start(ctx, "eventstore.append", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.Int("portal.streams", streams), attribute.Int("portal.events", events)))
	return ctx, span, time.Now()
}

func endAppend(ctx context.Context, span trace.Span, start time.Time, events []EventData, err error, duplicate bool) {
	outcome := "ok"
	switch {
	case errors.Is(err, ErrConcurrency):
		outcome = "conflict"
	case err != nil:
		outcome = "error"
	case duplicate:
		outcome = "duplicate"
	}
	telemetry.AppendDuration.WithLabelValues(outcome).Observe(telemetry.Since(start))
	if outcome == "ok" {
		telemetry.AppendedEvents.Add(float64(len(events)))
		if span.IsRecording() {
			ids := make([]uuid.UUID, len(events))
			for i, e := range events {
				ids[i] = e.ID
			}
			telemetry.RememberEvents(ctx, ids...)
		}
	}
	span.SetAttributes(attribute.String("portal.outcome", outcome))
	if outcome == "conflict" {
		err = nil // an expected answer, not a failure of the store
	}
	telemetry.End(span, err)
}
