package auth_test

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"portal/auth"
)

func TestEnvironmentsAreTheWebOnes(t *testing.T) {
	t.Parallel()
	web, err := os.ReadFile("../web/src/lib/environments.json")
	if err != nil {
		t.Fatal(err)
	}
	ours, err := os.ReadFile("environments.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(web, ours) {
		t.Fatal("auth/environments.json differs from web/src/lib/environments.json: run go generate ./auth")
	}
}

func TestHostEnvironment(t *testing.T) {
	t.Parallel()
	rules, err := auth.ParseHostRules(" portal.acme.com=production, rh.acme.com=TEST ,*.demo.acme.com=demo,*.x.demo.acme.com=beta,10.0.0.5=pre ")
	if err != nil {
		t.Fatal(err)
	}
	for host, want := range map[string]auth.Environment{
		// The rules: exact hosts (any port, any case), the longest *.domain.
		"rh.acme.com":          auth.EnvTest,
		"RH.Acme.Com:8443":     auth.EnvTest,
		"portal.acme.com":      auth.EnvProduction,
		"a.demo.acme.com":      auth.EnvDemo,
		"b.x.demo.acme.com":    auth.EnvBeta,
		"demo.acme.com":        auth.EnvDemo, // first label, not the rule (the rule needs a subdomain)
		"10.0.0.5:80":          auth.EnvPre,
		"test.demo.acme.com":   auth.EnvDemo, // a rule beats the first label
		"test.portal.example":  auth.EnvTest, // the default rule: the first label
		"teste.portal.example": auth.EnvTest,
		"hml.portal.example":   auth.EnvTest,
		"pre.portal.example":   auth.EnvPre,
		"homolog.example":      auth.EnvPre,
		"demo.portal.example":  auth.EnvDemo,
		"beta.portal.example":  auth.EnvBeta,
		"cloud.portal.example": auth.EnvCloud,
		"portal.example.":      auth.EnvProduction,
		"testing.example":      auth.EnvProduction, // whole labels only
		"127.0.0.1:8080":       auth.EnvProduction,
		"[::1]:8080":           auth.EnvProduction,
		"localhost":            auth.EnvProduction,
		"":                     auth.EnvProduction,
	} {
		if got := rules.Environment(host); got != want {
			t.Errorf("Environment(%q) = %s, want %s", host, got, want)
		}
	}
	if got := (auth.HostRules{}).Environment("qa.acme.com"); got != auth.EnvTest {
		t.Errorf("zero rules: %s", got)
	}
	for _, bad := range []string{"x.com", "x.com=prod", "=test", "*.=test", "a.*.com=test", "*.*.com=demo"} {
		if _, err := auth.ParseHostRules(bad); err == nil {
			t.Errorf("ParseHostRules(%q) accepted", bad)
		}
	}
	if _, err := auth.ParseHostRules(""); err != nil {
		t.Errorf("empty rules: %v", err)
	}
}

// spec §2/§6: pivot table and grid reports only on test and demo hosts; demo hosts always
// deny the ombudsman channel (a real complaint must not go to a demonstration).
func TestHostDenied(t *testing.T) {
	t.Parallel()
	for env, want := range map[auth.Environment][]string{
		auth.EnvProduction: {"gridreports", "pivottable"},
		auth.EnvPre:        {"gridreports", "pivottable"},
		auth.EnvBeta:       {"gridreports", "pivottable"},
		auth.EnvCloud:      {"gridreports", "pivottable"},
		auth.EnvTest:       nil,
		auth.EnvDemo:       {"tools_015"},
	} {
		if got := auth.HostDenied(env); !slices.Equal(got, want) {
			t.Errorf("HostDenied(%s) = %v, want %v", env, got, want)
		}
	}
	// The rule shows the items as the host allows.
	emp := map[string]string{auth.KeyEmployee: "e"}
	p := auth.Derive(auth.PermissionInput{Keys: emp, Roles: []string{auth.RoleHRAdmin}, EmployeeStatus: "active",
		TimeTreated: true, Purchased: []string{"pwa-ouvidoria"}}, func(r []string) []string { return auth.Audiences(r, "t") })
	shown := func(env auth.Environment) []string {
		return auth.MenuIDs(auth.FilterMenu(auth.AppMenu(), p.InEnvironment(env)))
	}
	for env, want := range map[auth.Environment]map[string]bool{
		auth.EnvProduction: {"pivottable": false, "gridreports": false, "tools_015": true},
		auth.EnvTest:       {"pivottable": true, "gridreports": true, "tools_015": true},
		auth.EnvDemo:       {"pivottable": true, "gridreports": true, "tools_015": false},
	} {
		ids := shown(env)
		for id, visible := range want {
			if slices.Contains(ids, id) != visible {
				t.Errorf("%s: %s visible %v, want %v (menu %s)", env, id, !visible, visible, strings.Join(ids, ","))
			}
		}
	}
	// Adding the host's denials twice changes nothing.
	once := p.InEnvironment(auth.EnvDemo)
	if twice := once.InEnvironment(auth.EnvDemo); !slices.Equal(once.Deny, twice.Deny) {
		t.Errorf("not idempotent: %v then %v", once.Deny, twice.Deny)
	}
}

func FuzzParseHostRules(f *testing.F) {
	for _, s := range []string{"", "a.com=test", "*.b.com=demo,c=pre", "x=", "=y", "*.=test", "a=b=c", "[::1]=test", ",,,"} {
		f.Add(s, "a.b.com:80")
	}
	f.Fuzz(func(t *testing.T, spec, host string) {
		r, err := auth.ParseHostRules(spec)
		if err != nil {
			return
		}
		switch r.Environment(host) {
		case auth.EnvProduction, auth.EnvTest, auth.EnvPre, auth.EnvDemo, auth.EnvBeta, auth.EnvCloud:
		default:
			t.Errorf("unknown environment for %q under %q", host, spec)
		}
	})
}
