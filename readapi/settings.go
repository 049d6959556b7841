package readapi

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
	"portal/commands"
	"portal/domain/settings"
)

// SettingsAPI serves the tenant administration panels (docs/api.md "Tenant administration").
type SettingsAPI struct {
	Handler *commands.SettingsHandler
	// Fallback is the product's mailer (SMTP_ADDR), used when the tenant has no server of its
	// own; nil: such mails are not sent.
	Fallback auth.Mailer
	// MailTimeout bounds a validation or preview delivery; default 20 s.
	MailTimeout time.Duration
}

// routesSettings registers the administration calls: every one for users with the Admin
// flag (spec portal-business §6), the caller's tenant only.
//
//	POST /api/authManagement/getConfig       {key}                → the key's fields and values
//	POST /api/authManagement/updateConfig    {key, template}      → the same, after the change
//	GET  /api/authManagement/publicTerminal                       → {status, accessCode}
//	POST /api/authManagement/sendNewLogin    {userName}           → a temporary password mailed
//	POST /api/sendmessage/send-smtp          {address, the five mail server fields} → validates
//	POST /api/sendmessage/send-template      {address, subject, message} → {message, succeeded}
func (s *Server) routesSettings(g *echo.Group) {
	if s.Settings == nil {
		return
	}
	h := s.Settings
	admin := []echo.MiddlewareFunc{s.requireAuth, callerMatches, s.requireAccess(accessSettings)}
	g.POST("/authManagement/getConfig", h.getConfig, admin...)
	g.POST("/authManagement/updateConfig", s.updateConfig, admin...)
	g.GET("/authManagement/publicTerminal", h.publicTerminal, admin...)
	g.POST("/authManagement/sendNewLogin", s.sendNewLogin, admin...)
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

var kindNames = map[settings.Kind]string{
	settings.Text: "text", settings.URL: "url", settings.Email: "email", settings.Digits: "digits",
	settings.Switch: "switch", settings.Choice: "choice", settings.Secret: "secret", settings.HTML: "html", settings.JSON: "json",
}

type configRequest struct {
	Key      string          `json:"key"`
	Template json.RawMessage `json:"template"` // a JSON string holding an object, or the object
}

func bindConfig(c echo.Context) (configRequest, settings.Key, error) {
	var in configRequest
	body, err := readBody(c)
	if err != nil {
		return in, settings.Key{}, err
	}
	if json.Unmarshal(body, &in) != nil {
		return in, settings.Key{}, apiError(http.StatusBadRequest, "body", "valor_invalido")
	}
	k, ok := settings.Lookup(strings.TrimSpace(in.Key))
	if !ok {
		return in, k, apiError(http.StatusBadRequest, "key", "valor_invalido")
	}
	return in, k, nil
}

// getConfig answers POST authManagement/getConfig {par, ciaId, key}.
func (h *SettingsAPI) getConfig(c echo.Context) error {
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

func (h *SettingsAPI) view(c echo.Context, k settings.Key) (ConfigView, error) {
	ctx := c.Request().Context()
	claims := claimsOf(c)
	state, secrets, err := h.Handler.State(ctx, claims.Tenant)
	if err != nil {
		return ConfigView{}, err
	}
	perms, _ := c.Get(permsKey).(auth.Permissions)
	bought := map[string]bool{}
	for _, p := range perms.Purchased {
		bought[p] = true
	}
	v := ConfigView{Key: k.Name, Values: map[string]any{}, Secrets: map[string]bool{}}
	for _, f := range k.Fields {
		if f.Group == "hidden" || (f.Purchase != "" && !bought[f.Purchase]) {
			continue
		}
		v.Fields = append(v.Fields, ConfigField{Name: f.Name, Kind: kindNames[f.Kind], Max: f.Max, Choices: f.Choices,
			Group: f.Group, Variables: settings.TemplateVariables[f.Name]})
		if f.Kind == settings.Secret {
			v.Secrets[f.Name] = secrets[k.Name+"/"+f.Name] != ""
			continue
		}
		v.Values[f.Name] = state.Value(k.Name, f)
	}
	at, by, err := h.Handler.LastChange(ctx, claims.Tenant, k.Name)
	if err != nil {
		return ConfigView{}, err
	}
	if !at.IsZero() {
		v.UpdatedAt, v.UpdatedBy = &at, by
	}
	return v, nil
}

// updateConfig answers POST authManagement/updateConfig {ciaId, key, template}: template is
// the JSON object of the fields to change (sent as a JSON string by the spec's client). A
// refused field answers its {type, message} and nothing is saved.
func (s *Server) updateConfig(c echo.Context) error {
	h := s.Settings
	in, k, err := bindConfig(c)
	if err != nil {
		return err
	}
	raw := []byte(in.Template)
	var text string
	if json.Unmarshal(raw, &text) == nil {
		raw = []byte(text)
	}
	var fields settings.Input
	if json.Unmarshal(raw, &fields) != nil || fields == nil {
		return apiError(http.StatusBadRequest, "template", "valor_invalido")
	}
	cmdID, err := commandIDOf(c)
	if err != nil {
		return err
	}
	claims := claimsOf(c)
	perms, _ := c.Get(permsKey).(auth.Permissions)
	if _, err := h.Handler.Handle(c.Request().Context(), commands.UpdateSettings{CommandID: cmdID, Tenant: claims.Tenant,
		UserID: claims.UserID, Key: k.Name, Input: fields, Purchased: perms.Purchased}); err != nil {
		return err
	}
	if k.Name == settings.KeyAccess {
		s.perms.forgetTenant(claims.Tenant) // the toggles take effect on the next call
	}
	v, err := h.view(c, k)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

// publicTerminal answers GET authManagement/publicTerminal: the public terminal's status
// ("active" or "inactive") and access code (id_400).
func (h *SettingsAPI) publicTerminal(c echo.Context) error {
	state, _, err := h.Handler.State(c.Request().Context(), claimsOf(c).Tenant)
	if err != nil {
		return err
	}
	k, _ := settings.Lookup(settings.KeyClockApp)
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
		return in, apiError(http.StatusBadRequest, "body", "valor_invalido")
	}
	in.Address = strings.TrimSpace(in.Address)
	if in.Address == "" {
		return in, apiError(http.StatusBadRequest, "address", "campo_obrigatorio")
	}
	if a, err := mail.ParseAddress(in.Address); err != nil || a.Address != in.Address {
		return in, apiError(http.StatusBadRequest, "address", settings.KeyInvalidEmail)
	}
	return in, nil
}

// validateMail answers POST sendmessage/send-smtp: a validation e-mail through the given
// server. All five fields are required (spec §5: "<field>_required"); a server that does not
// take the mail answers 422 configuracao_smtp_invalida with the server's words; a delivered
// one is remembered, so saving these values is accepted.
func (h *SettingsAPI) validateMail(c echo.Context) error {
	in, err := bindMail(c)
	if err != nil {
		return err
	}
	m := settings.Mail{Host: strings.TrimSpace(in.URLSMTPServer), Port: strings.TrimSpace(in.EMailPort),
		Security: in.ProtocoloSMTPServer, User: strings.TrimSpace(in.EMailLogonUser), Password: in.EMailLogonPsw}
	var missing []FieldError
	for _, f := range []struct{ name, value string }{{"urlSmtpServer", m.Host}, {"eMailPort", m.Port},
		{"protocoloSmtpServer", m.Security}, {"eMailLogonUser", m.User}, {"eMailLogonPsw", m.Password}} {
		if f.value == "" {
			missing = append(missing, FieldError{Type: f.name, Message: f.name + "_required"})
		}
	}
	if len(missing) > 0 {
		return &APIError{Status: http.StatusBadRequest, Errors: missing}
	}
	if port, err := strconv.Atoi(m.Port); err != nil || port < 1 || port > 65535 || len(m.Port) > 25 {
		return apiError(http.StatusBadRequest, "eMailPort", "valor_invalido")
	}
	if m.Security != "none" && m.Security != "SSL" && m.Security != "TLS" {
		return apiError(http.StatusBadRequest, "protocoloSmtpServer", "valor_invalido")
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
	sender := &auth.SMTPMailer{Addr: net.JoinHostPort(m.Host, m.Port), From: m.User, Security: m.Security,
		User: m.User, Password: m.Password}
	if !strings.Contains(m.User, "@") {
		sender.From = auth.DefaultMailFrom
	}
	if err := sender.Send(ctx, auth.Mail{To: in.Address, Subject: subject, Body: body}); err != nil {
		return c.JSON(http.StatusUnprocessableEntity, ErrorBody{Message: settings.KeyInvalidSMTP,
			Errors: []FieldError{{Type: "urlSmtpServer", Message: settings.KeyInvalidSMTP}, {Type: "server", Message: serverWords(err)}}})
	}
	if err := h.Handler.MailValidated(c.Request().Context(), claimsOf(c).Tenant, m); err != nil {
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
// product's). The answer is {message, succeeded} (spec §7); a failed delivery is
// succeeded=false with message nao_foi_possivel_enviar.
func (h *SettingsAPI) sendTemplate(c echo.Context) error {
	in, err := bindMail(c)
	if err != nil {
		return err
	}
	if strings.TrimSpace(in.Subject) == "" {
		return apiError(http.StatusBadRequest, "subject", "campo_obrigatorio")
	}
	if len([]rune(in.Subject)) > 255 {
		return apiError(http.StatusBadRequest, "subject", settings.KeyTooLong)
	}
	if strings.TrimSpace(in.Message) == "" || len(in.Message) > 50000 {
		return apiError(http.StatusBadRequest, "message", "campo_obrigatorio")
	}
	ctx := c.Request().Context()
	mailer, _, err := h.TenantMail(ctx, claimsOf(c).Tenant)
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
	if err := mailer.Send(sendCtx, auth.Mail{To: in.Address, Subject: settings.Render(in.Subject, vars, false),
		Body: settings.Render(in.Message, vars, true), HTML: true}); err != nil {
		return c.JSON(http.StatusOK, map[string]any{"message": "nao_foi_possivel_enviar", "succeeded": false})
	}
	return c.JSON(http.StatusOK, map[string]any{"message": "enviado_com_sucesso", "succeeded": true})
}

func (h *SettingsAPI) timeout() time.Duration {
	if h.MailTimeout > 0 {
		return h.MailTimeout
	}
	return 20 * time.Second
}

// TenantMail implements auth.TenantMail: the tenant's own server when it has one, and its
// templates.
func (h *SettingsAPI) TenantMail(ctx context.Context, tenant uuid.UUID) (auth.Mailer, map[string]string, error) {
	state, secrets, err := h.Handler.State(ctx, tenant)
	if err != nil {
		return nil, nil, err
	}
	templates := map[string]string{}
	for field, v := range state.Values[settings.KeyTemplates] {
		if s, ok := v.(string); ok {
			templates[field] = s
		}
	}
	m := settings.MailOf(state, secrets[settings.KeyMail+"/eMailLogonPsw"])
	if !m.Configured() {
		return nil, templates, nil
	}
	from := m.User
	if !strings.Contains(from, "@") {
		from = auth.DefaultMailFrom
	}
	return &auth.SMTPMailer{Addr: net.JoinHostPort(m.Host, m.Port), From: from, Security: m.Security, User: m.User,
		Password: m.Password, ReplyTo: m.ReplyTo}, templates, nil
}

var _ auth.TenantMail = (*SettingsAPI)(nil)

// sendNewLogin answers POST authManagement/sendNewLogin {userName}: a temporary password
// mailed to the user with the new-login template (1510); they choose their own at the next
// sign-in. 404 userName/usuario_nao_encontrado, 422 usuario_sem_email or
// nao_foi_possivel_enviar (nothing changed then).
func (s *Server) sendNewLogin(c echo.Context) error {
	var in struct {
		UserName string `json:"userName"`
	}
	if err := (&echo.DefaultBinder{}).BindBody(c, &in); err != nil {
		return apiError(http.StatusBadRequest, "body", "valor_invalido")
	}
	portal := c.Scheme() + "://" + c.Request().Host
	if err := s.Auth.SendNewLogin(c.Request().Context(), claimsOf(c), in.UserName, portal); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"message": "enviado_com_sucesso", "succeeded": true})
}
