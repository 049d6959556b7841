package auth

import (
	"testing"

	"github.com/google/uuid"
)

func TestAllowed(t *testing.T) {
	t.Parallel()
	tenant := uuid.NewString()
	cases := []struct {
		name   string
		roles  []string
		object string
		action string
		want   bool
	}{
		{"collaborator_registers", []string{RoleCollaborator}, "clock", "register", true},
		{"collaborator_reads", []string{RoleCollaborator}, "clock", "read", true},
		{"manager_registers", []string{RoleManager}, "clock", "register", true},
		{"hr_admin_registers", []string{RoleHRAdmin}, "clock", "register", true},
		{"inactive_reads", []string{RoleInactive}, "clock", "read", true},
		{"inactive_cannot_register", []string{RoleInactive}, "clock", "register", false},
		{"kiosk_reads", []string{RoleKiosk}, "clock", "read", true},
		{"kiosk_cannot_register", []string{RoleKiosk}, "clock", "register", false},
		{"any_role_suffices", []string{RoleInactive, RoleCollaborator}, "clock", "register", true},
		{"no_roles", nil, "clock", "read", false},
		{"unknown_role", []string{"admin"}, "clock", "register", false},
		{"collaborator_no_team", []string{RoleCollaborator}, "team", "read", false},
		{"manager_team", []string{RoleManager}, "team", "read", true},
		{"hr_admin_team", []string{RoleHRAdmin}, "team", "read", true},
		{"manager_not_admin", []string{RoleManager}, "tenant", "admin", false},
		{"hr_admin_admin", []string{RoleHRAdmin}, "tenant", "admin", true},
		{"unknown_object", []string{RoleHRAdmin}, "payroll", "read", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Allowed(c.roles, tenant, c.object, c.action); got != c.want {
				t.Errorf("Allowed(%v, %s, %s) = %v, want %v", c.roles, c.object, c.action, got, c.want)
			}
		})
	}
}

func TestAllowedNeedsATenant(t *testing.T) {
	t.Parallel()
	for _, tenant := range []string{"", tenantPlaceholder, "*", "a:b"} {
		if Allowed([]string{RoleCollaborator}, tenant, "clock", "register") {
			t.Errorf("tenant %q allowed", tenant)
		}
	}
}

// Rules are stored with each tenant's concrete domain, never a pattern, and a tenant's
// grants do not exist in another tenant's domain.
func TestPolicyDomains(t *testing.T) {
	t.Parallel()
	p, err := NewPolicy()
	if err != nil {
		t.Fatal(err)
	}
	a, b := uuid.NewString(), uuid.NewString()
	if !p.Allowed([]string{RoleCollaborator}, a, "clock", "register") {
		t.Fatal("tenant a: collaborator may not register")
	}
	rules, _ := p.enf.GetPolicy()
	for _, r := range rules {
		if r[1] != a {
			t.Errorf("rule %v is not in domain %s", r, a)
		}
	}
	if ok, _ := p.enf.Enforce(RoleCollaborator, b, "clock", "register"); ok {
		t.Error("tenant b is allowed by tenant a's rules")
	}
	if !p.Allowed([]string{RoleCollaborator}, b, "clock", "register") {
		t.Error("tenant b: collaborator may not register")
	}
	if n, _ := p.enf.GetPolicy(); len(n) != 2*len(p.rules) {
		t.Errorf("%d rules for two tenants, want %d", len(n), 2*len(p.rules))
	}
}

// A decision kept in decided answers as the enforcer does, the first time and after.
func TestPolicyDecidedAnswersAsEnforcer(t *testing.T) {
	t.Parallel()
	p, err := NewPolicy()
	if err != nil {
		t.Fatal(err)
	}
	tenant := uuid.NewString()
	roles := []string{RoleCollaborator, RoleInactive, RoleManager, RoleHRAdmin, RoleKiosk, "nobody"}
	checks := [][2]string{{"clock", "read"}, {"clock", "register"}, {"team", "read"}, {"tenant", "admin"}}
	for round := 0; round < 2; round++ {
		for _, r := range roles {
			for _, c := range checks {
				got := p.Allowed([]string{r}, tenant, c[0], c[1])
				want, err := p.enf.Enforce(r, tenant, c[0], c[1])
				if err != nil || got != want {
					t.Errorf("round %d: %s %s %s: Allowed %v, enforcer %v (%v)", round, r, c[0], c[1], got, want, err)
				}
			}
		}
	}
	if p.Allowed([]string{RoleInactive}, tenant, "clock", "register") {
		t.Error("pwa-rh-inativo may register")
	}
}
