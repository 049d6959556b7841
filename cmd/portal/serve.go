package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"golang.org/x/sync/errgroup"

	"portal/auth"
	"portal/commands"
	"portal/projections"
	"portal/readapi"
	"portal/seed"
)

// allProjections are the read models this binary maintains.
func allProjections() []projections.Projection {
	return []projections.Projection{projections.NewClock(), projections.NewNotifications(), projections.Requests{}, projections.NewMood(), projections.NewSurveys(),
		projections.NewVacations(),
		commands.AdjustmentProcess{}} // the punch-adjustment process handler follows the log like a projection
}

func (e *env) seed(ctx context.Context) error {
	start := time.Now()
	if err := seed.Run(ctx, e.pool, e.store, time.Now()); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	slog.Info("demo tenants ready", "took", time.Since(start).Round(time.Millisecond))
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
	// TenantInfo answers are cached, kept in step by WatchTenantConfig below; the TTL only
	// bounds an entry's life should a change ever go unannounced.
	authSvc, err := auth.NewService(ctx, e.pool, auth.Options{TenantCacheTTL: time.Minute})
	if err != nil {
		return err
	}
	vacations, rulings, err := vacationWiring(e)
	if err != nil {
		return err
	}
	runner, err := projections.NewRunner(e.pool, e.store, projections.RunnerConfig{}, append(allProjections(), rulings)...)
	if err != nil {
		return err
	}
	pushCfg, runPush, err := pushWiring(e)
	if err != nil {
		return err
	}
	hosts, err := auth.ParseHostRules(os.Getenv("PORTAL_HOSTS")) // docs/operations.md
	if err != nil {
		return fmt.Errorf("PORTAL_HOSTS: %w", err)
	}
	moodCool, err := moodCoolDownOverride()
	if err != nil {
		return err
	}
	srv := &readapi.Server{
		Hosts:     hosts,
		Pool:      e.pool,
		Store:     e.store,
		Auth:      authSvc,
		Runner:    runner,
		Push:      pushCfg,
		WebDir:    getenv("WEB_DIR", "web/dist"),
		Vacations: vacations,
	}
	srv.MoodCoolDown = moodCool
	addr := ":" + getenv("PORT", "8080")
	httpSrv := &http.Server{Addr: addr, Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return runner.Run(gctx) })
	g.Go(func() error { return runPush(gctx) })
	g.Go(func() error { return authSvc.WatchTenantConfig(gctx, e.pool) })
	g.Go(func() error { return runVacationAlerts(gctx, e) })
	g.Go(func() error {
		slog.Info("serving", "url", "http://localhost"+addr)
		if err := httpSrv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		<-gctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return httpSrv.Shutdown(shut)
	})
	err = g.Wait()
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	return err
}
