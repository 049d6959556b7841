package mood_test

import (
	"testing"
	"time"

	"portal/commands/clocktest"
)

var (
	harness  clocktest.Harness
	fixedNow = time.Date(2024, 5, 10, 12, 30, 15, 123456789, time.UTC) // 09:30:15 in São Paulo
)

func TestMain(m *testing.M) { clocktest.Run(m, "commands/mood", &harness) }
