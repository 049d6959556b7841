package surveys

import (
	"context"
	"hash/maphash"
	"sync"
)

// A replay writes survey_responses from empty, so most of its responses are new: a respondent's
// answers and completion usually fall in one batch (the bench's 10,000 completions all do).
// Upserting them (ON CONFLICT, and the anti-join that finds responses completed before) cost
// twice a plain insert (issue 33). So a replay remembers which responses its batches wrote
// (writtenResponses, in the replay's ctx: projections.ReplayScoped), and a batch copies the
// ones no batch wrote before (COPY, all of them fresh completions if completed), and upserts
// only the others.
//
// The memory holds a hash of each response key, not the key: a collision only sends a new
// response to the upsert, which is correct for any response. A key goes in before its batch
// writes it, so a batch that fails (rolled back, then applied again in parts) leaves keys that
// the table lacks, never the reverse. Past maxReplayResponses keys, every response is upserted.

type replayKey struct{}

// maxReplayResponses bounds the memory: a map entry of about 16 bytes a response, some
// 32 MB at most.
const maxReplayResponses = 2_000_000

// ReplayScope implements projections.ReplayScoped.
func (Surveys) ReplayScope(ctx context.Context) context.Context {
	return context.WithValue(ctx, replayKey{}, &writtenResponses{seed: maphash.MakeSeed(), keys: map[uint64]struct{}{}})
}

// writtenResponses is the responses a replay's batches wrote (their hashes).
type writtenResponses struct {
	mu   sync.Mutex
	seed maphash.Seed
	keys map[uint64]struct{}
	full bool // past maxReplayResponses: no response is new any more
}

func writtenOf(ctx context.Context) *writtenResponses {
	w, _ := ctx.Value(replayKey{}).(*writtenResponses)
	return w
}

// split tells, for each key, whether no batch of the replay wrote it before, and notes them
// all as written. Outside a replay (w nil) no key is new.
func (w *writtenResponses) split(keys []responseKey) []bool {
	isNew := make([]bool, len(keys))
	if w == nil {
		return isNew
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, k := range keys {
		if w.full {
			break
		}
		h := maphash.Comparable(w.seed, k)
		if _, ok := w.keys[h]; ok {
			continue
		}
		if len(w.keys) >= maxReplayResponses {
			w.full, w.keys = true, nil
			break
		}
		w.keys[h] = struct{}{}
		isNew[i] = true
	}
	return isNew
}
