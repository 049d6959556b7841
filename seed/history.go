package seed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands"
	clockcmd "portal/commands/clock"
	moodcmd "portal/commands/mood"
	"portal/commands/request"
	surveycmd "portal/commands/survey"
	vacationcmd "portal/commands/vacation"
	"portal/domain"
	"portal/domain/clock"
	"portal/domain/mood"
	rq "portal/domain/request"
	"portal/domain/survey"
	"portal/domain/vacation"
	"portal/eventstore"
)

// History adds a year of DEMOCORP's history behind the demo, so that the reports and
// dashboards show something real: the punches of everyone on a fixed or flexible schedule
// (some late, some missing, a few refused), weekly mood check-ins, reimbursement requests
// filed, approved and rejected over the year (some still waiting, some decided by HR while a
// manager was away) and vacations taken and scheduled. It is written through the product's
// commands and event encoders, with the clock set back. It runs once (added reports whether
// it did): `portal serve` then rebuilds the read models in bulk instead of projecting (and
// pushing) a year of events one by one.
//
// It is done when its last survey exists (one keyed read at every start); a run cut short
// is run again, and what it had written is found by its ids and not written twice.
func History(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now time.Time) (added bool, err error) {
	last, err := store.ReadStream(ctx, TenantID(DemoCode), surveycmd.SurveyStream(SurveyID(historySurvey(len(historyENPSMonths)-1))), 0)
	if err != nil || len(last) > 0 {
		return false, err
	}
	return true, history(ctx, pool, store, now)
}

// historyENPSMonths are how many months ago the history's quarterly eNPS surveys were made.
var historyENPSMonths = []int{9, 6, 3}

// historySurvey is the command id of the k-th eNPS of the history.
func historySurvey(k int) string { return fmt.Sprintf("seed-history-enps-%d", k) }

func history(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now time.Time) error {
	people, err := historyPeople(ctx, pool)
	if err != nil {
		return err
	}
	if err := clockHistory(ctx, store, people, now); err != nil {
		return fmt.Errorf("clock history: %w", err)
	}
	if err := vacationHistory(ctx, store, people, now); err != nil {
		return fmt.Errorf("vacation history: %w", err)
	}
	if err := surveyHistory(ctx, pool, store, people, now); err != nil {
		return fmt.Errorf("survey history: %w", err)
	}
	if err := moodHistory(ctx, store, people, now); err != nil {
		return fmt.Errorf("mood history: %w", err)
	}
	if err := requestHistory(ctx, pool, store, people, now); err != nil {
		return fmt.Errorf("request history: %w", err)
	}
	return nil
}

type historyPerson struct {
	user, employee uuid.UUID
	hash, dept     string
	manager        string // the manager's user name; empty for a head
	userName       string
	hired          time.Time
	schedule       []byte // employees.schedule
	scheduleKind   string
	layoff         []clock.Period
}

