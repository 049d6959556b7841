package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/projections"
	"portal/readapi"
	"portal/seed"
)

// moodHistory is how many past check-ins the nine-box read is measured over.
const moodHistory = 200_000

// mood measures the check-in command over HTTP (spec portal-business §7 POST HumorEnergy;
// the cool-down is set to a microsecond so the same people can check in again) and the
// nine-box read (GET HumorEnergy/ninebox) of Marcos's team over moodHistory check-ins of the
// tenant, each beside the same stack's TenantInfo read measured in alternating rounds.
func (b *benchRun) mood() error {
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	// The baseline is the cached TenantInfo read, as serve runs it (and bench tenantinfo and
	// register measure it).
	authSvc, err := b.authService(ctx, auth.Options{AccessTTL: time.Hour, TenantCacheTTL: time.Minute})
	if err != nil {
		return err
	}
	runner, err := projections.NewRunner(b.pool, b.store, projections.RunnerConfig{}, allProjections()...)
	if err != nil {
		return err
	}
	srv := &readapi.Server{Pool: b.pool, Store: b.store, Auth: authSvc, Runner: runner, MoodCoolDown: time.Microsecond}
	go runner.Run(ctx)
	// The runner first catches up with what the earlier phases appended; measured meanwhile,
	// the check-ins would share the 2 cores with that replay.
	if err := caughtUp(ctx, b.pool, 500*time.Millisecond, projectionNames()...); err != nil {
		return err
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	const workers = 32
	users, err := b.users(authSvc, workers)
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	call := func(method, url, token, body string) (time.Duration, error) {
		return timedCall(ctx, client, method, url, token, strings.NewReader(body))
	}
	tenantInfo := ts.URL + "/api/auth/TenantInfo?accessCode=" + seed.DemoCode
	// read is a worker body for alternate: a GET whose latency goes into the worker's list.
	read := func(url, token string, into [][]time.Duration) func(round, w, i int) error {
		return func(_, w, _ int) error {
			l, err := call(http.MethodGet, url, token, "")
			into[w] = append(into[w], l)
			return err
		}
	}

	// Check-ins/s, rounds alternating with the baseline so both see the same load.
	baseW, moodW := make([][]time.Duration, workers), make([][]time.Duration, workers) // latencies per worker
	base, rate, err := alternate(ctx, workers, b.dur/8, read(tenantInfo, "", baseW), func(_, w, i int) error {
		u := users[w]
		body := fmt.Sprintf(`{"humor":%.1f,"energy":%.1f}`, float64(10+i%41)/10, float64(10+(i*7)%41)/10)
		l, err := call(http.MethodPost, ts.URL+"/api/gen/HumorEnergy?tenId="+u.tenant.String(), u.token, body)
		moodW[w] = append(moodW[w], l)
		return err
	})
	if err != nil {
		return err
	}
	baseLat, moodLat := slices.Concat(baseW...), slices.Concat(moodW...)
	b.ratio("mood check-in HTTP commands (32 clients)", rateFig(rate).note("p50 %s, p99 %s", pct(moodLat, 50), pct(moodLat, 99)),
		rateFig(base).note("p99 %s", pct(baseLat, 99)), "cached HTTP TenantInfo reads/s, 32 clients", atLeast(0.35))

	// The latency at the goal's rate: check-ins offered at moodRate whatever the answers'
	// pace, timed from when each was offered (32 clients calling back to back saturate the 2
	// cores instead, and their p99 is a queue's), beside TenantInfo reads offered alike.
	const moodRate = 2000
	n := int(b.dur.Seconds() * moodRate / 2)
	offer := func(call func(w, i int) (time.Duration, error)) ([]time.Duration, error) {
		lat := make([][]time.Duration, workers) // lane w runs one call at a time
		err := paced(ctx, moodRate, n, workers, func(w, i int, due time.Time) error {
			_, err := call(w, i)
			lat[w] = append(lat[w], time.Since(due))
			return err
		})
		return slices.Concat(lat...), err
	}
	cpu0 := b.cpuNow()
	pacedBase, err := offer(func(w, i int) (time.Duration, error) { return call(http.MethodGet, tenantInfo, "", "") })
	if err != nil {
		return err
	}
	cpu1 := b.cpuNow()
	pacedMood, err := offer(func(w, i int) (time.Duration, error) {
		u := users[w]
		body := fmt.Sprintf(`{"humor":%.1f,"energy":%.1f}`, float64(10+i%41)/10, float64(10+(i*7)%41)/10)
		return call(http.MethodPost, ts.URL+"/api/gen/HumorEnergy?tenId="+u.tenant.String(), u.token, body)
	})
	if err != nil {
		return err
	}
	cpu2 := b.cpuNow()
	b.ratio(fmt.Sprintf("mood check-in at %d offered/s (%d check-ins)", moodRate, len(pacedMood)), p99Fig(pacedMood).note("p50 %s", pct(pacedMood, 50)),
		p99Fig(pacedBase).note("p50 %s", pct(pacedBase, 50)), fmt.Sprintf("cached HTTP TenantInfo read at %d offered/s", moodRate), atMost(4))
	// What a check-in costs the host, beside the read: unlike the rates, not moved by the neighbours' load.
	b.ratio(fmt.Sprintf("mood check-in CPU per call at %d offered/s", moodRate), cpuFig(cpu1, cpu2, int64(len(pacedMood))),
		cpuFig(cpu0, cpu1, int64(len(pacedBase))), "cached HTTP TenantInfo read, same pacing", cpuGoal)

	// The nine-box over a long history: moodHistory check-ins spread over a year and over the
	// tenant's employees, written straight into the read model.
	tenant := seed.TenantID(seed.DemoCode)
	if _, err := b.pool.Exec(ctx, `
INSERT INTO mood_checkins (tenant_id, id, user_id, employee_id, humor, energy, checked_in_at, position)
SELECT $1, gen_random_uuid(), p.u[1 + g % p.n], p.e[1 + g % p.n], 1 + (g % 41) / 10.0, 1 + ((g * 7) % 41) / 10.0,
       now() - (g % 525600) * interval '1 minute', -g
FROM generate_series(1, $2) g,
     (SELECT array_agg(id ORDER BY id) u, array_agg(employee_id ORDER BY id) e, count(*)::int n
      FROM users WHERE tenant_id = $1 AND employee_id IS NOT NULL) p`, tenant, moodHistory); err != nil {
		return err
	}
	if _, err := b.pool.Exec(ctx, `ANALYZE mood_checkins`); err != nil {
		return err
	}
	marcos, err := authSvc.IssueAccessToken(auth.Claims{Tenant: tenant, UserID: seed.UserID(seed.DemoCode, seed.UserMarcos),
		UserHash: seed.UserHash(seed.DemoCode, seed.UserMarcos), EmployeeID: seed.EmployeeID(seed.DemoCode, seed.UserMarcos),
		Roles: []string{auth.RoleManager, auth.RoleCollaborator}})
	if err != nil {
		return err
	}
	day := time.Now().Add(-30*24*time.Hour).Format("2006-01-02") + "T00:00:00-03:00"
	nineBox := fmt.Sprintf("%s/api/gen/HumorEnergy/ninebox?tenId=%s&time=%s", ts.URL, tenant, strings.ReplaceAll(day, "+", "%2B"))
	baseW, boxW := make([][]time.Duration, 8), make([][]time.Duration, 8)
	if _, _, err := alternate(ctx, 8, b.dur/8, read(tenantInfo, "", baseW), read(nineBox, marcos, boxW)); err != nil {
		return err
	}
	baseLat, boxLat := slices.Concat(baseW...), slices.Concat(boxW...)
	b.ratio(fmt.Sprintf("nine-box read, team of Marcos over %d check-ins (8 clients)", moodHistory),
		p99Fig(boxLat).note("p50 %s, %d reads", pct(boxLat, 50), len(boxLat)),
		p99Fig(baseLat).note("p50 %s", pct(baseLat, 50)), "cached HTTP TenantInfo read, 8 clients", atMost(15))
	return nil
}

// projectionNames are the names of allProjections.
func projectionNames() []string {
	var names []string
	for _, p := range allProjections() {
		names = append(names, p.Name())
	}
	return names
}

// caughtUp waits until the projections named have applied the whole log; every look counts
// their lags, so it looks every pause.
func caughtUp(ctx context.Context, pool *pgxpool.Pool, pause time.Duration, names ...string) error {
	deadline := time.Now().Add(5 * time.Minute)
	for _, name := range names {
		for {
			st, err := projections.ProjectionState(ctx, pool, name)
			if err != nil {
				return err
			}
			if st.Lag == 0 {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("projection %s still %d events behind after 5 minutes", name, st.Lag)
			}
			time.Sleep(pause)
		}
	}
	return nil
}
