package vacation

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/notification"
	"portal/domain/vacation"
	"portal/eventstore"
)

// AlertsHandler raises the alerts owed at 90, 60 and 30 days before a concessive
// period ends (spec portal-business §2, §9) and tells the employee and the manager through
// their notifications. The server runs it periodically; each alert is raised once.
type AlertsHandler struct {
	facts AlertTargets
	store eventstore.Store
	now   func() time.Time
}

// AlertTargets lists the employees owed vacation alerts (PoolFacts implements it).
type AlertTargets interface {
	// AlertTargets are the active employees of every tenant hired at least a year before
	// today, with their users and managers' users.
	AlertTargets(ctx context.Context, today time.Time) ([]commands.AlertTarget, error)
}

// NewAlertsHandler needs the targets (PoolFacts), the store and the clock.
func NewAlertsHandler(facts AlertTargets, store eventstore.Store, now func() time.Time) (*AlertsHandler, error) {
	if facts == nil || store == nil || now == nil {
		return nil, fmt.Errorf("commands.NewVacationAlertsHandler: nil dependency")
	}
	return &AlertsHandler{facts: facts, store: store, now: now}, nil
}

// Run checks every active employee with at least one acquired period and returns how many
// alerts it raised. The command id of an alert is derived from the employee, period and
// threshold, so two servers running it at once raise and notify it once.
func (h *AlertsHandler) Run(ctx context.Context) (raised int, err error) {
	defer commands.Wrap(&err, "VacationAlerts")
	today := vacation.DayOf(h.now().UTC())
	targets, err := h.facts.AlertTargets(ctx, today)
	if err != nil {
		return 0, err
	}
	for _, t := range targets {
		n, err := h.alert(ctx, t)
		if err != nil {
			return raised, err
		}
		raised += n
	}
	return raised, nil
}

func (h *AlertsHandler) alert(ctx context.Context, t commands.AlertTarget) (int, error) {
	stream := vacation.Stream(t.Employee)
	recorded, err := h.store.ReadStream(ctx, t.Tenant, stream, 0)
	if err != nil || len(recorded) == 0 {
		return 0, err
	}
	e := vacation.New()
	for _, re := range recorded {
		ev, err := DecodeVacation(re)
		if err != nil {
			return 0, err
		}
		e.Apply(ev)
	}
	due := e.DueAlerts(h.now().UTC())
	for _, ev := range due {
		a := ev.(vacation.AlertRaised)
		commandID := fmt.Sprintf("alert/%d/%d", a.Period, a.Threshold)
		system := t.Employee // the system acts; the employee's id keeps the actor non-empty
		_, err := decideEntitlement(ctx, h.store, h.now, entitlementCommand{commandID, t.Tenant, system, t.Employee}, false,
			func(e *vacation.Entitlement, at time.Time) ([]vacation.Event, error) {
				for _, d := range e.DueAlerts(at) {
					if d.(vacation.AlertRaised).Period == a.Period {
						return []vacation.Event{d}, nil
					}
				}
				return nil, nil
			})
		if err != nil {
			return 0, err
		}
		end := e.PeriodOf(a.Period).ConcessiveEnd
		for _, to := range []struct {
			user *uuid.UUID
			hash *string
			lang *string
			own  bool
		}{{t.User, t.UserHash, t.UserLang, true}, {t.Manager, t.MgrHash, t.MgrLang, false}} {
			if to.user == nil {
				continue
			}
			if err := h.notify(ctx, t, *to.user, *to.hash, deref(to.lang), to.own, a, end, commandID); err != nil {
				return 0, err
			}
		}
	}
	return len(due), nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// alertTexts are the alert's words in the recipient's language (the web app shows a
// notification's message as it is).
var alertTexts = map[string][2]string{
	"pt": {"Suas férias do %dº período aquisitivo vencem em até %d dias (até %s). Programe-as.",
		"As férias do %dº período aquisitivo de %s vencem em até %d dias (até %s)."},
	"en": {"Your vacation of acquisition period %d expires within %d days (by %s). Please schedule it.",
		"The vacation of acquisition period %d of %s expires within %d days (by %s)."},
	"es": {"Tus vacaciones del %dº período adquisitivo vencen en hasta %d días (hasta %s). Prográmalas.",
		"Las vacaciones del %dº período adquisitivo de %s vencen en hasta %d días (hasta %s)."},
}

func (h *AlertsHandler) notify(ctx context.Context, t commands.AlertTarget, to uuid.UUID, hash, lang string, own bool,
	a vacation.AlertRaised, end time.Time, commandID string) error {
	texts, ok := alertTexts[lang]
	if !ok {
		texts = alertTexts["pt"]
	}
	date := end.Format("02/01/2006")
	msg := fmt.Sprintf(texts[1], a.Period+1, t.Name, a.Threshold, date)
	link := "/apps/gestor-rh/mapVaccations/filter/0"
	if own {
		msg, link = fmt.Sprintf(texts[0], a.Period+1, a.Threshold, date), "/apps/rh/myVaccations"
	}
	variant := notification.Warning
	if a.Threshold <= 30 {
		variant = notification.Error
	}
	return commands.Notify(ctx, h.store, h.now, commands.Notice{CommandID: commandID + "/" + t.Employee.String(), Tenant: t.Tenant,
		Sender: to, To: to, ToHash: hash, Content: notification.Content{Message: msg, Options: notification.Options{
			Variant: variant, Classification: notification.Plain, Link: link}}})
}
