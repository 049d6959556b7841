package seed

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/domain/clock"
	"portal/domain/timesheet"
	"portal/domain/vacation"
	"portal/eventstore"
	timesheetproj "portal/projections/timesheet"
)

// dayCase is a scripted day of Ana's timesheet.
type dayCase int

const (
	caseOvertime dayCase = iota + 1 // stays 1 h 40 after the schedule (hour-bank credit)
	caseLate                        // arrives 40 minutes late (debit)
	caseEarly                       // leaves 45 minutes early (debit)
	caseAbsent                      // no mark: an unjustified absence (the week's rest lost)
	caseExcused                     // no mark, excused by an abono
)

// marks are the day's marks for the case (none for an absence), on the schedule's spans.
func (c dayCase) marks(midnight time.Time, spans []timesheet.Span) []time.Time {
	if c == caseAbsent || c == caseExcused {
		return nil
	}
	var out []time.Time
	for _, s := range spans {
		out = append(out, midnight.Add(time.Duration(s.Start)*time.Minute), midnight.Add(time.Duration(s.End)*time.Minute))
	}
	switch c {
	case caseOvertime:
		out[len(out)-1] = out[len(out)-1].Add(100 * time.Minute)
	case caseLate:
		out[0] = out[0].Add(40 * time.Minute)
	case caseEarly:
		out[len(out)-1] = out[len(out)-1].Add(-45 * time.Minute)
	}
	return out
}

// timesheetCases are Ana's scripted days of the last three months and this one, so that her
// timesheet, hour bank and absenteeism show every case (docs/timesheet.md): overtime, late
// arrivals and an early leave, an unjustified absence, an abono. Her teammate on 12x36 works
// night shifts by his schedule.
func timesheetCases(userName string, today time.Time) map[time.Time]dayCase {
	if userName != UserAna {
		return nil
	}
	out := map[time.Time]dayCase{}
	// weekday returns the nth (1-based) given weekday of a month.
	weekday := func(month time.Time, wd time.Weekday, n int) time.Time {
		d := month.AddDate(0, 0, (int(wd)-int(month.Weekday())+7)%7)
		return d.AddDate(0, 0, 7*(n-1))
	}
	this := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	for k := 1; k <= 3; k++ {
		m := this.AddDate(0, -k, 0)
		out[weekday(m, time.Tuesday, 1)] = caseOvertime
		out[weekday(m, time.Thursday, 3)] = caseOvertime
		out[weekday(m, time.Wednesday, 2)] = caseLate
	}
	out[weekday(this.AddDate(0, -2, 0), time.Monday, 2)] = caseAbsent
	out[weekday(this.AddDate(0, -1, 0), time.Friday, 2)] = caseExcused
	out[weekday(this.AddDate(0, -1, 0), time.Thursday, 4)] = caseEarly
	maps.DeleteFunc(out, func(d time.Time, _ dayCase) bool { return !d.Before(today) })
	return out
}

// timesheetHistory plans the abono of Ana's excused day (an approved abono of the whole day,
// as the adjustments process records it), HR's closing of the months two and three ago and
// Ana's signature of the month before last.
func timesheetHistory(pool *pgxpool.Pool, s *historyStore, tl *timeline, people []historyPerson, now time.Time) error {
	tenant := TenantID(DemoCode)
	today := dateOf(now.In(clock.Zone))
	hr := UserID(DemoCode, UserHelena)
	for _, p := range people {
		for d, c := range timesheetCases(p.userName, today) {
			if c != caseExcused {
				continue
			}
			day := d.Format(time.DateOnly)
			request := derive("timesheet-abono", p.userName, day)
			at := time.Date(d.Year(), d.Month(), d.Day(), 17, 0, 0, 0, clock.Zone).AddDate(0, 0, 3)
			data, err := clockcmd.EncodeClock(derive("timesheet-abono-event", p.userName, day), clock.DayExcused{
				EmployeeID: p.employee.String(), UserID: p.user.String(), UserHash: p.hash, Day: day,
				RequestID: request.String(), Reason: "Consulta médica (atestado)", ExcusedAt: at.UTC()})
			if err != nil {
				return err
			}
			tl.add(at.UTC(), tenant, UserID(DemoCode, p.manager), clock.Stream(p.employee), "seed-timesheet-abono-"+day, data)
		}
	}
	// HR closes each month on the 5th of the next, for the months two and three ago.
	this := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	for k := 3; k >= 2; k-- {
		month := this.AddDate(0, -k, 0)
		at := time.Date(month.Year(), month.Month()+1, 5, 10, 0, 0, 0, clock.Zone)
		data, err := commands.EventData(derive("timesheet-close", month.Format(timesheet.MonthLayout)), timesheet.TypeMonthClosed,
			timesheet.MonthData{Month: month.Format(timesheet.MonthLayout), By: hr.String(), At: at.UTC()})
		if err != nil {
			return err
		}
		tl.add(at.UTC(), tenant, hr, timesheet.Stream(tenant), "seed-timesheet-close-"+month.Format(timesheet.MonthLayout), data)
	}
	signAna(pool, s, tl, people, now)
	return nil
}

// errRollback rolls back the transaction signAna computes the month in.
var errRollback = errors.New("rolled back")

// signAna plans Ana's signature of the month before last on the 8th of the next month, as she
// would sign it on its screen: the month's rows and totals as the timesheet projection
// computes them from her events up to then (applied in a transaction rolled back).
func signAna(pool *pgxpool.Pool, s *historyStore, tl *timeline, people []historyPerson, now time.Time) {
	tenant, ana := TenantID(DemoCode), UserID(DemoCode, UserAna)
	i := slices.IndexFunc(people, func(p historyPerson) bool { return p.userName == UserAna })
	if i < 0 {
		return
	}
	employee := people[i].employee
	today := dateOf(now.In(clock.Zone))
	month := time.Date(today.Year(), today.Month()-2, 1, 0, 0, 0, 0, time.UTC)
	at := time.Date(month.Year(), month.Month()+1, 8, 9, 12, 0, 0, clock.Zone)
	tl.do(at, func(ctx context.Context) error {
		var events []eventstore.RecordedEvent
		for _, stream := range []string{clock.Stream(employee), vacation.Stream(employee), timesheet.Stream(tenant)} {
			got, err := s.ReadStream(ctx, tenant, stream, 0)
			if err != nil {
				return err
			}
			events = append(events, got...)
		}
		slices.SortFunc(events, func(a, b eventstore.RecordedEvent) int { return cmp.Compare(a.Position(), b.Position()) })
		var view timesheetproj.MonthView
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if err := (timesheetproj.Timesheet{}).Apply(ctx, tx, events); err != nil {
				return err
			}
			var err error
			if view, err = timesheetproj.Read(ctx, tx, tenant, employee, month, dateOf(at)); err != nil {
				return err
			}
			return errRollback
		})
		if !errors.Is(err, errRollback) {
			return err
		}
		data, err := commands.EventData(derive("timesheet-sign", UserAna, month.Format(timesheet.MonthLayout)), timesheet.TypeMonthSigned,
			timesheet.SignedData{EmployeeID: employee.String(), UserID: ana.String(), Month: month.Format(timesheet.MonthLayout),
				Totals: view.Totals, RowsHash: view.RowsHash, At: at.UTC()})
		if err != nil {
			return err
		}
		stream := timesheet.Stream(employee)
		_, err = s.Append(ctx, commands.MetaOf(tenant, ana, stream, "seed-timesheet-sign-"+month.Format(timesheet.MonthLayout)),
			stream, eventstore.Any, data)
		return err
	})
}
