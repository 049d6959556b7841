package ombudsman_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"portal/auth"
	"portal/auth/mailtest"
	"portal/commands/clocktest"
	settingscmd "portal/commands/settings"
	"portal/domain/settings"
	"portal/eventstore/storetest"
	ombproj "portal/projections/ombudsman"
	settingsproj "portal/projections/settings"
	"portal/readapi"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
	settingsapi "portal/readapi/settings"
)

type filed struct{ ID, Protocol, Code string }

type reports struct {
	Reports   []ombproj.Report
	CanHandle bool
}

type timeline struct {
	Items []struct {
		Type, Actor, ActorName string
		Data                   map[string]any
	}
}

// env is a server whose mails go through the tenant's templates (readapi/settings) to a real
// SMTP server the test starts.
func env(t *testing.T) (*readapitest.Env, *mailtest.Server) {
	t.Helper()
	d, store := storetest.Postgres(t, "readapi_ombudsman")
	mail, err := mailtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mail.Close() })
	fallback := &auth.SMTPMailer{Addr: mail.Addr}
	svc, err := auth.NewService(context.Background(), d.Pool, auth.Options{TokenKey: []byte("ombudsman test signing key, 32 b"), Mailer: fallback})
	if err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return readapitest.ClockNow }
	h, err := settingscmd.New(d.Pool, settingsproj.Settings{}, now)
	if err != nil {
		t.Fatal(err)
	}
	api := &settingsapi.API{Handler: h, Fallback: fallback, MailTimeout: 5 * time.Second, Logins: svc}
	svc.SetTenantMail(api)
	return readapitest.Serve(t, d, store, svc, &readapi.Server{Now: now, Settings: api}), mail
}

func follow(e *readapitest.Env, protocol, code string) apitest.Response {
	q := url.Values{"protocol": {protocol}, "code": {code}}
	return apitest.Send(e.Handler, http.MethodGet, "/api/public/ombudsman/follow?"+q.Encode(), "", "198.51.100.7:4000", nil)
}

