// Package settings is the tenant's configuration as its administrators change it (spec
// portal-business §2 "Tenant administration panels", §7 authManagement/getConfig and
// updateConfig, §9 limits). A configuration is a set of keys (password policy and links, home
// page, mail server, feature toggles, time-clock app, e-mail templates), each a set of fields
// with their limits. Every change is an event on the tenant's settings stream naming who
// changed which field from what to what; secrets are never in it, only that they changed.
package settings

import (
	"encoding/json"
	"fmt"
	"html"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"portal/domain"
	"portal/domain/timesheet"
)

// TypeChanged is the event of a change of one key's fields.
const TypeChanged = "settings.changed.v1"

// Keys of the configuration (the spec names STARPAR-C-TENANT; the others are this product's).
const (
	KeyTenant    = "STARPAR-C-TENANT"     // password policy and links (id_100: 101, 110, 130, 140)
	KeyHome      = "home_page"            // id_300
	KeyMail      = "rh_email"             // the mail server
	KeyAccess    = "access_id"            // feature toggles and request switches
	KeyClockApp  = "time_clock_app"       // register_offline, face_id, id_400
	KeyTemplates = "email_templates"      // block 1500
	KeyTheme     = "portal_default_theme" // the default personal theme (colour schemes)
	KeyPayroll   = "payroll_publish"      // the payslip publish window
)

// The fields of KeyPayroll.
const (
	PayslipPublishDay = "payslip_publish_day" // day of the month after the competence; 0 = at once
	PayslipDaysAhead  = "payslip_days_ahead"  // days before that day
)

// Message keys of the settings calls (the web app translates them, pt/en/es).
const (
	KeyInvalidURL   = "url_invalida"
	KeyInvalidEmail = "email_invalido"
	KeyInvalidSMTP  = "configuracao_smtp_invalida" // spec §8: "invalid SMTP configuration"
	KeyNotPurchased = "recurso_nao_contratado"
)

// Kind is how a field's value is written and checked.
type Kind int

// Kinds of fields.
const (
	Text   Kind = iota // a string of at most Max characters
	URL                // empty, or an absolute http(s) URL of at most Max characters
	Email              // empty, or one address
	Digits             // a whole number of at most Max digits (the spec's masks)
	Switch             // 0 or 1
	Choice             // one of Choices
	Secret             // a string of at most Max characters that never leaves the server
	HTML               // markup of at most Max characters; whitespace between tags is removed
	JSON               // a JSON object of at most Max bytes (the default theme)
)

// Field is one setting.
type Field struct {
	Name    string
	Kind    Kind
	Max     int      // characters (Text, URL, Email, Secret, HTML), digits (Digits), bytes (JSON)
	Choices []string // Choice
	// Default is the value of a field never set (a string, or an int for Digits and Switch).
	Default any
	// Purchase, when set, is the purchased id that shows the field (spec: "only purchased
	// features are shown"); a field not purchased cannot be changed either.
	Purchase string
	Group    string // the panel's section (id_101, requests, widgets, ...)
}

// Key is one configuration key and its fields, in the panel's order.
type Key struct {
	Name   string
	Fields []Field
	// Overrides: a value set, even the default, overrides another source (the feature
	// toggles override each user's own switches; the public terminal switch, the product's
	// default), so setting a field never set is a change.
	Overrides bool
	// Check, when set, refuses a combination of the key's values (after the change) that
	// each field's own limits let through.
	Check func(values map[string]any) error
}

// Field returns the named field.
func (k Key) Field(name string) (Field, bool) {
	i := slices.IndexFunc(k.Fields, func(f Field) bool { return f.Name == name })
	if i < 0 {
		return Field{}, false
	}
	return k.Fields[i], true
}

// MailFields are the five fields a validation e-mail tests (spec §5: all five are required).
var MailFields = []string{"urlSmtpServer", "eMailPort", "protocoloSmtpServer", "eMailLogonUser", "eMailLogonPsw"}

