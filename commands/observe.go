package commands

import (
	"context"
	"errors"
	"io"
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"portal/domain"
	"portal/eventstore"
	"portal/platform/telemetry"
)

// Observe runs one command under its instruments: a span "command <name>" (the child of the
// HTTP call's, the parent of the append's) and portal_command_duration_seconds by command and
// outcome. The HTTP layer wraps every write call in it (readapi/observe.go), so a new command
// of any area is covered without an edit.
func Observe(ctx context.Context, name string, run func(ctx context.Context) error) error {
	ctx, span := telemetry.Tracer().Start(ctx, "command "+name, trace.WithAttributes(attribute.String("portal.command", name)))
	start := time.Now()
	err := run(ctx)
	outcome := Outcome(err)
	telemetry.CommandDuration.WithLabelValues(name, outcome).Observe(telemetry.Since(start))
	span.SetAttributes(attribute.String("portal.outcome", outcome))
	if outcome == "rejected" || outcome == "conflict" {
		telemetry.End(span, nil) // the command said no, as it should: not a failure
	} else {
		telemetry.End(span, err)
	}
	return err
}

// Outcome names how a command ended: ok, rejected (the rules or the input said no),
// conflict (a concurrent writer, after the retries), unavailable (the database was out of
// reach) or error.
func Outcome(err error) string {
	var domErr *domain.Error
	var pgErr *pgconn.PgError
	var connErr *pgconn.ConnectError
	var netErr net.Error
	var status interface{ StatusCode() int }
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &domErr):
		return "rejected"
	case errors.Is(err, eventstore.ErrConcurrency):
		return "conflict"
	case errors.As(err, &connErr), errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.As(err, &pgErr) && (pgErr.Code == "53300" || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"):
		return "unavailable"
	case errors.As(err, &status) && status.StatusCode() < 500:
		return "rejected"
	default:
		return "error"
	}
}
