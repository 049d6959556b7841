package clock_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/commands/clocktest"
	"portal/domain"
	"portal/domain/clock"
)

func hrHandler(t *testing.T) *clockcmd.RecordByHRHandler {
	t.Helper()
	h, err := clockcmd.NewRecordByHRHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// hrTeam is a tenant with an HR admin and an employee.
func hrTeam(t *testing.T, o clocktest.Options) (hr, emp clocktest.Person) {
	t.Helper()
	ctx := context.Background()
	tn, err := clocktest.NewTenant(ctx, harness.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	if hr, err = tn.NewPerson(ctx, harness.DB.Pool, clocktest.Options{Roles: []string{auth.RoleHRAdmin}}); err != nil {
		t.Fatal(err)
	}
	if emp, err = tn.NewPerson(ctx, harness.DB.Pool, o); err != nil {
		t.Fatal(err)
	}
	return hr, emp
}

// at is a local time of the fixed day (fixedNow is 2024-05-10 09:30:15 in São Paulo).
func at(hhmm string) time.Time {
	t, _ := time.ParseInLocation("2006-01-02 15:04", "2024-05-10 "+hhmm, clock.Zone)
	return t
}

func hrCmd(hr, emp clocktest.Person, id string, when time.Time) clockcmd.RecordByHR {
	return clockcmd.RecordByHR{CommandID: id, Tenant: hr.Tenant, ActorID: hr.UserID, EmployeeID: emp.EmployeeID,
		At: when, Kind: clock.HRKindField, Reason: " visita a cliente "}
}

func TestRecordByHR(t *testing.T) {
	t.Parallel()
	h := hrHandler(t)
	ctx := context.Background()

	t.Run("appends_a_distinct_event_with_the_hr_actor", func(t *testing.T) {
		t.Parallel()
		hr, emp := hrTeam(t, clocktest.Options{})
		e, err := h.Handle(ctx, hrCmd(hr, emp, "c1", at("08:00")))
		if err != nil {
			t.Fatal(err)
		}
		again, err := h.Handle(ctx, hrCmd(hr, emp, "c1", at("08:00")))
		if err != nil || again.MarkID != e.MarkID {
			t.Fatalf("retry: %+v %v", again, err)
		}
		events := stream(t, emp)
		if len(events) != 1 || events[0].Type != clock.TypeMarkRecordedByHR || events[0].Actor != hr.UserID.String() {
			t.Fatalf("events %+v", events)
		}
		var d map[string]any
		if err := json.Unmarshal(events[0].Data, &d); err != nil {
			t.Fatal(err)
		}
		if d["actorId"] != hr.UserID.String() || d["userId"] != emp.UserID.String() || d["employeeId"] != emp.EmployeeID.String() ||
			d["reason"] != "visita a cliente" || d["kind"] != "field" || d["userHash"] != emp.UserHash || d["markId"] != e.MarkID ||
			d["recordedAt"] != "2024-05-10T11:00:00Z" {
			t.Fatalf("data %s", events[0].Data)
		}
		// The employee's own punch still works on the stream after it (the punch decodes it).
		if _, err := register(t, handler(t), emp, "p1", payload(t, "Rua A", office.Position, nil)); err != nil {
			t.Fatal(err)
		}
		if n := len(stream(t, emp)); n < 2 {
			t.Fatalf("punch after HR mark: %d events", n)
		}
	})

	t.Run("bad_input_writes_nothing", func(t *testing.T) {
		t.Parallel()
		hr, emp := hrTeam(t, clocktest.Options{})
		if _, err := h.Handle(ctx, hrCmd(hr, emp, "first", at("08:00"))); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name       string
			change     func(*clockcmd.RecordByHR)
			kind       domain.Kind
			field, key string
		}{
			{"no_reason", func(c *clockcmd.RecordByHR) { c.Reason = "  " }, domain.Invalid, "motivo", domain.KeyRequired},
			{"short_reason", func(c *clockcmd.RecordByHR) { c.Reason = "ok" }, domain.Invalid, "motivo", clock.KeyReasonLength},
			{"unknown_kind", func(c *clockcmd.RecordByHR) { c.Kind = "x" }, domain.Invalid, "tipo", domain.KeyInvalid},
			{"future", func(c *clockcmd.RecordByHR) { c.At = at("09:31") }, domain.Invalid, "hora", clock.KeyFutureDay},
			{"before_hire", func(c *clockcmd.RecordByHR) { c.At = time.Date(2019, 12, 31, 10, 0, 0, 0, clock.Zone) }, domain.Invalid, "data", clock.KeyBeforeHire},
			{"same_minute", func(c *clockcmd.RecordByHR) { c.At = at("08:00") }, domain.Refused, "hora", clock.KeyMarkExists},
			{"unknown_employee", func(c *clockcmd.RecordByHR) { c.EmployeeID = uuid.New() }, domain.NotFound, "colaborador", domain.KeyNotFound},
		}
		for i, tc := range cases {
			cmd := hrCmd(hr, emp, "bad-"+tc.name, at("09:00"))
			tc.change(&cmd)
			_, err := h.Handle(ctx, cmd)
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != tc.kind || de.Field != tc.field || de.Key != tc.key {
				t.Fatalf("case %d %s: %v", i, tc.name, err)
			}
		}
		if n := len(stream(t, emp)); n != 1 {
			t.Fatalf("bad input wrote: %d events", n)
		}
	})

	t.Run("inactive_employee_is_refused", func(t *testing.T) {
		t.Parallel()
		hr, emp := hrTeam(t, clocktest.Options{Status: clock.Inactive})
		_, err := h.Handle(ctx, hrCmd(hr, emp, "c", at("08:00")))
		var de *domain.Error
		if !errors.As(err, &de) || de.Kind != domain.Refused || de.Key != clock.ReasonInactive {
			t.Fatalf("err %v", err)
		}
		if n := len(stream(t, emp)); n != 0 {
			t.Fatalf("wrote %d events", n)
		}
	})

	t.Run("another_tenants_employee_is_not_found", func(t *testing.T) {
		t.Parallel()
		hr, _ := hrTeam(t, clocktest.Options{})
		_, other := hrTeam(t, clocktest.Options{})
		_, err := h.Handle(ctx, hrCmd(hr, other, "c", at("08:00")))
		var de *domain.Error
		if !errors.As(err, &de) || de.Kind != domain.NotFound {
			t.Fatalf("err %v", err)
		}
		if n := len(harness.Stream(t, hr.Tenant, clock.Stream(other.EmployeeID))) + len(stream(t, other)); n != 0 {
			t.Fatalf("wrote %d events", n)
		}
	})

	t.Run("month_hook_refuses", func(t *testing.T) {
		t.Parallel()
		hr, emp := hrTeam(t, clocktest.Options{})
		closed := hrHandler(t)
		closed.MonthOpen = func(context.Context, uuid.UUID, uuid.UUID, string) error {
			return domain.Refusal("data", "mes_fechado")
		}
		if _, err := closed.Handle(ctx, hrCmd(hr, emp, "c", at("08:00"))); err == nil {
			t.Fatal("closed month accepted")
		}
		if n := len(stream(t, emp)); n != 0 {
			t.Fatalf("wrote %d events", n)
		}
	})
}
