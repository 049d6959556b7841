package clock

import "math"

// spec portal-core §9: earth radius 6371 km; distance rings 100 m (green), 200 m (blue),
// 500 m (red).
const (
	EarthRadiusMeters = 6371_000.0
	GreenRadius       = 100.0
	BlueRadius        = 200.0
	RedRadius         = 500.0 // the outer ring: farther than this from every fence is outside the area
	// SameAddressRadius is how close two positions must be to count as one saved address.
	SameAddressRadius = 30.0
	// ApproximateRadius is how close a saved address or fence must be to name a captured
	// position in local-aproximado.
	ApproximateRadius = 150.0
)

// Position is a point on Earth in decimal degrees.
type Position struct{ Lat, Lon float64 }

// Valid tells whether both coordinates are finite and in range.
func (p Position) Valid() bool {
	return finite(p.Lat) && finite(p.Lon) && p.Lat >= -90 && p.Lat <= 90 && p.Lon >= -180 && p.Lon <= 180
}

// Place is an address with its position.
type Place struct {
	Address string
	Position
}

// Fence is a virtual fence: a named point the employee should punch near, within Radius
// metres (0: a fence without its own radius, which reaches to the outer ring, RedRadius).
type Fence struct {
	Desc string
	Position
	Radius float64
}

// Reach is how far from its centre the fence admits a punch, in metres.
func (f Fence) Reach() float64 {
	if f.Radius > 0 {
		return f.Radius
	}
	return RedRadius
}

// Within tells whether p is inside one of fences (on the edge counts as inside).
func Within(fences []Fence, p Position) bool {
	for _, f := range fences {
		if Distance(p, f.Position) <= f.Reach() {
			return true
		}
	}
	return false
}

// NearestFence is the fence closest to a position and its distance in metres.
type NearestFence struct {
	Fence
	Distance float64
}

// Ring classifies a distance from a fence.
type Ring int

// Rings, from inside out.
const (
	RingGreen Ring = iota + 1
	RingBlue
	RingRed
	RingOutside
)

func (r Ring) String() string {
	switch r {
	case RingGreen:
		return "green"
	case RingBlue:
		return "blue"
	case RingRed:
		return "red"
	default:
		return "outside"
	}
}

// RingOf returns the ring a distance in metres falls in; the rings' edges belong to the inner
// ring. A distance that is not a number is outside.
func RingOf(meters float64) Ring {
	switch {
	case meters <= GreenRadius:
		return RingGreen
	case meters <= BlueRadius:
		return RingBlue
	case meters <= RedRadius:
		return RingRed
	default:
		return RingOutside
	}
}

// Distance is the great-circle distance in metres between a and b by the haversine formula.
func Distance(a, b Position) float64 {
	rad := math.Pi / 180
	dLat := (b.Lat - a.Lat) * rad
	dLon := (b.Lon - a.Lon) * rad
	s1, s2 := math.Sin(dLat/2), math.Sin(dLon/2)
	h := s1*s1 + math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*s2*s2
	return 2 * EarthRadiusMeters * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Nearest returns the fence closest to p (the first of equals), or false without fences.
func Nearest(fences []Fence, p Position) (NearestFence, bool) {
	var best NearestFence
	found := false
	for _, f := range fences {
		d := Distance(p, f.Position)
		if !found || d < best.Distance {
			best, found = NearestFence{Fence: f, Distance: d}, true
		}
	}
	return best, found
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
