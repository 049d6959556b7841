package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"portal/domain/vacation"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/clock"
	rq "portal/domain/request"
	"portal/domain/survey"
)

// PoolFacts reads the facts the commands need besides the log from PostgreSQL: the tenant's
// supporting data (users, employees, units), not read models. Each handler that reads facts
// takes the small interface it needs (ClockEmployees, SurveyMembers, TenantUsers, ...), which
// PoolFacts implements. It is the trusted write side: every query filters by the token's
// tenant itself instead of going through the read API's row-level-security transaction.
type PoolFacts struct{ Pool *pgxpool.Pool }

// TenantUsers finds users of a tenant.
type TenantUsers interface {
	// ByHash maps the hashes of the tenant's users among hashes (only the active ones with
	// active) to their ids; unknown hashes are left out.
	ByHash(ctx context.Context, tenant uuid.UUID, hashes []string, active bool) (map[string]uuid.UUID, error)
}

// Parties implements NotificationParties.
func (f PoolFacts) Parties(ctx context.Context, tenant, sender uuid.UUID, toHash string) (string, bool, uuid.UUID, error) {
	var name *string
	var recipient *uuid.UUID
	err := f.Pool.QueryRow(ctx, `
SELECT (SELECT display_name FROM users WHERE tenant_id = $1 AND id = $2),
       (SELECT id FROM users WHERE tenant_id = $1 AND hash = $3)`, tenant, sender, toHash).Scan(&name, &recipient)
	if err != nil || name == nil {
		return "", false, uuid.Nil, err
	}
	if recipient == nil {
		return *name, true, uuid.Nil, nil
	}
	return *name, true, *recipient, nil
}

// ByHash implements TenantUsers.
func (f PoolFacts) ByHash(ctx context.Context, tenant uuid.UUID, hashes []string, active bool) (map[string]uuid.UUID, error) {
	rows, err := f.Pool.Query(ctx, `SELECT hash, id FROM users WHERE tenant_id = $1 AND hash = ANY($2) AND (active OR NOT $3)`,
		tenant, hashes, active)
	if err != nil {
		return nil, err
	}
	out := map[string]uuid.UUID{}
	var hash string
	var id uuid.UUID
	_, err = pgx.ForEachRow(rows, []any{&hash, &id}, func() error { out[hash] = id; return nil })
	return out, err
}

// KnownUnits implements SurveyAudiences.
func (f PoolFacts) KnownUnits(ctx context.Context, tenant uuid.UUID, ids []uuid.UUID) (bool, error) {
	return f.allOf(ctx, "business_units", tenant, ids)
}

// KnownDepartments implements SurveyAudiences.
func (f PoolFacts) KnownDepartments(ctx context.Context, tenant uuid.UUID, ids []uuid.UUID) (bool, error) {
	return f.allOf(ctx, "departments", tenant, ids)
}

// allOf tells whether ids are distinct rows of the tenant in table.
func (f PoolFacts) allOf(ctx context.Context, table string, tenant uuid.UUID, ids []uuid.UUID) (bool, error) {
	var n int
	err := f.Pool.QueryRow(ctx, `SELECT count(DISTINCT id) FROM `+table+` WHERE tenant_id = $1 AND id = ANY($2)`, tenant, ids).Scan(&n)
	return n == len(ids), err
}

// Member implements SurveyMembers.
func (f PoolFacts) Member(ctx context.Context, tenant, user uuid.UUID) (survey.Member, error) {
	m := survey.Member{UserID: user.String()}
	var unit, dept *uuid.UUID
	err := f.Pool.QueryRow(ctx, `
SELECT e.business_unit_id, e.department_id
FROM users u LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
WHERE u.tenant_id = $1 AND u.id = $2 AND u.active`, tenant, user).Scan(&unit, &dept)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, Forbidden("userHash")
	}
	if err != nil {
		return m, err
	}
	if unit != nil {
		m.UnitID = unit.String()
	}
	if dept != nil {
		m.DepartmentID = dept.String()
	}
	return m, nil
}

