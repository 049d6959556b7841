package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	"portal/platform/centrifugo"
	"portal/process"
	"portal/projections"
	"portal/push"
	"portal/push/pushtest"
	"portal/readapi"
	"portal/seed"
)

// server starts the whole HTTP stack with projections on a local port; it proxies
// /connection/websocket to the Centrifugo that startPush runs on the returned port.
func (b *benchRun) server(ctx context.Context) (*httptest.Server, *auth.Service, int, error) {
	authSvc, err := b.authService(ctx, auth.Options{AccessTTL: time.Hour, TenantCacheTTL: time.Minute})
	if err != nil {
		return nil, nil, 0, err
	}
	notices, err := process.NewRequestNotices(commands.PoolFacts{Pool: b.pool}, b.store)
	if err != nil {
		return nil, nil, 0, err
	}
	runner, err := projections.NewRunner(b.pool, b.store, projections.RunnerConfig{}, append(allProjections(), notices)...)
	if err != nil {
		return nil, nil, 0, err
	}
	port, err := centrifugo.FreePort()
	if err != nil {
		return nil, nil, 0, err
	}
	u, _ := url.Parse(fmt.Sprintf("http://127.0.0.1:%d", port))
	srv := &readapi.Server{Pool: b.pool, Store: b.store, Auth: authSvc, Runner: runner, Push: &readapi.Push{URL: u, Secret: pushtest.Secret}}
	if err := srv.Init(); err != nil {
		return nil, nil, 0, err
	}
	go runner.Run(ctx)
	go srv.Clock.Employees.Watch(ctx, b.pool) // as serve runs it
	for !runner.Ready() || !srv.Clock.Employees.Active() {
		select {
		case <-ctx.Done():
			return nil, nil, 0, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return httptest.NewServer(srv.Handler()), authSvc, port, nil
}

// lag paces register-mark at rate marks/s (BENCH_RATE overrides it) and measures, from each command's
// answer, (1) the read model's commit — its push row reaching the outbox, read by the bench
// itself while Centrifugo is stopped — and (2) the message's arrival at a browser-like client
// connected through the portal's socket proxy to Centrifugo, beside a raw NOTIFY → LISTEN
// round trip. Each mark carries a unique address that comes back in its push. Centrifugo is
// started on pushPort for the second phase. Each phase is measured after a second of marks at
// the same rate, whose lags are shown beside: the first marks of 100 people new to the
// server, on new connections, are slower, and the figure is about the steady state.
func (b *benchRun) lag(ctx context.Context, client *http.Client, base string, pushPort int, users []benchUser, rate int) error {
	rate = getenvInt("BENCH_RATE", rate)
	total := int(b.dur.Seconds() * float64(rate))
	var mu sync.Mutex
	answered, arrived, direct := map[string]time.Time{}, map[string]time.Time{}, map[string]time.Time{}
	positions := map[string]int64{} // each mark's event position, from its push (for the lag legs)
	seenIn := func(in map[string]time.Time) func(data []byte, position int64, at time.Time) {
		return func(data []byte, position int64, at time.Time) {
			var d struct {
				Endereco string `json:"endereco"`
			}
			if json.Unmarshal(data, &d) == nil && d.Endereco != "" {
				mu.Lock()
				in[d.Endereco] = at
				positions[d.Endereco] = position
				mu.Unlock()
			}
		}
	}
	seen := seenIn(arrived)
	// paceWith sends n messages named prefix street i at the phase's rate, each with send,
	// and notes when each was answered.
	paceWith := func(prefix string, n int, send func(u benchUser, addr string) error) error {
		err := paced(ctx, rate, n, len(users), func(w, i int, _ time.Time) error {
			addr := fmt.Sprintf("%s street %d", prefix, i)
			if err := send(users[w], addr); err != nil {
				return err
			}
			now := time.Now()
			mu.Lock()
			answered[addr] = now
			mu.Unlock()
			return nil
		})
		time.Sleep(time.Second)
		return err
	}
	pace := func(prefix string, n int) error {
		return paceWith(prefix, n, func(u benchUser, addr string) error {
			_, err := b.register(client, base, u, addr)
			return err
		})
	}
	// measure paces a second of warm-up marks, then the measured ones.
	measure := func(prefix string) error {
		if err := pace("Warm"+prefix, rate); err != nil {
			return err
		}
		return pace(prefix, total)
	}
	lagsIn := func(arrived map[string]time.Time, prefix string) []time.Duration {
		mu.Lock()
		defer mu.Unlock()
		var out []time.Duration
		for k, a := range answered {
			if t, ok := arrived[k]; ok && len(k) > len(prefix) && k[:len(prefix)] == prefix {
				out = append(out, max(t.Sub(a), 0))
			}
		}
		return out
	}
	lags := func(prefix string) []time.Duration { return lagsIn(arrived, prefix) }

	// (1) Read model: with Centrifugo stopped, the bench consumes the outbox itself, woken by
	// the same NOTIFY, and stamps each row as it becomes visible (committed).
	phaseCtx, stopPhase := context.WithCancel(ctx)
	consumed := make(chan error, 1)
	go func() { consumed <- b.consumeOutbox(phaseCtx, seen) }()
	time.Sleep(100 * time.Millisecond)
	if err := measure("Outbox"); err != nil {
		stopPhase()
		return err
	}
	stopPhase()
	if err := <-consumed; err != nil && phaseCtx.Err() == nil {
		return err
	}

	// (2) Browser: one client per person through the portal's socket proxy, as the web app.
	// delivered counts every publication the clients receive (their own marks' and the
	// tenant-wide ones: report.changed, timesheet.changed), for the deliveries per mark.
	var delivered atomic.Int64
	if _, err := pushtest.StartOn(ctx, pushPort, b.url, ""); err != nil {
		return err
	}
	wsURL := pushtest.WSURL(base)
	for _, u := range users {
		tok, _, err := push.Token(pushtest.Secret, u.tenant, u.user, time.Now())
		if err != nil {
			return err
		}
		c := pushtest.Connect(wsURL, tok, nil)
		defer c.Close()
		if _, err := c.WaitSubscribed(2, 10*time.Second); err != nil {
			return err
		}
		go func() {
			for r := range c.Pubs {
				delivered.Add(1)
				seen(r.Data, r.Position, r.At)
			}
		}()
	}
	if err := pace("WarmBrowser", rate); err != nil {
		return err
	}
	before := delivered.Load()
	if err := pace("Browser", total); err != nil { // pace waits a second after the last mark
		return err
	}
	perMark := float64(delivered.Load()-before) / float64(total)

	// (3) The browser leg alone, to see where its time goes: the bench writes each message
	// into the outbox itself (push.Publish, a transaction each, paced as the marks), timed
	// from its commit to its arrival at the client through the portal's socket proxy and, for
	// the first directPeople people, at a second client connected to Centrifugo directly.
	const directPeople = 20
	for _, u := range users[:min(directPeople, len(users))] {
		tok, _, err := push.Token(pushtest.Secret, u.tenant, u.user, time.Now())
		if err != nil {
			return err
		}
		c := pushtest.Connect(pushtest.WSURL(fmt.Sprintf("http://127.0.0.1:%d", pushPort)), tok, nil)
		defer c.Close()
		if _, err := c.WaitSubscribed(2, 10*time.Second); err != nil {
			return err
		}
		seenDirect := seenIn(direct)
		go func() {
			for r := range c.Pubs {
				seenDirect(r.Data, r.Position, r.At)
			}
		}()
	}
	publish := func(prefix string, n int) error {
		return paceWith(prefix, n, func(u benchUser, addr string) error {
			return pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
				return push.Publish(ctx, tx, push.Message{Tenant: u.tenant, User: u.user, Topic: "bench.lag", Data: map[string]string{"endereco": addr}})
			})
		})
	}
	if err := publish("WarmLeg", rate); err != nil {
		return err
	}
	if err := publish("Leg", total); err != nil {
		return err
	}

	notify, err := b.notifyRoundTrip(ctx, rate, total)
	if err != nil {
		return err
	}
	for _, phase := range []struct {
		name, prefix string
		goal         goal
	}{
		{"commit → read model lag", "Outbox", atMost(5)}, {"commit → browser lag through Centrifugo", "Browser", atMost(12)},
	} {
		l, warm := lags(phase.prefix), lags("Warm"+phase.prefix)
		if len(l) < total {
			b.check(fmt.Sprintf("%s: every mark seen", phase.name), fmt.Sprintf("%d of %d", len(l), total), "all", false)
		}
		deliveries := ""
		if phase.prefix == "Browser" {
			deliveries = fmt.Sprintf("; %.1f deliveries per mark to %d clients", perMark, len(users))
		}
		b.ratio(fmt.Sprintf("%s at %d marks/s (half of register-mark's rate)", phase.name, rate),
			p99Fig(l).note("p50 %s; warm-up second p99 %s%s", pct(l, 50), pct(warm, 99), deliveries), p99Fig(notify).note("p50 %s", pct(notify, 50)),
			fmt.Sprintf("raw pg_notify → LISTEN at %d/s, same pacing", rate), phase.goal)
	}
	if projections.LagTraceOn {
		mu.Lock()
		lagLegs(answered, arrived, positions)
		mu.Unlock()
	}
	// The browser leg's parts (no goal): Centrifugo's consumer and delivery, and the proxy.
	viaProxy, viaDirect := lags("Leg"), lagsIn(direct, "Leg")
	var proxy []time.Duration
	mu.Lock()
	for k, d := range direct {
		if p, ok := arrived[k]; ok && strings.HasPrefix(k, "Leg") {
			proxy = append(proxy, p.Sub(d))
		}
	}
	mu.Unlock()
	b.ratio(fmt.Sprintf("outbox commit → browser through Centrifugo at %d messages/s (the browser leg alone)", rate),
		p99Fig(viaProxy).note("p50 %s", pct(viaProxy, 50)), p99Fig(notify).note("p50 %s", pct(notify, 50)),
		fmt.Sprintf("raw pg_notify → LISTEN at %d/s, same pacing", rate), reportOnly)
	b.ratio(fmt.Sprintf("outbox commit → client on Centrifugo directly, %d people (no socket proxy)", directPeople),
		p99Fig(viaDirect).note("p50 %s; proxied minus direct, same message: p50 %s, p99 %s", pct(viaDirect, 50), pct(proxy, 50), pct(proxy, 99)),
		p99Fig(notify).note("p50 %s", pct(notify, 50)), fmt.Sprintf("raw pg_notify → LISTEN at %d/s, same pacing", rate), reportOnly)
	return nil
}

