package survey

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	"portal/domain/survey"
	"portal/eventstore"
)

// Create is HR's command to create a survey (issue 6: eNPS, climate, poll and 360
// surveys with an audience, a validity period and questions of every dynamic type).
type Create struct {
	CommandID string
	Tenant    uuid.UUID
	UserID    uuid.UUID
	Roles     []string
	Draft     survey.Draft // from survey.ParseCreate
}

// CreateHandler creates surveys.
type CreateHandler struct {
	facts Audiences
	store eventstore.Store
	now   func() time.Time
}

// Audiences checks a survey's audience in the tenant: its units and departments, and
// its 360 people (TenantUsers.ByHash).
type Audiences interface {
	commands.TenantUsers
	KnownUnits(ctx context.Context, tenant uuid.UUID, ids []uuid.UUID) (bool, error)
	KnownDepartments(ctx context.Context, tenant uuid.UUID, ids []uuid.UUID) (bool, error)
}

// NewCreateHandler needs the audience facts (PoolFacts), the event store and the
// server clock.
func NewCreateHandler(facts Audiences, store eventstore.Store, now func() time.Time) (*CreateHandler, error) {
	if facts == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewCreateSurveyHandler: nil dependency")
	}
	return &CreateHandler{facts: facts, store: store, now: now}, nil
}

// Handle creates the survey and returns it with its ids. Only HR admins may (Forbidden
// otherwise); units, departments and 360 people must be of the caller's tenant. A retried
// command id answers the survey it created the first time.
func (h *CreateHandler) Handle(ctx context.Context, cmd Create) (d survey.Definition, err error) {
	defer commands.Wrap(&err, "Create(%s)", cmd.CommandID)
	if cmd.Tenant == uuid.Nil || cmd.UserID == uuid.Nil || cmd.CommandID == "" {
		return d, errors.New("tenant, user and command id are required")
	}
	if !survey.MayManage(cmd.Roles) {
		return d, commands.Forbidden("request")
	}
	d = cmd.Draft.Definition
	id := commands.DeriveID(cmd.Tenant, "survey", cmd.CommandID, "survey")
	d.ID = id.String()
	for i := range d.Questions {
		d.Questions[i].Ukey = commands.DeriveID(cmd.Tenant, "survey", cmd.CommandID, fmt.Sprintf("question/%d", i)).String()
	}
	if err := h.resolveAudience(ctx, cmd, &d); err != nil {
		return d, err
	}
	events, err := decideSurvey(ctx, h.store, h.now, cmd.Tenant, cmd.UserID, id, cmd.CommandID,
		func(s *survey.Survey, at time.Time) ([]survey.Event, error) {
			return s.Create(d, cmd.UserID.String(), at)
		})
	if created, ok := commands.FirstOf[survey.Created](events); ok {
		d = created.Survey // a retried command: answer what it created
	}
	return d, err
}

// resolveAudience checks the units and departments are the tenant's and turns the 360
// people (userHash) into user ids of the tenant.
func (h *CreateHandler) resolveAudience(ctx context.Context, cmd Create, d *survey.Definition) error {
	bad := domain.InvalidField("publico", survey.KeyAudience)
	a := &d.Audience
	for _, set := range []struct {
		ids   []string
		known func(ctx context.Context, tenant uuid.UUID, ids []uuid.UUID) (bool, error)
	}{{a.Units, h.facts.KnownUnits}, {a.Departments, h.facts.KnownDepartments}} {
		if len(set.ids) == 0 {
			continue
		}
		ids := make([]uuid.UUID, len(set.ids))
		for i, s := range set.ids {
			u, err := uuid.Parse(s)
			if err != nil {
				return bad
			}
			ids[i] = u
		}
		known, err := set.known(ctx, cmd.Tenant, ids)
		if err != nil {
			return err
		}
		if !known {
			return bad
		}
	}
	if d.Kind != survey.Kind360 {
		return nil
	}
	hashes := []string{cmd.Draft.SubjectHash}
	for _, e := range cmd.Draft.EvaluatorHashes {
		hashes = append(hashes, e.UserHash)
	}
	byHash, err := h.facts.ByHash(ctx, cmd.Tenant, hashes, true)
	if err != nil {
		return err
	}
	subject, ok := byHash[cmd.Draft.SubjectHash]
	if !ok {
		return bad
	}
	a.SubjectID, a.Evaluators = subject.String(), nil
	for _, e := range cmd.Draft.EvaluatorHashes {
		id, ok := byHash[e.UserHash]
		if !ok {
			return bad
		}
		a.Evaluators = append(a.Evaluators, survey.Evaluator{UserID: id.String(), Relation: e.Relation})
	}
	return nil
}
