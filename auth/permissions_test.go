package auth

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// The shared cases: this test writes them with -update and otherwise checks that the rule
// still gives what they say; web/src/lib/permissions.test.ts runs the same cases through the
// TypeScript mirror, so server and client agree.
var updateCases = flag.Bool("update", false, "rewrite web/src/lib/permissions.cases.json")

const casesFile = "../web/src/lib/permissions.cases.json"

func TestRolePasses(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		required []string
		user     []string
		want     bool
	}{
		{"none_required_guest", nil, nil, true},
		{"none_required_user", nil, []string{RoleCollaborator}, true},
		{"empty_list_guest", []string{}, nil, true},
		{"empty_list_user_with_role", []string{}, []string{RoleCollaborator}, false},
		{"any_match", []string{GroupManager, GroupEmployee}, []string{GroupEmployee}, true},
		{"no_match", []string{GroupManager}, []string{GroupEmployee, RoleCollaborator}, false},
		{"required_guest_has_none", []string{GroupManager}, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := RolePasses(c.required, c.user); got != c.want {
				t.Errorf("RolePasses(%v, %v) = %v, want %v", c.required, c.user, got, c.want)
			}
		})
	}
}

func TestDeriveRolesFiltersByProfileKey(t *testing.T) {
	t.Parallel()
	emp := map[string]string{KeyEmployee: "e1"}
	cases := []struct {
		name   string
		keys   map[string]string
		stored []string
		status string
		want   []string
	}{
		{"employee_keeps_hr_roles", emp, []string{RoleManager, RoleCollaborator}, "active", []string{RoleManager, RoleCollaborator}},
		{"no_employee_key_drops_hr_roles", nil, []string{RoleManager, RoleCollaborator, "admin"}, "", []string{"admin"}},
		{"unknown_roles_dropped", emp, []string{"root", RoleCollaborator, RoleCollaborator}, "active", []string{RoleCollaborator}},
		{"inactive_employee", emp, []string{RoleCollaborator, RoleManager}, "inactive", []string{RoleInactive}},
		{"supplier_needs_a08", map[string]string{KeySupplier: "s"}, []string{"pwa-a08-ges", "pwa-a03-ges"}, "", []string{"pwa-a08-ges"}},
		{"candidate_needs_o59", map[string]string{KeyCandidate: "c"}, []string{"candidate"}, "", []string{"candidate"}},
		{"candidate_without_key", nil, []string{"candidate"}, "", []string{}},
		{"kiosk_is_an_account_role", nil, []string{RoleKiosk}, "", []string{RoleKiosk}},
		{"blank_key_is_no_key", map[string]string{KeyEmployee: " "}, []string{RoleCollaborator}, "", []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := DeriveRoles(c.keys, c.stored, c.status); !slices.Equal(got, c.want) {
				t.Errorf("DeriveRoles = %v, want %v", got, c.want)
			}
		})
	}
}

