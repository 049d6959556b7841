package settings_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"portal/domain/settings"
	"portal/readapi/home"
	settingsapi "portal/readapi/settings"
)

// The banner the demo seed wrote straight into home_settings (never through the home key)
// keeps its title, message and background image when an administrator saves only the
// greeting (issue 29: "saving only the greeting wipes the banner").
func TestSettingsGreetingAloneKeepsTheBanner(t *testing.T) {
	e := newSettingsEnv(t)
	emp, _, hr, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	e.Exec(t, []any{hr.Tenant}, `INSERT INTO home_settings (tenant_id, greeting, title, message, bg_image)
VALUES ($1, 'Olá', 'Bem-vindo ao portal', 'Boa semana', 'https://img.example/banner.jpg')`)
	e.update(t, hr, settings.KeyHome, map[string]any{"home_page_greeting": "Bom dia, {name}"}).DecodeOK(t, &settingsapi.ConfigView{})
	var banner home.Config
	e.Call(t, emp, "GET", "/api/gen/HomePage/config", map[string]string{"userHash": ""}, "", nil).DecodeOK(t, &banner)
	if banner.Greeting != "Bom dia, {name}" || banner.Title != "Bem-vindo ao portal" || banner.Message != "Boa semana" ||
		banner.BgImage != "https://img.example/banner.jpg" {
		t.Fatalf("the banner after a greeting-only save: %+v", banner)
	}
	// Clearing a field is naming it: the message alone goes.
	e.update(t, hr, settings.KeyHome, map[string]any{"home_page_message": "Até logo"}).DecodeOK(t, &settingsapi.ConfigView{})
	e.update(t, hr, settings.KeyHome, map[string]any{"home_page_message": ""}).DecodeOK(t, &settingsapi.ConfigView{})
	e.Call(t, emp, "GET", "/api/gen/HomePage/config", map[string]string{"userHash": ""}, "", nil).DecodeOK(t, &banner)
	if banner.Message != "" || banner.Title != "Bem-vindo ao portal" || banner.BgImage != "https://img.example/banner.jpg" ||
		banner.Greeting != "Bom dia, {name}" {
		t.Fatalf("the banner after clearing the message: %+v", banner)
	}
}

// sample is a valid value of a field, different for each round.
func sample(f settings.Field, round int) any {
	switch f.Kind {
	case settings.URL:
		return fmt.Sprintf("https://example.test/%s/%d", f.Name, round)
	case settings.Email:
		return fmt.Sprintf("r%d.%s@acme.test", round, f.Name)
	case settings.Digits:
		return 1 + round%4 // within every rule's limits (the timesheet's tolerance of a mark is at most 5)
	case settings.Switch:
		return 1 // the catalogue's switches saved here are off by default
	case settings.Choice:
		return f.Choices[1+round%(len(f.Choices)-1)]
	case settings.HTML:
		return fmt.Sprintf("<p>%s %d</p>", f.Name, round)
	case settings.JSON:
		return fmt.Sprintf(`{"primary":"#%06d"}`, round)
	}
	return fmt.Sprintf("%s %d", f.Name, round)
}

// Every key: a save naming one field changes that field only; every other field keeps its
// value, in the key's view and in the older homes (tenants, home_settings), including values
// those homes got from elsewhere.
func TestSettingsPartialSaveOfEveryKeyKeepsWhatItDidNotName(t *testing.T) {
	e := newSettingsEnv(t)
	emp, _, hr, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	ctx := context.Background()
	// Values the older homes hold from outside the settings keys (as the seed writes them).
	e.Exec(t, []any{hr.Tenant}, `UPDATE tenants SET password_expiration_days = 45, password_reuse_limit = 2,
    urls = urls || '{"youTube": "https://youtube.example/acme"}', settings = settings || '{"defaultTheme": {"primary": "#111111"}}'
WHERE id = $1`)
	e.Exec(t, []any{hr.Tenant}, `INSERT INTO home_settings (tenant_id, greeting, title, message, bg_image)
VALUES ($1, 'g', 'Título do seed', 'm', 'https://img.example/seed.jpg')`)
	olderHomes := func() string {
		var s string
		if err := e.DB.Pool.QueryRow(ctx, `SELECT row_to_json(x)::text FROM (SELECT t.password_expiration_days, t.password_reuse_limit,
    t.urls, t.settings->'defaultTheme' AS theme, h.greeting, h.title, h.message, h.bg_image
FROM tenants t LEFT JOIN home_settings h ON h.tenant_id = t.id WHERE t.id = $1) x`, hr.Tenant).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, k := range settings.Catalogue {
		var names []string // the fields a save may name without a purchase or a mail validation
		for _, f := range k.Fields {
			if f.Purchase == "" && f.Kind != settings.Secret && !slices.Contains(settings.MailFields, f.Name) {
				names = append(names, f.Name)
			}
		}
		if len(names) == 0 {
			t.Fatalf("%s: no field to save", k.Name)
		}
		for round, one := range []string{names[0], names[len(names)-1]} {
			f, _ := k.Field(one)
			before := e.config(t, hr, k.Name).Values
			homes := olderHomes()
			var after settingsapi.ConfigView
			e.update(t, hr, k.Name, map[string]any{one: sample(f, 7+round)}).DecodeOK(t, &after)
			for name, was := range before {
				now := after.Values[name]
				if name == one {
					if reflect.DeepEqual(now, was) {
						t.Fatalf("%s: %s did not change (%v)", k.Name, name, now)
					}
					continue
				}
				if !reflect.DeepEqual(now, was) {
					t.Fatalf("%s: saving %s alone changed %s from %v to %v", k.Name, one, name, was, now)
				}
			}
			if got := olderHomes(); !sameExcept(t, homes, got, k.Name, one) {
				t.Fatalf("%s: saving %s alone changed the older homes\nbefore %s\nafter  %s", k.Name, one, homes, got)
			}
		}
	}
	var banner home.Config
	e.Call(t, emp, "GET", "/api/gen/HomePage/config", map[string]string{"userHash": ""}, "", nil).DecodeOK(t, &banner)
	if banner.Title != "Título do seed" || banner.Message != "m" {
		t.Fatalf("the banner lost what no save named: %+v", banner)
	}
}

// sameExcept tells whether two snapshots of the older homes differ at most in the column
// the saved field is copied to.
func sameExcept(t *testing.T, before, after, key, field string) bool {
	t.Helper()
	column := map[string]string{"TenPasswordExpiration": "password_expiration_days", "TenLimitPasswordReuse": "password_reuse_limit",
		"home_page_greeting": "greeting", "home_page_title": "title", "home_page_message": "message", "home_page_bgimage": "bg_image",
		"theme": "theme"}
	url := map[string]string{"TenUrl": "url", "TenTitle": "title", "TenSpotify": "spotify", "TenYouTube": "youTube",
		"TenFacebook": "facebook", "TenLinkedin": "linkedin"}
	var b, a map[string]any
	if json.Unmarshal([]byte(before), &b) != nil || json.Unmarshal([]byte(after), &a) != nil {
		t.Fatalf("snapshots %s / %s", before, after)
	}
	delete(b, column[field])
	delete(a, column[field])
	if u, ok := url[field]; ok {
		delete(b["urls"].(map[string]any), u)
		delete(a["urls"].(map[string]any), u)
	}
	return reflect.DeepEqual(a, b)
}
