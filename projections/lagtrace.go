//go:build !lagtrace

package projections

import (
	"time"

	"portal/eventstore"
)

// LagTraceOn tells whether this binary was built with -tags lagtrace, which stamps each
// event's way through the Tail and each projection's transaction (lagtrace_on.go) for the
// bench's lag legs. Without the tag the stamps compile to nothing.
const LagTraceOn = false

func traceStage(string, string, []eventstore.RecordedEvent) {}

func traceCount(string) {}

// LagStamp is when projection (empty for the Tail) reached stage with the event at
// position; false without the lagtrace tag.
func LagStamp(stage, projection string, position int64) (time.Time, bool) {
	return time.Time{}, false
}

// LagCounts returns the counters of the lagtrace build (nil without the tag).
func LagCounts() map[string]int64 { return nil }
