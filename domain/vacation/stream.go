package vacation

import (
	"fmt"
	"strings"
)

// Stream names the stream of an employee's vacation entitlement, "vacation-<employeeId>"
// (the employee's id, not their user's): the commands and the seed append to it and the
// audit area reads it by this one name.
func Stream(employee fmt.Stringer) string { return "vacation-" + employee.String() }

// StreamID is what follows "vacation-" in a stream's name (an employee's id for a vacation
// stream), and whether the name starts so; the caller checks the id.
func StreamID(stream string) (string, bool) { return strings.CutPrefix(stream, "vacation-") }