// Employee implements ClockEmployees from the supporting tables (migrations/00002_tenancy.sql)
// in one round trip. This is the trusted write side: it filters by the token's tenant itself
// instead of going through the read API's row-level-security transaction.
func (f PoolFacts) Employee(ctx context.Context, tenant, employee uuid.UUID) (emp clock.Employee, found bool, err error) {
	var status string
	var layoff, fences []byte
	err = f.Pool.QueryRow(ctx, `
SELECT e.status, e.layoff,
       coalesce((SELECT json_agg(json_build_object('desc', f.description, 'lat', f.lat, 'lon', f.lon, 'radius', f.radius) ORDER BY f.description, f.id)
                 FROM fences f WHERE f.tenant_id = e.tenant_id AND f.employee_id = e.id), '[]')
FROM employees e WHERE e.tenant_id = $1 AND e.id = $2`, tenant, employee).Scan(&status, &layoff, &fences)
	if errors.Is(err, pgx.ErrNoRows) {
		return emp, false, nil
	}
	if err != nil {
		return emp, false, err
	}
	emp.Status = clock.Status(status)
	if emp.Layoff, err = clock.ParseLayoff(layoff); err != nil {
		return emp, false, fmt.Errorf("employee %s: %w", employee, err)
	}
	var raw []struct {
		Desc   string  `json:"desc"`
		Lat    float64 `json:"lat"`
		Lon    float64 `json:"lon"`
		Radius float64 `json:"radius"` // 0: the fence has no radius of its own
	}
	if err := json.Unmarshal(fences, &raw); err != nil {
		return emp, false, fmt.Errorf("employee %s fences: %w", employee, err)
	}
	for _, f := range raw {
		emp.Fences = append(emp.Fences, clock.Fence{Desc: f.Desc, Position: clock.Position{Lat: f.Lat, Lon: f.Lon}, Radius: f.Radius})
	}
	return emp, true, nil
}

// Relations implements RequestFacts in one query.
func (f PoolFacts) Relations(ctx context.Context, tenant, manager uuid.UUID, subject string, designated []string, day time.Time) (bool, []string, error) {
	var manages bool
	var absent []string
	err := f.Pool.QueryRow(ctx, `
SELECT EXISTS (SELECT FROM employees WHERE tenant_id = $1 AND id = NULLIF($2, '')::uuid AND manager_id = $3),
       ARRAY(SELECT user_id::text FROM approver_absences
             WHERE tenant_id = $1 AND user_id = ANY($4::uuid[]) AND $5::date BETWEEN starts_on AND ends_on)`,
		tenant, subject, manager, designated, day.Format(time.DateOnly)).Scan(&manages, &absent)
	return manages, absent, err
}

// Subject implements RequestFacts.
func (f PoolFacts) Subject(ctx context.Context, tenant, employee uuid.UUID) (SubjectFacts, bool, error) {
	var s SubjectFacts
	var userID, hash *string
	err := f.Pool.QueryRow(ctx, `
SELECT e.manager_id, (SELECT u.id::text FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.id ORDER BY u.id LIMIT 1),
       (SELECT u.hash FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.id ORDER BY u.id LIMIT 1)
FROM employees e WHERE e.tenant_id = $1 AND e.id = $2`, tenant, employee).Scan(&s.Manager, &userID, &hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, false, nil
	}
	if userID != nil {
		s.UserID, s.Hash = *userID, *hash
	}
	return s, err == nil, err
}

// Purchased implements RequestFacts.
func (f PoolFacts) Purchased(ctx context.Context, tenant, user uuid.UUID) (string, bool, error) {
	var purchased string
	err := f.Pool.QueryRow(ctx, `SELECT purchased FROM users WHERE tenant_id = $1 AND id = $2`, tenant, user).Scan(&purchased)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return purchased, err == nil, err
}

// Items implements RequestFacts.
func (f PoolFacts) Items(ctx context.Context, tenant uuid.UUID, ids []string) (map[string]rq.Item, error) {
	rows, err := f.Pool.Query(ctx, `SELECT id::text, code, description, unit FROM request_items WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, tenant, ids)
	if err != nil {
		return nil, err
	}
	found := map[string]rq.Item{}
	var it rq.Item
	_, err = pgx.ForEachRow(rows, []any{&it.ItemID, &it.Code, &it.Description, &it.Unit}, func() error {
		found[it.ItemID] = it
		return nil
	})
	return found, err
}

// Lookup implements RequestFacts.
func (f PoolFacts) Lookup(ctx context.Context, tenant uuid.UUID, kind, id string) (rq.LookupRef, bool, error) {
	q := `SELECT id::text, code, description FROM request_lookups WHERE tenant_id = $1 AND kind = $2 AND id = $3::uuid`
	switch kind {
	case "departments", "business_units", "positions":
		// The table name is one of three constants, never input.
		q = `SELECT id::text, '', name FROM ` + pgx.Identifier{kind}.Sanitize() + ` WHERE tenant_id = $1 AND $2::text IS NOT NULL AND id = $3::uuid`
	}
	var r rq.LookupRef
	err := f.Pool.QueryRow(ctx, q, tenant, kind, id).Scan(&r.ID, &r.Code, &r.Description)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, false, nil
	}
	return r, err == nil, err
}

// Users implements NoticeFacts.
func (f PoolFacts) Users(ctx context.Context, tenant uuid.UUID, ids []string) (map[string]Recipient, error) {
	valid := []string{}
	for _, id := range ids {
		if _, err := uuid.Parse(id); err == nil {
			valid = append(valid, id)
		}
	}
	out := map[string]Recipient{}
	if len(valid) == 0 {
		return out, nil
	}
	rows, err := f.Pool.Query(ctx, `SELECT id, hash, language FROM users WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, tenant, valid)
	if err != nil {
		return nil, err
	}
	var u Recipient
	_, err = pgx.ForEachRow(rows, []any{&u.ID, &u.Hash, &u.Lang}, func() error {
		out[u.ID.String()] = u
		return nil
	})
	return out, err
}

