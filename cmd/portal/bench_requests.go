package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands"
	"portal/commands/request"
	"portal/domain/notification"
	rq "portal/domain/request"
	"portal/eventstore"
	"portal/platform/db"
	"portal/process"
	"portal/projections"
	requestsproj "portal/projections/requests"
	"portal/seed"
)

// benchRequest is a request of the approval bench and the callers of its steps.
type benchRequest struct {
	id      uuid.UUID
	callers []commands.RequestCaller // who decides each step
}

// requester is an employee of the demo tenant who has a manager, with both users.
type requester struct {
	user, employee, manager uuid.UUID
	hash, managerHash       string
	roles, managerRoles     []string
}

// benchOrigins are the request types the bench files (each with a manager and an HR step).
var benchOrigins = []rq.Origin{rq.Compra, rq.EPI, rq.UsoEConsumo, rq.Beneficio, rq.Reembolso, rq.Medicamento, rq.MovimentacaoPessoal}

// requesters are the demo tenant's active employees with an active manager, but Ana.
func (b *benchRun) requesters() ([]requester, error) {
	rows, err := b.pool.Query(b.ctx, `SELECT u.id, u.employee_id, u.hash, u.roles, m.id, m.hash, m.roles
FROM users u JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
JOIN users m ON m.tenant_id = e.tenant_id AND m.employee_id = e.manager_id
WHERE u.tenant_id = $1 AND u.active AND m.active AND u.user_name <> $2 ORDER BY u.user_name`, seed.TenantID(seed.DemoCode), seed.UserAna)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (requester, error) {
		var p requester
		return p, r.Scan(&p.user, &p.employee, &p.hash, &p.roles, &p.manager, &p.managerHash, &p.managerRoles)
	})
}

// requestHandlers builds the create and decide-step handlers the request benches drive, as
// the server does (commands/request.New).
func (b *benchRun) requestHandlers() (*request.CreateHandler, *request.DecideStepHandler, error) {
	h, err := request.New(commands.PoolFacts{Pool: b.pool}, b.pool, b.store, time.Now)
	return h.Create, h.Decide, err
}

// fileRequest files and sends a request of type o for p, and names who decides each step:
// the manager, else Helena (HR).
func fileRequest(ctx context.Context, create *request.CreateHandler, p requester, o rq.Origin, commandID string) (benchRequest, error) {
	tenant := seed.TenantID(seed.DemoCode)
	helena := commands.RequestCaller{Tenant: tenant, UserID: seed.UserID(seed.DemoCode, seed.UserHelena),
		UserHash: seed.UserHash(seed.DemoCode, seed.UserHelena), EmployeeID: seed.EmployeeID(seed.DemoCode, seed.UserHelena),
		Roles: []string{rq.RoleHR}}
	caller := commands.RequestCaller{Tenant: tenant, UserID: p.user, UserHash: p.hash, EmployeeID: p.employee, Roles: p.roles}
	r, err := create.Handle(ctx, request.Create{CommandID: commandID, Caller: caller,
		Body: rq.Body{Origin: o, Send: true, HasFields: true, Fields: rq.Fields{Title: "Bench", Reason: "Bench", Comment: "Bench",
			Priority: 2, ReferenceDate: time.Now().Format(time.DateOnly)}}})
	if err != nil {
		return benchRequest{}, err
	}
	br := benchRequest{id: uuid.MustParse(r.ID)}
	for _, s := range r.Steps {
		if s.Kind == rq.KindManager {
			br.callers = append(br.callers, commands.RequestCaller{Tenant: tenant, UserID: p.manager, UserHash: p.managerHash, Roles: p.managerRoles})
		} else {
			br.callers = append(br.callers, helena)
		}
	}
	return br, nil
}

