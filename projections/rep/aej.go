package rep

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"portal/domain/rep"
)

// JourneyEmployee is an employee of the AEJ: their CPF, name and contractual schedule.
type JourneyEmployee struct {
	ID       uuid.UUID
	CPF      string
	Name     string
	Schedule json.RawMessage // employees.schedule: {"weekly": {"mon": [{"start","end"}], ...}}
}

// JourneyMark is a mark in force: as punched, moved or added by an approved adjustment
// (with its reason).
type JourneyMark struct {
	Employee uuid.UUID
	At       time.Time
	Added    bool   // added by an adjustment, never punched
	Reason   string // the adjustment's reason, when adjusted
}

// JourneyAbsence is a day of record 07: a weekly rest (DSR, "1") or an unjustified absence
// ("2") of an employee, from the timesheet read model.
type JourneyAbsence struct {
	Employee uuid.UUID
	Day      time.Time
	Kind     string // "1" DSR, "2" unjustified absence
}

// GatherJourney is where the AEJ's data comes from, in one place: the employees who have
// marks in the period with their schedules (employees.schedule), then the marks in force
// from the clock read model (clock_marks, adjustments applied) in employee and time order,
// with the adjustment's reason, then the days of rest and of unjustified absence of those
// employees from the timesheet read model (timesheet_days: kind "rest", or absent). It
// streams the marks and days; only the employees are held.
func GatherJourney(ctx context.Context, tx pgx.Tx, p rep.Period, zone *time.Location,
	employees func([]JourneyEmployee) error, mark func(JourneyMark) error, absence func(JourneyAbsence) error) error {
	from := time.Date(p.From.Year(), p.From.Month(), p.From.Day(), 0, 0, 0, 0, zone)
	to := time.Date(p.To.Year(), p.To.Month(), p.To.Day(), 0, 0, 0, 0, zone).AddDate(0, 0, 1)
	rows, err := tx.Query(ctx, `SELECT e.id, e.cpf, e.name, e.schedule FROM employees e
        WHERE e.tenant_id = app_tenant() AND EXISTS (SELECT FROM clock_marks m WHERE m.tenant_id = e.tenant_id
            AND m.employee_id = e.id AND m.recorded_at >= $1 AND m.recorded_at < $2)
        ORDER BY e.id`, from, to)
	if err != nil {
		return err
	}
	var list []JourneyEmployee
	var je JourneyEmployee
	if _, err := pgx.ForEachRow(rows, []any{&je.ID, &je.CPF, &je.Name, &je.Schedule}, func() error {
		list = append(list, je)
		return nil
	}); err != nil {
		return err
	}
	if err := employees(list); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT m.employee_id, m.recorded_at, m.added,
            CASE WHEN m.adjusted THEN coalesce(r.doc #>> '{fields,motivo}', r.title, '') ELSE '' END
        FROM clock_marks m LEFT JOIN requests r ON r.tenant_id = m.tenant_id AND r.id = m.request_id
        WHERE m.tenant_id = app_tenant() AND m.recorded_at >= $1 AND m.recorded_at < $2
        ORDER BY m.employee_id, m.recorded_at, m.id`, from, to)
	if err != nil {
		return err
	}
	var m JourneyMark
	if _, err = pgx.ForEachRow(rows, []any{&m.Employee, &m.At, &m.Added, &m.Reason}, func() error { return mark(m) }); err != nil {
		return err
	}
	ids := make([]uuid.UUID, len(list))
	for i, je := range list {
		ids[i] = je.ID
	}
	rows, err = tx.Query(ctx, `SELECT employee_id, day, CASE WHEN kind = 'rest' THEN '1' ELSE '2' END FROM timesheet_days
        WHERE tenant_id = app_tenant() AND employee_id = ANY($1) AND day BETWEEN $2 AND $3 AND (kind = 'rest' OR absent)
        ORDER BY employee_id, day`, ids, p.From.Format("2006-01-02"), p.To.Format("2006-01-02"))
	if err != nil {
		return err
	}
	var a JourneyAbsence
	_, err = pgx.ForEachRow(rows, []any{&a.Employee, &a.Day, &a.Kind}, func() error { return absence(a) })
	return err
}

// PTRP names this program in the AEJ's record 08.
var PTRP = struct{ Name, Version, DeveloperCNPJ, DeveloperName, Email string }{
	"Portal RH", "1.0", DeveloperCNPJ, "Portal RH", "contato@portal.example.com.br"}

// WriteAEJ streams the AEJ (Annex VI layout: "|"-separated fields, ISO-8859-1, CRLF) of
// the establishment for the period: 01 header, 02 the REP-P, 03 each employee, 04 each
// contractual schedule, 05 each mark in force (entries and exits paired per day, source
// "O" original or "I" included, with the adjustment's reason), 07 each day of weekly rest
// or unjustified absence, 08 this program, 99 trailer, and the signature line (no 06: it
// is only for employees with more than one bond in the file, and each employee has one).
// It returns the number of marks.
func WriteAEJ(ctx context.Context, tx pgx.Tx, e Establishment, p rep.Period, now time.Time, w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := encoding.ReplaceUnsupported(charmap.ISO8859_1.NewEncoder())
	counts := map[string]int{}
	line := func(fields ...string) error {
		for i, f := range fields { // a field may not hold the delimiter or a line end
			fields[i] = strings.NewReplacer("|", " ", "\r", " ", "\n", " ").Replace(f)
		}
		s, _ := enc.String(strings.Join(fields, "|"))
		counts[fields[0]]++
		_, err := bw.WriteString(s + "\r\n")
		return err
	}
	caepf, cno := "", "" // the establishment's one number: a CAEPF has 14 digits, a CNO 12
	if len(e.CNO) == 14 {
		caepf = e.CNO
	} else {
		cno = e.CNO
	}
	if err := line("01", "1", e.CNPJ, caepf, cno, e.Name, p.From.Format("2006-01-02"), p.To.Format("2006-01-02"),
		DH(now, e.Zone), "001"); err != nil {
		return 0, err
	}
	if err := line("02", "1", "3", padN(e.INPI, 17)); err != nil {
		return 0, err
	}
	bond := map[uuid.UUID]string{}     // employee → idtVinculoAej
	schedule := map[uuid.UUID]string{} // employee → codHorContratual
	n := 0
	var cur uuid.UUID
	var day string
	var seq int
	err := GatherJourney(ctx, tx, p, e.Zone, func(list []JourneyEmployee) error {
		codes := map[string]string{}
		for i, je := range list {
			bond[je.ID] = fmt.Sprint(i + 1)
			if err := line("03", bond[je.ID], je.CPF, je.Name); err != nil {
				return err
			}
		}
		for _, je := range list {
			fields := contractual(je.Schedule)
			key := strings.Join(fields, "|")
			if _, ok := codes[key]; !ok && len(fields) > 0 {
				codes[key] = fmt.Sprintf("H%d", len(codes)+1)
				if err := line(append([]string{"04", codes[key]}, fields...)...); err != nil {
					return err
				}
			}
			schedule[je.ID] = codes[key]
		}
		return nil
	}, func(m JourneyMark) error {
		local := m.At.In(e.Zone)
		if m.Employee != cur || local.Format("2006-01-02") != day {
			cur, day, seq = m.Employee, local.Format("2006-01-02"), 0
		}
		kind, code := "E", ""
		if seq%2 == 1 {
			kind = "S"
		} else if seq == 0 {
			code = schedule[m.Employee]
		}
		source := "O"
		if m.Added {
			source = "I"
		}
		reason := m.Reason
		if len(reason) > 150 {
			reason = string([]rune(reason)[:150])
		}
		n++
		seqText := fmt.Sprintf("%03d", seq/2+1)
		seq++
		return line("05", bond[m.Employee], DH(m.At, e.Zone), "1", kind, seqText, source, code, reason)
	}, func(a JourneyAbsence) error {
		// 07|idtVinculoAej|tipoAusenOuComp|data|qtMinutos|tipoMovBH: minutes and the hour
		// bank's movement only go with type "3", which the portal does not write (the hour
		// bank is summed by month, not by day: docs/rep-p.md).
		return line("07", bond[a.Employee], a.Kind, a.Day.Format("2006-01-02"), "", "")
	})
	if err != nil {
		return n, err
	}
	if err := line("08", PTRP.Name, PTRP.Version, "1", PTRP.DeveloperCNPJ, PTRP.DeveloperName, PTRP.Email); err != nil {
		return n, err
	}
	trailer := []string{"99"}
	for _, k := range []string{"01", "02", "03", "04", "05", "06", "07", "08"} {
		trailer = append(trailer, fmt.Sprint(counts[k]))
	}
	if err := line(trailer...); err != nil {
		return n, err
	}
	if _, err := bw.WriteString(padA(SignatureLine, 100) + "\r\n"); err != nil {
		return n, err
	}
	return n, bw.Flush()
}

// contractual reads a schedule's first working day as record 04's fields: the day's length
// in minutes and its entry and exit times (hhmm). An empty schedule has none.
func contractual(schedule json.RawMessage) []string {
	var s struct {
		Weekly map[string][]struct{ Start, End string } `json:"weekly"`
	}
	if json.Unmarshal(schedule, &s) != nil {
		return nil
	}
	for _, d := range []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"} {
		spans := s.Weekly[d]
		if len(spans) == 0 {
			continue
		}
		minutes := 0
		var times []string
		for _, sp := range spans {
			a, err1 := time.Parse("15:04", sp.Start)
			b, err2 := time.Parse("15:04", sp.End)
			if err1 != nil || err2 != nil {
				return nil
			}
			if !b.After(a) { // a night shift ends the next day
				b = b.Add(24 * time.Hour)
			}
			minutes += int(b.Sub(a).Minutes())
			times = append(times, a.Format("1504"), b.Format("1504"))
		}
		return append([]string{fmt.Sprint(minutes)}, times...)
	}
	return nil
}
