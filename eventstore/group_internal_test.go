package eventstore

import "testing"

// TestGroupedWhenOneEventIsGrouped: an append goes through its tenant's group when one of
// its events is of a grouped type (a first mark at an address comes with AddressSaved: it
// takes the NSR lock all the same), and never when none is or the store groups nothing. An
// append with an event of a type that takes a lock goes in turn (width 1), even beside a type
// whose transactions may be written several at once.
func TestGroupedWhenOneEventIsGrouped(t *testing.T) {
	s := &Postgres{}
	if s.group.grouped([]EventData{{Type: "mark"}}) != 0 {
		t.Fatal("a store without GroupCommit grouped an append")
	}
	s.GroupCommit("mark")
	s.GroupCommitConcurrent(2, "checkin")
	for _, c := range []struct {
		types []string
		want  int
	}{
		{[]string{"mark"}, 1},
		{[]string{"mark", "address"}, 1},
		{[]string{"address", "mark"}, 1},
		{[]string{"checkin"}, 2},
		{[]string{"checkin", "address"}, 2},
		{[]string{"checkin", "mark"}, 1},
		{[]string{"address"}, 0},
		{nil, 0},
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
