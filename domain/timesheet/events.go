package timesheet

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

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
// force and its figures, as JSON (encoding/json's bytes of rowJSON, written by hand: a replay
// hashes every row of the log).
func RowHash(r Dated) string {
	var buf [512]byte
	sum := sha256.Sum256(appendRowJSON(buf[:0], r))
	return hex.EncodeToString(sum[:])
}

// rowJSON is what RowHash hashes, as encoding/json writes it.
type rowJSON struct {
	Date  string   `json:"date"`
	Marks []string `json:"marks"`
	Row
}

func appendRowJSON(b []byte, r Dated) []byte {
	b = append(b, `{"date":"`...)
	b = r.Date.AppendFormat(b, time.DateOnly)
	b = append(b, `","marks":[`...)
	for i, m := range r.Marks {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = m.UTC().AppendFormat(b, time.RFC3339)
		b = append(b, '"')
	}
	b = append(b, `],"kind":`...)
	b = AppendJSONString(b, r.Kind)
	for _, f := range []struct {
		key string
		v   int
	}{{`,"expected":`, r.Expected}, {`,"worked":`, r.Worked}, {`,"night":`, r.Night}, {`,"nightHours":`, r.NightHours},
		{`,"overtime50":`, r.Overtime50}, {`,"overtime100":`, r.Overtime100}, {`,"late":`, r.Late}, {`,"early":`, r.Early},
		{`,"missing":`, r.Missing}, {`,"excused":`, r.Excused}, {`,"leave":`, r.Leave}} {
		b = strconv.AppendInt(append(b, f.key...), int64(f.v), 10)
	}
	b = strconv.AppendBool(append(b, `,"absent":`...), r.Absent)
	b = strconv.AppendBool(append(b, `,"incomplete":`...), r.Incomplete)
	return append(b, '}')
}

// AppendJSONString appends s as encoding/json writes it: as is when nothing in it is
// escaped, else by encoding/json.
func AppendJSONString(b []byte, s string) []byte {
	plain := utf8.ValidString(s)
	for i := 0; plain && i < len(s); i++ {
		c := s[i]
		plain = c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' && c != 0xe2 // U+2028, U+2029
	}
	if plain {
		return append(append(append(b, '"'), s...), '"')
	}
	q, _ := json.Marshal(s)
	return append(b, q...)
}
