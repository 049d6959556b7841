package request_test

import (
	"testing"

	"portal/commands/clocktest"
	"portal/domain/notification"
	"portal/eventstore"
)

var harness clocktest.Harness

func TestMain(m *testing.M) { clocktest.Run(m, "commands/request", &harness) }

// person makes a new tenant with one person in it, so parallel tests never share streams.
func person(t *testing.T, o clocktest.Options) clocktest.Person { return harness.Person(t, o) }

func stream(t *testing.T, p clocktest.Person) []eventstore.RecordedEvent {
	return harness.Stream(t, p.Tenant, eventstore.StreamName("clock", p.EmployeeID))
}

// inbox is p's notification stream.
func inbox(t *testing.T, p clocktest.Person) []eventstore.RecordedEvent {
	return harness.Stream(t, p.Tenant, notification.Stream(p.UserID))
}
