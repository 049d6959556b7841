package clock_test

import (
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"portal/domain"
	"portal/domain/clock"
)

// A fence in São Paulo and points at known distances north of it (1e-3 degree of latitude is
// about 111.19 m on a 6371 km sphere).
var (
	office   = clock.Fence{Desc: "Sede", Position: clock.Position{Lat: -23.5505, Lon: -46.6333}}
	branch   = clock.Fence{Desc: "Filial", Position: clock.Position{Lat: -23.5605, Lon: -46.6333}}
	near     = north(office.Position, 50)
	inRed    = north(office.Position, 450)
	outside  = north(office.Position, 600)
	now      = time.Date(2024, 5, 10, 9, 30, 0, 0, clock.Zone)
	home     = clock.Place{Address: "Rua das Flores, 10", Position: clock.Position{Lat: -23.6, Lon: -46.7}}
	captured = clock.Place{Address: "Praça da Sé", Position: near}
)

func north(p clock.Position, meters float64) clock.Position {
	return clock.Position{Lat: p.Lat + meters/(clock.EarthRadiusMeters*math.Pi/180), Lon: p.Lon}
}

func day(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

func cmd(mod ...func(*clock.RegisterMark)) clock.RegisterMark {
	c := clock.RegisterMark{
		MarkID: "m1", EmployeeID: "e1", UserID: "u1", UserHash: "h1", AddressKey: "k1",
		ClientTime: "2024-05-10T09:29:58",
		Selected:   home,
		Captured:   &captured,
	}
	for _, m := range mod {
		m(&c)
	}
	return c
}

func active(fences ...clock.Fence) clock.Employee {
	return clock.Employee{Status: clock.Active, Fences: fences}
}

func saved(key, addr string, p clock.Position) clock.AddressSaved {
	return clock.AddressSaved{UKey: key, Address: addr, Lat: p.Lat, Lon: p.Lon, SavedAt: now.Add(-time.Hour)}
}

func mark(c clock.RegisterMark, nearest *clock.NearestFence) clock.Mark {
	return clock.Mark{
		MarkID: c.MarkID, EmployeeID: c.EmployeeID, UserID: c.UserID, UserHash: c.UserHash,
		RecordedAt: now, ClientTime: c.ClientTime, ByGoogle: c.ByGoogle,
		Selected: c.Selected, Captured: c.Captured, Nearest: nearest,
	}
}

func nearestTo(f clock.Fence, p clock.Position) *clock.NearestFence {
	return &clock.NearestFence{Fence: f, Distance: clock.Distance(p, f.Position)}
}

func savedHome() clock.AddressSaved {
	return clock.AddressSaved{UKey: "k1", Address: home.Address, Lat: home.Lat, Lon: home.Lon, SavedAt: now}
}

func given(events ...clock.Event) *clock.Clock {
	c := clock.New()
	for _, e := range events {
		c.Apply(e)
	}
	return c
}

func TestRegisterMark(t *testing.T) {
	t.Parallel()
	five := []clock.Event{
		saved("a", "A", clock.Position{Lat: -10, Lon: -40}),
		saved("b", "B", clock.Position{Lat: -11, Lon: -40}),
		saved("c", "C", clock.Position{Lat: -12, Lon: -40}),
		saved("d", "D", clock.Position{Lat: -13, Lon: -40}),
		saved("e", "E", clock.Position{Lat: -14, Lon: -40}),
	}
	noCapture := cmd(func(c *clock.RegisterMark) { c.Captured = nil })
	clientLies := cmd(func(c *clock.RegisterMark) {
		p := clock.Place{Address: "longe", Position: outside}
		c.Captured = &p
		c.ClientNearest = &clock.NearestFence{Fence: office, Distance: 0}
	})
	farCapture := cmd(func(c *clock.RegisterMark) { p := clock.Place{Address: "longe", Position: outside}; c.Captured = &p })
	redCapture := cmd(func(c *clock.RegisterMark) { p := clock.Place{Address: "perto", Position: inRed}; c.Captured = &p })

	tests := []struct {
		name     string
		given    []clock.Event
		cmd      clock.RegisterMark
		employee clock.Employee
		now      time.Time
		want     []clock.Event
		wantErr  *domain.Error
	}{
		{
			name:     "registers_and_saves_a_new_address",
			cmd:      cmd(),
			employee: active(),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(cmd(), nil)}, savedHome()},
		},
		{
			name:     "does_not_save_an_address_with_the_same_text",
			given:    []clock.Event{saved("x", "  rua das  FLORES, 10 ", clock.Position{Lat: 0, Lon: 0})},
			cmd:      cmd(),
			employee: active(),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(cmd(), nil)}},
		},
		{
			name:     "does_not_save_an_address_within_30_m",
			given:    []clock.Event{saved("x", "Outro nome", north(home.Position, 25))},
			cmd:      cmd(),
			employee: active(),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(cmd(), nil)}},
		},
		{
			name:     "saves_an_address_40_m_away",
			given:    []clock.Event{saved("x", "Outro nome", north(home.Position, 40))},
			cmd:      cmd(),
			employee: active(),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(cmd(), nil)}, savedHome()},
		},
		{
			name:     "full_address_book_still_registers",
			given:    five,
			cmd:      cmd(),
			employee: active(),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(cmd(), nil)}},
		},
		{
			name:     "removal_makes_room_in_the_address_book",
			given:    append(append([]clock.Event{}, five...), clock.AddressRemoved{UKey: "c", RemovedAt: now}),
			cmd:      cmd(),
			employee: active(),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(cmd(), nil)}, savedHome()},
		},
		{
			name:     "inactive_employee_is_refused",
			cmd:      cmd(),
			employee: clock.Employee{Status: clock.Inactive},
			want:     []clock.Event{clock.MarkRefused{Mark: mark(cmd(), nil), Reason: clock.ReasonInactive}},
		},
		{
			name:     "away_employee_is_refused",
			cmd:      cmd(),
			employee: clock.Employee{Status: clock.Away},
			want:     []clock.Event{clock.MarkRefused{Mark: mark(cmd(), nil), Reason: clock.ReasonInactive}},
		},
		{
			name:     "unknown_status_is_refused",
			cmd:      cmd(),
			employee: clock.Employee{},
			want:     []clock.Event{clock.MarkRefused{Mark: mark(cmd(), nil), Reason: clock.ReasonInactive}},
		},
		{
			name: "inactive_comes_before_layoff_and_area",
			cmd:  farCapture,
			employee: clock.Employee{Status: clock.Inactive, Fences: []clock.Fence{office},
				Layoff: []clock.Period{{Start: day("2024-05-01"), End: day("2024-05-31")}}},
			want: []clock.Event{clock.MarkRefused{Mark: mark(farCapture, nearestTo(office, outside)), Reason: clock.ReasonInactive}},
		},
		{
			name:     "layoff_covering_today_is_refused",
			cmd:      cmd(),
			employee: clock.Employee{Status: clock.Active, Layoff: []clock.Period{{Start: day("2024-05-10"), End: day("2024-05-10")}}},
			want:     []clock.Event{clock.MarkRefused{Mark: mark(cmd(), nil), Reason: clock.ReasonLayoff}},
		},
		{
			name:     "open_ended_layoff_is_refused",
			cmd:      cmd(),
			employee: clock.Employee{Status: clock.Active, Layoff: []clock.Period{{Start: day("2024-01-01")}}},
			want:     []clock.Event{clock.MarkRefused{Mark: mark(cmd(), nil), Reason: clock.ReasonLayoff}},
		},
		{
			name:     "layoff_that_ended_yesterday_registers",
			cmd:      cmd(),
			employee: clock.Employee{Status: clock.Active, Layoff: []clock.Period{{Start: day("2024-05-01"), End: day("2024-05-09")}}},
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(cmd(), nil)}, savedHome()},
		},
		{
			name:     "layoff_day_is_the_local_day",
			cmd:      cmd(),
			employee: clock.Employee{Status: clock.Active, Layoff: []clock.Period{{Start: day("2024-05-01"), End: day("2024-05-09")}}},
			// 01:30 UTC on the 10th is still the 9th in São Paulo.
			now: time.Date(2024, 5, 10, 1, 30, 0, 0, time.UTC).In(clock.Zone),
			want: []clock.Event{clock.MarkRefused{Mark: func() clock.Mark {
				m := mark(cmd(), nil)
				m.RecordedAt = time.Date(2024, 5, 10, 1, 30, 0, 0, time.UTC).In(clock.Zone)
				return m
			}(), Reason: clock.ReasonLayoff}},
		},
		{
			name:     "layoff_comes_before_area",
			cmd:      farCapture,
			employee: clock.Employee{Status: clock.Active, Fences: []clock.Fence{office}, Layoff: []clock.Period{{Start: day("2024-05-10"), End: day("2024-05-11")}}},
			want:     []clock.Event{clock.MarkRefused{Mark: mark(farCapture, nearestTo(office, outside)), Reason: clock.ReasonLayoff}},
		},
		{
			name:     "outside_every_fence_is_refused",
			cmd:      farCapture,
			employee: active(office),
			want:     []clock.Event{clock.MarkRefused{Mark: mark(farCapture, nearestTo(office, outside)), Reason: clock.ReasonOutsideArea}},
		},
		{
			name:     "inside_the_red_ring_registers",
			cmd:      redCapture,
			employee: active(office),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(redCapture, nearestTo(office, inRed))}, savedHome()},
		},
		{
			name:     "nearest_of_several_fences_is_chosen",
			cmd:      cmd(),
			employee: active(branch, office),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(cmd(), nearestTo(office, near))}, savedHome()},
		},
		{
			name:     "client_nearest_fence_is_not_trusted",
			cmd:      clientLies,
			employee: active(office),
			want:     []clock.Event{clock.MarkRefused{Mark: mark(clientLies, nearestTo(office, outside)), Reason: clock.ReasonOutsideArea}},
		},
		{
			name:     "fences_without_a_captured_position_are_refused",
			cmd:      noCapture,
			employee: active(office),
			want:     []clock.Event{clock.MarkRefused{Mark: mark(noCapture, nil), Reason: clock.ReasonOutsideArea}},
		},
		{
			name:     "no_fences_and_no_captured_position_registers",
			cmd:      noCapture,
			employee: active(),
			want:     []clock.Event{clock.MarkRegistered{Mark: mark(noCapture, nil)}, savedHome()},
		},
		{
			name:     "refusal_saves_no_address",
			cmd:      farCapture,
			employee: active(office),
			want:     []clock.Event{clock.MarkRefused{Mark: mark(farCapture, nearestTo(office, outside)), Reason: clock.ReasonOutsideArea}},
		},
		{
			name:     "missing_mark_id_is_invalid",
			cmd:      cmd(func(c *clock.RegisterMark) { c.MarkID = "" }),
			employee: active(),
			wantErr:  domain.InvalidField("markId", "campo_obrigatorio"),
		},
		{
			name:     "bad_client_time_is_invalid",
			cmd:      cmd(func(c *clock.RegisterMark) { c.ClientTime = "2024-02-30T10:00:00" }),
			employee: active(),
			wantErr:  domain.InvalidField("n09_001_t", "valor_invalido"),
		},
		{
			name:     "selected_latitude_out_of_range_is_invalid",
			cmd:      cmd(func(c *clock.RegisterMark) { c.Selected.Lat = 90.5 }),
			employee: active(),
			wantErr:  domain.InvalidField("localSelecionado.latitude", "valor_invalido"),
		},
		{
			name:     "captured_longitude_nan_is_invalid",
			cmd:      cmd(func(c *clock.RegisterMark) { p := captured; p.Lon = math.NaN(); c.Captured = &p }),
			employee: active(),
			wantErr:  domain.InvalidField("localCapturado.longitude", "valor_invalido"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			at := now
			if !tt.now.IsZero() {
				at = tt.now
			}
			got, err := given(tt.given...).RegisterMark(tt.cmd, tt.employee, at)
			if tt.wantErr != nil {
				var de *domain.Error
				if !errors.As(err, &de) || *de != *tt.wantErr {
					t.Fatalf("error = %v, want %v", err, tt.wantErr)
				}
				if got != nil {
					t.Fatalf("events = %+v, want none", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("events\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestMarkRefusedErr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		reason string
		field  string
	}{
		{"outside_area_names_the_captured_place", clock.ReasonOutsideArea, "localCapturado"},
		{"layoff_names_the_time", clock.ReasonLayoff, "n09_001_t"},
		{"inactive_names_the_employee", clock.ReasonInactive, "colaborador"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := clock.MarkRefused{Reason: tt.reason}.Err()
			want := domain.Error{Kind: domain.Refused, Field: tt.field, Key: tt.reason}
			if *err != want {
				t.Fatalf("Err() = %+v, want %+v", *err, want)
			}
		})
	}
}

func TestRemoveAddress(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		given   []clock.Event
		ukey    string
		want    []clock.Event
		wantErr *domain.Error
	}{
		{
			name:  "removes_a_saved_address",
			given: []clock.Event{saved("a", "A", home.Position), saved("b", "B", near)},
			ukey:  "b",
			want:  []clock.Event{clock.AddressRemoved{UKey: "b", RemovedAt: now}},
		},
		{
			name:    "unknown_key_is_not_found",
			given:   []clock.Event{saved("a", "A", home.Position)},
			ukey:    "z",
			wantErr: &domain.Error{Kind: domain.NotFound, Field: "ukey", Key: "nao_encontrado"},
		},
		{
			name:    "removed_address_is_not_found",
			given:   []clock.Event{saved("a", "A", home.Position), clock.AddressRemoved{UKey: "a", RemovedAt: now}},
			ukey:    "a",
			wantErr: &domain.Error{Kind: domain.NotFound, Field: "ukey", Key: "nao_encontrado"},
		},
		{
			name:    "empty_key_is_invalid",
			ukey:    "",
			wantErr: domain.InvalidField("ukey", "campo_obrigatorio"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := given(tt.given...).RemoveAddress(tt.ukey, now)
			if tt.wantErr != nil {
				var de *domain.Error
				if !errors.As(err, &de) || *de != *tt.wantErr {
					t.Fatalf("error = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

func TestApply(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		given     []clock.Event
		marks     int
		refused   int
		addresses []string
	}{
		{name: "new_clock_is_empty"},
		{
			name:      "counts_marks_and_keeps_addresses_in_order",
			given:     []clock.Event{clock.MarkRegistered{}, saved("a", "A", home.Position), clock.MarkRegistered{}, clock.MarkRefused{}, saved("b", "B", near)},
			marks:     2,
			refused:   1,
			addresses: []string{"a", "b"},
		},
		{
			name:      "removal_drops_the_address",
			given:     []clock.Event{saved("a", "A", home.Position), saved("b", "B", near), clock.AddressRemoved{UKey: "a"}},
			addresses: []string{"b"},
		},
		{
			name:      "removing_an_unknown_key_changes_nothing",
			given:     []clock.Event{saved("a", "A", home.Position), clock.AddressRemoved{UKey: "z"}},
			addresses: []string{"a"},
		},
		{
			name:      "saving_a_key_again_replaces_it",
			given:     []clock.Event{saved("a", "A", home.Position), saved("b", "B", near), saved("a", "A2", near)},
			addresses: []string{"b", "a"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := given(tt.given...)
			var keys []string
			for _, a := range c.Addresses() {
				keys = append(keys, a.UKey)
			}
			if c.Marks() != tt.marks || c.Refused() != tt.refused || !reflect.DeepEqual(keys, tt.addresses) {
				t.Fatalf("marks %d refused %d addresses %v; want %d %d %v", c.Marks(), c.Refused(), keys, tt.marks, tt.refused, tt.addresses)
			}
		})
	}
}

func TestPeriodCovers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		period clock.Period
		at     time.Time
		want   bool
	}{
		{"first_day_is_covered", clock.Period{Start: day("2024-05-10"), End: day("2024-05-12")}, now, true},
		{"last_day_is_covered", clock.Period{Start: day("2024-05-01"), End: day("2024-05-10")}, now, true},
		{"day_before_is_not", clock.Period{Start: day("2024-05-11"), End: day("2024-05-12")}, now, false},
		{"day_after_is_not", clock.Period{Start: day("2024-05-01"), End: day("2024-05-09")}, now, false},
		{"open_start", clock.Period{End: day("2024-05-10")}, now, true},
		{"open_end", clock.Period{Start: day("2024-05-10")}, now, true},
		{"both_open_covers_nothing", clock.Period{}, now, false},
		{"late_evening_local_is_still_that_day", clock.Period{Start: day("2024-05-10"), End: day("2024-05-10")}, time.Date(2024, 5, 10, 23, 59, 0, 0, clock.Zone), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.period.Covers(tt.at); got != tt.want {
				t.Fatalf("Covers = %v, want %v", got, tt.want)
			}
		})
	}
}