// approvals measures approval decisions through the command handler (load the stream,
// check the rules and the caller's facts, append with the expected version) beside bare
// event-store appends of one event to a stream, by the same number of workers, while the
// process manager that sends their notices (process.RequestNotices) runs beside them, as in
// serve; then how long after a round's last approval its last notice was sent. In each
// round the demo tenant's employees file one request of every type (not timed) and every
// step is then approved by its approver (the phase step of purchases by HR, for the absent
// buyer); rounds follow one another until the approvals have run for the bench's duration.
func (b *benchRun) approvals() error {
	const workers = 16
	ctx := b.ctx
	people, err := b.requesters()
	if err != nil {
		return err
	}
	create, decide, err := b.requestHandlers()
	if err != nil {
		return err
	}
	notices, err := process.NewRequestNotices(commands.PoolFacts{Pool: b.pool}, b.store)
	if err != nil {
		return err
	}
	runner, err := projections.NewRunner(b.pool, b.store, projections.RunnerConfig{}, notices)
	if err != nil {
		return err
	}
	// The baseline runs before and after the approvals, so both see the same machine load,
	// and without the process manager (which would read its appends).
	base := b.bareAppends(workers)
	if err := base.run(); err != nil {
		return err
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	stopped := make(chan struct{})
	go func() { runner.Run(runCtx); close(stopped) }()
	var decided, sent int64
	var approving, drainMax time.Duration
	rounds := 0
	for ; rounds == 0 || approving < b.dur; rounds++ {
		reqs, err := fileAll(ctx, create, people, workers, rounds)
		if err != nil {
			return err
		}
		if err := caughtUp(ctx, b.pool, 5*time.Millisecond, notices.Name()); err != nil {
			return err
		}
		before, err := noticeCount(ctx, b.pool)
		if err != nil {
			return err
		}
		n, took, err := approveAll(ctx, decide, reqs, workers)
		if err != nil {
			return err
		}
		end := time.Now()
		if err := caughtUp(ctx, b.pool, time.Millisecond, notices.Name()); err != nil {
			return err
		}
		drainMax = max(drainMax, time.Since(end))
		after, err := noticeCount(ctx, b.pool)
		if err != nil {
			return err
		}
		decided, approving, sent = decided+n, approving+took, sent+after-before
	}
	stop()
	<-stopped
	if err := base.run(); err != nil {
		return err
	}
	b.ratio(fmt.Sprintf("approval commands (%d workers, %d rounds of %d requests)", workers, rounds, len(people)*len(benchOrigins)),
		rateFig(perSec(decided, approving)), rateFig(perSec(base.n, base.d)), fmt.Sprintf("bare event-store appends/s, %d workers", workers), atLeast(0.35))
	b.check("approvals' notices (process manager beside them)",
		fmt.Sprintf("%d notices for %d approvals, the last sent at most %s after a round's last approval", sent, decided, drainMax.Round(time.Millisecond)),
		"every notice sent", true)
	return nil
}

// bareAppends is the approvals' baseline: bare appends of one event to per-worker streams.
type bareAppends struct {
	run func() error
	n   int64
	d   time.Duration
}

func (b *benchRun) bareAppends(workers int) *bareAppends {
	data := []byte(`{"step":0,"kind":"manager","comment":"","final":false,"actor":{"id":"x","hash":"y"},"at":"2026-01-01T00:00:00Z"}`)
	versions := make([]int64, workers)
	for i := range versions {
		versions[i] = eventstore.NoStream
	}
	meta := eventstore.Meta{Tenant: seed.TenantID(seed.DemoCode), Actor: "bench"}
	ba := &bareAppends{}
	ba.run = func() error {
		n, d, err := parallel(b.ctx, workers, b.dur/4, func(w, i int) error {
			res, err := b.store.Append(b.ctx, meta, fmt.Sprintf("bench-approval-%d", w), versions[w],
				eventstore.EventData{ID: uuid.New(), Type: "bench.appended.v1", Data: data})
			versions[w] = res.NextVersion
			return err
		})
		ba.n, ba.d = ba.n+n, ba.d+d
		return err
	}
	return ba
}

// fileAll has every person file one request of every bench type (round names the commands).
func fileAll(ctx context.Context, create *request.CreateHandler, people []requester, workers, round int) ([]benchRequest, error) {
	type job struct {
		p requester
		o rq.Origin
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var reqs []benchRequest
	var wg sync.WaitGroup
	var createErr atomic.Value
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				br, err := fileRequest(ctx, create, j.p, j.o, fmt.Sprintf("bench-%s-%d-%d", j.p.user, j.o, round))
				if err != nil {
					createErr.CompareAndSwap(nil, err)
					continue
				}
				mu.Lock()
				reqs = append(reqs, br)
				mu.Unlock()
			}
		}()
	}
	for _, p := range people {
		for _, o := range benchOrigins {
			jobs <- job{p, o}
		}
	}
	close(jobs)
	wg.Wait()
	if err, _ := createErr.Load().(error); err != nil {
		return nil, fmt.Errorf("bench requests: %w", err)
	}
	return reqs, nil
}

