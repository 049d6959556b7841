package main

import (
	"fmt"
	"log/slog"
	"time"
)

// moodCoolDownOverride reads MOOD_COOLDOWN (a Go duration such as "5s"): an explicit mood
// check-in cool-down for browser tests that must not wait a minute. Unset (0), each request's
// host environment decides (spec portal-business §4, §9: 1 minute on test and pre-release
// hosts, else 30; docs/operations.md "Host environments").
func moodCoolDownOverride() (time.Duration, error) {
	text := getenv("MOOD_COOLDOWN", "")
	if text == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("MOOD_COOLDOWN %q: a positive duration such as 30m or 5s", text)
	}
	slog.Info("mood check-in", "cool_down_override", d)
	return d, nil
}
