package rep

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/encoding/charmap"
)

// AFD is an AFD read back by ParseAFD: what an inspector's validator checks.
type AFD struct {
	CNPJ, Name, INPI  string
	From, To          string // AAAA-MM-dd
	Generated         time.Time
	CNO               string
	Records           []Mark
	Employers         []Employer     // type 2
	Adjustments       []Adjustment   // type 4
	Employees         []Employee     // type 5
	Events            []Event        // type 6
	Counts            map[string]int // the trailer's counts by record type
	SignatureLine     string
	FirstPreviousHash string // the hash the first type-7 record chains to ("" from NSR 1 on)
}

// Employer is a type-2 record: the employer's identification included or changed.
type Employer struct {
	NSR            int64
	Recorded       time.Time
	ResponsibleCPF string // 14 digits
	IDType         byte   // '1' CNPJ, '2' CPF
	CNPJ, CNO      string
	Name, Place    string
}

// Adjustment is a type-4 record: the REP's clock set from Before to After.
type Adjustment struct {
	NSR            int64
	Before, After  time.Time
	ResponsibleCPF string // 11 digits
}

// Employee is a type-5 record: an employee included, altered or excluded.
type Employee struct {
	NSR            int64
	Recorded       time.Time
	Operation      byte   // 'I', 'A' or 'E'
	CPF            string // 12 digits
	Name, Other    string
	ResponsibleCPF string // 11 digits
}

// Event is a type-6 record: a sensitive event of the REP.
type Event struct {
	NSR      int64
	Recorded time.Time
	Code     string // "07" service available, "08" unavailable (REP-P), "02" power back
}

// Mark is a type-7 record.
type Mark struct {
	NSR               int64
	MarkedAt, Written time.Time
	CPF               string
	Collector         string
	Offline           bool
	Hash              string
}

