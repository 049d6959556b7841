package survey_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	surveycmd "portal/commands/survey"
	"portal/domain"
	"portal/domain/survey"
)

var surveyNow = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func surveyClock() time.Time { return surveyNow }

type surveyHandlers struct {
	create *surveycmd.CreateHandler
	close  *surveycmd.CloseHandler
	resp   *surveycmd.Responses
}

func newSurveyHandlers(t *testing.T) surveyHandlers {
	t.Helper()
	var h surveyHandlers
	var err error
	must := func(e error) {
		if e != nil {
			t.Fatal(e)
		}
	}
	h.create, err = surveycmd.NewCreateHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, surveyClock)
	must(err)
	h.close, err = surveycmd.NewCloseHandler(harness.Store, surveyClock)
	must(err)
	h.resp, err = surveycmd.NewResponses(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, surveyClock)
	must(err)
	return h
}

func TestSurveyHandlersRefuseNilDependencies(t *testing.T) {
	if _, err := surveycmd.NewCreateHandler(nil, harness.Store, surveyClock); err == nil {
		t.Error("create accepted a nil pool")
	}
	if _, err := surveycmd.NewCloseHandler(harness.Store, nil); err == nil {
		t.Error("close accepted a nil clock")
	}
	facts := commands.PoolFacts{Pool: harness.DB.Pool}
	if _, err := surveycmd.NewResponses(facts, nil, surveyClock); err == nil {
		t.Error("responses accepted a nil store")
	}
	if _, err := surveycmd.NewResponses(nil, harness.Store, surveyClock); err == nil {
		t.Error("responses accepted nil facts")
	}
	if _, err := surveycmd.NewResponses(facts, harness.Store, nil); err == nil {
		t.Error("responses accepted a nil clock")
	}
}

func climateDraft(audience survey.Audience) survey.Draft {
	return survey.Draft{Definition: survey.Definition{Kind: survey.KindClimate, Title: "Clima", Start: surveyNow.Add(-time.Hour),
		End: surveyNow.Add(24 * time.Hour), Audience: audience, Questions: []survey.Question{
			{Title: "Nota", Type: survey.TypeInteger, Min: "1", Max: "5", Required: true, Code: "Liderança"},
			{Title: "Horas", Type: survey.TypeDecimal},
		}}}
}

func kindOf(err error) (domain.Kind, string, string) {
	var de *domain.Error
	if errors.As(err, &de) {
		return de.Kind, de.Field, de.Key
	}
	return 0, "", ""
}

