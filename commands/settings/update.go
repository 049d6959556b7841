package settings

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands"
	"portal/domain"
	"portal/domain/settings"
	"portal/eventstore"
	"portal/platform/safehtml"
)

// Update is an administrator's change of one configuration key (spec portal-business
// §7 authManagement/updateConfig). Tenant and user come from the verified token; Purchased
// is the administrator's purchased list (a feature not bought cannot be switched).
type Update struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	Key       string
	Input     settings.Input
	Purchased []string
}

// Transactor begins transactions on the database as its owner (the pool).
type Transactor interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// InlineProjection is a read model applied in the command's own transaction (the settings
// projection): the change and its effect commit together.
type InlineProjection interface {
	Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error
}

// Handler changes and reads a tenant's configuration.
type Handler struct {
	db   Transactor
	read InlineProjection
	now  func() time.Time
}

// New needs the database, the settings projection and the server clock.
func New(db Transactor, read InlineProjection, now func() time.Time) (*Handler, error) {
	if db == nil || read == nil || now == nil {
		return nil, errors.New("commands.NewSettingsHandler: nil dependency")
	}
	return &Handler{db: db, read: read, now: now}, nil
}

// Handle validates the change, appends it when a field changed (one event naming every
// changed field, old → new, secrets redacted), stores the secrets and applies the settings
// projection, all in one transaction. Saving the mail server needs a validation e-mail sent
// through the new values first (ValidateMail), unless every field is cleared.
func (h *Handler) Handle(ctx context.Context, cmd Update) (res settings.Changed, err error) {
	defer commands.Wrap(&err, "Update(%s)", cmd.Key)
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" {
		return res, errors.New("tenant, user and command id are required")
	}
	stream := settings.Stream(cmd.Tenant)
	err = pgx.BeginFunc(ctx, h.db, func(tx pgx.Tx) error {
		state, version, err := loadSettings(ctx, tx, cmd.Tenant)
		if err != nil {
			return err
		}
		changed, secrets, err := settings.Decide(state, cmd.Key, cleanHTML(cmd.Key, cmd.Input), settings.Bought(cmd.Purchased))
		if err != nil || len(changed.Changes) == 0 {
			res = changed
			return err
		}
		if settings.TouchesMail(changed) {
			if err := checkMailValidated(ctx, tx, cmd.Tenant, state, changed, secrets); err != nil {
				return err
			}
		}
		data, err := json.Marshal(changed)
		if err != nil {
			return err
		}
		meta := commands.MetaOf(cmd.Tenant, cmd.UserID, stream, cmd.CommandID)
		id := commands.EventID(cmd.Tenant, stream, cmd.CommandID, 0)
		ar, err := eventstore.AppendInTx(ctx, tx, meta, stream, commands.ExpectedAt(version),
			eventstore.EventData{ID: id, Type: settings.TypeChanged, SchemaVersion: 1, Data: data})
		if err != nil {
			return err
		}
		for field, value := range secrets {
			if err := storeSecret(ctx, tx, cmd.Tenant, cmd.Key, field, value); err != nil {
				return err
			}
		}
		res = changed
		return h.read.Apply(ctx, tx, []eventstore.RecordedEvent{{ID: id, Stream: stream, Version: ar.NextVersion,
			Cursor: ar.Last, Type: settings.TypeChanged, SchemaVersion: 1, Tenant: cmd.Tenant, Actor: meta.Actor,
			CorrelationID: meta.CorrelationID, CausationID: meta.CausationID, CommandID: cmd.CommandID,
			RecordedAt: h.now().UTC(), Data: data}})
	})
	if errors.Is(err, eventstore.ErrConcurrency) {
		// Two administrators saved at once: the later one saves again on what the first wrote.
		return settings.Changed{}, &domain.Error{Kind: domain.Conflict, Field: "key", Key: "conflito_concorrente"}
	}
	return res, err
}

// Settings is a tenant's configuration as the senders and the panels read it.
type Settings struct {
	State   *settings.State
	Secrets map[string]string  // "key/field" → value
	Changed map[string]Changed // key → its last change
}

// Changed says when and by whom (a user id) a key last changed.
type Changed struct {
	At time.Time
	By string
}

// Read reads a tenant's configuration from the settings read model (tenant_settings, which
// the projection keeps in the command's own transaction) and its stored secrets, in one
// transaction and without the write lock: the write path alone folds the stream.
func (h *Handler) Read(ctx context.Context, tenant uuid.UUID) (Settings, error) {
	out := Settings{State: settings.NewState(), Secrets: map[string]string{}, Changed: map[string]Changed{}}
	err := pgx.BeginFunc(ctx, h.db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT key, "values", updated_at, updated_by FROM tenant_settings WHERE tenant_id = $1`, tenant)
		if err != nil {
			return err
		}
		var key string
		var values map[string]any
		var ch Changed
		if _, err := pgx.ForEachRow(rows, []any{&key, &values, &ch.At, &ch.By}, func() error {
			c := settings.Changed{Key: key}
			for f, v := range values {
				c.Changes = append(c.Changes, settings.Change{Field: f, New: v})
			}
			out.State.Apply(c) // normalizes each value to its field's type
			out.Changed[key] = ch
			values = nil // decoding JSON into a map merges: each row gets its own
			return nil
		}); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT key, field, value FROM tenant_secrets WHERE tenant_id = $1`, tenant)
		if err != nil {
			return err
		}
		var field, value string
		_, err = pgx.ForEachRow(rows, []any{&key, &field, &value}, func() error {
			out.Secrets[key+"/"+field] = value
			out.State.Secrets[key+"/"+field] = true
			return nil
		})
		return err
	})
	return out, err
}

