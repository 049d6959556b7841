package mood

import "fmt"

// Stream names the stream of a user's check-ins, "mood-<userId>": the commands and the seed
// append to it and the audit area reads it by this one name.
func Stream(user fmt.Stringer) string { return "mood-" + user.String() }
