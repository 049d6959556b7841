// Package request is the request lifecycle (spec portal-business §2 Requests, §3 Request,
// §4 Approval and Delivery, §5 validation, §8 errors): a request is saved (draft), edited,
// ranked, removed, sent to an approval chain, decided step by step (approve, reject, undo),
// locked and unlocked, and, for types with a delivery, delivered and its receipt confirmed.
//
// A Request is one stream ("request-<id>"). The package is pure: no I/O, no clock; what a
// rule needs to know about the world (who is absent, whether another open request exists,
// whether the caller is the requester) comes in as Facts from the command layer. Decide
// methods return events; Apply only changes state.
//
// Other origins reuse the chains: a module with its own payload (punch adjustments, origin
// AjustePonto) creates a request with Payload set, and reacts to the final StepApproved of
// its origin; every approval rule here applies to it unchanged.
package request

import (
	"slices"
	"time"

	"portal/domain"
)

// Message keys of refusals (docs/api.md "Requests"; the web app translates them).
const (
	KeyDeliveryBefore     = "data_entrega_anterior"
	KeyAttachmentRequired = "anexo_obrigatorio"
	KeyTypeInvalid        = "tipo_invalido"
	KeyOpenExists         = "solicitacao_aberta_existente"
	KeyNotFound           = "solicitacao_nao_encontrada"
	KeyReviewedByHR       = "solicitacao_ja_avaliada_rh"
	KeyAlreadyDecided     = "solicitacao_ja_decidida"
	KeyDesignated         = "aprovador_designado"
	KeyLocked             = "solicitacao_bloqueada"
	KeyUnlocked           = "solicitacao_desbloqueada"
	KeyNotSent            = "solicitacao_nao_enviada"
	KeyAlreadySent        = "solicitacao_ja_enviada"
	KeyInApproval         = "solicitacao_em_aprovacao"
	KeyInDelivery         = "solicitacao_em_entrega"
	KeyDeliveryInvalid    = "entrega_invalida"
	KeyNotDelivered       = "entrega_nao_realizada"
	KeyFileTooLarge       = "arquivo_muito_grande"
	KeyFileType           = "tipo_arquivo_invalido"
)

// Roles the rules read (spec §6): HR admins rule the HR step, deliver, and deputise for an
// absent designated approver.
const (
	RoleHR      = "pwa-rh-adm"
	RoleManager = "pwa-rh-ges"
)

// Status is where a request is in its life.
type Status string

// Statuses.
const (
	StatusDraft    Status = "draft"
	StatusWaiting  Status = "waiting"
	StatusApproved Status = "approved"
	StatusRejected Status = "rejected"
	StatusRemoved  Status = "removed"
)

// Delivery is the delivery status (§3, §4); "" for a request without a delivery or not yet
// approved.
type Delivery string

// Delivery statuses.
const (
	DeliveryPending   Delivery = "pending"
	Delivered         Delivery = "delivered"
	PartiallyDeliv    Delivery = "partially_delivered"
	NotDelivered      Delivery = "not_delivered"
	DeliveryConfirmed Delivery = "confirmed"
	DeliveryCancelled Delivery = "cancelled"
)

// Subject is the employee a request is for, with their user.
type Subject struct {
	EmployeeID string `json:"employeeId"`
	UserID     string `json:"userId"`
	UserHash   string `json:"userHash"`
}

// Attachment is a file on a request; its bytes live apart, named by ID and SHA256.
type Attachment struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Kind   string `json:"kind"` // pdf, doc, xls, txt, jpg, png
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Decision is a recorded approval or rejection of a step.
type Decision struct {
	Step     int
	Kind     StepKind
	Approved bool
	Comment  string
	By       By
}

// Request is the aggregate.
type Request struct {
	ID          string
	Origin      Origin
	Subject     Subject
	Creator     Actor
	Fields      Fields
	Payload     []byte
	Rank        int
	Status      Status
	Steps       []Step
	Decisions   []Decision // the decisions in force, oldest first (an undo pops the latest)
	Locked      bool
	Attachments []Attachment
	Delivery    Delivery
	CreatedAt   time.Time
	UpdatedAt   time.Time
	SentAt      time.Time
	Version     int // events applied
}

// Clone returns a copy that can be changed without changing r (the command layer caches
// folded requests).
func (r *Request) Clone() *Request {
	c := *r
	c.Payload = slices.Clone(r.Payload)
	c.Steps = slices.Clone(r.Steps)
	c.Decisions = slices.Clone(r.Decisions)
	c.Attachments = slices.Clone(r.Attachments)
	c.Fields.Items = slices.Clone(r.Fields.Items)
	c.Fields.Labels = slices.Clone(r.Fields.Labels)
	c.Fields.Instalments = slices.Clone(r.Fields.Instalments)
	c.Fields.Apportionment = slices.Clone(r.Fields.Apportionment)
	if r.Fields.Absence != nil {
		a := *r.Fields.Absence
		c.Fields.Absence = &a
	}
	return &c
}

