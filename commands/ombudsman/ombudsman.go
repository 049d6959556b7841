// Package ombudsman holds the commands of the ombudsman channel and the contact form
// (domain/ombudsman; docs/ombudsman.md): filing a report, moving it through its queue,
// answering it (mail with the tenant's template 1530 or 1540 and an inbox notice to the
// reporter when known), and sending a contact message to HR by mail.
package ombudsman

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	"portal/commands"
	"portal/domain"
	"portal/domain/notification"
	"portal/domain/ombudsman"
	"portal/domain/settings"
	"portal/eventstore"
	"portal/platform/safehtml"
)

// Refusal keys of the mail paths.
const (
	KeyNoRecipient = "contato_sem_destinatario" // the tenant has no contact address
	KeyMailFailed  = "email_nao_enviado"        // the mail server refused or is unreachable
)

// Handler runs the ombudsman and contact commands.
type Handler struct {
	commands.LogHandler
	Pool *pgxpool.Pool
	// Mail is the tenant's own mail server and templates (readapi/settings); nil: none.
	Mail auth.TenantMail
	// Fallback is the product's mailer (SMTP_ADDR) when the tenant has no server of its own.
	Fallback auth.Mailer
}

// New needs the pool (protocol numbers, the users' addresses), the store and the clock.
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*Handler, error) {
	h, err := commands.NewLogHandler("ombudsman.New", store, now)
	return &Handler{LogHandler: h, Pool: pool}, err
}

// Caller is who gives a command: the tenant and user of the verified token.
type Caller struct {
	Tenant    uuid.UUID
	UserID    uuid.UUID
	UserHash  string
	CommandID string
}

func (c Caller) check() error {
	if c.Tenant == uuid.Nil || c.UserID == uuid.Nil || c.CommandID == "" {
		return errors.New("ombudsman: tenant, user and command id are required")
	}
	return nil
}

var codec = commands.Codec[ombudsman.Event]{Decode: Decode, Encode: Encode}

// Filing is a report to file.
type Filing struct {
	Category, Subject, Text, Visibility string
}

// Filed is what the reporter is told once: the protocol and the secret follow-up code.
type Filed struct {
	ID       uuid.UUID
	Protocol string
	Code     string // empty when a retried command answers a report filed before
}

// HashCode is how a follow-up code is kept and looked up: its SHA-256, upper-cased first.
// The code carries 60 random bits, so the hash cannot be reversed by trying codes.
func HashCode(code string) string {
	sum := sha256.Sum256([]byte(strings.ToUpper(strings.TrimSpace(code))))
	return hex.EncodeToString(sum[:])
}

// newCode is a follow-up code: 12 characters of an alphabet without look-alikes.
func newCode() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// nextProtocol takes the tenant's next number of year (gaps are allowed: a number taken by
// a filing refused later is not reused).
func (h *Handler) nextProtocol(ctx context.Context, tenant uuid.UUID, year int) (string, error) {
	var n int64
	err := h.Pool.QueryRow(ctx, `
INSERT INTO ombudsman_protocols (tenant_id, year, last) VALUES ($1, $2, 1)
ON CONFLICT (tenant_id, year) DO UPDATE SET last = ombudsman_protocols.last + 1
RETURNING last`, tenant, year).Scan(&n)
	return fmt.Sprintf("OUV-%d-%06d", year, n), err
}

