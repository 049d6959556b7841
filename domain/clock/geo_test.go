package clock_test

import (
	"math"
	"testing"

	"portal/domain/clock"
)

func TestDistance(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		a, b clock.Position
		want float64 // metres
		tol  float64
	}{
		{"same_point_is_zero", office.Position, office.Position, 0, 1e-9},
		{"one_degree_on_the_equator", clock.Position{Lat: 0, Lon: 0}, clock.Position{Lat: 0, Lon: 1}, 6371000 * math.Pi / 180, 1e-6},
		{"one_degree_of_latitude", clock.Position{Lat: 10, Lon: 20}, clock.Position{Lat: 11, Lon: 20}, 6371000 * math.Pi / 180, 1e-6},
		{"antipodes_are_half_the_circumference", clock.Position{Lat: 0, Lon: 0}, clock.Position{Lat: 0, Lon: 180}, 6371000 * math.Pi, 1e-6},
		// São Paulo (Sé) to Rio de Janeiro (Candelária), about 361 km.
		{"sao_paulo_to_rio", clock.Position{Lat: -23.5505, Lon: -46.6333}, clock.Position{Lat: -22.9009, Lon: -43.1776}, 361_000, 2_000},
		{"is_symmetric", clock.Position{Lat: -22.9009, Lon: -43.1776}, clock.Position{Lat: -23.5505, Lon: -46.6333}, 361_000, 2_000},
		{"helper_north_is_exact", office.Position, north(office.Position, 450), 450, 1e-6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := clock.Distance(tt.a, tt.b); math.Abs(got-tt.want) > tt.tol {
				t.Fatalf("Distance = %.3f, want %.3f ± %.3f", got, tt.want, tt.tol)
			}
		})
	}
}

func TestRingOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		meters float64
		want   clock.Ring
	}{
		{"zero_is_green", 0, clock.RingGreen},
		{"100_is_green", 100, clock.RingGreen},
		{"just_over_100_is_blue", 100.01, clock.RingBlue},
		{"200_is_blue", 200, clock.RingBlue},
		{"just_over_200_is_red", 200.01, clock.RingRed},
		{"500_is_red", 500, clock.RingRed},
		{"just_over_500_is_outside", 500.01, clock.RingOutside},
		{"nan_is_outside", math.NaN(), clock.RingOutside},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := clock.RingOf(tt.meters); got != tt.want {
				t.Fatalf("RingOf(%v) = %v, want %v", tt.meters, got, tt.want)
			}
		})
	}
}

func TestNearest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		fences []clock.Fence
		at     clock.Position
		want   string
		ok     bool
	}{
		{"no_fences", nil, near, "", false},
		{"single_fence", []clock.Fence{branch}, near, "Filial", true},
		{"closest_wins", []clock.Fence{branch, office}, near, "Sede", true},
		{"first_of_equals_wins", []clock.Fence{office, {Desc: "Twin", Position: office.Position}}, near, "Sede", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := clock.Nearest(tt.fences, tt.at)
			if ok != tt.ok || got.Desc != tt.want {
				t.Fatalf("Nearest = %+v, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
			if ok && got.Distance != clock.Distance(tt.at, got.Position) {
				t.Fatalf("distance %v is not the fence's", got.Distance)
			}
		})
	}
}

func TestApproximate(t *testing.T) {
	t.Parallel()
	addr := func(name string, p clock.Position) clock.SavedAddress {
		return clock.SavedAddress{UKey: name, Address: name, Lat: p.Lat, Lon: p.Lon}
	}
	tests := []struct {
		name       string
		saved      []clock.SavedAddress
		fences     []clock.Fence
		at         clock.Position
		wantText   string
		wantSource string
	}{
		{"nothing_known_gives_coordinates", nil, nil, clock.Position{Lat: -23.5, Lon: -46.25}, "-23.5, -46.25", clock.SourceCoordinates},
		{"saved_address_within_150_m", []clock.SavedAddress{addr("Casa", north(home.Position, 120))}, nil, home.Position, "Casa", clock.SourceAddress},
		{"saved_address_beyond_150_m_is_ignored", []clock.SavedAddress{addr("Casa", north(home.Position, 160))}, nil, home.Position, "-23.6, -46.7", clock.SourceCoordinates},
		{"fence_within_150_m", nil, []clock.Fence{office}, north(office.Position, 140), "Sede", clock.SourceFence},
		{"nearer_fence_beats_address", []clock.SavedAddress{addr("Casa", north(office.Position, 100))}, []clock.Fence{office}, north(office.Position, 10), "Sede", clock.SourceFence},
		{"nearer_address_beats_fence", []clock.SavedAddress{addr("Casa", north(office.Position, 20))}, []clock.Fence{office}, north(office.Position, 15), "Casa", clock.SourceAddress},
		{"address_wins_a_tie", []clock.SavedAddress{addr("Casa", office.Position)}, []clock.Fence{office}, office.Position, "Casa", clock.SourceAddress},
		{"fence_without_description_is_skipped", nil, []clock.Fence{{Position: office.Position}}, office.Position, "-23.5505, -46.6333", clock.SourceCoordinates},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, source := clock.Approximate(tt.saved, tt.fences, tt.at)
			if got.Address != tt.wantText || source != tt.wantSource {
				t.Fatalf("Approximate = %q (%s), want %q (%s)", got.Address, source, tt.wantText, tt.wantSource)
			}
		})
	}
}
