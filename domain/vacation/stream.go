package vacation

import "fmt"

// Stream names the stream of an employee's vacation entitlement, "vacation-<employeeId>"
// (the employee's id, not their user's): the commands and the seed append to it and the
// audit area reads it by this one name.
func Stream(employee fmt.Stringer) string { return "vacation-" + employee.String() }