func historyPeople(ctx context.Context, pool *pgxpool.Pool) ([]historyPerson, error) {
	rows, err := pool.Query(ctx, `
SELECT u.id, e.id, u.hash, d.name, coalesce(mu.user_name, ''), u.user_name, e.hire_date, e.schedule, e.schedule_type, e.layoff
FROM users u JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
LEFT JOIN users mu ON mu.tenant_id = e.tenant_id AND mu.employee_id = e.manager_id
WHERE u.tenant_id = $1 AND u.active AND e.status <> 'inactive'
ORDER BY u.user_name`, TenantID(DemoCode))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []historyPerson
	for rows.Next() {
		var p historyPerson
		var layoff []byte
		if err := rows.Scan(&p.user, &p.employee, &p.hash, &p.dept, &p.manager, &p.userName, &p.hired, &p.schedule, &p.scheduleKind, &layoff); err != nil {
			return nil, err
		}
		if p.layoff, err = clock.ParseLayoff(layoff); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func rngOf(parts ...string) *rand.Rand {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
	}
	return rand.New(rand.NewPCG(h.Sum64(), 20250101))
}

// moodHistory: about four check-ins in five weeks for 52 weeks, each person's levels
// wandering around a mood of their department.
func moodHistory(ctx context.Context, store eventstore.Store, people []historyPerson, now time.Time) error {
	tenant := TenantID(DemoCode)
	start := dateOf(now).AddDate(0, 0, -364)
	for _, p := range people {
		r := rngOf("mood", p.userName)
		dept := rngOf("mood-dept", p.dept)
		humor, energy := 2.5+2*dept.Float64(), 2.5+2*dept.Float64()
		var events []eventstore.EventData
		for w := 0; w < 52; w++ {
			if r.IntN(5) == 0 {
				continue
			}
			humor = min(5, max(1, humor+(r.Float64()-0.5)*0.8))
			energy = min(5, max(1, energy+(r.Float64()-0.5)*0.8))
			at := start.AddDate(0, 0, 7*w+r.IntN(5)).Add(time.Duration(8+r.IntN(9)) * time.Hour)
			id := derive("mood-history", p.userName, fmt.Sprint(w))
			data, err := moodcmd.EncodeMood(id, mood.CheckedIn{ID: id.String(), UserID: p.user.String(), UserHash: p.hash,
				EmployeeID: p.employee.String(), Humor: mood.Level(int(humor * 10)), Energy: mood.Level(int(energy * 10)), CheckedInAt: at})
			if err != nil {
				return err
			}
			events = append(events, data)
		}
		if len(events) == 0 {
			continue
		}
		meta := eventstore.Meta{Tenant: tenant, Actor: p.hash, CommandID: "seed-mood-history-" + p.userName}
		if _, err := store.Append(ctx, meta, moodcmd.MoodStream(p.user), eventstore.Any, events...); err != nil {
			return err
		}
	}
	return nil
}

// requestHistory: a reimbursement every few weeks from people with a manager, decided by the
// manager within days and by HR after; one in eight rejected, the last weeks' still waiting.
func requestHistory(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, people []historyPerson, now time.Time) error {
	ctx = request.WithoutNotices(ctx)
	helena, err := seedCaller(ctx, pool, DemoCode, UserHelena)
	if err != nil {
		return err
	}
	callers := map[string]commands.RequestCaller{}
	caller := func(userName string) (commands.RequestCaller, error) {
		if c, ok := callers[userName]; ok {
			return c, nil
		}
		c, err := seedCaller(ctx, pool, DemoCode, userName)
		callers[userName] = c
		return c, err
	}
	start := dateOf(now).AddDate(0, 0, -364)
	// Every manager took a past vacation of three weeks (staggered): HR decided their steps
	// meanwhile (the report's delegations).
	away := map[string][2]time.Time{}
	for _, p := range people {
		if _, ok := away[p.manager]; p.manager == "" || ok {
			continue
		}
		from := start.AddDate(0, 0, 60+len(away)*23)
		away[p.manager] = [2]time.Time{from, from.AddDate(0, 0, 21)}
		m, err := caller(p.manager)
		if err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `INSERT INTO approver_absences (tenant_id, user_id, starts_on, ends_on) VALUES ($1, $2, $3, $4)
ON CONFLICT DO NOTHING`, m.Tenant, m.UserID, from, from.AddDate(0, 0, 21)); err != nil {
			return err
		}
	}
	for i, p := range people {
		if p.manager == "" || p.userName == UserAna || i%3 != 0 {
			continue // Ana's requests are the demo's own
		}
		r := rngOf("requests", p.userName)
		requester, err := caller(p.userName)
		if err != nil {
			return err
		}
		manager, err := caller(p.manager)
		if err != nil {
			return err
		}
		for k := 0; k < 3; k++ {
			filed := start.AddDate(0, 0, r.IntN(364)).Add(time.Duration(9+r.IntN(8)) * time.Hour)
			id := fmt.Sprintf("seed-history-%s-%d", p.userName, k)
			clock := func() time.Time { return filed }
			create, err := request.NewCreateRequestHandler(commands.PoolFacts{Pool: pool}, store, clock)
			if err != nil {
				return err
			}
			body := rq.Body{Origin: rq.Reembolso, Send: true, HasFields: true, Fields: rq.Fields{
				Title: []string{"Reembolso de táxi", "Reembolso de estacionamento", "Reembolso de refeição"}[k], Reason: "Visita a cliente",
				Comment: "Comprovante em anexo ao sistema financeiro.", Priority: 2, ReferenceDate: filed.Format(time.DateOnly)}}
			res, err := create.Handle(ctx, request.CreateRequest{CommandID: id, Caller: requester, Body: body})
			var de *domain.Error
			if errors.As(err, &de) {
				continue // an open one of this type exists: the history skips it
			}
			if err != nil {
				return fmt.Errorf("%s: %w", id, err)
			}
			rid, _ := uuid.Parse(res.ID)
			steps := []struct {
				who   commands.RequestCaller
				after time.Duration
			}{{manager, time.Duration(2+r.IntN(72)) * time.Hour}, {helena, time.Duration(4+r.IntN(120)) * time.Hour}}
			at := filed
			for s, step := range steps {
				at = at.Add(step.after)
				if at.After(now) {
					break // still waiting
				}
				if w := away[p.manager]; s == 0 && !at.Before(w[0]) && at.Before(w[1].AddDate(0, 0, 1)) {
					step.who = helena // the manager is on vacation
				}
				action := request.Approve
				if s == 0 && r.IntN(8) == 0 {
					action = request.Reject
				}
				decidedAt := at
				decide, err := request.NewDecideStepHandler(commands.PoolFacts{Pool: pool}, store, func() time.Time { return decidedAt })
				if err != nil {
					return err
				}
				if _, err := decide.Handle(ctx, request.DecideStep{CommandID: fmt.Sprintf("%s-decision-%d", id, s), Caller: step.who, ID: rid,
					Action: action, Step: s, Comment: "Ok."}); err != nil && !errors.As(err, &de) {
					return fmt.Errorf("%s decision %d: %w", id, s, err)
				}
				if action == request.Reject {
					break
				}
			}
		}
	}
	return nil
}

