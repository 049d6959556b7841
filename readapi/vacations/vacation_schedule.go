package vacations

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/domain"
	"portal/domain/vacation"
	vacationsproj "portal/projections/vacations"
	"portal/readapi/httpx"
)

// routesWorkSchedule registers the work-schedule calls of spec portal-core §7: GET
// api/rh-app/colaborador/escala and escala-mes-descricao with tenId, yearMonth (YYYYMM),
// m01Ukey (the caller's own, or a report's for their manager and anyone's for HR).
func (s *API) routesWorkSchedule(g *echo.Group) {
	w := g.Group("/rh-app/colaborador", s.Authn, httpx.Caller(httpx.TenantRequired))
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
	EntryWork     = 1
	EntryRest     = 2
	EntryHoliday  = 3
	EntryVacation = 4
	EntryLeave    = 5

	EventApproved = 0
	EventPending  = 1
	EventBlocked  = 2
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

func (s *API) workSchedule(describe bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		year, month, ok := httpx.ParseYearMonth(c.QueryParam("yearMonth"))
		if !ok {
			if strings.TrimSpace(c.QueryParam("yearMonth")) == "" {
				return httpx.Error(http.StatusBadRequest, "yearMonth", domain.KeyRequired)
			}
			return httpx.Error(http.StatusBadRequest, "yearMonth", domain.KeyInvalid)
		}
		subject, err := s.vacationSubject(c)
		if err != nil {
			return err
		}
		employee := subject.Employee
		ctx := c.Request().Context()
		cal, fixed, err := s.Facts.Calendar(ctx, httpx.Claims(c).Tenant)
		if err != nil {
			return err
		}
		own := map[string]bool{}
		for _, f := range fixed {
			own[f.Key] = true
		}
		var raw []byte
		var away []ScheduleEntry
		err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
			if raw, err = s.Reads.Schedule(ctx, tx, employee); err != nil || describe {
				return err
			}
			away, err = s.awayEntries(ctx, tx, employee, time.Date(year, month, 1, 0, 0, 0, 0, time.UTC))
			return err
		})
		if err != nil {
			return err
		}
		hours, weeklyHours := scheduleHours(raw)
		days := []ScheduleDay{}
		entries := []ScheduleEntry{}
		for _, d := range vacation.Month(year, month, subject.Schedule, cal) {
			day := ScheduleDay{Data: d.Date.Format(time.DateOnly), Horarios: []timeSpan{}}
			entry := ScheduleEntry{Inicio: day.Data, Fim: day.Data}
			switch d.Kind {
			case vacation.HolidayDay:
				day.Tipo, day.Feriado, entry.Array1015, entry.Label, entry.Status = "holiday", d.HolidayKey, EntryHoliday, d.HolidayKey, EventBlocked
				if own[d.HolidayKey] {
					day.Feriado, day.Nome, entry.Label, entry.Nome = "holiday_tenant", d.HolidayKey, "holiday_tenant", d.HolidayKey
				}
			case vacation.RestDay:
				day.Tipo, entry.Array1015, entry.Label, entry.Status = "rest", EntryRest, "escala_descanso", EventBlocked
			default:
				day.Tipo, entry.Array1015, entry.Label = "work", EntryWork, "escala_trabalho"
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
			return c.JSON(http.StatusOK, append(entries, away...))
		}
		return c.JSON(http.StatusOK, map[string]any{
			"yearMonth": c.QueryParam("yearMonth"), "m01Ukey": employee, "tipoEscala": subject.Schedule.Kind.String(),
			"horasSemanais": weeklyHours, "dias": days,
		})
	}
}

// awayEntries are the periods an employee is away (vacationsproj.Vacations.Away) in the month
// of first, as schedule entries.
func (s *API) awayEntries(ctx context.Context, tx pgx.Tx, employee uuid.UUID, first time.Time) ([]ScheduleEntry, error) {
	away, err := s.Reads.Away(ctx, tx, employee, first, first.AddDate(0, 1, -1))
	out := make([]ScheduleEntry, 0, len(away))
	for _, a := range away {
		e := ScheduleEntry{Inicio: a.From, Fim: a.To, Nome: a.Name, Status: EventApproved}
		switch a.Kind {
		case vacationsproj.AwayVacation:
			e.Array1015, e.Label = EntryVacation, "escala_ferias"
		case vacationsproj.AwayAbsence:
			e.Array1015, e.Label = EntryLeave, "escala_ausencia"
		default:
			e.Array1015, e.Label = EntryLeave, "escala_afastamento"
		}
		if a.Pending {
			e.Status = EventPending
		}
		out = append(out, e)
	}
	return out, err
}

// scheduleHours reads the working intervals of the stored schedule: per weekday for fixed
// and flexible schedules, the shift of the 12x36 cycle on its worked days.
func scheduleHours(raw []byte) (func(time.Time, vacation.Schedule) []timeSpan, float64) {
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
	}, j.WeeklyHours
}
