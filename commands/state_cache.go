package commands

import (
	"context"
	"errors"
	"sync"

	"github.com/google/uuid"

	"portal/eventstore"
)

// stateCache keeps the folded state of recently used streams with the stream version it
// includes, so a command decides without reading the stream (see since) instead of reading
// all of it. It is a cache, never the truth: the append's expected version still decides,
// and a stale or missing entry only costs a retry or a longer read.
type StateCache[S interface{ Clone() S }] struct {
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
func NewStateCache[S interface{ Clone() S }](max int, fresh func() S) *StateCache[S] {
	return &StateCache[S]{entries: map[cacheKey]cachedState[S]{}, max: max, fresh: fresh}
}

// Get returns a private copy of the cached state, or a fresh state at version -1.
func (c *StateCache[S]) Get(tenant uuid.UUID, stream string) (S, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[cacheKey{tenant, stream}]; ok {
		return e.state.Clone(), e.version
	}
	return c.fresh(), -1
}

// Put keeps state (the caller gives it up) as of version, unless a newer one is kept.
func (c *StateCache[S]) Put(tenant uuid.UUID, stream string, state S, version int64) {
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

func (c *StateCache[S]) Drop(tenant uuid.UUID, stream string) {
	c.mu.Lock()
	delete(c.entries, cacheKey{tenant, stream})
	c.mu.Unlock()
}

// since returns what a command must fold into the state Get gave at version before it
// decides: nothing on its first attempt with a cached state, whose append expects that
// version, so that an event appended since by any process fails it (ErrConcurrency) and the
// retry reads it; otherwise the stream after version (all of it without a cached state).
func Since(ctx context.Context, store eventstore.Store, tenant uuid.UUID, stream string, version int64, retry bool) ([]eventstore.RecordedEvent, error) {
	if version >= 0 && !retry {
		return nil, nil
	}
	return store.ReadStream(ctx, tenant, stream, version+1)
}

// AppendFailed drops the cached state of a stream whose append failed, unless it was a
// first attempt's ErrConcurrency: that state is still the start of the stream, and the retry
// reads the rest (since). After any other failure, such as a retried command whose events
// lie before the cached version, the next attempt reads the whole stream.
func (c *StateCache[S]) AppendFailed(tenant uuid.UUID, stream string, err error, retry bool) {
	if retry || !errors.Is(err, eventstore.ErrConcurrency) {
		c.Drop(tenant, stream)
	}
}