// Templates are the five e-mail templates of block 1500: their code and field prefix.
var Templates = []struct{ Code, Prefix string }{
	{"1510", "newlogin"}, {"1520", "invite"}, {"1530", "pub_ombudsman"},
	{"1540", "pri_ombudsman"}, {"1550", "verification_code"},
}

// TemplateVariables are the variables each template part may use (spec §3).
var TemplateVariables = map[string][]string{
	"newlogin_subject":          {"username", "name"},
	"newlogin_body":             {"username", "name", "####", "accesscode", "portal"},
	"invite_subject":            {"username", "name"},
	"invite_body":               {"username", "name", "accesscode", "portal"},
	"pub_ombudsman_subject":     {"username", "name", "department"},
	"pub_ombudsman_body":        {"username", "name", "department", "message"},
	"pri_ombudsman_subject":     {},
	"pri_ombudsman_body":        {"message"},
	"verification_code_subject": {},
	"verification_code_body":    {"code", "name"},
}

// Catalogue is every key. Text fields hold at most 255 characters and multi-line ones 50,000
// (spec §5 "Input defaults"); the home greeting and message 255; subjects 255; the SMTP port
// 25 and its password 100 (§9).
var Catalogue = []Key{
	{Name: KeyTenant, Fields: append([]Field{
		{Name: "TenPasswordExpiration", Kind: Digits, Max: 4, Default: 0, Group: "id_101"},
		{Name: "TenLimitPasswordReuse", Kind: Digits, Max: 1, Default: 0, Group: "id_101"},
	}, append(fields("id_110", URL, 2000, "TenUrl"), append(fields("id_110", Text, 255, "TenTitle"),
		append(fields("id_110", URL, 2000, "TenSpotify", "TenYouTube", "TenFacebook", "TenLinkedin", "TenPortalUrl", "TenTsPlus"),
			append(fields("id_130", URL, 2000, "Logo2Pdft01"),
				append(fields("id_140", URL, 2000, "AssUrl"), fields("id_140", Text, 255, "AssTitle")...)...)...)...)...)...)},
	{Name: KeyHome, Fields: []Field{
		{Name: "home_page_greeting", Kind: Text, Max: 255, Default: "", Group: "id_300"},
		{Name: "home_page_title", Kind: Text, Max: 50000, Default: "", Group: "id_300"},
		{Name: "home_page_message", Kind: Text, Max: 255, Default: "", Group: "id_300"},
		{Name: "home_page_bgimage", Kind: URL, Max: 2000, Default: "", Group: "id_300"},
	}},
	{Name: KeyMail, Fields: []Field{
		{Name: "urlSmtpServer", Kind: Text, Max: 255, Default: "", Group: "smtp"},
		{Name: "eMailPort", Kind: Text, Max: 25, Default: "0", Group: "smtp"},
		{Name: "protocoloSmtpServer", Kind: Choice, Choices: []string{"", "none", "SSL", "TLS"}, Default: "", Group: "smtp"},
		{Name: "eMailLogonUser", Kind: Text, Max: 255, Default: "", Group: "smtp"},
		{Name: "eMailLogonPsw", Kind: Secret, Max: 100, Default: "", Group: "smtp"},
		{Name: "emailToReply", Kind: Email, Max: 255, Default: "", Group: "smtp"},
		{Name: "emailAWSFrom", Kind: Email, Max: 255, Default: "", Group: "hidden"},
	}},
	{Name: KeyAccess, Fields: accessFields(), Overrides: true},
	// Set even to its default, an option of the time-clock app overrides the product's own
	// behaviour (a terminal never switched off keeps working).
	{Name: KeyClockApp, Overrides: true, Fields: []Field{
		{Name: "register_offline", Kind: Switch, Default: 0, Group: "app"},
		{Name: "face_id", Kind: Switch, Default: 0, Purchase: "pwa-face-id", Group: "app"},
		{Name: "public_terminal", Kind: Switch, Default: 1, Group: "id_400"}, // on until switched off
		{Name: "public_accesscode", Kind: Text, Max: 50, Default: "", Group: "id_400"},
	}},
	{Name: KeyTemplates, Fields: templateFields()},
	{Name: KeyTheme, Fields: []Field{{Name: "theme", Kind: JSON, Max: 20000, Default: "", Group: "theme"}}},
	timesheetRule(),
	// The payslip publish window (portal-core §9; commands/payroll PublishWindow): a batch of
	// month M shows from day payslip_publish_day of M+1 less payslip_days_ahead days; day 0
	// (the default) publishes at once.
	{Name: KeyPayroll, Fields: []Field{
		{Name: PayslipPublishDay, Kind: Digits, Max: 2, Default: 0, Group: "payroll"},
		{Name: PayslipDaysAhead, Kind: Digits, Max: 2, Default: 0, Group: "payroll"},
	}},
}

