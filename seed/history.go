package seed

import (
	"context"
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
	"portal/domain"
	"portal/domain/clock"
	"portal/domain/mood"
	rq "portal/domain/request"
	"portal/domain/survey"
	"portal/domain/timesheet"
	"portal/domain/vacation"
)

// planHistory plans a year of DEMOCORP's history behind the demo, so that the reports and
// dashboards show something real: the punches of everyone on a fixed or flexible schedule
// (some late, some missing, a few refused), weekly mood check-ins, reimbursement requests
// filed, approved and rejected over the year (some still waiting, some decided by HR while a
// manager was away) and quarterly eNPS surveys. Requests and surveys go through the product's
// commands, the rest through its event encoders; each at its time, by its actor (timeline.go).
func planHistory(ctx context.Context, pool *pgxpool.Pool, s *historyStore, tl *timeline, now time.Time) error {
	people, err := historyPeople(ctx, pool)
	if err != nil {
		return err
	}
	if err := clockHistory(tl, people, now); err != nil {
		return fmt.Errorf("clock history: %w", err)
	}
	if err := timesheetHistory(pool, s, tl, people, now); err != nil {
		return fmt.Errorf("timesheet history: %w", err)
	}
	if err := surveyHistory(pool, s, tl, people, now); err != nil {
		return fmt.Errorf("survey history: %w", err)
	}
	if err := moodHistory(tl, people, now); err != nil {
		return fmt.Errorf("mood history: %w", err)
	}
	if err := requestHistory(ctx, pool, s, tl, people, now); err != nil {
		return fmt.Errorf("request history: %w", err)
	}
	return nil
}

// historyENPSMonths are how many months ago the history's quarterly eNPS surveys were made.
var historyENPSMonths = []int{9, 6, 3}

// historySurvey is the command id of the k-th eNPS of the history.
func historySurvey(k int) string { return fmt.Sprintf("seed-history-enps-%d", k) }

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
func moodHistory(tl *timeline, people []historyPerson, now time.Time) error {
	tenant := TenantID(DemoCode)
	start := dateOf(now).AddDate(0, 0, -364)
	for _, p := range people {
		r := rngOf("mood", p.userName)
		dept := rngOf("mood-dept", p.dept)
		humor, energy := 2.5+2*dept.Float64(), 2.5+2*dept.Float64()
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
			tl.add(at, tenant, p.user, mood.Stream(p.user), fmt.Sprintf("seed-mood-history-%s-%d", p.userName, w), data)
		}
	}
	return nil
}

// requestHistory: a reimbursement every few weeks from people with a manager, decided by the
// manager within days and by HR after; one in eight rejected, the last weeks' still waiting.
// A request filed while the same person's previous one is open is refused, as it would be.
func requestHistory(ctx context.Context, pool *pgxpool.Pool, s *historyStore, tl *timeline, people []historyPerson, now time.Time) error {
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
	create, err := request.NewCreateHandler(commands.PoolFacts{Pool: pool}, s, s.clock)
	if err != nil {
		return err
	}
	decide, err := request.NewDecideStepHandler(commands.PoolFacts{Pool: pool}, s, s.clock)
	if err != nil {
		return err
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
			body := rq.Body{Origin: rq.Reembolso, Send: true, HasFields: true, Fields: rq.Fields{
				Title: []string{"Reembolso de táxi", "Reembolso de estacionamento", "Reembolso de refeição"}[k], Reason: "Visita a cliente",
				Comment: "Comprovante em anexo ao sistema financeiro.", Priority: 2, ReferenceDate: filed.Format(time.DateOnly)}}
			var filedID uuid.UUID // set once filed; nil: refused (an open one of this type exists)
			done := false         // rejected: the chain stops
			tl.do(filed, func(ctx context.Context) error {
				res, err := create.Handle(request.WithoutNotices(ctx), request.Create{CommandID: id, Caller: requester, Body: body})
				var de *domain.Error
				if errors.As(err, &de) {
					return nil
				}
				if err != nil {
					return fmt.Errorf("%s: %w", id, err)
				}
				filedID, _ = uuid.Parse(res.ID)
				return nil
			})
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
				tl.do(at, func(ctx context.Context) error {
					if filedID == uuid.Nil || done {
						return nil
					}
					done = action == request.Reject
					_, err := decide.Handle(request.WithoutNotices(ctx), request.DecideStep{CommandID: fmt.Sprintf("%s-decision-%d", id, s),
						Caller: step.who, ID: filedID, Action: action, Step: s, Comment: "Ok."})
					var de *domain.Error
					if err != nil && !errors.As(err, &de) {
						return fmt.Errorf("%s decision %d: %w", id, s, err)
					}
					return nil
				})
				if action == request.Reject {
					break
				}
			}
		}
	}
	return nil
}

