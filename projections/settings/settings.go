package settings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"portal/domain/settings"
	"portal/eventstore"
	"portal/projections"
	"portal/push"
)

// Settings projects settings.changed.v1 into tenant_settings (migrations/00145) and into the
// older homes of three keys: the password policy and links into tenants (password_*, read
// by the sign-in rules; urls, the footer's links), the default personal theme into
// tenants.settings.defaultTheme (the web app's fallback theme) and the home page into
// home_settings (the banner reads it). The settings command
// applies it inline, in the transaction that appends the event, so a change takes effect with
// the command's answer; Replay rebuilds it like any projection. Settings change a few times a
// day, so Apply writes event by event.
//
// Every change tells the tenant's browsers (topic "settings.changed", data {key}): the home
// banner reads its configuration again.
type Settings struct{}

var _ projections.Selective = Settings{}

// SettingsTopic is the push topic of a settings change (docs/api.md "Live push").
const SettingsTopic = "settings.changed"

// Name implements Projection.
func (Settings) Name() string { return "settings" }

// Areas implements Selective.
func (Settings) Areas() []string { return []string{"settings."} }

// Tables implements Tabled.
func (Settings) Tables() []string { return []string{"tenant_settings"} }

// Reset implements Projection. The older homes keep their values until the rebuild writes
// them again.
func (Settings) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Settings{}.Tables())
}

// Apply implements Projection.
func (Settings) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	for _, e := range events {
		if e.Type != settings.TypeChanged {
			continue
		}
		var c settings.Changed
		if err := json.Unmarshal(e.Data, &c); err != nil {
			return fmt.Errorf("settings event %d: %w", e.Position(), err)
		}
		values := map[string]any{}
		for _, ch := range c.Changes {
			if !ch.Secret {
				values[ch.Field] = ch.New
			}
		}
		data, err := json.Marshal(values)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
INSERT INTO tenant_settings (tenant_id, key, "values", version, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (tenant_id, key) DO UPDATE SET "values" = tenant_settings."values" || excluded."values",
    version = excluded.version, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
			e.Tenant, c.Key, data, e.Version, e.RecordedAt, e.Actor); err != nil {
			return err
		}
		if err := applyOlderHomes(ctx, tx, e, c.Key); err != nil {
			return err
		}
		if !push.Muted(ctx) {
			if err := push.Publish(ctx, tx, push.Message{Tenant: e.Tenant, Topic: SettingsTopic,
				Data: map[string]string{"key": c.Key}, Event: e.Cursor}); err != nil {
				return err
			}
		}
	}
	return nil
}

// applyOlderHomes copies the password policy and the home page to the tables their readers
// have always read.
func applyOlderHomes(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, key string) error {
	var err error
	switch key {
	case settings.KeyTenant:
		_, err = tx.Exec(ctx, `
UPDATE tenants t SET password_expiration_days = coalesce((v->>'TenPasswordExpiration')::int, 0),
    password_reuse_limit = coalesce((v->>'TenLimitPasswordReuse')::int, 0),
    urls = t.urls || jsonb_strip_nulls(jsonb_build_object('url', v->'TenUrl', 'title', v->'TenTitle',
        'spotify', v->'TenSpotify', 'youTube', v->'TenYouTube', 'facebook', v->'TenFacebook', 'linkedin', v->'TenLinkedin'))
FROM (SELECT "values" AS v FROM tenant_settings WHERE tenant_id = $1 AND key = $2) s WHERE t.id = $1`, e.Tenant, key)
	case settings.KeyTheme: // the default personal theme, read with the tenant's settings
		_, err = tx.Exec(ctx, `
UPDATE tenants t SET settings = CASE WHEN coalesce(v->>'theme', '') = '' THEN t.settings - 'defaultTheme'
    ELSE t.settings || jsonb_build_object('defaultTheme', (v->>'theme')::jsonb) END
FROM (SELECT "values" AS v FROM tenant_settings WHERE tenant_id = $1 AND key = $2) s WHERE t.id = $1`, e.Tenant, key)
	case settings.KeyHome:
		_, err = tx.Exec(ctx, `
INSERT INTO home_settings (tenant_id, greeting, title, message, bg_image)
SELECT $1, coalesce(v->>'home_page_greeting', ''), coalesce(v->>'home_page_title', ''),
       coalesce(v->>'home_page_message', ''), coalesce(v->>'home_page_bgimage', '')
FROM (SELECT "values" AS v FROM tenant_settings WHERE tenant_id = $1 AND key = $2) s
ON CONFLICT (tenant_id) DO UPDATE SET greeting = excluded.greeting, title = excluded.title,
    message = excluded.message, bg_image = excluded.bg_image`, e.Tenant, key)
	}
	return err
}

// HomeSettings is the tenant's home page (spec portal-business §3 id_300) as the banner reads
// it. Empty texts mean "the translated default" (spec §2: "Defaults come from translation
// keys"); a null opacity is the web app's default.
type HomeSettings struct {
	Greeting   string   `json:"home_page_greeting"`
	Title      string   `json:"home_page_title"`
	Message    string   `json:"home_page_message"`
	BgImage    string   `json:"home_page_bgimage"`
	TextColor  string   `json:"home_page_textcolor"`
	BgColor    string   `json:"home_page_bgcolor"`
	BoxColor   string   `json:"home_page_boxcolor"`
	BoxOpacity *float64 `json:"home_page_boxopacity"`
	HideName   bool     `json:"hideName"`
}

// Home reads the tenant's home page (tx a tenant transaction); a tenant without one gets
// every default.
func (Settings) Home(ctx context.Context, tx pgx.Tx) (HomeSettings, error) {
	var h HomeSettings
	err := tx.QueryRow(ctx, `
SELECT greeting, title, message, bg_image, text_color, bg_color, box_color, box_opacity::float8, hide_name
FROM home_settings WHERE tenant_id = app_tenant()`).Scan(&h.Greeting, &h.Title, &h.Message, &h.BgImage,
		&h.TextColor, &h.BgColor, &h.BoxColor, &h.BoxOpacity, &h.HideName)
	if errors.Is(err, pgx.ErrNoRows) {
		return HomeSettings{}, nil
	}
	return h, err
}
