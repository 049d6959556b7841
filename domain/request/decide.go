package request

import (
	"slices"
	"time"

	"portal/domain"
)

// Create is the command to save a new request, and, with Send, to send it at once.
type Create struct {
	ID        string
	Origin    Origin
	Subject   Subject
	Fields    Fields
	Payload   []byte   // for an origin with its own module; must be empty for generic types
	Purchased []string // the caller's purchased list: which types they may file
	// OpenExists: the subject already has an open request of this origin (§5, "an open
	// request cannot be duplicated"; scope: subject employee + origin).
	OpenExists bool
	OnBehalfOf Actor // the team member's user when a manager files for them
	Send       bool
	Chain      []Step // the chain to send to (Send only)
	Facts      Facts
	// Rank is the request's place in its requester's list: the command gives the next after
	// the subject's highest (RanksStream), so a new request sorts after the ranked ones.
	Rank int
}

// Create decides a new request.
func (r *Request) Create(c Create, at time.Time) ([]Event, error) {
	if r.Exists() {
		return nil, conflict("request", domain.KeyInvalid)
	}
	t, ok := Lookup(c.Origin)
	if !ok || !slices.ContainsFunc(PurchasedTypes(c.Purchased), func(p TypeInfo) bool { return p.Origin == c.Origin }) {
		return nil, invalid("tipo", KeyTypeInvalid)
	}
	if t.Generic == (len(c.Payload) > 0) {
		return nil, invalid("tipo", KeyTypeInvalid) // generic types take no payload, module types need theirs
	}
	if err := c.Fields.Validate(t); err != nil {
		return nil, err
	}
	if c.OpenExists {
		return nil, conflict("tipo", KeyOpenExists)
	}
	by := By{Actor: c.Facts.Actor, OnBehalfOf: c.OnBehalfOf, At: at}
	events := []Event{Created{RequestID: c.ID, Origin: c.Origin, Subject: c.Subject, Fields: c.Fields, Payload: c.Payload, Rank: c.Rank, By: by}}
	if c.Send {
		next := *r
		next.Apply(events[0])
		sent, err := next.send(c.Chain, by)
		if err != nil {
			return nil, err
		}
		events = append(events, sent)
	}
	return events, nil
}

// checkRequester refuses a caller who is not the requester and anything after HR ruled.
func (r *Request) checkRequester(f Facts) error {
	if !r.Exists() || r.Status == StatusRemoved {
		return notFound()
	}
	if !f.Requester {
		return forbidden("request", domain.KeyDenied)
	}
	if r.HRRuled() {
		return refused("request", KeyReviewedByHR)
	}
	return nil
}

// checkEditable refuses changes once a step was decided or while the request is blocked.
func (r *Request) checkEditable() error {
	if r.Locked {
		return refused("request", KeyLocked)
	}
	if !r.Editable() {
		return refused("request", KeyInApproval)
	}
	return nil
}

// Edit replaces the request's fields (§4: requests can be edited) while no step decided.
func (r *Request) Edit(fields Fields, f Facts, onBehalfOf Actor, at time.Time) ([]Event, error) {
	if err := r.checkRequester(f); err != nil {
		return nil, err
	}
	if err := r.checkEditable(); err != nil {
		return nil, err
	}
	t, _ := Lookup(r.Origin)
	if err := fields.Validate(t); err != nil {
		return nil, err
	}
	if r.Status == StatusWaiting && r.needsAttachment(fields) && len(r.Attachments) == 0 {
		return nil, refused("anexos", KeyAttachmentRequired)
	}
	return []Event{Edited{Fields: fields, By: By{Actor: f.Actor, OnBehalfOf: onBehalfOf, At: at}}}, nil
}

// Rank moves the request in the requester's list; the same rank again changes nothing.
func (r *Request) SetRank(rank int, f Facts, at time.Time) ([]Event, error) {
	if !r.Exists() || r.Status == StatusRemoved {
		return nil, notFound()
	}
	if !f.Requester {
		return nil, forbidden("request", domain.KeyDenied)
	}
	if rank < 0 || rank > 1_000_000 {
		return nil, invalid("rank", domain.KeyInvalid)
	}
	if rank == r.Rank {
		return nil, nil
	}
	return []Event{Ranked{Rank: rank, By: By{Actor: f.Actor, At: at}}}, nil
}

// Remove removes a request no step has decided yet.
func (r *Request) Remove(f Facts, at time.Time) ([]Event, error) {
	if err := r.checkRequester(f); err != nil {
		return nil, err
	}
	if err := r.checkEditable(); err != nil {
		return nil, err
	}
	return []Event{Removed{By: By{Actor: f.Actor, At: at}}}, nil
}

