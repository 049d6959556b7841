// Package messages holds the check that keeps the server's message keys and the web app's
// translations one catalogue: every key the Go code answers in an error's message (the
// spec's {type, message}) must be translated in pt, en and es (messages_test.go).
package messages
