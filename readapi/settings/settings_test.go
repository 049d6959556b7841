package settings_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/auth/mailtest"
	"portal/commands/clocktest"
	settingscmd "portal/commands/settings"
	"portal/domain"
	"portal/domain/settings"
	"portal/eventstore/storetest"
	settingsproj "portal/projections/settings"
	"portal/push"
	"portal/readapi"
	"portal/readapi/apitest"
	"portal/readapi/audit"
	"portal/readapi/home"
	"portal/readapi/httpx"
	"portal/readapi/readapitest"
	settingsapi "portal/readapi/settings"
)

// settingsEnv is a server with the administration calls and the vacations, a fallback mail
// server (the product's SMTP_ADDR) and a second one for a tenant's own.
type settingsEnv struct {
	*readapitest.Env
	fallback, own *mailtest.Server
}

func newSettingsEnv(t *testing.T) *settingsEnv {
	t.Helper()
	d, store := storetest.Postgres(t, "readapi_settings")
	e := &settingsEnv{}
	for _, m := range []**mailtest.Server{&e.fallback, &e.own} {
		var err error
		if *m, err = mailtest.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { (*m).Close() })
	}
	e.own.Login = [2]string{"rh@acme.test", "segredo-smtp-1"}
	fallback := &auth.SMTPMailer{Addr: e.fallback.Addr}
	svc, err := auth.NewService(context.Background(), d.Pool, auth.Options{TokenKey: []byte("settings test signing key, 32 by"), Mailer: fallback})
	if err != nil {
		t.Fatal(err)
	}
	h, err := settingscmd.New(d.Pool, settingsproj.Settings{}, func() time.Time { return readapitest.VacNow })
	if err != nil {
		t.Fatal(err)
	}
	api := &settingsapi.API{Handler: h, Fallback: fallback, MailTimeout: 5 * time.Second}
	api.Logins = svc
	svc.SetTenantMail(api)
	e.Env = readapitest.Serve(t, d, store, svc, &readapi.Server{Now: func() time.Time { return readapitest.VacNow }, Settings: api})
	return e
}

// admin gives a person of the team the Admin flag and signs them in again.
func (e *settingsEnv) admin(t *testing.T, p readapitest.Person) readapitest.Person {
	t.Helper()
	e.Exec(t, []any{p.Tenant, p.UserID}, `UPDATE users SET admin = true WHERE tenant_id = $1 AND id = $2`)
	return e.SignIn(t, p.Person)
}

// api sends a call to /api/<path> as p, with body as JSON.
func (e *settingsEnv) api(t *testing.T, p readapitest.Person, method, path string, body any) apitest.Response {
	t.Helper()
	b, _ := json.Marshal(body)
	return e.Call(t, p, method, "/api/"+path, map[string]string{"userHash": ""}, string(b), nil)
}

func (e *settingsEnv) update(t *testing.T, p readapitest.Person, key string, fields map[string]any) apitest.Response {
	t.Helper()
	tpl, _ := json.Marshal(fields)
	return e.api(t, p, "POST", "authManagement/updateConfig", map[string]any{"ciaId": "", "key": key, "template": string(tpl)})
}

func (e *settingsEnv) config(t *testing.T, p readapitest.Person, key string) settingsapi.ConfigView {
	t.Helper()
	var v settingsapi.ConfigView
	e.api(t, p, "POST", "authManagement/getConfig", map[string]string{"par": "", "ciaId": "", "key": key}).DecodeOK(t, &v)
	return v
}

