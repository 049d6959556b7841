package clock_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	clockcmd "portal/commands/clock"
	"portal/commands/clocktest"
	"portal/domain"
	"portal/domain/clock"
)

var (
	fixedNow = time.Date(2024, 5, 10, 12, 30, 15, 123456789, time.UTC) // 09:30:15 in São Paulo
	office   = clock.Fence{Desc: "Sede", Position: clock.Position{Lat: -23.5505, Lon: -46.6333}}
)

// metersNorth moves p about m metres north.
func metersNorth(p clock.Position, m float64) clock.Position {
	return clock.Position{Lat: p.Lat + m/(clock.EarthRadiusMeters*math.Pi/180), Lon: p.Lon}
}

func payload(t *testing.T, selected string, at clock.Position, captured *clock.Position) clock.RegisterMark {
	t.Helper()
	body := map[string]any{
		"n09_001_t":        "2024-05-10T09:30:00",
		"bygoogle":         false,
		"localSelecionado": map[string]string{"endereco": selected, "latitude": fmt.Sprint(at.Lat), "longitude": fmt.Sprint(at.Lon)},
	}
	if captured != nil {
		body["localCapturado"] = map[string]string{"endereco": "capturado", "latitude": fmt.Sprint(captured.Lat), "longitude": fmt.Sprint(captured.Lon)}
	}
	data, _ := json.Marshal(body)
	cmd, err := clock.ParsePayload(data)
	if err != nil {
		t.Fatal(err)
	}
	return cmd
}

func handler(t *testing.T) *clockcmd.RegisterMarkHandler {
	t.Helper()
	h, err := clockcmd.NewRegisterMarkHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func register(t *testing.T, h *clockcmd.RegisterMarkHandler, p clocktest.Person, id string, mark clock.RegisterMark) (clockcmd.MarkResult, error) {
	t.Helper()
	return h.Handle(context.Background(), clockcmd.RegisterMark{
		CommandID: id, Tenant: p.Tenant, UserID: p.UserID, UserHash: p.UserHash, EmployeeID: p.EmployeeID, Payload: mark,
	})
}

func TestNewRegisterMarkHandlerRefusesNilDependencies(t *testing.T) {
	t.Parallel()
	now := func() time.Time { return fixedNow }
	if _, err := clockcmd.NewRegisterMarkHandler(nil, harness.Store, now); err == nil {
		t.Error("nil pool accepted")
	}
	if _, err := clockcmd.NewRegisterMarkHandler(commands.PoolFacts{Pool: harness.DB.Pool}, nil, now); err == nil {
		t.Error("nil store accepted")
	}
	if _, err := clockcmd.NewRegisterMarkHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, nil); err == nil {
		t.Error("nil clock accepted")
	}
	if _, err := clockcmd.NewRemoveAddressHandler(nil, now); err == nil {
		t.Error("nil store accepted by RemoveAddress")
	}
}

func TestRegisterMarkAppendsServerTimePlacesAndNearestFence(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{Fences: []clock.Fence{office}})
	here := metersNorth(office.Position, 120)
	res, err := register(t, handler(t), p, "cmd-1", payload(t, "Rua A, 1", here, &here))
	if err != nil {
		t.Fatal(err)
	}
	wantAt := fixedNow.Truncate(time.Microsecond)
	if !res.RecordedAt.Equal(wantAt) || res.Address != "Rua A, 1" || res.MarkID == uuid.Nil {
		t.Fatalf("result %+v", res)
	}
	events := stream(t, p)
	if len(events) != 2 || events[0].Type != clock.TypeMarkRegistered || events[1].Type != clock.TypeAddressSaved {
		t.Fatalf("events %+v", events)
	}
	var got struct {
		MarkID, EmployeeID, UserID, UserHash, ClientTime string
		RecordedAt                                       time.Time
		Selected, Captured                               struct {
			Address  string
			Lat, Lon float64
		}
		NearestFence struct {
			Desc               string
			Lat, Lon, Distance float64
		}
	}
	if err := json.Unmarshal(events[0].Data, &got); err != nil {
		t.Fatal(err)
	}
	if got.MarkID != res.MarkID.String() || got.EmployeeID != p.EmployeeID.String() || got.UserID != p.UserID.String() ||
		got.UserHash != p.UserHash || got.ClientTime != "2024-05-10T09:30:00" || !got.RecordedAt.Equal(wantAt) {
		t.Errorf("mark data %s", events[0].Data)
	}
	if got.Selected.Address != "Rua A, 1" || got.Captured.Address != "capturado" || got.Captured.Lat != here.Lat {
		t.Errorf("places %s", events[0].Data)
	}
	if got.NearestFence.Desc != "Sede" || math.Abs(got.NearestFence.Distance-120) > 0.01 {
		t.Errorf("nearest fence %+v", got.NearestFence)
	}
	if e := events[0]; e.CommandID != "cmd-1" || e.Actor != p.UserID.String() || e.Tenant != p.Tenant {
		t.Errorf("meta %+v", e)
	}
	var saved struct{ Ukey, Address string }
	if err := json.Unmarshal(events[1].Data, &saved); err != nil || saved.Address != "Rua A, 1" || saved.Ukey == "" {
		t.Errorf("address data %s", events[1].Data)
	}
}

