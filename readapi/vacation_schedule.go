package readapi

import (
	"encoding/json"
	"net/http"

	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/commands"
	"portal/domain/clock"
	"portal/domain/vacation"
	"portal/readapi/httpx"
)

// routesWorkSchedule registers the work-schedule calls of spec portal-core §7: GET
// api/rh-app/colaborador/escala and escala-mes-descricao with tenId, yearMonth (YYYYMM),
// m01Ukey (the caller's own, or a report's for their manager and anyone's for HR).
func (s *Server) routesWorkSchedule(g *echo.Group) {
	w := g.Group("/rh-app/colaborador", s.requireAuth, tenantCaller)
	w.GET("/escala", s.workSchedule(false))
	w.GET("/escala-mes-descricao", s.workSchedule(true))
}

// ScheduleEntry is one entry of the escala call (spec portal-core §3 schedule entry: inicio,
// fim, array_1015, label; the colour is added on the client). array_1015 is the entry's kind:
// 1 work day, 2 weekly rest, 3 holiday, 4 vacation, 5 leave (a layoff, or an absence request).
// status is the calendar event's (spec §2): 1 pending (awaiting approval), 2 blocked (rest days
// and holidays), 0 approved.
type ScheduleEntry struct {
	Inicio    string `json:"inicio"`
	Fim       string `json:"fim"`
	Array1015 int    `json:"array_1015"`
	Label     string `json:"label"` // i18n key: escala_trabalho, escala_descanso, escala_ferias, escala_afastamento, escala_ausencia, or the holiday's key
	Nome      string `json:"nome,omitempty"`
	Status    int    `json:"status"`
}

// Kinds of the schedule entries (array_1015) and calendar statuses.
const (
	entryWork     = 1
	entryRest     = 2
	entryHoliday  = 3
	entryVacation = 4
	entryLeave    = 5

	eventApproved = 0
	eventPending  = 1
	eventBlocked  = 2
)

// ScheduleDay is one line of the month description.
type ScheduleDay struct {
	Data     string     `json:"data"`
	Tipo     string     `json:"tipo"` // work, rest, holiday
	Feriado  string     `json:"feriado,omitempty"`
	Nome     string     `json:"nome,omitempty"`
	Horarios []timeSpan `json:"horarios"`
}

type timeSpan struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

var parseYearMonth = httpx.ParseYearMonth

func (s *Server) workSchedule(describe bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		year, month, ok := parseYearMonth(c.QueryParam("yearMonth"))
		if !ok {
			if strings.TrimSpace(c.QueryParam("yearMonth")) == "" {
				return apiError(http.StatusBadRequest, "yearMonth", "campo_obrigatorio")
			}
			return apiError(http.StatusBadRequest, "yearMonth", "valor_invalido")
		}
		employee, err := s.vacationEmployee(c)
		if err != nil {
			return err
		}
		ctx := c.Request().Context()
		tenant := claimsOf(c).Tenant
		subject, err := commands.LoadVacationSubject(ctx, s.Pool, tenant, employee)
		if err != nil {
			return err
		}
		cal, fixed, err := commands.LoadCalendar(ctx, s.Pool, tenant)
		if err != nil {
			return err
		}
		own := map[string]bool{}
		for _, f := range fixed {
			own[f.Key] = true
		}
		hours, weeklyHours, err := s.scheduleHours(c, tenant, employee)
		if err != nil {
			return err
		}
		days := []ScheduleDay{}
		entries := []ScheduleEntry{}
		for _, d := range vacation.Month(year, month, subject.Schedule, cal) {
			day := ScheduleDay{Data: d.Date.Format(time.DateOnly), Horarios: []timeSpan{}}
			entry := ScheduleEntry{Inicio: day.Data, Fim: day.Data}
			switch d.Kind {
			case vacation.HolidayDay:
				day.Tipo, day.Feriado, entry.Array1015, entry.Label, entry.Status = "holiday", d.HolidayKey, entryHoliday, d.HolidayKey, eventBlocked
				if own[d.HolidayKey] {
					day.Feriado, day.Nome, entry.Label, entry.Nome = "holiday_tenant", d.HolidayKey, "holiday_tenant", d.HolidayKey
				}
			case vacation.RestDay:
				day.Tipo, entry.Array1015, entry.Label, entry.Status = "rest", entryRest, "escala_descanso", eventBlocked
			default:
				day.Tipo, entry.Array1015, entry.Label = "work", entryWork, "escala_trabalho"
				day.Horarios = hours(d.Date, subject.Schedule)
				if len(day.Horarios) > 0 {
					entry.Inicio = day.Data + "T" + day.Horarios[0].Start + ":00"
					entry.Fim = day.Data + "T" + day.Horarios[len(day.Horarios)-1].End + ":00"
				}
			}
			days = append(days, day)
			entries = append(entries, entry)
		}
		if !describe {
			away, err := s.awayEntries(c, employee, time.Date(year, month, 1, 0, 0, 0, 0, time.UTC))
			if err != nil {
				return err
			}
			return c.JSON(http.StatusOK, append(entries, away...))
		}
		return c.JSON(http.StatusOK, map[string]any{
			"yearMonth": c.QueryParam("yearMonth"), "m01Ukey": employee, "tipoEscala": subject.Schedule.Kind.String(),
			"horasSemanais": weeklyHours, "dias": days,
		})
	}
}

