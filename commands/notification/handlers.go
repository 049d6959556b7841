package notification

import (
	"errors"
	"time"

	"portal/eventstore"
)

// Handlers are the notification commands, built together by New.
type Handlers struct {
	Create  *CreateHandler
	Inboxes *Inboxes
}

// New builds the notification commands on store.
func New(parties Parties, store eventstore.Store, now func() time.Time) (*Handlers, error) {
	var h Handlers
	var errs [2]error
	h.Create, errs[0] = NewCreateHandler(parties, store, now)
	h.Inboxes, errs[1] = NewInboxes(store, now)
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	return &h, nil
}
