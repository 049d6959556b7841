package clock

import "fmt"

// Stream names the stream of an employee's time clock, "clock-<employeeId>": the commands
// append to it and the audit area reads it by this one name.
func Stream(employee fmt.Stringer) string { return "clock-" + employee.String() }