func TestDerivePurchased(t *testing.T) {
	t.Parallel()
	if n := len(DashboardWidgets); n != 31 {
		t.Fatalf("%d dashboard widgets, want 31", n)
	}
	if len(ClosedWidgets) != 13 {
		t.Fatalf("%d closed widgets, want 13", len(ClosedWidgets))
	}
	if u := slices.Compact(slices.Sorted(slices.Values(DashboardWidgets))); len(u) != 31 {
		t.Fatalf("dashboard widgets repeat an id")
	}

	got := DerivePurchased(nil, false, false)
	if !slices.Equal(got, []string{BaseToolsModule}) {
		t.Errorf("empty purchase = %v, want only the base module", got)
	}
	got = DerivePurchased([]string{"pwa-academy", BaseToolsModule}, false, false)
	if !slices.Equal(got, []string{BaseToolsModule, "pwa-academy"}) {
		t.Errorf("base module not first exactly once: %v", got)
	}

	all := DerivePurchased([]string{AllDashboardsEntitlement}, false, false)
	for _, w := range DashboardWidgets {
		if !slices.Contains(all, w) {
			t.Errorf("all dashboards lacks %s", w)
		}
	}
	if len(all) != 2+31 {
		t.Errorf("all dashboards gives %d ids, want base + entitlement + 31", len(all))
	}

	for _, m := range []string{PayrollModule, TimeClockModule} {
		p := DerivePurchased([]string{m}, false, false)
		for _, want := range []string{DashboardModule, MasterAdminModule} {
			if !slices.Contains(p, want) {
				t.Errorf("%s does not add %s: %v", m, want, p)
			}
		}
	}
	if p := DerivePurchased(nil, true, false); !slices.Contains(p, TimeClockModule) || !slices.Contains(p, "widgethourbank") {
		t.Errorf("a time-treated employee has the clock and its widgets: %v", p)
	}

	mr := DerivePurchased([]string{"pwa-req-tools-request", PayrollModule, "pwa-gen-tools-chat"}, true, true)
	if !slices.Equal(mr, []string{BaseToolsModule, "pwa-req-tools-request", "pwa-gen-tools-chat"}) {
		t.Errorf("manager-requests keeps %v", mr)
	}

	full := DerivePurchased([]string{AllDashboardsEntitlement, PayrollModule, "x"}, true, false)
	if again := DerivePurchased(full, true, false); !slices.Equal(again, full) {
		t.Errorf("not idempotent:\n%v\n%v", full, again)
	}
}

func TestDeriveDeny(t *testing.T) {
	t.Parallel()
	d := DeriveDeny(nil, nil)
	if !slices.Equal(d, ClosedWidgets) {
		t.Errorf("default deny = %v, want the 13 closed widgets", d)
	}
	d = DeriveDeny([]string{"tools_013c"}, map[string]int{
		"widgetclosedpay": 1, "rh_007_001": 1, "tools_004": 0, "solicita_ferias": 1, "assina_ponto": 1, "semTratamentodePonto": 1,
	})
	if !slices.Contains(d, "tools_013c") || !slices.Contains(d, "rh_007_001") {
		t.Errorf("stored deny or switch 1 missing: %v", d)
	}
	for _, id := range []string{"widgetclosedpay", "tools_004", "solicita_ferias", "assina_ponto", "semTratamentodePonto"} {
		if slices.Contains(d, id) {
			t.Errorf("%s denied: %v", id, d)
		}
	}
	if len(d) != 2+12 {
		t.Errorf("deny has %d ids, want 2 + 12 closed widgets: %v", len(d), d)
	}
	if again := DeriveDeny(d, map[string]int{"widgetclosedpay": 1, "rh_007_001": 1}); !slices.Equal(again, d) {
		t.Errorf("not idempotent:\n%v\n%v", d, again)
	}
}

func TestDeriveSwitchDefaults(t *testing.T) {
	t.Parallel()
	s := DeriveSwitches(map[string]int{"solicita_ferias": 1, "assina_holerite": 0})
	want := map[string]int{"solicita_ferias": 1, "assina_holerite": 0, "assina_ponto": 1, "visualiza_espelho": 0}
	for k, v := range want {
		if s[k] != v {
			t.Errorf("%s = %d, want %d", k, s[k], v)
		}
	}
}

