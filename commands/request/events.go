package request

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands"
	"portal/domain"
	rq "portal/domain/request"
	"portal/eventstore"
)

// encodeRequest maps a request event to the event store's shape: the domain's events carry
// their JSON names (the event contract, docs/api.md "Events").
func encodeRequest(id uuid.UUID, e rq.Event) (eventstore.EventData, error) {
	return commands.EventData(id, e.EventType(), rq.Deref(e))
}

// DecodeEvent maps a stored request event back to the domain; ok is false for the
// stream's bookkeeping events (none today) and unknown types.
func DecodeEvent(re eventstore.RecordedEvent) (rq.Event, bool, error) {
	e := rq.NewEvent(re.Type)
	if e == nil {
		return nil, false, nil
	}
	if err := json.Unmarshal(re.Data, e); err != nil {
		return nil, false, commands.BadData(re, err)
	}
	return rq.Deref(e), true, nil
}

// loadRequest reads and folds a request stream.
func loadRequest(ctx context.Context, store eventstore.Store, tenant uuid.UUID, id uuid.UUID) (*rq.Request, []eventstore.RecordedEvent, error) {
	recorded, err := store.ReadStream(ctx, tenant, rq.Stream(id), 0)
	if err != nil {
		return nil, nil, err
	}
	r := &rq.Request{}
	for _, re := range recorded {
		e, ok, err := DecodeEvent(re)
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
	caller    commands.RequestCaller
	id        uuid.UUID
	expectNew bool // the stream must not exist yet (create)
}

// decideRequest folds the request's stream into the state cache keeps of it (on a first
// attempt with a cached state, nothing: see since), lets decide choose the events and
// appends them with the expected version, retrying on a concurrent append. It returns the request after the
// events and the events the command appended (for a retried command id, the ones it
// appended the first time). A decision that still loses after the retries is answered as
// "request already decided" (§8): another approver was faster.
func decideRequest(ctx context.Context, store eventstore.Store, cache *commands.StateCache[*rq.Request], now func() time.Time, cmd requestDecision,
	decide func(r *rq.Request, at time.Time) ([]rq.Event, error)) (after *rq.Request, events []rq.Event, err error) {
	if err := cmd.caller.Valid(); err != nil || cmd.commandID == "" || cmd.id == uuid.Nil {
		return nil, nil, errors.Join(err, errors.New("command id and request id are required"))
	}
	stream := rq.Stream(cmd.id)
	tenant := cmd.caller.Tenant
	err = commands.WithRetries(func(retry bool) error {
		r, version := cache.Get(tenant, stream)
		whole := version < 0 // the whole stream is read: any earlier event of the command is seen
		recorded, err := commands.Since(ctx, store, tenant, stream, version, retry)
		if err != nil {
			return err
		}
		var prior []rq.Event
		for _, re := range recorded {
			e, ok, err := DecodeEvent(re)
			if err != nil {
				return err
			}
			if ok {
				r.Apply(e)
				if re.CommandID == cmd.commandID {
					prior = append(prior, e)
				}
			}
			version = re.Version
		}
		if len(prior) > 0 {
			after, events = r, prior
			return nil
		}
		if !cmd.expectNew && !r.Exists() {
			return &domain.Error{Kind: domain.NotFound, Field: "id", Key: rq.KeyNotFound}
		}
		decided, err := decide(r, now().UTC().Truncate(time.Microsecond))
		if (err != nil || len(decided) == 0) && !whole {
			// A refusal may be a retried command whose events lie before the cached
			// version: look at the whole stream before answering it.
			cache.Drop(tenant, stream)
			return commands.ErrRetry
		}
		if err != nil || len(decided) == 0 {
			after, events = r, nil
			return err
		}
		data, err := commands.EncodeEvents(tenant, stream, cmd.commandID, decided, encodeRequest)
		if err != nil {
			return err
		}
		res, err := store.Append(ctx, requestMeta(ctx, cmd.caller, stream, cmd.commandID), stream, commands.ExpectedAt(version), data...)
		if err != nil {
			cache.AppendFailed(tenant, stream, err, retry)
			return err
		}
		if res.Duplicate {
			cache.Drop(tenant, stream)
			return commands.ErrRetry // the same command won a race with itself: answer what it stored
		}
		for _, e := range decided {
			r.Apply(e)
		}
		cache.Put(tenant, stream, r.Clone(), version+int64(len(decided)))
		after, events = r, decided
		return nil
	})
	if errors.Is(err, eventstore.ErrConcurrency) {
		err = &domain.Error{Kind: domain.Conflict, Field: "request", Key: rq.KeyAlreadyDecided}
	}
	return after, events, err
}

// Facts is what the request commands read besides the log (PoolFacts implements it):
// the people around a request, the item catalogue and the approval chains of the tenant.
type Facts interface {
	// Relations says whether manager manages the employee subject (a UUID text, or ""), and
	// which of the designated users are absent on day.
	Relations(ctx context.Context, tenant, manager uuid.UUID, subject string, designated []string, day time.Time) (manages bool, absent []string, err error)
	// Subject gives an employee's manager and first user; found is false when the tenant has
	// no such employee.
	Subject(ctx context.Context, tenant, employee uuid.UUID) (s commands.SubjectFacts, found bool, err error)
	// Purchased is a user's purchased tools (comma-separated); found is false for no such user.
	Purchased(ctx context.Context, tenant, user uuid.UUID) (purchased string, found bool, err error)
	// Items are the tenant's catalogue items among ids, keyed by their id as lower-case text.
	Items(ctx context.Context, tenant uuid.UUID, ids []string) (map[string]rq.Item, error)
	// Lookup is entry id of the tenant's list kind (a request_lookups kind, or "departments",
	// "business_units", "positions"); ok false when there is none.
	Lookup(ctx context.Context, tenant uuid.UUID, kind, id string) (ref rq.LookupRef, ok bool, err error)
	// Chain is the tenant's configured chain of an origin (none: the default) and the active
	// user of the subject's manager.
	Chain(ctx context.Context, tenant uuid.UUID, origin rq.Origin, subject string) ([]rq.ChainStep, rq.Actor, error)
}

// requestFacts gathers what the rules need to know about the caller and the world: whether
// the caller is the requester (subject, creator, or the subject's manager acting for a team
// member) and which designated approvers of the request are absent today.
func requestFacts(ctx context.Context, facts Facts, caller commands.RequestCaller, r *rq.Request, today time.Time) (rq.Facts, error) {
	f := rq.Facts{Actor: caller.Actor(), Roles: caller.Roles, Absent: map[string]bool{}}
	designated := []string{}
	for _, s := range r.Steps {
		if !s.Designated.IsZero() {
			designated = append(designated, s.Designated.ID)
		}
	}
	manages, absent, err := facts.Relations(ctx, caller.Tenant, caller.EmployeeID, r.Subject.EmployeeID, designated, today)
	if err != nil {
		return f, err
	}
	f.Requester = manages || (r.Exists() && (caller.UserID.String() == r.Subject.UserID || caller.UserID.String() == r.Creator.ID))
	for _, id := range absent {
		f.Absent[id] = true
	}
	return f, nil
}

// parseRequestID reads a request id as the API sends it.
func parseRequestID(field, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(strings.TrimSpace(s))
	if err != nil || id == uuid.Nil {
		return uuid.Nil, domain.InvalidField(field, domain.KeyInvalid)
	}
	return id, nil
}

// ParseID reads a request id parameter (ac4Ukey, requestId, id).
func ParseID(field, s string) (uuid.UUID, error) {
	if strings.TrimSpace(s) == "" {
		return uuid.Nil, domain.InvalidField(field, domain.KeyRequired)
	}
	return parseRequestID(field, s)
}

// requestHandler is what the commands on an existing request share.
type requestHandler struct {
	commands.LogHandler
	facts    Facts
	requests *commands.StateCache[*rq.Request] // the requests decided on lately (decideRequest), this handler's or shared (Handlers)
}

func newRequestHandler(name string, facts Facts, store eventstore.Store, now func() time.Time) (requestHandler, error) {
	h, err := commands.NewLogHandler(name, store, now)
	if err == nil && facts == nil {
		err = errors.New("commands." + name + ": nil dependency")
	}
	return requestHandler{LogHandler: h, facts: facts, requests: newRequestStates()}, err
}

// newRequestStates keeps the states of the last 5,000 requests used (a request's state is a
// few KB).
func newRequestStates() *commands.StateCache[*rq.Request] {
	return commands.NewStateCache(5_000, func() *rq.Request { return &rq.Request{} })
}

// Handlers are the request commands of one process. They share one cache of the
// requests' states, so a request that one of them filed, edited or decided on is decided on
// by another without reading its stream.
type Handlers struct {
	Create     *CreateHandler
	Edit       *EditHandler
	Decide     *DecideStepHandler
	Act        *Actions // remove, send, lock, delivery, receipt
	Attachment *AttachmentHandler
}

// New builds them on facts, the pool (the attachments' bytes), the store and
// the clock.
func New(facts Facts, pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (Handlers, error) {
	var h Handlers
	var errs [5]error
	h.Create, errs[0] = NewCreateHandler(facts, store, now)
	h.Edit, errs[1] = NewEditHandler(facts, store, now)
	h.Decide, errs[2] = NewDecideStepHandler(facts, store, now)
	h.Act, errs[3] = NewActions(facts, store, now)
	h.Attachment, errs[4] = NewAttachmentHandler(facts, pool, store, now)
	if err := errors.Join(errs[:]...); err != nil {
		return Handlers{}, err
	}
	states := newRequestStates()
	h.Create.requests, h.Edit.requests, h.Decide.requests, h.Act.requests, h.Attachment.requests = states, states, states, states, states
	return h, nil
}

// run decides on request id with the caller's facts and appends (process.RequestNotices
// sends the notices the events mean).
func (h requestHandler) run(ctx context.Context, commandID string, caller commands.RequestCaller, id uuid.UUID,
	decide func(r *rq.Request, f rq.Facts, at time.Time) ([]rq.Event, error)) (*rq.Request, error) {
	r, _, err := decideRequest(ctx, h.Store, h.requests, h.Now, requestDecision{commandID: commandID, caller: caller, id: id},
		func(r *rq.Request, at time.Time) ([]rq.Event, error) {
			f, err := requestFacts(ctx, h.facts, caller, r, at)
			if err != nil {
				return nil, err
			}
			return decide(r, f, at)
		})
	return r, err
}
