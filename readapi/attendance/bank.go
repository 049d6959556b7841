package attendance

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/domain/timesheet"
	"portal/readapi/httpx"
)

// BankFigures are an employee's (or a team's) hour bank in minutes: the balance, and what
// overtime credited, missing minutes debited and expiry paid out as overtime (CLT art. 59 §3).
type BankFigures struct {
	Balance int `json:"balance"`
	Credits int `json:"credits"`
	Debits  int `json:"debits"`
	Expired int `json:"expired"`
}

func (f *BankFigures) add(balance int, moves []timesheet.Movement) {
	f.Balance += balance
	for _, m := range moves {
		switch m.Kind {
		case timesheet.MoveCredit:
			f.Credits += m.Minutes
		case timesheet.MoveDebit:
			f.Debits += m.Minutes
		case timesheet.MoveExpired:
			f.Expired += m.Minutes
		}
	}
}

// BankLine is an employee's line of the team's hour bank.
type BankLine struct {
	Employee
	BankFigures
}

// BankTeam is the hour bank of a team: Bank is the tenant's agreement (off: overtime is paid,
// there is no bank and no rows), Months its window, Through the month in progress.
type BankTeam struct {
	Bank    string      `json:"bank"`
	Months  int         `json:"months"`
	Through string      `json:"through"`
	Rows    []BankLine  `json:"rows"`
	Total   BankFigures `json:"total"`
}

// BankQuery is whose bank a team read covers: the scope, optionally one department, and the
// month in progress (the first day; the windows ending after it have not expired).
type BankQuery struct {
	Scope   Scope
	Dept    *uuid.UUID
	Through time.Time
}

// TeamBank reads one line per employee of the scope (active or away; by name), each the
// bank run over the employee's months so far under the tenant's rule.
func TeamBank(ctx context.Context, tx pgx.Tx, q BankQuery) (BankTeam, error) {
	rule, err := RuleOf(ctx, tx)
	if err != nil {
		return BankTeam{}, err
	}
	out := BankTeam{Bank: rule.Bank, Months: rule.BankMonths, Through: q.Through.Format("2006-01"), Rows: []BankLine{}}
	if rule.Bank == timesheet.BankOff {
		return out, nil
	}
	var manager *uuid.UUID
	if !q.Scope.Tenant {
		manager = &q.Scope.Manager
	}
	rows, err := tx.Query(ctx, `SELECT e.id, e.name, coalesce(d.name, ''), m.month, coalesce(m.overtime50, 0), coalesce(m.overtime100, 0), coalesce(m.missing, 0)
FROM employees e
LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
LEFT JOIN timesheet_months m ON m.tenant_id = e.tenant_id AND m.employee_id = e.id AND m.month <= $3
WHERE e.tenant_id = app_tenant() AND e.status <> 'inactive'
  AND ($1::uuid IS NULL OR e.manager_id = $1) AND ($2::uuid IS NULL OR e.department_id = $2)
ORDER BY e.name, e.id, m.month`, manager, q.Dept, q.Through)
	if err != nil {
		return out, err
	}
	var line *BankLine
	var flows []timesheet.Flow
	flush := func() {
		if line == nil {
			return
		}
		balance, moves := timesheet.Bank(rule, flows, q.Through)
		line.add(balance, moves)
		out.Total.add(balance, moves)
		out.Rows = append(out.Rows, *line)
	}
	for rows.Next() {
		var e Employee
		var month *time.Time
		var t timesheet.Totals
		if err := rows.Scan(&e.ID, &e.Name, &e.Department, &month, &t.Overtime50, &t.Overtime100, &t.Missing); err != nil {
			return out, err
		}
		if line == nil || line.ID != e.ID {
			flush()
			line, flows = &BankLine{Employee: e}, flows[:0]
		}
		if month != nil {
			credit, debit := timesheet.Credit(t)
			flows = append(flows, timesheet.Flow{Month: *month, Credit: credit, Debit: debit})
		}
	}
	if err := rows.Err(); err != nil {
		return out, err
	}
	flush()
	return out, nil
}

// BankDay is a day that moved the bank: its overtime credited or its missing minutes debited.
type BankDay struct {
	Day         string `json:"day"`
	Kind        string `json:"kind"`
	Overtime50  int    `json:"overtime50"`
	Overtime100 int    `json:"overtime100"`
	Missing     int    `json:"missing"`
	Late        int    `json:"late"`
	Early       int    `json:"early"`
	Absent      bool   `json:"absent"`
}

// BankMove is a line of the statement: the month it belongs to, credit, debit or expired
// (paid as overtime), its minutes and the balance after it. A credit lists the days of its
// month with overtime, a debit the days with minutes missing; an expired line names the
// month of the credit that expired (Source).
type BankMove struct {
	Month   string    `json:"month"`
	Kind    string    `json:"kind"`
	Minutes int       `json:"minutes"`
	Balance int       `json:"balance"`
	Source  string    `json:"source,omitempty"`
	Days    []BankDay `json:"days"`
}

