package eventstore

import "testing"

// TestGroupedWhenOneEventIsGrouped: an append goes through its tenant's group when one of
// its events is of a grouped type (a first mark at an address comes with AddressSaved: it
// takes the NSR lock all the same), and never when none is or the store groups nothing.
func TestGroupedWhenOneEventIsGrouped(t *testing.T) {
	s := &Postgres{}
	if s.group.grouped([]EventData{{Type: "mark"}}) {
		t.Fatal("a store without GroupCommit grouped an append")
	}
	s.GroupCommit("mark")
	for _, c := range []struct {
		types []string
		want  bool
	}{
		{[]string{"mark"}, true},
		{[]string{"mark", "address"}, true},
		{[]string{"address", "mark"}, true},
		{[]string{"address"}, false},
		{nil, false},
	} {
		events := make([]EventData, len(c.types))
		for i, typ := range c.types {
			events[i] = EventData{Type: typ}
		}
		if got := s.group.grouped(events); got != c.want {
			t.Errorf("grouped(%v) = %v, want %v", c.types, got, c.want)
		}
	}
}
