package vacations

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// The map's bars are decoded from their columns' bytes (rows.RawValues) rather than
// through rows.Scan, whose plan for each of 7 columns of 2,000 rows was a fifth of reading
// the map (bench vacations, profile of the client). pgx asks for the binary format of
// these types; the text format (the simple protocol) is read too.

// pgEpoch is day 0 of PostgreSQL's dates in the binary format.
var pgEpoch = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

var errRawNull = errors.New("vacations: unexpected null")

// rawUUID decodes a uuid column.
func rawUUID(b []byte, format int16) (uuid.UUID, error) {
	switch {
	case b == nil:
		return uuid.UUID{}, errRawNull
	case format == pgx.BinaryFormatCode:
		if len(b) != 16 {
			return uuid.UUID{}, errors.New("vacations: uuid of " + strconv.Itoa(len(b)) + " bytes")
		}
		return uuid.UUID(b), nil
	}
	return uuid.ParseBytes(b)
}

// rawDay decodes a date column as days since pgEpoch; infinite dates are refused, as
// scanning them into a time.Time is.
func rawDay(b []byte, format int16) (int32, error) {
	switch {
	case b == nil:
		return 0, errRawNull
	case format == pgx.BinaryFormatCode:
		if len(b) != 4 {
			return 0, errors.New("vacations: date of " + strconv.Itoa(len(b)) + " bytes")
		}
		n := int32(binary.BigEndian.Uint32(b))
		if n == math.MaxInt32 || n == math.MinInt32 {
			return 0, errors.New("vacations: infinite date")
		}
		return n, nil
	}
	t, err := time.Parse(time.DateOnly, string(b))
	if err != nil {
		return 0, err
	}
	return pgDays(t), nil
}

// pgDays is the day of t (a date at midnight UTC) as days since pgEpoch.
func pgDays(t time.Time) int32 {
	return int32((t.Unix() - pgEpoch.Unix()) / (24 * 60 * 60))
}

// rawInt decodes a smallint, integer or bigint column that fits an int32.
func rawInt(b []byte, format int16) (int32, error) {
	if b == nil {
		return 0, errRawNull
	}
	var n int64
	if format == pgx.BinaryFormatCode {
		switch len(b) {
		case 2:
			n = int64(int16(binary.BigEndian.Uint16(b)))
		case 4:
			n = int64(int32(binary.BigEndian.Uint32(b)))
		case 8:
			n = int64(binary.BigEndian.Uint64(b))
		default:
			return 0, errors.New("vacations: integer of " + strconv.Itoa(len(b)) + " bytes")
		}
	} else {
		var err error
		if n, err = strconv.ParseInt(string(b), 10, 64); err != nil {
			return 0, err
		}
	}
	if n < math.MinInt32 || n > math.MaxInt32 {
		return 0, errors.New("vacations: integer out of range")
	}
	return int32(n), nil
}
