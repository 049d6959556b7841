package commands

import (
	"sync"

	"github.com/google/uuid"

	"portal/domain/clock"
)

// clockCache keeps the folded state of recently used clock streams with their version, so a
// command reads only the events appended since (by any process) instead of the whole stream.
// It is a cache, never the truth: the append's expected version still decides, and a stale
// or missing entry only costs a longer read.
type clockCache struct {
	mu      sync.Mutex
	entries map[cacheKey]cachedClock
	max     int
}

type cacheKey struct {
	tenant uuid.UUID
	stream string
}

type cachedClock struct {
	agg     *clock.Clock
	version int64 // the stream version agg includes
}

func newClockCache(max int) *clockCache {
	return &clockCache{entries: map[cacheKey]cachedClock{}, max: max}
}

// get returns a private copy of the cached state, or a new state at version -1.
func (c *clockCache) get(tenant uuid.UUID, stream string) (*clock.Clock, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[cacheKey{tenant, stream}]; ok {
		return e.agg.Clone(), e.version
	}
	return clock.New(), -1
}

func (c *clockCache) put(tenant uuid.UUID, stream string, agg *clock.Clock, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := cacheKey{tenant, stream}
	if e, ok := c.entries[k]; ok && e.version >= version {
		return
	}
	if len(c.entries) >= c.max {
		clear(c.entries) // crude but bounded; entries refill from the store
	}
	c.entries[k] = cachedClock{agg: agg, version: version}
}

func (c *clockCache) drop(tenant uuid.UUID, stream string) {
	c.mu.Lock()
	delete(c.entries, cacheKey{tenant, stream})
	c.mu.Unlock()
}
