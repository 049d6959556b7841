package main

import (
	"context"
	"fmt"
	"os"
	"portal/readapi/rep"
	"time"

	"portal/auth"
	"portal/commands"
	"portal/commands/request"
	settingscmd "portal/commands/settings"
	"portal/process"
	"portal/projections"
	settingsproj "portal/projections/settings"
	"portal/readapi"
	fenceapi "portal/readapi/fence"
	"portal/readapi/settings"
)

// wiring is everything serve runs, built in one place: a part that cannot be built stops
// the start-up here, never a request later.
type wiring struct {
	auth    *auth.Service
	runner  *projections.Runner
	server  *readapi.Server
	runPush func(ctx context.Context) error
}

func wire(ctx context.Context, e *env) (*wiring, error) {
	// TenantInfo answers are cached, kept in step by WatchTenantConfig; the TTL only bounds
	// an entry's life should a change ever go unannounced.
	authSvc, err := auth.NewService(ctx, e.pool, auth.Options{TenantCacheTTL: time.Minute})
	if err != nil {
		return nil, err
	}
	// One set of request commands, and so one cache of the requests' states, for every area
	// that files or decides requests.
	reqs, err := request.New(commands.PoolFacts{Pool: e.pool}, e.pool, e.store, time.Now)
	if err != nil {
		return nil, err
	}
	vacations, rulings, err := vacationWiring(e, reqs)
	if err != nil {
		return nil, err
	}
	notices, err := process.NewRequestNotices(commands.PoolFacts{Pool: e.pool}, e.store)
	if err != nil {
		return nil, err
	}
	runner, err := projections.NewRunner(e.pool, e.store, projections.RunnerConfig{}, append(allProjections(), rulings, notices)...)
	if err != nil {
		return nil, err
	}
	pushCfg, runPush, err := pushWiring(e)
	if err != nil {
		return nil, err
	}
	hosts, err := auth.ParseHostRules(os.Getenv("PORTAL_HOSTS")) // docs/operations.md
	if err != nil {
		return nil, fmt.Errorf("PORTAL_HOSTS: %w", err)
	}
	moodCool, err := moodCoolDownOverride()
	if err != nil {
		return nil, err
	}
	settingsAPI, err := settingsWiring(e, authSvc)
	if err != nil {
		return nil, err
	}
	// The fence maps' tiles (docs/operations.md): MAP_TILE_URL set but empty draws none.
	tiles, ok := os.LookupEnv("MAP_TILE_URL")
	if !ok {
		tiles = fenceapi.DefaultTiles
	}
	fences, err := fenceapi.NewDefault(e.pool, time.Now, tiles)
	if err != nil {
		return nil, err
	}
	dev, err := rep.DeveloperFromEnv() // the AFDs' signer (docs/rep-p.md); never logged
	if err != nil {
		return nil, err
	}
	blobs, err := blobStore(e)
	if err != nil {
		return nil, err
	}
	srv := &readapi.Server{
		Rep:             &rep.API{Pool: e.pool, Store: e.store, Now: time.Now, Developer: dev},
		Fence:           fences,
		Settings:        settingsAPI,
		Hosts:           hosts,
		Pool:            e.pool,
		Store:           e.store,
		Blobs:           blobs,
		Auth:            authSvc,
		Runner:          runner,
		Shadows:         shadowable(),
		Push:            pushCfg,
		WebDir:          getenv("WEB_DIR", "web/dist"),
		Vacations:       vacations,
		RequestCommands: reqs,
		MoodCoolDown:    moodCool,
		MetricsToken:    os.Getenv("METRICS_TOKEN"),
		RateLimits:      rateLimitsFromEnv(),
	}
	if err := srv.Init(); err != nil {
		return nil, fmt.Errorf("build the HTTP areas: %w", err)
	}
	return &wiring{auth: authSvc, runner: runner, server: srv, runPush: runPush}, nil
}

// settingsWiring builds the tenant administration calls; a tenant's mails then go through its
// own server and templates (SMTP_ADDR stays the fallback).
func settingsWiring(e *env, authSvc *auth.Service) (*settings.API, error) {
	h, err := settingscmd.New(e.pool, settingsproj.Settings{}, time.Now)
	if err != nil {
		return nil, err
	}
	api := &settings.API{Handler: h, Logins: authSvc, Fallback: auth.MailerFromEnv()}
	authSvc.SetTenantMail(api)
	return api, nil
}