// Send sends a draft to its approval chain (§4: sent to the approver as a notice).
func (r *Request) Send(chain []Step, f Facts, at time.Time) ([]Event, error) {
	if err := r.checkRequester(f); err != nil {
		return nil, err
	}
	if r.Locked {
		return nil, refused("request", KeyLocked)
	}
	e, err := r.send(chain, By{Actor: f.Actor, At: at})
	if err != nil {
		return nil, err
	}
	return []Event{e}, nil
}

func (r *Request) send(chain []Step, by By) (Event, error) {
	if r.Status != StatusDraft {
		return nil, refused("request", KeyAlreadySent)
	}
	if r.needsAttachment(r.Fields) && len(r.Attachments) == 0 {
		return nil, refused("anexos", KeyAttachmentRequired)
	}
	return Sent{Steps: chain, By: by}, nil
}

// needsAttachment: an abono with a medical certificate needs the certificate (§5).
func (r *Request) needsAttachment(f Fields) bool {
	return f.Absence != nil && f.Absence.MedicalCertificate()
}

// Decide is an approver's decision on a step.
type Decide struct {
	Step    int // the step the approver saw; another current step means someone was faster
	Comment string
	Facts   Facts
}

// checkDecision applies the rules every decision shares and returns on whose behalf.
func (r *Request) checkDecision(d Decide) (Step, Actor, error) {
	if !r.Exists() || r.Status == StatusRemoved {
		return Step{}, Actor{}, notFound()
	}
	if r.HRRuled() {
		return Step{}, Actor{}, refused("request", KeyReviewedByHR)
	}
	if r.Status == StatusDraft {
		return Step{}, Actor{}, refused("request", KeyNotSent)
	}
	cur := r.Current()
	if cur < 0 || d.Step != cur {
		return Step{}, Actor{}, conflict("request", KeyAlreadyDecided)
	}
	if r.Locked {
		return Step{}, Actor{}, refused("request", KeyLocked)
	}
	s := r.Steps[cur]
	onBehalf, err := r.MayDecide(s, d.Facts)
	return s, onBehalf, err
}

// Approve approves the current step; the last step's approval approves the request.
func (r *Request) Approve(d Decide, at time.Time) ([]Event, error) {
	s, onBehalf, err := r.checkDecision(d)
	if err != nil {
		return nil, err
	}
	if err := checkText("comentario", d.Comment, MaxLong, false); err != nil {
		return nil, err
	}
	return []Event{StepApproved{Step: s.Index, Kind: s.Kind, Comment: d.Comment, Final: s.Index == len(r.Steps)-1,
		By: By{Actor: d.Facts.Actor, OnBehalfOf: onBehalf, At: at}}}, nil
}

// Reject rejects the current step, which ends the request; a reason is required.
func (r *Request) Reject(d Decide, at time.Time) ([]Event, error) {
	s, onBehalf, err := r.checkDecision(d)
	if err != nil {
		return nil, err
	}
	if err := checkText("comentario", d.Comment, MaxLong, true); err != nil {
		return nil, err
	}
	return []Event{StepRejected{Step: s.Index, Kind: s.Kind, Comment: d.Comment,
		By: By{Actor: d.Facts.Actor, OnBehalfOf: onBehalf, At: at}}}, nil
}

// Undo takes back the latest decision (§4: an approval can be undone), unless HR ruled or
// the delivery has begun. The caller must be allowed to decide that step.
func (r *Request) Undo(d Decide, at time.Time) ([]Event, error) {
	if !r.Exists() || r.Status == StatusRemoved {
		return nil, notFound()
	}
	if r.HRRuled() {
		return nil, refused("request", KeyReviewedByHR)
	}
	n := len(r.Decisions)
	if n == 0 || r.Decisions[n-1].Step != d.Step {
		return nil, conflict("request", KeyAlreadyDecided)
	}
	if r.Locked {
		return nil, refused("request", KeyLocked)
	}
	if r.Delivery != "" && r.Delivery != DeliveryPending {
		return nil, refused("request", KeyInDelivery)
	}
	last := r.Decisions[n-1]
	onBehalf := last.By.OnBehalfOf
	if d.Facts.Actor.ID != last.By.Actor.ID {
		var err error
		if onBehalf, err = r.MayDecide(r.Steps[last.Step], d.Facts); err != nil {
			return nil, err
		}
	}
	return []Event{DecisionUndone{Step: last.Step, By: By{Actor: d.Facts.Actor, OnBehalfOf: onBehalf, At: at}}}, nil
}

// mayBlock: the current step's approvers and HR admins may lock and unlock a request.
func (r *Request) mayBlock(f Facts) error {
	if !r.Exists() || r.Status == StatusRemoved {
		return notFound()
	}
	if r.HRRuled() {
		return refused("request", KeyReviewedByHR)
	}
	if f.HasRole(RoleHR) && f.Actor.ID != r.Subject.UserID {
		return nil
	}
	s, ok := r.CurrentStep()
	if !ok {
		return forbidden("request", domain.KeyDenied)
	}
	_, err := r.MayDecide(s, f)
	return err
}

