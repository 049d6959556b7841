package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"time"

	"golang.org/x/sync/errgroup"

	"portal/platform/telemetry"
	"portal/readapi"
)

// shutdownTimeout bounds how long a stopping process waits for calls in flight.
const shutdownTimeout = 10 * time.Second

// serveMetrics serves /metrics on METRICS_ADDR (default 127.0.0.1:9464: this host only;
// "off": nowhere) until ctx ends. Metrics are never public by default; METRICS_TOKEN also
// offers them on the API's port to that bearer token. A metrics port that is taken is logged,
// not fatal: the product serves without it.
func serveMetrics(ctx context.Context, g *errgroup.Group) {
	addr := getenv("METRICS_ADDR", "127.0.0.1:9464")
	if addr == "off" {
		return
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", telemetry.Handler())
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	g.Go(func() error {
		slog.Info("metrics", "url", "http://"+addr+"/metrics")
		if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			slog.Error("metrics not served", "addr", addr, "err", err)
		}
		return nil
	})
	g.Go(func() error {
		<-ctx.Done()
		return srv.Close()
	})
}

// rateLimitsFromEnv are the default limits of every tenant (docs/operations.md, "Rate
// limits"): RATE_LIMIT_TENANT calls/s per tenant (default 1,000), RATE_LIMIT_USER per user
// (default 50); 0 turns one off. A tenant's own (tenants.rate_limit_*) win.
func rateLimitsFromEnv() readapi.RateLimits {
	f := func(name string, def float64) float64 {
		if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil && v >= 0 {
			return v
		}
		return def
	}
	return readapi.RateLimits{TenantPerSecond: f("RATE_LIMIT_TENANT", 1000), UserPerSecond: f("RATE_LIMIT_USER", 50)}
}
