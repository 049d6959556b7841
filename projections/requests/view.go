package requests

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	rq "portal/domain/request"
)

// Person names a person in request answers (docs/api.md "Requests": Person).
type Person struct {
	UserHash string `json:"userHash"`
	M01Ukey  string `json:"m01Ukey"`
	Nome     string `json:"nome"`
}

// StepView is the waiting step of a request.
type StepView struct {
	Index          int     `json:"index"`
	Kind           string  `json:"kind"`
	Label          string  `json:"label"`
	Approver       *Person `json:"approver"`
	LockedTo       *Person `json:"lockedTo"`
	LockedToAbsent bool    `json:"lockedToAbsent"`
}

// AttachmentView is an attachment as answered.
type AttachmentView struct {
	ID      string `json:"id"`
	Nome    string `json:"nome"`
	Tipo    string `json:"tipo"`
	Tamanho int64  `json:"tamanho"`
	SHA256  string `json:"sha256"`
	URL     string `json:"url"`
}

// Doc is a request as the API answers it (docs/api.md "Requests": Request).
type Doc struct {
	AC4Ukey        string        `json:"ac4Ukey"`
	ID             string        `json:"id"`
	Rank           int           `json:"rank"`
	Origem         int           `json:"origem"`
	Tipo           string        `json:"tipo"`
	Titulo         string        `json:"titulo"`
	Motivo         string        `json:"motivo"`
	Comentario     string        `json:"comentario"`
	Prioridade     int           `json:"prioridade"`
	DataReferencia string        `json:"dataReferencia"`
	DataEntrega    *string       `json:"dataEntrega"`
	DataInicio     *string       `json:"dataInicio"`
	DataFim        *string       `json:"dataFim"`
	Itens          []rq.Item     `json:"itens"`
	Ausencia       *rq.Absence   `json:"ausencia"`
	Labels         []string      `json:"labels"`
	Departamento   *rq.LookupRef `json:"departamento"`
	CentroCusto    *rq.LookupRef `json:"centroCusto"`
	// The other lookups, the instalments and the apportionment (docs/api.md "Request lookups").
	CentroResultado *rq.LookupRef    `json:"centroResultado"`
	UnidadeNegocio  *rq.LookupRef    `json:"unidadeNegocio"`
	Cargo           *rq.LookupRef    `json:"cargo"`
	Funcao          *rq.LookupRef    `json:"funcao"`
	UnidadeMedida   *rq.LookupRef    `json:"unidadeMedida"`
	Parcelas        []rq.Instalment  `json:"parcelas"`
	Rateio          []rq.Share       `json:"rateio"`
	Subject         *Person          `json:"subject"`
	CreatedBy       *Person          `json:"createdBy"`
	Status          string           `json:"status"`
	ApprovalStatus  string           `json:"approvalStatus"`
	CurrentStep     *StepView        `json:"currentStep"`
	Locked          bool             `json:"locked"`
	DeliveryStatus  *string          `json:"deliveryStatus"`
	Anexos          []AttachmentView `json:"anexos"`
	CreatedAt       time.Time        `json:"createdAt"`
	UpdatedAt       time.Time        `json:"updatedAt"`
	SentAt          *time.Time       `json:"sentAt"`
	Version         int              `json:"version"`
}

// People resolves user ids (and employee ids, for subjects without a user) to persons.
type People struct {
	users     map[string]Person
	employees map[string]Person
}

// LoadPeople reads the persons a set of requests names, in one query per kind.
func LoadPeople(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, reqs ...*rq.Request) (People, error) {
	var actors []rq.Actor
	var employees []string
	for _, r := range reqs {
		employees = append(employees, r.Subject.EmployeeID)
		actors = append(actors, r.Creator, rq.Actor{ID: r.Subject.UserID})
		for _, s := range r.Steps {
			actors = append(actors, s.Designated)
		}
		for _, d := range r.Decisions {
			actors = append(actors, d.By.Actor, d.By.OnBehalfOf)
		}
	}
	return LoadActors(ctx, tx, tenant, actors, employees)
}

