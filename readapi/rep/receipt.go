package rep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/domain"
	domainrep "portal/domain/rep"
	reprm "portal/projections/rep"
	"portal/readapi/httpx"
)

// receiptsShown is how many receipts the punch history lists.
const receiptsShown = 10

// receipts answers GET /api/rep/receipts: the caller's newest receipts (HR: employeeId's).
func (s *API) receipts(c echo.Context) error {
	employee, err := callerEmployee(c)
	if err != nil {
		return err
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]reprm.Receipt, error) {
		return reprm.Receipts(ctx, tx, employee, receiptsShown)
	})
}

// receiptPDF answers GET /api/rep/receipts/:markId/pdf: the receipt of one of the caller's
// marks as a PDF.
func (s *API) receiptPDF(c echo.Context) error {
	employee, err := callerEmployee(c)
	if err != nil {
		return err
	}
	r, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (reprm.Receipt, error) {
		return reprm.ReceiptOf(ctx, tx, employee, c.Param("markId"))
	})
	if errors.Is(err, reprm.ErrNoReceipt) {
		return httpx.Error(http.StatusNotFound, "markId", domain.KeyNotFound)
	}
	if err != nil {
		return err
	}
	pdf, err := ReceiptPDF(r)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`inline; filename="comprovante-%09d.pdf"`, r.NSR))
	return c.Blob(http.StatusOK, "application/pdf", pdf)
}

// ReceiptPDF lays the receipt out on an A6 page. Its texts are the Portaria's own (the
// receipt is a legal document in Portuguese whatever the reader's language).
func ReceiptPDF(r reprm.Receipt) ([]byte, error) {
	zone, err := time.LoadLocation(r.Zone)
	if err != nil {
		zone = time.FixedZone("-03", -3*3600)
	}
	pdf := fpdf.New("P", "mm", "A6", "")
	pdf.SetTitle("Comprovante de Registro de Ponto do Trabalhador", true)
	pdf.SetCreationDate(r.MarkedAt) // the same mark gives the same file
	pdf.SetMargins(8, 8, 8)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.SetFont("Helvetica", "B", 11)
	pdf.MultiCell(0, 5, tr("Comprovante de Registro de Ponto do Trabalhador"), "", "C", false)
	pdf.Ln(3)
	row := func(label, value string) {
		pdf.SetFont("Helvetica", "B", 8)
		pdf.CellFormat(0, 4, tr(label), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 9)
		pdf.MultiCell(0, 4.5, tr(value), "", "L", false)
		pdf.Ln(1)
	}
	row("Empregador", r.EmployerName)
	row("CNPJ", domainrep.FormatCNPJ(r.CNPJ))
	row("Local da prestação de serviço", r.Place)
	row("Trabalhador", r.EmployeeName)
	row("CPF", domainrep.FormatCPF(r.CPF))
	row("Data e horário da marcação", r.MarkedAt.In(zone).Format("02/01/2006 15:04"))
	row("NSR", fmt.Sprintf("%09d", r.NSR))
	pdf.SetFont("Helvetica", "B", 8)
	pdf.CellFormat(0, 4, "Código hash (SHA-256)", "", 1, "L", false, 0, "")
	pdf.SetFont("Courier", "", 7)
	pdf.MultiCell(0, 3.5, r.Hash, "", "L", false)
	var buf bytes.Buffer
	err = pdf.Output(&buf)
	return buf.Bytes(), err
}
