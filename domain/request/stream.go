package request

import (
	"fmt"
	"strconv"
	"strings"
)

const streamPrefix = "request-"

// Stream names the stream of one request, "request-<id>": the commands append to it and the
// audit area reads it by this one name.
func Stream(id fmt.Stringer) string { return streamPrefix + id.String() }

// StreamID is what follows "request-" in a stream's name (a request's id for a request's
// stream), and whether the name starts so; the caller checks the id.
func StreamID(stream string) (string, bool) { return strings.CutPrefix(stream, streamPrefix) }

// OpenSlotStream names the stream that records which request last took an employee's slot
// for an origin, "request-open-<employeeId>-<origin>".
func OpenSlotStream(employee string, origin Origin) string {
	return streamPrefix + "open-" + employee + "-" + strconv.Itoa(int(origin))
}

// RanksStream names the stream that records the highest rank in use in an employee's list of
// requests, "request-ranks-<employeeId>": a new request takes the next one.
func RanksStream(employee string) string { return streamPrefix + "ranks-" + employee }