// timesheetRule is the tenant's timesheet rule (domain/timesheet.Rule): the law's figures by
// default, a rule the law does not allow refused as a whole.
func timesheetRule() Key {
	d := timesheet.DefaultRule()
	return Key{Name: timesheet.KeyRule, Fields: []Field{
		{Name: timesheet.FieldMarkTolerance, Kind: Digits, Max: 2, Default: d.MarkTolerance, Group: "tolerance"},
		{Name: timesheet.FieldDayTolerance, Kind: Digits, Max: 2, Default: d.DayTolerance, Group: "tolerance"},
		{Name: timesheet.FieldOvertimeWork, Kind: Digits, Max: 3, Default: d.OvertimeWorkday, Group: "premiums"},
		{Name: timesheet.FieldOvertimeRest, Kind: Digits, Max: 3, Default: d.OvertimeRest, Group: "premiums"},
		{Name: timesheet.FieldNightPremium, Kind: Digits, Max: 3, Default: d.NightPremium, Group: "premiums"},
		{Name: timesheet.FieldBank, Kind: Choice, Choices: []string{timesheet.BankOff, timesheet.BankIndividual, timesheet.BankCollective},
			Default: d.Bank, Group: "bank"},
		{Name: timesheet.FieldBankMonths, Kind: Digits, Max: 2, Default: d.BankMonths, Group: "bank"},
	}, Check: func(values map[string]any) error { return timesheet.RuleValues(values).Check() }}
}

func fields(group string, kind Kind, max int, names ...string) []Field {
	out := make([]Field, len(names))
	for i, n := range names {
		out[i] = Field{Name: n, Kind: kind, Max: max, Default: "", Group: group}
	}
	return out
}

// AbilityDefaults are the request and sign switches with their defaults (assina_ponto and
// assina_holerite default to 1, spec §5).
var AbilityDefaults = map[string]int{
	"solicita_ferias": 0, "solicita_abono_ferias": 0, "solicita_13_ferias": 0,
	"solicita_ajuste_ponto": 0, "solicita_abono_ponto": 0, "altera_localizacao": 0,
	"visualiza_espelho": 0, "assina_ponto": 1, "assina_holerite": 1,
}

