package request

import "time"

// Event is something that happened to a request. Its type string is stable and independent
// of the Go name. Events are the stored contract (docs/api.md "Events"), so, unlike the
// aggregate, they carry their JSON names: the command layer stores them as they are and
// projections read them back with the same names.
type Event interface {
	EventType() string
}

// Stable event type strings.
const (
	TypeCreated           = "request.created.v1"
	TypeEdited            = "request.edited.v1"
	TypeRanked            = "request.ranked.v1"
	TypeRemoved           = "request.removed.v1"
	TypeSent              = "request.sent.v1"
	TypeStepApproved      = "request.step_approved.v1"
	TypeStepRejected      = "request.step_rejected.v1"
	TypeDecisionUndone    = "request.decision_undone.v1"
	TypeLocked            = "request.locked.v1"
	TypeUnlocked          = "request.unlocked.v1"
	TypeAttachmentAdded   = "request.attachment_added.v1"
	TypeAttachmentRemoved = "request.attachment_removed.v1"
	TypeDeliveryChanged   = "request.delivery_changed.v1"
	TypeReceiptConfirmed  = "request.receipt_confirmed.v1"
)

// Actor is a user: id and hash (the hash lets pushes and answers name them without a lookup).
type Actor struct {
	ID   string `json:"id"`
	Hash string `json:"hash"`
}

// IsZero tells whether a is nobody.
func (a Actor) IsZero() bool { return a.ID == "" }

// By is who caused an event, on whose behalf (zero unless acting for someone), and when.
type By struct {
	Actor      Actor     `json:"actor"`
	OnBehalfOf Actor     `json:"onBehalfOf"`
	At         time.Time `json:"at"`
}

// Created says a request was saved for the first time.
type Created struct {
	RequestID string  `json:"requestId"`
	Origin    Origin  `json:"origin"`
	Subject   Subject `json:"subject"`
	Fields    Fields  `json:"fields"`
	// Payload is the data of an origin with its own module (a punch adjustment); the generic
	// rules do not read it.
	Payload []byte `json:"payload,omitempty"`
	// Rank is the request's first place in its requester's list (0 for requests created
	// before ranks were given at creation).
	Rank int `json:"rank,omitempty"`
	By
}

// Edited says the requester changed the request's fields.
type Edited struct {
	Fields Fields `json:"fields"`
	By
}

// Ranked says the requester moved the request in their list.
type Ranked struct {
	Rank int `json:"rank"`
	By
}

// Removed says the request was removed before any decision.
type Removed struct{ By }

// Sent says the request went to its approvers, with the chain as it was at that moment.
type Sent struct {
	Steps []Step `json:"steps"`
	By
}

// StepApproved says a step was approved; Final when it was the last step.
type StepApproved struct {
	Step    int      `json:"step"`
	Kind    StepKind `json:"kind"`
	Comment string   `json:"comment"`
	Final   bool     `json:"final"`
	By
}

// StepRejected says a step was rejected, which ends the request.
type StepRejected struct {
	Step    int      `json:"step"`
	Kind    StepKind `json:"kind"`
	Comment string   `json:"comment"`
	By
}

// DecisionUndone says the latest decision (at Step) was taken back: the step waits again.
type DecisionUndone struct {
	Step int `json:"step"`
	By
}

// Locked says the request was blocked.
type Locked struct {
	Comment string `json:"comment"`
	By
}

// Unlocked says the block was lifted.
type Unlocked struct {
	Comment string `json:"comment"`
	By
}

// AttachmentAdded says a file was attached; its bytes are stored apart, named by id and hash.
type AttachmentAdded struct {
	Attachment Attachment `json:"attachment"`
	By
}

// AttachmentRemoved says a file was taken off the request.
type AttachmentRemoved struct {
	AttachmentID string `json:"attachmentId"`
	By
}

// DeliveryChanged says the deliverer set the delivery status.
type DeliveryChanged struct {
	Status  Delivery `json:"status"`
	Comment string   `json:"comment"`
	By
}

