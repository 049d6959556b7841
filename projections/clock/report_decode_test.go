package clock_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/domain/clock"
	clockproj "portal/projections/clock"
)

// markFactsContract is what the clock report reads of a mark, as encoding/json reads it.
type markFactsContract struct {
	EmployeeID string    `json:"employeeId"`
	RecordedAt time.Time `json:"recordedAt"`
	Reason     string    `json:"reason"`
}

// checkMarkFacts fails when the report's fast decoding of data accepts it and reads other
// than encoding/json, or accepts what encoding/json refuses; it tells whether it accepted.
func checkMarkFacts(t *testing.T, data []byte) bool {
	t.Helper()
	employee, at, reason, ok := clockproj.DecodeMarkFactsFast(data)
	if !ok {
		return false
	}
	var want markFactsContract
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("the fast decoding accepts what encoding/json refuses (%v): %s", err, data)
	}
	if employee != want.EmployeeID || !at.Equal(want.RecordedAt) || at.Location().String() != want.RecordedAt.Location().String() ||
		reason != want.Reason {
		t.Fatalf("the fast decoding read %q %v %q, encoding/json %q %v %q: %s", employee, at, reason,
			want.EmployeeID, want.RecordedAt, want.Reason, data)
	}
	return true
}

// The clock report decodes every shape of mark (markVariants), refused ones with their
// reason, as encoding/json does, and takes its fast path for the event store's own shape.
func TestReportClockDecodesMarksAsEncodingJSON(t *testing.T) {
	good, bad := markVariants()
	accepted := 0
	for _, data := range append(good, bad...) {
		for _, v := range []string{data, strings.Replace(data, "{", `{"reason": "fora_da_area", `, 1)} {
			if checkMarkFacts(t, []byte(v)) {
				accepted++
			}
		}
	}
	stored, _ := json.Marshal(clock.MarkData{MarkID: uuid.NewString(), EmployeeID: uuid.NewString(), UserID: uuid.NewString(),
		RecordedAt: time.Now(), Selected: clock.PlaceData{Address: "Av. Paulista, 1000", Lat: -23.56, Lon: -46.65}, Reason: clock.ReasonOutsideArea})
	if !checkMarkFacts(t, stored) || accepted < len(good)/2 {
		t.Fatalf("the fast path took %d of %d variants and the stored shape: %t", accepted, 2*(len(good)+len(bad)), checkMarkFacts(t, stored))
	}
}

func FuzzReportClockDecodesMarksAsEncodingJSON(f *testing.F) {
	good, bad := markVariants()
	for _, data := range append(good[:40], bad...) {
		f.Add([]byte(data))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkMarkFacts(t, data) })
}
