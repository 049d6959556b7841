package clock

import "strconv"

// Sources of an approximate place (docs/api.md, local-aproximado).
const (
	SourceAddress     = "address"
	SourceFence       = "fence"
	SourceCoordinates = "coordinates"
)

// Approximate names a captured position for the quick clock (spec portal-core §4): the
// nearest saved address or fence within ApproximateRadius (a saved address wins a tie, it is
// the employee's own), else the raw coordinates as "lat, lon".
func Approximate(saved []SavedAddress, fences []Fence, p Position) (Place, string) {
	best, source, bestDist := Place{}, "", ApproximateRadius
	for _, a := range saved {
		if d := Distance(p, a.Position()); d <= bestDist && (source == "" || d < bestDist) {
			best, source, bestDist = Place{Address: a.Address, Position: a.Position()}, SourceAddress, d
		}
	}
	for _, f := range fences {
		if f.Desc == "" {
			continue // nothing to name the place with
		}
		if d := Distance(p, f.Position); d <= bestDist && (source == "" || d < bestDist) {
			best, source, bestDist = Place{Address: f.Desc, Position: f.Position}, SourceFence, d
		}
	}
	if source == "" {
		text := strconv.FormatFloat(p.Lat, 'f', -1, 64) + ", " + strconv.FormatFloat(p.Lon, 'f', -1, 64)
		return Place{Address: text, Position: p}, SourceCoordinates
	}
	return best, source
}
