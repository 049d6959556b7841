package requests

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	rq "portal/domain/request"
	"portal/eventstore"
	"portal/projections"
	"portal/push"
)

// Requests projects the request.* events of the streams request-<id> into the requests read
// model (migrations/00011_requests.sql): one row per request with the columns the lists and
// queues filter on, the folded aggregate (state) to apply the next event to, and the request
// as the API answers it (doc). A batch reads the rows it touches with one query, folds its
// events in log order in memory and writes them back with one upsert.
//
// Each changed request is pushed (topic "request.changed") to its subject and creator, the
// users who caused the batch's events, and the approvers of the step it waited on before
// and waits on now (the designated approver and the holders of the step's role, who
// deputise), so queues, badges and open requests follow live.
type Requests struct{}

var _ projections.Projection = Requests{}

// ChangedTopic is the push topic of request changes (docs/api.md "Live push").
const ChangedTopic = "request.changed"

// maxPushed bounds the users one change is pushed to (a role may have many holders).
const maxPushed = 200

// Name implements Projection.
func (Requests) Name() string { return "requests" }

// Areas implements Selective.
func (Requests) Areas() []string { return []string{"request."} }

// Reset implements Projection.
func (Requests) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Requests{}.Tables())
}

// Tables implements Tabled.
func (Requests) Tables() []string { return []string{"requests"} }

// Changed is the data of a "request.changed" push.
type Changed struct {
	AC4Ukey        string    `json:"ac4Ukey"`
	EventType      string    `json:"eventType"`
	Status         string    `json:"status"`
	ApprovalStatus string    `json:"approvalStatus"`
	CurrentStep    *StepView `json:"currentStep"`
	DeliveryStatus *string   `json:"deliveryStatus"`
	Version        int       `json:"version"`
	ActorHash      string    `json:"actorHash"`
}

type requestKey struct{ tenant, id uuid.UUID }

type requestFold struct {
	key       requestKey
	r         *rq.Request
	before    *rq.Step // the step it waited on before the batch
	actors    map[string]bool
	lastType  string
	lastActor string
	cursor    eventstore.Cursor
}

// requestIDOf reads the request id from the stream name; ok is false for other streams
// (the open-request slots "request-open-...").
func requestIDOf(stream string) (uuid.UUID, bool) {
	rest, ok := rq.StreamID(stream)
	if !ok {
		return uuid.Nil, false
	}
	id, err := uuid.Parse(rest)
	return id, err == nil
}

// requestEvent is a decoded event of a request stream.
type requestEvent struct {
	key requestKey
	rec eventstore.RecordedEvent
	ev  rq.Event // from rq.NewEvent, decoded
}

// requestEvents decodes the request events of a batch, in log order, and lists the requests
// they touch in first-seen order (the open-request slot streams are left out).
func requestEvents(events []eventstore.RecordedEvent) ([]requestEvent, []requestKey, error) {
	var out []requestEvent
	var order []requestKey
	seen := map[requestKey]bool{}
	for _, e := range events {
		id, ok := requestIDOf(e.Stream)
		ev := rq.NewEvent(e.Type)
		if !ok || ev == nil {
			continue
		}
		if err := projections.DecodeData(e, ev); err != nil {
			return nil, nil, err
		}
		k := requestKey{e.Tenant, id}
		if !seen[k] {
			seen[k] = true
			order = append(order, k)
		}
		out = append(out, requestEvent{k, e, ev})
	}
	return out, order, nil
}

// Apply implements Projection.
func (Requests) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	decoded, order, err := requestEvents(events)
	if err != nil || len(order) == 0 {
		return err
	}
	folds := make(map[requestKey]*requestFold, len(order))
	for _, k := range order {
		folds[k] = &requestFold{key: k, actors: map[string]bool{}}
	}
	if err := loadRequestStates(ctx, tx, folds, order); err != nil {
		return err
	}
	for _, d := range decoded {
		f := folds[d.key]
		if d.rec.Version < int64(f.r.Version) { // a redelivered event the row already has (versions count from 0)
			continue
		}
		f.r.Apply(d.ev)
		by := rq.ByOf(d.ev)
		f.actors[by.Actor.ID] = true
		f.lastType, f.lastActor, f.cursor = d.rec.Type, by.Actor.Hash, d.rec.Cursor
	}
	return saveRequests(ctx, tx, folds, order)
}

