package request

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	rq "portal/domain/request"
	"portal/eventstore"
)

// typeRankTaken is the bookkeeping event of the default rank: the stream
// "request-ranks-<employee>" (rq.RanksStream) records each rank put in use in the employee's
// list, by a new request (in the same append as the request, with the stream's expected
// version) or by a move (PUT request). A new request takes the next after the highest, so
// the ranks a requester set on page 1 keep their order across pages and new requests go last.
// The decision reads this stream, never the list's read model (ARCHITECTURE.md "Write side").
const typeRankTaken = "request.rank_taken.v1"

type rankTaken struct {
	RequestID string    `json:"requestId"`
	Rank      int       `json:"rank"`
	At        time.Time `json:"at"`
}

// highestRank is the highest rank the ranks stream recorded (0 when none: requests from before
// ranks were given at creation have rank 0).
func highestRank(events []eventstore.RecordedEvent) (int, error) {
	high := 0
	for _, re := range events {
		if re.Type != typeRankTaken {
			continue
		}
		var t rankTaken
		if err := json.Unmarshal(re.Data, &t); err != nil {
			return 0, commands.BadData(re, err)
		}
		high = max(high, t.Rank)
	}
	return high, nil
}

// rankTakenData is the ranks stream's event for a request taking rank by commandID.
func rankTakenData(tenant uuid.UUID, stream, commandID, requestID string, rank int, at time.Time) eventstore.EventData {
	data, _ := json.Marshal(rankTaken{RequestID: requestID, Rank: rank, At: at})
	return eventstore.EventData{ID: commands.EventID(tenant, stream, commandID, 0), Type: typeRankTaken, SchemaVersion: 1, Data: data}
}

// recordMove raises the subject's highest rank after a move above it. It runs after the move
// is stored (a refused move must not raise it) and is idempotent by the command id; the
// stream keeps a maximum, so appends in any order agree. Were it lost (a crash in between),
// a later new request could tie with the moved one, which the list orders by creation.
func recordMove(ctx context.Context, store eventstore.Store, c commands.RequestCaller, commandID string, r *rq.Request, at time.Time) error {
	stream := rq.RanksStream(r.Subject.EmployeeID)
	events, err := store.ReadStream(ctx, c.Tenant, stream, 0)
	if err != nil {
		return err
	}
	high, err := highestRank(events)
	if err != nil || r.Rank <= high {
		return err
	}
	_, err = store.Append(ctx, requestMeta(ctx, c, stream, commandID), stream, eventstore.Any,
		rankTakenData(c.Tenant, stream, commandID, r.ID, r.Rank, at))
	return err
}
