package audit

import (
	"encoding/json"
	"testing"
)

// The timeline renders any stored event's data: whatever the bytes, flatten and onBehalfOf
// answer without panicking, invalid JSON renders nothing, and no leaf is listed empty.
func FuzzTimelineData(f *testing.F) {
	for _, s := range []string{
		`{"by":{"actor":{"id":"u1"},"onBehalfOf":{"id":"u2"}},"fields":{"title":"x","items":[1,2,{"a":null}]}}`,
		`{"onBehalfOf":{"id":"u3"}}`, `[]`, `null`, `"text"`, `{"a":{"b":{"c":""}}}`, `{`, ``, `{"n":1e400}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fields := flatten(data)
		b := onBehalfOf("clock.mark_recorded_by_hr.v1", fields)
		if !json.Valid(data) {
			if fields != nil || b != "" {
				t.Fatalf("invalid JSON rendered: %v %q", fields, b)
			}
			return
		}
		for _, f := range fields {
			if f.Value == "" {
				t.Fatalf("leaf %q listed empty in %v", f.Name, fields)
			}
		}
	})
}
