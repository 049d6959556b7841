package payroll

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"portal/commands"
	"portal/eventstore"
)

func init() {
	// pdfcpu would otherwise read and write a configuration folder in the user's home.
	model.ConfigPath = "disable"
}

// maxTextPages bounds the pages read for a CPF: a payslip names the employee on page one.
const maxTextPages = 3

// literal is a PDF literal string operand ("(...)"), escapes kept; shown is a text-showing
// operation: a TJ array (its pieces are one run of text, split for kerning) or a Tj, ' or "
// of one string. Runs are separated by a space, so a CPF never runs into the next line's digits.
var (
	literal = regexp.MustCompile(`\((?:[^()\\]|\\.)*\)`)
	shown   = regexp.MustCompile(`\[((?:\((?:[^()\\]|\\.)*\)|[^\]])*)\]\s*TJ|(\((?:[^()\\]|\\.)*\))\s*(?:Tj|'|")`)
)

// PDFText is the text of the first pages' content streams: pdfcpu parses the file and
// decodes (inflates) each page's content; the literal strings shown there ((...) Tj / TJ)
// are joined. This is enough to find a CPF written by a payroll system with standard fonts;
// a PDF whose text is glyph ids of an embedded subset font (hex strings) yields nothing
// and the file is reported unmatched, never guessed. Unreadable PDFs yield "".
func PDFText(pdf []byte) (text string) {
	defer func() {
		if recover() != nil { // a malformed PDF must not take the batch down
			text = ""
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	ctx, err := api.ReadContext(bytes.NewReader(pdf), conf)
	if err != nil {
		return ""
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return ""
	}
	var sb strings.Builder
	for p := 1; p <= ctx.PageCount && p <= maxTextPages; p++ {
		r, err := pdfcpu.ExtractPageContent(ctx, p)
		if err != nil {
			continue
		}
		var buf bytes.Buffer
		if _, err := buf.ReadFrom(r); err != nil {
			continue
		}
		for _, op := range shown.FindAllSubmatch(buf.Bytes(), -1) {
			run := op[2]
			if run == nil {
				run = op[1]
			}
			for _, m := range literal.FindAll(run, -1) {
				sb.WriteString(unescape(m[1 : len(m)-1]))
			}
			sb.WriteByte(' ')
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// unescape undoes the backslash escapes of a literal string that matter for digits and
// punctuation (PDF 32000 §7.3.4.2).
func unescape(b []byte) string {
	var sb strings.Builder
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) {
			i++
			switch b[i] {
			case 'n', 'r', 't':
				sb.WriteByte(' ')
			default:
				sb.WriteByte(b[i])
			}
			continue
		}
		sb.WriteByte(b[i])
	}
	return sb.String()
}

// decode reads a stored payroll event's data.
func decode[T any](re eventstore.RecordedEvent) (T, error) {
	var v T
	if err := json.Unmarshal(re.Data, &v); err != nil {
		return v, commands.BadData(re, err)
	}
	return v, nil
}
