package timesheet

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	ts "portal/domain/timesheet"
)

// The rows' marks and spans are written by hand, byte for byte as encoding/json writes them.
func TestRowJSONAsEncodingJSON(t *testing.T) {
	at := time.Date(2026, 11, 3, 11, 4, 5, 123456000, time.UTC)
	local := at.In(time.FixedZone("BRT", -3*3600))
	req, actor := uuid.New(), uuid.New()
	for _, marks := range [][]Mark{
		nil,
		{{ID: uuid.New(), At: at, Registered: &at}},
		{{ID: uuid.New(), At: local, Registered: &local, RequestID: &req}, {ID: uuid.New(), At: at.Add(time.Hour), RequestID: &req}},
		{{ID: uuid.New(), At: at, ByHR: true, ActorID: &actor, Reason: "relógio quebrado"}},
		{{ID: uuid.New(), At: at, ByHR: true, ActorID: &actor, Reason: `a "quoted" <b>reason</b> & a\\b` + "\n\u2028\xff"}},
	} {
		want, err := json.Marshal(append([]Mark{}, marks...))
		if err != nil {
			t.Fatal(err)
		}
		if got := appendMarks(nil, marks); string(got) != string(want) {
			t.Errorf("marks\n%s\nencoding/json\n%s", got, want)
		}
	}
	for _, spans := range [][]ts.Span{nil, {{Start: 480, End: 720}}, {{Start: 480, End: 720}, {Start: 780, End: 1068}}, {{Start: -60, End: 1500}}} {
		pairs := make([][2]int, len(spans))
		for i, s := range spans {
			pairs[i] = [2]int{s.Start, s.End}
		}
		want, _ := json.Marshal(pairs)
		if got := appendSpans(nil, spans); string(got) != string(want) {
			t.Errorf("spans %s, encoding/json %s", got, want)
		}
	}
}
