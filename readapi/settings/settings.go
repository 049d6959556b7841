// Package settings serves the tenant administration panels (docs/api.md "Tenant
// administration"): the configuration keys, the mail server's validation, template previews
// and new logins. The server mounts it behind its authentication and admin checks.
package settings

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/commands/settings"
	"portal/domain"
	conf "portal/domain/settings"
	"portal/platform/safehtml"
	"portal/readapi/httpx"
)

// API serves the tenant administration panels.
type API struct {
	Handler *settings.Handler
	// Logins sends new logins (the auth service).
	Logins NewLogins
	// Fallback is the product's mailer (SMTP_ADDR), used when the tenant has no server of its
	// own; nil: such mails are not sent.
	Fallback auth.Mailer
	// MailTimeout bounds a validation or preview delivery; default 20 s.
	MailTimeout time.Duration
	// AccessChanged is told of a tenant whose feature toggles changed (the server forgets its
	// users' cached permissions); nil: nobody.
	AccessChanged func(tenant uuid.UUID)
}

// NewLogins gives a user a temporary password by e-mail (auth.Service.SendNewLogin).
type NewLogins interface {
	SendNewLogin(ctx context.Context, admin auth.Claims, userName, portal string) error
}

// Routes registers the administration calls behind the server's authentication and the
// Admin-flag check (spec portal-business §6).
//
//	POST /api/authManagement/getConfig       {key}                → the key's fields and values
//	POST /api/authManagement/updateConfig    {key, template}      → the same, after the change
//	GET  /api/authManagement/publicTerminal                       → {status, accessCode}
//	POST /api/authManagement/sendNewLogin    {userName}           → a temporary password mailed
//	POST /api/sendmessage/send-smtp          {address, the five mail server fields} → validates
//	POST /api/sendmessage/send-template      {address, subject, message} → {message, succeeded}
func (h *API) Routes(g *echo.Group, gates httpx.Gates) {
	admin := []echo.MiddlewareFunc{gates.Authn, httpx.Caller(httpx.IDsWhenSent), gates.Access(httpx.AccessAdmin)}
	g.POST("/authManagement/getConfig", h.getConfig, admin...)
	g.POST("/authManagement/updateConfig", h.updateConfig, admin...)
	g.GET("/authManagement/publicTerminal", h.publicTerminal, admin...)
	g.POST("/authManagement/sendNewLogin", h.sendNewLogin, admin...)
	g.POST("/sendmessage/send-smtp", h.validateMail, admin...)
	g.POST("/sendmessage/send-template", h.sendTemplate, admin...)
}

// ConfigField is one field of a key as the panel renders it.
type ConfigField struct {
	Name      string   `json:"name"`
	Kind      string   `json:"kind"` // text, url, email, digits, switch, choice, secret, html, json
	Max       int      `json:"max,omitempty"`
	Choices   []string `json:"choices,omitempty"`
	Group     string   `json:"group"`
	Variables []string `json:"variables,omitempty"` // template parts: the {var}s it may use
}

// ConfigView is a key's configuration: its fields (only the purchased ones), their values
// (defaults where never set; secrets never, only whether they are set), and the last change.
type ConfigView struct {
	Key       string          `json:"key"`
	Fields    []ConfigField   `json:"fields"`
	Values    map[string]any  `json:"values"`
	Secrets   map[string]bool `json:"secrets"`
	UpdatedAt *time.Time      `json:"updatedAt,omitempty"`
	UpdatedBy string          `json:"updatedBy,omitempty"`
}

var kindNames = map[conf.Kind]string{
	conf.Text: "text", conf.URL: "url", conf.Email: "email", conf.Digits: "digits",
	conf.Switch: "switch", conf.Choice: "choice", conf.Secret: "secret", conf.HTML: "html", conf.JSON: "json",
}

type configRequest struct {
	Key      string          `json:"key"`
	Template json.RawMessage `json:"template"` // a JSON string holding an object, or the object
}

func bindConfig(c echo.Context) (configRequest, conf.Key, error) {
	var in configRequest
	if err := httpx.JSON(c, &in); err != nil {
		return in, conf.Key{}, err
	}
	k, ok := conf.Lookup(strings.TrimSpace(in.Key))
	if !ok {
		return in, k, httpx.Error(http.StatusBadRequest, "key", domain.KeyInvalid)
	}
	return in, k, nil
}

