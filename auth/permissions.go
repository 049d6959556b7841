package auth

import (
	"slices"
	"sort"
	"strings"
)

// The permission model of spec portal-core §6 and portal-business §6, as one rule: the
// server computes it for GET userinfo and enforces it on every call (readapi), the web app
// runs the same rule (web/src/lib/permissions.ts) to build the menu and guard its routes.
// Both read the shared cases of web/src/lib/permissions.cases.json in their tests.
//
// The rule has two halves:
//   - derivation: a user's stored data (keys, role strings, purchased and deny lists, access
//     switches, dynamic access, flags) gives Permissions: roles, audiences, purchased, deny;
//   - visibility: an Access (a menu item or a route: id, access id, roles, review) is shown
//     to Permissions or not (Visible), and a menu is filtered (FilterMenu).

// Profile keys of the signed-in user (spec portal-core §3): the key decides the profile
// type, and with it which role strings the user may hold.
const (
	KeyEmployee  = "m01_ukey"  // employee
	KeyCandidate = "o59_ukey"  // candidate
	KeySupplier  = "a08_ukey"  // suppliers app
	KeyCustomer  = "a03_ukey"  // customers app
	KeyCloud     = "usr_ukeya" // cloud-management app
	KeyA10       = "a10_ukey"  // carried for the spec's field list; decides no role prefix here
)

// ProfileType ties a profile key to the prefix of the role strings it allows.
type ProfileType struct {
	Key    string
	Prefix string
}

// ProfileTypes are the keyed profiles. A role string that starts with one of these prefixes
// is kept only when the user holds that profile's key (spec §6: "roles derive from the user's
// keys and role strings starting with the profile-type prefix"). Roles with no profile
// prefix (admin, user, the kiosk account) are account roles and need no key. Which key
// belongs to which prefix is this product's choice: the spec lists keys and role names but
// not the pairs.
var ProfileTypes = []ProfileType{
	{KeyEmployee, "pwa-rh-"},
	{KeyCustomer, "pwa-a03-"},
	{KeySupplier, "pwa-a08-"},
	{KeyCloud, "pwa-usr-"},
	{KeyCandidate, "candidate"},
}

// Module ids of the purchased list. The spec names the behaviour but not these ids (except
// rh_007_001, TimeClockModule, and pwa-rh-folha); the names are this product's choice.
const (
	// BaseToolsModule is always prepended to the purchased list (spec §6).
	BaseToolsModule = "pwa-gen-tools"
	// GeneralToolsPrefix and RequestToolsPrefix are the purchased ids the manager-requests
	// variant keeps (spec §1); request tool types are pwa-req-tools-<type> (business §2).
	GeneralToolsPrefix = "pwa-gen-tools"
	RequestToolsPrefix = "pwa-req-tools-"
	// AllDashboardsEntitlement expands to DashboardWidgets.
	AllDashboardsEntitlement = "pwa-dash-all"
	// PayrollModule is the payroll tool (business §2, mood check-in: "pwa-rh-folha").
	PayrollModule = "pwa-rh-folha"
	// DashboardModule opens the dashboards (/apps/dashboards0..2).
	DashboardModule = "pwa-rh-dash"
	// MasterAdminModule is the master administration module.
	MasterAdminModule = "pwa-master-adm"
)

// ClosedWidgets are the 13 closed/obligation dashboard widgets of portal-business §2
// ("Dashboard widget toggles"); they are denied by default (business §9) and shown only
// when the user's access config sets their toggle to 1.
var ClosedWidgets = []string{
	"widgetendtrialper", "widgetreturnleave", "widgetclosedpay", "widgetclosedtimesheet",
	"widgetclosedvac", "widgetclosedtermcontr", "widgetclosed13salary1", "widgetclosed13salary2",
	"widgetoblsefip", "widgetoblirpf", "widgetoblesocial", "widgetexpiredexams", "widgetleaveinss",
}

// DashboardWidgets is the fixed set of 31 dashboard widgets the 'all dashboards'
// entitlement expands to (business §9): the 13 closed/obligation widgets and 18 more whose
// ids the spec leaves unnamed (named here by this product).
var DashboardWidgets = append(slices.Clone(ClosedWidgets),
	"widgetbirthdays", "widgetnewhires", "widgetheadcount", "widgetturnover",
	"widgetabsenteeism", "widgethourbank", "widgetovertime", "widgetlatearrivals",
	"widgetmissingmarks", "widgetpendingapprovals", "widgetrequests", "widgetpayslips",
	"widgetbenefits", "widgettrainings", "widgetsurveys", "widgetmood",
	"widgetvacationexpiring", "widgetvacationoverdue",
)

