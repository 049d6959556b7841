package readapi

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"

	"portal/platform/telemetry"
)

// RateLimits are the default calls per second of a whole tenant and of one user; a tenant's
// own (tenants.rate_limit_tenant, rate_limit_user; NULL: these) win. 0: no limit. The burst
// is twice the rate, so a page that fires its queries at once is never refused.
type RateLimits struct {
	TenantPerSecond float64
	UserPerSecond   float64
}

// limitConfigTTL bounds how long a change of a tenant's limits takes to apply.
const limitConfigTTL = time.Minute

// A refused call is answered refusalHold later, while fewer than maxHeldRefusals are held
// in the process (past that, at once). A client that sends its next call as soon as the
// last is answered, 429 included, then makes at most one refused call a second instead of
// as many as the host can refuse, and the CPU it would take goes to the tenants within
// their limits. A held call costs a timer and its goroutine, no database work.
const (
	refusalHold     = time.Second
	maxHeldRefusals = 1024
)

// limiter keeps one token bucket (golang.org/x/time/rate) per tenant and per user: a
// tenant that floods the API is refused with 429 once it spends its own budget, and the
// others' calls never wait behind its. Buckets are per process: behind a balancer over N
// processes a tenant's effective limit is up to N times its configured one.
type limiter struct {
	pool     *pgxpool.Pool
	defaults RateLimits

	mu      sync.Mutex
	configs map[uuid.UUID]limitConfig
	tenants map[uuid.UUID]*rate.Limiter
	users   map[[2]uuid.UUID]*rate.Limiter
	calls   int

	held atomic.Int64 // refused calls being held (hold)
}

type limitConfig struct {
	RateLimits
	read time.Time
}

func newLimiter(pool *pgxpool.Pool, defaults RateLimits) *limiter {
	return &limiter{pool: pool, defaults: defaults, configs: map[uuid.UUID]limitConfig{},
		tenants: map[uuid.UUID]*rate.Limiter{}, users: map[[2]uuid.UUID]*rate.Limiter{}}
}

// allow takes a token from the tenant's and the user's buckets; when either is empty it
// answers the 429 to send, with the seconds until a token is back.
func (l *limiter) allow(ctx context.Context, tenant, user uuid.UUID) error {
	cfg := l.config(ctx, tenant)
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls++
	if l.calls%4096 == 0 {
		l.sweep(now)
	}
	var wait time.Duration
	var which string
	if cfg.UserPerSecond > 0 {
		b := bucket(l.users, [2]uuid.UUID{tenant, user}, cfg.UserPerSecond)
		if r := b.ReserveN(now, 1); r.DelayFrom(now) > 0 {
			r.CancelAt(now)
			wait, which = r.DelayFrom(now), "user"
		} else if cfg.TenantPerSecond > 0 {
			// The user's token is spent only if the tenant's bucket lets the call through too.
			if tr := bucket(l.tenants, tenant, cfg.TenantPerSecond).ReserveN(now, 1); tr.DelayFrom(now) > 0 {
				tr.CancelAt(now)
				r.CancelAt(now)
				wait, which = tr.DelayFrom(now), "tenant"
			}
		}
	} else if cfg.TenantPerSecond > 0 {
		if tr := bucket(l.tenants, tenant, cfg.TenantPerSecond).ReserveN(now, 1); tr.DelayFrom(now) > 0 {
			tr.CancelAt(now)
			wait, which = tr.DelayFrom(now), "tenant"
		}
	}
	if which == "" {
		return nil
	}
	telemetry.RateLimited.WithLabelValues(which).Inc()
	return &rateLimited{field: which, retryAfter: int(math.Ceil(wait.Seconds()))}
}

// hold delays a refused call's answer by refusalHold, or until the caller goes away, while
// fewer than maxHeldRefusals are held.
func (l *limiter) hold(ctx context.Context) {
	defer l.held.Add(-1)
	if l.held.Add(1) > maxHeldRefusals {
		return
	}
	t := time.NewTimer(refusalHold)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// bucket is m's limiter for key at perSecond, made (full) on first use or when the rate
// changed.
func bucket[K comparable](m map[K]*rate.Limiter, key K, perSecond float64) *rate.Limiter {
	b := m[key]
	if b == nil || float64(b.Limit()) != perSecond {
		b = rate.NewLimiter(rate.Limit(perSecond), max(1, int(math.Ceil(2*perSecond))))
		m[key] = b
	}
	return b
}

// sweep drops buckets that are full again: they would let the next call through as a new one does.
func (l *limiter) sweep(now time.Time) {
	for k, b := range l.users {
		if b.TokensAt(now) >= float64(b.Burst()) {
			delete(l.users, k)
		}
	}
	for k, b := range l.tenants {
		if b.TokensAt(now) >= float64(b.Burst()) {
			delete(l.tenants, k)
		}
	}
}

// config is the tenant's limits, read at most once a minute; while the database does not
// answer the last known (or the defaults) apply, so a limit never turns into an error.
func (l *limiter) config(ctx context.Context, tenant uuid.UUID) RateLimits {
	l.mu.Lock()
	c, ok := l.configs[tenant]
	l.mu.Unlock()
	if ok && time.Since(c.read) < limitConfigTTL {
		return c.RateLimits
	}
	prev := c
	c = limitConfig{RateLimits: l.defaults, read: time.Now()}
	var tl, ul *float64
	qctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if l.pool != nil {
		if err := l.pool.QueryRow(qctx, `SELECT rate_limit_tenant, rate_limit_user FROM tenants WHERE id = $1`, tenant).Scan(&tl, &ul); err == nil {
			if tl != nil {
				c.TenantPerSecond = *tl
			}
			if ul != nil {
				c.UserPerSecond = *ul
			}
		} else if ok {
			c.RateLimits = prev.RateLimits // the last known, until a read succeeds
		} else {
			c.read = c.read.Add(time.Second - limitConfigTTL) // the defaults; read again in a second
		}
	}
	l.mu.Lock()
	l.configs[tenant] = c
	l.mu.Unlock()
	return c.RateLimits
}

// rateLimited is the 429 answer: {type: "tenant"|"user", message: "muitas_requisicoes"}
// with Retry-After.
type rateLimited struct {
	field      string
	retryAfter int
}

func (e *rateLimited) Error() string { return "rate limited: " + e.field }

func (s *Server) rateLimit(c echo.Context, tenant, user uuid.UUID) error {
	if s.limiter == nil {
		return nil
	}
	err := s.limiter.allow(c.Request().Context(), tenant, user)
	if rl, ok := err.(*rateLimited); ok {
		s.limiter.hold(c.Request().Context())
		c.Response().Header().Set("Retry-After", strconv.Itoa(max(1, rl.retryAfter)))
		return apiError(http.StatusTooManyRequests, rl.field, "muitas_requisicoes")
	}
	return err
}