// File files a report. A public report is recorded with the reporter as the actor; a private
// or anonymous one with a neutral actor (uuid.Nil), so the log's metadata names nobody.
func (h *Handler) File(ctx context.Context, c Caller, f Filing) (out Filed, err error) {
	defer commands.Wrap(&err, "ombudsman.File(%s)", c.CommandID)
	if err := c.check(); err != nil {
		return out, err
	}
	id := commands.DeriveID(c.Tenant, "ombudsman", c.CommandID, "report")
	event := ombudsman.Filed{ID: id.String(), Category: f.Category, Subject: f.Subject, Text: f.Text, Visibility: f.Visibility, Reporter: c.UserID.String()}
	// The input is checked before a protocol number is taken.
	if _, err := (&ombudsman.Report{}).File(event); err != nil {
		return out, err
	}
	now := h.Now().UTC()
	if event.Protocol, err = h.nextProtocol(ctx, c.Tenant, now.Year()); err != nil {
		return out, err
	}
	code := newCode()
	event.CodeHash = HashCode(code)
	actor := c.UserID
	if f.Visibility != ombudsman.Public {
		actor = uuid.Nil
	}
	events, err := commands.DecideOnStream(ctx, h.Store, h.Now, commands.StreamCommand{Tenant: c.Tenant, Actor: actor, Stream: ombudsman.Stream(id.String()), CommandID: c.CommandID},
		codec, false, func() *ombudsman.Report { return &ombudsman.Report{} }, func(r *ombudsman.Report, at time.Time) ([]ombudsman.Event, error) {
			event.At = at
			return r.File(event)
		})
	if err != nil {
		return out, err
	}
	filed, ok := commands.FirstOf[ombudsman.Filed](events)
	if !ok {
		return out, commands.IdempotencyConflict()
	}
	out = Filed{ID: id, Protocol: filed.Protocol}
	if filed.CodeHash == event.CodeHash {
		out.Code = code
	}
	return out, nil
}

func (h *Handler) decide(ctx context.Context, c Caller, id uuid.UUID, decide func(*ombudsman.Report, time.Time) ([]ombudsman.Event, error)) (*ombudsman.Report, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	var state *ombudsman.Report
	_, err := commands.DecideOnStream(ctx, h.Store, h.Now, commands.StreamCommand{Tenant: c.Tenant, Actor: c.UserID, Stream: ombudsman.Stream(id.String()), CommandID: c.CommandID},
		codec, false, func() *ombudsman.Report { return &ombudsman.Report{} }, func(r *ombudsman.Report, at time.Time) ([]ombudsman.Event, error) {
			state = r
			return decide(r, at)
		})
	return state, err
}

// Move puts a report in analysis or closes it.
func (h *Handler) Move(ctx context.Context, c Caller, id uuid.UUID, status string) (err error) {
	defer commands.Wrap(&err, "ombudsman.Move(%s)", c.CommandID)
	_, err = h.decide(ctx, c, id, func(r *ombudsman.Report, at time.Time) ([]ombudsman.Event, error) {
		return r.Move(ombudsman.StatusChanged{ID: id.String(), Status: status, Actor: c.UserID.String(), At: at})
	})
	return err
}

// Answered says what answering reached: the reporter's mail and inbox (false for an
// anonymous report, or when the reporter has no address or the mail failed).
type Answered struct {
	Mailed, Notified bool
}

