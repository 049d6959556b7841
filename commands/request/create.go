package request

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	rq "portal/domain/request"
	"portal/eventstore"
)

// typeOpenClaimed is the bookkeeping event of the one-open-request rule: the stream
// "request-open-<employee>-<origin>" records which request last took the subject's slot for
// the type. A new request may take it only while the request named there is no longer open;
// the claim and the new request are appended in one transaction, with the slot stream's
// expected version, so two simultaneous requests cannot both take it.
const typeOpenClaimed = "request.open_claimed.v1"

type openClaimed struct {
	RequestID string    `json:"requestId"`
	At        time.Time `json:"at"`
}

// Create is the command to save a new request (POST api/cac-app/request), for the
// caller or, with Body.M01Ukey, for a member of the caller's team.
type Create struct {
	CommandID string
	Caller    commands.RequestCaller
	Body      rq.Body
	// Payload is an origin's own data (punch adjustments); the generic call sends none.
	Payload []byte
}

// CreateHandler creates requests.
type CreateHandler struct {
	facts    Facts
	store    eventstore.Store
	now      func() time.Time
	requests *commands.StateCache[*rq.Request] // the states shared with the other request commands (Handlers), or nil
}

// NewCreateHandler needs the facts (people, items, chains; PoolFacts), the store and
// the clock.
func NewCreateHandler(facts Facts, store eventstore.Store, now func() time.Time) (*CreateHandler, error) {
	if facts == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewCreateRequestHandler: nil dependency")
	}
	return &CreateHandler{facts: facts, store: store, now: now}, nil
}

// Handle creates the request and answers it as created (and sent, with Body.Send).
func (h *CreateHandler) Handle(ctx context.Context, cmd Create) (r *rq.Request, err error) {
	defer commands.Wrap(&err, "Create(%s)", cmd.CommandID)
	if err := cmd.Caller.Valid(); err != nil || cmd.CommandID == "" {
		return nil, errors.Join(err, errors.New("command id is required"))
	}
	c := cmd.Caller
	subject, onBehalf, err := resolveSubject(ctx, h.facts, c, cmd.Body.M01Ukey)
	if err != nil {
		return nil, err
	}
	purchased, found, err := h.facts.Purchased(ctx, c.Tenant, c.UserID)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, commands.Forbidden("userHash")
	}
	fields := cmd.Body.Fields
	if fields.Items, err = resolveItems(ctx, h.facts, c.Tenant, fields.Items); err != nil {
		return nil, err
	}
	if err = resolveLookups(ctx, h.facts, c.Tenant, &fields); err != nil {
		return nil, err
	}
	id := commands.DeriveID(c.Tenant, "request", cmd.CommandID, "request")
	stream := rq.Stream(id)
	slot := rq.OpenSlotStream(subject.EmployeeID, cmd.Body.Origin)
	// Requests of other types for the same subject commute (each takes the next rank): N filed
	// at once need up to N attempts, and a refusal must come from the rule (the slot of this
	// type held by an open request, read again at each attempt), never from the race.
	err = commands.RetryCommuting(ctx, func(bool) error {
		prior, recorded, err := loadRequest(ctx, h.store, c.Tenant, id)
		if err != nil {
			return err
		}
		if len(recorded) > 0 { // a retried command: answer what it created
			r = prior
			return nil
		}
		slotEvents, err := h.store.ReadStream(ctx, c.Tenant, slot, 0)
		if err != nil {
			return err
		}
		open := false
		if n := len(slotEvents); n > 0 {
			var last openClaimed
			if err := json.Unmarshal(slotEvents[n-1].Data, &last); err != nil {
				return err
			}
			if holder, err := uuid.Parse(last.RequestID); err == nil {
				held, _, err := loadRequest(ctx, h.store, c.Tenant, holder)
				if err != nil {
					return err
				}
				open = held.Open()
			}
		}
		ranksStream := rq.RanksStream(subject.EmployeeID)
		rankEvents, err := h.store.ReadStream(ctx, c.Tenant, ranksStream, 0)
		if err != nil {
			return err
		}
		high, err := highestRank(rankEvents)
		if err != nil {
			return err
		}
		var chain []rq.Step
		if cmd.Body.Send && !open {
			if chain, err = LoadChain(ctx, h.facts, c.Tenant, cmd.Body.Origin, subject.EmployeeID); err != nil {
				return err
			}
		}
		at := h.now().UTC().Truncate(time.Microsecond)
		r = &rq.Request{}
		events, err := r.Create(rq.Create{
			ID: id.String(), Origin: cmd.Body.Origin, Subject: subject, Fields: fields, Payload: cmd.Payload,
			Purchased: strings.Split(purchased, ","), OpenExists: open, OnBehalfOf: onBehalf, Send: cmd.Body.Send, Chain: chain,
			Facts: rq.Facts{Actor: c.Actor(), Roles: c.Roles, Requester: true}, Rank: high + 1,
		}, at)
		if err != nil {
			return err
		}
		data, err := commands.EncodeEvents(c.Tenant, stream, cmd.CommandID, events, encodeRequest)
		if err != nil {
			return err
		}
		claim, _ := json.Marshal(openClaimed{RequestID: id.String(), At: at})
		claimData := eventstore.EventData{ID: commands.EventID(c.Tenant, slot, cmd.CommandID, 0), Type: typeOpenClaimed, SchemaVersion: 1, Data: claim}
		rankData := rankTakenData(c.Tenant, ranksStream, cmd.CommandID, id.String(), high+1, at)
		// The request, its open-request slot and its rank are stored together; a slot or a rank
		// another request took meanwhile is ErrConcurrency: look again.
		meta := requestMeta(ctx, c, stream, cmd.CommandID)
		res, err := h.store.AppendStreams(ctx,
			eventstore.StreamAppend{Meta: meta, Stream: slot, Expected: commands.ExpectedVersion(slotEvents), Events: []eventstore.EventData{claimData}},
			eventstore.StreamAppend{Meta: meta, Stream: stream, Expected: eventstore.NoStream, Events: data},
			eventstore.StreamAppend{Meta: meta, Stream: ranksStream, Expected: commands.ExpectedVersion(rankEvents), Events: []eventstore.EventData{rankData}})
		if err != nil {
			return err
		}
		if res[1].Duplicate {
			return commands.ErrRetry // the same command won a race with itself: answer what it stored
		}
		for _, e := range events {
			r.Apply(e)
		}
		if h.requests != nil {
			h.requests.Put(c.Tenant, stream, r.Clone(), res[1].NextVersion)
		}
		return nil
	})
	if errors.Is(err, eventstore.ErrConcurrency) {
		err = &domain.Error{Kind: domain.Conflict, Field: "tipo", Key: rq.KeyOpenExists}
	}
	return r, err
}

