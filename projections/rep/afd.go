// Package rep reads the legal punch records (migrations/00200_rep_p.sql) and writes them in
// the layouts of Portaria MTP 671/2021: the AFD (Annex V), the receipt's data and the AEJ
// (docs/rep-p.md). The NSR and each type-7 record's hash are written by the database in the
// append transaction of the mark; this package only lays them out and streams them.
package rep

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/sigurn/crc16"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"portal/domain/rep"
)

// kermit is CRC-16/KERMIT (CCITT-TRUE), which Annex V prescribes for the AFD of REP-A and
// REP-P: "123456789" gives 0x2189.
var kermit = crc16.MakeTable(crc16.CRC16_KERMIT)

// CRC returns the CRC-16/KERMIT of s as the four upper-case hex digits the layout writes.
func CRC(s string) string {
	// sigurn's KERMIT returns the register as the standard's check value (0x2189 for
	// "123456789"), which the layout writes as is.
	return fmt.Sprintf("%04X", crc16.Checksum([]byte(s), kermit))
}

// ErrNoEstablishment means the tenant has no establishment with that CNPJ.
var ErrNoEstablishment = errors.New("rep: unknown establishment")

// Establishment is the employer establishment of a tenant's records.
type Establishment struct {
	Tenant   uuid.UUID
	CNPJ     string
	CNO      string // CNO or CAEPF, when there is one
	Name     string
	Place    string
	INPI     string
	Zone     *time.Location
	LastNSR  int64
	zoneName string
}

// LoadEstablishment reads the tenant's establishment with cnpj (tx is a tenant transaction:
// another tenant's CNPJ is not found).
func LoadEstablishment(ctx context.Context, tx pgx.Tx, cnpj string) (Establishment, error) {
	var e Establishment
	err := tx.QueryRow(ctx, `SELECT tenant_id, cnpj, cno, name, place, inpi, time_zone, last_nsr FROM rep_establishments
        WHERE tenant_id = app_tenant() AND ($1 = '' OR cnpj = $1)`, cnpj).
		Scan(&e.Tenant, &e.CNPJ, &e.CNO, &e.Name, &e.Place, &e.INPI, &e.zoneName, &e.LastNSR)
	if errors.Is(err, pgx.ErrNoRows) {
		return e, ErrNoEstablishment
	}
	if err != nil {
		return e, err
	}
	if e.Zone, err = time.LoadLocation(e.zoneName); err != nil {
		e.Zone = time.FixedZone("-03", -3*3600)
	}
	return e, nil
}

// DH formats t as the layout's date-time AAAA-MM-ddThh:mm:00ZZZZZ in zone.
func DH(t time.Time, zone *time.Location) string {
	return t.In(zone).Format("2006-01-02T15:04:00-0700")
}

// pads: N fields are right-aligned with zeros, A fields left-aligned with spaces.
func padN(s string, n int) string {
	if len(s) >= n {
		return s[len(s)-n:]
	}
	return strings.Repeat("0", n-len(s)) + s
}

func padA(s string, n int) string {
	r := []rune(s)
	if len(r) >= n {
		return string(r[:n])
	}
	return s + strings.Repeat(" ", n-len(r))
}

// Header is record type 1, as ISO-8859-1 bytes (Annex V): 001-009 "000000000", 010 "1", 011 employer id type
// (1: CNPJ), 012-025 CNPJ, 026-039 CNO/CAEPF, 040-189 name, 190-206 the REP-P's INPI
// number, 207-216 first day, 217-226 last day, 227-250 generated at (DH), 251-253 layout
// version "003", 254 developer id type, 255-268 developer CNPJ, 269-298 REP-C model (blank
// for a REP-P), 299-302 CRC-16.
func Header(e Establishment, p rep.Period, generated time.Time, developerCNPJ string) string {
	f := "000000000" + "1" + "1" + padN(e.CNPJ, 14) + padN(e.CNO, 14) + padA(e.Name, 150) + padN(e.INPI, 17) +
		p.From.Format("2006-01-02") + p.To.Format("2006-01-02") + DH(generated, e.Zone) + "003" + "1" +
		padN(developerCNPJ, 14) + padA("", 30)
	// The file is ISO-8859-1 and the CRC covers its bytes: encode first (a character
	// outside ISO-8859-1 becomes "?").
	latin, _ := encoding.ReplaceUnsupported(charmap.ISO8859_1.NewEncoder()).String(f)
	return latin + CRC(latin)
}

// Trailer is record type 9: 001-009 "999999999", then the counts of records of types 2, 3,
// 4, 5, 6 and 7 (9 digits each), 064 "9".
func Trailer(counts map[string]int) string {
	s := "999999999"
	for _, k := range []string{"2", "3", "4", "5", "6", "7"} {
		s += padN(fmt.Sprint(counts[k]), 9)
	}
	return s + "9"
}

// crcKinds are the record kinds that end in a CRC-16 (Annex V, item 8: types 1 to 5); it
// is computed at export from the stored fields, as the header's is.
var crcKinds = map[string]bool{"2": true, "3": true, "4": true, "5": true}

// SignatureLine is the AFD's last line for a REP-P, whose signature travels in the .p7s.
const SignatureLine = "ASSINATURA_DIGITAL_EM_ARQUIVO_P7S"

// DeveloperCNPJ is the CNPJ of this REP-P's developer written in the header (255-268).
const DeveloperCNPJ = "00000000000000"

// WriteAFD streams the AFD of the establishment for the period to w, record by record in
// NSR order, encoded in ISO-8859-1 with CRLF line ends. It returns the number of records.
// Memory stays flat: rows are read as the database sends them and written through a buffer.
func WriteAFD(ctx context.Context, tx pgx.Tx, e Establishment, p rep.Period, now time.Time, w io.Writer) (int, error) {
	// Every line is written as ISO-8859-1 bytes: the header is encoded by Header, names in
	// records 2 and 5 by latin (a character outside ISO-8859-1 becomes "?", one byte for
	// one character, so the positions hold).
	bw := bufio.NewWriterSize(w, 64<<10)
	latin := encoding.ReplaceUnsupported(charmap.ISO8859_1.NewEncoder())
	line := func(s string) error {
		if _, err := bw.WriteString(s); err != nil {
			return err
		}
		_, err := bw.WriteString("\r\n")
		return err
	}
	if err := line(Header(e, p, now, DeveloperCNPJ)); err != nil {
		return 0, err
	}
	from := time.Date(p.From.Year(), p.From.Month(), p.From.Day(), 0, 0, 0, 0, e.Zone)
	to := time.Date(p.To.Year(), p.To.Month(), p.To.Day(), 0, 0, 0, 0, e.Zone).AddDate(0, 0, 1)
	rows, err := tx.Query(ctx, `SELECT afd_kind, fields, hash FROM rep_records
        WHERE tenant_id = $1 AND cnpj = $2 AND marked_at >= $3 AND marked_at < $4 ORDER BY nsr`, e.Tenant, e.CNPJ, from, to)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	counts := map[string]int{}
	n := 0
	var kind, fields, hash string
	for rows.Next() {
		if err := rows.Scan(&kind, &fields, &hash); err != nil {
			return n, err
		}
		if kind != "7" {
			if fields, err = latin.String(fields); err != nil {
				return n, err
			}
			if crcKinds[kind] {
				hash = CRC(fields)
			}
		}
		if err := line(fields + hash); err != nil {
			return n, err
		}
		counts[kind]++
		n++
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	if err := line(Trailer(counts)); err != nil {
		return n, err
	}
	if err := line(padA(SignatureLine, 100)); err != nil {
		return n, err
	}
	return n, bw.Flush()
}
