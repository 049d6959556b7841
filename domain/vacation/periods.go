package vacation

import "time"

// PeriodStatus is where an acquisition period stands on a given day (spec §3, §4: in
// concessive period, expiring, overdue, scheduled, taken; lost, paid at termination and settled
// are closures).
type PeriodStatus string

// Period statuses.
const (
	StatusAcquiring    PeriodStatus = "acquiring"     // the 12 months are still being worked
	StatusInConcessive PeriodStatus = "in_concessive" // acquired, days left, concessive period running
	StatusExpiring     PeriodStatus = "expiring"      // as above, its end within the widest alert (90 days)
	StatusOverdue      PeriodStatus = "overdue"       // the concessive period ended with days left
	StatusScheduled    PeriodStatus = "scheduled"     // no days left; some not yet taken
	StatusTaken        PeriodStatus = "taken"         // every day taken
	StatusClosed       PeriodStatus = "closed"        // see Closed for why
)

// Period is one acquisition period seen on a day: its dates and how its 30 days are used.
type Period struct {
	Index         int
	Start, End    time.Time // the acquisition period
	ConcessiveEnd time.Time // the last day its vacation may be taken on
	Entitled      int
	Pending       int // asked, waiting for approval
	Scheduled     int // approved, not all taken yet
	Taken         int // approved days already past
	Abono         int // days sold
	Remaining     int
	Status        PeriodStatus
	Closed        Closure // set when HR closed the period
}

// PeriodOf returns the dates of acquisition period i (0 is the first year from hiring).
func (e *Entitlement) PeriodOf(i int) Period {
	start := e.hired.AddDate(i, 0, 0)
	return Period{
		Index:         i,
		Start:         start,
		End:           start.AddDate(1, 0, -1),
		ConcessiveEnd: start.AddDate(2, 0, -1),
		Entitled:      DaysPerPeriod,
	}
}

// Periods returns every acquisition period begun by today, oldest first, with its balance and
// status on that day.
func (e *Entitlement) Periods(today time.Time) []Period {
	if !e.opened {
		return nil
	}
	today = DayOf(today)
	var out []Period
	for i := 0; !e.hired.AddDate(i, 0, 0).After(today); i++ {
		p := e.PeriodOf(i)
		for _, l := range e.leaves {
			if l.Period != i || !l.uses() {
				continue
			}
			p.Abono += l.AbonoDays
			switch {
			case l.Status == Pending:
				p.Pending += l.Days
			case l.End().Before(today):
				p.Taken += l.Days
			default:
				p.Scheduled += l.Days
			}
		}
		p.Remaining = p.Entitled - p.Pending - p.Scheduled - p.Taken - p.Abono
		p.Closed = e.closed[i]
		p.Status = p.status(today)
		out = append(out, p)
	}
	return out
}

func (p Period) status(today time.Time) PeriodStatus {
	switch {
	case p.Closed != "":
		return StatusClosed
	case !p.End.Before(today):
		return StatusAcquiring
	case p.Remaining == 0 && p.Pending+p.Scheduled > 0:
		return StatusScheduled
	case p.Remaining == 0:
		return StatusTaken
	case p.ConcessiveEnd.Before(today):
		return StatusOverdue
	case !p.ConcessiveEnd.After(today.AddDate(0, 0, AlertThresholds[0])):
		return StatusExpiring
	}
	return StatusInConcessive
}

// Balance is the days the employee may still ask for today: the remaining days of every
// acquired, open period.
func (e *Entitlement) Balance(today time.Time) int {
	n := 0
	for _, p := range e.Periods(today) {
		if p.Status != StatusAcquiring && p.Closed == "" {
			n += p.Remaining
		}
	}
	return n
}