// The audiences come from casbin: role inheritance and the audience groups of policy.csv,
// per tenant domain.
func TestAudiences(t *testing.T) {
	t.Parallel()
	p, err := NewPolicy()
	if err != nil {
		t.Fatal(err)
	}
	tenant := uuid.NewString()
	got := p.Audiences([]string{RoleHRAdmin, RoleCollaborator}, tenant)
	want := []string{RoleHRAdmin, RoleCollaborator, GroupAdmin, GroupEmployee, GroupAllEmployees, GroupManagerOrAdmin,
		GroupManagerOrEmployee, GroupManagerEmployeeCur, GroupManager, RoleAuditor, RoleManager}
	if !sameSet(got, want) || !slices.Equal(got[:2], want[:2]) {
		t.Errorf("HR admin audiences = %v, want %v", got, want)
	}
	if got := p.Audiences([]string{RoleInactive}, tenant); !slices.Equal(got, []string{RoleInactive, GroupAllEmployees}) {
		t.Errorf("inactive audiences = %v", got)
	}
	if got := p.Audiences([]string{RoleCollaborator}, ""); !slices.Equal(got, []string{RoleCollaborator}) {
		t.Errorf("no domain: %v", got)
	}
	if got := p.Audiences(nil, tenant); len(got) != 0 {
		t.Errorf("guest audiences = %v", got)
	}
	// Grouping rules exist only in concrete tenant domains.
	groups, _ := p.enf.GetGroupingPolicy()
	for _, g := range groups {
		if g[2] != tenant {
			t.Errorf("grouping %v outside domain %s", g, tenant)
		}
	}
}

func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

func TestMenuIsTheWebMenu(t *testing.T) {
	t.Parallel()
	web, err := os.ReadFile("../web/src/app/menu/menu.json")
	if err != nil {
		t.Skipf("web menu not present: %v", err)
	}
	if !bytes.Equal(web, menuJSON) {
		t.Fatal("auth/menu.json differs from web/src/app/menu/menu.json: run go generate ./auth")
	}
	ids := MenuIDs(AppMenu())
	if len(ids) < 20 || ids[0] != "home" {
		t.Errorf("menu ids %v", ids)
	}
}

// The product menu for the seed's three roles (spec §6): what each sees.
func TestAppMenuForSeedRoles(t *testing.T) {
	t.Parallel()
	tenant := uuid.NewString()
	aud := func(r []string) []string { return Audiences(r, tenant) }
	emp := map[string]string{KeyEmployee: "e"}
	visible := func(roles []string, admin bool) []string {
		p := Derive(PermissionInput{Keys: emp, Roles: roles, EmployeeStatus: "active", TimeTreated: true, Admin: admin}, aud)
		return MenuIDs(FilterMenu(AppMenu(), p))
	}
	ana := visible([]string{RoleCollaborator}, false)
	marcos := visible([]string{RoleManager, RoleCollaborator}, false)
	helena := visible([]string{RoleHRAdmin, RoleCollaborator}, true)
	for _, c := range []struct {
		who  string
		ids  []string
		has  []string
		lack []string
	}{
		{"ana", ana, []string{"home", "rh_007_001", "dashboards0", "rh_002_04", "rh_003_01", "tools_012"},
			[]string{"dashboards1", "dashboards2", "manager", "admin", "rh_004_04", "rh_002_03", "rh_001_01", "surveys"}},
		{"marcos", marcos, []string{"home", "rh_007_001", "dashboards0", "dashboards1", "manager", "rh_004_01", "rh_004_04"},
			[]string{"dashboards2", "admin", "rh_005_03", "rh_004_02"}},
		{"helena", helena, []string{"dashboards0", "dashboards1", "dashboards2", "manager", "admin", "rh_005_03"},
			[]string{"rh_004_02", "rh_005_04"}},
	} {
		for _, id := range c.has {
			if !slices.Contains(c.ids, id) {
				t.Errorf("%s does not see %s: %v", c.who, id, c.ids)
			}
		}
		for _, id := range c.lack {
			if slices.Contains(c.ids, id) {
				t.Errorf("%s sees %s", c.who, id)
			}
		}
	}
	// The manager group keeps its divider only between visible items of both sides.
	p := Derive(PermissionInput{Keys: emp, Roles: []string{RoleManager}, TimeTreated: false}, aud)
	for _, it := range FilterMenu(AppMenu(), p) {
		if it.ID == "manager" {
			for _, c := range it.Children {
				if c.Type != MenuDivider && c.AccessID != BaseToolsModule {
					t.Errorf("manager without clock sees %s", c.ID)
				}
			}
		}
	}
}

