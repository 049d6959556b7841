package clock

import (
	"errors"
	"time"

	"portal/eventstore"
)

// Handlers are the time-clock commands, built together by New.
type Handlers struct {
	Register *RegisterMarkHandler
	Remove   *RemoveAddressHandler
	Ask      *AskAdjustmentHandler
	Record   *RecordByHRHandler // HR marking
	// Employees are the facts Register decides on, cached: from memory while the process
	// runs Employees.Watch, else read for each punch.
	Employees *CachedEmployees
}

// Facts are the supporting facts the clock commands decide on (commands.PoolFacts).
type Facts interface {
	Employees
	HREmployees
}

// New builds the time-clock commands on store. Punches decide on facts cached for at most
// ttl (should a change ever go unannounced); adjustments are filed through requests.
func New(facts Facts, ttl time.Duration, requests RequestCreator, store eventstore.Store, now func() time.Time) (*Handlers, error) {
	h := Handlers{Employees: NewCachedEmployees(facts, ttl)}
	var errs [4]error
	h.Register, errs[0] = NewRegisterMarkHandler(h.Employees, store, now)
	h.Remove, errs[1] = NewRemoveAddressHandler(store, now)
	h.Ask, errs[2] = NewAskAdjustmentHandler(requests, store, now)
	h.Record, errs[3] = NewRecordByHRHandler(facts, store, now)
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	return &h, nil
}
