package readapi_test

import (
	"net/http"
	"strconv"
	"testing"

	"portal/commands/clocktest"
	"portal/readapi"
	"portal/readapi/readapitest"
)

// TestRateLimits: a user past their tenant's per-user limit, and a tenant past its own limit,
// are answered 429 {type, "muitas_requisicoes"} with Retry-After; another tenant's calls go
// through meanwhile. The limits come from the tenant's row (tenants.rate_limit_*), the
// server's defaults otherwise.
func TestRateLimits(t *testing.T) {
	env := readapitest.New(t, "readapi_ratelimit", readapitest.ClockNow)
	env.Server.RateLimits = readapi.RateLimits{} // defaults: none
	env.Handler = env.Server.Handler()
	history := "/api/rh-app/colaborador/v2/historico-ponto"

	get := func(p readapitest.Person) (int, string, string) {
		r := env.Call(t, p, http.MethodGet, history, nil, "", nil)
		if r.Status == http.StatusTooManyRequests {
			body := r.ErrorBody(t)
			return r.Status, body.Errors[0].Type + "/" + body.Errors[0].Message, r.Header.Get("Retry-After")
		}
		return r.Status, "", ""
	}

	t.Run("per_user", func(t *testing.T) {
		tn := env.Tenant(t)
		env.Exec(t, []any{tn.ID}, `UPDATE tenants SET rate_limit_user = 1 WHERE id = $1`)
		p := env.Person(t, &tn, clocktest.Options{})
		other := env.Person(t, nil, clocktest.Options{}) // another tenant, default: no limit
		// A burst of twice the rate goes through; the next call is refused.
		for i := 0; i < 2; i++ {
			if s, _, _ := get(p); s != http.StatusOK {
				t.Fatalf("call %d within the burst: %d", i, s)
			}
		}
		s, what, retry := get(p)
		if s != http.StatusTooManyRequests || what != "user/muitas_requisicoes" {
			t.Fatalf("past the limit: %d %s", s, what)
		}
		if n, err := strconv.Atoi(retry); err != nil || n < 1 || n > 2 {
			t.Fatalf("Retry-After %q", retry)
		}
		for i := 0; i < 10; i++ {
			if s, _, _ := get(other); s != http.StatusOK {
				t.Fatalf("the other tenant's call %d: %d", i, s)
			}
		}
	})

	t.Run("per_tenant", func(t *testing.T) {
		tn := env.Tenant(t)
		env.Exec(t, []any{tn.ID}, `UPDATE tenants SET rate_limit_tenant = 2, rate_limit_user = 0 WHERE id = $1`)
		a := env.Person(t, &tn, clocktest.Options{})
		b := env.Person(t, &tn, clocktest.Options{})
		ok, refused := 0, ""
		for i := 0; i < 6; i++ {
			s, what, _ := get([]readapitest.Person{a, b}[i%2])
			switch s {
			case http.StatusOK:
				ok++
			case http.StatusTooManyRequests:
				refused = what
			default:
				t.Fatalf("call %d: %d", i, s)
			}
		}
		// The tenant's burst (4) across both users, then 429 on the tenant (at most one token
		// refills while the calls run).
		if ok < 4 || ok > 5 || refused != "tenant/muitas_requisicoes" {
			t.Fatalf("%d calls went through, refused as %q", ok, refused)
		}
	})
}
