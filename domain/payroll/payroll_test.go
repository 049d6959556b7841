package payroll_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
	"time"

	"portal/domain"
	"portal/domain/payroll"
	"portal/domain/rep"
)

var (
	ana   = rep.CPF("123456789") // 12345678909
	bruno = rep.CPF("987654321")
	other = rep.CPF("111444777") // another tenant's employee: not in the map
)

func employees() map[string]string {
	return map[string]string{ana: "emp-ana", bruno: "emp-bruno"}
}

func TestCPFsPlainPunctuatedAndInvalid(t *testing.T) {
	s := "holerite_" + ana + ".pdf 987.654.321-" + bruno[9:] + " 12345678900 1" + ana
	got := payroll.CPFs(s)
	if want := []string{ana, bruno}; !reflect.DeepEqual(got, want) {
		t.Fatalf("CPFs(%q) = %v, want %v (bad check digits and longer numbers are not CPFs)", s, got, want)
	}
}

func TestMatch(t *testing.T) {
	cases := []struct {
		name, file, text, id, outcome string
	}{
		{"by name", "2026-10_" + ana + ".pdf", "", "emp-ana", payroll.MatchFound},
		{"by text", "folha-001.pdf", "Funcionário: Ana  CPF: 123.456.789-09", "emp-ana", payroll.MatchFound},
		{"name wins over text", ana + ".pdf", "CPF " + bruno, "emp-ana", payroll.MatchFound},
		{"none", "folha.pdf", "sem documento", "", payroll.MatchNone},
		{"other tenant", other + ".pdf", "", "", payroll.MatchNone},
		{"ambiguous", "folha.pdf", ana + " e " + bruno, "", payroll.MatchAmbiguous},
	}
	for _, c := range cases {
		id, outcome := payroll.Match(c.file, c.text, employees())
		if id != c.id || outcome != c.outcome {
			t.Errorf("%s: Match = %q, %q; want %q, %q", c.name, id, outcome, c.id, c.outcome)
		}
	}
}

func TestContentTypeFromTheBytes(t *testing.T) {
	if ct, err := payroll.ContentType([]byte("%PDF-1.7\n...")); err != nil || ct != "application/pdf" {
		t.Fatalf("a PDF: %q, %v", ct, err)
	}
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	if ct, err := payroll.ContentType(png); err != nil || ct != "image/png" {
		t.Fatalf("a PNG: %q, %v", ct, err)
	}
	var de *domain.Error
	if _, err := payroll.ContentType([]byte("MZ not a pdf at all")); !errors.As(err, &de) || de.Key != payroll.KeyNotPDF {
		t.Fatalf("an executable named .pdf: %v", err)
	}
	big := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{0}, payroll.MaxFileSize)...)
	if _, err := payroll.ContentType(big); !errors.As(err, &de) || de.Key != payroll.KeyTooLarge {
		t.Fatalf("a PDF over the limit: %v", err)
	}
}

func TestCheckMonth(t *testing.T) {
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	for month, key := range map[string]string{
		"2026-11": "", "2026-01": "", "2026-12": payroll.KeyMonthFuture, "2026-13": domain.KeyBadDate, "": domain.KeyBadDate,
	} {
		err := payroll.CheckMonth(month, now)
		var de *domain.Error
		switch {
		case key == "" && err != nil:
			t.Errorf("%q refused: %v", month, err)
		case key != "" && (!errors.As(err, &de) || de.Key != key):
			t.Errorf("%q: %v, want %s", month, err, key)
		}
	}
}

func TestPassword(t *testing.T) {
	if got := payroll.Password(ana); got != "1234" {
		t.Fatalf("Password = %q, want the CPF's first 4 digits", got)
	}
}
