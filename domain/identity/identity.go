// Package identity holds the identity area's stream name; its rules live in auth for now.
package identity

import "fmt"

// Stream names the stream of a user's identity events (password changes, single sign-on
// links, preferences, refresh-token reuse), "identity-<userId>": auth appends to it and the
// audit area reads it by this one name.
func Stream(user fmt.Stringer) string { return "identity-" + user.String() }
