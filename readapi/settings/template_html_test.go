package settings_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"portal/domain/settings"
	settingsapi "portal/readapi/settings"
)

// hostile is a template body with a script, an event handler and a javascript: link beside
// the markup a mail needs.
const hostile = `<p>Olá {name}, seu código: <b>{code}</b></p><script>alert(1)</script>` +
	`<img src="https://img.example/logo.png" onerror="alert(2)"><a href="javascript:alert(3)">abrir</a>`

func scriptFree(t *testing.T, where, html string) {
	t.Helper()
	low := strings.ToLower(html)
	for _, bad := range []string{"<script", "alert(", "onerror", "javascript:"} {
		if strings.Contains(low, bad) {
			t.Fatalf("%s carries %q: %s", where, bad, html)
		}
	}
}

// An e-mail template's script never goes out (issue 29): the body is sanitized when saved,
// the preview mail and the real forgot-password mail arrive without it at a real SMTP
// server, and a template stored with a script before (written around the command) is
// cleaned as it is sent.
func TestSettingsTemplateHTMLIsSanitizedOnSaveAndOnSend(t *testing.T) {
	e := newSettingsEnv(t)
	emp, _, hr, _ := e.VacationTeam(t)
	hr = e.admin(t, hr)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e.Exec(t, []any{emp.UserID}, `UPDATE users SET email = 'emp@acme.test' WHERE id = $1`)

	var v settingsapi.ConfigView
	e.update(t, hr, settings.KeyTemplates, map[string]any{"verification_code_subject": "Código", "verification_code_body": hostile}).DecodeOK(t, &v)
	stored, _ := v.Values["verification_code_body"].(string)
	scriptFree(t, "the stored template", stored)
	if !strings.Contains(stored, "<p>Olá {name}, seu código: <b>{code}</b></p>") || !strings.Contains(stored, `<img src="https://img.example/logo.png">`) {
		t.Fatalf("the sanitizer lost the mail's markup: %s", stored)
	}
	var log string
	e.DB.Pool.QueryRow(ctx, `SELECT string_agg(data::text, ' ') FROM events WHERE tenant_id = $1`, hr.Tenant).Scan(&log)
	scriptFree(t, "the settings log", log)

	// The real forgot-password mail (the product's server: the tenant has none of its own).
	if err := e.Auth.ForgotPassword(ctx, emp.AccessCode, emp.UserName); err != nil {
		t.Fatal(err)
	}
	e.Auth.WaitMail()
	m, err := e.fallback.WaitFor(ctx, "emp@acme.test", 0)
	if err != nil {
		t.Fatal(err)
	}
	scriptFree(t, "the forgot-password mail", m.Body)
	if m.Subject != "Código" || !strings.Contains(m.Body, "seu código: <b>") {
		t.Fatalf("forgot-password mail %+v", m)
	}

	// The preview mail of an unsaved body.
	var answer map[string]any
	e.api(t, hr, "POST", "sendmessage/send-template", map[string]string{"address": "prev@acme.test", "subject": "Oi {name}",
		"message": hostile}).DecodeOK(t, &answer)
	if answer["succeeded"] != true {
		t.Fatalf("preview %v", answer)
	}
	p, err := e.fallback.WaitFor(ctx, "prev@acme.test", 0)
	if err != nil {
		t.Fatal(err)
	}
	scriptFree(t, "the preview mail", p.Body)
	if !strings.Contains(p.Body, "<p>Olá Maria Silva, seu código: <b>ABCD2345</b></p>") {
		t.Fatalf("preview body %s", p.Body)
	}

	// A template that reached the read model with its script is cleaned on the way out.
	e.Exec(t, []any{hr.Tenant}, `UPDATE tenant_settings SET "values" = "values" || jsonb_build_object('verification_code_body',
    '<p>{code}</p><script>alert(1)</script><a href="#" onclick="alert(4)">x</a>') WHERE tenant_id = $1 AND key = 'email_templates'`)
	if err := e.Auth.ForgotPassword(ctx, emp.AccessCode, emp.UserName); err != nil {
		t.Fatal(err)
	}
	e.Auth.WaitMail()
	m, err = e.fallback.WaitFor(ctx, "emp@acme.test", 1)
	if err != nil {
		t.Fatal(err)
	}
	scriptFree(t, "the mail of a template stored with a script", m.Body)
	if strings.Contains(m.Body, "onclick") {
		t.Fatalf("handler kept: %s", m.Body)
	}
}
