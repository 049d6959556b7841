package payroll

import (
	"bytes"
	"time"

	"github.com/go-pdf/fpdf"
)

// SamplePDF is a one-page PDF with lines of text: the demo tenant's payslips (seed), the
// tests and the bench publish it. Standard fonts keep the text readable by PDFText.
func SamplePDF(lines ...string) ([]byte, error) {
	p := fpdf.New("P", "mm", "A4", "")
	p.SetCreationDate(fixedDate)
	p.AddPage()
	p.SetFont("Helvetica", "", 11)
	tr := p.UnicodeTranslatorFromDescriptor("")
	for _, l := range lines {
		p.CellFormat(0, 7, tr(l), "", 1, "L", false, 0, "")
	}
	var b bytes.Buffer
	err := p.Output(&b)
	return b.Bytes(), err
}

// fixedDate makes SamplePDF deterministic: the same lines give the same bytes (and hash).
var fixedDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
