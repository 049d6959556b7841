package request

import (
	"fmt"
	"testing"
)

type id string

func (i id) String() string { return string(i) }

func TestStreamIDReadsBackStream(t *testing.T) {
	t.Parallel()
	for _, s := range []fmt.Stringer{id("0b1f6c9e-0000-4000-8000-000000000001"), id("x")} {
		if got, ok := StreamID(Stream(s)); !ok || got != s.String() {
			t.Errorf("StreamID(Stream(%s)) = %q, %v", s, got, ok)
		}
	}
	if _, ok := StreamID("vacation-1"); ok {
		t.Error("a vacation stream read as a request's")
	}
	if got := OpenSlotStream("e1", Ferias); got != "request-open-e1-"+fmt.Sprint(int(Ferias)) {
		t.Errorf("OpenSlotStream = %q", got)
	}
}
