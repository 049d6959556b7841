package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgcluster"
	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/push"
	"portal/readapi"
	"portal/seed"
)

// bench prints the performance table of issue 2, every figure beside a baseline measured in
// the same run on the same database server. It uses a new database on DATABASE_URL's server,
// or a private cluster under .data/bench-pg.
func bench(ctx context.Context, args []string) error {
	dur, only := 4*time.Second, []string(nil)
	if len(args) > 0 {
		d, err := time.ParseDuration(args[0])
		if err != nil {
			return fmt.Errorf("bench [duration [step,...]] (steps: appends, tenantinfo, register, replay, approvals, queue, mood, surveys, vacations, fanout, audit, people, reports, espelho, attendance, firstpage, rep, payroll, fairness, soak): %w", err)
		}
		dur = d
	}
	if len(args) > 1 {
		only = strings.Split(args[1], ",")
	}
	base := os.Getenv("DATABASE_URL")
	if base == "" {
		c, err := pgcluster.New(filepath.Join(getenv("DATA_DIR", ".data"), "bench-pg"), 55499)
		if err != nil {
			return err
		}
		started, err := c.Start(ctx)
		if err != nil {
			return err
		}
		if started {
			defer c.Stop()
		}
		base = c.URL("postgres")
	}
	cfg, err := pgx.ParseConfig(base)
	if err != nil {
		return err
	}
	url := strings.Replace(base, "/"+cfg.Database+"?", fmt.Sprintf("/bench_%d?", time.Now().Unix()), 1)
	if err := db.EnsureDatabase(ctx, url); err != nil {
		return err
	}
	pool, err := db.Open(ctx, url, 80)
	if err != nil {
		return err
	}
	if os.Getenv("BENCH_KEEP") == "" { // BENCH_KEEP=1 leaves the database for a look with psql
		defer dropDatabase(base, url)
	} else {
		defer fmt.Fprintf(os.Stderr, "bench: kept %s\n", db.Redact(url))
	}
	defer pool.Close()
	if err := db.Migrate(ctx, pool); err != nil {
		return err
	}
	store := eventstore.NewPostgres(pool)
	groupCommit(store) // as serve does (env.go)
	defer store.Close()
	if err := seed.Run(ctx, pool, store, time.Now()); err != nil {
		return err
	}
	if f := os.Getenv("BENCH_CPUPROFILE"); f != "" {
		out, err := os.Create(f)
		if err != nil {
			return err
		}
		defer out.Close()
		pprof.StartCPUProfile(out)
		defer pprof.StopCPUProfile()
	}
	b := &benchRun{ctx: ctx, url: url, pool: pool, store: store, dur: dur}
	fmt.Fprintf(os.Stderr, "bench: %s per measurement, database %s\n", dur, db.Redact(url))
	steps := []struct {
		name string
		run  func() error
	}{{"appends", b.appends}, {"tenantinfo", b.tenantInfo}, {"register", b.registerAndLag}, {"replay", b.replay}, {"approvals", b.approvals}, {"queue", b.queue}, {"mood", b.mood}, {"surveys", b.surveys}, {"vacations", b.vacationMap}, {"fanout", b.fanout}, {"audit", b.auditBench}, {"people", b.people}, {"reports", b.reports}, {"espelho", b.espelho}, {"attendance", b.attendance}, {"firstpage", b.firstPage}, {"rep", b.repBench}, {"payroll", b.payroll}, {"fairness", b.fairness}, {"soak", b.soak}}
	for _, step := range steps {
		if !slices.Contains(only, step.name) && (only != nil || step.name == "soak") { // the soak runs only when named
			continue
		}
		if err := step.run(); err != nil {
			return err
		}
	}
	b.print(os.Stdout)
	return nil
}

type benchRun struct {
	ctx   context.Context
	url   string // the bench database
	pool  *pgxpool.Pool
	store *eventstore.Postgres
	dur   time.Duration
	rows  []benchRow
}