func TestRegisterMarkRefusalsAreRecorded(t *testing.T) {
	t.Parallel()
	far := metersNorth(office.Position, 800)
	near := metersNorth(office.Position, 50)
	today := []map[string]string{{"start": "2024-05-09", "end": "2024-05-10"}}
	tests := []struct {
		name     string
		opts     clocktest.Options
		captured *clock.Position
		reason   string
	}{
		{"outside_area", clocktest.Options{Fences: []clock.Fence{office}}, &far, clock.ReasonOutsideArea},
		{"no_position_with_fences", clocktest.Options{Fences: []clock.Fence{office}}, nil, clock.ReasonOutsideArea},
		{"layoff_today", clocktest.Options{Layoff: today, Fences: []clock.Fence{office}}, &near, clock.ReasonLayoff},
		{"inactive", clocktest.Options{Status: clock.Inactive}, &near, clock.ReasonInactive},
		{"away", clocktest.Options{Status: clock.Away}, &near, clock.ReasonInactive},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := person(t, tt.opts)
			_, err := register(t, handler(t), p, "cmd", payload(t, "Rua B", near, tt.captured))
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Refused || de.Key != tt.reason {
				t.Fatalf("error %v, want refusal %s", err, tt.reason)
			}
			events := stream(t, p)
			if len(events) != 1 || events[0].Type != clock.TypeMarkRefused {
				t.Fatalf("events %+v", events)
			}
			var d struct{ Reason string }
			if json.Unmarshal(events[0].Data, &d); d.Reason != tt.reason {
				t.Fatalf("reason %q, want %q", d.Reason, tt.reason)
			}
		})
	}
}

func TestRegisterMarkRetriedCommandIsANoOp(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status clock.Status
		events int
	}{
		{"registered_mark", clock.Active, 2},
		{"refused_mark", clock.Inactive, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := person(t, clocktest.Options{Status: tt.status})
			h := handler(t)
			mark := payload(t, "Rua C", office.Position, nil)
			first, err1 := register(t, h, p, "same-key", mark)
			second, err2 := register(t, h, p, "same-key", mark)
			if first != second || fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("first %+v %v, retry %+v %v", first, err1, second, err2)
			}
			if n := len(stream(t, p)); n != tt.events {
				t.Fatalf("%d events after a retry, want %d", n, tt.events)
			}
		})
	}
}

func TestRegisterMarkConcurrentCommands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		sameKey   bool
		wantMarks int
	}{
		{"different_commands_both_register", false, 2},
		{"same_command_registers_once", true, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := person(t, clocktest.Options{})
			h := handler(t)
			var wg sync.WaitGroup
			results := make([]clockcmd.MarkResult, 2)
			errs := make([]error, 2)
			for i := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					key := fmt.Sprintf("k%d", i)
					if tt.sameKey {
						key = "k"
					}
					results[i], errs[i] = register(t, h, p, key, payload(t, fmt.Sprintf("Rua %d", i), office.Position, nil))
				}()
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			marks := 0
			for _, e := range stream(t, p) {
				if e.Type == clock.TypeMarkRegistered {
					marks++
				}
			}
			if marks != tt.wantMarks {
				t.Fatalf("%d marks, want %d", marks, tt.wantMarks)
			}
			if tt.sameKey && results[0] != results[1] {
				t.Fatalf("same command answered %+v and %+v", results[0], results[1])
			}
		})
	}
}

