package mood

import (
	"errors"
	"testing"

	"portal/domain"
)

// FuzzParseBody: any body gives either two levels on the scale or an Invalid error naming a
// field, never a panic. The seed corpus runs as a normal test.
func FuzzParseBody(f *testing.F) {
	for _, s := range []string{
		`{"humor":3.47,"energy":1}`, `{"humor":5,"energy":5}`, `{"humor":1e0,"energy":50e-1}`,
		`{"humor":0.99,"energy":2}`, `{"humor":"3","energy":3}`, `{"humor":1e999999999,"energy":2}`,
		`{}`, `[]`, `null`, ``, `{"humor":-0,"energy":-1e-5}`, `{"humor":4.4999999999999999999,"energy":2.3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		e, err := ParseBody(body)
		if err != nil {
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Invalid || de.Field == "" || de.Key == "" {
				t.Fatalf("ParseBody(%q): unexpected error %v", body, err)
			}
			return
		}
		if !e.Humor.Valid() || !e.Energy.Valid() {
			t.Fatalf("ParseBody(%q) = %+v off the scale", body, e)
		}
	})
}
