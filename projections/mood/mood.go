package mood

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/mood"
	"portal/eventstore"
	"portal/projections"
	"portal/push"
)

// Mood projects mood.checked_in.v1 into mood_checkins (migrations/00013_mood.sql) and tells
// the browsers that care (topic "mood.checked_in"): the user who checked in (their other
// tabs hide the check-in panel) and the manager of their employee record, whose nine-box
// (spec portal-business §2, /apps/humorEnergy) updates live.
//
// A batch is written with one INSERT over unnest, whatever its size; a check-in already
// projected (a redelivered batch) is neither written nor pushed again.
type Mood struct{}

var _ projections.Projection = Mood{}

// New returns the mood projection.
func New() *Mood { return &Mood{} }

// Topic is the push topic of a check-in (docs/api.md "Live push").
const Topic = "mood.checked_in"

// Name implements Projection.
func (Mood) Name() string { return "mood" }

// Areas implements Selective.
func (Mood) Areas() []string { return []string{"mood."} }

// Reset implements Projection.
func (Mood) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Mood{}.Tables())
}

// Tables implements Tabled.
func (Mood) Tables() []string { return []string{"mood_checkins"} }

// Push is the data of a "mood.checked_in" push. EmployeeID is empty for a user without
// an employee record.
type Push struct {
	UserHash    string    `json:"userHash"`
	EmployeeID  string    `json:"employeeId"`
	Humor       float64   `json:"humor"`
	Energy      float64   `json:"energy"`
	CheckedInAt time.Time `json:"data"`
}

type moodRow struct {
	tenant, id, user uuid.UUID
	employee         *uuid.UUID
	data             Push
	cursor           eventstore.Cursor
}

// Apply implements Projection.
func (Mood) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	rows, err := checkIns(events)
	if err != nil || len(rows) == 0 {
		return err
	}
	n := len(rows)
	tenants, ids, users, employees := make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n)
	humors, energies := make([]float64, n), make([]float64, n)
	at, positions := make([]time.Time, n), make([]int64, n)
	byKey := make(map[[2]uuid.UUID]int, n)
	for i, r := range rows {
		tenants[i], ids[i], users[i] = projections.PgUUID(r.tenant), projections.PgUUID(r.id), projections.PgUUID(r.user)
		if r.employee != nil {
			employees[i] = projections.PgUUID(*r.employee)
		}
		humors[i], energies[i], at[i], positions[i] = r.data.Humor, r.data.Energy, r.data.CheckedInAt, r.cursor.Position
		byKey[[2]uuid.UUID{r.tenant, r.id}] = i
	}
	const insert = `
INSERT INTO mood_checkins (tenant_id, id, user_id, employee_id, humor, energy, checked_in_at, position)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::numeric[], $6::numeric[], $7::timestamptz[], $8::bigint[])
ON CONFLICT (tenant_id, id) DO NOTHING`
	args := []any{tenants, ids, users, employees, humors, energies, at, positions}
	if push.Muted(ctx) {
		if _, err := tx.Exec(ctx, insert, args...); err != nil {
			return fmt.Errorf("mood: %w", err)
		}
		return nil
	}
	// The manager to tell is looked up as the check-in is projected: the nine-box shows
	// today's team, so a later change of manager is not replayed into old pushes.
	res, err := tx.Query(ctx, `
WITH ins AS (`+insert+` RETURNING tenant_id, id, employee_id)
SELECT ins.tenant_id, ins.id, mu.id
FROM ins
LEFT JOIN employees e ON e.tenant_id = ins.tenant_id AND e.id = ins.employee_id
LEFT JOIN users mu ON mu.tenant_id = e.tenant_id AND mu.employee_id = e.manager_id AND mu.active`, args...)
	if err != nil {
		return fmt.Errorf("mood: %w", err)
	}
	type inserted struct {
		i       int
		manager *uuid.UUID
	}
	list, err := pgx.CollectRows(res, func(r pgx.CollectableRow) (inserted, error) {
		var tenant, id uuid.UUID
		var x inserted
		if err := r.Scan(&tenant, &id, &x.manager); err != nil {
			return x, err
		}
		x.i = byKey[[2]uuid.UUID{tenant, id}]
		return x, nil
	})
	if err != nil {
		return fmt.Errorf("mood: %w", err)
	}
	slices.SortStableFunc(list, func(a, b inserted) int { return a.i - b.i }) // log order
	var msgs []push.Message
	for _, x := range list {
		r := rows[x.i]
		msgs = append(msgs, push.Message{Tenant: r.tenant, User: r.user, Topic: Topic, Data: r.data, Event: r.cursor})
		if x.manager != nil && *x.manager != r.user {
			msgs = append(msgs, push.Message{Tenant: r.tenant, User: *x.manager, Topic: Topic, Data: r.data, Event: r.cursor})
		}
	}
	return push.Publish(ctx, tx, msgs...)
}

