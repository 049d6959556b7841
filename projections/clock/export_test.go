package clock

import "time"

// DecodeMarkFactsFast is decodeMarkFactsFast for the package's external tests.
func DecodeMarkFactsFast(data []byte) (employee string, at time.Time, reason string, ok bool) {
	var d markFacts
	ok = decodeMarkFactsFast(data, &d)
	return d.EmployeeID, d.RecordedAt, d.Reason, ok
}