// clockHistory: every work day of the past year by the employee's schedule (from the hire
// date, outside layoffs, vacations and holidays; 12x36 shifts on alternate days, a night shift
// ending the next morning) the schedule's marks with a few minutes of drift; one day in twelve
// the first mark is late, one in twenty-five misses a mark, one in eighty starts with a punch
// refused outside the fences. Ana's last three months are scripted (timesheetCases).
func clockHistory(tl *timeline, people []historyPerson, now time.Time) error {
	tenant := TenantID(DemoCode)
	today := dateOf(now.In(clock.Zone))
	var fixed []vacation.FixedDate
	for _, h := range tenantHolidays[DemoCode] {
		fixed = append(fixed, vacation.FixedDate{Month: time.Month(h.month), Day: h.day, Key: h.name})
	}
	holidays := vacation.NewCalendar(fixed)
	for _, p := range people {
		sch := timesheet.ParseSchedule(p.schedule)
		r := rngOf("clock", p.userName)
		stream := clock.Stream(p.employee)
		cases := timesheetCases(p.userName, today)
		for d := today.AddDate(0, 0, -364); d.Before(today); d = d.AddDate(0, 0, 1) {
			spans, flexible := sch.On(d)
			_, holiday := holidays.Holiday(d)
			if len(spans) == 0 || d.Before(p.hired) || onLayoff(p.layoff, d) || holiday || tl.onVacation(p.employee, d) {
				continue
			}
			if flexible > 0 {
				spans = []timesheet.Span{{Start: 9 * 60, End: 13 * 60}, {Start: 14 * 60, End: 18 * 60}}
			}
			midnight := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, clock.Zone)
			var times []time.Time
			for _, s := range spans {
				for _, m := range []int{s.Start, s.End} {
					times = append(times, midnight.Add(time.Duration(m+r.IntN(13)-8)*time.Minute))
				}
			}
			if r.IntN(12) == 0 {
				times[0] = times[0].Add(time.Duration(11+r.IntN(35)) * time.Minute)
			}
			if len(times) > 2 && r.IntN(25) == 0 {
				times = append(times[:2], times[3:]...) // forgot to punch back from lunch
			}
			if c, ok := cases[d]; ok {
				times = c.marks(midnight, spans)
				if times == nil {
					continue // absent
				}
			}
			if times[len(times)-1].After(now) {
				continue // a shift not over yet
			}
			dayKey := d.Format(time.DateOnly)
			mark := func(i int, at time.Time) clock.Mark {
				id := derive("clock-history", p.userName, dayKey, fmt.Sprint(i))
				return clock.Mark{MarkID: id.String(), EmployeeID: p.employee.String(), UserID: p.user.String(), UserHash: p.hash,
					RecordedAt: at.UTC(), ClientTime: clock.LocalTime(at),
					Selected: clock.Place{Address: "Av. Paulista, 1000 - Bela Vista, São Paulo - SP", Position: clock.Position{Lat: OfficeLat, Lon: OfficeLon}}}
			}
			punch := func(i int, at time.Time, e clock.Event) error {
				data, err := clockcmd.EncodeClock(derive("clock-history-event", p.userName, dayKey, fmt.Sprint(i)), e)
				if err == nil {
					tl.add(at.UTC(), tenant, p.user, stream, fmt.Sprintf("seed-clock-history-%s-%s-%d", p.userName, dayKey, i), data)
				}
				return err
			}
			if r.IntN(80) == 0 {
				at := times[0].Add(-3 * time.Minute)
				if err := punch(-1, at, clock.MarkRefused{Mark: mark(-1, at), Reason: clock.ReasonOutsideArea}); err != nil {
					return err
				}
			}
			for i, t := range times {
				if err := punch(i, t, clock.MarkRegistered{Mark: mark(i, t)}); err != nil {
					return err
				}
			}
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

// surveyHistory: a quarterly eNPS for everyone, nine, six and three months ago, open three
// weeks, answered by about six in ten, the score improving from one to the next.
func surveyHistory(pool *pgxpool.Pool, s *historyStore, tl *timeline, people []historyPerson, now time.Time) error {
	tenant := TenantID(DemoCode)
	create, err := surveycmd.NewCreateHandler(commands.PoolFacts{Pool: pool}, s, s.clock)
	if err != nil {
		return err
	}
	responses, err := surveycmd.NewResponses(commands.PoolFacts{Pool: pool}, s, s.clock)
	if err != nil {
		return err
	}
	for k, monthsAgo := range historyENPSMonths {
		created := dateOf(now).AddDate(0, -monthsAgo, 0).Add(12 * time.Hour)
		cmd := historySurvey(k)
		def := survey.Definition{Kind: survey.KindENPS, Title: "eNPS " + created.Format("01/2006"),
			Description: "Quanto você recomendaria a Demo Corp como lugar para trabalhar?",
			Start:       created.Truncate(24 * time.Hour), End: created.AddDate(0, 0, 21), Audience: survey.Audience{All: true},
			Questions: []survey.Question{{Title: "Em uma escala de 0 a 10, o quanto você recomendaria a Demo Corp como lugar para trabalhar?",
				Type: survey.TypeInteger, Min: "0", Max: "10", Required: true}}}
		tl.do(created, func(ctx context.Context) error {
			if _, err := create.Handle(ctx, surveycmd.Create{CommandID: cmd, Tenant: tenant, UserID: UserID(DemoCode, UserHelena),
				Roles: []string{survey.RoleHRAdmin}, Draft: survey.Draft{Definition: def}}); err != nil {
				return fmt.Errorf("%s: %w", cmd, err)
			}
			return nil
		})
		sid := commands.DeriveID(tenant, "survey", cmd, "survey")
		question := commands.DeriveID(tenant, "survey", cmd, "question/0").String()
		for _, p := range people {
			r := rngOf("enps", cmd, p.userName)
			if r.IntN(10) >= 6 {
				continue
			}
			at := created.Add(time.Duration(1+r.IntN(20*24)) * time.Hour)
			rating := min(10, max(0, int(6.5+0.8*float64(k)+r.NormFloat64()*2+0.5)))
			in, err := survey.ParseAnswer([]byte(fmt.Sprintf(`{"oa8_ukey":%q,"oa9_004_n":1,"oa9_101_n":%d,"step":0,"ukey":%q}`, sid, rating, question)))
			if err != nil {
				return err
			}
			tl.do(at, func(ctx context.Context) error {
				if err := responses.SaveAnswer(ctx, surveycmd.Response{CommandID: cmd + "-answer-" + p.userName, Tenant: tenant, UserID: p.user,
					SurveyID: sid}, in); err != nil && !finished(err) {
					return fmt.Errorf("%s answer of %s: %w", cmd, p.userName, err)
				}
				if err := responses.Finish(ctx, surveycmd.Response{CommandID: cmd + "-finish-" + p.userName, Tenant: tenant, UserID: p.user,
					SurveyID: sid}); err != nil && !finished(err) {
					return fmt.Errorf("%s finish of %s: %w", cmd, p.userName, err)
				}
				return nil
			})
		}
	}
	return nil
}
