package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/domain/clock"
	"portal/platform/db"
	"portal/readapi"
)

// The fault tests run the real binary (PORTAL_BIN, else built into a temporary folder) as
// `portal serve` processes on a database, punch through HTTP as the web app does (a 503 or
// 429 is repeated after its Retry-After with the same Idempotency-Key), break something and
// check what the issue asks: no 500, every punch that answered 200 in the log once, the
// projections going on, the read models equal to a rebuild. docs/operations.md ("Faults")
// has the figures.

var faultKey = []byte("fault tests' token signing key, 32+ bytes")

var buildOnce struct {
	sync.Once
	bin string
	err error
}

func portalBin(t *testing.T) string {
	t.Helper()
	if b := os.Getenv("PORTAL_BIN"); b != "" {
		return b
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "portal-bin-")
		if err != nil {
			buildOnce.err = err
			return
		}
		buildOnce.bin = filepath.Join(dir, "portal")
		out, err := exec.Command("go", "build", "-o", buildOnce.bin, ".").CombinedOutput()
		if err != nil {
			buildOnce.err = fmt.Errorf("go build: %v: %s", err, out)
		}
	})
	if buildOnce.err != nil {
		t.Fatal(buildOnce.err)
	}
	return buildOnce.bin
}

func freeTCPPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// portalProc is one `portal serve` process.
type portalProc struct {
	cmd  *exec.Cmd
	base string
	out  *syncBuffer
	done chan struct{}
	err  error // Wait's, once done is closed
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startPortal starts `portal serve` on dbURL and waits until /health says ok.
func startPortal(t *testing.T, dbURL string) *portalProc {
	t.Helper()
	port := freeTCPPort(t)
	cmd := exec.Command(portalBin(t), "serve")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "PORT="+strconv.Itoa(port), "METRICS_ADDR=off",
		"SEED_HISTORY=off", "PORTAL_TOKEN_KEY="+base64.StdEncoding.EncodeToString(faultKey),
		"CENTRIFUGO_URL=http://127.0.0.1:9", "CENTRIFUGO_TOKEN_SECRET=fault tests' centrifugo secret, 32+ bytes",
		"WEB_DIR="+t.TempDir(), "RATE_LIMIT_TENANT=0", "RATE_LIMIT_USER=0", "DB_MAX_CONNS=24")
	p := &portalProc{cmd: cmd, base: fmt.Sprintf("http://127.0.0.1:%d", port), out: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = p.out, p.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() {
			t.Logf("portal %s output:\n%s", p.base, tail(p.out.String(), 4000))
		}
	})
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		if h, err := p.health(); err == nil && h.Status == "ok" {
			return p
		}
		select {
		case <-p.done:
			t.Fatalf("portal exited: %v\n%s", p.err, tail(p.out.String(), 4000))
		case <-time.After(100 * time.Millisecond):
		}
	}
	t.Fatalf("portal not healthy in time\n%s", tail(p.out.String(), 4000))
	return nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func (p *portalProc) health() (readapi.HealthBody, error) {
	var h readapi.HealthBody
	resp, err := http.Get(p.base + "/health")
	if err != nil {
		return h, err
	}
	defer resp.Body.Close()
	return h, json.NewDecoder(resp.Body).Decode(&h)
}

// puncher punches as users through bases, counting what came back.
type puncher struct {
	users  []benchUser
	client *http.Client

	mu       sync.Mutex
	ok       []string    // Idempotency-Keys answered 200
	okAt     []time.Time // when each was answered
	statuses map[int]int
	bodies   map[int]string // one body per status other than 200
	retried  atomic.Int64   // 503 or 429 answers, repeated with the same key
	netErrs  atomic.Int64   // no answer (the process is gone or stopping)
}

func newPuncher(users []benchUser) *puncher {
	return &puncher{users: users, client: &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64}}, statuses: map[int]int{}, bodies: map[int]string{}}
}

