package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain"
	"portal/domain/identity"
	"portal/eventstore"
)

// PreferencesChangedType is the audit event of a change to a user's shortcuts, language or
// layout settings, appended to the user's identity-<userId> stream.
const PreferencesChangedType = "identity.preferences_changed.v1"

// Preference names: the field of PreferencesChanged that changed.
const (
	PrefShortcuts = "shortcuts"
	PrefLanguage  = "languageId"
	PrefSettings  = "settings"
)

// Limits of the preferences.
const (
	MaxShortcuts     = 30
	MaxSettingsBytes = 2048
)

// Languages are the languages of the product (spec §9).
var Languages = []string{"pt", "en", "es"}

// PreferencesChanged is the data of identity.preferences_changed.v1: which preference
// changed, its new value and when.
type PreferencesChanged struct {
	UserID     uuid.UUID       `json:"userId"`
	UserHash   string          `json:"userHash"`
	Field      string          `json:"field"`
	Shortcuts  *string         `json:"shortcuts,omitempty"`
	LanguageID *string         `json:"languageId,omitempty"`
	Settings   json.RawMessage `json:"settings,omitempty"`
	ChangedAt  string          `json:"changedAt"` // UTC RFC 3339
}

// IdentityStream is the stream of a user's identity events.
func IdentityStream(user uuid.UUID) string { return identity.Stream(user) }

// NormalizeShortcuts checks a comma list of menu ids against the menu the user sees: every
// id must name a visible item or link (not a group or divider); repeats are dropped, order
// kept. Field "shortcuts", keys valor_invalido and limite_atalhos.
func NormalizeShortcuts(raw string, menu []MenuItem, p Permissions) (string, error) {
	visible := FilterMenu(menu, p)
	out := []string{}
	for _, id := range SplitList(raw) {
		if slices.Contains(out, id) {
			continue
		}
		it, ok := FindMenuItem(visible, id)
		if !ok || (it.Type != MenuItemType && it.Type != MenuLink) {
			return "", domain.InvalidField(PrefShortcuts, domain.KeyInvalid)
		}
		out = append(out, id)
	}
	if len(out) > MaxShortcuts {
		return "", domain.InvalidField(PrefShortcuts, "limite_atalhos")
	}
	return strings.Join(out, ","), nil
}

// NormalizeLanguage checks a language id (pt, en, es). Field "languageId".
func NormalizeLanguage(raw string) (string, error) {
	l := strings.ToLower(strings.TrimSpace(raw))
	if !slices.Contains(Languages, l) {
		return "", domain.InvalidField(PrefLanguage, domain.KeyInvalid)
	}
	return l, nil
}

// Settings are the user's layout and theme settings (spec §1, §2, §3 "settings (theme main,
// navbar, toolbar, footer)"). Every field is optional; absent ones follow the tenant.
type Settings struct {
	Layout      string         `json:"layout,omitempty"`      // layout1 (vertical), layout2, layout3 (horizontal)
	NavbarStyle string         `json:"navbarStyle,omitempty"` // style-1, style-2, style-3, style-3-dense
	Navbar      *bool          `json:"navbar,omitempty"`      // show the navigation
	Toolbar     *bool          `json:"toolbar,omitempty"`     // show the toolbar
	Footer      *bool          `json:"footer,omitempty"`      // show the footer
	ColorScheme string         `json:"colorScheme,omitempty"` // light, dark
	Theme       *SettingsTheme `json:"theme,omitempty"`
	// Palette is the personal palette's primary colour (#rrggbb); its type is ColorScheme.
	Palette string `json:"palette,omitempty"`
}

// SettingsTheme names the theme of each area.
type SettingsTheme struct {
	Main    string `json:"main,omitempty"`
	Navbar  string `json:"navbar,omitempty"`
	Toolbar string `json:"toolbar,omitempty"`
	Footer  string `json:"footer,omitempty"`
}

// Layouts and navbar styles of the page chrome (spec §1, §2).
var (
	Layouts      = []string{"layout1", "layout2", "layout3"}
	NavbarStyles = []string{"style-1", "style-2", "style-3", "style-3-dense"}
	ColorSchemes = []string{"light", "dark"}
	themeName    = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)
	hexColor     = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
)

