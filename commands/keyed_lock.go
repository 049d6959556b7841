package commands

import (
	"context"
	"sync"
)

// KeyedLock lets one holder at a time work on a key (a stream), without a lock per key kept
// forever: a key's entry lives while someone holds or waits for it.
type KeyedLock struct {
	mu   sync.Mutex
	keys map[string]*keyedEntry
}

type keyedEntry struct {
	ch    chan struct{} // holds one token while the key is held
	users int           // holders and waiters
}

// Lock waits for key, or for ctx to end; the returned unlock releases it.
func (l *KeyedLock) Lock(ctx context.Context, key string) (unlock func(), err error) {
	l.mu.Lock()
	if l.keys == nil {
		l.keys = map[string]*keyedEntry{}
	}
	e := l.keys[key]
	if e == nil {
		e = &keyedEntry{ch: make(chan struct{}, 1)}
		l.keys[key] = e
	}
	e.users++
	l.mu.Unlock()

	release := func() {
		l.mu.Lock()
		if e.users--; e.users == 0 {
			delete(l.keys, key)
		}
		l.mu.Unlock()
	}
	select {
	case e.ch <- struct{}{}:
		return func() { <-e.ch; release() }, nil
	case <-ctx.Done():
		release()
		return nil, ctx.Err()
	}
}
