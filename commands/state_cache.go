package commands

import (
	"sync"

	"github.com/google/uuid"
)

// stateCache keeps the folded state of recently used streams with the stream version it
// includes, so a command reads only the events appended since (by any process) instead of
// the whole stream. It is a cache, never the truth: the append's expected version still
// decides, and a stale or missing entry only costs a longer read.
type stateCache[S interface{ Clone() S }] struct {
	mu      sync.Mutex
	entries map[cacheKey]cachedState[S]
	max     int
	fresh   func() S
}

type cacheKey struct {
	tenant uuid.UUID
	stream string
}

type cachedState[S any] struct {
	state   S
	version int64 // the stream version state includes
}

// newStateCache keeps at most max states; fresh makes the state of an empty stream.
func newStateCache[S interface{ Clone() S }](max int, fresh func() S) *stateCache[S] {
	return &stateCache[S]{entries: map[cacheKey]cachedState[S]{}, max: max, fresh: fresh}
}

// get returns a private copy of the cached state, or a fresh state at version -1.
func (c *stateCache[S]) get(tenant uuid.UUID, stream string) (S, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[cacheKey{tenant, stream}]; ok {
		return e.state.Clone(), e.version
	}
	return c.fresh(), -1
}

// put keeps state (the caller gives it up) as of version, unless a newer one is kept.
func (c *stateCache[S]) put(tenant uuid.UUID, stream string, state S, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := cacheKey{tenant, stream}
	if e, ok := c.entries[k]; ok && e.version >= version {
		return
	}
	if len(c.entries) >= c.max {
		clear(c.entries) // crude but bounded; entries refill from the store
	}
	c.entries[k] = cachedState[S]{state: state, version: version}
}

func (c *stateCache[S]) drop(tenant uuid.UUID, stream string) {
	c.mu.Lock()
	delete(c.entries, cacheKey{tenant, stream})
	c.mu.Unlock()
}
