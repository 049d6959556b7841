// Package audit holds the audit area's own stream: the record of every call an auditor (or
// anyone trying) made to the audit area.
package audit

import "fmt"

// StreamPrefix begins every audit stream's name: the audit area lists the tenant's reads
// as the range of names that start with it.
const StreamPrefix = "audit-"

// Stream names the stream of a user's calls to the audit area, "audit-<userId>": the audit
// API appends to it and lists it back.
func Stream(user fmt.Stringer) string { return StreamPrefix + user.String() }