// Lock blocks the request: no edit, decision, removal or delivery change until unlocked.
func (r *Request) Lock(comment string, f Facts, at time.Time) ([]Event, error) {
	return r.block(true, comment, f, at)
}

// Unlock lifts the block.
func (r *Request) Unlock(comment string, f Facts, at time.Time) ([]Event, error) {
	return r.block(false, comment, f, at)
}

// block locks (lock) or unlocks the request; it must not be so already.
func (r *Request) block(lock bool, comment string, f Facts, at time.Time) ([]Event, error) {
	if err := r.mayBlock(f); err != nil {
		return nil, err
	}
	if r.Locked == lock {
		if lock {
			return nil, refused("request", KeyLocked)
		}
		return nil, refused("request", KeyUnlocked)
	}
	if err := checkText("comentario", comment, MaxLong, false); err != nil {
		return nil, err
	}
	by := By{Actor: f.Actor, At: at}
	if lock {
		return []Event{Locked{Comment: comment, By: by}}, nil
	}
	return []Event{Unlocked{Comment: comment, By: by}}, nil
}

// AddAttachment attaches a stored file while the request is editable.
func (r *Request) AddAttachment(a Attachment, f Facts, at time.Time) ([]Event, error) {
	if err := r.checkRequester(f); err != nil {
		return nil, err
	}
	if err := r.checkEditable(); err != nil {
		return nil, err
	}
	if len(r.Attachments) >= MaxAttachments {
		return nil, refused("file", domain.KeyTooLong)
	}
	return []Event{AttachmentAdded{Attachment: a, By: By{Actor: f.Actor, At: at}}}, nil
}

// RemoveAttachment takes a file off while the request is editable; a sent abono with a
// medical certificate keeps at least one.
func (r *Request) RemoveAttachment(id string, f Facts, at time.Time) ([]Event, error) {
	if err := r.checkRequester(f); err != nil {
		return nil, err
	}
	if err := r.checkEditable(); err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(r.Attachments, func(a Attachment) bool { return a.ID == id }) {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	if r.Status == StatusWaiting && r.needsAttachment(r.Fields) && len(r.Attachments) == 1 {
		return nil, refused("anexos", KeyAttachmentRequired)
	}
	return []Event{AttachmentRemoved{AttachmentID: id, By: By{Actor: f.Actor, At: at}}}, nil
}

// deliveryMoves lists the delivery changes the deliverer may make from each status (§4).
// Receipt is confirmed by the requester (ConfirmReceipt); confirmed and cancelled are final.
var deliveryMoves = map[Delivery][]Delivery{
	DeliveryPending: {Delivered, PartiallyDeliv, NotDelivered, DeliveryCancelled},
	PartiallyDeliv:  {Delivered, PartiallyDeliv, NotDelivered, DeliveryCancelled},
	NotDelivered:    {Delivered, PartiallyDeliv, DeliveryCancelled},
	Delivered:       {},
}

// ChangeDelivery sets the delivery status (HR admins deliver).
func (r *Request) ChangeDelivery(status Delivery, comment string, f Facts, at time.Time) ([]Event, error) {
	if !r.Exists() || r.Status == StatusRemoved {
		return nil, notFound()
	}
	if !f.HasRole(RoleHR) {
		return nil, forbidden("request", domain.KeyDenied)
	}
	if r.Locked {
		return nil, refused("request", KeyLocked)
	}
	if r.Status != StatusApproved || r.Delivery == "" || !slices.Contains(deliveryMoves[r.Delivery], status) {
		return nil, refused("status", KeyDeliveryInvalid)
	}
	if err := checkText("comentario", comment, MaxLong, false); err != nil {
		return nil, err
	}
	return []Event{DeliveryChanged{Status: status, Comment: comment, By: By{Actor: f.Actor, At: at}}}, nil
}

// ConfirmReceipt is the requester confirming a (partial) delivery arrived.
func (r *Request) ConfirmReceipt(comment string, f Facts, at time.Time) ([]Event, error) {
	if !r.Exists() || r.Status == StatusRemoved {
		return nil, notFound()
	}
	if !f.Requester {
		return nil, forbidden("request", domain.KeyDenied)
	}
	if r.Delivery != Delivered && r.Delivery != PartiallyDeliv {
		return nil, refused("request", KeyNotDelivered)
	}
	if err := checkText("comentario", comment, MaxLong, false); err != nil {
		return nil, err
	}
	return []Event{ReceiptConfirmed{Comment: comment, By: By{Actor: f.Actor, At: at}}}, nil
}