// LoadActors reads the persons of users and employees.
func LoadActors(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, actors []rq.Actor, employees []string) (People, error) {
	p := People{users: map[string]Person{}, employees: map[string]Person{}}
	var users []string
	for _, a := range actors {
		if _, err := uuid.Parse(a.ID); err == nil {
			users = append(users, a.ID)
		}
	}
	var emps []string
	for _, e := range employees {
		if _, err := uuid.Parse(e); err == nil {
			emps = append(emps, e)
		}
	}
	rows, err := tx.Query(ctx, `SELECT u.id::text, u.hash, coalesce(u.employee_id::text, ''), coalesce(e.name, u.display_name)
FROM users u LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
WHERE u.tenant_id = $1 AND u.id = ANY($2::uuid[])`, tenant, users)
	if err != nil {
		return p, err
	}
	for rows.Next() {
		var id string
		var person Person
		if err := rows.Scan(&id, &person.UserHash, &person.M01Ukey, &person.Nome); err != nil {
			rows.Close()
			return p, err
		}
		p.users[id] = person
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return p, err
	}
	rows, err = tx.Query(ctx, `SELECT id::text, name FROM employees WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, tenant, emps)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return p, err
		}
		p.employees[id] = Person{M01Ukey: id, Nome: name}
	}
	return p, rows.Err()
}

// User is the person of a user id; nil for nobody.
func (p People) User(a rq.Actor) *Person {
	if a.IsZero() {
		return nil
	}
	if person, ok := p.users[a.ID]; ok {
		return &person
	}
	return &Person{UserHash: a.Hash}
}

func (p People) subject(s rq.Subject) *Person {
	person := p.employees[s.EmployeeID]
	person.M01Ukey, person.UserHash = s.EmployeeID, s.UserHash
	return &person
}

func optDate(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// AttachmentURL is where an attachment is downloaded (docs/api.md anexos/baixar).
func AttachmentURL(tenant uuid.UUID, id string) string {
	return fmt.Sprintf("/api/cac-app/anexos/baixar?tenId=%s&id=%s&blob=1", tenant, id)
}

// BuildDoc is the API's view of a request. lockedToAbsent is left false: it depends
// on the day, and the read API sets it when it answers.
func BuildDoc(tenant uuid.UUID, r *rq.Request, people People) Doc {
	t, _ := rq.Lookup(r.Origin)
	d := Doc{
		AC4Ukey: r.ID, ID: r.ID, Rank: r.Rank, Origem: int(r.Origin), Tipo: t.Code,
		Titulo: r.Fields.Title, Motivo: r.Fields.Reason, Comentario: r.Fields.Comment, Prioridade: r.Fields.Priority,
		DataReferencia: r.Fields.ReferenceDate, DataEntrega: optDate(r.Fields.DeliveryDate),
		DataInicio: optDate(r.Fields.StartDate), DataFim: optDate(r.Fields.EndDate),
		Itens: r.Fields.Items, Ausencia: r.Fields.Absence, Labels: r.Fields.Labels,
		Departamento: r.Fields.Department, CentroCusto: r.Fields.CostCentre,
		CentroResultado: r.Fields.ResultCentre, UnidadeNegocio: r.Fields.BusinessUnit, Cargo: r.Fields.Position,
		Funcao: r.Fields.Function, UnidadeMedida: r.Fields.Unit,
		Parcelas: emptyIfNil(r.Fields.Instalments), Rateio: emptyIfNil(r.Fields.Apportionment),
		Subject: people.subject(r.Subject), CreatedBy: people.User(r.Creator),
		Status: string(r.Status), ApprovalStatus: r.ApprovalStatus(), Locked: r.Locked,
		Anexos: []AttachmentView{}, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, Version: r.Version,
	}
	if d.Itens == nil {
		d.Itens = []rq.Item{}
	}
	if d.Labels == nil {
		d.Labels = []string{}
	}
	if s, ok := r.CurrentStep(); ok {
		d.CurrentStep = &StepView{Index: s.Index, Kind: string(s.Kind), Label: s.Label,
			Approver: people.User(s.Designated), LockedTo: people.User(s.Designated)}
	}
	if r.Delivery != "" {
		s := string(r.Delivery)
		d.DeliveryStatus = &s
	}
	for _, a := range r.Attachments {
		d.Anexos = append(d.Anexos, AttachmentView{ID: a.ID, Nome: a.Name, Tipo: a.Kind, Tamanho: a.Size, SHA256: a.SHA256,
			URL: AttachmentURL(tenant, a.ID)})
	}
	if !r.SentAt.IsZero() {
		at := r.SentAt
		d.SentAt = &at
	}
	return d
}

// Manages tells whether employee is of the tenant and a direct report of manager; with
// anyone, whether employee is of the tenant at all (HR sees everyone).
func Manages(ctx context.Context, tx pgx.Tx, manager, employee uuid.UUID, anyone bool) (bool, error) {
	var ok bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM employees WHERE tenant_id = app_tenant() AND id = $1 AND (manager_id = $2 OR $3))`,
		employee, manager, anyone).Scan(&ok)
	return ok, err
}

// emptyIfNil answers an empty list as [] rather than null.
func emptyIfNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
