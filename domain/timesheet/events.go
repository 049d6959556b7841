package timesheet

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"portal/domain"
)

// Event types (docs/api.md "Events"). A month's closing and reopening are the tenant's
// ("timesheet-<tenantId>"); a signature is the employee's ("timesheet-<employeeId>").
const (
	TypeMonthClosed   = "timesheet.month_closed.v1"
	TypeMonthReopened = "timesheet.month_reopened.v1"
	TypeMonthSigned   = "timesheet.month_signed.v1"
)

// Stream names a timesheet stream: the tenant's (closings) or an employee's (signatures).
func Stream(id fmt.Stringer) string { return "timesheet-" + id.String() }

// StreamID is what follows "timesheet-" in a stream's name.
func StreamID(stream string) (string, bool) { return strings.CutPrefix(stream, "timesheet-") }

// MonthData is timesheet.month_closed.v1 and timesheet.month_reopened.v1.
type MonthData struct {
	Month  string    `json:"month"` // YYYY-MM
	By     string    `json:"by"`    // the HR user's id
	At     time.Time `json:"at"`
	Reason string    `json:"reason,omitempty"` // reopening
}

// SignedData is timesheet.month_signed.v1: the employee signed the month's rows with these
// totals; RowsHash is Hash of the rows signed, so a later change shows the signature as
// superseded.
type SignedData struct {
	EmployeeID string    `json:"employeeId"`
	UserID     string    `json:"userId"`
	Month      string    `json:"month"`
	Totals     Totals    `json:"totals"`
	RowsHash   string    `json:"rowsHash"`
	At         time.Time `json:"at"`
}

// Message keys of the timesheet's refusals (pt, en, es in the web app).
const (
	KeyMonthFuture     = "mes_futuro"              // a month not ended yet
	KeyMonthClosed     = "mes_fechado"             // already closed / changes need a reopening
	KeyMonthOpen       = "mes_aberto"              // not closed: cannot be signed or reopened
	KeyAlreadySigned   = "espelho_ja_assinado"     // the rows in force are signed already
	KeySignDisabled    = "assinatura_desabilitada" // assina_ponto is off
	KeyTimesheetHidden = "espelho_indisponivel"    // visualiza_espelho is off
)

// MonthLayout is the wire form of a month.
const MonthLayout = "2006-01"

// ParseMonth reads YYYY-MM as the month's first day (UTC midnight).
func ParseMonth(field, s string) (time.Time, error) {
	t, err := time.Parse(MonthLayout, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, domain.InvalidField(field, domain.KeyBadDate)
	}
	return t, nil
}

// Closable refuses closing a month that has not ended by today (a calendar day) or that is
// closed already.
func Closable(month, today time.Time, closed bool) error {
	if month.AddDate(0, 1, 0).After(civil(today)) {
		return domain.Refusal("mes", KeyMonthFuture)
	}
	if closed {
		return domain.Refusal("mes", KeyMonthClosed)
	}
	return nil
}

// Hash is the SHA-256 of a month's rows (in date order): of each row's RowHash, so a read
// model can keep a row's digest beside it.
func Hash(rows []Dated) string {
	digests := make([]string, len(rows))
	for i, r := range rows {
		digests[i] = RowHash(r)
	}
	return MonthHash(digests)
}

// MonthHash is the SHA-256 of the rows' digests in date order, one a line.
func MonthHash(digests []string) string {
	h := sha256.New()
	for _, d := range digests {
		h.Write([]byte(d))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// RowHash is the SHA-256 of a row in a canonical form: its date, the times of its marks in
// force and its figures, as JSON.
func RowHash(r Dated) string {
	marks := make([]string, len(r.Marks))
	for i, m := range r.Marks {
		marks[i] = m.UTC().Format(time.RFC3339)
	}
	data, _ := json.Marshal(struct {
		Date  string   `json:"date"`
		Marks []string `json:"marks"`
		Row
	}{r.Date.Format(time.DateOnly), marks, r.Row})
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
