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
	Records           []Mark
	Counts            map[string]int // the trailer's counts by record type
	SignatureLine     string
	FirstPreviousHash string // the hash the first record chains to (64 spaces for NSR 1)
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
// lengths and types, the header's CRC-16, the NSRs' order, each type-7 hash against its
// fields and the previous record's hash (the first one against 64 spaces when its NSR is 1;
// otherwise its chain starts before the period and only the following links are checked),
// the trailer's counts and the signature line. The first fault is the error.
func ParseAFD(r io.Reader) (AFD, error) {
	var a AFD
	// Lines are kept as ISO-8859-1 bytes: the layout's positions count bytes.
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 4096)
	sc.Split(crlfLines)
	n := 0
	prevHash := ""
	var prevNSR int64
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
			a.CNPJ, a.Name, a.INPI = line[11:25], name, line[189:206]
			a.From, a.To = line[206:216], line[216:226]
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
		case len(line) >= 10 && line[9] == '7':
			if len(line) != 137 {
				return a, fail("type 7 length %d", len(line))
			}
			m, err := parseMark(line)
			if err != nil {
				return a, fail("%v", err)
			}
			if prevNSR != 0 && m.NSR != prevNSR+1 {
				return a, fail("NSR %d after %d", m.NSR, prevNSR)
			}
			if prevHash == "" {
				if m.NSR == 1 {
					prevHash = strings.Repeat(" ", 64)
				}
				a.FirstPreviousHash = prevHash
			}
			if prevHash != "" {
				want := hashOf(line[:73] + prevHash)
				if want != m.Hash {
					return a, fail("NSR %d: hash %s, want %s", m.NSR, m.Hash, want)
				}
			}
			prevHash, prevNSR = m.Hash, m.NSR
			counts["7"]++
			a.Records = append(a.Records, m)
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
