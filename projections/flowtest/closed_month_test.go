package projections_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/commands/request"
	"portal/domain"
	"portal/domain/clock"
	ts "portal/domain/timesheet"
	"portal/eventstore"
	"portal/projections/projtest"
)

// An adjustment or an HR mark on a day of a month HR closed is refused (mes_fechado, naming
// the day) and nothing is written; once HR reopens the month, the same ask is filed.
func TestAskRefusedInAClosedMonth(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	p := adjustSetup(t, d)
	now := func() time.Time { return projtest.Now.Add(24 * time.Hour * 30) }
	create, _ := request.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, now)
	ask, _ := clockcmd.NewAskAdjustmentHandler(create, store, now)
	month := projtest.Now.Format(ts.MonthLayout)
	appendMonth := func(typ, id string) {
		t.Helper()
		data, err := commands.EventData(commands.EventID(p.Ana.Tenant, ts.Stream(p.Ana.Tenant), id, 0), typ, ts.MonthData{Month: month, By: p.Helena.UserID.String(), At: now(), Reason: "x"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := store.Append(ctx, commands.MetaOf(p.Ana.Tenant, p.Helena.UserID, ts.Stream(p.Ana.Tenant), id), ts.Stream(p.Ana.Tenant), eventstore.Any, data); err != nil {
			t.Fatal(err)
		}
	}
	appendMonth(ts.TypeMonthClosed, "close")
	a := clock.Adjustment{Kind: clock.AdjustAdd, Day: projtest.Now.In(clock.Zone).Format(time.DateOnly), Time: "08:00", Reason: "esqueci"}
	_, err := ask.Handle(ctx, clockcmd.AskAdjustment{CommandID: "ask", Caller: projtest.Caller(p.Ana), Switches: adjustSwitches, Adjustment: a})
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != domain.Refused || de.Field != "data" || de.Key != ts.KeyMonthClosed {
		t.Fatalf("ask in a closed month = %v, want data mes_fechado", err)
	}
	if n := projtest.Count(t, d, `SELECT count(*) FROM events WHERE stream LIKE 'request-%'`); n != 0 {
		t.Fatalf("%d request events written", n)
	}
	record, _ := clockcmd.NewRecordByHRHandler(commands.PoolFacts{Pool: d.Pool}, store, now)
	before := projtest.Count(t, d, `SELECT count(*) FROM events`)
	_, err = record.Handle(ctx, clockcmd.RecordByHR{CommandID: "hr", Tenant: p.Ana.Tenant, ActorID: p.Helena.UserID, EmployeeID: p.Ana.EmployeeID,
		At: projtest.Now.In(clock.Zone).Truncate(time.Minute), Kind: clock.HRKindDevice, Reason: "relógio quebrado"})
	if !errors.As(err, &de) || de.Field != "data" || de.Key != ts.KeyMonthClosed {
		t.Fatalf("HR mark in a closed month = %v, want data mes_fechado", err)
	}
	if after := projtest.Count(t, d, `SELECT count(*) FROM events`); after != before {
		t.Fatalf("the refused HR mark wrote %d events", after-before)
	}
	appendMonth(ts.TypeMonthReopened, "reopen")
	filed, err := ask.Handle(ctx, clockcmd.AskAdjustment{CommandID: "ask", Caller: projtest.Caller(p.Ana), Switches: adjustSwitches, Adjustment: a})
	if err != nil {
		t.Fatalf("ask after the reopening: %v", err)
	}

	// HR closes the month again before the manager decides: approving the ask would change
	// the closed month, so it is refused until HR reopens it.
	appendMonth(ts.TypeMonthClosed, "close-again")
	decide, _ := request.NewDecideStepHandler(commands.PoolFacts{Pool: d.Pool}, store, now)
	approve := request.DecideStep{CommandID: "ok", Caller: projtest.Caller(p.Marcos, auth.RoleManager), ID: uuid.MustParse(filed.ID), Action: request.Approve}
	before = projtest.Count(t, d, `SELECT count(*) FROM events`)
	_, err = decide.Handle(ctx, approve)
	if !errors.As(err, &de) || de.Field != "data" || de.Key != ts.KeyMonthClosed {
		t.Fatalf("approval in a closed month = %v, want data mes_fechado", err)
	}
	if after := projtest.Count(t, d, `SELECT count(*) FROM events`); after != before {
		t.Fatalf("the refused approval wrote %d events", after-before)
	}
	appendMonth(ts.TypeMonthReopened, "reopen-again")
	if _, err := decide.Handle(ctx, approve); err != nil {
		t.Fatalf("approval after the reopening: %v", err)
	}
}