// NormalizeSettings checks the settings' shape and size and returns their canonical JSON:
// at most MaxSettingsBytes, no unknown fields, known layout, style and scheme names, theme
// names of letters, digits, '-' and '_', a personal palette readable on its backgrounds
// (PaletteContrast at least MinTextContrast). Field "settings", key valor_invalido,
// configuracao_muito_grande or contraste_insuficiente.
func NormalizeSettings(raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) > MaxSettingsBytes {
		return nil, domain.InvalidField(PrefSettings, "configuracao_muito_grande")
	}
	invalid := domain.InvalidField(PrefSettings, domain.KeyInvalid)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var s Settings
	if len(bytes.TrimSpace(raw)) == 0 || bytes.TrimSpace(raw)[0] != '{' || dec.Decode(&s) != nil || dec.More() {
		return nil, invalid
	}
	oneOf := func(v string, allowed []string) bool { return v == "" || slices.Contains(allowed, v) }
	if !oneOf(s.Layout, Layouts) || !oneOf(s.NavbarStyle, NavbarStyles) || !oneOf(s.ColorScheme, ColorSchemes) ||
		(s.Palette != "" && !hexColor.MatchString(s.Palette)) {
		return nil, invalid
	}
	// A palette whose primary colour cannot be read on its own backgrounds is refused (issue 37).
	if s.Palette != "" && PaletteContrast(s.Palette, s.ColorScheme) < MinTextContrast {
		return nil, domain.InvalidField(PrefSettings, KeyLowContrast)
	}
	if t := s.Theme; t != nil {
		for _, n := range []string{t.Main, t.Navbar, t.Toolbar, t.Footer} {
			if n != "" && !themeName.MatchString(n) {
				return nil, invalid
			}
		}
	}
	out, err := json.Marshal(s)
	if err != nil {
		return nil, invalid
	}
	return out, nil
}

// Preferences stores the user's preferences in the users table and appends the audit event
// in the same transaction, so a change is never stored without its history or the other way
// round.
type Preferences struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

// NewPreferences refuses a nil pool; now defaults to time.Now.
func NewPreferences(pool *pgxpool.Pool, now func() time.Time) (*Preferences, error) {
	if pool == nil {
		return nil, errors.New("auth.NewPreferences: nil pool")
	}
	if now == nil {
		now = time.Now
	}
	return &Preferences{pool: pool, now: now}, nil
}

var prefColumns = map[string]string{PrefShortcuts: "shortcuts", PrefLanguage: "language", PrefSettings: "settings"}

// Save stores one normalized preference of the claims' user: value is a string for
// shortcuts and languageId, canonical JSON for settings. Saving the value already stored
// changes nothing and appends nothing; it answers changed=false.
func (p *Preferences) Save(ctx context.Context, c Claims, field string, value any) (changed bool, err error) {
	col, ok := prefColumns[field]
	if !ok {
		return false, fmt.Errorf("preferences: unknown field %q", field)
	}
	ev := PreferencesChanged{UserID: c.UserID, UserHash: c.UserHash, Field: field, ChangedAt: p.now().UTC().Format(time.RFC3339Nano)}
	var arg any
	switch v := value.(type) {
	case string:
		arg = v
		if field == PrefShortcuts {
			ev.Shortcuts = &v
		} else {
			ev.LanguageID = &v
		}
	case json.RawMessage:
		arg = string(v)
		ev.Settings = v
	default:
		return false, fmt.Errorf("preferences: value of %s is %T", field, value)
	}
	data, err := json.Marshal(ev)
	if err != nil {
		return false, err
	}
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		// The user row is changed as portal_app under the tenant's row-level security; the
		// event store's table belongs to the server role, so the role is reset before the
		// append, still in the same transaction.
		if _, err := tx.Exec(ctx, "SET LOCAL ROLE portal_app"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "SELECT set_config('app.tenant_id', $1, true)", c.Tenant.String()); err != nil {
			return err
		}
		cast := ""
		if field == PrefSettings {
			cast = "::jsonb"
		}
		tag, err := tx.Exec(ctx, `UPDATE users SET `+col+` = $3`+cast+`
			WHERE tenant_id = $1 AND id = $2 AND `+col+` IS DISTINCT FROM $3`+cast, c.Tenant, c.UserID, arg)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			var exists bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM users WHERE tenant_id = $1 AND id = $2)`, c.Tenant, c.UserID).Scan(&exists); err != nil {
				return err
			}
			if !exists {
				return ErrUserNotFound
			}
			return nil
		}
		changed = true
		if _, err := tx.Exec(ctx, "RESET ROLE"); err != nil {
			return err
		}
		meta := eventstore.Meta{Tenant: c.Tenant, Actor: c.UserID.String(), CorrelationID: uuid.New(), CommandID: "preferences/" + field + "/" + uuid.NewString()}
		return eventstore.AppendTx(ctx, tx, meta, IdentityStream(c.UserID), eventstore.Any,
			eventstore.EventData{ID: eventstore.NewID(), Type: PreferencesChangedType, SchemaVersion: 1, Data: data})
	})
	if err != nil {
		return false, fmt.Errorf("save %s: %w", field, err)
	}
	return changed, nil
}
