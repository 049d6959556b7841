package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	vacationcmd "portal/commands/vacation"
	"portal/domain/vacation"
	"portal/eventstore"
)

// A believable company's vacations (CLT: 30 days per 12-month acquisition period, to be taken
// in the 12 months after it): nearly everyone took every period whose concessive period has
// ended, so the balance is at most the period being enjoyed now (30 days); a few (about one in
// fifteen) let the last one run out and are overdue (at most 60 days). Periods taken before the
// portal went live were entered by HR at go-live; the year's vacations were requested by the
// employee weeks ahead and approved by the manager and HR; some of the current period is
// already taken, some scheduled for the coming weeks, the rest still to ask for.
//
// The events are written with the product's encoders (the vacation commands refuse a start in
// the past), each by its actor at its time.

// overdueOneIn: about one employee in overdueOneIn with a period past its concessive end.
const overdueOneIn = 14

type vacationPerson struct {
	user, employee uuid.UUID
	manager        uuid.UUID // the manager's user; nil for a department head
	userName       string
	hired          time.Time
	quiet          bool // in a department of the demo sign-ins: nothing of the current period
}

// quietDepartments are where the demo sign-ins work: their current periods are left to the
// demo (the browser tests request, approve and map Ana's vacation among her team's).
var quietDepartments = []string{"Operações", "Recursos Humanos"}