// cleanHTML sanitizes the markup fields of an input (the e-mail template bodies), so a
// <script>, an event handler or a javascript: link is never stored. A value that is not a
// string is left for Decide to refuse.
func cleanHTML(key string, in settings.Input) settings.Input {
	k, _ := settings.Lookup(key)
	out := make(settings.Input, len(in))
	for name, raw := range in {
		out[name] = raw
		f, ok := k.Field(name)
		var s string
		if !ok || f.Kind != settings.HTML || json.Unmarshal(raw, &s) != nil {
			continue
		}
		if b, err := json.Marshal(safehtml.Template(s)); err == nil {
			out[name] = b
		}
	}
	return out
}

// MailValidated records that a validation e-mail went through a mail server (its five
// fields), so the next save of these values is accepted.
func (h *Handler) MailValidated(ctx context.Context, tenant uuid.UUID, m settings.Mail) error {
	return pgx.BeginFunc(ctx, h.db, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO smtp_validations (tenant_id, fingerprint, validated_at) VALUES ($1, $2, $3)
ON CONFLICT (tenant_id, fingerprint) DO UPDATE SET validated_at = excluded.validated_at`, tenant, mailFingerprint(m), h.now().UTC())
		return err
	})
}

// loadSettings folds the tenant's settings stream. A lock per stream, taken first, queues
// two administrators' saves so the second decides on the first's result.
func loadSettings(ctx context.Context, tx pgx.Tx, tenant uuid.UUID) (*settings.State, int64, error) {
	stream := settings.Stream(tenant)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, tenant.String()+"/"+stream); err != nil {
		return nil, 0, err
	}
	rows, err := tx.Query(ctx, `SELECT version, data FROM events WHERE tenant_id = $1 AND stream = $2 ORDER BY version`, tenant, stream)
	if err != nil {
		return nil, 0, err
	}
	state, version := settings.NewState(), int64(-1)
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&version, &data}, func() error {
		var c settings.Changed
		if err := json.Unmarshal(data, &c); err != nil {
			return fmt.Errorf("%s version %d: %w", stream, version, err)
		}
		state.Apply(c)
		return nil
	})
	return state, version, err
}

// checkMailValidated refuses a mail server whose new values never sent a validation e-mail
// ("configuracao_smtp_invalida"). Clearing every field needs none, and forgets the
// validations.
func checkMailValidated(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, state *settings.State, c settings.Changed, secrets map[string]string) error {
	after := settings.NewState()
	after.Values[settings.KeyMail] = map[string]any{}
	for f, v := range state.Values[settings.KeyMail] {
		after.Values[settings.KeyMail][f] = v
	}
	after.Apply(c)
	password, ok := secrets["eMailLogonPsw"]
	if !ok {
		if err := tx.QueryRow(ctx, `SELECT coalesce((SELECT value FROM tenant_secrets WHERE tenant_id = $1 AND key = $2 AND field = 'eMailLogonPsw'), '')`,
			tenant, settings.KeyMail).Scan(&password); err != nil {
			return err
		}
	}
	m := settings.MailOf(after, password)
	if m.Host == "" && m.User == "" && m.Password == "" && (m.Port == "" || m.Port == "0") && m.Security == "" {
		_, err := tx.Exec(ctx, `DELETE FROM smtp_validations WHERE tenant_id = $1`, tenant)
		return err
	}
	var validated bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM smtp_validations WHERE tenant_id = $1 AND fingerprint = $2)`,
		tenant, mailFingerprint(m)).Scan(&validated); err != nil {
		return err
	}
	if !validated {
		return domain.Refusal("urlSmtpServer", settings.KeyInvalidSMTP)
	}
	return nil
}

func storeSecret(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, key, field, value string) error {
	if value == "" {
		_, err := tx.Exec(ctx, `DELETE FROM tenant_secrets WHERE tenant_id = $1 AND key = $2 AND field = $3`, tenant, key, field)
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO tenant_secrets (tenant_id, key, field, value) VALUES ($1, $2, $3, $4)
ON CONFLICT (tenant_id, key, field) DO UPDATE SET value = excluded.value`, tenant, key, field, value)
	return err
}

// mailFingerprint is the SHA-256 of a mail server's five validated fields.
func mailFingerprint(m settings.Mail) []byte {
	sum := sha256.Sum256([]byte(strings.Join([]string{m.Host, m.Port, m.Security, m.User, m.Password}, "\x00")))
	return sum[:]
}
