package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"os"
	"strings"
	"time"

	"github.com/google/uuid"

	"portal/domain/settings"
	"portal/platform/safehtml"
	"portal/platform/telemetry"
)

// Environment of the mailer (see MailerFromEnv).
const (
	SMTPAddrEnv = "SMTP_ADDR" // host:port of the SMTP server; empty: codes are logged, not sent
	SMTPFromEnv = "SMTP_FROM" // sender address; default DefaultMailFrom
)

// DefaultMailFrom is the sender when SMTP_FROM is not set.
const DefaultMailFrom = "no-reply@portal.local"

// Mail is one message: plain text, or HTML (a tenant's e-mail template).
type Mail struct {
	To      string
	Subject string
	Body    string
	HTML    bool
	ReplyTo string
}

// Mailer sends mail. The consumer (the forgot-password flow) owns this small interface.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// MailerFromEnv returns an SMTPMailer for SMTP_ADDR and SMTP_FROM, or nil when SMTP_ADDR is
// empty (development: the forgot-password codes are then logged at warn level).
func MailerFromEnv() Mailer {
	addr := strings.TrimSpace(os.Getenv(SMTPAddrEnv))
	if addr == "" {
		return nil
	}
	from := strings.TrimSpace(os.Getenv(SMTPFromEnv))
	if from == "" {
		from = DefaultMailFrom
	}
	return &SMTPMailer{Addr: addr, From: from}
}

// TenantMail is a tenant's own mail settings (its administration panels): its mail server,
// nil when it has none (the product's then sends), and its e-mail templates by field
// (verification_code_subject, ...).
type TenantMail interface {
	TenantMail(ctx context.Context, tenant uuid.UUID) (Mailer, map[string]string, error)
}

// SetTenantMail makes the mails of a tenant go through its own server and templates.
func (s *Service) SetTenantMail(t TenantMail) { s.tenantMail = t }

// mailFor is the mailer of a tenant's mails (its own server, else the product's; nil when
// neither) and the tenant's templates.
func (s *Service) mailFor(ctx context.Context, tenant uuid.UUID) (Mailer, map[string]string, error) {
	if s.tenantMail == nil {
		return s.mailer, nil, nil
	}
	own, templates, err := s.tenantMail.TenantMail(ctx, tenant)
	if err != nil || own == nil {
		return s.mailer, templates, err
	}
	return own, templates, nil
}

// templated is the mail of the tenant's template with this prefix (verification_code,
// newlogin), when both its subject and body are set; values are escaped in the HTML body.
func templated(templates map[string]string, prefix, to string, vars map[string]string) (Mail, bool) {
	subject, body := templates[prefix+"_subject"], templates[prefix+"_body"]
	if subject == "" || body == "" {
		return Mail{}, false
	}
	// Cleaned again as it goes out: a template stored before the cleaning on save, or written
	// around the settings command, carries no script either.
	return Mail{To: to, Subject: settings.Render(subject, vars, false), Body: safehtml.Template(settings.Render(body, vars, true)), HTML: true}, true
}

// SMTPMailer delivers through an SMTP server: STARTTLS when the server offers it (required
// with Security "TLS"), TLS from the first byte with Security "SSL", and PLAIN
// authentication when User is set (net/smtp refuses it on an unencrypted link except to
// localhost). A tenant's own server (its mail settings) is one; SMTP_ADDR is the product's.
type SMTPMailer struct {
	Addr     string // host:port
	From     string
	Security string // "", "none", "SSL" or "TLS"
	User     string
	Password string
	ReplyTo  string
	Timeout  time.Duration // whole delivery; default 30 s
}