// punch sends one punch as user, repeated after a 503/429 (its Retry-After, at most 1 s
// here) with the same key, until it is answered otherwise or stop ends; a lost answer (no
// response) is not repeated and counts as neither.
func (pu *puncher) punch(ctx context.Context, base string, u benchUser, key string) {
	for ctx.Err() == nil {
		url := fmt.Sprintf("%s/api/rh-app/colaborador/v2/registrar-ponto?tenId=%s&userHash=%s", base, u.tenant, u.hash)
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(markBody(time.Now(), "fault "+key, u.lat, u.lon)))
		req.Header.Set("Authorization", "Bearer "+u.token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", key)
		resp, err := pu.client.Do(req)
		if err != nil {
			pu.netErrs.Add(1)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		pu.mu.Lock()
		pu.statuses[resp.StatusCode]++
		if resp.StatusCode != http.StatusOK {
			pu.bodies[resp.StatusCode] = string(body) + " Retry-After=" + resp.Header.Get("Retry-After")
		} else {
			pu.ok = append(pu.ok, key)
			pu.okAt = append(pu.okAt, time.Now())
		}
		pu.mu.Unlock()
		if resp.StatusCode != http.StatusServiceUnavailable && resp.StatusCode != http.StatusTooManyRequests {
			return
		}
		pu.retried.Add(1)
		if resp.Header.Get("Retry-After") == "" {
			pu.mu.Lock()
			pu.statuses[-resp.StatusCode]++ // a 503 without Retry-After
			pu.mu.Unlock()
		}
		select {
		case <-ctx.Done():
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// run punches with n clients against base() until ctx ends.
func (pu *puncher) run(ctx context.Context, n int, base func() string) *sync.WaitGroup {
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := pu.users[w%len(pu.users)]
			for i := 0; ctx.Err() == nil; i++ {
				pu.punch(ctx, base(), u, fmt.Sprintf("fault-%d-%d-%d", time.Now().UnixNano(), w, i))
			}
		}()
	}
	return &wg
}

// faultUsers are n demo employees with tokens the portals accept.
func faultUsers(t *testing.T, ctx context.Context, pool *pgxpool.Pool, n int) []benchUser {
	t.Helper()
	svc, err := auth.NewService(ctx, pool, auth.Options{TokenKey: faultKey, AccessTTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	users, err := (&benchRun{ctx: ctx, pool: pool}).users(svc, n)
	if err != nil {
		t.Fatal(err)
	}
	return users
}

// checkOnce fails unless every key answered 200 is one mark in the log, and there are no
// other fault marks than those (a punch whose answer was lost may have landed: it is
// counted separately and allowed).
func checkOnce(t *testing.T, ctx context.Context, pool *pgxpool.Pool, pu *puncher) {
	t.Helper()
	counts := map[string]int{}
	rows, err := pool.Query(ctx, `SELECT command_id, count(*) FROM events WHERE type = $1 AND command_id LIKE 'fault-%' GROUP BY command_id`, clock.TypeMarkRegistered)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			t.Fatal(err)
		}
		counts[k] = n
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, k := range pu.ok {
		if counts[k] != 1 {
			t.Fatalf("punch %s answered 200 and is in the log %d times", k, counts[k])
		}
	}
	for k, n := range counts {
		if n != 1 {
			t.Fatalf("punch %s is in the log %d times", k, n)
		}
	}
	if extra := len(counts) - len(pu.ok); extra < 0 || int64(extra) > pu.netErrs.Load() {
		t.Fatalf("%d marks in the log, %d punches answered 200, %d answers lost", len(counts), len(pu.ok), pu.netErrs.Load())
	}
}

// checkRebuild waits until every projection has caught up with the log, then fails unless
// the clock read models equal their rebuild and nothing was parked.
func checkRebuild(t *testing.T, ctx context.Context, dbURL string, pool *pgxpool.Pool) {
	t.Helper()
	if err := caughtUp(ctx, pool, 20*time.Millisecond, projectionNames()...); err != nil {
		t.Fatal(err)
	}
	var parked int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM parked_events`).Scan(&parked); err != nil || parked != 0 {
		t.Fatalf("parked events: %d %v", parked, err)
	}
	t.Setenv("DATABASE_URL", dbURL)
	err := withReadOnlyDB(ctx, func(e *env) error {
		for _, name := range []string{"clock", "report_clock"} {
			if err := e.replayShadow(ctx, name); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("read models against a rebuild: %v", err)
	}
}

func openPool(t *testing.T, ctx context.Context, url string) *pgxpool.Pool {
	t.Helper()
	pool, err := db.Open(ctx, url, 8)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// firstOKAfter is how long after t the first punch answered 200 (-1: none did).
func (pu *puncher) firstOKAfter(t time.Time) time.Duration {
	pu.mu.Lock()
	defer pu.mu.Unlock()
	for _, at := range pu.okAt {
		if at.After(t) {
			return at.Sub(t)
		}
	}
	return -1
}

// longestGap is the longest time no punch was answered 200, as the clients saw the outage.
func (pu *puncher) longestGap() time.Duration {
	pu.mu.Lock()
	defer pu.mu.Unlock()
	var gap time.Duration
	for i := 1; i < len(pu.okAt); i++ {
		gap = max(gap, pu.okAt[i].Sub(pu.okAt[i-1]))
	}
	return gap
}

// checkStatuses fails on an answer other than 200, 503 (with Retry-After) or 429.
func (pu *puncher) checkStatuses(t *testing.T) {
	t.Helper()
	pu.mu.Lock()
	defer pu.mu.Unlock()
	for status, n := range pu.statuses {
		if status != http.StatusOK && status != http.StatusServiceUnavailable && status != http.StatusTooManyRequests {
			t.Fatalf("%d punches answered %d (%s); every status: %v", n, status, pu.bodies[status], pu.statuses)
		}
	}
}

func (pu *puncher) count(status int) int {
	pu.mu.Lock()
	defer pu.mu.Unlock()
	return pu.statuses[status]
}
