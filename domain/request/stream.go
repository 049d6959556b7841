package request

import (
	"fmt"
	"strconv"
)

// Stream names the stream of one request, "request-<id>": the commands append to it and the
// audit area reads it by this one name.
func Stream(id fmt.Stringer) string { return "request-" + id.String() }

// OpenSlotStream names the stream that records which request last took an employee's slot
// for an origin, "request-open-<employeeId>-<origin>".
func OpenSlotStream(employee string, origin Origin) string {
	return "request-open-" + employee + "-" + strconv.Itoa(int(origin))
}
