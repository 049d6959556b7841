package projections

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"portal/eventstore"
)

// What the projections of the areas share to read the events of the log.

// DecodeData decodes e's data into v; the error names the event.
func DecodeData(e eventstore.RecordedEvent, v any) error {
	if err := json.Unmarshal(e.Data, v); err != nil {
		return fmt.Errorf("event %s (%s): %w", e.ID, e.Type, err)
	}
	return nil
}

// UsersEvent parses the ids of an event about one user's own thing (a check-in, a
// notification): both must be set, and the event must be in the user's stream, area-<user>.
func UsersEvent(e eventstore.RecordedEvent, area, id, user string) (uuid.UUID, uuid.UUID, error) {
	i, idErr := uuid.Parse(id)
	u, userErr := uuid.Parse(user)
	if idErr != nil || userErr != nil || i == uuid.Nil || u == uuid.Nil {
		return i, u, fmt.Errorf("event %s (%s): no id or user id", e.ID, e.Type)
	}
	if want := area + "-" + u.String(); !strings.EqualFold(e.Stream, want) {
		return i, u, fmt.Errorf("event %s (%s): user %s in stream %q", e.ID, e.Type, u, e.Stream)
	}
	return i, u, nil
}

// ParseID parses an id event e names (what it is: "survey id"); the error names the event.
func ParseID(e eventstore.RecordedEvent, what, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return id, fmt.Errorf("event %s (%s): %s %q: %w", e.ID, e.Type, what, s, err)
	}
	return id, nil
}

// OrRecorded is t, or the time e was recorded when t is zero (an event written before its
// data carried the time).
func OrRecorded(t time.Time, e eventstore.RecordedEvent) time.Time {
	if t.IsZero() {
		return e.RecordedAt
	}
	return t
}

// Spread runs fn over 0..n in slices, one per processor when n is large (512 items or more a
// slice), and joins their errors: a replay decodes its batch's events this way, each slice
// writing only its own items.
func Spread(n int, fn func(from, to int) error) error {
	_, err := SpreadInto(n, func(from, to int) (struct{}, error) { return struct{}{}, fn(from, to) })
	return err
}

// SpreadInto is Spread for slices that each give a result: it returns them in the order of
// their items (a replay encodes each slice of its batch's rows into a buffer of its own).
func SpreadInto[T any](n int, fn func(from, to int) (T, error)) ([]T, error) {
	workers := min(runtime.GOMAXPROCS(0), (n+511)/512)
	if workers <= 1 {
		r, err := fn(0, n)
		return []T{r}, err
	}
	results, errs := make([]T, workers), make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		from, to := w*n/workers, (w+1)*n/workers
		wg.Go(func() { results[w], errs[w] = fn(from, to) })
	}
	wg.Wait()
	return results, errors.Join(errs...)
}
