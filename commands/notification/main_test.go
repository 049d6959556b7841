package notification_test

import (
	"testing"

	"portal/commands/clocktest"
)

var harness clocktest.Harness

func TestMain(m *testing.M) { clocktest.Run(m, "commands/notification", &harness) }

// person makes a new tenant with one person in it, so parallel tests never share streams.
func person(t *testing.T, o clocktest.Options) clocktest.Person { return harness.Person(t, o) }
