package timesheet

import (
	"strconv"
	"time"

	ts "portal/domain/timesheet"
)

// The rows' JSON columns are written by hand: encoding/json's reflection was most of a
// replay's encoding of 18,000 rows. The bytes are encoding/json's (rowjson_test.go).

// appendMarks appends marks as encoding/json writes []Mark ([] for none).
func appendMarks(b []byte, marks []Mark) []byte {
	b = append(b, '[')
	for i, m := range marks {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":"`...)
		b = append(b, m.ID.String()...)
		b = appendTime(append(b, `","at":`...), m.At)
		if m.Registered != nil {
			b = appendTime(append(b, `,"registeredAt":`...), *m.Registered)
		}
		if m.RequestID != nil {
			b = append(append(append(b, `,"requestId":"`...), m.RequestID.String()...), '"')
		}
		if m.ByHR {
			b = append(b, `,"byHr":true`...)
		}
		if m.ActorID != nil {
			b = append(append(append(b, `,"actorId":"`...), m.ActorID.String()...), '"')
		}
		if m.Reason != "" {
			b = ts.AppendJSONString(append(b, `,"reason":`...), m.Reason)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendTime appends t as time.Time.MarshalJSON does (which refuses years past 9999: the
// column then refuses the row, as before).
func appendTime(b []byte, t time.Time) []byte {
	if y := t.Year(); y >= 0 && y <= 9999 {
		return append(t.AppendFormat(append(b, '"'), time.RFC3339Nano), '"')
	}
	q, _ := t.MarshalJSON()
	return append(b, q...)
}

// appendSpans appends a day's schedule as [[start, end], ...].
func appendSpans(b []byte, spans []ts.Span) []byte {
	b = append(b, '[')
	for i, s := range spans {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(append(b, '['), int64(s.Start), 10)
		b = strconv.AppendInt(append(b, ','), int64(s.End), 10)
		b = append(b, ']')
	}
	return append(b, ']')
}
