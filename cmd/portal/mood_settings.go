package main

import (
	"fmt"
	"log/slog"
	"time"

	"portal/domain/mood"
)

// moodCoolDown is the mood check-in cool-down of this server (spec portal-business §4, §9:
// 30 minutes; 1 minute in test or pre-release). PORTAL_ENV names the environment
// (production, pre-release or test; default production). MOOD_COOLDOWN (a Go duration such
// as "5s") overrides it, for browser tests that must not wait a minute; docs/operations.md.
func moodCoolDown() (time.Duration, error) {
	env, err := mood.ParseEnvironment(getenv("PORTAL_ENV", ""))
	if err != nil {
		return 0, fmt.Errorf("PORTAL_ENV: %w", err)
	}
	d := mood.CoolDown(env)
	if text := getenv("MOOD_COOLDOWN", ""); text != "" {
		o, err := time.ParseDuration(text)
		if err != nil || o <= 0 {
			return 0, fmt.Errorf("MOOD_COOLDOWN %q: a positive duration such as 30m or 5s", text)
		}
		d = o
	}
	slog.Info("mood check-in", "environment", env, "cool_down", d)
	return d, nil
}