// File is Handle for the areas that file requests of their own origin (punch adjustments
// through the clock commands), which know this handler by that method alone.
func (h *CreateHandler) File(ctx context.Context, commandID string, caller commands.RequestCaller, body rq.Body, payload []byte) (*rq.Request, error) {
	return h.Handle(ctx, Create{CommandID: commandID, Caller: caller, Body: body, Payload: payload})
}

// resolveSubject finds the employee a request is for: the caller's own, or (m01Ukey) a
// member of the caller's team (their direct report; HR admins may name any employee of the
// tenant). It returns the subject and, when acting for someone else, that person's user.
func resolveSubject(ctx context.Context, facts Facts, c commands.RequestCaller, m01Ukey string) (rq.Subject, rq.Actor, error) {
	var s rq.Subject
	employee := c.EmployeeID
	if m01Ukey != "" {
		id, err := uuid.Parse(m01Ukey)
		if err != nil {
			return s, rq.Actor{}, domain.InvalidField("m01Ukey", domain.KeyInvalid)
		}
		employee = id
	}
	if employee == uuid.Nil {
		return s, rq.Actor{}, domain.InvalidField("m01Ukey", domain.KeyRequired)
	}
	e, found, err := facts.Subject(ctx, c.Tenant, employee)
	if err != nil {
		return s, rq.Actor{}, err
	}
	if !found {
		return s, rq.Actor{}, commands.Forbidden("m01Ukey") // not an employee of the caller's tenant
	}
	s.EmployeeID, s.UserID, s.UserHash = employee.String(), e.UserID, e.Hash
	if employee == c.EmployeeID {
		return s, rq.Actor{}, nil
	}
	isTeam := e.Manager != nil && c.EmployeeID != uuid.Nil && *e.Manager == c.EmployeeID
	if !isTeam && !slices.Contains(c.Roles, rq.RoleHR) {
		return s, rq.Actor{}, commands.Forbidden("m01Ukey")
	}
	return s, rq.Actor{ID: s.UserID, Hash: s.UserHash}, nil
}

// resolveLookups fills the lookup fields and the apportionment's centres from the tenant's
// lists; an unknown id is refused on its field.
func resolveLookups(ctx context.Context, facts Facts, tenant uuid.UUID, f *rq.Fields) error {
	resolve := func(field, kind string, ref *rq.LookupRef) error {
		if _, err := uuid.Parse(ref.ID); err != nil {
			return domain.InvalidField(field, domain.KeyInvalid)
		}
		found, ok, err := facts.Lookup(ctx, tenant, kind, ref.ID)
		if err != nil {
			return err
		}
		if !ok {
			return domain.InvalidField(field, domain.KeyInvalid)
		}
		*ref = found
		return nil
	}
	for _, l := range f.LookupFields() {
		if *l.Ref == nil {
			continue
		}
		ref := **l.Ref
		if err := resolve(l.Name, l.Kind, &ref); err != nil {
			return err
		}
		*l.Ref = &ref
	}
	shares := make([]rq.Share, len(f.Apportionment))
	for i, s := range f.Apportionment {
		kind := "cost_centre"
		if s.Kind == rq.ShareResult {
			kind = "result_centre"
		}
		if err := resolve("rateio.centroId", kind, &s.Centre); err != nil {
			return err
		}
		shares[i] = s
	}
	if len(shares) > 0 {
		f.Apportionment = shares
	}
	return nil
}

// resolveItems fills each item from the tenant's catalogue; an unknown item is refused.
func resolveItems(ctx context.Context, facts Facts, tenant uuid.UUID, items []rq.Item) ([]rq.Item, error) {
	if len(items) == 0 {
		return nil, nil
	}
	ids := make([]string, len(items))
	for i, it := range items {
		if _, err := uuid.Parse(it.ItemID); err != nil {
			return nil, domain.InvalidField("itens.itemId", domain.KeyInvalid)
		}
		ids[i] = it.ItemID
	}
	found, err := facts.Items(ctx, tenant, ids)
	if err != nil {
		return nil, err
	}
	out := make([]rq.Item, len(items))
	for i, it := range items {
		f, ok := found[strings.ToLower(it.ItemID)]
		if !ok {
			return nil, domain.InvalidField("itens.itemId", domain.KeyInvalid)
		}
		f.Quantity = it.Quantity
		out[i] = f
	}
	return out, nil
}