func answerInput(t *testing.T, sid, ukey string, body string) survey.AnswerInput {
	t.Helper()
	in, err := survey.ParseAnswer([]byte(fmt.Sprintf(`{"oa8_ukey":%q,"ukey":%q,%s}`, sid, ukey, body)))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func TestSurveyCommands(t *testing.T) {
	ctx := context.Background()
	h := newSurveyHandlers(t)
	tenant, err := clocktest.NewTenant(ctx, harness.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	hr, err := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	if err != nil {
		t.Fatal(err)
	}
	ana, err := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	other := person(t, clocktest.Options{}) // another tenant
	hrRoles := []string{auth.RoleHRAdmin}

	// Only HR creates.
	if _, err := h.create.Handle(ctx, surveycmd.Create{CommandID: "c0", Tenant: tenant.ID, UserID: ana.UserID,
		Roles: []string{auth.RoleCollaborator}, Draft: climateDraft(survey.Audience{All: true})}); err == nil {
		t.Fatal("an employee created a survey")
	} else if k, _, _ := kindOf(err); k != domain.Forbidden {
		t.Fatalf("employee create: %v", err)
	}
	// A department of another tenant is refused.
	var foreignDept uuid.UUID
	if err := harness.DB.Pool.QueryRow(ctx, `SELECT department_id FROM employees WHERE tenant_id = $1 AND id = $2`, other.Tenant, other.EmployeeID).Scan(&foreignDept); err != nil {
		t.Fatal(err)
	}
	if _, err := h.create.Handle(ctx, surveycmd.Create{CommandID: "c1", Tenant: tenant.ID, UserID: hr.UserID, Roles: hrRoles,
		Draft: climateDraft(survey.Audience{Departments: []string{foreignDept.String()}})}); err == nil {
		t.Fatal("a survey for another tenant's department was created")
	}
	d, err := h.create.Handle(ctx, surveycmd.Create{CommandID: "c2", Tenant: tenant.ID, UserID: hr.UserID, Roles: hrRoles,
		Draft: climateDraft(survey.Audience{All: true})})
	if err != nil {
		t.Fatal(err)
	}
	again, err := h.create.Handle(ctx, surveycmd.Create{CommandID: "c2", Tenant: tenant.ID, UserID: hr.UserID, Roles: hrRoles,
		Draft: climateDraft(survey.Audience{All: true})})
	if err != nil || again.ID != d.ID || again.Questions[0].Ukey != d.Questions[0].Ukey {
		t.Fatalf("retried create = %v %v, want the same survey", again.ID, err)
	}
	sid := uuid.MustParse(d.ID)
	q0, q1 := d.Questions[0].Ukey, d.Questions[1].Ukey

	// Another tenant's user cannot see or answer it.
	err = h.resp.SaveAnswer(ctx, surveycmd.Response{CommandID: "x", Tenant: other.Tenant, UserID: other.UserID, SurveyID: sid},
		answerInput(t, d.ID, q0, `"oa9_004_n":1,"oa9_101_n":3,"step":0`))
	if k, _, _ := kindOf(err); k != domain.NotFound {
		t.Fatalf("foreign answer: %v", err)
	}

	// Answer, step, a refused finish naming the first invalid question, then a finish.
	save := func(id, ukey, body string) error {
		return h.resp.SaveAnswer(ctx, surveycmd.Response{CommandID: id, Tenant: tenant.ID, UserID: ana.UserID, SurveyID: sid},
			answerInput(t, d.ID, ukey, body))
	}
	if err := save("a1", q0, `"oa9_004_n":1,"oa9_101_n":9,"step":1`); err != nil {
		t.Fatal(err)
	}
	if err := save("a2", q1, `"oa9_004_n":5,"oa9_103_n":1.5,"step":1`); err != nil {
		t.Fatal(err)
	}
	err = h.resp.Finish(ctx, surveycmd.Response{CommandID: "f1", Tenant: tenant.ID, UserID: ana.UserID, SurveyID: sid})
	if k, f, key := kindOf(err); k != domain.Refused || f != "perguntas[0]" || key != survey.KeyMax {
		t.Fatalf("finish with 9 of 5 = %v", err)
	}
	if err := h.resp.SaveStep(ctx, surveycmd.Response{CommandID: "s1", Tenant: tenant.ID, UserID: ana.UserID, SurveyID: sid}, 0); err != nil {
		t.Fatal(err)
	}
	if err := save("a3", q0, `"oa9_004_n":1,"oa9_101_n":4,"step":0`); err != nil {
		t.Fatal(err)
	}
	// A retried answer command (same id) is answered without a second event.
	if err := save("a3", q0, `"oa9_004_n":1,"oa9_101_n":4,"step":0`); err != nil {
		t.Fatal(err)
	}
	if err := h.resp.Finish(ctx, surveycmd.Response{CommandID: "f2", Tenant: tenant.ID, UserID: ana.UserID, SurveyID: sid}); err != nil {
		t.Fatal(err)
	}
	if err := h.resp.Finish(ctx, surveycmd.Response{CommandID: "f2", Tenant: tenant.ID, UserID: ana.UserID, SurveyID: sid}); err != nil {
		t.Fatalf("retried finish: %v", err)
	}
	// Once finished, nothing is editable.
	if k, _, key := kindOf(save("a4", q1, `"oa9_004_n":5,"oa9_103_n":2,"step":1`)); k != domain.Refused || key != survey.KeyFinished {
		t.Fatal("an answer after finishing was accepted")
	}
	events, err := harness.Store.ReadStream(ctx, tenant.ID, survey.ResponseStream(surveycmd.ResponseID(tenant.ID, sid, ana.UserID)), 0)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range events {
		types = append(types, e.Type)
	}
	want := []string{survey.TypeAnswered, survey.TypeAnswered, survey.TypeStepSaved, survey.TypeAnswered, survey.TypeCompleted}
	if fmt.Sprint(types) != fmt.Sprint(want) {
		t.Fatalf("response events = %v, want %v", types, want)
	}

	// Closing stops answers of others.
	bob, err := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.close.Handle(ctx, surveycmd.Close{CommandID: "k1", Tenant: tenant.ID, UserID: ana.UserID, Roles: nil, SurveyID: sid}); err == nil {
		t.Fatal("an employee closed a survey")
	}
	if err := h.close.Handle(ctx, surveycmd.Close{CommandID: "k2", Tenant: tenant.ID, UserID: hr.UserID, Roles: hrRoles, SurveyID: sid}); err != nil {
		t.Fatal(err)
	}
	err = h.resp.SaveAnswer(ctx, surveycmd.Response{CommandID: "b1", Tenant: tenant.ID, UserID: bob.UserID, SurveyID: sid},
		answerInput(t, d.ID, q0, `"oa9_004_n":1,"oa9_101_n":3,"step":0`))
	if _, _, key := kindOf(err); key != survey.KeyClosed {
		t.Fatalf("answer to a closed survey: %v", err)
	}
}

// A survey for one department is not answerable by people of another (NotFound: the answer
// tells nothing), and the 360 relation travels with the completion.
func TestSurveyAudience(t *testing.T) {
	ctx := context.Background()
	h := newSurveyHandlers(t)
	tenant, err := clocktest.NewTenant(ctx, harness.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	hr, _ := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	ana, _ := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{})
	boss, _ := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{})
	outsider, _ := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{})
	draft := climateDraft(survey.Audience{})
	draft.Definition.Kind = survey.Kind360
	draft.SubjectHash = ana.UserHash
	draft.EvaluatorHashes = []survey.EvaluatorHash{{UserHash: ana.UserHash, Relation: survey.RelationSelf}, {UserHash: boss.UserHash, Relation: survey.RelationManager}}
	d, err := h.create.Handle(ctx, surveycmd.Create{CommandID: "360", Tenant: tenant.ID, UserID: hr.UserID, Roles: []string{auth.RoleHRAdmin}, Draft: draft})
	if err != nil {
		t.Fatal(err)
	}
	sid := uuid.MustParse(d.ID)
	in := answerInput(t, d.ID, d.Questions[0].Ukey, `"oa9_004_n":1,"oa9_101_n":5,"step":0`)
	err = h.resp.SaveAnswer(ctx, surveycmd.Response{CommandID: "o", Tenant: tenant.ID, UserID: outsider.UserID, SurveyID: sid}, in)
	if k, _, _ := kindOf(err); k != domain.NotFound {
		t.Fatalf("outsider answer: %v", err)
	}
	if err := h.resp.SaveAnswer(ctx, surveycmd.Response{CommandID: "b", Tenant: tenant.ID, UserID: boss.UserID, SurveyID: sid}, in); err != nil {
		t.Fatal(err)
	}
	if err := h.resp.Finish(ctx, surveycmd.Response{CommandID: "bf", Tenant: tenant.ID, UserID: boss.UserID, SurveyID: sid}); err != nil {
		t.Fatal(err)
	}
	events, err := harness.Store.ReadStream(ctx, tenant.ID, survey.ResponseStream(surveycmd.ResponseID(tenant.ID, sid, boss.UserID)), 0)
	if err != nil || len(events) != 2 {
		t.Fatalf("boss's response: %d events, %v", len(events), err)
	}
	var completed struct{ Relation string }
	if err := json.Unmarshal(events[1].Data, &completed); err != nil || completed.Relation != string(survey.RelationManager) {
		t.Fatalf("completion %s lacks the manager relation (%v)", events[1].Data, err)
	}
}