// parallel runs fn on n goroutines until d has passed and returns how many calls succeeded.
func parallel(ctx context.Context, n int, d time.Duration, fn func(worker, i int) error) (int64, time.Duration, error) {
	var done atomic.Int64
	var firstErr atomic.Value
	deadline := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; time.Now().Before(deadline) && ctx.Err() == nil; i++ {
				if err := fn(w, i); err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return 0, 0, err
	}
	return done.Load(), time.Since(start), nil
}

// emptyOutbox drops the pushes the earlier steps left in the outbox (they ran without
// Centrifugo), so that a step that consumes it starts from nothing.
func (b *benchRun) emptyOutbox() error {
	for _, sql := range []string{`DELETE FROM ` + push.OutboxTable, `VACUUM ` + push.OutboxTable} { // VACUUM alone: no transaction
		if _, err := b.pool.Exec(b.ctx, sql); err != nil {
			return err
		}
	}
	return nil
}

func perSec(n int64, d time.Duration) float64 { return float64(n) / d.Seconds() }

// paced starts n calls at rate per second, each in its own goroutine whether or not the
// earlier ones have answered (an open loop: a slow answer does not slow the offered load),
// and waits for them all. Call i runs in lane i%lanes, and a lane runs one call at a time
// (one person punches once at a time); due is when the call was offered, so a latency
// taken from it includes any wait for the lane. It returns the first error.
func paced(ctx context.Context, rate, n, lanes int, call func(lane, i int, due time.Time) error) error {
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	var wg sync.WaitGroup
	var failed atomic.Value
	busy := make([]sync.Mutex, lanes)
	for i := 0; i < n && ctx.Err() == nil; i++ {
		due := <-tick.C
		wg.Go(func() {
			lane := i % lanes
			busy[lane].Lock()
			defer busy[lane].Unlock()
			if err := call(lane, i, due); err != nil {
				failed.CompareAndSwap(nil, err)
			}
		})
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		return err
	}
	return ctx.Err()
}

// timedInTenant runs fn in tenant transactions on pool, one after the other, for d and at
// least min times, and returns each run's duration.
// warmTimer times calls in tenant on one connection of its own, each call run once first: a
// server process pays once for what it loads on first use (the time zone rules), which a
// long-lived pool amortises. done closes the connection.
func (b *benchRun) warmTimer(tenant uuid.UUID) (timed func(func(pgx.Tx) error) ([]time.Duration, error), done func(), err error) {
	pool, err := db.Open(b.ctx, b.url, 1)
	if err != nil {
		return nil, nil, err
	}
	return func(fn func(pgx.Tx) error) ([]time.Duration, error) {
		if err := db.InTenant(b.ctx, pool, tenant.String(), fn); err != nil { // the warm-up run
			return nil, err
		}
		return b.timedInTenant(pool, tenant, b.dur/4, 5, fn)
	}, pool.Close, nil
}

func (b *benchRun) timedInTenant(pool *pgxpool.Pool, tenant uuid.UUID, d time.Duration, min int, fn func(pgx.Tx) error) ([]time.Duration, error) {
	var ds []time.Duration
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) || len(ds) < min {
		start := time.Now()
		if err := db.InTenant(b.ctx, pool, tenant.String(), fn); err != nil {
			return nil, err
		}
		ds = append(ds, time.Since(start))
	}
	return ds, nil
}

// appends: 32 writers of single-event transactions, beside raw single-row INSERTs.
func (b *benchRun) appends() error {
	const writers = 32
	if _, err := b.pool.Exec(b.ctx, `CREATE TABLE IF NOT EXISTS bench_raw (id bigserial PRIMARY KEY, tenant_id uuid NOT NULL, data jsonb NOT NULL)`); err != nil {
		return err
	}
	tenant := uuid.New()
	raw, app, err := alternate(b.ctx, writers, b.dur/4, func(_, _, _ int) error {
		_, err := b.pool.Exec(b.ctx, `INSERT INTO bench_raw (tenant_id, data) VALUES ($1, $2)`, tenant, benchData)
		return err
	}, b.appender(tenant, "bench", writers))
	if err != nil {
		return err
	}
	b.ratio("event-store appends (32 writers, 1 event/tx)", rateFig(app), rateFig(raw), "raw pgx single-row INSERT/s, 32 clients", atLeast(0.70))
	return nil
}