// PayrollWidgets and TimeClockWidgets are the "few widgets" the payroll and time-clock
// entitlements add besides the dashboard and master admin (spec §6; ids this product's
// choice). Closed ones among them stay denied by default.
var (
	PayrollWidgets   = []string{"widgetpayslips", "widgetbirthdays", "widgetnewhires", "widgetclosedpay"}
	TimeClockWidgets = []string{"widgethourbank", "widgetmissingmarks", "widgetlatearrivals", "widgetclosedtimesheet"}
)

// AbilitySwitches are the access-config switches that grant an ability when 1 (request,
// sign, view; spec §3 and business §6), with their defaults. Every other switch named
// rh_* or tools_* is a feature toggle: set to 1 it denies the feature of that id (spec §6,
// "access config entries set to 1 disable features").
var AbilitySwitches = map[string]int{
	"solicita_ferias": 0, "solicita_abono_ferias": 0, "solicita_13_ferias": 0,
	"solicita_ajuste_ponto": 0, "solicita_abono_ponto": 0, "altera_localizacao": 0,
	"visualiza_espelho": 0, "assina_ponto": 1, "assina_holerite": 1,
}

// Audience groups and roles used by the menu and the routes (policy.csv holds who is in them).
const (
	GroupEmployee            = "colRH"
	GroupAllEmployees        = "colRHAll"
	GroupManager             = "gesRH"
	GroupManagerOrEmployee   = "gesColRH"
	GroupManagerOrAdmin      = "gesAdmRH"
	GroupAdmin               = "admRH"
	GroupManagerEmployeeCur  = "gesColCurRH"
	GroupUser                = "user"
	ReviewAdmin              = "admin"              // flags.Admin
	ReviewTimeTreatment      = "timeTreatment"      // the tenant treats the user's time
	ReviewNotManagerRequests = "notManagerRequests" // not in the manager-requests variant
	ReviewLocalPassword      = "localPassword"      // not a Google or single-sign-on user
	ReviewDynamicPrefix      = "dynamic:"           // dynamic:eNPS is 1
	ReviewSwitchPrefix       = "switch:"            // switch:solicita_ferias is 1
	ReviewNotRolePrefix      = "notRole:"           // notRole:pwa-rh-preadm: the user lacks the role
)

// PermissionInput is what the rule derives Permissions from: the user's stored data.
type PermissionInput struct {
	Keys            map[string]string `json:"keys"`
	Roles           []string          `json:"roles"`          // stored role strings
	EmployeeStatus  string            `json:"employeeStatus"` // active, away, inactive; "" without employee
	Purchased       []string          `json:"purchased"`      // stored licensed module ids
	Deny            []string          `json:"deny"`           // stored userDeny ids
	AccessConfig    map[string]int    `json:"accessConfig"`   // switches and toggles, 0/1
	DynamicAccess   map[string]int    `json:"dynamicAccess"`  // altera_localizacao, eNPS, clima, enquete
	Admin           bool              `json:"admin"`          // flags.Admin
	TimeTreated     bool              `json:"timeTreated"`    // !tratamentodePonto.semTratamentodePonto
	ManagerRequests bool              `json:"managerRequests"`
	External        bool              `json:"external"` // Google or single-sign-on user
}

// Permissions are the derived lists the visibility rule reads.
type Permissions struct {
	Roles           []string       `json:"roles"`     // derived roles; Roles[0] is the role label
	Audiences       []string       `json:"audiences"` // roles plus casbin's implied roles and groups
	Purchased       []string       `json:"purchased"`
	Deny            []string       `json:"deny"`
	DynamicAccess   map[string]int `json:"dynamicAccess"`
	Switches        map[string]int `json:"switches"` // ability switches with defaults
	Admin           bool           `json:"admin"`
	TimeTreated     bool           `json:"timeTreated"`
	ManagerRequests bool           `json:"managerRequests"`
	External        bool           `json:"external"`
}