// Answer records the answer, then tells the reporter when known: a mail with the tenant's
// template 1530 (public) or 1540 (private), and an inbox notice. The answer stands even when
// the mail fails (it is in the log and on the follow-up page); the outcome says so.
func (h *Handler) Answer(ctx context.Context, c Caller, id uuid.UUID, text string) (out Answered, err error) {
	defer commands.Wrap(&err, "ombudsman.Answer(%s)", c.CommandID)
	var answer string
	r, err := h.decide(ctx, c, id, func(r *ombudsman.Report, at time.Time) ([]ombudsman.Event, error) {
		ev, err := r.Answer(ombudsman.AnswerGiven{ID: id.String(), Answer: text, Actor: c.UserID.String(), At: at})
		if len(ev) == 1 {
			answer = ev[0].(ombudsman.AnswerGiven).Answer
		}
		return ev, err
	})
	if err != nil || r == nil || r.Filing.Reporter == "" || answer == "" {
		return out, err
	}
	reporter, _ := uuid.Parse(r.Filing.Reporter)
	var u struct{ email, name, userName, hash, lang string }
	err = h.Pool.QueryRow(ctx, `SELECT email, display_name, user_name, hash, language FROM users WHERE tenant_id = $1 AND id = $2`,
		c.Tenant, reporter).Scan(&u.email, &u.name, &u.userName, &u.hash, &u.lang)
	if errors.Is(err, pgx.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	if u.email != "" {
		out.Mailed = h.mailAnswer(ctx, c.Tenant, r.Filing, answer, u.email, map[string]string{
			"username": u.userName, "name": u.name, "department": "", "message": answer})
	}
	// The inbox notice, through the parent's inbox decision as commands/notification does;
	// the ombudsman permission the route checked is what entitles it to another user.
	nerr := commands.Notify(ctx, h.Store, h.Now, commands.Notice{CommandID: c.CommandID + ":notice", Tenant: c.Tenant,
		Sender: c.UserID, To: reporter, ToHash: u.hash, Content: notification.Content{Message: notice(u.lang, r.Filing),
			Options: notification.Options{From: "Ouvidoria", Link: "/ouvidoria/acompanhar"}}})
	if nerr != nil {
		slog.WarnContext(ctx, "ombudsman: inbox notice not created", "err", nerr)
	}
	out.Notified = nerr == nil
	return out, nil
}

// notice is the inbox text in the reporter's language. A private report's notice names no
// protocol: the reporter's inbox stream is readable in the audit area.
func notice(lang string, f ombudsman.Filed) string {
	private := f.Visibility != ombudsman.Public
	switch {
	case strings.HasPrefix(lang, "en") && private:
		return "The ombudsman answered one of your reports. Follow it up with your protocol and code."
	case strings.HasPrefix(lang, "en"):
		return "The ombudsman answered your report " + f.Protocol + "."
	case strings.HasPrefix(lang, "es") && private:
		return "La ouvidoria respondió uno de sus relatos. Consúltelo con su protocolo y código."
	case strings.HasPrefix(lang, "es"):
		return "La ouvidoria respondió su relato " + f.Protocol + "."
	case private:
		return "A ouvidoria respondeu um dos seus relatos. Acompanhe com seu protocolo e código."
	}
	return "A ouvidoria respondeu seu relato " + f.Protocol + "."
}

// mailFor is the tenant's mailer (its own server, else the product's; nil when neither),
// its templates and its contact address (emailToReply of its mail settings).
func (h *Handler) mailFor(ctx context.Context, tenant uuid.UUID) (auth.Mailer, map[string]string, string, error) {
	if h.Mail == nil {
		return h.Fallback, nil, "", nil
	}
	own, templates, err := h.Mail.TenantMail(ctx, tenant)
	if err != nil {
		return nil, nil, "", err
	}
	if s, ok := own.(*auth.SMTPMailer); ok && s != nil {
		return own, templates, s.ReplyTo, nil
	}
	return h.Fallback, templates, "", nil
}

// mailAnswer sends the answer with template 1530 (pub_ombudsman) for a public report and
// 1540 (pri_ombudsman) for a private one; a tenant without the template gets the default
// text. It says whether the mail went.
func (h *Handler) mailAnswer(ctx context.Context, tenant uuid.UUID, f ombudsman.Filed, answer, to string, vars map[string]string) bool {
	mailer, templates, _, err := h.mailFor(ctx, tenant)
	if err != nil || mailer == nil {
		slog.WarnContext(ctx, "ombudsman: no mailer for the answer", "err", err)
		return false
	}
	prefix := "pub_ombudsman"
	if f.Visibility == ombudsman.Private {
		prefix = "pri_ombudsman"
		vars = map[string]string{"message": answer} // template 1540 names nobody (spec §3)
	}
	subject, body := templates[prefix+"_subject"], templates[prefix+"_body"]
	if subject == "" || body == "" {
		subject, body = "Ouvidoria "+f.Protocol, "<p>{message}</p>"
	}
	m := auth.Mail{To: to, Subject: settings.Render(subject, vars, false), Body: safehtml.Template(settings.Render(body, vars, true)), HTML: true}
	if err := mailer.Send(ctx, m); err != nil {
		slog.WarnContext(ctx, "ombudsman: answer mail not sent", "err", err)
		return false
	}
	return true
}

// Contact is a contact message.
type Contact struct {
	Subject, Message string
}

// SendContact mails a contact message to the tenant's contact address (emailToReply of its
// mail settings), else to its active HR admins with an address; the event, appended once the
// mail went, keeps the subject and not the body (docs/ombudsman.md).
func (h *Handler) SendContact(ctx context.Context, c Caller, m Contact) (id uuid.UUID, err error) {
	defer commands.Wrap(&err, "ombudsman.SendContact(%s)", c.CommandID)
	if err := c.check(); err != nil {
		return id, err
	}
	id = commands.DeriveID(c.Tenant, "contact", c.CommandID, "message")
	ev := ombudsman.ContactSent{ID: id.String(), Subject: m.Subject, Actor: c.UserID.String()}
	if _, err := (&ombudsman.Contact{}).Send(ev, m.Message); err != nil {
		return id, err
	}
	subject, message := strings.TrimSpace(m.Subject), strings.TrimSpace(m.Message)
	mailer, _, contact, err := h.mailFor(ctx, c.Tenant)
	if err != nil {
		return id, err
	}
	var to []string
	if contact != "" {
		to = []string{contact}
	} else {
		rows, err := h.Pool.Query(ctx, `SELECT email FROM users WHERE tenant_id = $1 AND active AND email <> '' AND $2 = ANY(roles) ORDER BY email`, c.Tenant, auth.RoleHRAdmin)
		if err != nil {
			return id, err
		}
		if to, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return id, err
		}
	}
	if len(to) == 0 || mailer == nil {
		return id, domain.Refusal("message", KeyNoRecipient)
	}
	var from struct{ name, email string }
	if err := h.Pool.QueryRow(ctx, `SELECT display_name, email FROM users WHERE tenant_id = $1 AND id = $2`, c.Tenant, c.UserID).Scan(&from.name, &from.email); err != nil {
		return id, err
	}
	body := "De: " + from.name + " <" + from.email + ">\n\n" + message
	for _, addr := range to {
		if err := mailer.Send(ctx, auth.Mail{To: addr, Subject: "[Contato] " + subject, Body: body, ReplyTo: from.email}); err != nil {
			slog.WarnContext(ctx, "ombudsman: contact mail not sent", "err", err)
			return id, domain.Refusal("message", KeyMailFailed)
		}
	}
	ev.Recipients = len(to)
	_, err = commands.DecideOnStream(ctx, h.Store, h.Now, commands.StreamCommand{Tenant: c.Tenant, Actor: c.UserID, Stream: ombudsman.ContactStream(c.UserID.String()), CommandID: c.CommandID},
		codec, false, func() *ombudsman.Contact { return &ombudsman.Contact{} }, func(s *ombudsman.Contact, at time.Time) ([]ombudsman.Event, error) {
			ev.At = at
			return s.Send(ev, message)
		})
	return id, err
}

// Encode is the stored form of an ombudsman event: its JSON as declared in domain/ombudsman.
func Encode(id uuid.UUID, e ombudsman.Event) (eventstore.EventData, error) {
	return commands.EventData(id, e.EventType(), e)
}

// Decode maps a stored event back to the domain (the projection uses it too).
func Decode(re eventstore.RecordedEvent) (ombudsman.Event, error) {
	var (
		e   ombudsman.Event
		err error
	)
	switch re.Type {
	case ombudsman.TypeFiled:
		var v ombudsman.Filed
		err = json.Unmarshal(re.Data, &v)
		e = v
	case ombudsman.TypeStatusChanged:
		var v ombudsman.StatusChanged
		err = json.Unmarshal(re.Data, &v)
		e = v
	case ombudsman.TypeAnswered:
		var v ombudsman.AnswerGiven
		err = json.Unmarshal(re.Data, &v)
		e = v
	case ombudsman.TypeContactSent:
		var v ombudsman.ContactSent
		err = json.Unmarshal(re.Data, &v)
		e = v
	default:
		return nil, commands.UnknownType(re)
	}
	if err != nil {
		return nil, commands.BadData(re, err)
	}
	return e, nil
}