// getConfig answers POST authManagement/getConfig {par, ciaId, key}.
func (h *API) getConfig(c echo.Context) error {
	_, k, err := bindConfig(c)
	if err != nil {
		return err
	}
	v, err := h.view(c, k)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, v)
}

func (h *API) view(c echo.Context, k conf.Key) (ConfigView, error) {
	ctx := c.Request().Context()
	claims := httpx.Claims(c)
	read, err := h.Handler.Read(ctx, claims.Tenant)
	if err != nil {
		return ConfigView{}, err
	}
	bought := conf.Bought(httpx.Permissions(c).Purchased)
	v := ConfigView{Key: k.Name, Values: map[string]any{}, Secrets: map[string]bool{}}
	for _, f := range k.Fields {
		if f.Group == "hidden" || (f.Purchase != "" && !bought(f.Purchase)) {
			continue
		}
		v.Fields = append(v.Fields, ConfigField{Name: f.Name, Kind: kindNames[f.Kind], Max: f.Max, Choices: f.Choices,
			Group: f.Group, Variables: conf.TemplateVariables[f.Name]})
		if f.Kind == conf.Secret {
			v.Secrets[f.Name] = read.State.Secrets[k.Name+"/"+f.Name]
			continue
		}
		v.Values[f.Name] = read.State.Value(k.Name, f)
	}
	if ch, ok := read.Changed[k.Name]; ok {
		v.UpdatedAt, v.UpdatedBy = &ch.At, ch.By
	}
	return v, nil
}