// Send implements Mailer; every delivery is counted by outcome and the ones under way are
// the mail queue's depth (portal_mail_sent_total, portal_mail_in_flight).
func (m *SMTPMailer) Send(ctx context.Context, msg Mail) (err error) {
	telemetry.MailInFlight.Inc()
	defer func() {
		telemetry.MailInFlight.Dec()
		outcome := "ok"
		if err != nil {
			outcome = "error"
		}
		telemetry.MailSent.WithLabelValues(outcome).Inc()
	}()
	timeout := m.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	from := m.From
	if from == "" {
		from = DefaultMailFrom
	}
	if msg.ReplyTo == "" {
		msg.ReplyTo = m.ReplyTo
	}
	data, err := formatMail(from, msg, time.Now())
	if err != nil {
		return err
	}
	host, _, _ := net.SplitHostPort(m.Addr)
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", m.Addr)
	if err != nil {
		return fmt.Errorf("smtp %s: %w", m.Addr, err)
	}
	if m.Security == "SSL" {
		tc := tls.Client(conn, &tls.Config{ServerName: host})
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return fmt.Errorf("smtp %s: tls: %w", m.Addr, err)
		}
		conn = tc
	}
	defer conn.Close()
	if deadline, ok := ctx.Deadline(); ok {
		conn.SetDeadline(deadline)
	}
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return fmt.Errorf("smtp %s: %w", m.Addr, err)
	}
	defer c.Close()
	if err := c.Hello("portal.local"); err != nil {
		return err
	}
	if ok, _ := c.Extension("STARTTLS"); ok && m.Security != "SSL" {
		// A relay that offers TLS gets it; certificate problems fail the delivery.
		if err := c.StartTLS(&tls.Config{ServerName: host}); err != nil {
			return fmt.Errorf("smtp %s: starttls: %w", m.Addr, err)
		}
	} else if m.Security == "TLS" {
		return fmt.Errorf("smtp %s: the server does not offer STARTTLS", m.Addr)
	}
	if m.User != "" {
		if err := c.Auth(smtp.PlainAuth("", m.User, m.Password, host)); err != nil {
			return fmt.Errorf("smtp %s: auth: %w", m.Addr, err)
		}
	}
	if err := c.Mail(addressOf(from)); err != nil {
		return err
	}
	if err := c.Rcpt(addressOf(msg.To)); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// addressOf is the bare address of "Name <addr>" or "addr".
func addressOf(s string) string {
	if a, err := mail.ParseAddress(s); err == nil {
		return a.Address
	}
	return s
}

// formatMail renders an RFC 5322 message, UTF-8 text in quoted-printable.
func formatMail(from string, m Mail, now time.Time) ([]byte, error) {
	if strings.ContainsAny(m.To+from+m.Subject+m.ReplyTo, "\r\n") {
		return nil, errors.New("mail: line break in a header")
	}
	id := make([]byte, 12)
	rand.Read(id)
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\n", from)
	fmt.Fprintf(&b, "To: %s\r\n", m.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@portal.local>\r\n", hex.EncodeToString(id))
	if m.ReplyTo != "" {
		fmt.Fprintf(&b, "Reply-To: %s\r\n", m.ReplyTo)
	}
	b.WriteString("MIME-Version: 1.0\r\n")
	if m.HTML {
		b.WriteString("Content-Type: text/html; charset=utf-8\r\n")
	} else {
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
	}
	b.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	if _, err := qp.Write([]byte(strings.ReplaceAll(m.Body, "\n", "\r\n"))); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	b.WriteString("\r\n")
	return b.Bytes(), nil
}

// resetMail is the forgot-password message in the user's language (pt, en, es). The code
// stands alone on its line.
func resetMail(to, language, name, code string) Mail {
	minutes := int(ResetCodeTTL / time.Minute)
	switch language {
	case "en":
		return Mail{To: to, Subject: "Your password reset code",
			Body: fmt.Sprintf("Hello, %s.\n\nUse this code to reset your password:\n\n%s\n\n"+
				"It is valid for %d minutes and can be used once. If you did not ask for it, ignore this message.\n", name, code, minutes)}
	case "es":
		return Mail{To: to, Subject: "Código para restablecer su contraseña",
			Body: fmt.Sprintf("Hola, %s.\n\nUse este código para restablecer su contraseña:\n\n%s\n\n"+
				"Es válido por %d minutos y se puede usar una vez. Si no lo solicitó, ignore este mensaje.\n", name, code, minutes)}
	default:
		return Mail{To: to, Subject: "Código para redefinir sua senha",
			Body: fmt.Sprintf("Olá, %s.\n\nUse este código para redefinir sua senha:\n\n%s\n\n"+
				"Ele vale por %d minutos e pode ser usado uma vez. Se você não pediu, ignore esta mensagem.\n", name, code, minutes)}
	}
}
