package survey

import (
	"errors"
	"time"

	"portal/commands"
	"portal/eventstore"
)

// Handlers are the survey and PDI commands, built together by New.
type Handlers struct {
	Create    *CreateHandler
	Close     *CloseHandler
	Responses *Responses
	AddAction *AddPDIActionHandler
	Complete  *CompletePDIActionHandler
}

// AllFacts are the facts every survey command reads.
type AllFacts interface {
	Audiences
	Members
	commands.TenantUsers
}

// New builds the survey and PDI commands on store.
func New(facts AllFacts, store eventstore.Store, now func() time.Time) (*Handlers, error) {
	var h Handlers
	var errs [5]error
	h.Create, errs[0] = NewCreateHandler(facts, store, now)
	h.Close, errs[1] = NewCloseHandler(store, now)
	h.Responses, errs[2] = NewResponses(facts, store, now)
	h.AddAction, errs[3] = NewAddPDIActionHandler(facts, store, now)
	h.Complete, errs[4] = NewCompletePDIActionHandler(store, now)
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	return &h, nil
}