// benchData is the data of the bench's bare events.
var benchData = []byte(`{"n":1,"note":"benchmark event"}`)

// appender returns a worker body for alternate that appends one bare event to the worker's
// own stream (prefix-<worker>) of tenant, as each of writers workers.
func (b *benchRun) appender(tenant uuid.UUID, prefix string, writers int) func(round, w, i int) error {
	meta := eventstore.Meta{Tenant: tenant, Actor: "bench"}
	versions := make([]int64, writers)
	for i := range versions {
		versions[i] = eventstore.NoStream
	}
	return func(_, w, _ int) error {
		res, err := b.store.Append(b.ctx, meta, fmt.Sprintf("%s-%d", prefix, w), versions[w],
			eventstore.EventData{ID: uuid.New(), Type: "bench.appended.v1", Data: benchData})
		versions[w] = res.NextVersion
		return err
	}
}

// alternate runs base and measured in turns, four rounds of span each, with workers workers
// (parallel), so that both figures see the same machine load, and returns the rate per
// second of each.
func alternate(ctx context.Context, workers int, span time.Duration, base, measured func(round, w, i int) error) (baseRate, rate float64, err error) {
	var n [2]int64
	var d [2]time.Duration
	for round := 0; round < 4; round++ {
		for k, fn := range []func(round, w, i int) error{base, measured} {
			dn, dd, err := parallel(ctx, workers, span, func(w, i int) error { return fn(round, w, i) })
			if err != nil {
				return 0, 0, err
			}
			n[k], d[k] = n[k]+dn, d[k]+dd
		}
	}
	return perSec(n[0], d[0]), perSec(n[1], d[1]), nil
}

type benchUser struct {
	tenant   uuid.UUID
	user     uuid.UUID
	employee uuid.UUID
	hash     string
	token    string
	lat, lon float64 // a fence of the employee's: marks are taken there
}