// ---- the shared cases ----

// caseFile is the shared fixture.
type caseFile struct {
	Comment   string              `json:"comment"`
	Implied   map[string][]string `json:"implied"`
	MenuIDs   []string            `json:"menuIds"`
	RoleSets  []roleSet           `json:"roleSets"`
	Switches  []switchDim         `json:"switches"`
	Matrix    [][]any             `json:"matrix"` // [roleSet index, switch bits, visible "0101..."]
	Derive    []deriveCase        `json:"derive"`
	RuleMenu  json.RawMessage     `json:"ruleMenu"`
	RuleCases []ruleCase          `json:"ruleCases"`
}

type roleSet struct {
	Name  string          `json:"name"`
	Input PermissionInput `json:"input"`
}

type switchDim struct {
	Name  string          `json:"name"`
	Input PermissionInput `json:"input"`
}

type deriveCase struct {
	Name     string          `json:"name"`
	Input    PermissionInput `json:"input"`
	Expected Permissions     `json:"expected"`
}

type ruleCase struct {
	Name        string      `json:"name"`
	Permissions Permissions `json:"permissions"`
	Visible     []string    `json:"visible"`
}

// merge adds a switch's partial input to a case's input: booleans are or-ed, lists
// concatenated, maps merged (the switch wins). The TypeScript side merges the same way.
func merge(a, b PermissionInput) PermissionInput {
	out := a
	out.Keys = mergeMap(a.Keys, b.Keys)
	out.Roles = append(slices.Clone(a.Roles), b.Roles...)
	if b.EmployeeStatus != "" {
		out.EmployeeStatus = b.EmployeeStatus
	}
	out.Purchased = append(slices.Clone(a.Purchased), b.Purchased...)
	out.Deny = append(slices.Clone(a.Deny), b.Deny...)
	out.AccessConfig = mergeMap(a.AccessConfig, b.AccessConfig)
	out.DynamicAccess = mergeMap(a.DynamicAccess, b.DynamicAccess)
	out.Admin = a.Admin || b.Admin
	out.TimeTreated = a.TimeTreated || b.TimeTreated
	out.ManagerRequests = a.ManagerRequests || b.ManagerRequests
	out.External = a.External || b.External
	return out
}

func mergeMap[V any](a, b map[string]V) map[string]V {
	out := map[string]V{}
	maps.Copy(out, a)
	maps.Copy(out, b)
	return out
}

// roleSets: nobody, every known role alone (with the key its profile needs), the seed's
// manager and HR admin, a collaborator without the employee key, an inactive employee.
func caseRoleSets() []roleSet {
	known := slices.Sorted(maps.Keys(knownRoles))
	sets := []roleSet{{Name: "guest", Input: PermissionInput{}}}
	for _, r := range known {
		in := PermissionInput{Roles: []string{r}, Keys: map[string]string{}}
		for _, p := range ProfileTypes {
			if strings.HasPrefix(r, p.Prefix) {
				in.Keys[p.Key] = "k-" + p.Key
			}
		}
		if in.Keys[KeyEmployee] != "" {
			in.EmployeeStatus = "active"
		}
		sets = append(sets, roleSet{Name: r, Input: in})
	}
	emp := map[string]string{KeyEmployee: "k-m01"}
	return append(sets,
		roleSet{"manager_and_collaborator", PermissionInput{Keys: emp, Roles: []string{RoleManager, RoleCollaborator}, EmployeeStatus: "active"}},
		roleSet{"hr_admin_and_collaborator", PermissionInput{Keys: emp, Roles: []string{RoleHRAdmin, RoleCollaborator}, EmployeeStatus: "active"}},
		roleSet{"collaborator_without_key", PermissionInput{Roles: []string{RoleCollaborator}}},
		roleSet{"inactive_manager", PermissionInput{Keys: emp, Roles: []string{RoleCollaborator, RoleManager}, EmployeeStatus: "inactive"}},
	)
}

