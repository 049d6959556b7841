// Package rep holds the rules of the legal punch records of a REP-P (Portaria MTP 671/2021;
// docs/rep-p.md): the employer's and worker's tax ids, the export period and the files'
// names. The AFD layout itself is written in projections/rep.
package rep

import (
	"fmt"
	"strings"
	"time"

	"portal/domain"
	"portal/domain/clock"
)

// MaxPeriodDays is the longest period one AFD or AEJ export covers. The Portaria sets no
// maximum; a quarter keeps one export's streaming time bounded (docs/rep-p.md).
const MaxPeriodDays = 92

// Message keys of the export and certificate errors (translated by the web app).
const (
	KeyPeriodTooLong   = "rep.period_too_long"
	KeyPeriodFuture    = "rep.period_future"
	KeyPeriodReversed  = "rep.period_reversed"
	KeyNoCertificate   = "rep.certificate_missing"
	KeyBadCertificate  = "rep.certificate_invalid"
	KeyBadPassword     = "rep.certificate_password"
	KeyUnknownEstablis = "rep.establishment_unknown"
)

// Event types of the rep area.
const (
	// TypeCertificateUploaded says HR replaced the tenant's signing certificate; its data
	// names the certificate and carries the password only as "[redacted]".
	TypeCertificateUploaded = "rep.certificate_uploaded.v1"
)

// Redacted stands for a secret in event data.
const Redacted = "[redacted]"

// CertificateUploaded is the data of TypeCertificateUploaded.
type CertificateUploaded struct {
	Subject     string
	NotAfter    time.Time
	Fingerprint string // SHA-256 of the certificate, hex
	Password    string // always Redacted
}

// ValidCNPJ tells whether s is 14 digits with valid check digits (Receita Federal's modulo
// 11 rule, weights 5..2,9..2 and 6..2,9..2).
func ValidCNPJ(s string) bool {
	if len(s) != 14 || !digits(s) || strings.Count(s, s[:1]) == 14 {
		return false
	}
	return s[12:] == cnpjDigits(s[:12])
}

// CNPJ completes twelve digits with their two check digits.
func CNPJ(base string) string { return base + cnpjDigits(base) }

func cnpjDigits(base string) string {
	d1 := mod11(base, []int{5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2})
	d2 := mod11(base+string(rune('0'+d1)), []int{6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2})
	return string([]rune{rune('0' + d1), rune('0' + d2)})
}

// ValidCPF tells whether s is 11 digits with valid check digits.
func ValidCPF(s string) bool {
	if len(s) != 11 || !digits(s) || strings.Count(s, s[:1]) == 11 {
		return false
	}
	return s[9:] == cpfDigits(s[:9])
}

// CPF completes nine digits with their two check digits.
func CPF(base string) string { return base + cpfDigits(base) }

func cpfDigits(base string) string {
	d1 := mod11(base, []int{10, 9, 8, 7, 6, 5, 4, 3, 2})
	d2 := mod11(base+string(rune('0'+d1)), []int{11, 10, 9, 8, 7, 6, 5, 4, 3, 2})
	return string([]rune{rune('0' + d1), rune('0' + d2)})
}

