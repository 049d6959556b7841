package notification_test

import (
	"errors"
	"testing"
	"unicode/utf8"

	"portal/domain"
	"portal/domain/notification"
)

// FuzzParseCreate: any body gives a draft or an Invalid error naming the field, never a
// panic; a draft that normalizes has a message of 1 to 500 valid characters.
func FuzzParseCreate(f *testing.F) {
	for _, s := range []string{
		`{"message":"Olá","options":{"variant":"success","classification":2,"from":"RH","header":"Aviso","link":"/apps/home"}}`,
		`{"message":"x","toUserHash":" abc "}`, `{"message":null}`, `{"message":7}`, `{"options":[]}`,
		`{"message":"a","options":{"classification":"2"}}`, `{"message":"a","options":{"link":"javascript:alert(1)"}}`,
		`{"message":"\u0000"}`, `{}`, `[]`, `null`, ``, `{"message":"a"} x`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		d, err := notification.ParseCreate(body)
		if err != nil {
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Invalid || de.Field == "" || de.Key == "" {
				t.Fatalf("ParseCreate(%q): unexpected error %v", body, err)
			}
			return
		}
		c, err := d.Content.Normalize()
		if err != nil {
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Invalid || de.Field == "" {
				t.Fatalf("Normalize(%+v): unexpected error %v", d.Content, err)
			}
			return
		}
		if n := utf8.RuneCountInString(c.Message); n < 1 || n > 500 || !utf8.ValidString(c.Message) {
			t.Fatalf("normalized message %q", c.Message)
		}
	})
}