// checkIns decodes the check-ins among events.
func checkIns(events []eventstore.RecordedEvent) ([]moodRow, error) {
	var rows []moodRow
	for _, e := range events {
		if e.Type != mood.TypeCheckedIn {
			continue
		}
		r, err := decodeCheckedIn(e)
		if err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// decodeCheckedIn reads mood.checked_in.v1 (commands/mood/checkin.go).
func decodeCheckedIn(e eventstore.RecordedEvent) (moodRow, error) {
	var d mood.CheckedInData
	if err := projections.DecodeData(e, &d); err != nil {
		return moodRow{}, err
	}
	id, user, err := projections.UsersEvent(e, "mood", d.ID, d.UserID)
	if err != nil {
		return moodRow{}, err
	}
	if d.Humor < 1 || d.Humor > 5 || d.Energy < 1 || d.Energy > 5 {
		return moodRow{}, fmt.Errorf("event %s (%s): levels %v/%v off the scale", e.ID, e.Type, d.Humor, d.Energy)
	}
	r := moodRow{tenant: e.Tenant, id: id, user: user, cursor: e.Cursor,
		data: Push{UserHash: d.UserHash, EmployeeID: d.EmployeeID, Humor: d.Humor, Energy: d.Energy, CheckedInAt: projections.OrRecorded(d.CheckedInAt, e)}}
	if d.EmployeeID != "" {
		emp, err := projections.ParseID(e, "employee id", d.EmployeeID)
		if err != nil {
			return moodRow{}, err
		}
		r.employee = &emp
	}
	return r, nil
}

// Member is a team member as the nine-box shows them (spec §3 Avatar card: codigo, nome,
// picture, id, emo, title). Emo is nil for a member with no check-in on or before the date.
type Member struct {
	ID      uuid.UUID `json:"id"`
	Codigo  string    `json:"codigo"`
	Nome    string    `json:"nome"`
	Picture string    `json:"picture"`
	Title   string    `json:"title"`
	Emo     *Emo      `json:"emo"`
}

// Emo is a check-in as an avatar shows it.
type Emo struct {
	Energy float64   `json:"energy"`
	Humor  float64   `json:"humor"`
	Data   time.Time `json:"data"`
}

// Team returns the active direct reports of a manager's employee record with each one's
// latest check-in before `before`, ordered by name. tx must be a tenant transaction
// (db.InTenant): row-level security keeps other tenants out.
func (Mood) Team(ctx context.Context, tx pgx.Tx, manager uuid.UUID, before time.Time) ([]Member, error) {
	rows, err := tx.Query(ctx, `
SELECT e.id, e.code, e.name, coalesce(p.name, ''), m.humor::float8, m.energy::float8, m.checked_in_at
FROM employees e
LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
LEFT JOIN LATERAL (
    SELECT c.humor, c.energy, c.checked_in_at FROM mood_checkins c
    WHERE c.tenant_id = e.tenant_id AND c.employee_id = e.id AND c.checked_in_at < $2
    ORDER BY c.checked_in_at DESC, c.position DESC LIMIT 1) m ON true
WHERE e.tenant_id = app_tenant() AND e.manager_id = $1 AND e.status <> 'inactive'
ORDER BY e.name, e.id`, manager, before)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Member, error) {
		var m Member
		var humor, energy *float64
		var at *time.Time
		if err := r.Scan(&m.ID, &m.Codigo, &m.Nome, &m.Title, &humor, &energy, &at); err != nil {
			return m, err
		}
		if humor != nil && energy != nil && at != nil {
			m.Emo = &Emo{Humor: *humor, Energy: *energy, Data: at.UTC()}
		}
		return m, nil
	})
}

// LastCheckIn returns the time of the user's last projected check-in (zero: none). tx must be
// a tenant transaction.
func (Mood) LastCheckIn(ctx context.Context, tx pgx.Tx, user uuid.UUID) (time.Time, error) {
	var at *time.Time
	err := tx.QueryRow(ctx, `SELECT max(checked_in_at) FROM mood_checkins WHERE tenant_id = app_tenant() AND user_id = $1`, user).Scan(&at)
	if err != nil || at == nil {
		return time.Time{}, err
	}
	return at.UTC(), nil
}

// Projections are the read models of the area for the runner: the check-ins and the mood report.
func Projections() []projections.Projection {
	return []projections.Projection{New(), Report{}}
}
