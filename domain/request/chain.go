package request

import (
	"slices"

	"portal/domain"
)

// StepKind is what an approval step waits for (§3 approval status: manager, HR, phase change).
type StepKind string

// Step kinds.
const (
	KindManager StepKind = "manager"
	KindHR      StepKind = "hr"
	KindPhase   StepKind = "phase"
)

// Step is one step of an approval chain, as taken at send time. Designated is the one
// approver the step is locked to (the subject's manager on a manager step, or a person
// configured for the step); Role is who may decide when nobody is designated, and who may
// deputise while the designated approver is absent.
type Step struct {
	Index      int      `json:"index"`
	Kind       StepKind `json:"kind"`
	Label      string   `json:"label"`
	Role       string   `json:"role"`
	Designated Actor    `json:"designated"`
}

// ChainStep is a configured step of a type's chain (the tenant's request_chains table).
type ChainStep struct {
	Kind       StepKind
	Label      string
	Role       string // empty: HR admins
	Designated Actor  // for phase and HR steps; zero: anyone with Role
}

// DefaultChain is the chain of a type the tenant did not configure: the employee's manager,
// then HR (§4).
var DefaultChain = []ChainStep{{Kind: KindManager}, {Kind: KindHR}}

// BuildChain turns a configured chain into the steps of one request: a manager step is
// locked to the subject's manager (and dropped when the subject has none, so HR decides);
// steps without a role are for HR admins; labels default to the kind.
func BuildChain(config []ChainStep, manager Actor) []Step {
	if len(config) == 0 {
		config = DefaultChain
	}
	var steps []Step
	for _, c := range config {
		s := Step{Kind: c.Kind, Label: c.Label, Role: c.Role, Designated: c.Designated}
		if s.Role == "" {
			s.Role = RoleHR
		}
		if s.Label == "" {
			s.Label = string(s.Kind)
		}
		if s.Kind == KindManager {
			if manager.IsZero() {
				continue
			}
			s.Designated = manager
		}
		s.Index = len(steps)
		steps = append(steps, s)
	}
	return steps
}

// Facts are what the command layer knows about the caller and the world at decision time.
type Facts struct {
	Actor Actor
	Roles []string
	// Requester: the caller is the subject, the creator, or the subject's manager acting
	// for a team member.
	Requester bool
	// Absent holds the user ids of designated approvers who are away today (vacation or
	// leave, table approver_absences).
	Absent map[string]bool
}

// HasRole tells whether the caller holds role.
func (f Facts) HasRole(role string) bool { return slices.Contains(f.Roles, role) }

// MayDecide tells whether the caller may decide step s, and on whose behalf (§4: a step
// locked to a designated approver can be decided by others only while that approver is
// absent; the others are the holders of the step's role and HR admins). Deciding one's own
// request is refused.
func (r *Request) MayDecide(s Step, f Facts) (onBehalfOf Actor, err error) {
	if f.Actor.ID == r.Subject.UserID {
		return Actor{}, forbidden("request", domain.KeyDenied)
	}
	deputy := f.HasRole(s.Role) || f.HasRole(RoleHR)
	if !s.Designated.IsZero() {
		switch {
		case f.Actor.ID == s.Designated.ID:
			return Actor{}, nil
		case deputy && f.Absent[s.Designated.ID]:
			return s.Designated, nil
		case deputy:
			return Actor{}, forbidden("request", KeyDesignated)
		}
		return Actor{}, forbidden("request", domain.KeyDenied)
	}
	if f.HasRole(s.Role) {
		return Actor{}, nil
	}
	return Actor{}, forbidden("request", domain.KeyDenied)
}
