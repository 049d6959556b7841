package timesheet

import (
	"bytes"
	"context"
	"slices"
	"time"

	"github.com/google/uuid"
)

// A replay copies every mark into timesheet_marks, and its Finish used to read them all back
// to compute the rows (a third of Finish). The replay's batches now also keep the marks they
// write in memory (replayMarks, in the replay's ctx: projections.ReplayScoped), as the table
// has them: the first copy of a mark the log holds twice, moved by adjustments and restored or
// removed by reverts. Finish computes from that copy when it can trust it: no batch failed or
// stopped half-way (a batch applied again in parts, events parked). Otherwise, or when a runner
// finishes a replay that died, Finish reads the table.

type replayKey struct{}

// maxReplayMarks bounds the copy (about 150 bytes a mark): past it, the replay drops it and
// its Finish reads the table.
const maxReplayMarks = 2_000_000

// ReplayScope implements projections.ReplayScoped.
func (Timesheet) ReplayScope(ctx context.Context) context.Context {
	return context.WithValue(ctx, replayKey{}, &replayMarks{people: map[person]*personMarks{}})
}

// replayMarks is the marks a replay wrote, by employee.
type replayMarks struct {
	people  map[person]*personMarks
	count   int  // marks held
	writing int  // batches begun and not written (a failure or a panic leaves it above 0)
	broken  bool // a batch failed: its writes were rolled back, not its marks here
}

type personMarks struct {
	marks []Mark
	index map[uuid.UUID]int // mark id → its place in marks
	gone  int               // marks removed (ID set to uuid.Nil)
}

func replayOf(ctx context.Context) *replayMarks {
	m, _ := ctx.Value(replayKey{}).(*replayMarks)
	return m
}

// begin and end bracket a batch's write; end tells whether it failed.
func (r *replayMarks) begin() {
	if r != nil {
		r.writing++
	}
}

func (r *replayMarks) end(err error) {
	if r == nil {
		return
	}
	if err != nil {
		r.broken = true
		return
	}
	r.writing--
}

// asStored is a time as the table gives it back: to the microsecond, in the local zone.
func asStored(t time.Time) time.Time {
	return time.Unix(t.Unix(), int64(t.Nanosecond()/1000*1000))
}

func storedPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	s := asStored(*t)
	return &s
}

// add keeps a mark copied, unless the employee has it already (the table keeps the first).
func (r *replayMarks) add(m markRow) {
	if r.broken {
		return
	}
	if r.count >= maxReplayMarks {
		r.broken, r.people = true, nil
		return
	}
	p := person{m.tenant, m.employee}
	pm := r.people[p]
	if pm == nil {
		pm = &personMarks{index: map[uuid.UUID]int{}}
		r.people[p] = pm
	}
	if _, ok := pm.index[m.id]; ok {
		return
	}
	pm.index[m.id] = len(pm.marks)
	pm.marks = append(pm.marks, Mark{ID: m.id, At: asStored(m.at), Registered: storedPtr(m.registered), RequestID: m.request,
		ByHR: m.byHR, ActorID: m.actor, Reason: m.reason})
	r.count++
}

// mark is an employee's mark by id, or nil.
func (r *replayMarks) mark(p person, id *uuid.UUID) *Mark {
	if r == nil || r.broken {
		return nil
	}
	pm := r.people[p]
	if pm == nil || id == nil {
		return nil
	}
	i, ok := pm.index[*id]
	if !ok {
		return nil
	}
	return &pm.marks[i]
}

func (r *replayMarks) remove(p person, id *uuid.UUID) {
	if m := r.mark(p, id); m != nil {
		pm := r.people[p]
		delete(pm.index, *id)
		m.ID = uuid.Nil
		pm.gone++
		r.count--
	}
}

// usable tells whether Finish may compute from the copy: every batch written whole. (A batch
// whose transaction failed after its write stops the replay, so no Finish follows; one applied
// again in parts failed its write first.) The table is not counted: that would wait for the
// indexes being built meanwhile (FinishBesideIndexes).
func (r *replayMarks) usable() bool {
	return r != nil && !r.broken && r.writing == 0
}

// FinishBesideIndexes implements projections.FinisherBesideIndexes: with its copy of the
// marks, a replay's Finish reads no timesheet_marks; without it, it waits for their indexes.
func (Timesheet) FinishBesideIndexes() bool { return true }

// between is the employees' marks in from..to (to excluded), in the table's order (at, then
// mark id).
func (r *replayMarks) between(tenant uuid.UUID, ids []uuid.UUID, from, to time.Time) map[uuid.UUID][]Mark {
	out := map[uuid.UUID][]Mark{}
	for _, id := range ids {
		pm := r.people[person{tenant, id}]
		if pm == nil {
			continue
		}
		if pm.gone > 0 {
			pm.marks = slices.DeleteFunc(pm.marks, func(m Mark) bool { return m.ID == uuid.Nil })
			pm.gone = 0
			pm.index = nil // no more changes after Finish began
		}
		if !slices.IsSortedFunc(pm.marks, compareMarks) {
			slices.SortFunc(pm.marks, compareMarks)
			pm.index = nil
		}
		lo, _ := slices.BinarySearchFunc(pm.marks, from, func(m Mark, t time.Time) int { return m.At.Compare(t) })
		hi, _ := slices.BinarySearchFunc(pm.marks, to, func(m Mark, t time.Time) int { return m.At.Compare(t) })
		if hi > lo {
			out[id] = pm.marks[lo:hi:hi]
		}
	}
	return out
}

func compareMarks(a, b Mark) int {
	if c := a.At.Compare(b.At); c != 0 {
		return c
	}
	return bytes.Compare(a.ID[:], b.ID[:])
}