func (e *settingsEnv) settingsEvents(t *testing.T, tenant uuid.UUID) []settings.Changed {
	t.Helper()
	evs, err := e.Store.ReadStream(context.Background(), tenant, settings.Stream(tenant), 0)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]settings.Changed, len(evs))
	for i, ev := range evs {
		if err := json.Unmarshal(ev.Data, &out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Only users with the Admin flag reach the administration calls; another tenant's id is
// refused even for an administrator.
func TestSettingsCallsAreForAdministratorsOnly(t *testing.T) {
	e := newSettingsEnv(t)
	emp, _, hr, _ := e.VacationTeam(t)
	other, _, _, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	// The calls come from the router, so a call added later is swept too.
	bodies := map[string]any{
		"/api/authManagement/getConfig":    map[string]string{"key": settings.KeyHome},
		"/api/authManagement/updateConfig": map[string]string{"key": settings.KeyHome, "template": `{"home_page_greeting":"Oi"}`},
		"/api/sendmessage/send-smtp":       map[string]string{"address": "a@b.test"},
		"/api/sendmessage/send-template":   map[string]string{"address": "a@b.test", "subject": "s", "message": "m"},
		"/api/authManagement/sendNewLogin": map[string]string{"userName": "x"},
	}
	swept := 0
	for _, r := range e.Server.Handler().Routes() {
		if !strings.HasPrefix(r.Path, "/api/authManagement/") && !strings.HasPrefix(r.Path, "/api/sendmessage/") {
			continue
		}
		path := strings.TrimPrefix(r.Path, "/api/")
		e.api(t, emp, r.Method, path, bodies[r.Path]).WantErr(t, http.StatusForbidden, "request", "acesso_negado")
		foreign := hr
		foreign.Tenant = other.Tenant
		e.api(t, foreign, r.Method, path, bodies[r.Path]).WantErr(t, http.StatusForbidden, "tenId", "acesso_negado")
		swept++
	}
	if swept != 6 {
		t.Fatalf("swept %d administration calls", swept)
	}
	if n := len(e.settingsEvents(t, hr.Tenant)); n != 0 {
		t.Fatalf("refused calls wrote %d settings events", n)
	}
	for _, k := range settings.Catalogue {
		if v := e.config(t, hr, k.Name); v.Key != k.Name || len(v.Fields) == 0 {
			t.Errorf("%s: %+v", k.Name, v)
		}
	}
}

// Every field's limit is refused with its message and nothing is saved.
func TestSettingsLimitsRefuseAndSaveNothing(t *testing.T) {
	e := newSettingsEnv(t)
	_, _, hr, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	long := strings.Repeat("a", 256)
	for _, c := range []struct {
		key    string
		fields map[string]any
		field  string
		msg    string
	}{
		{settings.KeyHome, map[string]any{"home_page_greeting": long}, "home_page_greeting", "texto_muito_longo"},
		{settings.KeyHome, map[string]any{"home_page_message": long}, "home_page_message", "texto_muito_longo"},
		{settings.KeyHome, map[string]any{"home_page_bgimage": "javascript:alert(1)"}, "home_page_bgimage", "url_invalida"},
		{settings.KeyTenant, map[string]any{"TenPasswordExpiration": "12345"}, "TenPasswordExpiration", "valor_invalido"},
		{settings.KeyTenant, map[string]any{"TenLimitPasswordReuse": 10}, "TenLimitPasswordReuse", "valor_invalido"},
		{settings.KeyTenant, map[string]any{"TenLimitPasswordReuse": -1}, "TenLimitPasswordReuse", "valor_invalido"},
		{settings.KeyTenant, map[string]any{"TenUrl": "not a url"}, "TenUrl", "url_invalida"},
		{settings.KeyTenant, map[string]any{"AssTitle": long}, "AssTitle", "texto_muito_longo"},
		{settings.KeyMail, map[string]any{"eMailPort": strings.Repeat("1", 26)}, "eMailPort", "texto_muito_longo"},
		{settings.KeyMail, map[string]any{"eMailLogonPsw": strings.Repeat("p", 101)}, "eMailLogonPsw", "texto_muito_longo"},
		{settings.KeyMail, map[string]any{"protocoloSmtpServer": "STARTSSL"}, "protocoloSmtpServer", "valor_invalido"},
		{settings.KeyMail, map[string]any{"emailToReply": "nobody"}, "emailToReply", "email_invalido"},
		{settings.KeyAccess, map[string]any{"solicita_ferias": 2}, "solicita_ferias", "valor_invalido"},
		{settings.KeyAccess, map[string]any{"script": 1}, "script", "valor_invalido"},
		{settings.KeyTemplates, map[string]any{"invite_subject": long}, "invite_subject", "texto_muito_longo"},
		{"unknown_key", map[string]any{"a": 1}, "key", "valor_invalido"},
	} {
		// A valid field beside the bad one is not saved either.
		c.fields["home_page_title"] = "Bem-vindos"
		if c.key != settings.KeyHome {
			delete(c.fields, "home_page_title")
		}
		e.update(t, hr, c.key, c.fields).WantErr(t, http.StatusBadRequest, c.field, c.msg)
	}
	// face_id shows only with pwa-face-id purchased, and cannot be switched without it.
	e.update(t, hr, settings.KeyClockApp, map[string]any{"face_id": 1}).WantErr(t, http.StatusUnprocessableEntity, "face_id", "recurso_nao_contratado")
	e.api(t, hr, "POST", "authManagement/updateConfig", map[string]any{"key": settings.KeyHome, "template": "[1,2]"}).
		WantErr(t, http.StatusBadRequest, "template", "valor_invalido")
	if n := len(e.settingsEvents(t, hr.Tenant)); n != 0 {
		t.Fatalf("refusals wrote %d events", n)
	}
	if v := e.config(t, hr, settings.KeyHome); v.Values["home_page_title"] != "" {
		t.Fatalf("a refused change was saved: %v", v.Values)
	}
}

// A change is an event naming who changed which field from what to what; the read model and
// the home banner follow at once; saving the same values again records nothing.
func TestSettingsChangeIsAnEventAndTheBannerReadsIt(t *testing.T) {
	e := newSettingsEnv(t)
	emp, _, hr, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	e.update(t, hr, settings.KeyHome, map[string]any{"home_page_greeting": "Olá, {name}", "home_page_message": "Boa semana"}).DecodeOK(t, &settingsapi.ConfigView{})
	e.update(t, hr, settings.KeyHome, map[string]any{"home_page_greeting": "Bom dia", "home_page_message": "Boa semana"}).DecodeOK(t, &settingsapi.ConfigView{})
	e.update(t, hr, settings.KeyHome, map[string]any{"home_page_greeting": "Bom dia"}).DecodeOK(t, &settingsapi.ConfigView{})
	evs := e.settingsEvents(t, hr.Tenant)
	if len(evs) != 2 {
		t.Fatalf("events %+v", evs)
	}
	if c := evs[1].Changes; len(c) != 1 || c[0].Field != "home_page_greeting" || c[0].Old != "Olá, {name}" || c[0].New != "Bom dia" {
		t.Fatalf("second change %+v", c)
	}
	var actor string
	if err := e.DB.Pool.QueryRow(context.Background(), `SELECT actor FROM events WHERE tenant_id = $1 AND stream = $2 ORDER BY version DESC LIMIT 1`,
		hr.Tenant, settings.Stream(hr.Tenant)).Scan(&actor); err != nil || actor != hr.UserID.String() {
		t.Fatalf("actor %q %v", actor, err)
	}
	v := e.config(t, hr, settings.KeyHome)
	if v.Values["home_page_greeting"] != "Bom dia" || v.UpdatedBy != hr.UserID.String() || v.UpdatedAt == nil {
		t.Fatalf("view %+v", v)
	}
	var home home.Config
	e.Call(t, emp, "GET", "/api/gen/HomePage/config", map[string]string{"userHash": ""}, "", nil).DecodeOK(t, &home)
	if home.Greeting != "Bom dia" || home.Message != "Boa semana" {
		t.Fatalf("the banner reads %+v", home)
	}
	// The projection rebuilt from the log gives the same read model.
	var live, rebuilt string
	ctx := context.Background()
	e.DB.Pool.QueryRow(ctx, `SELECT "values"::text FROM tenant_settings WHERE tenant_id = $1 AND key = $2`, hr.Tenant, settings.KeyHome).Scan(&live)
	all, err := e.Store.ReadStream(ctx, hr.Tenant, settings.Stream(hr.Tenant), 0)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := e.DB.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if err := (settingsproj.Settings{}).Reset(ctx, tx); err != nil {
		t.Fatal(err)
	}
	if err := (settingsproj.Settings{}).Apply(push.Mute(ctx), tx, all); err != nil {
		t.Fatal(err)
	}
	tx.QueryRow(ctx, `SELECT "values"::text FROM tenant_settings WHERE tenant_id = $1 AND key = $2`, hr.Tenant, settings.KeyHome).Scan(&rebuilt)
	if live == "" || live != rebuilt {
		t.Fatalf("live %s, rebuilt %s", live, rebuilt)
	}
}

// The reuse limit and expiration of the password policy drive the password change.
func TestSettingsReuseLimitDrivesPasswordChange(t *testing.T) {
	e := newSettingsEnv(t)
	emp, _, hr, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	change := func(previous, proposed string) apitest.Response {
		return e.api(t, emp, "POST", "auth/changePassword", map[string]string{"accessToken": emp.Token,
			"previousPassword": previous, "proposedPassword": proposed})
	}
	e.update(t, hr, settings.KeyTenant, map[string]any{"TenLimitPasswordReuse": "3", "TenPasswordExpiration": "90",
		"TenLinkedin": "https://www.linkedin.com/company/acme"}).DecodeOK(t, &settingsapi.ConfigView{})
	var info struct {
		Linkedin string `json:"url_Linkedin"`
	}
	e.api(t, emp, "GET", "cac-app/userinfo", nil).DecodeOK(t, &info)
	if info.Linkedin != "https://www.linkedin.com/company/acme" {
		t.Fatalf("the footer's link is %q", info.Linkedin)
	}
	if r := change(clocktest.Password, "Trocada@2025"); r.Status >= 300 {
		t.Fatalf("change: %d %s", r.Status, r.Body)
	}
	change("Trocada@2025", clocktest.Password).WantErr(t, http.StatusUnprocessableEntity, "proposedPassword", "senha_reutilizada")
	e.update(t, hr, settings.KeyTenant, map[string]any{"TenLimitPasswordReuse": 0}).DecodeOK(t, &settingsapi.ConfigView{})
	if r := change("Trocada@2025", clocktest.Password); r.Status >= 300 {
		t.Fatalf("with reuse limit 0 the old password is accepted again: %d %s", r.Status, r.Body)
	}
	var days, limit int
	e.DB.Pool.QueryRow(context.Background(), `SELECT password_expiration_days, password_reuse_limit FROM tenants WHERE id = $1`, hr.Tenant).Scan(&days, &limit)
	if days != 90 || limit != 0 {
		t.Fatalf("tenant policy %d/%d", days, limit)
	}
}

// Switching solicita_abono_ferias off refuses an abono request at once; back on, it passes.
func TestSettingsToggleRefusesAbono(t *testing.T) {
	e := newSettingsEnv(t)
	emp, _, hr, _ := e.VacationTeam(t)
	if _, err := e.DB.Pool.Exec(context.Background(), `UPDATE users SET purchased = purchased || ',pwa-rh-folha' WHERE tenant_id = $1`, emp.Tenant); err != nil {
		t.Fatal(err)
	}
	hr = e.admin(t, hr)
	body := `{"inicio":"2026-11-16","dias":10,"abono":1}`
	e.update(t, hr, settings.KeyAccess, map[string]any{"solicita_abono_ferias": 0}).DecodeOK(t, &settingsapi.ConfigView{})
	e.Call(t, emp, "POST", "/api/rh-app/ferias/verificar", nil, body, nil).WantErr(t, http.StatusUnprocessableEntity, "solicita_abono_ferias", "abono_nao_permitido")
	e.update(t, hr, settings.KeyAccess, map[string]any{"solicita_abono_ferias": 1}).DecodeOK(t, &settingsapi.ConfigView{})
	var ok map[string]any
	e.Call(t, emp, "POST", "/api/rh-app/ferias/verificar", nil, body, nil).DecodeOK(t, &ok)
	// The user's own switches follow too (the menu reads them).
	var info struct {
		Switches map[string]int `json:"accessConfig"`
	}
	e.update(t, hr, settings.KeyAccess, map[string]any{"solicita_ferias": 0}).DecodeOK(t, &settingsapi.ConfigView{})
	r := e.api(t, emp, "GET", "cac-app/userinfo", nil)
	r.DecodeOK(t, &info)
	if info.Switches["solicita_ferias"] != 0 || info.Switches["solicita_abono_ferias"] != 1 {
		t.Fatalf("switches %v", info.Switches)
	}
	// A feature toggle set to 1 hides its feature: the payslips entry leaves the menu.
	menu := func() []string {
		var m struct {
			Menu []string `json:"menu"`
		}
		e.api(t, emp, "GET", "cac-app/userinfo", nil).DecodeOK(t, &m)
		return m.Menu
	}
	if !slices.Contains(menu(), "rh_002_01") {
		t.Fatalf("payslips not in the menu before: %v", menu())
	}
	e.update(t, hr, settings.KeyAccess, map[string]any{"rh_002_01": 1}).DecodeOK(t, &settingsapi.ConfigView{})
	if slices.Contains(menu(), "rh_002_01") {
		t.Fatal("the payslips entry stays in the menu with its feature switched off")
	}
}

// The mail server: validation needs the five fields and a real delivery; saving needs a
// validation of the values saved; the password never leaves the server nor enters the log;
// then the tenant's mails go through its server with its templates.
func TestSettingsMailServer(t *testing.T) {
	e := newSettingsEnv(t)
	emp, _, hr, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	host, port, _ := strings.Cut(e.own.Addr, ":")
	server := map[string]any{"urlSmtpServer": host, "eMailPort": port, "protocoloSmtpServer": "none",
		"eMailLogonUser": "rh@acme.test", "eMailLogonPsw": "segredo-smtp-1"}

	r := e.api(t, hr, "POST", "sendmessage/send-smtp", map[string]string{"address": "helena@acme.test"})
	var missing httpx.ErrorBody
	json.Unmarshal(r.Body, &missing)
	if r.Status != http.StatusBadRequest || len(missing.Errors) != 5 || missing.Errors[0].Message != "urlSmtpServer_required" {
		t.Fatalf("missing fields: %d %s", r.Status, r.Body)
	}
	e.update(t, hr, settings.KeyMail, server).WantErr(t, http.StatusUnprocessableEntity, "urlSmtpServer", "configuracao_smtp_invalida")

	wrong := map[string]any{"address": "helena@acme.test"}
	for k, v := range server {
		wrong[k] = v
	}
	wrong["eMailLogonPsw"] = "errada"
	e.api(t, hr, "POST", "sendmessage/send-smtp", wrong).WantFirstErr(t, http.StatusUnprocessableEntity, "urlSmtpServer", "configuracao_smtp_invalida")

	valid := map[string]any{"address": "helena@acme.test"}
	for k, v := range server {
		valid[k] = v
	}
	var answer map[string]any
	e.api(t, hr, "POST", "sendmessage/send-smtp", valid).DecodeOK(t, &answer)
	if answer["succeeded"] != true || e.own.Count("helena@acme.test") != 1 {
		t.Fatalf("validation %v, %d mails", answer, e.own.Count("helena@acme.test"))
	}
	var v settingsapi.ConfigView
	e.update(t, hr, settings.KeyMail, server).DecodeOK(t, &v)
	if !v.Secrets["eMailLogonPsw"] || strings.Contains(string(mustJSON(t, v)), "segredo-smtp-1") {
		t.Fatalf("view %+v", v)
	}
	// Another field (not one of the five) saves without a new validation; the host does not.
	e.update(t, hr, settings.KeyMail, map[string]any{"emailToReply": "rh@acme.test"}).DecodeOK(t, &v)
	e.update(t, hr, settings.KeyMail, map[string]any{"urlSmtpServer": "mail.example.invalid"}).
		WantErr(t, http.StatusUnprocessableEntity, "urlSmtpServer", "configuracao_smtp_invalida")
	var raw string
	e.DB.Pool.QueryRow(context.Background(), `SELECT string_agg(data::text, ' ') FROM events WHERE tenant_id = $1`, hr.Tenant).Scan(&raw)
	if strings.Contains(raw, "segredo-smtp-1") || !strings.Contains(raw, `"secret": true`) {
		t.Fatalf("the log holds the password or not its change: %s", raw)
	}

	// The verification code mail now goes through the tenant's server, with its template.
	e.update(t, hr, settings.KeyTemplates, map[string]any{"verification_code_subject": "Código do portal",
		"verification_code_body": "<p>Olá {name},</p>\n   <p>seu código: <b>{code}</b></p>"}).DecodeOK(t, &v)
	if got := v.Values["verification_code_body"]; got != "<p>Olá {name},</p><p>seu código: <b>{code}</b></p>" {
		t.Fatalf("whitespace between tags is kept: %q", got)
	}
	if _, err := e.DB.Pool.Exec(context.Background(), `UPDATE users SET email = 'emp@acme.test' WHERE id = $1`, emp.UserID); err != nil {
		t.Fatal(err)
	}
	if err := e.Auth.ForgotPassword(context.Background(), emp.AccessCode, emp.UserName); err != nil {
		t.Fatal(err)
	}
	e.Auth.WaitMail()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	m, err := e.own.WaitFor(ctx, "emp@acme.test", 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Código do portal" || m.User != "rh@acme.test" || !strings.Contains(m.Body, "seu código: <b>") ||
		e.fallback.Count("emp@acme.test") != 0 {
		t.Fatalf("mail %+v (fallback %d)", m, e.fallback.Count("emp@acme.test"))
	}

	// A new login: a temporary password through the tenant's server with the 1510 template;
	// signing in with it asks for a new password. A user of another tenant is not found.
	e.update(t, hr, settings.KeyTemplates, map[string]any{"newlogin_subject": "Acesso de {name}",
		"newlogin_body": "<p>{username} / ####</p><p>{accesscode}</p>"}).DecodeOK(t, &v)
	e.api(t, hr, "POST", "authManagement/sendNewLogin", map[string]string{"userName": emp.UserName}).DecodeOK(t, &answer)
	nl, err := e.own.WaitFor(ctx, "emp@acme.test", 1)
	if err != nil {
		t.Fatal(err)
	}
	temporary := regexp.MustCompile(`<p>` + regexp.QuoteMeta(emp.UserName) + ` / ([A-Za-z0-9]{12})</p>`).FindStringSubmatch(nl.Body)
	var display string
	e.DB.Pool.QueryRow(context.Background(), `SELECT display_name FROM users WHERE id = $1`, emp.UserID).Scan(&display)
	if nl.Subject != "Acesso de "+display || temporary == nil || !strings.Contains(nl.Body, emp.AccessCode) {
		t.Fatalf("new-login mail %+v", nl)
	}
	res, err := e.Auth.Login(context.Background(), emp.AccessCode, emp.UserName, temporary[1])
	if err != nil || res.AuthResponse == nil || res.AuthResponse.ChallengeName != auth.ChallengeNewPassword {
		t.Fatalf("sign-in with the temporary password: %+v %v", res, err)
	}
	other, _, _, _ := e.VacationTeam(t)
	e.api(t, hr, "POST", "authManagement/sendNewLogin", map[string]string{"userName": other.UserName}).
		WantErr(t, http.StatusNotFound, "userName", "usuario_nao_encontrado")

	// A preview goes through the same server; an empty recipient is refused.
	e.api(t, hr, "POST", "sendmessage/send-template", map[string]string{"address": "", "subject": "s", "message": "m"}).
		WantErr(t, http.StatusBadRequest, "address", "campo_obrigatorio")
	e.api(t, hr, "POST", "sendmessage/send-template", map[string]string{"address": "prev@acme.test", "subject": "Oi {name}",
		"message": "<p>{username}</p>"}).DecodeOK(t, &answer)
	if answer["succeeded"] != true || e.own.Count("prev@acme.test") != 1 {
		t.Fatalf("preview %v", answer)
	}

	// Clearing every field needs no validation and brings the product's server back.
	clear := map[string]any{"urlSmtpServer": "", "eMailPort": "0", "protocoloSmtpServer": "", "eMailLogonUser": "", "eMailLogonPsw": ""}
	e.update(t, hr, settings.KeyMail, clear).DecodeOK(t, &v)
	if v.Secrets["eMailLogonPsw"] || v.Values["urlSmtpServer"] != "" {
		t.Fatalf("cleared %+v", v)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The audit timeline shows the configuration's history to HR; another tenant's is not found.
func TestSettingsHistoryInTheAuditTimeline(t *testing.T) {
	e := newSettingsEnv(t)
	_, _, hr, _ := e.VacationTeam(t)
	other, _, _, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	e.update(t, hr, settings.KeyHome, map[string]any{"home_page_greeting": "Oi"}).DecodeOK(t, &settingsapi.ConfigView{})
	get := func(id uuid.UUID) apitest.Response {
		return e.Call(t, hr, "GET", "/api/audit/timeline", map[string]string{"userHash": "", "kind": "settings", "id": id.String()}, "", nil)
	}
	var tl struct {
		Items []audit.TimelineItem `json:"items"`
	}
	get(hr.Tenant).DecodeOK(t, &tl)
	if len(tl.Items) != 1 || tl.Items[0].Type != settings.TypeChanged || tl.Items[0].Actor != hr.UserID.String() {
		t.Fatalf("timeline %+v", tl.Items)
	}
	get(other.Tenant).WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
}

// The public terminal switch (id_400) refuses the kiosk account's sign-in while it is off;
// a tenant that never set it keeps its terminal.
func TestSettingsPublicTerminalSwitch(t *testing.T) {
	e := newSettingsEnv(t)
	_, _, hr, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	ctx := context.Background()
	tenant := clocktest.Tenant{ID: hr.Tenant, AccessCode: hr.AccessCode} // a person without an employee record needs no more
	kiosk, err := tenant.NewPerson(ctx, e.DB.Pool, clocktest.Options{Roles: []string{auth.RoleKiosk}, NoEmployee: true})
	if err != nil {
		t.Fatal(err)
	}
	signIn := func() error {
		_, err := e.Auth.Login(ctx, kiosk.AccessCode, kiosk.UserName, clocktest.Password)
		return err
	}
	if err := signIn(); err != nil {
		t.Fatalf("never set: %v", err)
	}
	e.update(t, hr, settings.KeyClockApp, map[string]any{"public_terminal": 0, "public_accesscode": "PORTARIA1"}).DecodeOK(t, &settingsapi.ConfigView{})
	var de *domain.Error
	if err := signIn(); !errors.As(err, &de) || de.Key != auth.KeyTerminalInactive {
		t.Fatalf("switched off: %v", err)
	}
	var status map[string]any
	e.api(t, hr, "GET", "authManagement/publicTerminal", nil).DecodeOK(t, &status)
	if status["status"] != "inactive" || status["accessCode"] != "PORTARIA1" {
		t.Fatalf("status %v", status)
	}
	e.update(t, hr, settings.KeyClockApp, map[string]any{"public_terminal": 1}).DecodeOK(t, &settingsapi.ConfigView{})
	if err := signIn(); err != nil {
		t.Fatalf("switched on: %v", err)
	}
	// The other users sign in whatever the switch.
	e.update(t, hr, settings.KeyClockApp, map[string]any{"public_terminal": 0}).DecodeOK(t, &settingsapi.ConfigView{})
	if _, err := e.Auth.Login(ctx, hr.AccessCode, hr.UserName, clocktest.Password); err != nil {
		t.Fatal(err)
	}
}