// ParseAFD reads an AFD (ISO-8859-1, CRLF) and checks every field it knows: the line
// lengths and types of records 1, 2, 4, 5, 6, 7 and 9, the CRC-16 of records 1 to 5, the
// NSRs' order across kinds, each type-7 hash against its fields and the previous type-7
// hash (the first one against nothing when the file starts at NSR 1; otherwise its chain
// starts before the period and only the following links are checked), the trailer's counts
// and the signature line. The first fault is the error.
func ParseAFD(r io.Reader) (AFD, error) {
	var a AFD
	// Lines are kept as ISO-8859-1 bytes: the layout's positions count bytes.
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 4096)
	sc.Split(crlfLines)
	n := 0
	prevHash := "" // the last type-7 hash read ("" before the first)
	var prevNSR int64
	fromStart := false // the file starts at NSR 1: the first type-7 record chains to nothing
	counts := map[string]int{}
	trailer := false
	for sc.Scan() {
		n++
		line := sc.Text()
		fail := func(format string, args ...any) error {
			return fmt.Errorf("line %d: %s", n, fmt.Sprintf(format, args...))
		}
		switch {
		case n == 1:
			if len(line) != 302 || line[:10] != "0000000001" {
				return a, fail("header: length %d or type", len(line))
			}
			if CRC(line[:298]) != line[298:] {
				return a, fail("header: CRC %s, want %s", line[298:], CRC(line[:298]))
			}
			name, _ := charmap.ISO8859_1.NewDecoder().String(strings.TrimRight(line[39:189], " "))
			a.CNPJ, a.CNO, a.Name, a.INPI = line[11:25], line[25:39], name, line[189:206]
			if !numeric(line[11:39]) || !numeric(line[189:206]) || line[10] != '1' && line[10] != '2' {
				return a, fail("header: employer id %q or INPI %q", line[10:39], line[189:206])
			}
			if line[253] != '1' && line[253] != '2' || !numeric(line[254:268]) || strings.TrimSpace(line[268:298]) != "" {
				return a, fail("header: developer %q or model %q", line[253:268], line[268:298])
			}
			a.From, a.To = line[206:216], line[216:226]
			if _, err := time.Parse("2006-01-02", a.From); err != nil {
				return a, fail("header: first day %q", a.From)
			}
			if _, err := time.Parse("2006-01-02", a.To); err != nil {
				return a, fail("header: last day %q", a.To)
			}
			g, err := time.Parse("2006-01-02T15:04:05-0700", line[226:250])
			if err != nil || line[250:253] != "003" {
				return a, fail("header: generated %q or version %q", line[226:250], line[250:253])
			}
			a.Generated = g
		case trailer:
			if line != padA(SignatureLine, 100) {
				return a, fail("signature line %q", line)
			}
			a.SignatureLine = line
		case strings.HasPrefix(line, "999999999"):
			if len(line) != 64 || line[63] != '9' {
				return a, fail("trailer length %d", len(line))
			}
			for i, k := range []string{"2", "3", "4", "5", "6", "7"} {
				v, err := strconv.Atoi(line[9+9*i : 18+9*i])
				if err != nil || v != counts[k] {
					return a, fail("trailer count of type %s: %q, counted %d", k, line[9+9*i:18+9*i], counts[k])
				}
			}
			a.Counts = counts
			trailer = true
		case len(line) >= 10 && strings.IndexByte("24567", line[9]) >= 0:
			kind := line[9:10]
			if want := recordLength[kind]; len(line) != want {
				return a, fail("type %s length %d, want %d", kind, len(line), want)
			}
			nsr, err := strconv.ParseInt(line[:9], 10, 64)
			if err != nil || nsr < 1 {
				return a, fail("NSR %q", line[:9])
			}
			if prevNSR != 0 && nsr != prevNSR+1 {
				return a, fail("NSR %d after %d", nsr, prevNSR)
			}
			if prevNSR == 0 {
				fromStart = nsr == 1
			}
			if crcKinds[kind] {
				body, crc := line[:len(line)-4], line[len(line)-4:]
				if CRC(body) != crc {
					return a, fail("NSR %d: CRC %s, want %s", nsr, crc, CRC(body))
				}
			}
			if err := a.parseRecord(kind, line, fromStart, &prevHash); err != nil {
				return a, fail("NSR %d: %v", nsr, err)
			}
			prevNSR = nsr
			counts[kind]++
		default:
			return a, fail("unknown record %.10q", line)
		}
	}
	if err := sc.Err(); err != nil {
		return a, err
	}
	if !trailer || a.SignatureLine == "" {
		return a, fmt.Errorf("no trailer or signature line")
	}
	return a, nil
}

// recordLength is each record kind's line length (Annex V's tables).
var recordLength = map[string]int{"2": 331, "4": 73, "5": 118, "6": 36, "7": 137}