// Approvers implements NoticeFacts: the designated approver, and, when nobody is designated
// or the designated approver is absent on day, the active holders of the step's role.
func (f PoolFacts) Approvers(ctx context.Context, tenant uuid.UUID, step rq.Step, day time.Time) ([]Recipient, error) {
	designated := step.Designated.ID
	if _, err := uuid.Parse(designated); err != nil {
		designated = "" // a step designates a user by id; anything else designates nobody
	}
	rows, err := f.Pool.Query(ctx, `
SELECT id, hash, language FROM users WHERE tenant_id = $1 AND id = NULLIF($2, '')::uuid
UNION ALL
(SELECT id, hash, language FROM users WHERE tenant_id = $1 AND active AND $3 <> '' AND $3 = ANY(roles)
   AND ($2 = '' OR EXISTS (SELECT FROM approver_absences WHERE tenant_id = $1 AND user_id = NULLIF($2, '')::uuid
                           AND $4::date BETWEEN starts_on AND ends_on))
 ORDER BY id LIMIT $5)`,
		tenant, designated, step.Role, day.UTC().Format(time.DateOnly), maxNotified)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Recipient, error) {
		var u Recipient
		return u, r.Scan(&u.ID, &u.Hash, &u.Lang)
	})
}

// Chain implements RequestFacts.
func (f PoolFacts) Chain(ctx context.Context, tenant uuid.UUID, origin rq.Origin, subject string) ([]rq.ChainStep, rq.Actor, error) {
	var manager rq.Actor
	err := f.Pool.QueryRow(ctx, `
SELECT coalesce((SELECT u.id::text FROM employees e JOIN users u ON u.tenant_id = e.tenant_id AND u.employee_id = e.manager_id
                 WHERE e.tenant_id = $1 AND e.id = NULLIF($2, '')::uuid AND u.active ORDER BY u.id LIMIT 1), ''),
       coalesce((SELECT u.hash FROM employees e JOIN users u ON u.tenant_id = e.tenant_id AND u.employee_id = e.manager_id
                 WHERE e.tenant_id = $1 AND e.id = NULLIF($2, '')::uuid AND u.active ORDER BY u.id LIMIT 1), '')`,
		tenant, subject).Scan(&manager.ID, &manager.Hash)
	if err != nil {
		return nil, manager, err
	}
	rows, err := f.Pool.Query(ctx, `
SELECT c.kind, c.label, c.role, coalesce(u.id::text, ''), coalesce(u.hash, '')
FROM request_chains c LEFT JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.designated_user_id
WHERE c.tenant_id = $1 AND c.origin = $2 ORDER BY c.position`, tenant, int(origin))
	if err != nil {
		return nil, manager, err
	}
	var config []rq.ChainStep
	var c rq.ChainStep
	var kind string
	_, err = pgx.ForEachRow(rows, []any{&kind, &c.Label, &c.Role, &c.Designated.ID, &c.Designated.Hash}, func() error {
		c.Kind = rq.StepKind(kind)
		config = append(config, c)
		return nil
	})
	return config, manager, err
}

// VacationSubject is what the vacation rules need to know of an employee: the hire date,
// the work schedule (weekly rest days), the manager and the access switches of their user.
type VacationSubject struct {
	Employee   uuid.UUID
	Name       string
	Hired      time.Time
	Schedule   vacation.Schedule
	Manager    uuid.UUID // uuid.Nil: heads their department
	Department uuid.UUID
	User       uuid.UUID // the employee's user; uuid.Nil when none
	Switches   vacation.Switches
}

