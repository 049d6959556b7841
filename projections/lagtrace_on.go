//go:build lagtrace

package projections

import (
	"sync"
	"time"

	"portal/eventstore"
)

// LagTraceOn: see lagtrace.go.
const LagTraceOn = true

type lagKey struct {
	stage, projection string
	position          int64
}

var (
	lagMu     sync.Mutex
	lagStamps = map[lagKey]time.Time{}
	lagCounts = map[string]int64{}
)

// traceStage stamps the first time projection reached stage with each of events.
func traceStage(stage, projection string, events []eventstore.RecordedEvent) {
	now := time.Now()
	lagMu.Lock()
	defer lagMu.Unlock()
	for _, e := range events {
		k := lagKey{stage, projection, e.Cursor.Position}
		if _, ok := lagStamps[k]; !ok {
			lagStamps[k] = now
		}
	}
}

func traceCount(name string) {
	lagMu.Lock()
	lagCounts[name]++
	lagMu.Unlock()
}

// LagStamp: see lagtrace.go.
func LagStamp(stage, projection string, position int64) (time.Time, bool) {
	lagMu.Lock()
	defer lagMu.Unlock()
	t, ok := lagStamps[lagKey{stage, projection, position}]
	return t, ok
}

// LagCounts: see lagtrace.go.
func LagCounts() map[string]int64 {
	lagMu.Lock()
	defer lagMu.Unlock()
	out := make(map[string]int64, len(lagCounts))
	for k, v := range lagCounts {
		out[k] = v
	}
	return out
}
