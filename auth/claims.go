// Package auth holds identity: password hashing, access tokens, sign-in and the
// authorization policy.
package auth

import "github.com/google/uuid"

// Claims is what a verified access token says about its bearer.
type Claims struct {
	Tenant     uuid.UUID
	UserID     uuid.UUID
	UserHash   string
	EmployeeID uuid.UUID // zero for users without an employee record
	Roles      []string
	SessionID  uuid.UUID // the sign-in the token belongs to; zero for tokens made by IssueAccessToken
}
