package timesheet

import "time"

// Flow is a month's movement of the hour bank.
type Flow struct {
	Month         time.Time // first day
	Credit, Debit int
}

// Movement is a line of an employee's hour bank statement.
type Movement struct {
	Month   time.Time `json:"month"`
	Kind    string    `json:"kind"` // MoveCredit, MoveDebit or MoveExpired
	Minutes int       `json:"minutes"`
	Balance int       `json:"balance"`
}

// Kinds of movements.
const (
	MoveCredit  = "credit"
	MoveDebit   = "debit"
	MoveExpired = "expired" // credit not compensated within the window: paid as overtime
)

// Bank runs the months through the rule's window (oldest first): debits take the oldest
// credits first; a credit still unused when its window ends (the last day of the Nth month
// counted from its own) expires and is paid as overtime (CLT art. 59 §3). A debit larger than
// the credits stays as a negative balance. through is the first day of the month in progress:
// windows that end after it have not expired yet.
func Bank(r Rule, flows []Flow, through time.Time) (balance int, moves []Movement) {
	if r.Bank == BankOff {
		return 0, nil
	}
	type lot struct {
		expires time.Time // first day after the window
		left    int
	}
	var lots []lot
	debt := 0
	expire := func(upTo time.Time) {
		for len(lots) > 0 && !lots[0].expires.After(upTo) && !lots[0].expires.After(through) {
			if lots[0].left > 0 {
				balance -= lots[0].left
				moves = append(moves, Movement{Month: lots[0].expires.AddDate(0, -1, 0), Kind: MoveExpired, Minutes: lots[0].left, Balance: balance})
			}
			lots = lots[1:]
		}
	}
	for _, f := range flows {
		expire(f.Month)
		if f.Credit > 0 {
			balance += f.Credit
			moves = append(moves, Movement{Month: f.Month, Kind: MoveCredit, Minutes: f.Credit, Balance: balance})
			paid := min(debt, f.Credit)
			debt -= paid
			lots = append(lots, lot{expires: f.Month.AddDate(0, r.BankMonths, 0), left: f.Credit - paid})
		}
		if f.Debit > 0 {
			balance -= f.Debit
			moves = append(moves, Movement{Month: f.Month, Kind: MoveDebit, Minutes: f.Debit, Balance: balance})
			owed := f.Debit
			for i := range lots {
				take := min(owed, lots[i].left)
				lots[i].left -= take
				owed -= take
			}
			debt += owed
		}
	}
	expire(through)
	return balance, moves
}