// fullPurchase buys every module the menu names.
var fullPurchase = []string{"pwa-rh-ferias", PayrollModule, "pwa-rh-absent", "pwa-req-tools-request",
	"pwa-req-tools-delivery", "pwa-pesquisa", "pwa-aval-360", "pwa-gen-news", "pwa-academy",
	"pwa-amigo-secreto", "pwa-ouvidoria", AllDashboardsEntitlement}

// caseSwitches are the switch dimensions; a case sets any combination of them.
func caseSwitches() []switchDim {
	return []switchDim{
		{"admin_flag", PermissionInput{Admin: true}},
		{"time_treated", PermissionInput{TimeTreated: true}},
		{"manager_requests", PermissionInput{ManagerRequests: true}},
		{"full_purchase", PermissionInput{Purchased: fullPurchase}},
		{"clock_switch_denies", PermissionInput{AccessConfig: map[string]int{"rh_007_001": 1}}},
		{"dynamic_enps_clima", PermissionInput{DynamicAccess: map[string]int{"eNPS": 1, "clima": 1}}},
		{"abilities", PermissionInput{AccessConfig: map[string]int{"solicita_ferias": 1, "visualiza_espelho": 1}}},
	}
}

func caseInput(set roleSet, dims []switchDim, bits int) PermissionInput {
	in := set.Input
	for i, d := range dims {
		if bits&(1<<i) != 0 {
			in = merge(in, d.Input)
		}
	}
	return in
}

