package timesheet

import (
	"encoding/json"
	"testing"
	"time"

	"portal/domain/clock"
)

// decodeMarkFast reads what json.Unmarshal reads, or declines: the marks as the clock
// writes them, an HR mark, an adjustment's, and shapes it leaves to encoding/json.
func TestDecodeMarkFastAsEncodingJSON(t *testing.T) {
	at := time.Date(2026, 11, 3, 11, 4, 5, 123456789, time.UTC)
	mark, err := json.Marshal(clock.MarkData{MarkID: "2b1f2e34-7b35-4e0a-9d4a-0d6f0f2a9e11", EmployeeID: "0b0c2c7e-1111-4a8e-9c7e-7e6a1b2c3d4e",
		UserID: "5f6e7d8c-2222-4b3a-8c1d-9e8f7a6b5c4d", UserHash: "abc", RecordedAt: at, ClientTime: "08:04"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		data   string
		shaped bool // the fast path must take it
	}{
		{string(mark), true},
		{`{"markId":"m","employeeId":"e","recordedAt":"2026-11-03T11:04:00Z","actorId":"a","reason":"relógio quebrado","kind":"device"}`, true},
		{`{"markId":"m","employeeId":"e","recordedAt":"2026-11-03T11:04:00-03:00","requestId":"r","selected":{"lat":-23.5,"lon":-46.6}}`, true},
		{`{"markId":"m","reason":"a \"quoted\" reason"}`, false},
		{`{"markId":"m","MarkID":"x"}`, false},
		{`{"markId":"m","markId":"n"}`, false},
		{`{"markId":"m"} trailing`, false},
	} {
		var fast, slow markData
		ok := decodeMarkFast([]byte(c.data), &fast)
		if ok != c.shaped {
			t.Errorf("%s: fast path %v, want %v", c.data, ok, c.shaped)
		}
		if !ok {
			continue
		}
		if err := json.Unmarshal([]byte(c.data), &slow); err != nil {
			t.Fatalf("%s: %v", c.data, err)
		}
		if !fast.RecordedAt.Equal(slow.RecordedAt) || fast.RecordedAt.Location().String() != slow.RecordedAt.Location().String() {
			t.Errorf("%s: time %v, encoding/json %v", c.data, fast.RecordedAt, slow.RecordedAt)
		}
		fast.RecordedAt, slow.RecordedAt = time.Time{}, time.Time{}
		if fast != slow {
			t.Errorf("%s: %+v, encoding/json %+v", c.data, fast, slow)
		}
	}
}
