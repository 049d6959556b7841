package survey_test

import (
	"testing"

	"portal/domain/survey"
)

func TestPlan(t *testing.T) {
	t.Parallel()
	p := survey.NewPlan()
	add := survey.ActionAdded{ID: "a1", UserID: "u", Title: "Curso de comunicação", Due: "2026-12-31", By: "u", At: now}
	for name, bad := range map[string]survey.ActionAdded{
		"no_title":  {ID: "a", UserID: "u"},
		"long":      {ID: "a", UserID: "u", Title: string(make([]rune, 256))},
		"bad_due":   {ID: "a", UserID: "u", Title: "x", Due: "31/12/2026"},
		"old_due":   {ID: "a", UserID: "u", Title: "x", Due: "1800-01-01"},
		"no_userid": {ID: "a", Title: "x"},
	} {
		if _, err := p.Add(bad); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	es, err := p.Add(add)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		p.Apply(e)
	}
	if _, err := p.Add(add); err == nil {
		t.Error("the same action id twice")
	}
	if _, err := p.Complete("zz", now); err == nil {
		t.Error("completed an unknown action")
	}
	es, err = p.Complete("a1", now)
	if err != nil || len(es) != 1 {
		t.Fatalf("Complete = %v %v", es, err)
	}
	p.Apply(es[0])
	if es, err := p.Complete("a1", now); err != nil || len(es) != 0 {
		t.Fatalf("second Complete = %v %v", es, err)
	}
	if !survey.MayEditPlan("u", "u", nil) || survey.MayEditPlan("x", "u", nil) || !survey.MayEditPlan("x", "u", []string{survey.RoleHRAdmin}) {
		t.Error("MayEditPlan: the owner or HR only")
	}
	if d, err := survey.ParseAction([]byte(`{"titulo":" Ler ","prazo":"2026-03-04T10:00:00-03:00"}`)); err != nil || d.Title != "Ler" || d.Due != "2026-03-04" {
		t.Fatalf("ParseAction = %+v %v", d, err)
	}
	if _, err := survey.ParseAction([]byte(`{"prazo":"x"}`)); err == nil {
		t.Error("a bad due date parsed")
	}
}
