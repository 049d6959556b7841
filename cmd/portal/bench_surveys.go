package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands"
	surveycmd "portal/commands/survey"
	"portal/domain/survey"
	"portal/eventstore"
	"portal/platform/db"
	surveysproj "portal/projections/surveys"
	"portal/seed"
)

// surveys measures the survey answering commands (issue 6 "survey answers/s") beside raw
// event-store appends, and the eNPS result read over 10,000 completed responses (p99)
// beside a trivial SELECT through the same tenant transaction.
func (b *benchRun) surveys() error {
	const writers = 32
	tenant := seed.TenantID(seed.DemoCode)
	helena := seed.UserID(seed.DemoCode, seed.UserHelena)
	now := time.Now
	create, err := surveycmd.NewCreateHandler(commands.PoolFacts{Pool: b.pool}, b.store, now)
	if err != nil {
		return err
	}
	responses, err := surveycmd.NewResponses(commands.PoolFacts{Pool: b.pool}, b.store, now)
	if err != nil {
		return err
	}
	def, err := create.Handle(b.ctx, surveycmd.Create{CommandID: "bench-enps-" + uuid.NewString(), Tenant: tenant, UserID: helena,
		Roles: []string{survey.RoleHRAdmin}, Draft: survey.Draft{Definition: survey.Definition{Kind: survey.KindENPS, Title: "bench eNPS",
			Start: now().Add(-time.Hour), End: now().Add(24 * time.Hour), Audience: survey.Audience{All: true},
			Questions: []survey.Question{{Title: "Nota", Type: survey.TypeInteger, Min: "0", Max: "10", Required: true}}}}})
	if err != nil {
		return err
	}
	sid := uuid.MustParse(def.ID)
	var people []uuid.UUID
	rows, err := b.pool.Query(b.ctx, `SELECT id FROM users WHERE tenant_id = $1 AND employee_id IS NOT NULL AND active ORDER BY user_name LIMIT $2`, tenant, writers)
	if err != nil {
		return err
	}
	people, err = pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return err
	}
	if len(people) < writers {
		return fmt.Errorf("bench needs %d employees, the seed has %d", writers, len(people))
	}
	inputs := make([]survey.AnswerInput, 11)
	for r := range inputs {
		if inputs[r], err = survey.ParseAnswer([]byte(fmt.Sprintf(`{"oa8_ukey":%q,"ukey":%q,"oa9_004_n":1,"oa9_101_n":%d,"step":0}`,
			def.ID, def.Questions[0].Ukey, r))); err != nil {
			return err
		}
	}
	// Each answer changes the rating, so every command appends an event.
	raw, ans, err := alternate(b.ctx, writers, b.dur/4, b.appender(uuid.New(), "bench-survey", writers), func(round, w, i int) error {
		return responses.SaveAnswer(b.ctx, surveycmd.Response{CommandID: uuid.NewString(), Tenant: tenant, UserID: people[w],
			SurveyID: sid}, inputs[(round*1000+i)%len(inputs)])
	})
	if err != nil {
		return err
	}
	b.ratio("survey answers (32 respondents, command: load survey + response, decide, append)",
		rateFig(ans), rateFig(raw), "bare event-store appends/s, 32 writers", atLeast(0.35))
	return b.enpsRead(tenant, sid, def.Questions[0].Ukey)
}

// enpsRead appends 10,000 completed eNPS responses, projects them, and reads the result as
// GET avaliacao360/resultado does.
func (b *benchRun) enpsRead(tenant, sid uuid.UUID, ukey string) error {
	const responses, perAppend = 10_000, 1000
	meta := eventstore.Meta{Tenant: tenant, Actor: "bench"}
	for i := 0; i < responses/perAppend; i++ {
		evs := make([]eventstore.EventData, perAppend)
		for j := range evs {
			user, rid := uuid.New(), uuid.New()
			body, _ := json.Marshal(map[string]any{
				"surveyId": sid, "responseId": rid, "userId": user, "kind": "enps", "relation": "",
				"answers":     []map[string]any{{"ukey": ukey, "type": 1, "value": fmt.Sprint((i*perAppend + j) % 11)}},
				"completedAt": time.Now().UTC().Format(time.RFC3339Nano),
			})
			evs[j] = eventstore.EventData{ID: uuid.New(), Type: survey.TypeCompleted, SchemaVersion: 1, Data: body}
		}
		if _, err := b.store.Append(b.ctx, meta, fmt.Sprintf("surveyresponse-bench-%d", i), eventstore.NoStream, evs...); err != nil {
			return err
		}
	}
	if err := b.replayBeside(surveysproj.New(), "the surveys read model"); err != nil {
		return err
	}
	var check surveysproj.Results
	read := func() error {
		return db.InTenant(b.ctx, b.pool, tenant.String(), func(tx pgx.Tx) (err error) {
			check, err = surveysproj.Surveys{}.Results(b.ctx, tx, sid)
			return err
		})
	}
	trivial := func() error {
		return db.InTenant(b.ctx, b.pool, tenant.String(), func(tx pgx.Tx) error {
			var one int
			return tx.QueryRow(b.ctx, `SELECT 1`).Scan(&one)
		})
	}
	const samples = 2000
	var reads, bases []time.Duration
	for i := 0; i < samples; i++ {
		for _, m := range []struct {
			fn  func() error
			out *[]time.Duration
		}{{read, &reads}, {trivial, &bases}} {
			t := time.Now()
			if err := m.fn(); err != nil {
				return err
			}
			*m.out = append(*m.out, time.Since(t))
		}
	}
	if check.ENPS == nil || check.Respondents < responses {
		return fmt.Errorf("bench eNPS: %d respondents, figures %v", check.Respondents, check.ENPS != nil)
	}
	b.ratio(fmt.Sprintf("eNPS result read (%d responses, tenant tx + tallies)", check.Respondents),
		p99Fig(reads).note("p50 %s", pct(reads, 50)), p99Fig(bases).note("p50 %s", pct(bases, 50)), "tenant tx + SELECT 1", atMost(15))
	return nil
}
