package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain"
	rq "portal/domain/request"
	"portal/eventstore"
)

// RequestStream is the stream of one request, "request-<id>".
func RequestStream(id uuid.UUID) string { return eventstore.StreamName("request", id) }

// RequestCaller is the signed-in user a request command runs for (from the verified token).
type RequestCaller struct {
	Tenant     uuid.UUID
	UserID     uuid.UUID
	UserHash   string
	EmployeeID uuid.UUID // zero for a user without an employee record
	Roles      []string
}

func (c RequestCaller) actor() rq.Actor { return rq.Actor{ID: c.UserID.String(), Hash: c.UserHash} }

func (c RequestCaller) valid() error {
	if c.Tenant == uuid.Nil || c.UserID == uuid.Nil {
		return errors.New("tenant and user are required")
	}
	return nil
}

// encodeRequest maps a request event to the event store's shape: the domain's events carry
// their JSON names (the event contract, docs/api.md "Events").
func encodeRequest(id uuid.UUID, e rq.Event) (eventstore.EventData, error) {
	data, err := json.Marshal(rq.Deref(e))
	if err != nil {
		return eventstore.EventData{}, err
	}
	return eventstore.EventData{ID: id, Type: e.EventType(), SchemaVersion: 1, Data: data}, nil
}

// DecodeRequestEvent maps a stored request event back to the domain; ok is false for the
// stream's bookkeeping events (none today) and unknown types.
func DecodeRequestEvent(re eventstore.RecordedEvent) (rq.Event, bool, error) {
	e := rq.NewEvent(re.Type)
	if e == nil {
		return nil, false, nil
	}
	if err := json.Unmarshal(re.Data, e); err != nil {
		return nil, false, fmt.Errorf("stream %s version %d (%s): %w", re.Stream, re.Version, re.Type, err)
	}
	return rq.Deref(e), true, nil
}

// loadRequest reads and folds a request stream.
func loadRequest(ctx context.Context, store eventstore.Store, tenant uuid.UUID, id uuid.UUID) (*rq.Request, []eventstore.RecordedEvent, error) {
	recorded, err := store.ReadStream(ctx, tenant, RequestStream(id), 0)
	if err != nil {
		return nil, nil, err
	}
	r := &rq.Request{}
	for _, re := range recorded {
		e, ok, err := DecodeRequestEvent(re)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			r.Apply(e)
		}
	}
	return r, recorded, nil
}

// requestDecision is what decideRequest needs.
type requestDecision struct {
	commandID string
	caller    RequestCaller
	id        uuid.UUID
	expectNew bool // the stream must not exist yet (create)
}

// decideRequest loads the request, lets decide choose the events and appends them with the
// expected version, retrying on a concurrent append. It returns the request after the
// events and the events the command appended (for a retried command id, the ones it
// appended the first time). A decision that still loses after the retries is answered as
// "request already decided" (§8): another approver was faster.
func decideRequest(ctx context.Context, store eventstore.Store, now func() time.Time, cmd requestDecision,
	decide func(r *rq.Request, at time.Time) ([]rq.Event, error)) (after *rq.Request, events []rq.Event, err error) {
	if err := cmd.caller.valid(); err != nil || cmd.commandID == "" || cmd.id == uuid.Nil {
		return nil, nil, errors.Join(err, errors.New("command id and request id are required"))
	}
	stream := RequestStream(cmd.id)
	err = withRetry(func() error {
		r, recorded, err := loadRequest(ctx, store, cmd.caller.Tenant, cmd.id)
		if err != nil {
			return err
		}
		var prior []rq.Event
		for _, re := range recorded {
			if re.CommandID == cmd.commandID {
				e, ok, _ := DecodeRequestEvent(re)
				if ok {
					prior = append(prior, e)
				}
			}
		}
		if len(prior) > 0 {
			after, events = r, prior
			return nil
		}
		if !cmd.expectNew && !r.Exists() {
			return &domain.Error{Kind: domain.NotFound, Field: "id", Key: rq.KeyNotFound}
		}
		decided, err := decide(r, now().UTC().Truncate(time.Microsecond))
		if err != nil || len(decided) == 0 {
			after, events = r, nil
			return err
		}
		data := make([]eventstore.EventData, len(decided))
		for i, e := range decided {
			if data[i], err = encodeRequest(eventID(cmd.caller.Tenant, stream, cmd.commandID, i), e); err != nil {
				return err
			}
		}
		res, err := store.Append(ctx, metaOf(cmd.caller.Tenant, cmd.caller.UserID, stream, cmd.commandID), stream, expectedVersion(recorded), data...)
		if err != nil {
			return err
		}
		if res.Duplicate {
			return errRetry
		}
		for _, e := range decided {
			r.Apply(e)
		}
		after, events = r, decided
		return nil
	})
	if errors.Is(err, eventstore.ErrConcurrency) {
		err = &domain.Error{Kind: domain.Conflict, Field: "request", Key: rq.KeyAlreadyDecided}
	}
	return after, events, err
}

