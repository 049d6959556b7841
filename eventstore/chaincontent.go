package eventstore

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"strconv"
)

// chainCols are the columns an event's chain content covers (besides its tenant), in the order
// appendChainContent reads their binary values: the arguments of the SQL function
// event_chain_content (migrations/00120) without the tenant.
const chainCols = `position, id, stream, version, type, schema_version, actor, correlation_id,
    causation_id, command_id, recorded_at, data`

// chainColCount is the number of columns in chainCols.
const chainColCount = 12

// pgEpochMicros is 2000-01-01 (PostgreSQL's binary timestamp origin) in microseconds since 1970.
const pgEpochMicros = 946_684_800_000_000

// appendChainContent appends to dst the bytes event_chain_content(...) returns for one event,
// from the binary values of chainCols (nil: NULL) and the tenant: verification hashes in Go,
// so it must agree with the SQL function byte for byte (chaincontent_test.go compares them).
// The function is textsend(concat_ws(chr(31), ...)): each non-NULL argument's text form, the
// NULLs skipped, joined by 0x1F; the timestamp as extract(epoch ...), a numeric of scale 6.
func appendChainContent(dst []byte, tenant *[16]byte, v [][]byte) ([]byte, error) {
	if len(v) != chainColCount {
		return dst, errors.New("eventstore: chain content: wrong column count")
	}
	first := true
	sep := func() {
		if !first {
			dst = append(dst, 0x1f)
		}
		first = false
	}
	for i, b := range v {
		if i == 2 { // the tenant goes between id and stream, as in the function's arguments
			sep()
			dst = appendUUID(dst, tenant[:])
		}
		if b == nil {
			continue
		}
		sep()
		switch i {
		case 0, 3: // position, version: int8
			if len(b) != 8 {
				return dst, errors.New("eventstore: chain content: bad int8")
			}
			dst = strconv.AppendInt(dst, int64(binary.BigEndian.Uint64(b)), 10)
		case 5: // schema_version: int4
			if len(b) != 4 {
				return dst, errors.New("eventstore: chain content: bad int4")
			}
			dst = strconv.AppendInt(dst, int64(int32(binary.BigEndian.Uint32(b))), 10)
		case 1, 7, 8: // id, correlation_id, causation_id: uuid
			if len(b) != 16 {
				return dst, errors.New("eventstore: chain content: bad uuid")
			}
			dst = appendUUID(dst, b)
		case 10: // recorded_at: timestamptz, microseconds since 2000
			if len(b) != 8 {
				return dst, errors.New("eventstore: chain content: bad timestamptz")
			}
			dst = appendEpoch(dst, int64(binary.BigEndian.Uint64(b)))
		case 11: // data: jsonb, a version byte (1) then the same text jsonb_out prints
			if len(b) < 1 || b[0] != 1 {
				return dst, errors.New("eventstore: chain content: bad jsonb")
			}
			dst = append(dst, b[1:]...)
		default: // stream, type, actor, command_id: text, as stored (UTF-8)
			dst = append(dst, b...)
		}
	}
	return dst, nil
}

// appendUUID appends u's canonical text form (lower-case hex, 8-4-4-4-12).
func appendUUID(dst []byte, u []byte) []byte {
	var s [36]byte
	hex.Encode(s[0:8], u[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], u[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], u[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], u[8:10])
	s[23] = '-'
	hex.Encode(s[24:36], u[10:16])
	return append(dst, s[:]...)
}

// appendEpoch appends extract(epoch FROM t) as PostgreSQL prints it, t in binary timestamptz
// form: seconds since 1970 with exactly 6 decimals ("-0.500000"), or ±Infinity.
func appendEpoch(dst []byte, t int64) []byte {
	switch t {
	case math.MaxInt64:
		return append(dst, "Infinity"...)
	case math.MinInt64:
		return append(dst, "-Infinity"...)
	}
	us := t + pgEpochMicros
	if us < 0 {
		dst = append(dst, '-')
		us = -us
	}
	dst = strconv.AppendInt(dst, us/1_000_000, 10)
	dst = append(dst, '.')
	frac := us % 1_000_000
	for d := int64(100_000); d > 0; d /= 10 {
		dst = append(dst, byte('0'+frac/d%10))
	}
	return dst
}