func bitsOf(ids, visible []string) string {
	var b strings.Builder
	for _, id := range ids {
		if slices.Contains(visible, id) {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// audiencesFrom expands roles with the fixture's implied table the way Policy.Audiences
// does: roles first, then the implied names sorted.
func audiencesFrom(implied map[string][]string) func([]string) []string {
	return func(roles []string) []string {
		out := []string{}
		for _, r := range roles {
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
		var more []string
		for _, r := range roles {
			for _, m := range implied[r] {
				if !slices.Contains(out, m) && !slices.Contains(more, m) {
					more = append(more, m)
				}
			}
		}
		slices.Sort(more)
		return append(out, more...)
	}
}

// ruleMenu exercises each clause of the rule on a small menu of its own.
const ruleMenuJSON = `[
  {"id": "open", "type": "item", "url": "/open"},
  {"id": "guests", "type": "item", "url": "/guests", "roles": []},
  {"id": "employees", "type": "item", "url": "/employees", "roles": ["colRH"]},
  {"id": "bought", "type": "item", "url": "/bought", "accessId": "mod-a"},
  {"id": "reviewed", "type": "item", "url": "/reviewed", "review": "admin"},
  {"id": "typo", "type": "item", "url": "/typo", "review": "no-such-review"},
  {"id": "g1", "type": "group", "children": [
    {"id": "g1-d1", "type": "divider"},
    {"id": "g1-a", "type": "item", "url": "/g1a", "accessId": "mod-b"},
    {"id": "g1-d2", "type": "divider"}
  ]},
  {"id": "g2", "type": "group", "children": [
    {"id": "g2-c", "type": "collapse", "children": [
      {"id": "g2-c-d", "type": "divider"},
      {"id": "g2-c-a", "type": "item", "url": "/g2ca", "roles": ["gesRH"]}
    ]},
    {"id": "g2-d", "type": "divider"}
  ]},
  {"id": "g3", "type": "group", "roles": ["gesRH"], "children": [
    {"id": "g3-a", "type": "link", "url": "https://example.invalid/"}
  ]},
  {"id": "g4", "type": "group", "children": []}
]`

func ruleCases() []ruleCase {
	base := Permissions{Purchased: []string{BaseToolsModule}, DynamicAccess: map[string]int{}, Switches: map[string]int{}}
	with := func(f func(*Permissions)) Permissions {
		p := base
		p.Purchased = slices.Clone(base.Purchased)
		f(&p)
		return p
	}
	return []ruleCase{
		{Name: "guest_sees_open_and_guest_only", Permissions: base},
		{Name: "employee_loses_guest_only", Permissions: with(func(p *Permissions) {
			p.Roles, p.Audiences = []string{RoleCollaborator}, []string{RoleCollaborator, GroupEmployee}
		})},
		{Name: "purchased_module_shows_item_and_group", Permissions: with(func(p *Permissions) {
			p.Purchased = append(p.Purchased, "mod-a", "mod-b")
		})},
		{Name: "denied_id_hides_even_without_access_id", Permissions: with(func(p *Permissions) {
			p.Purchased = append(p.Purchased, "mod-a", "mod-b")
			p.Deny = []string{"open", "bought", "g1-a"}
		})},
		{Name: "denied_group_hides_children", Permissions: with(func(p *Permissions) {
			p.Purchased = append(p.Purchased, "mod-b")
			p.Deny = []string{"g1"}
		})},
		{Name: "manager_sees_nested_collapse_and_link", Permissions: with(func(p *Permissions) {
			p.Roles, p.Audiences = []string{RoleManager}, []string{RoleManager, GroupManager}
		})},
		{Name: "admin_review", Permissions: with(func(p *Permissions) { p.Admin = true })},
	}
}

func buildCases(t *testing.T) caseFile {
	t.Helper()
	tenant := uuid.NewString()
	policy, err := NewPolicy()
	if err != nil {
		t.Fatal(err)
	}
	implied := map[string][]string{}
	for _, r := range slices.Sorted(maps.Keys(knownRoles)) {
		a := policy.Audiences([]string{r}, tenant)
		if len(a) > 1 {
			implied[r] = a[1:]
		}
	}
	aud := audiencesFrom(implied)
	f := caseFile{
		Comment: "Shared cases of the permission rule (spec portal-core §6). Generated by " +
			"`go test ./auth -run TestPermissionCases -update`; auth/permissions_test.go checks the Go rule " +
			"against them and web/src/lib/permissions.test.ts the TypeScript mirror. matrix rows are " +
			"[roleSet index, switch bits (bit i = switches[i]), visible (character i = menuIds[i])].",
		Implied:  implied,
		MenuIDs:  MenuIDs(AppMenu()),
		RoleSets: caseRoleSets(),
		Switches: caseSwitches(),
	}
	for ri, set := range f.RoleSets {
		// The casbin expansion and the fixture's table agree for every role set.
		roles := DeriveRoles(set.Input.Keys, set.Input.Roles, set.Input.EmployeeStatus)
		if got, want := aud(roles), policy.Audiences(roles, tenant); !slices.Equal(got, want) {
			t.Fatalf("role set %s: table audiences %v, casbin %v", set.Name, got, want)
		}
		for bits := 0; bits < 1<<len(f.Switches); bits++ {
			p := Derive(caseInput(set, f.Switches, bits), aud)
			f.Matrix = append(f.Matrix, []any{ri, bits, bitsOf(f.MenuIDs, MenuIDs(FilterMenu(AppMenu(), p)))})
		}
	}
	for _, d := range []struct {
		name string
		in   PermissionInput
	}{
		{"guest", PermissionInput{}},
		{"ana_collaborator", PermissionInput{Keys: map[string]string{KeyEmployee: "e"}, Roles: []string{RoleCollaborator}, EmployeeStatus: "active", TimeTreated: true}},
		{"helena_admin_full", PermissionInput{Keys: map[string]string{KeyEmployee: "e"}, Roles: []string{RoleHRAdmin, RoleCollaborator, "nobody"},
			EmployeeStatus: "active", Admin: true, TimeTreated: true, Purchased: fullPurchase,
			AccessConfig:  map[string]int{"widgetclosedpay": 1, "widgetoblirpf": 1, "rh_001_01": 1, "tools_013c": 1, "solicita_ferias": 1, "assina_ponto": 0},
			DynamicAccess: map[string]int{"eNPS": 1, "altera_localizacao": 1}, Deny: []string{"tools_011"}}},
		{"inactive_employee", PermissionInput{Keys: map[string]string{KeyEmployee: "e"}, Roles: []string{RoleCollaborator, RoleManager}, EmployeeStatus: "inactive", TimeTreated: true}},
		{"manager_requests_variant", PermissionInput{Keys: map[string]string{KeyEmployee: "e"}, Roles: []string{RoleManager}, ManagerRequests: true,
			TimeTreated: true, Purchased: []string{"pwa-req-tools-request", PayrollModule, "pwa-gen-tools-chat"}}},
		{"supplier_and_kiosk", PermissionInput{Keys: map[string]string{KeySupplier: "s"}, Roles: []string{"pwa-a08-ges", "pwa-a03-ges", RoleKiosk}}},
		{"external_user", PermissionInput{Keys: map[string]string{KeyEmployee: "e"}, Roles: []string{RoleCollaborator}, External: true}},
	} {
		f.Derive = append(f.Derive, deriveCase{Name: d.name, Input: d.in, Expected: Derive(d.in, aud)})
	}
	f.RuleMenu = json.RawMessage(ruleMenuJSON)
	var ruleMenu []MenuItem
	if err := json.Unmarshal(f.RuleMenu, &ruleMenu); err != nil {
		t.Fatal(err)
	}
	for _, c := range ruleCases() {
		c.Visible = MenuIDs(FilterMenu(ruleMenu, c.Permissions))
		if c.Visible == nil {
			c.Visible = []string{}
		}
		f.RuleCases = append(f.RuleCases, c)
	}
	return f
}

func encodeCases(f caseFile) ([]byte, error) {
	// One matrix row per line keeps the file readable and its diffs small.
	var b bytes.Buffer
	head := f
	head.Matrix = nil
	raw, err := json.MarshalIndent(head, "", "  ")
	if err != nil {
		return nil, err
	}
	raw = bytes.Replace(raw, []byte(`"matrix": null`), []byte(`"matrix": [MATRIX]`), 1)
	var rows []string
	for _, r := range f.Matrix {
		rows = append(rows, fmt.Sprintf("    [%d, %d, %q]", r[0], r[1], r[2]))
	}
	b.Write(bytes.Replace(raw, []byte("[MATRIX]"), []byte("[\n"+strings.Join(rows, ",\n")+"\n  ]"), 1))
	b.WriteByte('\n')
	return b.Bytes(), nil
}

func TestPermissionCases(t *testing.T) {
	f := buildCases(t)
	want, err := encodeCases(f)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.FromSlash(casesFile)
	if *updateCases {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./auth -run TestPermissionCases -update)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	// Report the first cases that differ, by name.
	var stored caseFile
	if err := json.Unmarshal(got, &stored); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if !slices.Equal(stored.MenuIDs, f.MenuIDs) {
		t.Fatalf("the menu changed: regenerate the cases (-update) and review the diff")
	}
	bad := 0
	for i, row := range stored.Matrix {
		if i >= len(f.Matrix) || fmt.Sprint(row[2]) != fmt.Sprint(f.Matrix[i][2]) {
			if bad++; bad <= 10 {
				ri := int(row[0].(float64))
				t.Errorf("case %s bits %v: stored %v, rule gives %v", stored.RoleSets[ri].Name, row[1], row[2], f.Matrix[i][2])
			}
		}
	}
	t.Fatalf("%s is stale (%d matrix rows differ): regenerate with -update and review the diff", path, bad)
}
