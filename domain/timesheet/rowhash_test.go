package timesheet

import (
	"encoding/json"
	"testing"
	"time"
)

// RowHash writes the JSON of its rows by hand: byte for byte what encoding/json writes of
// rowJSON, so the hashes signatures name stay the same.
func TestRowHashJSONAsEncodingJSON(t *testing.T) {
	zone := time.FixedZone("BRT", -3*3600)
	marks := []time.Time{time.Date(2026, 11, 3, 8, 4, 5, 123456789, zone), time.Date(2026, 11, 3, 23, 59, 0, 0, time.UTC)}
	for _, d := range []Dated{
		{Date: time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC), Marks: marks, Row: Row{Kind: KindWork, Expected: 528, Worked: 530,
			Night: 61, NightHours: 70, Overtime50: 2, Overtime100: -1, Late: 12, Early: 3, Missing: 9, Excused: 4, Leave: 5,
			Absent: true, Incomplete: true}},
		{Date: time.Date(2026, 1, 4, 0, 0, 0, 0, time.UTC), Row: Row{Kind: KindRest}},
		{Date: time.Date(2026, 1, 4, 0, 0, 0, 0, time.UTC), Marks: []time.Time{}, Row: Row{Kind: `a "quoted" <kind> & ção` + "\u2028\x01"}},
		{Date: time.Date(2026, 1, 4, 0, 0, 0, 0, time.UTC), Row: Row{Kind: "invalid \xff utf-8"}},
	} {
		ms := make([]string, len(d.Marks))
		for i, m := range d.Marks {
			ms[i] = m.UTC().Format(time.RFC3339)
		}
		want, err := json.Marshal(rowJSON{d.Date.Format(time.DateOnly), ms, d.Row})
		if err != nil {
			t.Fatal(err)
		}
		if got := appendRowJSON(nil, d); string(got) != string(want) {
			t.Errorf("row JSON\n%s\nencoding/json\n%s", got, want)
		}
	}
}
