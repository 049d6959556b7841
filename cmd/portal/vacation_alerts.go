package main

import (
	"context"
	"log/slog"
	"time"

	"portal/commands"
	"portal/commands/request"
	"portal/commands/vacation"
	"portal/process"
	"portal/projections"
	"portal/readapi/vacations"
)

// runVacationAlerts raises the vacation alerts (spec portal-business §9: 30, 60, 90 days)
// every VACATION_ALERTS_EVERY (default 1h; 0 turns it off), the first time one interval after
// start so a restart loop does not hammer the store. Each alert is raised once whichever
// process runs it.
func runVacationAlerts(ctx context.Context, e *env) error {
	every, err := time.ParseDuration(getenv("VACATION_ALERTS_EVERY", "1h"))
	if err != nil || every <= 0 {
		return nil
	}
	vacations, err := vacation.New(commands.PoolFacts{Pool: e.pool}, e.store, time.Now, nil)
	if err != nil {
		return err
	}
	h := vacations.Alerts
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			n, err := h.Run(ctx)
			if err != nil {
				slog.Error("vacation alerts", "err", err) // the next tick tries again
				continue
			}
			if n > 0 {
				slog.Info("vacation alerts raised", "count", n)
			}
		}
	}
}

// vacationWiring routes vacation requests through the requests area's approval chain
// (process.RequestsChain), filed and decided by the process's request commands reqs, and
// returns the process manager that mirrors its rulings onto the entitlements, to run beside
// the projections.
func vacationWiring(e *env, reqs request.Handlers) (*vacations.API, projections.Projection, error) {
	chain, err := process.NewRequestsChain(commands.PoolFacts{Pool: e.pool}, e.store, time.Now, reqs.Create, reqs.Decide)
	if err != nil {
		return nil, nil, err
	}
	rulings, err := process.NewVacationRulings(e.store, time.Now)
	if err != nil {
		return nil, nil, err
	}
	api, err := vacations.New(e.pool, e.store, time.Now, chain)
	if err != nil {
		return nil, nil, err
	}
	return api, rulings, nil
}