// requestFacts gathers what the rules need to know about the caller and the world, in one
// query: whether the caller is the requester (subject, creator, or the subject's manager
// acting for a team member) and which designated approvers of the request are absent today.
func requestFacts(ctx context.Context, pool *pgxpool.Pool, caller RequestCaller, r *rq.Request, today time.Time) (rq.Facts, error) {
	f := rq.Facts{Actor: caller.actor(), Roles: caller.Roles, Absent: map[string]bool{}}
	designated := []string{}
	for _, s := range r.Steps {
		if !s.Designated.IsZero() {
			designated = append(designated, s.Designated.ID)
		}
	}
	var absent []string
	err := pool.QueryRow(ctx, `
SELECT EXISTS (SELECT FROM employees WHERE tenant_id = $1 AND id = NULLIF($2, '')::uuid AND manager_id = $3),
       ARRAY(SELECT user_id::text FROM approver_absences
             WHERE tenant_id = $1 AND user_id = ANY($4::uuid[]) AND $5::date BETWEEN starts_on AND ends_on)`,
		caller.Tenant, r.Subject.EmployeeID, caller.EmployeeID, designated, today.Format(time.DateOnly)).Scan(&f.Requester, &absent)
	if err != nil {
		return f, err
	}
	if r.Exists() && (caller.UserID.String() == r.Subject.UserID || caller.UserID.String() == r.Creator.ID) {
		f.Requester = true
	}
	for _, id := range absent {
		f.Absent[id] = true
	}
	return f, nil
}

// parseRequestID reads a request id as the API sends it.
func parseRequestID(field, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(strings.TrimSpace(s))
	if err != nil || id == uuid.Nil {
		return uuid.Nil, domain.InvalidField(field, rq.KeyInvalid)
	}
	return id, nil
}

// ParseRequestID reads a request id parameter (ac4Ukey, requestId, id).
func ParseRequestID(field, s string) (uuid.UUID, error) {
	if strings.TrimSpace(s) == "" {
		return uuid.Nil, domain.InvalidField(field, rq.KeyRequired)
	}
	return parseRequestID(field, s)
}

// requestHandler is what the commands on an existing request share.
type requestHandler struct {
	pool  *pgxpool.Pool
	store eventstore.Store
	now   func() time.Time
}

func newRequestHandler(name string, pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (requestHandler, error) {
	if pool == nil || store == nil || now == nil {
		return requestHandler{}, errors.New("commands." + name + ": nil dependency")
	}
	return requestHandler{pool: pool, store: store, now: now}, nil
}

// run decides on request id with the caller's facts, appends, and sends the notices.
func (h requestHandler) run(ctx context.Context, commandID string, caller RequestCaller, id uuid.UUID,
	decide func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error)) (*rq.Request, error) {
	r, events, err := decideRequest(ctx, h.store, h.now, requestDecision{commandID: commandID, caller: caller, id: id},
		func(r *rq.Request, at time.Time) ([]rq.Event, error) {
			f, err := requestFacts(ctx, h.pool, caller, r, at)
			if err != nil {
				return nil, err
			}
			return decide(r, f, at)
		})
	if err != nil {
		return nil, err
	}
	notifyRequest(ctx, h.pool, h.store, h.now, caller, commandID, r, events)
	return r, nil
}
