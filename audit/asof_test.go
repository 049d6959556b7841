package audit_test

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/audit"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/platform/pgtest"
)

var testDB *pgtest.DB

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("audit")
	code := m.Run()
	testDB.Close()
	os.Exit(code)
}

// TestDayFilterFoldsAsTheWholeStream: "as of" a day of punches reads only the events that
// concern the day (audit.DayFilter, in the database), and their fold is the fold of the
// employee's whole clock stream, for the day itself and the days around it — a mark at
// 23:30 in São Paulo is already the next day in UTC.
func TestDayFilterFoldsAsTheWholeStream(t *testing.T) {
	ctx := context.Background()
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	tenant, emp := uuid.New(), uuid.New()
	at := func(day string, hhmm string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", day+" "+hhmm, clock.Zone)
		if err != nil {
			t.Fatal(err)
		}
		return v.UTC()
	}
	mark := func(id string, when time.Time) clock.MarkData {
		return clock.MarkData{MarkID: id, EmployeeID: emp.String(), RecordedAt: when, Selected: clock.PlaceData{Address: "Av. Paulista"}}
	}
	var events []eventstore.EventData
	add := func(typ string, data any) {
		b, err := json.Marshal(data)
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, eventstore.EventData{ID: uuid.New(), Type: typ, Data: b})
	}
	for _, day := range []string{"2026-03-09", "2026-03-10", "2026-03-11"} {
		for i, hhmm := range []string{"08:00", "12:00", "13:00", "17:00"} {
			add(clock.TypeMarkRegistered, mark(day+string(rune('a'+i)), at(day, hhmm)))
		}
	}
	add(clock.TypeMarkRegistered, mark("late", at("2026-03-10", "23:30")))
	add(clock.TypeMarkRegistered, mark("local", at("2026-03-11", "22:00").In(clock.Zone))) // stored with its -03:00 offset
	add(clock.TypeMarkRecordedByHR, clock.MarkByHRData{MarkData: mark("hr", at("2026-03-10", "18:00")), ActorID: uuid.NewString(), Kind: "forgotten"})
	add(clock.TypeMarkAddedByAdjustment, clock.MarkAddedData{MarkData: mark("added", at("2026-03-10", "19:00")), RequestID: "r1"})
	add(clock.TypeMarkAdjusted, clock.MarkAdjustedData{MarkID: "2026-03-10a", EmployeeID: emp.String(),
		From: at("2026-03-10", "08:00"), To: at("2026-03-10", "07:55"), RequestID: "r2"})
	add(clock.TypeMarkAdjusted, clock.MarkAdjustedData{MarkID: "2026-03-11b", EmployeeID: emp.String(),
		From: at("2026-03-11", "12:00"), To: at("2026-03-11", "12:05"), RequestID: "r3"})
	add(clock.TypeDayExcused, clock.DayExcusedData{EmployeeID: emp.String(), Day: "2026-03-10", From: "14:00", To: "15:00", RequestID: "r4", Reason: "médico"})
	add(clock.TypeDayExcused, clock.DayExcusedData{EmployeeID: emp.String(), Day: "2026-03-11", From: "09:00", To: "10:00", RequestID: "r5"})
	add(clock.TypeAdjustmentReverted, clock.AdjustmentRevertedData{EmployeeID: emp.String(), Day: "2026-03-10", RequestID: "r1", Removed: []string{"added"}})
	add(clock.TypeAddressSaved, clock.AddressSavedData{UKey: "k", Address: "Rua A"})
	stream := clock.Stream(emp)
	if _, err := store.Append(ctx, eventstore.Meta{Tenant: tenant, Actor: "test"}, stream, eventstore.NoStream, events...); err != nil {
		t.Fatal(err)
	}
	all, err := store.ReadStream(ctx, tenant, stream, 0)
	if err != nil {
		t.Fatal(err)
	}
	for day, want := range map[string]int{"2026-03-09": 6, "2026-03-10": 11, "2026-03-11": 8, "2026-03-12": 2} {
		some, err := store.ReadStreamDay(ctx, tenant, stream, audit.DayFilter(day))
		if err != nil {
			t.Fatal(err)
		}
		// The day's marks, its abonos and undone adjustments, and every adjusted mark.
		if len(some) != want {
			t.Errorf("%s: %d events read, want %d of %d", day, len(some), want, len(all))
		}
		for _, upto := range []time.Time{all[0].RecordedAt.Add(-time.Second), time.Now()} {
			got, err := audit.State(audit.KindPunches, audit.Upto(some, upto), day, upto)
			if err != nil {
				t.Fatal(err)
			}
			whole, err := audit.State(audit.KindPunches, audit.Upto(all, upto), day, upto)
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(got, whole) {
				t.Errorf("%s: the day's events fold to %v, the whole stream to %v", day, got, whole)
			}
		}
	}
	if other, err := store.ReadStreamDay(ctx, uuid.New(), stream, audit.DayFilter("2026-03-10")); err != nil || len(other) != 0 {
		t.Errorf("another tenant read %d events (%v)", len(other), err)
	}
}