func mod11(s string, weights []int) int {
	sum := 0
	for i, w := range weights {
		sum += int(s[i]-'0') * w
	}
	if r := sum % 11; r >= 2 {
		return 11 - r
	}
	return 0
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Period is the days [From, To] of an export, both inclusive, in the establishment's zone.
type Period struct{ From, To time.Time }

// CheckPeriod validates an export period against today (in the same zone): not reversed,
// not ending in the future, at most MaxPeriodDays long.
func CheckPeriod(from, to, today time.Time) (Period, error) {
	switch {
	case to.Before(from):
		return Period{}, domain.InvalidField("to", KeyPeriodReversed)
	case to.After(today):
		return Period{}, domain.InvalidField("to", KeyPeriodFuture)
	case int(to.Sub(from).Hours()/24)+1 > MaxPeriodDays:
		return Period{}, domain.InvalidField("to", KeyPeriodTooLong)
	}
	return Period{From: from, To: to}, nil
}

// AFDName is the AFD's file name for a REP-P: "AFD" joined with the REP-P's INPI
// registration number, the employer's CNPJ/CPF and "REP_P" (Annex V, item 10).
func AFDName(inpi, cnpj string) string {
	return "AFD" + pad17(inpi) + cnpj + "REP_P.txt"
}

// AEJName is the AEJ's file name: "AEJ" joined with the employer's CNPJ/CPF and the period.
func AEJName(cnpj string, p Period) string {
	return "AEJ_" + cnpj + "_" + p.From.Format("20060102") + "_" + p.To.Format("20060102") + ".txt"
}

func pad17(s string) string {
	if len(s) >= 17 {
		return s[:17]
	}
	return strings.Repeat("0", 17-len(s)) + s
}

// Event types of the other AFD record kinds (Annex V; migrations/00210): each is appended to
// the establishment's stream and numbered by the same NSR as the marks.
const (
	// TypeEmployerChanged is record type 2: the employer's identification in the REP-P was
	// included or changed (its name, CNO/CAEPF or place of work).
	TypeEmployerChanged = "rep.employer_changed.v1"
	// TypeClockAdjusted is record type 4: the REP-P's clock was set from Before to After.
	TypeClockAdjusted = "rep.clock_adjusted.v1"
	// TypeEmployeeChanged is record type 5: an employee was included in, altered in or
	// excluded from the REP-P.
	TypeEmployeeChanged = "rep.employee_changed.v1"
	// TypeServiceEvent is record type 6: a sensitive event of the REP-P (ServiceAvailable,
	// ServiceUnavailable).
	TypeServiceEvent = "rep.service_event.v1"
)

// Operations of a type-5 record.
const (
	OpInclude = "I"
	OpAlter   = "A"
	OpExclude = "E"
)

// Sensitive event codes of a type-6 record that apply to a REP-P (Annex V).
const (
	ServiceAvailable   = "07"
	ServiceUnavailable = "08"
)

// Stream names the establishment's stream of type 2, 4, 5 and 6 events.
func Stream(tenant fmt.Stringer) string { return "rep-establishment-" + tenant.String() }

// EmployerChanged is the data of TypeEmployerChanged.
type EmployerChanged struct {
	Name           string `json:"name"`
	CNO            string `json:"cno"` // CNO or CAEPF, when there is one
	Place          string `json:"place"`
	ResponsibleCPF string `json:"responsibleCpf"`
}

// ClockAdjusted is the data of TypeClockAdjusted.
type ClockAdjusted struct {
	Before         time.Time `json:"before"`
	After          time.Time `json:"after"`
	ResponsibleCPF string    `json:"responsibleCpf"`
}

// EmployeeChanged is the data of TypeEmployeeChanged.
type EmployeeChanged struct {
	Operation      string `json:"operation"` // OpInclude, OpAlter or OpExclude
	EmployeeID     string `json:"employeeId"`
	CPF            string `json:"cpf"`
	Name           string `json:"name"`
	ResponsibleCPF string `json:"responsibleCpf"`
}

// ServiceEvent is the data of TypeServiceEvent.
type ServiceEvent struct {
	Event string `json:"event"` // ServiceAvailable or ServiceUnavailable
}

// GroupedTypes are the event types that take an establishment's NSR under its row lock
// (migrations/00200, 00210's marks): the event store gathers concurrent appends of one
// tenant of these types into shared transactions (eventstore/group.go), so one WAL flush
// under the lock carries many marks.
var GroupedTypes = []string{clock.TypeMarkRegistered, clock.TypeMarkRecordedByHR}

// Message keys of the employer's identification.
const (
	KeyNameRequired = "rep.name_required"
	KeyNameTooLong  = "rep.name_too_long"
	KeyPlaceTooLong = "rep.place_too_long"
	KeyCNOInvalid   = "rep.cno_invalid"
)

// CheckEmployer validates the employer's identification as AFD record 2 holds it: a name
// (razão social) of 1 to 150 characters, a place of work of at most 100, and a CNO (12
// digits) or CAEPF (14 digits) when there is one.
func CheckEmployer(name, place, cno string) (EmployerChanged, error) {
	name, place, cno = strings.TrimSpace(name), strings.TrimSpace(place), strings.TrimSpace(cno)
	switch {
	case name == "":
		return EmployerChanged{}, domain.InvalidField("name", KeyNameRequired)
	case len([]rune(name)) > 150:
		return EmployerChanged{}, domain.InvalidField("name", KeyNameTooLong)
	case len([]rune(place)) > 100:
		return EmployerChanged{}, domain.InvalidField("place", KeyPlaceTooLong)
	case cno != "" && (!digits(cno) || len(cno) != 12 && len(cno) != 14):
		return EmployerChanged{}, domain.InvalidField("cno", KeyCNOInvalid)
	}
	return EmployerChanged{Name: name, Place: place, CNO: cno}, nil
}

// Message keys of an employee's registration in the REP-P.
const (
	KeyCPFInvalid = "rep.cpf_invalid"
	KeyCPFTaken   = "rep.cpf_taken"
)

// EmployeeOperation is the type-5 operation of registering cpf for an employee whose CPF
// was before: inclusion when they had none, alteration when it changes, none ("") when it
// is the same. An invalid CPF is the caller's error.
func EmployeeOperation(before, cpf string) (string, error) {
	if !ValidCPF(cpf) {
		return "", domain.InvalidField("cpf", KeyCPFInvalid)
	}
	switch before {
	case cpf:
		return "", nil
	case "":
		return OpInclude, nil
	}
	return OpAlter, nil
}