// users returns active collaborators of the demo tenant without layoffs, with tokens.
func (b *benchRun) users(authSvc *auth.Service, n int) ([]benchUser, error) {
	tenant := seed.TenantID(seed.DemoCode)
	var out []benchUser
	err := db.InTenant(b.ctx, b.pool, tenant.String(), func(tx pgx.Tx) error {
		rows, err := tx.Query(b.ctx, `
SELECT u.id, u.employee_id, u.hash, f.lat, f.lon
FROM users u
JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
JOIN LATERAL (SELECT lat, lon FROM fences f WHERE f.tenant_id = u.tenant_id AND f.employee_id = u.employee_id LIMIT 1) f ON true
WHERE e.status = 'active' AND e.layoff = '[]' AND u.active
ORDER BY u.user_name LIMIT $1`, n)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			u := benchUser{tenant: tenant}
			if err := rows.Scan(&u.user, &u.employee, &u.hash, &u.lat, &u.lon); err != nil {
				return err
			}
			out = append(out, u)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	if len(out) < n {
		return nil, fmt.Errorf("bench needs %d plain employees, the seed has %d", n, len(out))
	}
	for i := range out {
		u := &out[i]
		u.token, err = authSvc.IssueAccessToken(auth.Claims{Tenant: u.tenant, UserID: u.user, UserHash: u.hash, EmployeeID: u.employee, Roles: []string{auth.RoleCollaborator}})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func markBody(t time.Time, addr string, lat, lon float64) []byte {
	return []byte(fmt.Sprintf(`{"n09_001_t":%q,"bygoogle":false,
"localSelecionado":{"endereco":%q,"latitude":"%f","longitude":"%f"},
"localCapturado":{"endereco":"captured","latitude":"%f","longitude":"%f"},
"cercaVirtual":[],"cercaProxima":null}`, t.Format("2006-01-02T15:04:05"), addr, lat, lon, lat, lon))
}

func (b *benchRun) register(client *http.Client, base string, u benchUser, addr string) (time.Duration, error) {
	url := fmt.Sprintf("%s/api/rh-app/colaborador/v2/registrar-ponto?tenId=%s&userHash=%s", base, u.tenant, u.hash)
	return timedCall(b.ctx, client, http.MethodPost, url, u.token, bytes.NewReader(markBody(time.Now(), addr, u.lat, u.lon)))
}

// timedCall sends one JSON call, with the bearer token if there is one, and times it until
// the whole answer is read; an answer other than 200 is an error.
func timedCall(ctx context.Context, client *http.Client, method, url, token string, body io.Reader) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return 0, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s %s answered %d: %s", method, url, resp.StatusCode, data)
	}
	return time.Since(start), nil
}

// authService is the auth service for a step's server. With a TenantCacheTTL in opts it runs
// as serve does: TenantInfo answers from its cache, kept in step by WatchTenantConfig until
// ctx ends, and it is returned once that cache is on.
func (b *benchRun) authService(ctx context.Context, opts auth.Options) (*auth.Service, error) {
	svc, err := auth.NewService(ctx, b.pool, opts)
	if err != nil || opts.TenantCacheTTL == 0 {
		return svc, err
	}
	go svc.WatchTenantConfig(ctx, b.pool)
	for !svc.TenantCacheActive() {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
	return svc, nil
}

// tenantInfo measures GET TenantInfo, the login screen's first call, through the HTTP stack
// with the answer cache that serve runs (kept in step by LISTEN/NOTIFY), beside the same
// call reading the database each time (one query: the tenant and its identity provider).
func (b *benchRun) tenantInfo() error {
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	const workers = 32
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	measure := func(opts auth.Options) (float64, []time.Duration, error) {
		svc, err := b.authService(ctx, opts)
		if err != nil {
			return 0, nil, err
		}
		ts := httptest.NewServer((&readapi.Server{Pool: b.pool, Store: b.store, Auth: svc}).Handler())
		defer ts.Close()
		lat := make([][]time.Duration, workers)
		n, d, err := parallel(ctx, workers, b.dur/2, func(w, i int) error {
			start := time.Now()
			resp, err := client.Get(ts.URL + "/api/auth/TenantInfo?accessCode=" + seed.DemoCode)
			if err != nil {
				return err
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				return fmt.Errorf("TenantInfo: %s", resp.Status)
			}
			lat[w] = append(lat[w], time.Since(start))
			return nil
		})
		return perSec(n, d), slices.Concat(lat...), err
	}
	base, baseLat, err := measure(auth.Options{})
	if err != nil {
		return err
	}
	cached, cachedLat, err := measure(auth.Options{TenantCacheTTL: time.Minute})
	if err != nil {
		return err
	}
	b.ratio("HTTP TenantInfo reads, cached (32 clients)", rateFig(cached).note("p50 %s, p99 %s", pct(cachedLat, 50), pct(cachedLat, 99)),
		rateFig(base).note("p50 %s, p99 %s", pct(baseLat, 50), pct(baseLat, 99)),
		"same call uncached: tenant + SSO in one query", reportOnly)
	return nil
}

// registerAndLag measures register-mark over HTTP at full speed, then at half that rate the
// lag from the command's answer to the projection's push (read model committed) and to an SSE
// client, beside LISTEN/NOTIFY's own round trip.
func (b *benchRun) registerAndLag() error {
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	ts, authSvc, pushPort, err := b.server(ctx)
	if err != nil {
		return err
	}
	defer ts.Close()
	const workers = 32
	users, err := b.users(authSvc, workers)
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}

	// Baseline: a cached HTTP read through the same stack (TenantInfo, the answer cache that
	// serve runs, kept in step by LISTEN/NOTIFY): the HTTP stack's own cost on this host.
	baseLat := make([][]time.Duration, workers)
	cpu0 := b.cpuNow()
	baseN, baseD, err := parallel(ctx, workers, b.dur/2, func(w, i int) error {
		start := time.Now()
		resp, err := client.Get(ts.URL + "/api/auth/TenantInfo?accessCode=" + seed.DemoCode)
		if err != nil {
			return err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("TenantInfo: %s", resp.Status)
		}
		baseLat[w] = append(baseLat[w], time.Since(start))
		return nil
	})
	if err != nil {
		return err
	}
	cpu1 := b.cpuNow()
	lat := make([][]time.Duration, workers)
	n, d, err := parallel(ctx, workers, b.dur, func(w, i int) error {
		l, err := b.register(client, ts.URL, users[w], "Av. Paulista, 1000")
		lat[w] = append(lat[w], l)
		return err
	})
	if err != nil {
		return err
	}
	cpu2 := b.cpuNow()
	all, base := slices.Concat(lat...), slices.Concat(baseLat...)
	registerRate := perSec(n, d)
	b.ratio("register-mark HTTP commands (32 clients)", rateFig(registerRate).note("p50 %s", pct(all, 50)),
		rateFig(perSec(baseN, baseD)), "cached HTTP TenantInfo reads/s, 32 clients", atLeast(0.35))
	b.ratio("register-mark HTTP p99 (32 clients)", p99Fig(all), p99Fig(base), "cached HTTP TenantInfo read p99, 32 clients", atMost(4))
	// What a mark costs the host, beside the read: unlike the rates, not moved by the neighbours' load.
	b.ratio("register-mark CPU per call (32 clients)", cpuFig(cpu1, cpu2, n), cpuFig(cpu0, cpu1, baseN),
		"cached HTTP TenantInfo read, same run", cpuGoal)

	// The lag phases start on a quiet machine: every projection has applied the marks above,
	// and the outbox no longer holds their pushes (no Centrifugo consumed them), which the
	// bench's own consumer would otherwise wade through first.
	if err := caughtUp(ctx, b.pool, 20*time.Millisecond, projectionNames()...); err != nil {
		return err
	}
	if err := b.emptyOutbox(); err != nil {
		return err
	}
	// More people for the paced phase, so one person's marks never overlap in flight.
	if users, err = b.users(authSvc, 100); err != nil {
		return err
	}
	// The lag phases run at half of the rate just measured: the same share of this host's
	// capacity on any host (a fixed 1,000/s was 84 % of a slow host's and under half a fast one's).
	return b.lag(ctx, client, ts.URL, pushPort, users, max(1, int(registerRate/2)))
}

// notifyRoundTrip is the lag phases' baseline, timed the same way as they are: n pg_notify
// calls paced at rate per second (open loop, each on a pool connection, as the marks are),
// each timed from the call's start to its arrival on a listening connection.
func (b *benchRun) notifyRoundTrip(ctx context.Context, rate, n int) ([]time.Duration, error) {
	lc, err := b.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	listener := lc.Hijack()
	defer listener.Close(context.Background())
	if _, err := listener.Exec(ctx, "LISTEN bench_rt"); err != nil {
		return nil, err
	}
	var mu sync.Mutex
	sent := make(map[string]time.Time, n)
	out := make([]time.Duration, 0, n)
	listening, stop := context.WithCancel(ctx)
	heard := make(chan struct{})
	go func() {
		defer close(heard)
		for {
			note, err := listener.WaitForNotification(listening)
			if err != nil {
				return
			}
			at := time.Now()
			mu.Lock()
			if due, ok := sent[note.Payload]; ok {
				out = append(out, at.Sub(due))
			}
			mu.Unlock()
		}
	}()
	err = paced(ctx, rate, n, 100, func(_, i int, _ time.Time) error {
		key := fmt.Sprint(i)
		mu.Lock()
		sent[key] = time.Now() // the call's start: pg_notify is delivered at its commit
		mu.Unlock()
		_, err := b.pool.Exec(ctx, "SELECT pg_notify('bench_rt', $1)", key)
		return err
	})
	time.Sleep(time.Second) // the last notifications arrive
	stop()
	<-heard
	mu.Lock()
	defer mu.Unlock()
	return out, err
}

// replay appends 200,000 marks and rebuilds the clock read model from zero, beside reading
// the same log without projecting it.
func (b *benchRun) replay() error {
	const total, perAppend = 200_000, 1000
	tenant := seed.TenantID(seed.DemoCode)
	meta := eventstore.Meta{Tenant: tenant, Actor: "bench"}
	user := uuid.New()
	for i := 0; i < total/perAppend; i++ {
		emp := uuid.New()
		evs := make([]eventstore.EventData, perAppend)
		for j := range evs {
			evs[j] = benchMark(emp, user, time.Now().UTC())
		}
		if _, err := b.store.Append(b.ctx, meta, clock.Stream(emp), eventstore.NoStream, evs...); err != nil {
			return err
		}
	}
	return b.replayBeside(clockproj.New(), "the clock read model")
}

// replayRounds is how many times a replay figure is measured, each time right after a read of
// the same log: one replay shares the 2 cores with whatever else the machine runs at that
// moment, and single pairs were seen from 48 % to 66 % on the same code.
const replayRounds = 3

// replayBeside replays p over the whole log replayRounds times, each right after reading the
// log (logReadRate), and adds the median pair by share, with every round's share.
func (b *benchRun) replayBeside(p projections.Projection, name string) error {
	type pair struct{ read, replay float64 }
	var pairs []pair
	var n int
	for range replayRounds {
		read, err := b.logReadRate()
		if err != nil {
			return err
		}
		start := time.Now()
		if n, err = projections.Replay(b.ctx, b.pool, b.store, p, io.Discard); err != nil {
			return err
		}
		pairs = append(pairs, pair{read, float64(n) / time.Since(start).Seconds()})
	}
	share := func(x pair) float64 { return 100 * x.replay / x.read }
	slices.SortFunc(pairs, func(x, y pair) int { return cmp.Compare(share(x), share(y)) })
	shares := make([]string, len(pairs))
	for i, x := range pairs {
		shares[i] = fmt.Sprintf("%.0f", share(x))
	}
	m := pairs[len(pairs)/2]
	b.ratio(fmt.Sprintf("replay of %s (%d events, median of %d rounds)", name, n, replayRounds),
		rateFig(m.replay).note("rounds %s %%", strings.Join(shares, ", ")),
		rateFig(m.read), "reading the same log, no projection, just before (events/s)", atLeast(0.60))
	return nil
}

// logReadRate reads the whole log in batches of 5,000, as a replay does, and returns the
// events read per second: the baseline of the replay figures.
func (b *benchRun) logReadRate() (float64, error) {
	start := time.Now()
	read, cur := 0, eventstore.Start
	for {
		batch, err := b.store.ReadAll(b.ctx, cur, 5000)
		if err != nil {
			return 0, err
		}
		if len(batch) == 0 {
			return float64(read) / time.Since(start).Seconds(), nil
		}
		read += len(batch)
		cur = batch[len(batch)-1].Cursor
	}
}

// benchMark is a clock.mark_registered.v1 event of emp (user) punched at at, as the
// register-mark command stores it.
func benchMark(emp, user uuid.UUID, at time.Time) eventstore.EventData {
	place := map[string]any{"address": "Av. Paulista, 1000", "lat": -23.5614, "lon": -46.6559}
	data, _ := json.Marshal(map[string]any{
		"markId": uuid.NewString(), "employeeId": emp.String(), "userId": user.String(), "userHash": "bench",
		"recordedAt": at.Format(time.RFC3339Nano), "clientTime": at.Format("2006-01-02T15:04:05"), "byGoogle": false,
		"selected": place, "captured": place, "nearestFence": nil,
	})
	return eventstore.EventData{ID: uuid.New(), Type: "clock.mark_registered.v1", Data: data}
}

// pct is the p-th percentile of ds.
func pct(ds []time.Duration, p int) string {
	if len(ds) == 0 {
		return "n/a"
	}
	return percentile(ds, p).Round(10 * time.Microsecond).String()
}

// percentile is the p-th percentile of ds (0 for none).
func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	if i >= len(s) {
		i = len(s) - 1
	}
	if i > 0 && p < 100 {
		i--
	}
	return s[i]
}

// dropDatabase removes the bench's database (on the server of base) when the bench ends.
func dropDatabase(base, url string) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return
	}
	conn, err := pgx.Connect(context.Background(), base)
	if err != nil {
		return
	}
	defer conn.Close(context.Background())
	conn.Exec(context.Background(), "DROP DATABASE IF EXISTS "+pgx.Identifier{cfg.Database}.Sanitize()+" WITH (FORCE)")
}