// VacationSubject implements VacationFacts.
func (f PoolFacts) VacationSubject(ctx context.Context, tenant, employee uuid.UUID) (VacationSubject, error) {
	s := VacationSubject{Employee: employee}
	var (
		kind           string
		schedule, acfg []byte
		manager, user  *uuid.UUID
	)
	err := f.Pool.QueryRow(ctx, `
SELECT e.name, e.hire_date, e.schedule_type, e.schedule, e.manager_id, e.department_id,
       u.id, coalesce(u.access_config, '{}') || coalesce((SELECT "values" FROM tenant_settings WHERE tenant_id = e.tenant_id AND key = 'access_id'), '{}')
FROM employees e
LEFT JOIN LATERAL (SELECT id, access_config FROM users WHERE tenant_id = e.tenant_id AND employee_id = e.id
                   ORDER BY active DESC LIMIT 1) u ON true
WHERE e.tenant_id = $1 AND e.id = $2`, tenant, employee).
		Scan(&s.Name, &s.Hired, &kind, &schedule, &manager, &s.Department, &user, &acfg)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, NotFound("m01Ukey")
	}
	if err != nil {
		return s, err
	}
	if manager != nil {
		s.Manager = *manager
	}
	if user != nil {
		s.User = *user
	}
	if s.Schedule, err = vacation.ParseSchedule(kind, schedule); err != nil {
		return s, err
	}
	var switches map[string]int
	_ = json.Unmarshal(acfg, &switches) // a malformed config grants nothing
	s.Switches = vacation.Switches{
		Vacation:  switches["solicita_ferias"] == 1,
		Abono:     switches["solicita_abono_ferias"] == 1,
		Advance13: switches["solicita_13_ferias"] == 1,
	}
	return s, nil
}

// Calendar implements VacationFacts: the national and movable holidays and the tenant's own
// fixed dates (tenant_holidays).
func (f PoolFacts) Calendar(ctx context.Context, tenant uuid.UUID) (*vacation.Calendar, []vacation.FixedDate, error) {
	rows, err := f.Pool.Query(ctx, `SELECT month, day, name FROM tenant_holidays WHERE tenant_id = $1 ORDER BY month, day`, tenant)
	if err != nil {
		return nil, nil, err
	}
	fixed, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (vacation.FixedDate, error) {
		var f vacation.FixedDate
		var m, d int16
		err := r.Scan(&m, &d, &f.Key)
		f.Month, f.Day = time.Month(m), int(d)
		return f, err
	})
	if err != nil {
		return nil, nil, err
	}
	return vacation.NewCalendar(fixed), fixed, nil
}

// AlertTarget is an employee who may be owed an alert, with whom to tell: their active user
// and their manager's (nil: none), hashes and languages.
type AlertTarget struct {
	Tenant, Employee  uuid.UUID
	Name              string
	User, Manager     *uuid.UUID
	UserHash, MgrHash *string
	UserLang, MgrLang *string
}

// AlertTargets implements AlertTargets.
func (f PoolFacts) AlertTargets(ctx context.Context, today time.Time) ([]AlertTarget, error) {
	rows, err := f.Pool.Query(ctx, `
SELECT e.tenant_id, e.id, e.name, u.id, u.hash, u.language, m.id, m.hash, m.language
FROM employees e
LEFT JOIN LATERAL (SELECT id, hash, language FROM users WHERE tenant_id = e.tenant_id AND employee_id = e.id AND active LIMIT 1) u ON true
LEFT JOIN LATERAL (SELECT id, hash, language FROM users WHERE tenant_id = e.tenant_id AND employee_id = e.manager_id AND active LIMIT 1) m ON true
WHERE e.status <> 'inactive' AND e.hire_date <= $1::date - interval '1 year'`, today)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (AlertTarget, error) {
		var t AlertTarget
		return t, r.Scan(&t.Tenant, &t.Employee, &t.Name, &t.User, &t.UserHash, &t.UserLang, &t.Manager, &t.MgrHash, &t.MgrLang)
	})
}

// SubjectFacts are an employee's manager (nil: none) and first user ("": none).
type SubjectFacts struct {
	Manager      *uuid.UUID
	UserID, Hash string
}

// Recipient is a user a notice goes to.
type Recipient struct {
	ID         uuid.UUID
	Hash, Lang string
}

// maxNotified bounds the notices one step sends (a role may have many holders).
const maxNotified = 50
