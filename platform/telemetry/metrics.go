// Package telemetry holds the operator's instruments: the Prometheus metrics every layer
// records into (HTTP, commands, the event store's append, the projection runner, push, mail),
// the collectors that read the database's state at scrape time, and OpenTelemetry tracing
// (tracing.go). docs/operations.md ("Metrics") explains each metric and what to alert on.
package telemetry

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Registry holds every metric of the process. It is the process's own registry (not
// prometheus.DefaultRegisterer) so that what /metrics shows is exactly what is listed here.
var Registry = prometheus.NewRegistry()

// latencyBuckets span a fast read (1 ms) to a request that is about to time out (10 s).
var latencyBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

var (
	// HTTPDuration is every HTTP call's latency by its route pattern (never the raw path:
	// ids would explode the series), method and status.
	HTTPDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "portal_http_request_duration_seconds", Help: "HTTP call latency by route pattern, method and status.",
		Buckets: latencyBuckets,
	}, []string{"route", "method", "status"})
	// HTTPInFlight is the number of calls being served.
	HTTPInFlight = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "portal_http_requests_in_flight", Help: "HTTP calls being served.",
	})
	// CommandDuration is every command's latency by command and outcome (ok, rejected,
	// conflict, unavailable, error).
	CommandDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "portal_command_duration_seconds", Help: "Command latency by command and outcome.",
		Buckets: latencyBuckets,
	}, []string{"command", "outcome"})
	// AppendedEvents counts events written to the log (rate: appends/s).
	AppendedEvents = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "portal_eventstore_appended_events_total", Help: "Events appended to the log.",
	})
	// AppendDuration is the latency of one append call by outcome (ok, duplicate, conflict, error).
	AppendDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "portal_eventstore_append_duration_seconds", Help: "Event store append latency by outcome.",
		Buckets: latencyBuckets,
	}, []string{"outcome"})
	// ProjectionBatch is the number of events one projection transaction applied.
	ProjectionBatch = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "portal_projection_batch_events", Help: "Events applied per projection transaction.",
		Buckets: []float64{1, 2, 5, 10, 25, 50, 100, 250, 500},
	}, []string{"projection"})
	// ProjectionApplied counts events applied by this process, per projection.
	ProjectionApplied = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "portal_projection_applied_events_total", Help: "Events applied by this process, per projection.",
	}, []string{"projection"})
	// ProjectionFailures counts failed projection transactions (each is retried, then parked).
	ProjectionFailures = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "portal_projection_failures_total", Help: "Failed projection transactions (retried, then parked).",
	}, []string{"projection"})
	// PushPublished counts messages written to the push outbox.
	PushPublished = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "portal_push_published_total", Help: "Live push messages written to the outbox.",
	})
	// MailSent counts mails handed to SMTP by outcome; MailInFlight those being sent (mail is
	// sent inline, so this is the queue).
	MailSent = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "portal_mail_sent_total", Help: "Mails handed to SMTP, by outcome.",
	}, []string{"outcome"})
	MailInFlight = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "portal_mail_in_flight", Help: "Mails being sent (the mail queue: sending is inline).",
	})
	// RateLimited counts calls refused with 429, by the limit that refused them.
	RateLimited = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "portal_rate_limited_total", Help: "Calls refused with 429, by limit (tenant, user).",
	}, []string{"limit"})
)

func init() {
	Registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		HTTPDuration, HTTPInFlight, CommandDuration, AppendedEvents, AppendDuration,
		ProjectionBatch, ProjectionApplied, ProjectionFailures, PushPublished, MailSent, MailInFlight, RateLimited,
	)
}

// Handler serves the registry in the Prometheus text format.
func Handler() http.Handler {
	return promhttp.HandlerFor(Registry, promhttp.HandlerOpts{Registry: Registry, Timeout: 10 * time.Second})
}

// Since is the seconds since t, for Observe.
func Since(t time.Time) float64 { return time.Since(t).Seconds() }