// awayEntries are the vacations (pending or scheduled), the leaves and the absence requests
// (waiting or approved) of an employee that overlap the month of first, whole (a calendar
// shows them across months).
func (s *Server) awayEntries(c echo.Context, employee uuid.UUID, first time.Time) ([]ScheduleEntry, error) {
	last := first.AddDate(0, 1, -1)
	out := []ScheduleEntry{}
	err := s.inTenant(c, func(tx pgx.Tx) error {
		ctx := c.Request().Context()
		rows, err := tx.Query(ctx, `SELECT start_date, end_date, status FROM vacation_leaves
WHERE tenant_id = app_tenant() AND employee_id = $1 AND status IN ('pending', 'scheduled') AND start_date <= $3 AND end_date >= $2
ORDER BY start_date`, employee, first, last)
		if err != nil {
			return err
		}
		for rows.Next() {
			var from, to time.Time
			var status string
			if err := rows.Scan(&from, &to, &status); err != nil {
				rows.Close()
				return err
			}
			e := ScheduleEntry{Inicio: from.Format(time.DateOnly), Fim: to.Format(time.DateOnly), Array1015: entryVacation,
				Label: "escala_ferias", Status: eventApproved}
			if status == "pending" {
				e.Status = eventPending
			}
			out = append(out, e)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `
SELECT a.start, coalesce(nullif(a.finish, ''), a.start), a.kind, r.status
FROM requests r, LATERAL (SELECT r.doc->'ausencia'->>'inicioAbono' AS start, r.doc->'ausencia'->>'fimAbono' AS finish,
                                 coalesce(r.doc->'ausencia'->>'tipoAusenciaDesc', '') AS kind) a
WHERE r.tenant_id = app_tenant() AND r.subject_employee_id = $1 AND r.status IN ('waiting', 'approved')
  AND coalesce(a.start, '') <> '' AND a.start <= $3 AND coalesce(nullif(a.finish, ''), a.start) >= $2
ORDER BY a.start`, employee, first.Format(time.DateOnly), last.Format(time.DateOnly))
		if err != nil {
			return err
		}
		for rows.Next() {
			e := ScheduleEntry{Array1015: entryLeave, Label: "escala_ausencia", Status: eventApproved}
			var status string
			if err := rows.Scan(&e.Inicio, &e.Fim, &e.Nome, &status); err != nil {
				rows.Close()
				return err
			}
			if status == "waiting" {
				e.Status = eventPending
			}
			out = append(out, e)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		var layoff []byte
		if err := tx.QueryRow(ctx, `SELECT layoff FROM employees WHERE tenant_id = app_tenant() AND id = $1`, employee).Scan(&layoff); err != nil {
			return err
		}
		periods, _ := clock.ParseLayoff(layoff) // what the time clock reads; anything else is no leave
		for _, p := range periods {
			if !p.Overlaps(first, last) {
				continue
			}
			from, to := p.Start, p.End
			if from.IsZero() {
				from = first
			}
			if to.IsZero() {
				to = last
			}
			out = append(out, ScheduleEntry{Inicio: from.Format(time.DateOnly), Fim: to.Format(time.DateOnly), Array1015: entryLeave,
				Label: "escala_afastamento", Status: eventApproved})
		}
		return nil
	})
	return out, err
}

// scheduleHours reads the working intervals of the stored schedule: per weekday for fixed
// and flexible schedules, the shift of the 12x36 cycle on its worked days.
func (s *Server) scheduleHours(c echo.Context, tenant, employee uuid.UUID) (func(time.Time, vacation.Schedule) []timeSpan, float64, error) {
	var raw []byte
	if err := s.Pool.QueryRow(c.Request().Context(), `SELECT schedule FROM employees WHERE tenant_id = $1 AND id = $2`,
		tenant, employee).Scan(&raw); err != nil {
		return nil, 0, err
	}
	var j struct {
		Weekly      map[string][]timeSpan `json:"weekly"`
		WeeklyHours float64               `json:"weeklyHours"`
	}
	_ = json.Unmarshal(raw, &j) // ParseSchedule already accepted it; missing parts show no hours
	names := []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}
	var shift []timeSpan
	for _, n := range names {
		if len(j.Weekly[n]) > 0 && shift == nil {
			shift = j.Weekly[n]
		}
	}
	return func(d time.Time, sch vacation.Schedule) []timeSpan {
		var out []timeSpan
		if sch.Kind == vacation.Shift12x36 {
			out = shift
		} else {
			out = j.Weekly[names[d.Weekday()]]
		}
		if out == nil {
			out = []timeSpan{}
		}
		return out
	}, j.WeeklyHours, nil
}
