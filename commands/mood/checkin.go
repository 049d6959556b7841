package mood

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/mood"
	"portal/eventstore"
)

// CheckIn is the command to record the caller's humor and energy (spec portal-business
// §2, §7 POST /api/gen/HumorEnergy). Who checks in comes from the verified token.
type CheckIn struct {
	CommandID  string // CommandID(Idempotency-Key)
	Tenant     uuid.UUID
	UserID     uuid.UUID
	UserHash   string
	EmployeeID uuid.UUID // uuid.Nil for a user without an employee record
	Entry      mood.Entry
	// CoolDown is the request's: mood.CoolDown of its host's environment, or the server's
	// explicit override (docs/operations.md "Host environments").
	CoolDown time.Duration
}

// CheckedIn is the recorded check-in.
type CheckedIn struct {
	ID          uuid.UUID
	Humor       mood.Level
	Energy      mood.Level
	CheckedInAt time.Time // the server's clock, UTC
}

// CheckInHandler records check-ins, refusing one within the cool-down.
type CheckInHandler struct {
	commands.LogHandler
	cache *commands.StateCache[*mood.Journal]
}

// New needs the event store and the server clock.
func New(store eventstore.Store, now func() time.Time) (*CheckInHandler, error) {
	h, err := commands.NewLogHandler("New", store, now)
	return &CheckInHandler{LogHandler: h, cache: commands.NewStateCache(50_000, mood.New)}, err
}

// Handle decides and appends the check-in. The cool-down is enforced here, on the write
// side, whatever the web app shows; a retried command (same CommandID) answers the check-in
// it recorded the first time.
func (h *CheckInHandler) Handle(ctx context.Context, cmd CheckIn) (res CheckedIn, err error) {
	defer commands.Wrap(&err, "CheckIn(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" || cmd.CoolDown <= 0 {
		return res, errors.New("tenant, user, command id and cool-down are required")
	}
	stream := mood.Stream(cmd.UserID)
	first := commands.EventID(cmd.Tenant, stream, cmd.CommandID, 0)
	err = commands.WithRetries(func(retry bool) error {
		j, version := h.cache.Get(cmd.Tenant, stream)
		cached := version >= 0
		recorded, err := commands.Since(ctx, h.Store, cmd.Tenant, stream, version, retry)
		if err != nil {
			return err
		}
		for _, re := range recorded {
			e, err := decodeMood(re)
			if err != nil {
				return err
			}
			if re.ID == first {
				res = checkedInResult(e)
				return nil
			}
			j.Apply(e)
			version = re.Version
		}
		id := commands.DeriveID(cmd.Tenant, stream, cmd.CommandID, "checkin")
		employee := ""
		if cmd.EmployeeID != uuid.Nil {
			employee = cmd.EmployeeID.String()
		}
		now := h.Now().UTC().Truncate(time.Microsecond) // PostgreSQL keeps microseconds
		events, err := j.CheckIn(mood.CheckIn{ID: id.String(), UserID: cmd.UserID.String(), UserHash: cmd.UserHash,
			EmployeeID: employee, Humor: cmd.Entry.Humor, Energy: cmd.Entry.Energy}, now, cmd.CoolDown)
		if err != nil {
			if cached {
				// A retried command's event may lie before the cached version: decide again
				// on the whole stream before refusing.
				h.cache.Drop(cmd.Tenant, stream)
				return commands.ErrRetry
			}
			h.cache.Put(cmd.Tenant, stream, j, version)
			return err
		}
		data, err := EncodeMood(first, events[0])
		if err != nil {
			return err
		}
		ar, err := h.Store.Append(ctx, commands.MetaOf(cmd.Tenant, cmd.UserID, stream, cmd.CommandID), stream, commands.ExpectedAt(version), data)
		if err != nil {
			h.cache.AppendFailed(cmd.Tenant, stream, err, retry)
			return err
		}
		if ar.Duplicate {
			h.cache.Drop(cmd.Tenant, stream)
			return commands.ErrRetry
		}
		j.Apply(events[0])
		h.cache.Put(cmd.Tenant, stream, j, version+1)
		res = checkedInResult(events[0])
		return nil
	})
	return res, err
}

func checkedInResult(e mood.Event) CheckedIn {
	c, _ := e.(mood.CheckedIn)
	id, _ := uuid.Parse(c.ID)
	return CheckedIn{ID: id, Humor: c.Humor, Energy: c.Energy, CheckedInAt: c.CheckedInAt.UTC()}
}

// EncodeMood is the stored form of a check-in event (the seed writes its history with it).
func EncodeMood(id uuid.UUID, e mood.Event) (eventstore.EventData, error) {
	c, ok := e.(mood.CheckedIn)
	if !ok {
		return eventstore.EventData{}, fmt.Errorf("encode mood event %T", e)
	}
	return commands.EventData(id, e.EventType(), mood.CheckedInData{ID: c.ID, UserID: c.UserID, UserHash: c.UserHash, EmployeeID: c.EmployeeID,
		Humor: c.Humor.Float(), Energy: c.Energy.Float(), CheckedInAt: c.CheckedInAt.UTC()})
}

// decodeMood maps a stored event of a mood stream back to the domain.
func decodeMood(re eventstore.RecordedEvent) (mood.Event, error) {
	if re.Type != mood.TypeCheckedIn {
		return nil, commands.UnknownType(re)
	}
	return commands.DecodeAs(re, func(j mood.CheckedInData) mood.Event {
		return mood.CheckedIn{ID: j.ID, UserID: j.UserID, UserHash: j.UserHash, EmployeeID: j.EmployeeID,
			Humor: tenths(j.Humor), Energy: tenths(j.Energy), CheckedInAt: j.CheckedInAt}
	})
}

// tenths turns a stored level (3.4) back into tenths; the stored text has one decimal, so
// rounding to the nearest tenth recovers it exactly.
func tenths(v float64) mood.Level { return mood.Level(math.Round(v * 10)) }
