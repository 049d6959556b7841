package seed

import (
	"reflect"
	"testing"
	"time"
)

// The plan is the same on every run for the same now, but for the password hashes (their
// salts are random).
func TestPlanDeterministic(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 3, 14, 12, 30, 0, 0, time.UTC)
	a, err := plan(now)
	if err != nil {
		t.Fatal(err)
	}
	b, err := plan(now)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		for _, u := range append(a[i].users, b[i].users...) {
			u[4] = "" // password_hash
		}
		if !reflect.DeepEqual(a[i], b[i]) {
			t.Errorf("tenant %s: two plans differ", a[i].spec.code)
		}
	}
}

func TestPlanUserNamesUnique(t *testing.T) {
	t.Parallel()
	tenants, err := plan(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range tenants {
		seen := map[string]bool{}
		for _, u := range tr.users {
			name := u[2].(string)
			if seen[name] || len(name) < 5 || len(name) > 20 {
				t.Errorf("%s: user name %q repeated or of a bad length", tr.spec.code, name)
			}
			seen[name] = true
		}
	}
}