// approveAll approves every step of reqs, each worker taking a request and approving its
// steps in order; it answers the decisions and how long they took.
func approveAll(ctx context.Context, decide *request.DecideStepHandler, reqs []benchRequest, workers int) (int64, time.Duration, error) {
	next := make(chan benchRequest, len(reqs))
	for _, r := range reqs {
		next <- r
	}
	close(next)
	var decided atomic.Int64
	var decideErr atomic.Value
	start := time.Now()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range next {
				for step, c := range r.callers {
					_, err := decide.Handle(ctx, request.DecideStep{CommandID: uuid.NewString(), Caller: c, ID: r.id, Action: request.Approve, Step: step})
					if err != nil {
						decideErr.CompareAndSwap(nil, err)
						return
					}
					decided.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if err, _ := decideErr.Load().(error); err != nil {
		return 0, 0, fmt.Errorf("bench approvals: %w", err)
	}
	return decided.Load(), time.Since(start), nil
}

// noticeCount is how many notifications the log holds.
func noticeCount(ctx context.Context, pool *pgxpool.Pool) (n int64, err error) {
	err = pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE type = $1`, notification.TypeCreated).Scan(&n)
	return n, err
}

// queue fills the requests read model with 100,000 requests spread over the demo tenant's
// managers and HR, and measures the approver-queue read (count and first page of "waiting",
// through the read API's query, in a tenant transaction) of a manager and of an HR admin,
// beside a trivial indexed SELECT of one request by primary key in the same kind of
// transaction.
func (b *benchRun) queue() error {
	const total = 100_000
	ctx := b.ctx
	tenant := seed.TenantID(seed.DemoCode)
	doc := `{"ac4Ukey":"x","titulo":"Bench","status":"waiting","approvalStatus":"waiting_manager","itens":[],"labels":[],"anexos":[]}`
	_, err := b.pool.Exec(ctx, `
WITH approvers AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE tenant_id = $1 AND 'pwa-rh-ges' = ANY(roles)),
     subjects AS (SELECT array_agg(id ORDER BY id) AS ids FROM employees WHERE tenant_id = $1)
INSERT INTO requests (tenant_id, id, origin, subject_employee_id, creator_user_id, title, status, approval_status, priority,
    reference_date, current_step, step_designated, step_role, state, doc, created_at, updated_at, version, position)
SELECT $1, gen_random_uuid(), 3, s.ids[1 + g % cardinality(s.ids)], gen_random_uuid(), 'Bench',
       CASE WHEN g % 10 < 7 THEN 'waiting' ELSE 'approved' END,
       CASE WHEN g % 10 < 6 THEN 'waiting_manager' WHEN g % 10 = 6 THEN 'waiting_hr' ELSE 'approved_hr' END,
       2, current_date, CASE WHEN g % 10 < 7 THEN (g % 10 = 6)::int END,
       CASE WHEN g % 10 < 6 THEN a.ids[1 + g % cardinality(a.ids)] END,
       CASE WHEN g % 10 < 7 THEN 'pwa-rh-adm' END,
       '{}', $2::jsonb, now() - g * interval '1 second', now() - g * interval '1 second', 3, g
FROM generate_series(1, $3) g, approvers a, subjects s`, tenant, doc, total)
	if err != nil {
		return err
	}
	// A read model at rest has been vacuumed (autovacuum): its visibility map lets the queue
	// counts be index-only.
	if _, err := b.pool.Exec(ctx, `VACUUM ANALYZE requests`); err != nil {
		return err
	}
	var sample uuid.UUID
	if err := b.pool.QueryRow(ctx, `SELECT id FROM requests WHERE tenant_id = $1 LIMIT 1`, tenant).Scan(&sample); err != nil {
		return err
	}
	viewers := []requestsproj.Viewer{
		{UserID: seed.UserID(seed.DemoCode, seed.UserMarcos), EmployeeID: seed.EmployeeID(seed.DemoCode, seed.UserMarcos), Roles: []string{"pwa-rh-ges", "pwa-rh-col"}},
		{UserID: seed.UserID(seed.DemoCode, seed.UserHelena), EmployeeID: seed.EmployeeID(seed.DemoCode, seed.UserHelena), Roles: []string{rq.RoleHR, "pwa-rh-col"}},
	}
	var queue, base []time.Duration
	var found int
	deadline := time.Now().Add(b.dur)
	for i := 0; time.Now().Before(deadline); i++ {
		v := viewers[i%2]
		v.Today = time.Now()
		start := time.Now()
		err := db.InTenant(ctx, b.pool, tenant.String(), func(tx pgx.Tx) error {
			page, err := requestsproj.List(ctx, tx, requestsproj.Query{Viewer: v, Source: "approver", Folder: "waiting", Page: 1, PageSize: 20})
			found = page.TotalCount
			return err
		})
		if err != nil {
			return err
		}
		queue = append(queue, time.Since(start))
		start = time.Now()
		err = db.InTenant(ctx, b.pool, tenant.String(), func(tx pgx.Tx) error {
			var raw []byte
			return tx.QueryRow(ctx, `SELECT doc FROM requests WHERE tenant_id = $1 AND id = $2`, tenant, sample).Scan(&raw)
		})
		if err != nil {
			return err
		}
		base = append(base, time.Since(start))
	}
	if found == 0 {
		return errors.New("bench queue: the approver queue is empty")
	}
	b.ratio(fmt.Sprintf("approver-queue read, %d requests (count + page of 20)", total),
		p99Fig(queue).note("p50 %s", pct(queue, 50)), p99Fig(base).note("p50 %s", pct(base, 50)), "indexed SELECT of one request by key, same tx", atMost(15))
	return nil
}