// accessFields are the feature toggles of spec §2: the request and sign switches, the
// dashboard widgets (each shown when purchased), the rh_* features (shown with the HR
// modules: rh_007_* with the time clock) and the tools_* ones (the base tools, always).
func accessFields() []Field {
	var out []Field
	for _, n := range []string{"solicita_ferias", "solicita_abono_ferias", "solicita_13_ferias", "solicita_ajuste_ponto",
		"solicita_abono_ponto", "altera_localizacao", "visualiza_espelho", "assina_ponto", "assina_holerite"} {
		out = append(out, Field{Name: n, Kind: Switch, Default: AbilityDefaults[n], Group: "requests"})
	}
	for _, w := range []string{"widgetendtrialper", "widgetreturnleave", "widgetclosedpay", "widgetclosedtimesheet",
		"widgetclosedvac", "widgetclosedtermcontr", "widgetclosed13salary1", "widgetclosed13salary2", "widgetoblsefip",
		"widgetoblirpf", "widgetoblesocial", "widgetexpiredexams", "widgetleaveinss"} {
		out = append(out, Field{Name: w, Kind: Switch, Default: 0, Purchase: w, Group: "widgets"})
	}
	rh := func(prefix string, n int, purchase string) {
		for i := 1; i <= n; i++ {
			out = append(out, Field{Name: fmt.Sprintf("%s_%02d", prefix, i), Kind: Switch, Default: 0, Purchase: purchase, Group: "rh"})
		}
	}
	rh("rh_001", 5, "pwa-rh-folha")
	out = append(out, Field{Name: "rh_001_12", Kind: Digits, Max: 1, Default: 0, Purchase: "pwa-rh-folha", Group: "rh"})
	rh("rh_002", 8, "pwa-rh-folha")
	for i := 1; i <= 8; i++ {
		out = append(out, Field{Name: fmt.Sprintf("rh_002_%02d_adm", i), Kind: Switch, Default: 0, Purchase: "pwa-rh-folha", Group: "rh"})
	}
	out = append(out, Field{Name: "rh_002_17", Kind: Switch, Default: 0, Purchase: "pwa-rh-folha", Group: "rh"},
		Field{Name: "rh_002_18", Kind: Switch, Default: 0, Purchase: "pwa-rh-folha", Group: "rh"})
	rh("rh_003", 3, "pwa-rh-folha")
	rh("rh_004", 4, "pwa-rh-folha")
	rh("rh_005", 6, "pwa-rh-folha")
	out = append(out, Field{Name: "rh_007_001", Kind: Switch, Default: 0, Purchase: "rh_007_001", Group: "rh"},
		Field{Name: "rh_gen_01", Kind: Switch, Default: 0, Group: "rh"})
	for i := 1; i <= 14; i++ {
		for _, v := range []string{"a", "b", "c"} {
			out = append(out, Field{Name: fmt.Sprintf("tools_%03d%s", i, v), Kind: Switch, Default: 0, Group: "tools"})
		}
	}
	for i := 50; i <= 52; i++ {
		out = append(out, Field{Name: fmt.Sprintf("tools_%03d", i), Kind: Switch, Default: 0, Group: "tools"})
	}
	for i := 1; i <= 3; i++ {
		out = append(out, Field{Name: fmt.Sprintf("tools_007_%03d", i), Kind: Switch, Default: 0, Group: "tools"})
	}
	return out
}

func templateFields() []Field {
	var out []Field
	for _, t := range Templates {
		out = append(out, Field{Name: t.Prefix + "_subject", Kind: Text, Max: 255, Default: "", Group: t.Code},
			Field{Name: t.Prefix + "_body", Kind: HTML, Max: 50000, Default: "", Group: t.Code})
	}
	return out
}

// Bought is the purchased check of Decide for a purchased list.
func Bought(purchased []string) func(string) bool {
	set := make(map[string]bool, len(purchased))
	for _, id := range purchased {
		set[id] = true
	}
	return func(id string) bool { return set[id] }
}

// Lookup returns the named key.
func Lookup(name string) (Key, bool) {
	i := slices.IndexFunc(Catalogue, func(k Key) bool { return k.Name == name })
	if i < 0 {
		return Key{}, false
	}
	return Catalogue[i], true
}

// Change is one field's change. A secret's values are never recorded: Secret is true and
// Old and New are empty; Set says whether it now holds a value.
type Change struct {
	Field  string `json:"field"`
	Old    any    `json:"old,omitempty"`
	New    any    `json:"new,omitempty"`
	Secret bool   `json:"secret,omitempty"`
	Set    bool   `json:"set,omitempty"`
}

// Changed is the data of TypeChanged: a key's changed fields.
type Changed struct {
	Key     string   `json:"key"`
	Changes []Change `json:"changes"`
}

// State is a tenant's configuration: the values of the fields ever set, by key. Secrets are
// not in it (their values live outside the log), only whether they are set.
type State struct {
	Values  map[string]map[string]any
	Secrets map[string]bool // "key/field" → set
}