// Exists tells whether the request was created.
func (r *Request) Exists() bool { return r.ID != "" }

// Current is the index of the step waiting for a decision, or -1.
func (r *Request) Current() int {
	if r.Status != StatusWaiting || len(r.Decisions) >= len(r.Steps) {
		return -1
	}
	return len(r.Decisions)
}

// CurrentStep is the waiting step, if any.
func (r *Request) CurrentStep() (Step, bool) {
	i := r.Current()
	if i < 0 {
		return Step{}, false
	}
	return r.Steps[i], true
}

// HRRuled tells whether an HR step has been decided: from then on nothing changes (§4).
func (r *Request) HRRuled() bool {
	return slices.ContainsFunc(r.Decisions, func(d Decision) bool { return d.Kind == KindHR })
}

// Editable tells whether the requester may still change the request: saved, or sent but
// not yet decided at any step.
func (r *Request) Editable() bool {
	return r.Status == StatusDraft || (r.Status == StatusWaiting && len(r.Decisions) == 0)
}

// Open tells whether the request counts for the one-open-request rule (§4, §5).
func (r *Request) Open() bool { return r.Status == StatusDraft || r.Status == StatusWaiting }

// ApprovalStatus is the spec's approval status (§3): waiting per step kind, approved,
// approved by HR, rejected; plus draft and removed.
func (r *Request) ApprovalStatus() string {
	switch r.Status {
	case StatusWaiting:
		if s, ok := r.CurrentStep(); ok {
			return "waiting_" + string(s.Kind)
		}
		return "waiting_manager"
	case StatusApproved:
		if n := len(r.Decisions); n > 0 && r.Decisions[n-1].Kind == KindHR {
			return "approved_hr"
		}
		return "approved"
	}
	return string(r.Status)
}

// HasDelivery tells whether the request's type is delivered once approved.
func (r *Request) HasDelivery() bool {
	t, ok := Lookup(r.Origin)
	return ok && t.Delivery
}

// Apply changes the state by one event.
func (r *Request) Apply(e Event) {
	e = Deref(e)
	b := ByOf(e)
	r.Version++
	if !b.At.IsZero() {
		r.UpdatedAt = b.At
	}
	switch e := e.(type) {
	case Created:
		r.ID, r.Origin, r.Subject, r.Creator = e.RequestID, e.Origin, e.Subject, e.Actor
		r.Fields, r.Payload, r.Status, r.CreatedAt, r.Rank = e.Fields, e.Payload, StatusDraft, e.At, e.Rank
	case Edited:
		r.Fields = e.Fields
	case Ranked:
		r.Rank = e.Rank
	case Removed:
		r.Status = StatusRemoved
	case Sent:
		r.Steps, r.Status, r.SentAt, r.Decisions = e.Steps, StatusWaiting, e.At, nil
		if len(r.Steps) == 0 {
			r.Status = StatusApproved
			r.startDelivery()
		}
	case StepApproved:
		r.Decisions = append(r.Decisions, Decision{Step: e.Step, Kind: e.Kind, Approved: true, Comment: e.Comment, By: e.By})
		if e.Final {
			r.Status = StatusApproved
			r.startDelivery()
		}
	case StepRejected:
		r.Decisions = append(r.Decisions, Decision{Step: e.Step, Kind: e.Kind, Comment: e.Comment, By: e.By})
		r.Status = StatusRejected
	case DecisionUndone:
		if n := len(r.Decisions); n > 0 {
			r.Decisions = r.Decisions[:n-1]
		}
		r.Status, r.Delivery = StatusWaiting, ""
	case Locked:
		r.Locked = true
	case Unlocked:
		r.Locked = false
	case AttachmentAdded:
		r.Attachments = append(r.Attachments, e.Attachment)
	case AttachmentRemoved:
		r.Attachments = slices.DeleteFunc(r.Attachments, func(a Attachment) bool { return a.ID == e.AttachmentID })
	case DeliveryChanged:
		r.Delivery = e.Status
	case ReceiptConfirmed:
		r.Delivery = DeliveryConfirmed
	}
}

func (r *Request) startDelivery() {
	if r.HasDelivery() {
		r.Delivery = DeliveryPending
	}
}

// Fold builds a request from its events.
func Fold(events []Event) *Request {
	r := &Request{}
	for _, e := range events {
		r.Apply(e)
	}
	return r
}

func refused(field, key string) error { return domain.Refusal(field, key) }

func conflict(field, key string) error {
	return &domain.Error{Kind: domain.Conflict, Field: field, Key: key}
}

func forbidden(field, key string) error {
	return &domain.Error{Kind: domain.Forbidden, Field: field, Key: key}
}

func notFound() error {
	return &domain.Error{Kind: domain.NotFound, Field: "id", Key: KeyNotFound}
}
