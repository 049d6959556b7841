package auth

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
)

// Role names (spec: portal-core §6).
const (
	RoleCollaborator = "pwa-rh-col"
	RoleInactive     = "pwa-rh-inativo"
	RoleManager      = "pwa-rh-ges"
	RoleHRAdmin      = "pwa-rh-adm"
	RoleCurator      = "pwa-rh-cur"
	RoleAuditor      = "pwa-rh-auditor"
	RolePreAdmission = "pwa-rh-preadm"
	RoleKiosk        = "totem-totem-totem-totem-totem"
)

// knownRoles are the roles a sign-in keeps (spec §6: "at sign-in roles are filtered to a
// selected set"); anything else stored on a user is dropped from the token.
var knownRoles = map[string]bool{
	"admin": true, "user": true, "candidate": true,
	RoleCollaborator: true, RoleInactive: true, RoleManager: true, RoleHRAdmin: true,
	RoleCurator: true, RoleAuditor: true, RolePreAdmission: true, RoleKiosk: true,
	"pwa-a03-ges": true, "pwa-a08-ges": true, "pwa-usr-ges": true,
}

// The casbin model is rbac_with_domains with an exact domain match and no domain patterns:
// with domain wildcards casbin's answer depended on policy order (apache/casbin #855).
//
//go:embed policy_model.conf
var policyModel string

// The policy is written once for the placeholder domain "{tenant}" and copied into a
// tenant's domain the first time that tenant is checked, so every rule is stored with its
// concrete domain and tenants can diverge later without wildcards.
//
//go:embed policy.csv
var policyText string

const tenantPlaceholder = "{tenant}"

// Policy is the casbin enforcer with per-tenant domains.
type Policy struct {
	enf    *casbin.SyncedEnforcer
	mu     sync.Mutex
	loaded map[string]bool
	rules  [][]string // p rules with the placeholder domain: sub, dom, obj, act
	groups [][]string // g rules: role, inherited role, dom
	// decided holds the enforcer's answers by decision (role, tenant, object, action): a
	// tenant's rules are written once (ensure) and never change after, so an answer holds for
	// the process's life. Enforce evaluates the model's matcher each time, two checks a
	// punch (clock read, clock register): 7 % of the process's CPU in bench register.
	decided sync.Map
	size    atomic.Int64 // entries stored in decided since it was last cleared
}

// decision is a key of Policy.decided.
type decision struct{ role, tenant, object, action string }

// maxDecided bounds Policy.decided; past it the answers are computed again from nothing.
const maxDecided = 100_000

// NewPolicy builds an enforcer from the embedded model and policy.
func NewPolicy() (*Policy, error) {
	m, err := model.NewModelFromString(policyModel)
	if err != nil {
		return nil, fmt.Errorf("policy model: %w", err)
	}
	enf, err := casbin.NewSyncedEnforcer(m)
	if err != nil {
		return nil, err
	}
	p := &Policy{enf: enf, loaded: map[string]bool{}}
	for n, line := range strings.Split(policyText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, ",")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		switch {
		case f[0] == "p" && len(f) == 5 && f[2] == tenantPlaceholder:
			p.rules = append(p.rules, f[1:])
		case f[0] == "g" && len(f) == 4 && f[3] == tenantPlaceholder:
			p.groups = append(p.groups, f[1:])
		default:
			return nil, fmt.Errorf("policy.csv line %d: %q", n+1, line)
		}
	}
	return p, nil
}

// ensure copies the policy into tenant's domain once.
func (p *Policy) ensure(tenant string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.loaded[tenant] {
		return nil
	}
	rules := make([][]string, len(p.rules))
	for i, r := range p.rules {
		rules[i] = []string{r[0], tenant, r[2], r[3]}
	}
	groups := make([][]string, len(p.groups))
	for i, g := range p.groups {
		groups[i] = []string{g[0], g[1], tenant}
	}
	if len(rules) > 0 {
		if _, err := p.enf.AddPolicies(rules); err != nil {
			return err
		}
	}
	if len(groups) > 0 {
		if _, err := p.enf.AddGroupingPolicies(groups); err != nil {
			return err
		}
	}
	p.loaded[tenant] = true
	return nil
}

// Allowed tells whether any of roles may do action on object in tenant.
func (p *Policy) Allowed(roles []string, tenant, object, action string) bool {
	if tenant == "" || tenant == tenantPlaceholder || strings.ContainsAny(tenant, "*:") {
		return false
	}
	for _, r := range roles {
		if p.enforce(decision{r, tenant, object, action}) {
			return true
		}
	}
	return false
}

// enforce is the enforcer's answer to d (its tenant's rules written first), from decided
// when it was asked before; an error answers no and is not kept.
func (p *Policy) enforce(d decision) bool {
	if ok, found := p.decided.Load(d); found {
		return ok.(bool)
	}
	if err := p.ensure(d.tenant); err != nil {
		return false
	}
	ok, err := p.enf.Enforce(d.role, d.tenant, d.object, d.action)
	if err != nil {
		return false
	}
	if p.size.Add(1) > maxDecided {
		p.decided.Clear()
		p.size.Store(1)
	}
	p.decided.Store(d, ok)
	return ok
}

// Audiences are roles plus every role and audience group they hold in tenant's domain
// (spec: portal-core §6): the list the menu rule's role check matches against. Roles come
// first in their order, then the implied names sorted; duplicates are dropped. A tenant that
// is not a concrete domain yields the roles alone.
func (p *Policy) Audiences(roles []string, tenant string) []string {
	out := make([]string, 0, len(roles)+4)
	seen := map[string]bool{}
	for _, r := range roles {
		if r != "" && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	if tenant == "" || tenant == tenantPlaceholder || strings.ContainsAny(tenant, "*:") || p.ensure(tenant) != nil {
		return out
	}
	var implied []string
	for _, r := range roles {
		more, err := p.enf.GetImplicitRolesForUser(r, tenant)
		if err != nil {
			continue
		}
		for _, m := range more {
			if !seen[m] {
				seen[m] = true
				implied = append(implied, m)
			}
		}
	}
	slices.Sort(implied)
	return append(out, implied...)
}

var (
	defaultPolicy     *Policy
	defaultPolicyErr  error
	defaultPolicyOnce sync.Once
)

// Allowed tells whether any of roles may do action on object in tenant, by the embedded
// policy. Objects and actions in use: ("clock", "read"), ("clock", "register"),
// ("team", "read"), ("tenant", "admin").
//
// Being allowed to register is not the whole rule: an employee who is away, inactive or in
// a layoff period holds a registering role but the clock domain refuses the mark
// (colaborador_inativo, periodo_afastamento). pwa-rh-inativo and the kiosk may only read.
func Allowed(roles []string, tenant, object, action string) bool {
	defaultPolicyOnce.Do(func() { defaultPolicy, defaultPolicyErr = NewPolicy() })
	if defaultPolicyErr != nil {
		return false
	}
	return defaultPolicy.Allowed(roles, tenant, object, action)
}

// Audiences is Policy.Audiences on the embedded policy.
func Audiences(roles []string, tenant string) []string {
	defaultPolicyOnce.Do(func() { defaultPolicy, defaultPolicyErr = NewPolicy() })
	if defaultPolicyErr != nil {
		return slices.Clone(roles)
	}
	return defaultPolicy.Audiences(roles, tenant)
}
