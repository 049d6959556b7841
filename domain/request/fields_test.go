package request_test

import (
	"strings"
	"testing"

	"portal/domain"
	rq "portal/domain/request"
)

func TestFieldsValidate(t *testing.T) {
	t.Parallel()
	compra, _ := rq.Lookup(rq.Compra)
	folha, _ := rq.Lookup(rq.Folha)
	tests := []struct {
		name        string
		change      func(f *rq.Fields)
		ty          rq.TypeInfo
		field, key  string
		invalidKind bool
	}{
		{"valid", func(f *rq.Fields) {}, compra, "", "", false},
		{"title_required", func(f *rq.Fields) { f.Title = "  " }, compra, "titulo", domain.KeyRequired, true},
		{"reason_required", func(f *rq.Fields) { f.Reason = "" }, compra, "motivo", domain.KeyRequired, true},
		{"comment_required", func(f *rq.Fields) { f.Comment = "" }, compra, "comentario", domain.KeyRequired, true},
		{"title_max_255", func(f *rq.Fields) { f.Title = strings.Repeat("a", 256) }, compra, "titulo", domain.KeyTooLong, true},
		{"comment_multiline_ok", func(f *rq.Fields) { f.Comment = "a\nb" }, compra, "", "", false},
		{"title_no_control", func(f *rq.Fields) { f.Title = "a\nb" }, compra, "titulo", domain.KeyInvalid, true},
		{"reference_date_required", func(f *rq.Fields) { f.ReferenceDate = "" }, compra, "dataReferencia", domain.KeyRequired, true},
		{"reference_date_malformed", func(f *rq.Fields) { f.ReferenceDate = "10/05/2024" }, compra, "dataReferencia", domain.KeyBadDate, true},
		{"year_before_1900", func(f *rq.Fields) { f.ReferenceDate = "1899-12-31" }, compra, "dataReferencia", domain.KeyBadDate, true},
		{"delivery_after_reference", func(f *rq.Fields) { f.DeliveryDate = "2024-05-11" }, compra, "", "", false},
		{"delivery_on_reference_day", func(f *rq.Fields) { f.DeliveryDate = "2024-05-10" }, compra, "dataEntrega", rq.KeyDeliveryBefore, true},
		{"delivery_before_reference", func(f *rq.Fields) { f.DeliveryDate = "2024-05-01" }, compra, "dataEntrega", rq.KeyDeliveryBefore, true},
		{"start_after_end", func(f *rq.Fields) { f.StartDate, f.EndDate = "2024-05-12", "2024-05-11" }, compra, "dataFim", domain.KeyDateRange, true},
		{"start_out_of_range", func(f *rq.Fields) { f.StartDate = "2026-01-01" }, compra, "dataInicio", domain.KeyDateRange, true},
		{"end_out_of_range", func(f *rq.Fields) { f.EndDate = "2023-01-01" }, compra, "dataFim", domain.KeyDateRange, true},
		{"dates_in_range", func(f *rq.Fields) { f.StartDate, f.EndDate = "2024-05-01", "2024-06-01" }, compra, "", "", false},
		{"priority_range", func(f *rq.Fields) { f.Priority = 4 }, compra, "prioridade", domain.KeyInvalid, true},
		{"quantity_zero", func(f *rq.Fields) { f.Items = []rq.Item{{ItemID: "i1", Quantity: 0}} }, compra, "itens.quantidade", domain.KeyInvalid, true},
		{"duplicate_item", func(f *rq.Fields) { f.Items = []rq.Item{{ItemID: "i1", Quantity: 1}, {ItemID: "i1", Quantity: 2}} }, compra, "itens.itemId", domain.KeyInvalid, true},
		{"too_many_labels", func(f *rq.Fields) { f.Labels = []string{"a", "b", "c", "d", "e", "f"} }, compra, "labels", domain.KeyTooLong, true},
		{"absence_on_a_type_without_it", func(f *rq.Fields) { f.Absence = &rq.Absence{TipoAusenciaDesc: "x"} }, compra, "ausencia", domain.KeyInvalid, true},
		{"absence_kind_required", func(f *rq.Fields) { f.Absence = &rq.Absence{} }, folha, "ausencia.tipoAusenciaDesc", domain.KeyRequired, true},
		{"certificate_needs_doctor", func(f *rq.Fields) { f.Absence = &rq.Absence{TipoAusenciaDesc: "x", TipoAbono: "atestado"} }, folha, "ausencia.nomeMedico", domain.KeyRequired, true},
		{"certificate_needs_dates", func(f *rq.Fields) {
			f.Absence = &rq.Absence{TipoAusenciaDesc: "x", TipoAbono: "atestado", NomeMedico: "d", TpRegistro: "CRM", Registro: "1", UfRegistroDesc: "SP"}
		}, folha, "ausencia.inicioAbono", domain.KeyRequired, true},
		{"certificate_dates_in_order", func(f *rq.Fields) {
			f.Absence = &rq.Absence{TipoAusenciaDesc: "x", TipoAbono: "atestado", NomeMedico: "d", TpRegistro: "CRM", Registro: "1", UfRegistroDesc: "SP",
				InicioAbono: "2024-05-10", FimAbono: "2024-05-09"}
		}, folha, "ausencia.fimAbono", domain.KeyDateRange, true},
		{"absence_without_certificate", func(f *rq.Fields) { f.Absence = &rq.Absence{TipoAusenciaDesc: "x", TipoAbono: "declaracao"} }, folha, "", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := fields()
			tc.change(&f)
			err := f.Validate(tc.ty)
			if tc.key == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			wantErr(t, err, domain.Invalid, tc.field, tc.key)
		})
	}
}