// NewState is an empty configuration.
func NewState() *State {
	return &State{Values: map[string]map[string]any{}, Secrets: map[string]bool{}}
}

// Apply folds one change into the state.
func (s *State) Apply(c Changed) {
	k, _ := Lookup(c.Key)
	vals := s.Values[c.Key]
	if vals == nil {
		vals = map[string]any{}
		s.Values[c.Key] = vals
	}
	for _, ch := range c.Changes {
		if ch.Secret {
			s.Secrets[c.Key+"/"+ch.Field] = ch.Set
			continue
		}
		f, _ := k.Field(ch.Field)
		vals[ch.Field] = normal(f, ch.New)
	}
}

// Value is a field's value: the one set, else its default.
func (s *State) Value(key string, f Field) any {
	if v, ok := s.Values[key][f.Name]; ok {
		return v
	}
	return f.Default
}

// normal turns a decoded JSON value back into the field's type (numbers decode as float64).
func normal(f Field, v any) any {
	switch f.Kind {
	case Digits, Switch:
		switch n := v.(type) {
		case float64:
			return int(n)
		case int:
			return n
		}
		return 0
	}
	if v == nil {
		return ""
	}
	return v
}

// Input is a proposed change of a key: field → value as the browser sent it. A secret field
// absent keeps the stored secret; "" clears it.
type Input map[string]json.RawMessage

// Decide checks every field of in against its limits and returns the change of the fields
// whose value differs from state (no event when nothing changed). purchased says whether a
// purchased id is bought. Secrets are returned apart, for the caller to store outside the
// log. A refusal names the first bad field and changes nothing.
func Decide(state *State, key string, in Input, purchased func(string) bool) (Changed, map[string]string, error) {
	k, ok := Lookup(key)
	if !ok {
		return Changed{}, nil, domain.InvalidField("key", domain.KeyInvalid)
	}
	for n := range in {
		if _, ok := k.Field(n); !ok {
			return Changed{}, nil, domain.InvalidField(n, domain.KeyInvalid)
		}
	}
	out := Changed{Key: key}
	secrets := map[string]string{}
	for _, f := range k.Fields { // the catalogue's order, so an event reads like the panel
		raw, ok := in[f.Name]
		if !ok {
			continue
		}
		v, err := parse(f, raw)
		if err != nil {
			return Changed{}, nil, err
		}
		if f.Purchase != "" && !purchased(f.Purchase) && v != state.Value(key, f) {
			return Changed{}, nil, domain.Refusal(f.Name, KeyNotPurchased)
		}
		if f.Kind == Secret {
			s := v.(string)
			was := state.Secrets[key+"/"+f.Name]
			if s == "" && !was {
				continue
			}
			secrets[f.Name] = s
			out.Changes = append(out.Changes, Change{Field: f.Name, Secret: true, Set: s != ""})
			continue
		}
		_, set := state.Values[key][f.Name]
		if old := state.Value(key, f); old != v || (k.Overrides && !set) {
			out.Changes = append(out.Changes, Change{Field: f.Name, Old: old, New: v})
		}
	}
	if k.Check != nil {
		values := map[string]any{}
		for _, f := range k.Fields {
			values[f.Name] = state.Value(key, f)
		}
		for _, ch := range out.Changes {
			values[ch.Field] = ch.New
		}
		if err := k.Check(values); err != nil {
			return Changed{}, nil, err
		}
	}
	return out, secrets, nil
}

// TouchesMail tells whether a change of the mail server changes one of the five fields a
// validation e-mail tests: such a save needs a validation of the new values first.
func TouchesMail(c Changed) bool {
	return c.Key == KeyMail && slices.ContainsFunc(c.Changes, func(ch Change) bool {
		return slices.Contains(MailFields, ch.Field)
	})
}

// Mail is a tenant's mail server as the senders use it.
type Mail struct {
	Host, Port, Security, User, Password, ReplyTo string
}