// updateConfig answers POST authManagement/updateConfig {ciaId, key, template}: template is
// the JSON object of the fields to change (sent as a JSON string by the spec's client). A
// refused field answers its {type, message} and nothing is saved.
func (h *API) updateConfig(c echo.Context) error {
	in, k, err := bindConfig(c)
	if err != nil {
		return err
	}
	raw := []byte(in.Template)
	var text string
	if json.Unmarshal(raw, &text) == nil {
		raw = []byte(text)
	}
	var fields conf.Input
	if json.Unmarshal(raw, &fields) != nil || fields == nil {
		return httpx.Error(http.StatusBadRequest, "template", domain.KeyInvalid)
	}
	cmdID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	perms := httpx.Permissions(c)
	if _, err := h.Handler.Handle(c.Request().Context(), settings.Update{CommandID: cmdID, Tenant: claims.Tenant,
		UserID: claims.UserID, Key: k.Name, Input: fields, Purchased: perms.Purchased}); err != nil {
		return err
	}
	if k.Name == conf.KeyAccess && h.AccessChanged != nil {
		h.AccessChanged(claims.Tenant) // the toggles take effect on the next call
	}
	v, err := h.view(c, k)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

// publicTerminal answers GET authManagement/publicTerminal: the public terminal's status
// ("active" or "inactive") and access code (id_400).
func (h *API) publicTerminal(c echo.Context) error {
	read, err := h.Handler.Read(c.Request().Context(), httpx.Claims(c).Tenant)
	if err != nil {
		return err
	}
	state := read.State
	k, _ := conf.Lookup(conf.KeyClockApp)
	on, _ := k.Field("public_terminal")
	code, _ := k.Field("public_accesscode")
	status := "inactive"
	if state.Value(k.Name, on) == 1 {
		status = "active"
	}
	return c.JSON(http.StatusOK, map[string]any{"status": status, "accessCode": state.Value(k.Name, code)})
}

// mailRequest is a validation e-mail or a template preview: the recipient, and for a
// validation the five mail server fields.
type mailRequest struct {
	Address             string `json:"address" form:"address"`
	Subject             string `json:"subject" form:"subject"`
	Message             string `json:"message" form:"message"`
	URLSMTPServer       string `json:"urlSmtpServer" form:"urlSmtpServer"`
	EMailPort           string `json:"eMailPort" form:"eMailPort"`
	ProtocoloSMTPServer string `json:"protocoloSmtpServer" form:"protocoloSmtpServer"`
	EMailLogonUser      string `json:"eMailLogonUser" form:"eMailLogonUser"`
	EMailLogonPsw       string `json:"eMailLogonPsw" form:"eMailLogonPsw"`
}

func bindMail(c echo.Context) (mailRequest, error) {
	var in mailRequest
	if err := (&echo.DefaultBinder{}).BindBody(c, &in); err != nil {
		return in, httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	in.Address = strings.TrimSpace(in.Address)
	if in.Address == "" {
		return in, httpx.Error(http.StatusBadRequest, "address", domain.KeyRequired)
	}
	if a, err := mail.ParseAddress(in.Address); err != nil || a.Address != in.Address {
		return in, httpx.Error(http.StatusBadRequest, "address", conf.KeyInvalidEmail)
	}
	return in, nil
}

// validateMail answers POST sendmessage/send-smtp: a validation e-mail through the given
// server. All five fields are required (spec §5: "<field>_required"); a server that does not
// take the mail answers 422 configuracao_smtp_invalida with the server's words; a delivered
// one is remembered, so saving these values is accepted.
func (h *API) validateMail(c echo.Context) error {
	in, err := bindMail(c)
	if err != nil {
		return err
	}
	m := conf.Mail{Host: strings.TrimSpace(in.URLSMTPServer), Port: strings.TrimSpace(in.EMailPort),
		Security: in.ProtocoloSMTPServer, User: strings.TrimSpace(in.EMailLogonUser), Password: in.EMailLogonPsw}
	var missing []httpx.FieldError
	for _, f := range []struct{ name, value string }{{"urlSmtpServer", m.Host}, {"eMailPort", m.Port},
		{"protocoloSmtpServer", m.Security}, {"eMailLogonUser", m.User}, {"eMailLogonPsw", m.Password}} {
		if f.value == "" {
			missing = append(missing, httpx.FieldError{Type: f.name, Message: f.name + "_required"})
		}
	}
	if len(missing) > 0 {
		return &httpx.APIError{Status: http.StatusBadRequest, Errors: missing}
	}
	if port, err := strconv.Atoi(m.Port); err != nil || port < 1 || port > 65535 || len(m.Port) > 25 {
		return httpx.Error(http.StatusBadRequest, "eMailPort", domain.KeyInvalid)
	}
	if m.Security != "none" && m.Security != "SSL" && m.Security != "TLS" {
		return httpx.Error(http.StatusBadRequest, "protocoloSmtpServer", domain.KeyInvalid)
	}
	subject := in.Subject
	if subject == "" {
		subject = "Portal: validação do servidor de e-mail"
	}
	body := in.Message
	if body == "" {
		body = "Este e-mail confirma que o portal envia mensagens por este servidor."
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), h.timeout())
	defer cancel()
	if err := smtpMailer(m).Send(ctx, auth.Mail{To: in.Address, Subject: subject, Body: body}); err != nil {
		return c.JSON(http.StatusUnprocessableEntity, httpx.ErrorBody{Message: conf.KeyInvalidSMTP,
			Errors: []httpx.FieldError{{Type: "urlSmtpServer", Message: conf.KeyInvalidSMTP}, {Type: "server", Message: serverWords(err)}}})
	}
	if err := h.Handler.MailValidated(c.Request().Context(), httpx.Claims(c).Tenant, m); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"message": "validado_com_sucesso", "succeeded": true})
}