// consumerTx is the transaction of the bench's outbox consumer, set as Centrifugo's.
var consumerTx = pgx.TxOptions{BeginQuery: "BEGIN; SET LOCAL synchronous_commit = off"}

// consumeOutbox stands in for Centrifugo's consumer: on each NOTIFY of the outbox channel it
// takes the committed rows and hands each message's data to seen, until ctx ends.
func (b *benchRun) consumeOutbox(ctx context.Context, seen func([]byte, int64, time.Time)) error {
	lc, err := b.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	conn := lc.Hijack()
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+push.NotifyChannel); err != nil {
		return err
	}
	for {
		// The rows are stamped when they come back, before the DELETE commits: as Centrifugo
		// dispatches before its DELETE's commit, the stamp is when a consumer can see the row,
		// not that plus the WAL flush of the bench's own DELETE (autocommitted, it answered
		// only after the flush: on a shared disk milliseconds, counted as the read model's lag).
		// And the commit does not wait for the flush either, as Centrifugo's consumer does not
		// (synchronous_commit off, centrifugo.consumerDSN): the flush delayed the next rows.
		err := pgx.BeginTxFunc(ctx, b.pool, consumerTx, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `DELETE FROM `+push.OutboxTable+` RETURNING payload->'data'->'data', coalesce((payload->'data'->>'position')::bigint, 0)`)
			if err != nil {
				return err
			}
			now := time.Now()
			type row struct {
				Data     []byte
				Position int64
			}
			datas, err := pgx.CollectRows(rows, pgx.RowToStructByPos[row])
			if err != nil {
				return err
			}
			for _, d := range datas {
				seen(d.Data, d.Position, now)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
	}
}