// Several server processes (one handler each, so no shared in-process turn) punching for one
// person at once all store their marks: a mark is never refused for a concurrency reason
// (issue 29), and the address rule, which reads the stream, still saves each address once.
func TestRegisterMarkManyProcessesPunchingAtOnceAllRegister(t *testing.T) {
	t.Parallel()
	const processes, each = 4, 8
	p := person(t, clocktest.Options{})
	handlers := make([]*clockcmd.RegisterMarkHandler, processes)
	for i := range handlers {
		handlers[i] = handler(t)
	}
	var wg sync.WaitGroup
	errs := make([]error, processes*each)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = register(t, handlers[i%processes], p, fmt.Sprintf("device-%d", i), payload(t, fmt.Sprintf("Rua %d", i%2), metersNorth(office.Position, float64(1000*(i%2))), nil))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("punch %d: %v", i, err)
		}
	}
	marks, saved := 0, 0
	for _, e := range stream(t, p) {
		switch e.Type {
		case clock.TypeMarkRegistered:
			marks++
		case clock.TypeAddressSaved:
			saved++
		}
	}
	if marks != processes*each || saved != 2 {
		t.Fatalf("%d marks and %d saved addresses, want %d and 2", marks, saved, processes*each)
	}
}

func TestRegisterMarkAddressBookCapsAtFive(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{})
	h := handler(t)
	for i := range 7 {
		at := clock.Position{Lat: -23 - float64(i)/10, Lon: -46}
		if _, err := register(t, h, p, fmt.Sprintf("c%d", i), payload(t, fmt.Sprintf("Endereço %d", i), at, nil)); err != nil {
			t.Fatal(err)
		}
	}
	counts := map[string]int{}
	for _, e := range stream(t, p) {
		counts[e.Type]++
	}
	if counts[clock.TypeMarkRegistered] != 7 || counts[clock.TypeAddressSaved] != 5 {
		t.Fatalf("event counts %v", counts)
	}
}

func TestRegisterMarkRefusesCallersWithoutEmployee(t *testing.T) {
	t.Parallel()
	other := person(t, clocktest.Options{})
	tests := []struct {
		name     string
		employee func(p clocktest.Person) uuid.UUID
	}{
		{"user_without_employee_record", func(clocktest.Person) uuid.UUID { return uuid.Nil }},
		{"unknown_employee", func(clocktest.Person) uuid.UUID { return uuid.New() }},
		{"employee_of_another_tenant", func(clocktest.Person) uuid.UUID { return other.EmployeeID }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := person(t, clocktest.Options{})
			p.EmployeeID = tt.employee(p)
			_, err := register(t, handler(t), p, "x", payload(t, "Rua D", office.Position, nil))
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Forbidden {
				t.Fatalf("error %v, want forbidden", err)
			}
			if n := len(stream(t, other)); n != 0 {
				t.Fatalf("another tenant's stream got %d events", n)
			}
		})
	}
}

func TestRegisterMarkInvalidCommandAppendsNothing(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{})
	mark := payload(t, "Rua E", office.Position, nil)
	mark.Selected.Lat = 123 // bypassing ParsePayload
	_, err := register(t, handler(t), p, "x", mark)
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != domain.Invalid || de.Field != "localSelecionado.latitude" {
		t.Fatalf("error %v", err)
	}
	if n := len(stream(t, p)); n != 0 {
		t.Fatalf("%d events appended", n)
	}
}

// The handler caches folded streams; a retry of an older command, and a second process whose
// cache is stale, must still see the whole truth of the stream.
func TestRegisterMarkCacheNeverHidesHistory(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{})
	h1, h2 := handler(t), handler(t) // two processes
	first, err := register(t, h1, p, "key-1", payload(t, "Rua A", office.Position, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := register(t, h2, p, "key-2", payload(t, "Rua A", office.Position, nil)); err != nil {
		t.Fatal(err)
	}
	// h1's cache is now one command behind; it must append after key-2's events.
	if _, err := register(t, h1, p, "key-3", payload(t, "Rua A", office.Position, nil)); err != nil {
		t.Fatalf("stale cache: %v", err)
	}
	before := len(stream(t, p))
	again, err := register(t, h1, p, "key-1", payload(t, "Rua A", office.Position, nil))
	if err != nil || again != first {
		t.Fatalf("retry of an older command = %+v, %v; want %+v", again, err, first)
	}
	if n := len(stream(t, p)); n != before {
		t.Fatalf("retry of an older command appended %d events", n-before)
	}
}
