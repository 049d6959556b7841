package payroll_test

import (
	"bytes"
	"testing"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	domain "portal/domain/payroll"
	"portal/readapi/payroll"
)

func payslip(t *testing.T) []byte {
	t.Helper()
	doc := fpdf.New("P", "mm", "A4", "")
	doc.AddPage()
	doc.SetFont("Helvetica", "", 12)
	doc.Cell(40, 10, "Holerite 2026-10 CPF 123.456.789-09")
	var b bytes.Buffer
	if err := doc.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func open(protected []byte, password string) error {
	conf := model.NewDefaultConfiguration()
	conf.UserPW = password
	return api.Decrypt(bytes.NewReader(protected), &bytes.Buffer{}, conf)
}

// The protected download opens with the first 4 digits of the employee's CPF and not
// without them.
func TestProtectedDownloadNeedsTheCPFPassword(t *testing.T) {
	password := domain.Password("12345678909")
	protected, err := payroll.Protect(payslip(t), password)
	if err != nil {
		t.Fatalf("Protect: %v", err)
	}
	if err := open(protected, password); err != nil {
		t.Fatalf("opening with %q: %v", password, err)
	}
	if err := open(protected, ""); err == nil {
		t.Fatal("the protected PDF opened without a password")
	}
	if err := open(protected, "9999"); err == nil {
		t.Fatal("the protected PDF opened with another password")
	}
}