const fanoutTopic = "bench.fanout"

// fanout measures how many messages per second one Centrifugo node delivers to 1,000
// connected clients of one tenant: tenant-wide messages written to the outbox in batches,
// each delivered to every client, beside the same messages' outbox writes per second.
func (b *benchRun) fanout() error {
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	// The earlier steps' pushes, some tenant-wide, would reach these clients first.
	if err := b.emptyOutbox(); err != nil {
		return err
	}
	sup, err := pushtest.Start(ctx, b.url, "")
	if err != nil {
		return err
	}
	const clients = 1000
	tenant := seed.TenantID(seed.DemoCode)
	var got atomic.Int64
	var last atomic.Int64
	for i := 0; i < clients; i++ {
		tok, _, err := push.Token(pushtest.Secret, tenant, uuid.New(), time.Now())
		if err != nil {
			return err
		}
		c := pushtest.Connect(pushtest.WSURL(sup.URL()), tok, nil)
		defer c.Close()
		if _, err := c.WaitSubscribed(2, 30*time.Second); err != nil {
			return fmt.Errorf("client %d: %w", i, err)
		}
		go func() {
			for r := range c.Pubs {
				if r.Topic == fanoutTopic {
					got.Add(1)
					last.Store(r.At.UnixNano())
				}
			}
		}()
	}
	// Publish for a third of the run in batches of 10 per transaction.
	start := time.Now()
	var sent int64
	for time.Since(start) < b.dur/3 {
		err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
			ms := make([]push.Message, 10)
			for i := range ms {
				ms[i] = push.Message{Tenant: tenant, Topic: fanoutTopic, Data: map[string]int64{"n": sent + int64(i)}}
			}
			return push.Publish(ctx, tx, ms...)
		})
		if err != nil {
			return err
		}
		sent += 10
	}
	writeD := time.Since(start)
	want := sent * clients
	for deadline := time.Now().Add(60 * time.Second); got.Load() < want && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	deliverD := time.Duration(last.Load() - start.UnixNano())
	b.check(fmt.Sprintf("Centrifugo fan-out to %d clients: every publication delivered", clients), fmt.Sprintf("%d of %d", got.Load(), want), "all", got.Load() == want)
	b.ratio(fmt.Sprintf("Centrifugo deliveries, 1 node, %d clients", clients), rateFig(perSec(got.Load(), deliverD)),
		rateFig(perSec(sent, writeD)), "publications written to the outbox/s (the same cores run the clients)", reportOnly)
	return nil
}