func loadRequestStates(ctx context.Context, tx pgx.Tx, folds map[requestKey]*requestFold, order []requestKey) error {
	tenants, ids := make([]pgtype.UUID, len(order)), make([]pgtype.UUID, len(order))
	for i, k := range order {
		tenants[i], ids[i] = projections.PgUUID(k.tenant), projections.PgUUID(k.id)
		folds[k].r = &rq.Request{}
	}
	rows, err := tx.Query(ctx, `SELECT r.tenant_id, r.id, r.state FROM requests r
JOIN unnest($1::uuid[], $2::uuid[]) AS k(t, i) ON r.tenant_id = k.t AND r.id = k.i`, tenants, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k requestKey
		var state []byte
		if err := rows.Scan(&k.tenant, &k.id, &state); err != nil {
			return err
		}
		f := folds[k]
		if err := json.Unmarshal(state, f.r); err != nil {
			return fmt.Errorf("request %s: state: %w", k.id, err)
		}
		if s, ok := f.r.CurrentStep(); ok {
			f.before = &s
		}
	}
	return rows.Err()
}

const upsertRequestsSQL = `
INSERT INTO requests (tenant_id, id, origin, subject_employee_id, subject_user_id, creator_user_id, title, status,
    approval_status, delivery_status, priority, reference_date, labels, rank, current_step, step_designated, step_role,
    locked, deciders, approvers, state, doc, created_at, updated_at, version, position)
SELECT k.t, k.i, k.origin, k.subject, k.subject_user, k.creator, k.title, k.status, k.approval, k.delivery, k.priority,
    k.ref, ARRAY(SELECT jsonb_array_elements_text(k.labels)), k.rank, k.step, k.designated, k.role, k.locked,
    ARRAY(SELECT jsonb_array_elements_text(k.deciders))::uuid[], ARRAY(SELECT jsonb_array_elements_text(k.approvers))::uuid[],
    k.state, k.doc, k.created, k.updated, k.version, k.position
FROM unnest($1::uuid[], $2::uuid[], $3::smallint[], $4::uuid[], $5::uuid[], $6::uuid[], $7::text[], $8::text[], $9::text[],
    $10::text[], $11::smallint[], $12::date[], $13::jsonb[], $14::int[], $15::int[], $16::uuid[], $17::text[], $18::boolean[],
    $19::jsonb[], $20::jsonb[], $21::jsonb[], $22::jsonb[], $23::timestamptz[], $24::timestamptz[], $25::int[], $26::bigint[])
    AS k(t, i, origin, subject, subject_user, creator, title, status, approval, delivery, priority, ref, labels, rank, step,
         designated, role, locked, deciders, approvers, state, doc, created, updated, version, position)
ON CONFLICT (tenant_id, id) DO UPDATE SET
    title = excluded.title, status = excluded.status, approval_status = excluded.approval_status,
    delivery_status = excluded.delivery_status, priority = excluded.priority, reference_date = excluded.reference_date,
    labels = excluded.labels, rank = excluded.rank, current_step = excluded.current_step,
    step_designated = excluded.step_designated, step_role = excluded.step_role, locked = excluded.locked,
    deciders = excluded.deciders, approvers = excluded.approvers, state = excluded.state, doc = excluded.doc,
    updated_at = excluded.updated_at, version = excluded.version, position = excluded.position`

