package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	"portal/platform/telemetry"
	"portal/process"
	"portal/projections"
	clockproj "portal/projections/clock"
	faqproj "portal/projections/faq"
	fenceproj "portal/projections/fence"
	moodproj "portal/projections/mood"
	notificationsproj "portal/projections/notifications"
	ombudsmanproj "portal/projections/ombudsman"
	payrollproj "portal/projections/payroll"
	requestsproj "portal/projections/requests"
	surveysproj "portal/projections/surveys"
	timesheetproj "portal/projections/timesheet"
	vacationsproj "portal/projections/vacations"
	"portal/seed"
)

// allProjections are the read models this binary maintains, each area's, and the
// punch-adjustment process handler, which follows the log like a projection.
func allProjections() []projections.Projection {
	return slices.Concat(clockproj.Projections(), notificationsproj.Projections(), requestsproj.Projections(),
		moodproj.Projections(), surveysproj.Projections(), vacationsproj.Projections(), timesheetproj.Projections(), fenceproj.Projections(), faqproj.Projections(), payrollproj.Projections(), ombudsmanproj.Projections(),
		[]projections.Projection{process.AdjustmentProcess{}})
}

func (e *env) seed(ctx context.Context) error {
	start := time.Now()
	if getenv("SEED_HISTORY", "on") == "off" {
		if err := seed.Run(ctx, e.pool, e.store, time.Now()); err != nil {
			return err
		}
		slog.Info("demo tenants ready", "took", time.Since(start).Round(time.Millisecond))
		return nil
	}
	added, err := seed.RunWithHistory(ctx, e.pool, e.store, time.Now())
	if err != nil || !added {
		return err
	}
	// A year of events is rebuilt in bulk (and pushes nothing) rather than projected one by one.
	for _, p := range allProjections() {
		if _, err := projections.Replay(ctx, e.pool, e.store, p, nil); err != nil {
			return err
		}
	}
	slog.Info("demo history ready", "took", time.Since(start).Round(time.Millisecond))
	return nil
}

func (e *env) replay(ctx context.Context, name string) error {
	var picked []projections.Projection
	for _, p := range allProjections() {
		if name == "all" || p.Name() == name {
			picked = append(picked, p)
		}
	}
	if len(picked) == 0 {
		return fmt.Errorf("no projection named %q", name)
	}
	for _, p := range picked {
		fmt.Fprintf(os.Stderr, "replaying %s\n", p.Name())
		if _, err := projections.Replay(ctx, e.pool, e.store, p, os.Stderr); err != nil {
			return fmt.Errorf("replay %s: %w", p.Name(), err)
		}
	}
	return nil
}

// shadowable are the projections a shadow rebuild can copy (they name their tables).
func shadowable() map[string]projections.Tabled {
	out := map[string]projections.Tabled{}
	for _, p := range allProjections() {
		if t, ok := p.(projections.Tabled); ok {
			out[p.Name()] = t
		}
	}
	return out
}

// replayShadow runs `portal replay --shadow NAME`: a rebuild of NAME into its shadow copy
// while the live model serves, with a progress line, then the diff against the live model;
// it fails when they differ.
func (e *env) replayShadow(ctx context.Context, name string) error {
	all := shadowable()
	p, ok := all[name]
	if !ok {
		return fmt.Errorf("no projection named %q can be rebuilt into a shadow (%s)", name, strings.Join(slices.Sorted(maps.Keys(all)), ", "))
	}
	last := time.Time{}
	diffs, err := projections.ReplayShadow(ctx, e.pool, e.store, p, uuid.Nil, func(pr projections.ShadowProgress) {
		if time.Since(last) > 200*time.Millisecond || pr.Done == pr.Total {
			last = time.Now()
			fmt.Fprintf(os.Stderr, "\rshadow %s: %d/%d events  %.0f ev/s  ETA %s   ", name, pr.Done, pr.Total, pr.Rate, pr.ETA.Round(time.Second))
		}
	})
	fmt.Fprintln(os.Stderr)
	if err != nil {
		return err
	}
	differ := false
	for _, d := range diffs {
		fmt.Printf("%-24s live %7d  shadow %7d  missing %5d  extra %5d  different %5d  %s\n",
			d.Table, d.Live, d.Shadow, d.Missing, d.Extra, d.Different, strings.Join(d.Samples, "; "))
		differ = differ || d.Missing+d.Extra+d.Different > 0
	}
	if differ {
		return fmt.Errorf("the live %s read model differs from its rebuild (schema %s)", name, projections.ShadowSchema(name, uuid.Nil))
	}
	return nil
}

// serve runs the HTTP server, the projections and Centrifugo until ctx ends.
func serve(ctx context.Context) error {
	e, err := openEnv(ctx)
	if err != nil {
		return err
	}
	defer e.close()
	if err := e.seed(ctx); err != nil {
		return err
	}
	w, err := wire(ctx, e)
	if err != nil {
		return err
	}
	authSvc, runner, srv, runPush := w.auth, w.runner, w.server, w.runPush
	stopTracing, err := telemetry.SetupTracing(ctx, "portal")
	if err != nil {
		return fmt.Errorf("tracing: %w", err)
	}
	defer stopTracing(context.Background())
	if err := telemetry.RegisterDatabase(e.pool, runner.Names, runner.Active); err != nil {
		return err
	}
	addr := ":" + getenv("PORT", "8080")
	httpSrv := &http.Server{Addr: addr, Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}

	g, gctx := errgroup.WithContext(ctx)
	serveMetrics(gctx, g)
	g.Go(func() error { return runner.Run(gctx) })
	g.Go(func() error { return runPush(gctx) })
	g.Go(func() error { return authSvc.WatchTenantConfig(gctx, e.pool) })
	g.Go(func() error { return srv.Clock.Employees.Watch(gctx, e.pool) })
	g.Go(func() error { return runVacationAlerts(gctx, e) })
	g.Go(func() error {
		slog.Info("serving", "url", "http://localhost"+addr)
		if err := httpSrv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		// SIGTERM: stop taking calls, let those in flight finish (their commands append and
		// answer; the pool stays open until every part has stopped), then return.
		<-gctx.Done()
		slog.Info("stopping: draining calls in flight")
		shut, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		return httpSrv.Shutdown(shut)
	})
	err = g.Wait()
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	return err
}
