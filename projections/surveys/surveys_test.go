package surveys_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	surveycmd "portal/commands/survey"
	"portal/domain/survey"
	"portal/eventstore"
	"portal/eventstore/storetest"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections"
	"portal/projections/projtest"
	surveysproj "portal/projections/surveys"
)

var surveyNow = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

type surveyFixture struct {
	d         *pgtest.DB
	store     *eventstore.Postgres
	tenant    clocktest.Tenant
	hr        clocktest.Person
	responses *surveycmd.Responses
	create    *surveycmd.CreateHandler
}

func newSurveyFixture(t *testing.T) *surveyFixture {
	t.Helper()
	d, store := projtest.DB(t)
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, d.Pool)
	if err != nil {
		t.Fatal(err)
	}
	hr, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{Roles: []string{auth.RoleHRAdmin}})
	if err != nil {
		t.Fatal(err)
	}
	clock := func() time.Time { return surveyNow }
	f := &surveyFixture{d: d, store: store, tenant: tenant, hr: hr}
	f.responses, _ = surveycmd.NewResponses(commands.PoolFacts{Pool: d.Pool}, store, clock)
	f.create, _ = surveycmd.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, clock)
	return f
}

func (f *surveyFixture) person(t *testing.T) clocktest.Person {
	t.Helper()
	p, err := f.tenant.NewPerson(context.Background(), f.d.Pool, clocktest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *surveyFixture) newSurvey(t *testing.T, draft survey.Draft) survey.Definition {
	t.Helper()
	d, err := f.create.Handle(context.Background(), surveycmd.Create{CommandID: uuid.NewString(), Tenant: f.tenant.ID,
		UserID: f.hr.UserID, Roles: []string{auth.RoleHRAdmin}, Draft: draft})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// respond saves answers (body slots per question index) and finishes when finish is set.
func (f *surveyFixture) respond(t *testing.T, p clocktest.Person, d survey.Definition, finish bool, slots ...string) {
	t.Helper()
	ctx := context.Background()
	sid := uuid.MustParse(d.ID)
	for i, slot := range slots {
		if slot == "" {
			continue
		}
		in, err := survey.ParseAnswer([]byte(fmt.Sprintf(`{"oa8_ukey":%q,"ukey":%q,"oa9_004_n":%d,"step":%d,%s}`,
			d.ID, d.Questions[i].Ukey, d.Questions[i].Type, i, slot)))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.responses.SaveAnswer(ctx, surveycmd.Response{CommandID: uuid.NewString(), Tenant: f.tenant.ID, UserID: p.UserID, SurveyID: sid}, in); err != nil {
			t.Fatal(err)
		}
	}
	if finish {
		if err := f.responses.Finish(ctx, surveycmd.Response{CommandID: uuid.NewString(), Tenant: f.tenant.ID, UserID: p.UserID, SurveyID: sid}); err != nil {
			t.Fatal(err)
		}
	}
}

// log reads the global log after cursor up to the newest event appended so far. ReadAll holds
// back events that a transaction in flight anywhere in the cluster could precede, so it
// waits until the newest one is readable.
func (f *surveyFixture) log(t *testing.T, after eventstore.Cursor) []eventstore.RecordedEvent {
	t.Helper()
	var newest int64
	if err := f.d.Pool.QueryRow(context.Background(), `SELECT coalesce(max(position), 0) FROM events`).Scan(&newest); err != nil {
		t.Fatal(err)
	}
	return storetest.ReadUntil(t, f.store, after, func(e eventstore.RecordedEvent) bool { return e.Position() >= newest })
}

func (f *surveyFixture) apply(t *testing.T, events []eventstore.RecordedEvent) {
	t.Helper()
	err := pgx.BeginFunc(context.Background(), f.d.Pool, func(tx pgx.Tx) error {
		return surveysproj.New().Apply(context.Background(), tx, events)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (f *surveyFixture) results(t *testing.T, id string) surveysproj.Results {
	t.Helper()
	var r surveysproj.Results
	ctx := context.Background()
	err := db.InTenant(ctx, f.d.Pool, f.tenant.ID.String(), func(tx pgx.Tx) (err error) {
		r, err = surveysproj.Surveys{}.Results(ctx, tx, uuid.MustParse(id))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (f *surveyFixture) pending(t *testing.T, p clocktest.Person, tenant uuid.UUID) []surveysproj.PendingSurvey {
	t.Helper()
	var list []surveysproj.PendingSurvey
	ctx := context.Background()
	err := db.InTenant(ctx, f.d.Pool, tenant.String(), func(tx pgx.Tx) (err error) {
		list, err = surveysproj.Surveys{}.Pending(ctx, tx, surveysproj.Member{UserID: p.UserID}, surveyNow)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func enpsDraft() survey.Draft {
	return survey.Draft{Definition: survey.Definition{Kind: survey.KindENPS, Title: "eNPS", Start: surveyNow.Add(-time.Hour),
		End: surveyNow.Add(time.Hour), Audience: survey.Audience{All: true}, Questions: []survey.Question{
			{Title: "Nota", Type: survey.TypeInteger, Min: "0", Max: "10", Required: true},
			{Title: "Por quê?", Type: survey.TypeMultiLine},
		}}}
}

// The eNPS is kept incrementally from completions; fewer than 3 respondents show no figures;
// a redelivered batch counts nothing twice; HR is told live.
func TestSurveysENPSResults(t *testing.T) {
	t.Parallel()
	f := newSurveyFixture(t)
	d := f.newSurvey(t, enpsDraft())
	people := []clocktest.Person{f.person(t), f.person(t), f.person(t), f.person(t)}
	f.respond(t, people[0], d, true, `"oa9_101_n":10`)
	f.respond(t, people[1], d, true, `"oa9_101_n":3`, `"oa9_105_m":"falta"`)
	f.respond(t, people[2], d, false, `"oa9_101_n":9`) // answered, not finished: not counted
	first := f.log(t, eventstore.Start)
	f.apply(t, first)
	r := f.results(t, d.ID)
	if r.Respondents != 2 || r.Shown || r.ENPS != nil || len(r.Questions) != 0 {
		t.Fatalf("two respondents must show no figures: %+v", r)
	}
	// The unfinished one is pending with its answer and step; the finished ones are not.
	pend := f.pending(t, people[2], f.tenant.ID)
	if len(pend) != 1 || pend[0].Questions[0].Integer == nil || *pend[0].Questions[0].Integer != 9 {
		t.Fatalf("pending of an unfinished respondent = %+v", pend)
	}
	if got := f.pending(t, people[0], f.tenant.ID); len(got) != 0 {
		t.Fatalf("a finished survey is still pending: %+v", got)
	}
	other := projtest.Person(t, f.d) // another tenant sees nothing of it
	if got := f.pending(t, other, other.Tenant); len(got) != 0 {
		t.Fatalf("another tenant sees %+v", got)
	}

	f.respond(t, people[2], d, true)
	f.respond(t, people[3], d, true, `"oa9_101_n":7`)
	rest := f.log(t, first[len(first)-1].Cursor)
	f.apply(t, rest)
	f.apply(t, rest) // redelivered
	r = f.results(t, d.ID)
	// 10, 3, 9, 7: 2 promoters, 1 passive, 1 detractor of 4 = 25.
	want := surveysproj.ENPSResult{Score: 25, Promoters: 2, Passives: 1, Detractors: 1, Distribution: [11]int64{3: 1, 7: 1, 9: 1, 10: 1}}
	if r.Respondents != 4 || !r.Shown || r.ENPS == nil || *r.ENPS != want {
		t.Fatalf("results = %+v enps %+v", r, r.ENPS)
	}
	if r.Questions[0].Average == nil || *r.Questions[0].Average != 7.25 {
		t.Fatalf("average = %+v", r.Questions[0])
	}
	var pushes int
	if err := f.d.Pool.QueryRow(context.Background(), `SELECT count(*) FROM push_pending WHERE tenant_id = $1 AND topic = $2 AND user_id IS NULL`,
		f.tenant.ID, surveysproj.ResultsTopic).Scan(&pushes); err != nil {
		t.Fatal(err)
	}
	if pushes != 2 {
		t.Fatalf("%d survey.results pushes to the tenant, want 2 (one per batch with completions)", pushes)
	}
}

// Climate averages per question and dimension, poll counts, and 360 groups by relation.
func TestSurveysClimatePollAnd360Results(t *testing.T) {
	t.Parallel()
	f := newSurveyFixture(t)
	climate := f.newSurvey(t, survey.Draft{Definition: survey.Definition{Kind: survey.KindClimate, Title: "Clima",
		Start: surveyNow.Add(-time.Hour), End: surveyNow.Add(time.Hour), Audience: survey.Audience{All: true}, Questions: []survey.Question{
			{Code: "Liderança", Title: "A", Type: survey.TypeInteger, Min: "1", Max: "5", Required: true},
			{Code: "Liderança", Title: "B", Type: survey.TypeDecimal, Min: "1", Max: "5"},
			{Code: "Ambiente", Title: "C", Type: survey.TypeOption, Options: "Boa;Ruim"},
			{Title: "D", Type: survey.TypeBoolean},
		}}})
	people := []clocktest.Person{f.person(t), f.person(t), f.person(t)}
	f.respond(t, people[0], climate, true, `"oa9_101_n":5`, `"oa9_103_n":4.5`, `"oa9_100_c":"Boa"`, `"oa9_102_b":true`)
	f.respond(t, people[1], climate, true, `"oa9_101_n":3`, `"oa9_103_n":2`, `"oa9_100_c":"Boa"`, `"oa9_102_b":false`)
	f.respond(t, people[2], climate, true, `"oa9_101_n":4`, ``, `"oa9_100_c":"Ruim"`, `"oa9_102_b":true`)

	subject, boss := people[0], people[1]
	peers := []clocktest.Person{people[2], f.person(t), f.person(t)}
	d360 := survey.Draft{Definition: survey.Definition{Kind: survey.Kind360, Title: "360", Start: surveyNow.Add(-time.Hour),
		End: surveyNow.Add(time.Hour), Questions: []survey.Question{{Title: "Comunica bem", Type: survey.TypeInteger, Min: "1", Max: "5", Required: true}}},
		SubjectHash: subject.UserHash}
	d360.EvaluatorHashes = []survey.EvaluatorHash{{UserHash: subject.UserHash, Relation: survey.RelationSelf}, {UserHash: boss.UserHash, Relation: survey.RelationManager}}
	for _, p := range peers {
		d360.EvaluatorHashes = append(d360.EvaluatorHashes, survey.EvaluatorHash{UserHash: p.UserHash, Relation: survey.RelationPeer})
	}
	e360 := f.newSurvey(t, d360)
	f.respond(t, subject, e360, true, `"oa9_101_n":5`)
	f.respond(t, boss, e360, true, `"oa9_101_n":2`)
	for i, p := range peers {
		f.respond(t, p, e360, true, fmt.Sprintf(`"oa9_101_n":%d`, 3+i%2))
	}
	f.apply(t, f.log(t, eventstore.Start))

	r := f.results(t, climate.ID)
	if !r.Shown || r.Respondents != 3 {
		t.Fatalf("climate = %+v", r)
	}
	avg := func(q surveysproj.QuestionResult) float64 {
		if q.Average == nil {
			return -1
		}
		return *q.Average
	}
	if avg(r.Questions[0]) != 4 || r.Questions[1].Shown || r.Questions[1].Average != nil {
		t.Fatalf("question figures = %+v / %+v (B has 2 answers: hidden)", r.Questions[0], r.Questions[1])
	}
	// Ambiente holds only an option question: it has no average.
	if len(r.Dimensions) != 1 || r.Dimensions[0].Dimension != "Liderança" || r.Dimensions[0].Average == nil || *r.Dimensions[0].Average != 3.7 {
		t.Fatalf("dimensions = %+v", r.Dimensions)
	}
	if fmt.Sprint(r.Questions[2].Counts) != "[{Boa 2} {Ruim 1}]" || fmt.Sprint(r.Questions[3].Counts) != "[{true 2} {false 1}]" {
		t.Fatalf("counts = %+v %+v", r.Questions[2].Counts, r.Questions[3].Counts)
	}

	g := f.results(t, e360.ID)
	byRel := map[string]surveysproj.RelationResult{}
	for _, x := range g.Relations {
		byRel[x.Relation] = x
	}
	if byRel["self"].Shown || byRel["self"].Questions != nil || byRel["manager"].Shown || byRel["manager"].Respondents != 1 {
		t.Fatalf("groups of one must show nothing: %+v", g.Relations)
	}
	peer := byRel["peer"]
	if !peer.Shown || peer.Respondents != 3 || peer.Questions[0].Average == nil || *peer.Questions[0].Average != 3.33 {
		t.Fatalf("peers = %+v", peer)
	}
}

// A replay copies the responses no batch of it wrote before and upserts the others
// (replay.go): whether the log comes in one batch or in parts, and however a response's
// answers and completion fall across them, it builds the read model a runner builds.
func TestSurveysReplayBuildsWhatTheRunnerBuilds(t *testing.T) {
	t.Parallel()
	f := newSurveyFixture(t)
	ctx := context.Background()
	d := f.newSurvey(t, enpsDraft())
	people := []clocktest.Person{f.person(t), f.person(t), f.person(t), f.person(t), f.person(t)}
	f.respond(t, people[0], d, true, `"oa9_101_n":10`, `"oa9_105_m":"bom"`)
	f.respond(t, people[1], d, false, `"oa9_101_n":3`) // completed in the second part
	f.respond(t, people[2], d, false, `"oa9_101_n":9`) // never completed
	first := f.log(t, eventstore.Start)
	f.respond(t, people[1], d, true, ``, `"oa9_105_m":"falta"`)
	f.respond(t, people[3], d, true, `"oa9_101_n":7`)
	f.respond(t, people[4], d, false, `"oa9_101_n":0`) // answered in the second part, completed in the third
	second := f.log(t, first[len(first)-1].Cursor)
	f.respond(t, people[4], d, true)
	f.respond(t, people[2], d, false, ``, `"oa9_105_m":"talvez"`)
	third := f.log(t, second[len(second)-1].Cursor)
	all := append(append(append([]eventstore.RecordedEvent{}, first...), second...), third...)

	const snapshot = `SELECT concat_ws(' | ',
  (SELECT string_agg(concat_ws(',', survey_id, user_id, response_id, step, answers, completed, completed_at), '; ' ORDER BY user_id)
     FROM survey_responses WHERE tenant_id = $1),
  (SELECT string_agg(concat_ws(',', survey_id, relation, question_ukey, bucket, n, total), '; ' ORDER BY survey_id, relation, question_ukey, bucket)
     FROM survey_tallies WHERE tenant_id = $1),
  (SELECT string_agg(concat_ws(',', id, respondents, closed), '; ' ORDER BY id) FROM surveys WHERE tenant_id = $1))`
	read := func() string {
		var s string
		if err := f.d.Pool.QueryRow(ctx, snapshot, f.tenant.ID).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	reset := func() {
		if err := pgx.BeginFunc(ctx, f.d.Pool, func(tx pgx.Tx) error { return surveysproj.New().Reset(ctx, tx) }); err != nil {
			t.Fatal(err)
		}
	}

	// The runner: each part as it comes.
	for _, part := range [][]eventstore.RecordedEvent{first, second, third} {
		f.apply(t, part)
	}
	want := read()
	if r := f.results(t, d.ID); r.Respondents != 4 {
		t.Fatalf("the runner's read model has %d respondents, want 4: %s", r.Respondents, want)
	}

	// A replay's batches: the whole log at once, then in the three parts.
	for name, parts := range map[string][][]eventstore.RecordedEvent{"one batch": {all}, "three batches": {first, second, third}} {
		reset()
		scoped := surveysproj.New().ReplayScope(ctx)
		for _, part := range parts {
			if err := pgx.BeginFunc(ctx, f.d.Pool, func(tx pgx.Tx) error { return surveysproj.New().Apply(scoped, tx, part) }); err != nil {
				t.Fatal(err)
			}
		}
		if got := read(); got != want {
			t.Fatalf("%s: replayed\n%s\nwant\n%s", name, got, want)
		}
	}

	// Replay itself, over the whole log.
	if _, err := projections.Replay(ctx, f.d.Pool, f.store, surveysproj.New(), nil); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != want {
		t.Fatalf("Replay:\n%s\nwant\n%s", got, want)
	}
}