// BankStatement is an employee's hour bank: the figures and the movements, oldest first.
type BankStatement struct {
	Bank      string      `json:"bank"`
	Months    int         `json:"months"`
	Through   string      `json:"through"`
	Employee  Employee    `json:"employee"`
	Figures   BankFigures `json:"figures"`
	Movements []BankMove  `json:"movements"`
}

// EmployeeBank reads an employee's statement (the caller's scope checked by the handler).
func EmployeeBank(ctx context.Context, tx pgx.Tx, e Employee, through time.Time) (BankStatement, error) {
	rule, err := RuleOf(ctx, tx)
	if err != nil {
		return BankStatement{}, err
	}
	out := BankStatement{Bank: rule.Bank, Months: rule.BankMonths, Through: through.Format("2006-01"), Employee: e, Movements: []BankMove{}}
	if rule.Bank == timesheet.BankOff {
		return out, nil
	}
	rows, err := tx.Query(ctx, `SELECT month, overtime50, overtime100, missing FROM timesheet_months
WHERE tenant_id = app_tenant() AND employee_id = $1 AND month <= $2 ORDER BY month`, e.ID, through)
	if err != nil {
		return out, err
	}
	var flows []timesheet.Flow
	for rows.Next() {
		var f timesheet.Flow
		var t timesheet.Totals
		if err := rows.Scan(&f.Month, &t.Overtime50, &t.Overtime100, &t.Missing); err != nil {
			return out, err
		}
		f.Credit, f.Debit = timesheet.Credit(t)
		flows = append(flows, f)
	}
	if err := rows.Err(); err != nil {
		return out, err
	}
	balance, moves := timesheet.Bank(rule, flows, through)
	out.Figures.add(balance, moves)

	days := map[string][]BankDay{} // by month, the days that moved the bank
	rows, err = tx.Query(ctx, `SELECT day, kind, overtime50, overtime100, missing, late, early, absent FROM timesheet_days
WHERE tenant_id = app_tenant() AND employee_id = $1 AND day < $2 AND (overtime50 + overtime100 > 0 OR missing > 0) ORDER BY day`,
		e.ID, through.AddDate(0, 1, 0))
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var d BankDay
		var day time.Time
		if err := rows.Scan(&day, &d.Kind, &d.Overtime50, &d.Overtime100, &d.Missing, &d.Late, &d.Early, &d.Absent); err != nil {
			return out, err
		}
		d.Day = day.Format(time.DateOnly)
		days[day.Format("2006-01")] = append(days[day.Format("2006-01")], d)
	}
	if err := rows.Err(); err != nil {
		return out, err
	}
	for _, m := range moves {
		mv := BankMove{Month: m.Month.Format("2006-01"), Kind: m.Kind, Minutes: m.Minutes, Balance: m.Balance, Days: []BankDay{}}
		for _, d := range days[mv.Month] {
			if (m.Kind == timesheet.MoveCredit && d.Overtime50+d.Overtime100 > 0) || (m.Kind == timesheet.MoveDebit && d.Missing > 0) {
				mv.Days = append(mv.Days, d)
			}
		}
		if m.Kind == timesheet.MoveExpired {
			// Bank dates an expiry in the last month of the credit's window.
			mv.Source = m.Month.AddDate(0, 1-rule.BankMonths, 0).Format("2006-01")
		}
		out.Movements = append(out.Movements, mv)
	}
	return out, nil
}

// bankTeam answers GET hour-bank/team?scope&dept.
func (s *API) bankTeam(c echo.Context) error {
	sc, err := scopeOf(c)
	if err != nil {
		return err
	}
	dept, err := httpx.QueryUUID(c, "dept", false)
	if err != nil {
		return err
	}
	q := BankQuery{Scope: sc, Through: firstDay(s.Now().UTC())}
	if dept != uuid.Nil {
		q.Dept = &dept
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (BankTeam, error) { return TeamBank(ctx, tx, q) })
}

// bankEmployee answers GET hour-bank/employees/:id: an employee of the caller's scope.
func (s *API) bankEmployee(c echo.Context) error {
	sc, err := scopeOf(c)
	if err != nil {
		return err
	}
	id, err := pathEmployee(c)
	if err != nil {
		return err
	}
	through := firstDay(s.Now().UTC())
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (BankStatement, error) {
		e, err := employeeIn(ctx, tx, sc, id, nil)
		if err != nil {
			return BankStatement{}, err
		}
		return EmployeeBank(ctx, tx, e, through)
	})
}
