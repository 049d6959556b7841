// Package watchedtest runs a watched.Cache's Watch for a test.
package watchedtest

import (
	"context"
	"testing"
	"time"
)

// Run runs watch until the test ends (and reports its error then), and waits at most 5 s
// until active says it listens.
func Run(t testing.TB, watch func(context.Context) error, active func() bool) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- watch(ctx) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	for deadline := time.Now().Add(5 * time.Second); !active(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the watch did not start listening within 5 s")
		}
	}
}