// lagLegs prints, for a binary built with -tags lagtrace, the p50/p99 of each leg of a mark's
// way in each lag phase: command answered → Tail read → clock handler → transaction begun →
// applied → committed → seen (outbox consumer or browser), with the clock projection's stamps.
func lagLegs(answered, arrived map[string]time.Time, positions map[string]int64) {
	stages := []struct{ stage, projection string }{{"tail.read", ""}, {"handler", "clock"}, {"begun", "clock"}, {"applied", "clock"}, {"committed", "clock"}}
	for _, prefix := range []string{"Outbox", "Browser"} {
		legs := make([][]time.Duration, len(stages)+1)
		names := []string{"answer → tail read"}
		for i := 1; i < len(stages); i++ {
			names = append(names, stages[i-1].stage+" → "+stages[i].stage)
		}
		names = append(names, "committed → seen")
		for k, a := range answered {
			if !strings.HasPrefix(k, prefix) {
				continue
			}
			seenAt, ok := arrived[k]
			if !ok {
				continue
			}
			ts := []time.Time{a}
			for _, st := range stages {
				t, ok := projections.LagStamp(st.stage, st.projection, positions[k])
				if !ok {
					break
				}
				ts = append(ts, t)
			}
			if len(ts) != len(stages)+1 {
				continue
			}
			ts = append(ts, seenAt)
			for i := range legs {
				legs[i] = append(legs[i], ts[i+1].Sub(ts[i]))
			}
		}
		for i, l := range legs {
			fmt.Fprintf(os.Stderr, "  lag leg %-7s %-28s n=%d p50 %s p99 %s\n", prefix, names[i], len(l), pct(l, 50), pct(l, 99))
		}
	}
	// The other projections that apply a mark, in the same phases: their transactions share
	// the cores and the database with the clock projection's.
	for _, name := range []string{"clock", "report_clock", "timesheet"} {
		var tail, whole []time.Duration
		for k := range answered {
			t0, ok0 := projections.LagStamp("tail.read", "", positions[k])
			t1, ok1 := projections.LagStamp("handler", name, positions[k])
			t2, ok2 := projections.LagStamp("committed", name, positions[k])
			if ok0 && ok1 && ok2 && strings.HasPrefix(k, "Outbox") {
				tail, whole = append(tail, t1.Sub(t0)), append(whole, t2.Sub(t1))
			}
		}
		fmt.Fprintf(os.Stderr, "  lag leg Outbox  %-12s tail read → handler p50 %s p99 %s; handler → committed p50 %s p99 %s\n",
			name, pct(tail, 50), pct(tail, 99), pct(whole, 50), pct(whole, 99))
	}
	counts := projections.LagCounts()
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(os.Stderr, "  lag count %s: %d\n", k, counts[k])
	}
}
