package payroll_test

import (
	"strings"
	"testing"

	paycmd "portal/commands/payroll"
)

// Each line of a PDF is its own run of text: a CPF at the end of a line never runs into the
// digits of the next one.
func TestPDFTextSeparatesLines(t *testing.T) {
	pdf, err := paycmd.SamplePDF("Ana Souza", "CPF: 52998224725", "2026-10", "Líquido 3.987,51")
	if err != nil {
		t.Fatal(err)
	}
	text := paycmd.PDFText(pdf)
	for _, want := range []string{"CPF: 52998224725 ", "2026-10", "Ana Souza"} {
		if !strings.Contains(text, want) {
			t.Fatalf("text %q lacks %q", text, want)
		}
	}
	if paycmd.PDFText([]byte("%PDF-1.4 broken")) != "" {
		t.Fatal("a broken PDF gave text")
	}
}
