// Package payroll holds the rules of published payroll documents (payslips, 13th salary,
// vacation receipts, income reports, other statements): which employee a file belongs to,
// which files are accepted, and the events of a publication. The bytes live in the file
// store (platform/blobstore); events carry only their hash.
package payroll

import (
	"bytes"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"

	"portal/domain"
	"portal/domain/rep"
)

// Event types. A publication is a batch stream ("payroll-batch-<batchId>"): the batch, then
// one event per document published, its withdrawals and its acknowledgements.
const (
	TypeBatchPublished       = "payroll.batch_published.v1"
	TypeDocumentPublished    = "payroll.document_published.v1"
	TypeDocumentWithdrawn    = "payroll.document_withdrawn.v1"
	TypeDocumentAcknowledged = "payroll.document_acknowledged.v1"
)

// BatchStream names a publication's stream.
func BatchStream(batchID string) string { return "payroll-batch-" + batchID }

// Kinds of documents.
const (
	KindPayslip       = "payslip"
	KindThirteenth    = "thirteenth"
	KindVacation      = "vacation_receipt"
	KindIncomeReport  = "income_report"
	KindOtherDocument = "other"
)

// ValidKind tells whether k is one of the kinds above.
func ValidKind(k string) bool {
	switch k {
	case KindPayslip, KindThirteenth, KindVacation, KindIncomeReport, KindOtherDocument:
		return true
	}
	return false
}

// MaxFileSize is the largest file accepted: a payslip is a few tens of kB; 10 MB leaves
// room for scanned statements.
const MaxFileSize = 10 << 20

// MonthLayout is the wire form of a competence month.
const MonthLayout = "2006-01"

// Message keys of payroll's refusals (pt, en, es in the web app, payroll namespace).
const (
	KeyNotPDF        = "arquivo_nao_pdf"         // the bytes are neither a PDF nor an image
	KeyTooLarge      = "arquivo_muito_grande"    // over MaxFileSize
	KeyMonthFuture   = "competencia_futura"      // a competence after the current month
	KeyBadKind       = "tipo_documento_invalido" // not one of the kinds
	KeySignDisabled  = "assinatura_holerite_desabilitada"
	KeyWithdrawn     = "documento_retirado"
	KeyAlreadySigned = "documento_ja_assinado"
)

// BatchData is payroll.batch_published.v1: what HR sent and what could not be matched
// (nothing is published for those files).
type BatchData struct {
	Month     string      `json:"month"`
	Kind      string      `json:"kind"`
	By        string      `json:"by"`
	At        time.Time   `json:"at"`
	PublishAt time.Time   `json:"publishAt"` // the employee sees the documents from then on
	Files     int         `json:"files"`
	Unmatched []Unmatched `json:"unmatched,omitempty"`
}

// Unmatched is a file left out of a batch and why.
type Unmatched struct {
	FileName string `json:"fileName"`
	Reason   string `json:"reason"` // Match* below, or a Key* refusal
}

// DocumentData is payroll.document_published.v1.
type DocumentData struct {
	DocumentID  string    `json:"documentId"`
	EmployeeID  string    `json:"employeeId"`
	Month       string    `json:"month"`
	Kind        string    `json:"kind"`
	FileName    string    `json:"fileName"`
	Hash        string    `json:"hash"` // blobstore.Hash of the bytes
	Size        int       `json:"size"`
	ContentType string    `json:"contentType"`
	PublishAt   time.Time `json:"publishAt"`
}

// WithdrawnData is payroll.document_withdrawn.v1.
type WithdrawnData struct {
	DocumentID string    `json:"documentId"`
	By         string    `json:"by"`
	At         time.Time `json:"at"`
	Reason     string    `json:"reason,omitempty"`
}

// AcknowledgedData is payroll.document_acknowledged.v1: the employee confirmed their
// password and acknowledged the document of this hash.
type AcknowledgedData struct {
	DocumentID string    `json:"documentId"`
	EmployeeID string    `json:"employeeId"`
	UserID     string    `json:"userId"`
	Hash       string    `json:"hash"`
	At         time.Time `json:"at"`
}

// ContentType names a file by its bytes, never by its name: a PDF starts with "%PDF-";
// images are recognised by http.DetectContentType. Anything else is refused.
func ContentType(content []byte) (string, error) {
	if len(content) > MaxFileSize {
		return "", domain.InvalidField("file", KeyTooLarge)
	}
	if bytes.HasPrefix(content, []byte("%PDF-")) {
		return "application/pdf", nil
	}
	switch ct := http.DetectContentType(content); ct {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
		return ct, nil
	}
	return "", domain.InvalidField("file", KeyNotPDF)
}

// CheckMonth refuses a malformed competence or one after the current month.
func CheckMonth(month string, now time.Time) error {
	m, err := time.Parse(MonthLayout, month)
	if err != nil {
		return domain.InvalidField("month", domain.KeyBadDate)
	}
	current := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	if m.After(current) {
		return domain.InvalidField("month", KeyMonthFuture)
	}
	return nil
}

// Outcomes of matching a file to an employee.
const (
	MatchFound     = "found"
	MatchNone      = "no_cpf"    // no CPF of this tenant's employees in the name or text
	MatchAmbiguous = "ambiguous" // CPFs of several employees
)

// cpfPattern finds CPFs written plain (12345678909) or punctuated (123.456.789-09), not
// inside a longer number.
var cpfPattern = regexp.MustCompile(`(?:^|[^0-9])([0-9]{3}\.?[0-9]{3}\.?[0-9]{3}-?[0-9]{2})(?:[^0-9]|$)`)

// CPFs lists the valid CPFs written in s, digits only, each once, sorted.
func CPFs(s string) []string {
	seen := map[string]bool{}
	// Overlapping matches share a separator: scan from each match's end minus one.
	for rest := s; ; {
		loc := cpfPattern.FindStringSubmatchIndex(rest)
		if loc == nil {
			break
		}
		cpf := strings.NewReplacer(".", "", "-", "").Replace(rest[loc[2]:loc[3]])
		if rep.ValidCPF(cpf) {
			seen[cpf] = true
		}
		rest = rest[loc[3]:]
	}
	out := make([]string, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Match finds the employee a file belongs to: by the CPFs in its name, or when the name has
// none, in its text. employees maps a CPF (digits) to this tenant's employee id; a CPF of
// another tenant's employee is simply not there. Exactly one employee matches or nothing is
// published for the file.
func Match(fileName, text string, employees map[string]string) (employeeID, outcome string) {
	found := matched(CPFs(fileName), employees)
	if len(CPFs(fileName)) == 0 {
		found = matched(CPFs(text), employees)
	}
	switch len(found) {
	case 0:
		return "", MatchNone
	case 1:
		for id := range found {
			return id, MatchFound
		}
	}
	return "", MatchAmbiguous
}

func matched(cpfs []string, employees map[string]string) map[string]bool {
	out := map[string]bool{}
	for _, c := range cpfs {
		if id, ok := employees[c]; ok {
			out[id] = true
		}
	}
	return out
}

// Password is the user password of a protected download: the first 4 digits of the
// employee's CPF (portal-core §9, portal-business §9).
func Password(cpf string) string {
	if len(cpf) < 4 {
		return ""
	}
	return cpf[:4]
}