// parseRecord reads the fields of a record of kind 2, 4, 5, 6 or 7 (length, NSR order and
// CRC already checked) into a; a type-7 record's hash is checked against its fields and
// *prev, the previous type-7 hash ("" for the first one when the file starts at NSR 1; an
// unknown link when it starts later, so the first one is only read).
func (a *AFD) parseRecord(kind, line string, fromStart bool, prev *string) error {
	nsr, _ := strconv.ParseInt(line[:9], 10, 64)
	dh := func(from int) (time.Time, error) {
		s := line[from : from+24]
		t, err := time.Parse("2006-01-02T15:04:05-0700", s)
		if err != nil || s[17:19] != "00" {
			return t, fmt.Errorf("date-time %q at %d", s, from+1)
		}
		return t, nil
	}
	digits := func(from, to int) (string, error) {
		if !numeric(line[from:to]) {
			return "", fmt.Errorf("field %d-%d %q is not numeric", from+1, to, line[from:to])
		}
		return line[from:to], nil
	}
	latin := func(from, to int) string {
		v, _ := charmap.ISO8859_1.NewDecoder().String(strings.TrimRight(line[from:to], " "))
		return v
	}
	var err error
	switch kind {
	case "2":
		e := Employer{NSR: nsr, IDType: line[48], Name: latin(77, 227), Place: latin(227, 327)}
		if e.Recorded, err = dh(10); err != nil {
			return err
		}
		if e.IDType != '1' && e.IDType != '2' {
			return fmt.Errorf("employer id type %q", e.IDType)
		}
		if e.ResponsibleCPF, err = digits(34, 48); err != nil {
			return err
		}
		if e.CNPJ, err = digits(49, 63); err != nil {
			return err
		}
		if e.CNO, err = digits(63, 77); err != nil {
			return err
		}
		a.Employers = append(a.Employers, e)
	case "4":
		r := Adjustment{NSR: nsr}
		if r.Before, err = dh(10); err != nil {
			return err
		}
		if r.After, err = dh(34); err != nil {
			return err
		}
		if r.ResponsibleCPF, err = digits(58, 69); err != nil {
			return err
		}
		a.Adjustments = append(a.Adjustments, r)
	case "5":
		r := Employee{NSR: nsr, Operation: line[34], Name: latin(47, 99), Other: latin(99, 103)}
		if r.Recorded, err = dh(10); err != nil {
			return err
		}
		if r.Operation != 'I' && r.Operation != 'A' && r.Operation != 'E' {
			return fmt.Errorf("operation %q", r.Operation)
		}
		if r.CPF, err = digits(35, 47); err != nil {
			return err
		}
		if r.ResponsibleCPF, err = digits(103, 114); err != nil {
			return err
		}
		a.Employees = append(a.Employees, r)
	case "6":
		r := Event{NSR: nsr, Code: line[34:36]}
		if r.Recorded, err = dh(10); err != nil {
			return err
		}
		if r.Code != "02" && r.Code != "07" && r.Code != "08" {
			return fmt.Errorf("event %q is not one of a REP-P", r.Code)
		}
		a.Events = append(a.Events, r)
	case "7":
		m, err := parseMark(line)
		if err != nil {
			return err
		}
		first := len(a.Records) == 0
		if first {
			a.FirstPreviousHash = *prev
		}
		if !first || fromStart {
			if want := hashOf(line[:73] + *prev); want != m.Hash {
				return fmt.Errorf("hash %s, want %s", m.Hash, want)
			}
		}
		*prev = m.Hash
		a.Records = append(a.Records, m)
	}
	return nil
}

func numeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func hashOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

func parseMark(line string) (Mark, error) {
	var m Mark
	var err error
	if m.NSR, err = strconv.ParseInt(line[:9], 10, 64); err != nil {
		return m, fmt.Errorf("NSR %q", line[:9])
	}
	if m.MarkedAt, err = time.Parse("2006-01-02T15:04:05-0700", line[10:34]); err != nil || line[27:29] != "00" {
		return m, fmt.Errorf("mark time %q", line[10:34])
	}
	m.CPF = line[34:46]
	if _, err := strconv.ParseUint(m.CPF, 10, 64); err != nil {
		return m, fmt.Errorf("CPF %q", m.CPF)
	}
	if m.Written, err = time.Parse("2006-01-02T15:04:05-0700", line[46:70]); err != nil || line[63:65] != "00" {
		return m, fmt.Errorf("recording time %q", line[46:70])
	}
	m.Collector = line[70:72]
	if m.Collector < "01" || m.Collector > "05" {
		return m, fmt.Errorf("collector %q", m.Collector)
	}
	switch line[72] {
	case '0':
	case '1':
		m.Offline = true
	default:
		return m, fmt.Errorf("online flag %q", line[72])
	}
	m.Hash = line[73:]
	if _, err := hex.DecodeString(m.Hash); err != nil || strings.ToUpper(m.Hash) != m.Hash {
		return m, fmt.Errorf("hash %q", m.Hash)
	}
	return m, nil
}

// crlfLines splits on CRLF only: a bare LF or CR inside a line is a fault the length
// checks then catch.
func crlfLines(data []byte, atEOF bool) (int, []byte, error) {
	for i := 0; i+1 < len(data); i++ {
		if data[i] == '\r' && data[i+1] == '\n' {
			return i + 2, data[:i], nil
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}