// clockHistory: every work day of the past year (from the hire date, outside layoffs) the
// schedule's marks with a few minutes of drift; one day in twelve the first mark is late, one
// in twenty-five misses a mark, one in eighty starts with a punch refused outside the fences.
func clockHistory(ctx context.Context, store eventstore.Store, people []historyPerson, now time.Time) error {
	tenant := TenantID(DemoCode)
	today := dateOf(now.In(clock.Zone))
	for _, p := range people {
		if p.scheduleKind != "fixed" && p.scheduleKind != "flexible" {
			continue
		}
		var sch struct {
			Weekly map[string][]struct{ Start, End string }
		}
		if err := json.Unmarshal(p.schedule, &sch); err != nil {
			return err
		}
		r := rngOf("clock", p.userName)
		stream := clockcmd.ClockStream(p.employee)
		var batch []eventstore.EventData
		flush := func() error {
			if len(batch) == 0 {
				return nil
			}
			meta := eventstore.Meta{Tenant: tenant, Actor: p.hash, CommandID: "seed-clock-history-" + p.userName}
			_, err := store.Append(ctx, meta, stream, eventstore.Any, batch...)
			batch = batch[:0]
			return err
		}
		for d := today.AddDate(0, 0, -364); d.Before(today); d = d.AddDate(0, 0, 1) {
			spans := sch.Weekly[[]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}[d.Weekday()]]
			if len(spans) == 0 || d.Before(p.hired) || onLayoff(p.layoff, d) {
				continue
			}
			var times []time.Time
			for _, s := range spans {
				for _, hm := range []string{s.Start, s.End} {
					t, err := time.ParseInLocation("2006-01-02 15:04", d.Format(time.DateOnly)+" "+hm, clock.Zone)
					if err != nil {
						return err
					}
					times = append(times, t.Add(time.Duration(r.IntN(13)-8)*time.Minute))
				}
			}
			if r.IntN(12) == 0 {
				times[0] = times[0].Add(time.Duration(11+r.IntN(35)) * time.Minute)
			}
			if len(times) > 2 && r.IntN(25) == 0 {
				times = append(times[:2], times[3:]...) // forgot to punch back from lunch
			}
			dayKey := d.Format(time.DateOnly)
			mark := func(i int, at time.Time) clock.Mark {
				id := derive("clock-history", p.userName, dayKey, fmt.Sprint(i))
				return clock.Mark{MarkID: id.String(), EmployeeID: p.employee.String(), UserID: p.user.String(), UserHash: p.hash,
					RecordedAt: at.UTC(), ClientTime: clock.LocalTime(at),
					Selected: clock.Place{Address: "Av. Paulista, 1000 - Bela Vista, São Paulo - SP", Position: clock.Position{Lat: OfficeLat, Lon: OfficeLon}}}
			}
			if r.IntN(80) == 0 {
				m := mark(-1, times[0].Add(-3*time.Minute))
				data, err := clockcmd.EncodeClock(derive("clock-history-event", p.userName, dayKey, "refused"),
					clock.MarkRefused{Mark: m, Reason: clock.ReasonOutsideArea})
				if err != nil {
					return err
				}
				batch = append(batch, data)
			}
			for i, t := range times {
				m := mark(i, t)
				data, err := clockcmd.EncodeClock(derive("clock-history-event", p.userName, dayKey, fmt.Sprint(i)), clock.MarkRegistered{Mark: m})
				if err != nil {
					return err
				}
				batch = append(batch, data)
			}
			if len(batch) >= 200 {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		if err := flush(); err != nil {
			return err
		}
	}
	return nil
}

func onLayoff(periods []clock.Period, d time.Time) bool {
	for _, l := range periods {
		if l.Covers(d) {
			return true
		}
	}
	return false
}

// vacationHistory: one in three people hired over a year before took ten to twenty days last
// year (some selling ten days as abono, some with the 13th advance), and one in twelve has
// fifteen days scheduled in the coming two months; each approved through the manager and HR.
func vacationHistory(ctx context.Context, store eventstore.Store, people []historyPerson, now time.Time) error {
	tenant := TenantID(DemoCode)
	today := dateOf(now)
	for i, p := range people {
		if i%3 != 1 || p.hired.After(today.AddDate(-2, 0, 0)) {
			continue
		}
		r := rngOf("vacation", p.userName)
		type leave struct {
			start       time.Time
			days, abono int
			advance13   bool
			period      int
		}
		var leaves []leave
		years := int(today.Sub(p.hired).Hours() / 24 / 365)
		start := today.AddDate(0, 0, -330+r.IntN(280))
		start = start.AddDate(0, 0, (8-int(start.Weekday()))%7) // a Monday
		days := []int{10, 15, 20}[r.IntN(3)]
		l := leave{start: start, days: days, period: max(0, years-2), advance13: r.IntN(4) == 0}
		if days <= 20 && r.IntN(3) == 0 {
			l.abono = 10
		}
		leaves = append(leaves, l)
		if i%12 == 1 {
			next := today.AddDate(0, 0, 14+r.IntN(40))
			next = next.AddDate(0, 0, (8-int(next.Weekday()))%7)
			leaves = append(leaves, leave{start: next, days: 15, period: max(0, years-1)})
		}
		var events []eventstore.EventData
		for k, l := range leaves {
			id := derive("vacation-history", p.userName, fmt.Sprint(k)).String()
			asked := l.start.AddDate(0, 0, -45)
			for j, e := range []vacation.Event{
				vacation.Requested{ID: id, Start: l.start, Days: l.days, AbonoDays: l.abono, Advance13: l.advance13, Period: l.period,
					At: asked, By: p.user.String(), Steps: []string{vacation.StepManager, vacation.StepHR}},
				vacation.StepApproved{ID: id, Step: 0, Kind: vacation.StepManager, By: p.manager, At: asked.AddDate(0, 0, 2)},
				vacation.Approved{ID: id, Step: 1, By: UserHelena, At: asked.AddDate(0, 0, 4)},
			} {
				data, err := vacationcmd.EncodeVacation(derive("vacation-history-event", p.userName, fmt.Sprint(k), fmt.Sprint(j)), e)
				if err != nil {
					return err
				}
				events = append(events, data)
			}
		}
		meta := eventstore.Meta{Tenant: tenant, Actor: UserHelena, CommandID: "seed-vacation-history-" + p.userName}
		if _, err := store.Append(ctx, meta, vacationcmd.VacationStream(p.employee), eventstore.Any, events...); err != nil {
			return err
		}
	}
	return nil
}

// surveyHistory: a quarterly eNPS for everyone, nine, six and three months ago, open three
// weeks, answered by about six in ten, the score improving from one to the next.
func surveyHistory(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, people []historyPerson, now time.Time) error {
	tenant := TenantID(DemoCode)
	var at time.Time // the time of the command being handled
	clock := func() time.Time { return at }
	create, err := surveycmd.NewCreateSurveyHandler(commands.PoolFacts{Pool: pool}, store, clock)
	if err != nil {
		return err
	}
	responses, err := surveycmd.NewSurveyResponses(commands.PoolFacts{Pool: pool}, store, clock)
	if err != nil {
		return err
	}
	for k, monthsAgo := range historyENPSMonths {
		created := dateOf(now).AddDate(0, -monthsAgo, 0).Add(9 * time.Hour)
		cmd := historySurvey(k)
		at = created
		def := survey.Definition{Kind: survey.KindENPS, Title: "eNPS " + created.Format("01/2006"),
			Description: "Quanto você recomendaria a Demo Corp como lugar para trabalhar?",
			Start:       created.Truncate(24 * time.Hour), End: created.AddDate(0, 0, 21), Audience: survey.Audience{All: true},
			Questions: []survey.Question{{Title: "Em uma escala de 0 a 10, o quanto você recomendaria a Demo Corp como lugar para trabalhar?",
				Type: survey.TypeInteger, Min: "0", Max: "10", Required: true}}}
		if _, err := create.Handle(ctx, surveycmd.CreateSurvey{CommandID: cmd, Tenant: tenant, UserID: UserID(DemoCode, UserHelena),
			Roles: []string{survey.RoleHRAdmin}, Draft: survey.Draft{Definition: def}}); err != nil {
			return fmt.Errorf("%s: %w", cmd, err)
		}
		sid := commands.DeriveID(tenant, "survey", cmd, "survey")
		question := commands.DeriveID(tenant, "survey", cmd, "question/0").String()
		for _, p := range people {
			r := rngOf("enps", cmd, p.userName)
			if r.IntN(10) >= 6 {
				continue
			}
			at = created.Add(time.Duration(1+r.IntN(20*24)) * time.Hour)
			rating := min(10, max(0, int(6.5+0.8*float64(k)+r.NormFloat64()*2+0.5)))
			in, err := survey.ParseAnswer([]byte(fmt.Sprintf(`{"oa8_ukey":%q,"oa9_004_n":1,"oa9_101_n":%d,"step":0,"ukey":%q}`, sid, rating, question)))
			if err != nil {
				return err
			}
			if err := responses.SaveAnswer(ctx, surveycmd.SurveyResponse{CommandID: cmd + "-answer-" + p.userName, Tenant: tenant, UserID: p.user,
				SurveyID: sid}, in); err != nil && !finished(err) {
				return fmt.Errorf("%s answer of %s: %w", cmd, p.userName, err)
			}
			if err := responses.Finish(ctx, surveycmd.SurveyResponse{CommandID: cmd + "-finish-" + p.userName, Tenant: tenant, UserID: p.user,
				SurveyID: sid}); err != nil && !finished(err) {
				return fmt.Errorf("%s finish of %s: %w", cmd, p.userName, err)
			}
		}
	}
	return nil
}
