package projections

import (
	"encoding/binary"
	"math"
	"time"
)

// BinaryCopy builds the rows of a COPY ... FROM STDIN (FORMAT binary), each value encoded as
// pgx encodes it for a query parameter, so the rows a replay copies are the rows the live
// path inserts. A projection that copies many rows writes them straight into one buffer
// rather than through pgx's CopyFrom and its per-value encoding (issue 33).
type BinaryCopy struct {
	buf []byte
}

// copyHeader is the header of COPY's binary format: its signature, flags 0 and no header
// extension.
const copyHeader = "PGCOPY\n\377\r\n\000" + "\000\000\000\000" + "\000\000\000\000"

// NewBinaryCopy starts a COPY's data, sized for rows of about rowSize bytes.
func NewBinaryCopy(rows, rowSize int) *BinaryCopy {
	c := &BinaryCopy{buf: make([]byte, 0, len(copyHeader)+2+rows*rowSize)}
	c.buf = append(c.buf, copyHeader...)
	return c
}

// JoinCopies returns the data of one COPY whose rows are those of parts, in order: a batch
// whose rows were encoded on several processors (SpreadInto), each part by a BinaryCopy of
// its own. Nothing may be written to the parts after.
func JoinCopies(parts []*BinaryCopy) []byte {
	if len(parts) == 1 {
		return parts[0].Data()
	}
	n := len(copyHeader) + 2
	for _, p := range parts {
		n += len(p.buf) - len(copyHeader)
	}
	c := &BinaryCopy{buf: make([]byte, 0, n)}
	c.buf = append(c.buf, copyHeader...)
	for _, p := range parts {
		c.buf = append(c.buf, p.buf[len(copyHeader):]...)
	}
	return c.Data()
}

// Row starts a row of columns values.
func (c *BinaryCopy) Row(columns int) { c.buf = binary.BigEndian.AppendUint16(c.buf, uint16(columns)) }

// Null writes a NULL.
func (c *BinaryCopy) Null() { c.buf = binary.BigEndian.AppendUint32(c.buf, math.MaxUint32) } // length -1

// UUID writes a uuid.
func (c *BinaryCopy) UUID(v [16]byte) {
	c.buf = binary.BigEndian.AppendUint32(c.buf, 16)
	c.buf = append(c.buf, v[:]...)
}

// Text writes a text value; a nil one is NULL.
func (c *BinaryCopy) Text(v *string) {
	if v == nil {
		c.Null()
		return
	}
	c.buf = binary.BigEndian.AppendUint32(c.buf, uint32(len(*v)))
	c.buf = append(c.buf, *v...)
}

// Bytes writes a text value given as its bytes (valid UTF-8).
func (c *BinaryCopy) Bytes(v []byte) {
	c.buf = binary.BigEndian.AppendUint32(c.buf, uint32(len(v)))
	c.buf = append(c.buf, v...)
}

// JSONB writes a jsonb value from its JSON text.
func (c *BinaryCopy) JSONB(v []byte) {
	c.buf = binary.BigEndian.AppendUint32(c.buf, uint32(1+len(v)))
	c.buf = append(c.buf, 1) // jsonb's binary format version
	c.buf = append(c.buf, v...)
}

// Float8 writes a double precision value; a nil one is NULL.
func (c *BinaryCopy) Float8(v *float64) {
	if v == nil {
		c.Null()
		return
	}
	c.buf = binary.BigEndian.AppendUint32(c.buf, 8)
	c.buf = binary.BigEndian.AppendUint64(c.buf, math.Float64bits(*v))
}

// Int4 writes an integer.
func (c *BinaryCopy) Int4(v int32) {
	c.buf = binary.BigEndian.AppendUint32(c.buf, 4)
	c.buf = binary.BigEndian.AppendUint32(c.buf, uint32(v))
}

// Int8 writes a bigint.
func (c *BinaryCopy) Int8(v int64) {
	c.buf = binary.BigEndian.AppendUint32(c.buf, 8)
	c.buf = binary.BigEndian.AppendUint64(c.buf, uint64(v))
}

// Bool writes a boolean.
func (c *BinaryCopy) Bool(v bool) {
	c.buf = binary.BigEndian.AppendUint32(c.buf, 1)
	if v {
		c.buf = append(c.buf, 1)
	} else {
		c.buf = append(c.buf, 0)
	}
}

// postgresEpochMicros is 2000-01-01 UTC in microseconds since the Unix epoch.
const postgresEpochMicros = 946_684_800 * 1_000_000

// Timestamptz writes a timestamptz: microseconds since 2000-01-01 UTC, truncated as
// pgtype.TimestamptzCodec does.
func (c *BinaryCopy) Timestamptz(t time.Time) {
	c.Int8(t.Unix()*1_000_000 + int64(t.Nanosecond())/1000 - postgresEpochMicros)
}

// Data ends the COPY's data and returns it; nothing may be written after.
func (c *BinaryCopy) Data() []byte {
	return binary.BigEndian.AppendUint16(c.buf, math.MaxUint16) // trailer: -1
}