func TestParseBody(t *testing.T) {
	t.Parallel()
	b, err := rq.ParseBody([]byte(`{"m01Ukey":" e1 ","tipo":"compra","titulo":" T ","motivo":"m","comentario":"c",
		"dataReferencia":"2024-05-10T23:30:00-03:00","dataEntrega":"2024-05-20","itens":[{"itemId":"i1","quantidade":2}],
		"labels":["urgente"],"enviar":true,"extra":{"ignored":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	if b.M01Ukey != "e1" || b.Origin != rq.Compra || b.Fields.Title != "T" || b.Fields.ReferenceDate != "2024-05-10" ||
		b.Fields.Priority != 2 || !b.Send || !b.HasFields || len(b.Fields.Items) != 1 || b.Fields.Items[0].Quantity != 2 {
		t.Fatalf("parsed %+v", b)
	}
	rank, err := rq.ParseBody([]byte(`{"ac4Ukey":"r1","rank":3}`))
	if err != nil || rank.HasFields || rank.Rank == nil || *rank.Rank != 3 || rank.RequestID != "r1" {
		t.Fatalf("rank body %+v %v", rank, err)
	}
	bad := []struct{ body, field, key string }{
		{`[]`, "body", domain.KeyInvalid},
		{`{"titulo":1}`, "titulo", domain.KeyInvalid},
		{`{"titulo":"x","dataReferencia":""}`, "dataReferencia", domain.KeyRequired},
		{`{"titulo":"x"}`, "dataReferencia", domain.KeyRequired},
		{`{"titulo":"x","dataReferencia":"2024-13-01"}`, "dataReferencia", domain.KeyBadDate},
		{`{"origem":"3"}`, "origem", domain.KeyInvalid},
		{`{"tipo":"nada"}`, "tipo", rq.KeyTypeInvalid},
		{`{"rank":1.5}`, "rank", domain.KeyInvalid},
		{`{"dataReferencia":"2024-05-10","itens":[{"itemId":"i","quantidade":"2"}]}`, "itens.quantidade", domain.KeyInvalid},
		{`{"dataReferencia":"2024-05-10","ausencia":{"inicioAbono":""}}`, "ausencia.inicioAbono", domain.KeyRequired},
	}
	for _, c := range bad {
		_, err := rq.ParseBody([]byte(c.body))
		wantErr(t, err, domain.Invalid, c.field, c.key)
	}
}

func TestParseFilterBody(t *testing.T) {
	t.Parallel()
	fb, err := rq.ParseFilterBody([]byte(`{"m01Ukey":"e1","type":3,"additionalFilters":{"items":[
		{"field":"status","operator":"eq","value":"waiting"},{"field":"prioridade","operator":"lte","value":2},
		{"field":"dataReferencia","operator":"gte","value":"2024-05-01T00:00:00-03:00"}]}}`))
	if err != nil || fb.Origin != rq.Compra || len(fb.Items) != 3 || fb.Items[1].Value != "2" || fb.Items[2].Value != "2024-05-01" {
		t.Fatalf("parsed %+v %v", fb, err)
	}
	bad := []struct{ body, field string }{
		{`{"type":4}`, "type"},
		{`{"additionalFilters":{"items":[{"field":"senha","value":"x"}]}}`, "additionalFilters.items[0].field"},
		{`{"additionalFilters":{"items":[{"field":"status","operator":"like","value":"x"}]}}`, "additionalFilters.items[0].operator"},
		{`{"additionalFilters":{"items":[{"field":"status","value":""}]}}`, "additionalFilters.items[0].value"},
		{`{"additionalFilters":{"items":{}}}`, "additionalFilters.items"},
	}
	for _, c := range bad {
		_, err := rq.ParseFilterBody([]byte(c.body))
		var de *domain.Error
		if !asDomain(err, &de) || de.Field != c.field {
			t.Errorf("%s: error %v, want one on %s", c.body, err, c.field)
		}
	}
}

func TestCheckFile(t *testing.T) {
	t.Parallel()
	ole := []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0}
	tests := []struct {
		name, file string
		content    []byte
		kind, key  string
	}{
		{"pdf", "a.PDF", []byte("%PDF-1.4 ..."), rq.FilePDF, ""},
		{"png", "a.png", []byte("\x89PNG\r\n\x1a\n...."), rq.FilePNG, ""},
		{"jpg", "a.jpeg", []byte{0xFF, 0xD8, 0xFF, 0xE0}, rq.FileJPG, ""},
		{"doc", "a.doc", ole, rq.FileDOC, ""},
		{"xlsx", "a.xlsx", []byte("PK\x03\x04...."), rq.FileXLS, ""},
		{"txt", "a.txt", []byte("olá"), rq.FileTXT, ""},
		{"exe_renamed_pdf", "a.pdf", []byte("MZ\x90\x00"), "", rq.KeyFileType},
		{"png_named_pdf", "a.pdf", []byte("\x89PNG\r\n\x1a\n"), "", rq.KeyFileType},
		{"binary_txt", "a.txt", []byte("a\x00b"), "", rq.KeyFileType},
		{"unknown_extension", "a.exe", []byte("%PDF-"), "", rq.KeyFileType},
		{"empty", "a.txt", nil, "", rq.KeyFileType},
		{"too_large", "a.txt", []byte(strings.Repeat("a", rq.MaxFileSize+1)), "", rq.KeyFileTooLarge},
	}
	for _, tc := range tests {
		kind, err := rq.CheckFile(tc.file, tc.content)
		if tc.key != "" {
			wantErr(t, err, domain.Invalid, "file", tc.key)
			continue
		}
		if err != nil || kind != tc.kind {
			t.Errorf("%s: %q %v, want %q", tc.name, kind, err, tc.kind)
		}
	}
	if got := rq.CleanFileName(`C:\x\..\evil"\n.pdf`); strings.ContainsAny(got, `\/"`) {
		t.Errorf("clean name %q", got)
	}
}