// Access is what a menu item or a route requires (spec §6).
//
// Roles nil means no role is required; an empty, non-nil list means the user must have no
// role (a guest); otherwise any role or audience of the user must be listed.
type Access struct {
	ID       string   `json:"id,omitempty"`
	AccessID string   `json:"accessId,omitempty"`
	Roles    []string `json:"roles"`
	Review   string   `json:"review,omitempty"`
}

// DeriveRoles keeps the stored roles of the selected set (deriveRoles: known roles, an
// inactive employee's HR roles turned into pwa-rh-inativo), then drops those whose profile
// prefix needs a key the user lacks.
func DeriveRoles(keys map[string]string, stored []string, employeeStatus string) []string {
	var status *string
	if employeeStatus != "" {
		status = &employeeStatus
	}
	out := []string{}
	for _, r := range deriveRoles(stored, status) {
		if roleHasKey(r, keys) {
			out = append(out, r)
		}
	}
	return out
}

func roleHasKey(role string, keys map[string]string) bool {
	for _, p := range ProfileTypes {
		if strings.HasPrefix(role, p.Prefix) {
			return strings.TrimSpace(keys[p.Key]) != ""
		}
	}
	return true
}

// DerivePurchased is the purchased list: the base tools module first, then the stored ids
// (and the time-clock module for a time-treated employee, as sign-in adds it), then the
// expansions: 'all dashboards' adds the 31 widgets; payroll or time clock add the dashboard,
// master admin and their widgets. The manager-requests variant keeps only the request-tools
// and general-tools ids. Applying it to its own result changes nothing.
func DerivePurchased(stored []string, timeTreated, managerRequests bool) []string {
	l := newList(BaseToolsModule)
	l.add(stored...)
	if timeTreated {
		l.add(TimeClockModule)
	}
	if l.has(AllDashboardsEntitlement) {
		l.add(DashboardWidgets...)
	}
	if l.has(PayrollModule) {
		l.add(DashboardModule, MasterAdminModule)
		l.add(PayrollWidgets...)
	}
	if l.has(TimeClockModule) {
		l.add(DashboardModule, MasterAdminModule)
		l.add(TimeClockWidgets...)
	}
	if !managerRequests {
		return l.items
	}
	kept := []string{}
	for _, id := range l.items {
		if strings.HasPrefix(id, RequestToolsPrefix) || strings.HasPrefix(id, GeneralToolsPrefix) {
			kept = append(kept, id)
		}
	}
	return kept
}

// DeriveDeny is the deny list: the stored ids, every rh_* or tools_* feature switch set to
// 1, and the closed/obligation widgets whose toggle is not 1. Applying it to its own result
// changes nothing.
func DeriveDeny(stored []string, accessConfig map[string]int) []string {
	l := newList(stored...)
	names := make([]string, 0, len(accessConfig))
	for k := range accessConfig {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if accessConfig[k] == 1 && IsFeatureSwitch(k) {
			l.add(k)
		}
	}
	for _, w := range ClosedWidgets {
		if accessConfig[w] != 1 {
			l.add(w)
		}
	}
	return l.items
}

// IsFeatureSwitch tells whether an access-config entry is a feature toggle (1 denies the
// feature of that id) rather than an ability switch or a widget toggle.
func IsFeatureSwitch(name string) bool {
	if _, ok := AbilitySwitches[name]; ok {
		return false
	}
	return strings.HasPrefix(name, "rh_") || strings.HasPrefix(name, "tools_")
}

// DeriveSwitches are the ability switches with their defaults (assina_ponto and
// assina_holerite default to 1).
func DeriveSwitches(accessConfig map[string]int) map[string]int {
	out := make(map[string]int, len(AbilitySwitches))
	for k, def := range AbilitySwitches {
		v, ok := accessConfig[k]
		if !ok {
			v = def
		}
		out[k] = boolInt(v == 1)
	}
	return out
}

// DynamicFlags are the dynamicAccess entries (spec §3).
var DynamicFlags = []string{"altera_localizacao", "eNPS", "clima", "enquete"}

