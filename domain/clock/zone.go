package clock

import (
	"time"
	_ "time/tzdata" // the tenant zone must load on hosts without a zoneinfo database
)

// ZoneName is the tenants' local time zone: layoff days are local days and mark times are
// shown in local time (docs/api.md).
const ZoneName = "America/Sao_Paulo"

// Zone is the loaded ZoneName. Brazil has had no daylight saving time since 2019, so the
// fixed UTC-3 fallback only matters for old dates on a broken zone database.
var Zone = func() *time.Location {
	if loc, err := time.LoadLocation(ZoneName); err == nil {
		return loc
	}
	return time.FixedZone("-03", -3*60*60)
}()

// LocalLayout is the wire format of n09_001_t: local wall-clock time without an offset.
const LocalLayout = "2006-01-02T15:04:05"

// LocalTime formats t as the tenant's wall-clock time in LocalLayout.
func LocalTime(t time.Time) string { return t.In(Zone).Format(LocalLayout) }
