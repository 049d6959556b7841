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
		if err := applyOlderHomes(ctx, tx, e, c.Key, data); err != nil {
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

// applyOlderHomes copies the fields a change names (values: field → new value, null for a
// cleared one) to the tables their readers have always read. Only the named fields are
// written: those tables also hold values that never went through this key (the demo seed
// writes the banner directly), and a save of the greeting alone must not blank the title,
// message and background image it did not name.
func applyOlderHomes(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent, key string, values []byte) error {
	var err error
	switch key {
	case settings.KeyTenant:
		_, err = tx.Exec(ctx, `
UPDATE tenants t SET
    password_expiration_days = CASE WHEN $2::jsonb ? 'TenPasswordExpiration'
        THEN coalesce(($2::jsonb->>'TenPasswordExpiration')::int, 0) ELSE t.password_expiration_days END,
    password_reuse_limit = CASE WHEN $2::jsonb ? 'TenLimitPasswordReuse'
        THEN coalesce(($2::jsonb->>'TenLimitPasswordReuse')::int, 0) ELSE t.password_reuse_limit END,
    urls = t.urls || coalesce((SELECT jsonb_object_agg(m.name, coalesce($2::jsonb->>m.field, ''))
        FROM (VALUES ('url', 'TenUrl'), ('title', 'TenTitle'), ('spotify', 'TenSpotify'), ('youTube', 'TenYouTube'),
                     ('facebook', 'TenFacebook'), ('linkedin', 'TenLinkedin'), ('portalUrl', 'TenPortalUrl'),
                     ('tsPlus', 'TenTsPlus'), ('logo2Pdft01', 'Logo2Pdft01')) m(name, field)
        WHERE $2::jsonb ? m.field), '{}'::jsonb)
WHERE t.id = $1`, e.Tenant, values)
	case settings.KeyTheme: // the default personal theme, read with the tenant's settings
		_, err = tx.Exec(ctx, `
UPDATE tenants t SET settings = CASE WHEN NOT $2::jsonb ? 'theme' THEN t.settings
    WHEN coalesce($2::jsonb->>'theme', '') = '' THEN t.settings - 'defaultTheme'
    ELSE t.settings || jsonb_build_object('defaultTheme', ($2::jsonb->>'theme')::jsonb) END
WHERE t.id = $1`, e.Tenant, values)
	case settings.KeyHome:
		_, err = tx.Exec(ctx, `
INSERT INTO home_settings (tenant_id, greeting, title, message, bg_image)
VALUES ($1, coalesce($2::jsonb->>'home_page_greeting', ''), coalesce($2::jsonb->>'home_page_title', ''),
        coalesce($2::jsonb->>'home_page_message', ''), coalesce($2::jsonb->>'home_page_bgimage', ''))
ON CONFLICT (tenant_id) DO UPDATE SET
    greeting = CASE WHEN $2::jsonb ? 'home_page_greeting' THEN excluded.greeting ELSE home_settings.greeting END,
    title = CASE WHEN $2::jsonb ? 'home_page_title' THEN excluded.title ELSE home_settings.title END,
    message = CASE WHEN $2::jsonb ? 'home_page_message' THEN excluded.message ELSE home_settings.message END,
    bg_image = CASE WHEN $2::jsonb ? 'home_page_bgimage' THEN excluded.bg_image ELSE home_settings.bg_image END`,
			e.Tenant, values)
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

// Assistance is the toolbar's assistance link (spec portal-core §3 "Toolbar assistance
// link", portal-business §2 id_140).
type Assistance struct {
	Title string `json:"AssTitle"`
	URL   string `json:"AssUrl"`
}

// Assistance reads the tenant's assistance link (tx a tenant transaction); empty when the
// tenant has none.
func (Settings) Assistance(ctx context.Context, tx pgx.Tx) (Assistance, error) {
	var a Assistance
	err := tx.QueryRow(ctx, `SELECT coalesce("values"->>'AssTitle', ''), coalesce("values"->>'AssUrl', '')
FROM tenant_settings WHERE tenant_id = app_tenant() AND key = $1`, settings.KeyTenant).Scan(&a.Title, &a.URL)
	if errors.Is(err, pgx.ErrNoRows) {
		return Assistance{}, nil
	}
	return a, err
}
