package timesheet_test

import (
	"testing"

	"portal/commands/clocktest"
)

var harness clocktest.Harness

func TestMain(m *testing.M) { clocktest.Run(m, "commands/timesheet", &harness) }
