package process

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/commands/request"
	vacationcmd "portal/commands/vacation"
	rq "portal/domain/request"
	"portal/domain/vacation"
	"portal/eventstore"
)

// RequestsChain routes vacation requests through the approval chains of the requests area
// (spec portal-business §4; issue 5: "the manager and then HR decide through the same chain
// as requests"): each vacation request files and sends a request of origin Ferias (10) whose
// payload names the leave; approvers decide that request (POST request/approve, or
// ferias/aprovar, which forwards to it); the process manager process.VacationRulings mirrors
// each step onto the entitlement (vacation.step_approved/approved/rejected), so balances, the
// map and the approval list follow the request's chain.
type RequestsChain struct {
	facts  request.Facts
	store  eventstore.Store
	now    func() time.Time
	create *request.CreateHandler
	decide *request.DecideStepHandler
}

// NewRequestsChain needs the request facts (PoolFacts), the store, the clock and the requests
// area's handlers.
func NewRequestsChain(facts request.Facts, store eventstore.Store, now func() time.Time, create *request.CreateHandler, decide *request.DecideStepHandler) (*RequestsChain, error) {
	if facts == nil || store == nil || now == nil || create == nil || decide == nil {
		return nil, errors.New("commands.NewRequestsChain: nil dependency")
	}
	return &RequestsChain{facts: facts, store: store, now: now, create: create, decide: decide}, nil
}

var (
	_ vacationcmd.Chain          = (*RequestsChain)(nil)
	_ vacationcmd.ChainStarter   = (*RequestsChain)(nil)
	_ vacationcmd.ChainForwarder = (*RequestsChain)(nil)
)

// VacationRequestID is the request (origin Ferias) filed for a leave: derived from the leave,
// so filing it again after a failure is the same command.
func VacationRequestID(tenant uuid.UUID, leaveID string) uuid.UUID {
	return commands.DeriveID(tenant, "request", vacationRequestCommand(leaveID), "request")
}

func vacationRequestCommand(leaveID string) string { return "vacation/" + leaveID }

// VacationPayload is the payload of a request of origin Ferias: the leave it decides.
type VacationPayload struct {
	LeaveID  string `json:"leaveId"`
	M01Ukey  string `json:"m01Ukey"`
	Inicio   string `json:"inicio"`
	Fim      string `json:"fim"`
	Dias     int    `json:"dias"`
	Abono    int    `json:"abono"`
	Adiant13 bool   `json:"adiantamento13"`
}

// Steps implements VacationChain: the kinds of the chain the requests area will take for the
// subject's request of origin Ferias (the tenant's configured chain, else manager then HR).
func (c *RequestsChain) Steps(ctx context.Context, tenant uuid.UUID, s commands.VacationSubject) ([]string, error) {
	chain, err := request.LoadChain(ctx, c.facts, tenant, rq.Ferias, s.Employee.String())
	if err != nil {
		return nil, err
	}
	kinds := make([]string, len(chain))
	for i, st := range chain {
		kinds[i] = string(st.Kind)
	}
	return kinds, nil
}

// MayDecide implements VacationChain; decisions go through the request (Forward), whose
// rules (designated approver, deputies while absent, roles) decide.
func (c *RequestsChain) MayDecide(commands.Actor, commands.VacationSubject, string) bool {
	return false
}

// Start implements ChainStarter: files and sends the request of origin Ferias for the leave.
func (c *RequestsChain) Start(ctx context.Context, tenant uuid.UUID, a commands.Actor, s commands.VacationSubject, r vacation.Requested) error {
	end := r.Start.AddDate(0, 0, r.Days-1)
	payload, err := json.Marshal(VacationPayload{LeaveID: r.ID, M01Ukey: s.Employee.String(), Inicio: vacationcmd.DayString(r.Start),
		Fim: vacationcmd.DayString(end), Dias: r.Days, Abono: r.AbonoDays, Adiant13: r.Advance13})
	if err != nil {
		return err
	}
	title := vacation.Title("pt", r.Start, r.Days) // the request keeps it in Portuguese; readers see theirs
	_, err = c.create.Handle(ctx, request.Create{
		CommandID: vacationRequestCommand(r.ID),
		Caller:    commands.RequestCaller{Tenant: tenant, UserID: a.UserID, UserHash: a.UserHash, EmployeeID: a.EmployeeID, Roles: a.Roles},
		Body: rq.Body{M01Ukey: s.Employee.String(), Origin: rq.Ferias, Send: true, Fields: rq.Fields{
			Title: title, Reason: title, Comment: title, Priority: 2, ReferenceDate: vacationcmd.DayString(r.Start), StartDate: vacationcmd.DayString(r.Start), EndDate: vacationcmd.DayString(end),
		}},
		Payload: payload,
	})
	return err
}

// Forward implements ChainForwarder: an approver's ruling on a leave is their decision on
// the leave's request (step = the index they saw).
func (c *RequestsChain) Forward(ctx context.Context, cmd vacationcmd.Decide) (vacationcmd.Decided, error) {
	action := request.Reject
	if cmd.Approve {
		action = request.Approve
	}
	r, err := c.decide.Handle(ctx, request.DecideStep{
		CommandID: cmd.CommandID,
		Caller: commands.RequestCaller{Tenant: cmd.Tenant, UserID: cmd.Actor.UserID, UserHash: cmd.Actor.UserHash, EmployeeID: cmd.Actor.EmployeeID,
			Roles: cmd.Actor.Roles},
		ID: VacationRequestID(cmd.Tenant, cmd.LeaveID.String()), Action: action, Step: cmd.Step, Comment: cmd.Comment,
	})
	if err != nil {
		return vacationcmd.Decided{}, err
	}
	switch r.Status {
	case rq.StatusApproved:
		return vacationcmd.Decided{Status: "scheduled", Step: cmd.Step}, nil
	case rq.StatusRejected:
		return vacationcmd.Decided{Status: "rejected", Step: cmd.Step}, nil
	}
	return vacationcmd.Decided{Status: "pending", Step: cmd.Step + 1}, nil
}