func saveRequests(ctx context.Context, tx pgx.Tx, folds map[requestKey]*requestFold, order []requestKey) error {
	n := len(order)
	var (
		tenants, ids, subjects, subjectUsers, creators, designated = make([]pgtype.UUID, n), make([]pgtype.UUID, n),
			make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n)
		origins, priorities                       = make([]int16, n), make([]int16, n)
		titles, statuses, approvals               = make([]string, n), make([]string, n), make([]string, n)
		deliveries, roles                         = make([]*string, n), make([]*string, n)
		refs                                      = make([]*string, n)
		labels, deciders, approvers, states, docs = make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
		ranks, versions                           = make([]int32, n), make([]int32, n)
		steps                                     = make([]*int32, n)
		locked                                    = make([]bool, n)
		created, updated                          = make([]time.Time, n), make([]time.Time, n)
		positions                                 = make([]int64, n)
		pushes                                    []push.Message
		byTenant                                  = map[uuid.UUID][]*rq.Request{}
	)
	for _, k := range order {
		byTenant[k.tenant] = append(byTenant[k.tenant], folds[k].r)
	}
	people := map[uuid.UUID]People{}
	for tenant, reqs := range byTenant {
		p, err := LoadPeople(ctx, tx, tenant, reqs...)
		if err != nil {
			return fmt.Errorf("people: %w", err)
		}
		people[tenant] = p
	}
	holders := roleHolders{}
	for i, k := range order {
		f := folds[k]
		r := f.r
		if !r.Exists() {
			return fmt.Errorf("request %s: events without request.created.v1", k.id)
		}
		doc := BuildDoc(k.tenant, r, people[k.tenant])
		var err error
		if docs[i], err = json.Marshal(doc); err != nil {
			return err
		}
		if states[i], err = json.Marshal(r); err != nil {
			return err
		}
		tenants[i], ids[i] = projections.PgUUID(k.tenant), projections.PgUUID(k.id)
		subjects[i], subjectUsers[i], creators[i] = projections.OptUUID(r.Subject.EmployeeID), projections.OptUUID(r.Subject.UserID), projections.OptUUID(r.Creator.ID)
		origins[i], priorities[i], titles[i] = int16(r.Origin), int16(r.Fields.Priority), r.Fields.Title
		statuses[i], approvals[i], deliveries[i] = string(r.Status), r.ApprovalStatus(), doc.DeliveryStatus
		ref := r.Fields.ReferenceDate
		refs[i] = &ref
		labels[i], _ = json.Marshal(doc.Labels)
		ranks[i], versions[i], locked[i] = int32(r.Rank), int32(r.Version), r.Locked
		var decided, designatedIDs []string
		for _, d := range r.Decisions {
			decided = append(decided, d.By.Actor.ID)
		}
		for _, s := range r.Steps {
			if !s.Designated.IsZero() {
				designatedIDs = append(designatedIDs, s.Designated.ID)
			}
		}
		deciders[i], _ = json.Marshal(nonNil(decided))
		approvers[i], _ = json.Marshal(nonNil(designatedIDs))
		if s, ok := r.CurrentStep(); ok {
			idx := int32(s.Index)
			role := s.Role
			steps[i], roles[i], designated[i] = &idx, &role, projections.OptUUID(s.Designated.ID)
		}
		created[i], updated[i], positions[i] = r.CreatedAt, r.UpdatedAt, f.cursor.Position
		if f.lastType == "" {
			continue // nothing new for this row (a redelivered batch)
		}
		to, err := f.recipients(ctx, tx, holders)
		if err != nil {
			return err
		}
		data := Changed{AC4Ukey: r.ID, EventType: f.lastType, Status: string(r.Status), ApprovalStatus: r.ApprovalStatus(),
			CurrentStep: doc.CurrentStep, DeliveryStatus: doc.DeliveryStatus, Version: r.Version, ActorHash: f.lastActor}
		for _, u := range to {
			pushes = append(pushes, push.Message{Tenant: k.tenant, User: u, Topic: ChangedTopic, Data: data, Event: f.cursor})
		}
	}
	_, err := tx.Exec(ctx, upsertRequestsSQL, tenants, ids, origins, subjects, subjectUsers, creators, titles, statuses, approvals,
		deliveries, priorities, refs, labels, ranks, steps, designated, roles, locked, deciders, approvers, states, docs,
		created, updated, versions, positions)
	if err != nil {
		return fmt.Errorf("upsert requests: %w", err)
	}
	return push.Publish(ctx, tx, pushes...)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// roleHolders caches the users holding a role in a tenant for one batch.
type roleHolders map[string][]uuid.UUID

func (h roleHolders) get(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, role string) ([]uuid.UUID, error) {
	k := tenant.String() + "/" + role
	if users, ok := h[k]; ok {
		return users, nil
	}
	rows, err := tx.Query(ctx, `SELECT id FROM users WHERE tenant_id = $1 AND active AND $2 = ANY(roles) ORDER BY id LIMIT $3`,
		tenant, role, maxPushed)
	if err != nil {
		return nil, err
	}
	users, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	h[k] = users
	return users, err
}

// recipients are the users a change is pushed to.
func (f *requestFold) recipients(ctx context.Context, tx pgx.Tx, holders roleHolders) ([]uuid.UUID, error) {
	seen := map[uuid.UUID]bool{}
	var out []uuid.UUID
	add := func(s string) {
		if id, err := uuid.Parse(s); err == nil && !seen[id] && len(out) < maxPushed {
			seen[id] = true
			out = append(out, id)
		}
	}
	add(f.r.Subject.UserID)
	add(f.r.Creator.ID)
	for a := range f.actors {
		add(a)
	}
	// Everyone who decided an earlier step sees later decisions too (their undo depends on them).
	for _, d := range f.r.Decisions {
		add(d.By.Actor.ID)
	}
	steps := []*rq.Step{f.before}
	if s, ok := f.r.CurrentStep(); ok {
		steps = append(steps, &s)
	}
	for _, s := range steps {
		if s == nil {
			continue
		}
		add(s.Designated.ID)
		users, err := holders.get(ctx, tx, f.key.tenant, s.Role)
		if err != nil {
			return nil, err
		}
		for _, u := range users {
			add(u.String())
		}
	}
	return out, nil
}

// Projections are the read models of the area for the runner: the requests and the approvals report.
func Projections() []projections.Projection {
	return []projections.Projection{Requests{}, Report{}}
}
