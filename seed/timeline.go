package seed

import (
	"context"
	"errors"
	"sort"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/eventstore"
)

// The seed writes the demo's log as the product would have: each event recorded at its
// business time (a punch when it was punched, a decision when it was decided), by the user
// who caused it (a user id, as commands write it). So the audit area's "as of" and its
// from/to filters mean what they say, and its timeline names who did what.
//
// Everything the seed appends is first planned on a timeline, then appended in business-time
// order: positions and recorded times grow together across the whole log, as they do when the
// product writes it, and each stream's versions follow time (the audit's "as of" relies on it).
// Direct appends go through the event store's AppendHistory, which only the seed uses; the
// product's commands that the seed runs (requests, surveys, vacation openings) get a store
// whose appends are recorded at the timeline's current time.

// historyAppender is the event store's way to record history (eventstore.Postgres).
type historyAppender interface {
	eventstore.Store
	AppendHistory(ctx context.Context, parts ...eventstore.HistoricAppend) ([]eventstore.AppendResult, error)
}

// timeline is what the seed appends, in business-time order once sorted.
type timeline struct {
	entries []entry
	away    map[uuid.UUID][][2]time.Time // the vacations planned, by employee: first and last day
}

// leave notes an employee's vacation of days from start: the clock history leaves them out.
func (tl *timeline) leave(employee uuid.UUID, start time.Time, days int) {
	if tl.away == nil {
		tl.away = map[uuid.UUID][][2]time.Time{}
	}
	tl.away[employee] = append(tl.away[employee], [2]time.Time{dateOf(start), dateOf(start).AddDate(0, 0, days-1)})
}

// onVacation tells whether a vacation planned for the employee covers day.
func (tl *timeline) onVacation(employee uuid.UUID, day time.Time) bool {
	for _, p := range tl.away[employee] {
		if !day.Before(p[0]) && !day.After(p[1]) {
			return true
		}
	}
	return false
}

// entry is a direct append (part) or a command run at its time (run).
type entry struct {
	at   time.Time
	part eventstore.StreamAppend
	run  func(ctx context.Context) error
}

// add plans events appended to stream by actor at at.
func (tl *timeline) add(at time.Time, tenant, actor uuid.UUID, stream, commandID string, events ...eventstore.EventData) {
	tl.entries = append(tl.entries, entry{at: at, part: eventstore.StreamAppend{
		Meta: commands.MetaOf(tenant, actor, stream, commandID), Stream: stream, Expected: eventstore.Any, Events: events}})
}

// do plans a command run at at: its appends are recorded at at.
func (tl *timeline) do(at time.Time, run func(ctx context.Context) error) {
	tl.entries = append(tl.entries, entry{at: at, run: run})
}

// historyStore is the store the seed hands to the commands it runs: what they append is
// recorded at the timeline's current time.
type historyStore struct {
	historyAppender
	at   time.Time // the time of the command being run
	next time.Time // the earliest time the next append may be recorded at
}

// stamp is the time an append of n events is recorded at: its business time, or just after
// the events appended before it when they were recorded later (the store records a part's
// events a microsecond apart), so that recorded times grow with positions.
func (s *historyStore) stamp(at time.Time, n int) time.Time {
	t := at.Truncate(time.Microsecond) // PostgreSQL keeps microseconds
	if t.Before(s.next) {
		t = s.next
	}
	s.next = t.Add(time.Duration(n) * time.Microsecond)
	return t
}

// Append implements eventstore.Store.
func (s *historyStore) Append(ctx context.Context, meta eventstore.Meta, stream string, expected int64, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	res, err := s.AppendHistory(ctx, eventstore.HistoricAppend{StreamAppend: eventstore.StreamAppend{
		Meta: meta, Stream: stream, Expected: expected, Events: events}, At: s.stamp(s.at, len(events))})
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	return res[0], nil
}

// AppendStreams implements eventstore.Store.
func (s *historyStore) AppendStreams(ctx context.Context, parts ...eventstore.StreamAppend) ([]eventstore.AppendResult, error) {
	at := make([]eventstore.HistoricAppend, len(parts))
	for i, p := range parts {
		at[i] = eventstore.HistoricAppend{StreamAppend: p, At: s.stamp(s.at, len(p.Events))}
	}
	return s.AppendHistory(ctx, at...)
}

// clock is the time of the command being run, for the handlers the seed builds.
func (s *historyStore) clock() time.Time { return s.at }

// maxBatch bounds the direct appends sent in one transaction.
const maxBatch = 1000

// write appends the timeline in business-time order (planned order among equal times).
func (tl *timeline) write(ctx context.Context, s *historyStore) error {
	sort.SliceStable(tl.entries, func(i, j int) bool { return tl.entries[i].at.Before(tl.entries[j].at) })
	var batch []eventstore.HistoricAppend
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		_, err := s.AppendHistory(ctx, batch...)
		batch = batch[:0]
		return err
	}
	for _, e := range tl.entries {
		if e.run == nil {
			if len(batch) >= maxBatch {
				if err := flush(); err != nil {
					return err
				}
			}
			batch = append(batch, eventstore.HistoricAppend{StreamAppend: e.part, At: s.stamp(e.at, len(e.part.Events))})
			continue
		}
		if err := flush(); err != nil {
			return err
		}
		s.at = e.at
		if err := e.run(ctx); err != nil {
			return err
		}
	}
	return flush()
}

// errNoHistory: the store cannot record business times.
var errNoHistory = errors.New("the event store cannot record history (eventstore.Postgres can)")