// Configured tells whether the tenant has its own server (else the product's is used).
func (m Mail) Configured() bool { return m.Host != "" }

// MailOf reads the mail server out of a state and its stored password.
func MailOf(s *State, password string) Mail {
	k, _ := Lookup(KeyMail)
	str := func(name string) string {
		f, _ := k.Field(name)
		v, _ := s.Value(KeyMail, f).(string)
		return v
	}
	return Mail{Host: str("urlSmtpServer"), Port: str("eMailPort"), Security: str("protocoloSmtpServer"),
		User: str("eMailLogonUser"), Password: password, ReplyTo: str("emailToReply")}
}

var betweenTags = regexp.MustCompile(`>\s+<`)

// parse reads and checks one field's value.
func parse(f Field, raw json.RawMessage) (any, error) {
	bad := domain.InvalidField(f.Name, domain.KeyInvalid)
	switch f.Kind {
	case Digits, Switch:
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			var s string // the masks send digits as text
			if json.Unmarshal(raw, &s) != nil {
				return nil, bad
			}
			if s = strings.TrimSpace(s); s == "" {
				s = "0"
			}
			n = json.Number(s)
		}
		i, err := strconv.Atoi(string(n))
		if err != nil || i < 0 {
			return nil, bad
		}
		if f.Kind == Switch && i > 1 || f.Kind == Digits && len(strconv.Itoa(i)) > f.Max {
			return nil, bad
		}
		return i, nil
	case JSON:
		if string(raw) == `""` || string(raw) == "null" {
			return "", nil
		}
		var obj map[string]any
		if json.Unmarshal(raw, &obj) != nil {
			var s string
			if json.Unmarshal(raw, &s) != nil || json.Unmarshal([]byte(s), &obj) != nil {
				return nil, bad
			}
		}
		b, _ := json.Marshal(obj)
		if len(b) > f.Max {
			return nil, domain.InvalidField(f.Name, domain.KeyTooLong)
		}
		return string(b), nil
	}
	var s string
	if json.Unmarshal(raw, &s) != nil || !utf8.ValidString(s) {
		return nil, bad
	}
	if f.Kind != Secret && f.Kind != HTML {
		s = strings.TrimSpace(s)
	}
	if f.Kind == HTML {
		s = strings.TrimSpace(betweenTags.ReplaceAllString(s, "><"))
	}
	if utf8.RuneCountInString(s) > f.Max && f.Max > 0 {
		return nil, domain.InvalidField(f.Name, domain.KeyTooLong)
	}
	switch f.Kind {
	case URL:
		if s != "" && !sitePath(s) {
			u, err := url.Parse(s)
			if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
				return nil, domain.InvalidField(f.Name, KeyInvalidURL)
			}
		}
	case Email:
		if s != "" {
			a, err := mail.ParseAddress(s)
			if err != nil || a.Address != s {
				return nil, domain.InvalidField(f.Name, KeyInvalidEmail)
			}
		}
	case Choice:
		if !slices.Contains(f.Choices, s) {
			return nil, bad
		}
	case Text, Secret, HTML:
		if strings.ContainsRune(s, 0) {
			return nil, bad
		}
	}
	return s, nil
}

// Render puts vars into a template's {var} placeholders (the new-login body's "####" is
// a variable too). In an HTML part the values are escaped, so a name cannot add markup.
func Render(text string, vars map[string]string, htmlPart bool) string {
	pairs := make([]string, 0, 2*len(vars))
	for k, v := range vars {
		if htmlPart {
			v = html.EscapeString(v)
		}
		if k == "####" {
			pairs = append(pairs, k, v)
			continue
		}
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(text)
}

// sitePath tells whether s is a path on the portal's own site ("/images/banner.svg"): a demo
// or a tenant served on any host names its own files so. "//" (another host), a backslash
// (which browsers read as "/") and blanks or quotes are not paths.
func sitePath(s string) bool {
	return strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && !strings.ContainsAny(s, "\\ \t\n\"'()")
}
