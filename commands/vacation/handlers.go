package vacation

import (
	"errors"
	"time"

	"portal/eventstore"
)

// Handlers are the vacation commands, built together by New.
type Handlers struct {
	Request *RequestHandler
	Decide  *DecideHandler
	Cancel  *CancelHandler
	Plan    *PlanHandler
	Close   *ClosePeriodHandler
	Alerts  *AlertsHandler
}

// AllFacts are the facts every vacation command reads.
type AllFacts interface {
	Facts
	AlertTargets
}

// New builds the vacation commands on store; chain is the approval chain the requests go
// through (nil: LocalChain).
func New(facts AllFacts, store eventstore.Store, now func() time.Time, chain Chain) (*Handlers, error) {
	if chain == nil {
		chain = LocalChain{}
	}
	var h Handlers
	var errs [6]error
	h.Request, errs[0] = NewRequestHandler(facts, store, now, chain)
	h.Decide, errs[1] = NewDecideHandler(facts, store, now, chain)
	h.Cancel, errs[2] = NewCancelHandler(facts, store, now, chain)
	h.Plan, errs[3] = NewPlanHandler(facts, store, now, chain)
	h.Close, errs[4] = NewClosePeriodHandler(facts, store, now, chain)
	h.Alerts, errs[5] = NewAlertsHandler(facts, store, now)
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	return &h, nil
}
