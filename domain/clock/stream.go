package clock

import (
	"fmt"
	"strings"
)

// Stream names the stream of an employee's time clock, "clock-<employeeId>": the commands
// append to it and the audit area reads it by this one name.
func Stream(employee fmt.Stringer) string { return "clock-" + employee.String() }

// StreamID is what follows "clock-" in a stream's name (an employee's id for a clock
// stream), and whether the name starts so; the caller checks the id.
func StreamID(stream string) (string, bool) { return strings.CutPrefix(stream, "clock-") }
