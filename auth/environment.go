package auth

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net"
	"slices"
	"sort"
	"strings"
)

// Host environments (spec portal-core §2: pivot table and grid reports "appear only on
// certain test or demo hosts"; §6: "some tools are always denied depending on host ... some
// items show only on specific test, demo, beta or cloud hosts"; §9: idle time-outs of the
// test and pre-release versions). The tables are shared with the web app
// (web/src/lib/environments.json; environments.json here is its copy, refreshed by
// go generate ./auth and checked by TestEnvironmentsAreTheWebOnes). docs/operations.md
// tells operators how a host gets its environment.
//
//go:generate cp ../web/src/lib/environments.json environments.json
//go:embed environments.json
var environmentsJSON []byte

// Environment is what a host serves: production unless its rules or its name say otherwise.
type Environment string

// The environments.
const (
	EnvProduction Environment = "production"
	EnvTest       Environment = "test"
	EnvPre        Environment = "pre"
	EnvDemo       Environment = "demo"
	EnvBeta       Environment = "beta"
	EnvCloud      Environment = "cloud"
)

var environments = mustEnvironments()

type environmentTables struct {
	Labels      map[Environment][]string `json:"labels"`
	HostOnly    map[string][]Environment `json:"hostOnly"`
	HostDenied  map[Environment][]string `json:"hostDenied"`
	IdleMinutes map[Environment]int      `json:"idleMinutes"`
}

func mustEnvironments() environmentTables {
	var t environmentTables
	if err := json.Unmarshal(environmentsJSON, &t); err != nil {
		panic(fmt.Sprintf("auth: environments.json: %v", err))
	}
	return t
}

// knownEnvironment tells whether e is one of the environments.
func knownEnvironment(e Environment) bool {
	switch e {
	case EnvProduction, EnvTest, EnvPre, EnvDemo, EnvBeta, EnvCloud:
		return true
	}
	return false
}

// HostRules map request hosts to environments. The zero value applies the default rule only.
type HostRules struct {
	exact  map[string]Environment
	suffix []hostSuffix // longest first
}

type hostSuffix struct {
	suffix string // ".demo.example.com"
	env    Environment
}

// ParseHostRules reads PORTAL_HOSTS: comma-separated host=environment entries, where host is
// a host name (any port) or *.domain for every host under domain. Example:
//
//	portal.acme.com=production,rh-teste.acme.com=test,*.demo.acme.com=demo
func ParseHostRules(spec string) (HostRules, error) {
	r := HostRules{exact: map[string]Environment{}}
	for _, entry := range strings.Split(spec, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		host, env, ok := strings.Cut(entry, "=")
		host = strings.ToLower(strings.TrimSpace(host))
		e := Environment(strings.ToLower(strings.TrimSpace(env)))
		if !ok || host == "" || !knownEnvironment(e) {
			return HostRules{}, fmt.Errorf("host rule %q: want host=environment, environment one of production, test, pre, demo, beta, cloud", entry)
		}
		if rest, wild := strings.CutPrefix(host, "*."); wild {
			if rest == "" || strings.Contains(rest, "*") {
				return HostRules{}, fmt.Errorf("host rule %q: bad wildcard", entry)
			}
			r.suffix = append(r.suffix, hostSuffix{suffix: "." + rest, env: e})
			continue
		}
		if strings.Contains(host, "*") {
			return HostRules{}, fmt.Errorf("host rule %q: a wildcard only as *.domain", entry)
		}
		r.exact[host] = e
	}
	sort.SliceStable(r.suffix, func(i, j int) bool { return len(r.suffix[i].suffix) > len(r.suffix[j].suffix) })
	return r, nil
}

// Environment of a request's Host: a rule for the exact host, else the longest *.domain rule,
// else the host name's first label (test, teste, hml, qa → test; pre, homolog, staging → pre;
// demo, beta, cloud → themselves; environments.json "labels"), else production. Ports and
// letter case do not matter; an IP address is production unless a rule names it.
func (r HostRules) Environment(host string) Environment {
	host = strings.ToLower(strings.TrimSpace(host))
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if e, ok := r.exact[host]; ok {
		return e
	}
	for _, s := range r.suffix {
		if strings.HasSuffix(host, s.suffix) {
			return s.env
		}
	}
	if net.ParseIP(host) != nil {
		return EnvProduction
	}
	first, _, _ := strings.Cut(host, ".")
	for _, e := range []Environment{EnvTest, EnvPre, EnvDemo, EnvBeta, EnvCloud} {
		if slices.Contains(environments.Labels[e], first) {
			return e
		}
	}
	return EnvProduction
}

// HostDenied lists the ids an environment always denies: those of items shown only in other
// environments, and the tools it denies outright. Sorted.
func HostDenied(env Environment) []string {
	out := slices.Clone(environments.HostDenied[env])
	for id, envs := range environments.HostOnly {
		if !slices.Contains(envs, env) {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// InEnvironment is p with the host's denials added to its deny list (spec §6).
func (p Permissions) InEnvironment(env Environment) Permissions {
	l := newList(p.Deny...)
	l.add(HostDenied(env)...)
	p.Deny = l.items
	return p
}