// planVacations plans the vacations of every current employee of the tenant with code.
func planVacations(ctx context.Context, pool *pgxpool.Pool, tl *timeline, code string, now time.Time) error {
	tenant := TenantID(code)
	rows, err := pool.Query(ctx, `
SELECT u.id, e.id, coalesce(mu.id, '00000000-0000-0000-0000-000000000000'), u.user_name, e.hire_date,
       d.name = 'Recursos Humanos' AND e.manager_id IS NULL AS hr_head, d.name = ANY($2) AS quiet
FROM users u JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
LEFT JOIN users mu ON mu.tenant_id = e.tenant_id AND mu.employee_id = e.manager_id
WHERE u.tenant_id = $1 AND e.status <> 'inactive'
ORDER BY u.user_name`, tenant, quietDepartments)
	if err != nil {
		return err
	}
	var people []vacationPerson
	var hr uuid.UUID // who approves at the HR step: the head of Recursos Humanos
	for rows.Next() {
		var p vacationPerson
		var head bool
		if err := rows.Scan(&p.user, &p.employee, &p.manager, &p.userName, &p.hired, &head, &p.quiet); err != nil {
			rows.Close()
			return err
		}
		if head {
			hr = p.user
		}
		people = append(people, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if code == DemoCode {
		hr = UserID(code, UserHelena)
	}
	for _, p := range people {
		planPersonVacations(tl, tenant, hr, p, code, now)
	}
	return nil
}

// leaveShape is how a period's 30 days are used: days off in one or two parts, days sold.
type leaveShape struct {
	parts []int
	abono int
}

var leaveShapes = []leaveShape{{[]int{30}, 0}, {[]int{20}, 10}, {[]int{15, 15}, 0}, {[]int{20, 10}, 0}}

func planPersonVacations(tl *timeline, tenant, hr uuid.UUID, p vacationPerson, code string, now time.Time) {
	r := rngOf("vacations", code, p.userName)
	today, live := dateOf(now), goLive(now)
	hired := dateOf(p.hired)
	n := 0 // acquisition periods completed by today
	for !hired.AddDate(n+1, 0, 0).After(today) {
		n++
	}
	overdue := n >= 2 && !named(p.userName) && r.IntN(overdueOneIn) == 0
	k := 0 // leaves planned
	leave := func(period int, start time.Time, days, abono int) {
		planLeave(tl, tenant, hr, p, r, fmt.Sprintf("%d", k), period, start, days, abono, live, now)
		k++
	}
	// Every period whose concessive period has ended: taken within it (the last one only in
	// part, or not at all, by the overdue few).
	for i := 0; i <= n-2; i++ {
		window := hired.AddDate(i+1, 0, 0)
		shape := leaveShapes[r.IntN(len(leaveShapes))]
		if overdue && i == n-2 {
			if r.IntN(2) == 0 {
				leave(i, monday(window.AddDate(0, 1+r.IntN(5), 0)), 10, 0)
			}
			continue
		}
		start := monday(window.AddDate(0, 1+r.IntN(5), r.IntN(20)))
		for j, days := range shape.parts {
			abono := 0
			if j == 0 {
				abono = shape.abono
			}
			leave(i, start, days, abono)
			start = monday(start.AddDate(0, 2+r.IntN(3), 0))
		}
	}
	if n == 0 || p.quiet {
		return // Ana's current period is hers to ask for in the demo, her team's left alone
	}
	// The period being enjoyed now: taken already, scheduled for the coming weeks, or not yet.
	window := hired.AddDate(n, 0, 0)
	switch x := r.IntN(10); {
	case x < 4 && today.Sub(window) > 150*24*time.Hour:
		start := monday(window.AddDate(0, 1+r.IntN(2), r.IntN(20)))
		if start.AddDate(0, 0, 30).Before(today) {
			leave(n-1, start, 30, 0)
		}
	case x < 6:
		if start := monday(today.AddDate(0, 0, 14+r.IntN(45))); start.AddDate(0, 0, 15).Before(hired.AddDate(n+1, 0, 0)) {
			leave(n-1, start, 15, 0)
		}
	}
}

// monday is the first Monday on or after d.
func monday(d time.Time) time.Time { return d.AddDate(0, 0, (8-int(d.Weekday()))%7) }

// planLeave plans one leave of period: entered by HR at go-live when it began before the
// portal (or too soon after for a request through it); otherwise requested by the employee
// 30 to 50 days ahead (at most 20 days before now for a leave to come), approved by the
// manager and then HR within days.
func planLeave(tl *timeline, tenant, hr uuid.UUID, p vacationPerson, r *rand.Rand, k string, period int, start time.Time, days, abono int, live, now time.Time) {
	stream := vacation.Stream(p.employee)
	tl.leave(p.employee, start, days)
	id := derive("vacation-leave", tenant.String(), p.userName, k).String()
	cmd := "seed-vacation-" + p.userName + "-" + k
	event := func(j int, e vacation.Event) []eventstore.EventData {
		data, err := vacationcmd.EncodeVacation(derive("vacation-leave-event", tenant.String(), p.userName, k, fmt.Sprint(j)), e)
		if err != nil {
			panic(err) // the encoder fails only on a type it does not know
		}
		return []eventstore.EventData{data}
	}
	asked := start.AddDate(0, 0, -30-r.IntN(21)).Add(time.Duration(9+r.IntN(8)) * time.Hour)
	if latest := dateOf(now).AddDate(0, 0, -20).Add(10 * time.Hour); asked.After(latest) {
		asked = latest
	}
	if asked.Before(live.AddDate(0, 0, 1)) || !asked.Before(start) {
		at := live.Add(time.Hour) // HR enters the vacations taken before the portal
		tl.add(at, tenant, hr, stream, cmd, event(0, vacation.Requested{ID: id, Start: start, Days: days, AbonoDays: abono,
			Period: period, At: at, By: hr.String()})...)
		tl.add(at, tenant, hr, stream, cmd, event(1, vacation.Approved{ID: id, By: hr.String(), At: at})...)
		return
	}
	steps := []string{vacation.StepManager, vacation.StepHR}
	if p.manager == uuid.Nil || p.manager == hr {
		steps = steps[1:]
	}
	// Some ask for the 13th-salary advance with it (spec §9: February to November).
	advance := r.IntN(4) == 0 && asked.Month() >= time.February && asked.Month() <= time.November
	tl.add(asked, tenant, p.user, stream, cmd, event(0, vacation.Requested{ID: id, Start: start, Days: days, AbonoDays: abono,
		Advance13: advance, Period: period, At: asked, By: p.user.String(), Steps: steps})...)
	at := asked
	if len(steps) == 2 {
		at = at.Add(time.Duration(20+r.IntN(50)) * time.Hour)
		tl.add(at, tenant, p.manager, stream, cmd+"-manager", event(1, vacation.StepApproved{ID: id, Step: 0, Kind: vacation.StepManager,
			By: p.manager.String(), At: at})...)
	}
	at = at.Add(time.Duration(20+r.IntN(50)) * time.Hour)
	tl.add(at, tenant, hr, stream, cmd+"-hr", event(2, vacation.Approved{ID: id, Step: len(steps) - 1, By: hr.String(), At: at})...)
}