// Derive computes Permissions; audiences expands the derived roles (Audiences with the
// tenant's domain on the server; the shared cases' table in tests).
func Derive(in PermissionInput, audiences func(roles []string) []string) Permissions {
	roles := DeriveRoles(in.Keys, in.Roles, in.EmployeeStatus)
	dyn := make(map[string]int, len(DynamicFlags))
	for _, f := range DynamicFlags {
		dyn[f] = boolInt(in.DynamicAccess[f] == 1)
	}
	return Permissions{
		Roles:           roles,
		Audiences:       audiences(roles),
		Purchased:       DerivePurchased(in.Purchased, in.TimeTreated, in.ManagerRequests),
		Deny:            DeriveDeny(in.Deny, in.AccessConfig),
		DynamicAccess:   dyn,
		Switches:        DeriveSwitches(in.AccessConfig),
		Admin:           in.Admin,
		TimeTreated:     in.TimeTreated,
		ManagerRequests: in.ManagerRequests,
		External:        in.External,
	}
}

// RolePasses is the role check of spec §6: it passes when no roles are required, or the
// required list is empty and the user has none, or any role matches.
func RolePasses(required, user []string) bool {
	if required == nil {
		return true
	}
	if len(required) == 0 {
		return len(user) == 0
	}
	for _, r := range required {
		if slices.Contains(user, r) {
			return true
		}
	}
	return false
}

// Visible is the visibility rule of spec §6: the role check passes (against the user's
// audiences); the access id, when there is one, is purchased; the id is not denied; the
// optional extra review passes.
func Visible(a Access, p Permissions) bool {
	if !RolePasses(a.Roles, p.Audiences) {
		return false
	}
	if a.AccessID != "" && !slices.Contains(p.Purchased, a.AccessID) {
		return false
	}
	if a.ID != "" && slices.Contains(p.Deny, a.ID) {
		return false
	}
	return Review(a.Review, p)
}

// Review runs a named extra review. Unknown names fail, so a typo hides rather than shows.
func Review(name string, p Permissions) bool {
	switch {
	case name == "":
		return true
	case name == ReviewAdmin:
		return p.Admin
	case name == ReviewTimeTreatment:
		return p.TimeTreated
	case name == ReviewNotManagerRequests:
		return !p.ManagerRequests
	case name == ReviewLocalPassword:
		return !p.External
	case strings.HasPrefix(name, ReviewDynamicPrefix):
		return p.DynamicAccess[strings.TrimPrefix(name, ReviewDynamicPrefix)] == 1
	case strings.HasPrefix(name, ReviewSwitchPrefix):
		return p.Switches[strings.TrimPrefix(name, ReviewSwitchPrefix)] == 1
	case strings.HasPrefix(name, ReviewNotRolePrefix):
		return !slices.Contains(p.Roles, strings.TrimPrefix(name, ReviewNotRolePrefix))
	}
	return false
}

// list is an ordered set of ids.
type list struct {
	items []string
	seen  map[string]bool
}

func newList(ids ...string) *list {
	l := &list{items: []string{}, seen: map[string]bool{}}
	l.add(ids...)
	return l
}

func (l *list) add(ids ...string) {
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id != "" && !l.seen[id] {
			l.seen[id] = true
			l.items = append(l.items, id)
		}
	}
}

func (l *list) has(id string) bool { return l.seen[id] }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// SplitList reads a comma list (purchased, deny, shortcuts): trimmed, empty entries dropped.
func SplitList(s string) []string { return splitList(s) }

// The timesheet's routes (readapi/timesheet; menu rh_002_03 and portal-core §2
// /apps/rh/timeSheet/gridReport): no rh_002_03 denial (HR reads everyone's months whether or
// not their own time is treated, so the caller's own time-clock module is not required). The month
// is any employee's (the handler scopes it: own with visualiza_espelho on, a manager's
// direct reports, HR everyone); the grid and HR's closing are managers' and HR's.
var (
	TimesheetAccess     = Access{ID: "rh_002_03", Roles: []string{GroupEmployee}}
	TimesheetGridAccess = Access{ID: "rh_002_03", Roles: []string{GroupManagerOrAdmin}}
)

// PayrollAccess gates the payroll documents (readapi/payroll; menu rh_002_01 demonstrativos
// and rh_002_02 informe, both colRHAll with pwa-rh-folha): every employee, inactive ones
// included, of a tenant that bought the payroll module. What each may read is the handler's.
var PayrollAccess = Access{Roles: []string{"colRHAll"}, AccessID: "pwa-rh-folha"}