// Public, private and anonymous reports: who sees the reporter in the lists, the detail, the
// audit and the log; answers mail the reporter with template 1530 or 1540 through a real SMTP
// server and reach the inbox; the public follow-up by protocol and code; refusals write nothing.
func TestOmbudsman(t *testing.T) {
	e, mail := env(t)
	ctx := context.Background()
	tenant := e.Tenant(t)
	members := []clocktest.Options{{}, {}, {Roles: []string{auth.RoleHRAdmin}}, {Roles: []string{auth.RoleAuditor}}}
	people := make([]clocktest.Person, len(members))
	for i, o := range members {
		people[i] = e.Member(t, &tenant, o)
	}
	strangerMember := e.Member(t, nil, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	// The tenants bought the ombudsman module (the menu item's accessId).
	e.Exec(t, []any{tenant.ID, strangerMember.Tenant}, `UPDATE users SET purchased = 'pwa-ouvidoria' WHERE tenant_id IN ($1, $2)`)
	ana, bia, hrMember, auditor, stranger := e.SignIn(t, people[0]), e.SignIn(t, people[1]), people[2], e.SignIn(t, people[3]), e.SignIn(t, strangerMember)
	e.Exec(t, []any{tenant.ID, ana.UserID}, `UPDATE users SET email = 'ana@acme.test' WHERE tenant_id = $1 AND id = $2`)
	e.Exec(t, []any{tenant.ID, hrMember.UserID}, `UPDATE users SET email = 'rh@acme.test', admin = true WHERE tenant_id = $1 AND id = $2`)
	hr := e.SignIn(t, hrMember)

	// The tenant's templates 1530 and 1540.
	tpl, _ := json.Marshal(map[string]string{
		"pub_ombudsman_subject": "Ouvidoria: resposta para {name}", "pub_ombudsman_body": "<p>Olá {name}, {message}</p>",
		"pri_ombudsman_subject": "Ouvidoria: resposta reservada", "pri_ombudsman_body": "<p>Resposta: {message}</p>"})
	body, _ := json.Marshal(map[string]any{"ciaId": "", "key": settings.KeyTemplates, "template": string(tpl)})
	e.Call(t, hr, http.MethodPost, "/api/authManagement/updateConfig", map[string]string{"userHash": ""}, string(body), nil).DecodeOK(t, &map[string]any{})

	file := func(visibility, subject string) filed {
		var f filed
		e.Call(t, ana, http.MethodPost, "/api/ombudsman/reports", nil,
			`{"category":"complaint","subject":"  `+subject+`  ","text":"O relato.","visibility":"`+visibility+`"}`, nil).DecodeOK(t, &f)
		return f
	}
	pub, pri, anon := file("public", "Público"), file("private", "Reservado"), file("anonymous", "Anônimo")
	year := readapitest.ClockNow.Year()
	for i, f := range []filed{pub, pri, anon} {
		if want := "OUV-" + itoa(year) + "-00000" + itoa(i+1); f.Protocol != want || len(f.Code) != 12 {
			t.Fatalf("filing %d: %+v, want %s", i, f, want)
		}
	}

	before := e.CountEvents(t, tenant.ID)
	post := func(p readapitest.Person, path, body string) apitest.Response {
		return e.Call(t, p, http.MethodPost, path, nil, body, nil)
	}
	post(ana, "/api/ombudsman/reports", `{"category":"gossip","subject":"s","text":"t","visibility":"public"}`).WantErr(t, http.StatusBadRequest, "category", "valor_invalido")
	post(ana, "/api/ombudsman/reports", `{"category":"praise","subject":"  ","text":"t","visibility":"public"}`).WantErr(t, http.StatusBadRequest, "subject", "campo_obrigatorio")
	post(ana, "/api/ombudsman/reports", `{"category":"praise","subject":"s","text":"`+strings.Repeat("a", 5001)+`","visibility":"public"}`).WantErr(t, http.StatusBadRequest, "text", "texto_muito_longo")
	post(ana, "/api/ombudsman/reports", `{"category":"praise","subject":"s","text":"t","visibility":"secret"}`).WantErr(t, http.StatusBadRequest, "visibility", "valor_invalido")
	post(ana, "/api/ombudsman/reports", `{"category":"praise","subject":"s","text":"t","visibility":"public","x":1}`).WantErr(t, http.StatusBadRequest, "body", "valor_invalido")
	post(ana, "/api/ombudsman/reports/"+pub.ID+"/answer", `{"answer":"x"}`).WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
	post(hr, "/api/ombudsman/reports/"+pub.ID+"/answer", `{"answer":"  "}`).WantErr(t, http.StatusBadRequest, "answer", "campo_obrigatorio")
	e.Call(t, hr, http.MethodPut, "/api/ombudsman/reports/"+pub.ID+"/status", nil, `{"status":"answered"}`, nil).WantErr(t, http.StatusBadRequest, "status", "valor_invalido")
	post(stranger, "/api/ombudsman/reports/"+pub.ID+"/answer", `{"answer":"x"}`).WantErr(t, http.StatusNotFound, "id", "nao_encontrado")
	if n := e.CountEvents(t, tenant.ID); n != before {
		t.Fatalf("refusals wrote %d events", n-before)
	}

	// The anonymous filing names nobody anywhere in the log; the private one has a neutral actor.
	var anonLog, priActor string
	e.DB.Pool.QueryRow(ctx, `SELECT actor || ' ' || data::text FROM events WHERE tenant_id = $1 AND stream = $2`, tenant.ID, "ombudsman-"+anon.ID).Scan(&anonLog)
	e.DB.Pool.QueryRow(ctx, `SELECT actor FROM events WHERE tenant_id = $1 AND stream = $2`, tenant.ID, "ombudsman-"+pri.ID).Scan(&priActor)
	if anonLog == "" || strings.Contains(anonLog, ana.UserID.String()) || strings.Contains(anonLog, ana.UserHash) || strings.Contains(anonLog, anon.Code) {
		t.Fatalf("anonymous filing in the log: %s", anonLog)
	}
	if priActor != "00000000-0000-0000-0000-000000000000" {
		t.Fatalf("private filing's actor %q", priActor)
	}

	e.Project(t, tenant.ID, ombproj.Reports{})
	var nulls int
	e.DB.Pool.QueryRow(ctx, `SELECT count(*) FROM ombudsman_reports WHERE tenant_id = $1 AND reporter_id IS NULL`, tenant.ID).Scan(&nulls)
	if nulls != 1 {
		t.Fatalf("%d reports without a reporter id, want the anonymous one", nulls)
	}
	var mine reports
	e.Call(t, ana, http.MethodGet, "/api/ombudsman/reports/mine", nil, "", nil).DecodeOK(t, &mine)
	if len(mine.Reports) != 2 || mine.CanHandle || mine.Reports[0].ReporterID != nil {
		t.Fatalf("ana's reports %+v", mine)
	}
	e.Call(t, bia, http.MethodGet, "/api/ombudsman/reports/mine", nil, "", nil).DecodeOK(t, &mine)
	if len(mine.Reports) != 0 {
		t.Fatalf("bia sees %+v", mine)
	}
	e.Call(t, bia, http.MethodGet, "/api/ombudsman/reports", nil, "", nil).WantErr(t, http.StatusForbidden, "userHash", "acesso_negado")
	var queue reports
	e.Call(t, hr, http.MethodGet, "/api/ombudsman/reports", nil, "", nil).DecodeOK(t, &queue)
	who := map[string]string{}
	for _, r := range queue.Reports {
		who[r.Visibility] = r.ReporterName
	}
	if len(queue.Reports) != 3 || who["public"] != "User "+ana.UserName || who["private"] != "User "+ana.UserName || who["anonymous"] != "" {
		t.Fatalf("the ombudsman's queue %+v", queue)
	}
	var one ombproj.Report
	e.Call(t, hr, http.MethodGet, "/api/ombudsman/reports/"+anon.ID, nil, "", nil).DecodeOK(t, &one)
	if one.ReporterID != nil || one.ReporterName != "" || one.Protocol != anon.Protocol {
		t.Fatalf("anonymous detail %+v", one)
	}
	e.Call(t, stranger, http.MethodGet, "/api/ombudsman/reports/"+pri.ID, nil, "", nil).WantErr(t, http.StatusNotFound, "id", "nao_encontrado")

	// The audit: the auditor (no ombudsman permission) does not see who filed the private
	// report; the ombudsman (HR) does.
	audit := func(p readapitest.Person, id string) timeline {
		var tl timeline
		e.Call(t, p, http.MethodGet, "/api/audit/timeline", map[string]string{"kind": "ombudsman", "id": id}, "", nil).DecodeOK(t, &tl)
		return tl
	}
	if tl := audit(auditor, pri.ID); len(tl.Items) != 1 || tl.Items[0].Data["reporter"] != nil || tl.Items[0].ActorName != "" ||
		strings.Contains(mustJSON(tl), ana.UserID.String()) {
		t.Fatalf("the auditor's timeline of the private report %+v", tl)
	}
	if tl := audit(hr, pri.ID); tl.Items[0].Data["reporter"] != ana.UserID.String() {
		t.Fatalf("the ombudsman's timeline %+v", tl)
	}
	if tl := audit(auditor, pub.ID); tl.Items[0].Data["reporter"] != ana.UserID.String() {
		t.Fatalf("a public report's reporter is not hidden: %+v", tl)
	}

	// Answers: template 1530 for public, 1540 for private, no mail for anonymous.
	var out struct{ Mailed, Notified bool }
	e.Call(t, hr, http.MethodPut, "/api/ombudsman/reports/"+pub.ID+"/status", nil, `{"status":"in_analysis"}`, nil).DecodeOK(t, &map[string]any{})
	post(hr, "/api/ombudsman/reports/"+pub.ID+"/answer", `{"answer":"Resolvemos <o caso>."}`).DecodeOK(t, &out)
	if !out.Mailed || !out.Notified {
		t.Fatalf("public answer %+v", out)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	m, err := mail.WaitFor(wctx, "ana@acme.test", 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Ouvidoria: resposta para "+"User "+ana.UserName || !strings.Contains(m.Body, "Resolvemos &lt;o caso&gt;.") {
		t.Fatalf("1530 mail %+v", m)
	}
	post(hr, "/api/ombudsman/reports/"+pri.ID+"/answer", `{"answer":"Tratado em sigilo."}`).DecodeOK(t, &out)
	if m, err = mail.WaitFor(wctx, "ana@acme.test", 1); err != nil {
		t.Fatal(err)
	}
	if !out.Mailed || m.Subject != "Ouvidoria: resposta reservada" || !strings.Contains(m.Body, "Resposta: Tratado em sigilo.") || strings.Contains(m.Body, "User "+ana.UserName) {
		t.Fatalf("1540 mail %+v (%+v)", m, out)
	}
	post(hr, "/api/ombudsman/reports/"+anon.ID+"/answer", `{"answer":"Apuramos."}`).DecodeOK(t, &out)
	if out.Mailed || out.Notified {
		t.Fatalf("an anonymous report reached someone: %+v", out)
	}
	var notices int
	e.DB.Pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE tenant_id = $1 AND stream = $2 AND type LIKE 'notification.%'`,
		tenant.ID, "notification-"+ana.UserID.String()).Scan(&notices)
	if notices != 2 {
		t.Fatalf("%d inbox notices to ana, want 2", notices)
	}
	e.Call(t, hr, http.MethodPut, "/api/ombudsman/reports/"+pub.ID+"/status", nil, `{"status":"in_analysis"}`, nil).WantErr(t, http.StatusUnprocessableEntity, "status", "ouvidoria_status_invalido")
	e.Call(t, hr, http.MethodPut, "/api/ombudsman/reports/"+pub.ID+"/status", nil, `{"status":"closed"}`, nil).DecodeOK(t, &map[string]any{})
	post(hr, "/api/ombudsman/reports/"+pub.ID+"/answer", `{"answer":"De novo"}`).WantErr(t, http.StatusUnprocessableEntity, "status", "ouvidoria_status_invalido")

	// The follow-up without a token: the right pair answers; a wrong part is the same 404.
	e.Project(t, tenant.ID, ombproj.Reports{})
	var f ombproj.Follow
	follow(e, anon.Protocol, strings.ToLower(anon.Code)).DecodeOK(t, &f)
	if f.Status != "answered" || f.Answer != "Apuramos." || f.AnsweredAt == nil {
		t.Fatalf("follow-up %+v", f)
	}
	wrongCode, wrongProtocol := follow(e, anon.Protocol, pri.Code), follow(e, "OUV-1999-000001", anon.Code)
	wrongCode.WantErr(t, http.StatusNotFound, "protocol", "nao_encontrado")
	if string(wrongCode.Body) != string(wrongProtocol.Body) || wrongProtocol.Status != http.StatusNotFound {
		t.Fatalf("the refusals differ: %s / %s", wrongCode.Body, wrongProtocol.Body)
	}
	follow(e, "", "x").WantErr(t, http.StatusBadRequest, "protocol", "campo_obrigatorio")
	var limited bool
	for range 10 {
		if r := follow(e, anon.Protocol, "WRONGCODE"); r.Status == http.StatusTooManyRequests {
			r.WantErr(t, http.StatusTooManyRequests, "code", "muitas_requisicoes")
			limited = true
			break
		}
	}
	if !limited {
		t.Fatal("guessing codes is not rate limited")
	}
}

// The contact form mails HR (the tenant's HR admins when it has no emailToReply) through a
// real SMTP server; the event and the list keep the subject, never the message.
func TestContact(t *testing.T) {
	e, mail := env(t)
	ctx := context.Background()
	tenant := e.Tenant(t)
	ana := e.Person(t, &tenant, clocktest.Options{})
	hrMember := e.Member(t, &tenant, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	e.Exec(t, []any{tenant.ID, ana.UserID}, `UPDATE users SET email = 'ana@acme.test' WHERE tenant_id = $1 AND id = $2`)

	// No address to send to yet: refused, nothing written.
	before := e.CountEvents(t, tenant.ID)
	e.Call(t, ana, http.MethodPost, "/api/contact", nil, `{"subject":"Holerite","message":"Olá"}`, nil).WantErr(t, http.StatusUnprocessableEntity, "message", "contato_sem_destinatario")
	e.Call(t, ana, http.MethodPost, "/api/contact", nil, `{"subject":"","message":"Olá"}`, nil).WantErr(t, http.StatusBadRequest, "subject", "campo_obrigatorio")
	e.Call(t, ana, http.MethodPost, "/api/contact", nil, `{"subject":"s","message":"`+strings.Repeat("b", 5001)+`"}`, nil).WantErr(t, http.StatusBadRequest, "message", "texto_muito_longo")
	if n := e.CountEvents(t, tenant.ID); n != before {
		t.Fatalf("refusals wrote %d events", n-before)
	}

	e.Exec(t, []any{tenant.ID, hrMember.UserID}, `UPDATE users SET email = 'rh@acme.test' WHERE tenant_id = $1 AND id = $2`)
	e.Call(t, ana, http.MethodPost, "/api/contact", nil, `{"subject":"  Holerite de março ","message":"Meu salário veio errado, segredo-123."}`, nil).DecodeOK(t, &map[string]any{})
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	m, err := mail.WaitFor(wctx, "rh@acme.test", 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "[Contato] Holerite de março" || !strings.Contains(m.Body, "segredo-123") || !strings.Contains(string(m.Raw), "Reply-To: ana@acme.test") {
		t.Fatalf("contact mail %+v", m)
	}
	var raw string
	e.DB.Pool.QueryRow(ctx, `SELECT string_agg(data::text, ' ') FROM events WHERE tenant_id = $1`, tenant.ID).Scan(&raw)
	if strings.Contains(raw, "segredo-123") || !strings.Contains(raw, "Holerite de março") {
		t.Fatalf("the log: %s", raw)
	}
	e.Project(t, tenant.ID, ombproj.Reports{})
	var sent struct{ Messages []ombproj.Contact }
	e.Call(t, ana, http.MethodGet, "/api/contact", nil, "", nil).DecodeOK(t, &sent)
	if len(sent.Messages) != 1 || sent.Messages[0].Subject != "Holerite de março" || sent.Messages[0].Recipients != 1 {
		t.Fatalf("sent %+v", sent)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func mustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }
