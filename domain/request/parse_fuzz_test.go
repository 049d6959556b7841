package request_test

import (
	"errors"
	"testing"

	"portal/domain"
	rq "portal/domain/request"
)

func asDomain(err error, de **domain.Error) bool { return errors.As(err, de) }

// FuzzParseBody: any body either parses into fields that are well-formed dates and texts,
// or fails with a domain Invalid error; it never panics.
func FuzzParseBody(f *testing.F) {
	for _, s := range []string{
		`{"tipo":"compra","titulo":"T","motivo":"m","comentario":"c","dataReferencia":"2024-05-10"}`,
		`{"origem":1,"ausencia":{"tipoAbono":"atestado","inicioAbono":"2024-01-01T10:00:00Z"}}`,
		`{"itens":[{"itemId":"x","quantidade":1e9}],"labels":[1]}`, `{"rank":-1}`, `null`, `{"dataEntrega":"0000-01-01"}`,
		`{"additionalFilters":{"items":[{"field":"titulo","operator":"contains","value":"a"}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, parse := range []func([]byte) error{
			func(b []byte) error { _, err := rq.ParseBody(b); return err },
			func(b []byte) error { _, err := rq.ParseFilterBody(b); return err },
		} {
			err := parse(body)
			var de *domain.Error
			if err != nil && (!errors.As(err, &de) || de.Kind != domain.Invalid) {
				t.Fatalf("error %v is not a domain Invalid error", err)
			}
		}
		if b, err := rq.ParseBody(body); err == nil && b.Fields.ReferenceDate != "" {
			if _, err := rq.ParseDate("d", b.Fields.ReferenceDate); err != nil {
				t.Fatalf("parsed date %q does not parse again", b.Fields.ReferenceDate)
			}
		}
	})
}
