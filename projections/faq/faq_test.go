package faq_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands/clocktest"
	faqcmd "portal/commands/faq"
	"portal/domain"
	"portal/domain/faq"
	"portal/platform/db"
	"portal/projections"
	faqproj "portal/projections/faq"
	"portal/projections/projtest"
)

// HR builds a FAQ through the commands; every change is an event of the stream "faq"; the
// projection answers an accent-insensitive prefix search with the best match first; an
// answer's script never reaches the log; bad input and a non-empty category are refused
// with nothing written; another tenant reads nothing; a projected batch tells the tenant's open
// pages; a rebuild gives the same rows.
func TestFAQCommandsProjectionAndSearch(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	hr := uuid.New()
	h, err := faqcmd.New(store, func() time.Time { return projtest.Now })
	if err != nil {
		t.Fatal(err)
	}
	caller := func(id string) faqcmd.Caller { return faqcmd.Caller{Tenant: tenant.ID, UserID: hr, CommandID: id} }

	ferias, err := h.SaveCategory(ctx, caller("c1"), faqcmd.Category{Name: " Férias ", Rank: 1})
	if err != nil {
		t.Fatal(err)
	}
	again, err := h.SaveCategory(ctx, caller("c1"), faqcmd.Category{Name: " Férias ", Rank: 1})
	if err != nil || again != ferias {
		t.Fatalf("a retried command answers its first id: %v %v", again, err)
	}
	ponto, err := h.SaveCategory(ctx, caller("c2"), faqcmd.Category{Name: "Ponto"})
	if err != nil {
		t.Fatal(err)
	}
	q1, err := h.SaveQuestion(ctx, caller("q1"), faqcmd.Question{Category: ferias, Question: "Quando posso tirar férias?",
		Answer: `<p>Após o <b>período aquisitivo</b>.</p><script>alert(1)</script>`})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.SaveQuestion(ctx, caller("q2"), faqcmd.Question{Category: ponto, Question: "Esqueci de bater o ponto",
		Answer: "Peça um ajuste de ponto; as férias não mudam.", Rank: 2}); err != nil {
		t.Fatal(err)
	}

	refused := []struct {
		name string
		run  func() error
		kind domain.Kind
	}{
		{"empty name", func() error { _, err := h.SaveCategory(ctx, caller("x1"), faqcmd.Category{Name: "  "}); return err }, domain.Invalid},
		{"long question", func() error {
			_, err := h.SaveQuestion(ctx, caller("x2"), faqcmd.Question{Category: ferias, Question: strings.Repeat("a", 256), Answer: "x"})
			return err
		}, domain.Invalid},
		{"answer only a script", func() error {
			_, err := h.SaveQuestion(ctx, caller("x3"), faqcmd.Question{Category: ferias, Question: "q", Answer: "<script>x</script>"})
			return err
		}, domain.Invalid},
		{"unknown category", func() error {
			_, err := h.SaveQuestion(ctx, caller("x4"), faqcmd.Question{Category: uuid.New(), Question: "q", Answer: "a"})
			return err
		}, domain.Invalid},
		{"edit unknown question", func() error {
			_, err := h.SaveQuestion(ctx, caller("x5"), faqcmd.Question{ID: uuid.New(), Category: ferias, Question: "q", Answer: "a"})
			return err
		}, domain.NotFound},
		{"remove a category with questions", func() error { return h.RemoveCategory(ctx, caller("x6"), ferias) }, domain.Refused},
	}
	for _, r := range refused {
		var de *domain.Error
		if err := r.run(); !errors.As(err, &de) || de.Kind != r.kind {
			t.Errorf("%s: %v", r.name, err)
		}
	}

	events, err := store.ReadStream(ctx, tenant.ID, faq.Stream, 0)
	if err != nil || len(events) != 4 {
		t.Fatalf("events %d %v (refusals must write nothing)", len(events), err)
	}
	if strings.Contains(string(events[2].Data), "script") || events[2].Actor != hr.String() {
		t.Fatalf("stored answer %s by %s", events[2].Data, events[2].Actor)
	}
	if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return faqproj.FAQ{}.Apply(ctx, tx, events) }); err != nil {
		t.Fatal(err)
	}
	// One push to the whole tenant for the batch, at its last event: open FAQ pages read again.
	if got := projtest.Pushes(t, d, tenant.ID); len(got) != 1 || got[0].Topic != faqproj.ChangedTopic ||
		got[0].User != uuid.Nil || got[0].Pos != events[len(events)-1].Cursor.Position {
		t.Fatalf("pushes %+v", got)
	}
	if err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return faqproj.FAQ{}.Apply(ctx, tx, events) }); err != nil {
		t.Fatal(err) // redelivered
	}

	search := func(tenantID uuid.UUID, category uuid.UUID, q string) []faqproj.Question {
		t.Helper()
		var out []faqproj.Question
		if err := db.InTenant(ctx, d.Pool, tenantID.String(), func(tx pgx.Tx) error {
			var err error
			out, err = faqproj.FAQ{}.Questions(ctx, tx, category, q)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := search(tenant.ID, uuid.Nil, ""); len(got) != 2 || got[0].ID != q1 {
		t.Fatalf("all by rank %+v", got)
	}
	// "ferias" without its accent finds both, the one that asks about it first; a prefix works.
	if got := search(tenant.ID, uuid.Nil, "FERIAS"); len(got) != 2 || got[0].ID != q1 {
		t.Fatalf("ferias %+v", got)
	}
	if got := search(tenant.ID, uuid.Nil, "aquisit"); len(got) != 1 || got[0].ID != q1 || strings.Contains(got[0].Answer, "script") {
		t.Fatalf("aquisit %+v", got)
	}
	if got := search(tenant.ID, ponto, "férias"); len(got) != 1 || got[0].CategoryID != ponto {
		t.Fatalf("in ponto %+v", got)
	}
	if got := search(tenant.ID, uuid.Nil, `"'):*&|!`); len(got) != 2 {
		t.Fatalf("punctuation only is no filter %+v", got)
	}
	if got := search(tenant.ID, uuid.Nil, "bater ponto"); len(got) != 1 {
		t.Fatalf("two words %+v", got)
	}
	other, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	if got := search(other.ID, uuid.Nil, ""); len(got) != 0 {
		t.Fatalf("another tenant reads %+v", got)
	}

	// Edits and removals, then a rebuild from zero.
	if _, err := h.SaveQuestion(ctx, caller("q1-edit"), faqcmd.Question{ID: q1, Category: ferias, Question: "Como peço férias?", Answer: "Pelo portal."}); err != nil {
		t.Fatal(err)
	}
	if err := h.RemoveQuestion(ctx, caller("q2-rm"), search(tenant.ID, ponto, "")[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := h.RemoveCategory(ctx, caller("c2-rm"), ponto); err != nil {
		t.Fatal(err)
	}
	events, _ = store.ReadStream(ctx, tenant.ID, faq.Stream, 0)
	projtest.Readable(t, store, events[len(events)-1].Cursor)
	if _, err := projections.Replay(ctx, d.Pool, store, faqproj.FAQ{}, nil); err != nil {
		t.Fatal(err)
	}
	got := search(tenant.ID, uuid.Nil, "")
	if len(got) != 1 || got[0].Question != "Como peço férias?" {
		t.Fatalf("after replay %+v", got)
	}
	var cats []faqproj.Category
	_ = db.InTenant(ctx, d.Pool, tenant.ID.String(), func(tx pgx.Tx) error {
		cats, err = faqproj.FAQ{}.Categories(ctx, tx)
		return err
	})
	if len(cats) != 1 || cats[0].ID != ferias || cats[0].Name != "Férias" {
		t.Fatalf("categories %+v %v", cats, err)
	}
}