// ReceiptConfirmed says the requester confirmed receiving the delivery.
type ReceiptConfirmed struct {
	Comment string `json:"comment"`
	By
}

// EventType implementations.
func (Created) EventType() string           { return TypeCreated }
func (Edited) EventType() string            { return TypeEdited }
func (Ranked) EventType() string            { return TypeRanked }
func (Removed) EventType() string           { return TypeRemoved }
func (Sent) EventType() string              { return TypeSent }
func (StepApproved) EventType() string      { return TypeStepApproved }
func (StepRejected) EventType() string      { return TypeStepRejected }
func (DecisionUndone) EventType() string    { return TypeDecisionUndone }
func (Locked) EventType() string            { return TypeLocked }
func (Unlocked) EventType() string          { return TypeUnlocked }
func (AttachmentAdded) EventType() string   { return TypeAttachmentAdded }
func (AttachmentRemoved) EventType() string { return TypeAttachmentRemoved }
func (DeliveryChanged) EventType() string   { return TypeDeliveryChanged }
func (ReceiptConfirmed) EventType() string  { return TypeReceiptConfirmed }

var (
	_ Event = Created{}
	_ Event = Edited{}
	_ Event = Ranked{}
	_ Event = Removed{}
	_ Event = Sent{}
	_ Event = StepApproved{}
	_ Event = StepRejected{}
	_ Event = DecisionUndone{}
	_ Event = Locked{}
	_ Event = Unlocked{}
	_ Event = AttachmentAdded{}
	_ Event = AttachmentRemoved{}
	_ Event = DeliveryChanged{}
	_ Event = ReceiptConfirmed{}
)

// NewEvent returns an empty event of a type, to decode into; nil for an unknown type.
func NewEvent(eventType string) Event {
	switch eventType {
	case TypeCreated:
		return &Created{}
	case TypeEdited:
		return &Edited{}
	case TypeRanked:
		return &Ranked{}
	case TypeRemoved:
		return &Removed{}
	case TypeSent:
		return &Sent{}
	case TypeStepApproved:
		return &StepApproved{}
	case TypeStepRejected:
		return &StepRejected{}
	case TypeDecisionUndone:
		return &DecisionUndone{}
	case TypeLocked:
		return &Locked{}
	case TypeUnlocked:
		return &Unlocked{}
	case TypeAttachmentAdded:
		return &AttachmentAdded{}
	case TypeAttachmentRemoved:
		return &AttachmentRemoved{}
	case TypeDeliveryChanged:
		return &DeliveryChanged{}
	case TypeReceiptConfirmed:
		return &ReceiptConfirmed{}
	}
	return nil
}

// Deref turns a pointer from NewEvent (after decoding) into the event value Apply takes.
func Deref(e Event) Event {
	switch p := e.(type) {
	case *Created:
		return *p
	case *Edited:
		return *p
	case *Ranked:
		return *p
	case *Removed:
		return *p
	case *Sent:
		return *p
	case *StepApproved:
		return *p
	case *StepRejected:
		return *p
	case *DecisionUndone:
		return *p
	case *Locked:
		return *p
	case *Unlocked:
		return *p
	case *AttachmentAdded:
		return *p
	case *AttachmentRemoved:
		return *p
	case *DeliveryChanged:
		return *p
	case *ReceiptConfirmed:
		return *p
	}
	return e
}

// ByOf returns the By part of any request event.
func ByOf(e Event) By {
	switch e := Deref(e).(type) {
	case Created:
		return e.By
	case Edited:
		return e.By
	case Ranked:
		return e.By
	case Removed:
		return e.By
	case Sent:
		return e.By
	case StepApproved:
		return e.By
	case StepRejected:
		return e.By
	case DecisionUndone:
		return e.By
	case Locked:
		return e.By
	case Unlocked:
		return e.By
	case AttachmentAdded:
		return e.By
	case AttachmentRemoved:
		return e.By
	case DeliveryChanged:
		return e.By
	case ReceiptConfirmed:
		return e.By
	}
	return By{}
}
