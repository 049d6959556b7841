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
	// SSOIssuer is the OpenID issuer the session was opened through; empty for a password
	// or token sign-in. It rides in the token so every call knows isSSO / isGoogle.
	SSOIssuer string
}

// IsSSO tells whether the session was opened through single sign-on (spec portal-core §3
// isSSO: the web app hides "change password" and logs out at the provider).
func (c Claims) IsSSO() bool { return c.SSOIssuer != "" }

// IsGoogle tells whether that provider is Google (spec §3 isGoogle).
func (c Claims) IsGoogle() bool { return c.SSOIssuer == GoogleIssuer }
