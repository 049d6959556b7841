package notification

import "fmt"

// Stream names the stream of a user's inbox, "notification-<userId>": the commands append to
// it and the audit area reads it by this one name.
func Stream(user fmt.Stringer) string { return "notification-" + user.String() }
