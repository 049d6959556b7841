// Package apitest is what the tests of the HTTP areas share: a call's answer with its
// {type, message} check, and reading the log as a projection would. Only tests import it.
package apitest

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/eventstore"
	"portal/readapi/httpx"
)

// Response is a call's answer.
type Response struct {
	Status int
	Body   []byte
}

// Decode reads the body into v.
func (r Response) Decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("body %s: %v", r.Body, err)
	}
}

// WantErr checks a 4xx answer: status, the first message and the single {type, message}.
func (r Response) WantErr(t *testing.T, status int, typ, message string) {
	t.Helper()
	var b httpx.ErrorBody
	r.Decode(t, &b)
	if r.Status != status || b.Message != message || len(b.Errors) != 1 || b.Errors[0] != (httpx.FieldError{Type: typ, Message: message}) {
		t.Fatalf("got %d %s, want %d {%s %s}", r.Status, r.Body, status, typ, message)
	}
}

// TenantLog reads the global log until newest has become readable (other transactions on
// the shared server may hold it back a while) and returns the tenant's events in log order.
func TenantLog(t *testing.T, store eventstore.Store, tenant uuid.UUID, newest func(eventstore.RecordedEvent) bool) []eventstore.RecordedEvent {
	t.Helper()
	var mine []eventstore.RecordedEvent
	seen := false
	deadline := time.Now().Add(10 * time.Second)
	for after := eventstore.Start; !seen; {
		batch, err := store.ReadAll(context.Background(), after, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(batch) == 0 {
			if time.Now().After(deadline) {
				t.Fatal("the newest event never became readable")
			}
			time.Sleep(10 * time.Millisecond)
			continue
		}
		for _, ev := range batch {
			if ev.Tenant == tenant {
				mine = append(mine, ev)
			}
			seen = seen || newest(ev)
		}
		after = batch[len(batch)-1].Cursor
	}
	return mine
}