// serverWords is what the mail server said, one line, for the administrator to read.
func serverWords(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// sendTemplate answers POST sendmessage/send-template {address, subject, message}: the
// template rendered with example values, sent through the tenant's mail server (else the
// product's), its body sanitized as every template mail is. The answer is {message,
// succeeded} (spec §7); a failed delivery is succeeded=false with message
// nao_foi_possivel_enviar.
func (h *API) sendTemplate(c echo.Context) error {
	in, err := bindMail(c)
	if err != nil {
		return err
	}
	if strings.TrimSpace(in.Subject) == "" {
		return httpx.Error(http.StatusBadRequest, "subject", domain.KeyRequired)
	}
	if len([]rune(in.Subject)) > 255 {
		return httpx.Error(http.StatusBadRequest, "subject", domain.KeyTooLong)
	}
	if strings.TrimSpace(in.Message) == "" || len(in.Message) > 50000 {
		return httpx.Error(http.StatusBadRequest, "message", domain.KeyRequired)
	}
	ctx := c.Request().Context()
	mailer, _, err := h.TenantMail(ctx, httpx.Claims(c).Tenant)
	if err != nil {
		return err
	}
	if mailer == nil {
		mailer = h.Fallback
	}
	vars := map[string]string{"username": "maria.silva", "name": "Maria Silva", "####": "••••••", "accesscode": "DEMOCORP",
		"portal": "https://portal.example", "department": "RH", "message": "…", "code": "ABCD2345"}
	if mailer == nil {
		return c.JSON(http.StatusOK, map[string]any{"message": "nao_foi_possivel_enviar", "succeeded": false})
	}
	sendCtx, cancel := context.WithTimeout(ctx, h.timeout())
	defer cancel()
	if err := mailer.Send(sendCtx, auth.Mail{To: in.Address, Subject: conf.Render(in.Subject, vars, false),
		Body: safehtml.Template(conf.Render(in.Message, vars, true)), HTML: true}); err != nil {
		return c.JSON(http.StatusOK, map[string]any{"message": "nao_foi_possivel_enviar", "succeeded": false})
	}
	return c.JSON(http.StatusOK, map[string]any{"message": "enviado_com_sucesso", "succeeded": true})
}

func (h *API) timeout() time.Duration {
	if h.MailTimeout > 0 {
		return h.MailTimeout
	}
	return 20 * time.Second
}

// TenantMail implements auth.TenantMail: the tenant's own server when it has one, and its
// templates.
func (h *API) TenantMail(ctx context.Context, tenant uuid.UUID) (auth.Mailer, map[string]string, error) {
	read, err := h.Handler.Read(ctx, tenant)
	if err != nil {
		return nil, nil, err
	}
	state, secrets := read.State, read.Secrets
	templates := map[string]string{}
	for field, v := range state.Values[conf.KeyTemplates] {
		if s, ok := v.(string); ok {
			templates[field] = s
		}
	}
	m := conf.MailOf(state, secrets[conf.KeyMail+"/eMailLogonPsw"])
	if !m.Configured() {
		return nil, templates, nil
	}
	return smtpMailer(m), templates, nil
}

// smtpMailer sends through a tenant's mail server, as its user: from the user's address
// when the user is one, else the product's sender.
func smtpMailer(m conf.Mail) *auth.SMTPMailer {
	from := m.User
	if !strings.Contains(from, "@") {
		from = auth.DefaultMailFrom
	}
	return &auth.SMTPMailer{Addr: net.JoinHostPort(m.Host, m.Port), From: from, Security: m.Security, User: m.User,
		Password: m.Password, ReplyTo: m.ReplyTo}
}

var _ auth.TenantMail = (*API)(nil)

// portalURL is the {portal} of the mail templates: the tenant's portal address (id_110
// TenPortalUrl), else this site's.
func (h *API) portalURL(c echo.Context) (string, error) {
	read, err := h.Handler.Read(c.Request().Context(), httpx.Claims(c).Tenant)
	if err != nil {
		return "", err
	}
	k, _ := conf.Lookup(conf.KeyTenant)
	if f, ok := k.Field("TenPortalUrl"); ok {
		if u, _ := read.State.Value(conf.KeyTenant, f).(string); u != "" {
			return u, nil
		}
	}
	return c.Scheme() + "://" + c.Request().Host, nil
}

// sendNewLogin answers POST authManagement/sendNewLogin {userName}: a temporary password
// mailed to the user with the new-login template (1510); they choose their own at the next
// sign-in. 404 userName/usuario_nao_encontrado, 422 usuario_sem_email or
// nao_foi_possivel_enviar (nothing changed then).
func (h *API) sendNewLogin(c echo.Context) error {
	var in struct {
		UserName string `json:"userName"`
	}
	if err := (&echo.DefaultBinder{}).BindBody(c, &in); err != nil {
		return httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	portal, err := h.portalURL(c)
	if err != nil {
		return err
	}
	if err := h.Logins.SendNewLogin(c.Request().Context(), httpx.Claims(c), in.UserName, portal); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"message": "enviado_com_sucesso", "succeeded": true})
}
