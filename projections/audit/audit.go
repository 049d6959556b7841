package audit

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	auditlog "portal/domain/audit"
	"portal/domain/clock"
	"portal/domain/faq"
	"portal/domain/fence"
	"portal/domain/identity"
	"portal/domain/mood"
	"portal/domain/notification"
	"portal/domain/ombudsman"
	"portal/domain/payroll"
	"portal/domain/rep"
	"portal/domain/request"
	"portal/domain/settings"
	"portal/domain/survey"
	"portal/domain/timesheet"
	"portal/domain/vacation"
)

// The audit area's reads (docs/api.md "Audit"): the subjects whose history can be read and
// the streams of that history, pages of the log itself, and the names of the actors. They run
// in a tenant transaction (row-level security); the log's queries name the tenant too.

// AuditSubject is something whose history can be read: an employee (everything of theirs,
// their punches, their vacation), a request, a survey or the tenant's settings.
type AuditSubject struct {
	Kind   string `json:"kind"` // employee, punches, vacation, request, survey, settings
	ID     string `json:"id"`
	Label  string `json:"label"`
	Detail string `json:"detail,omitempty"`

	Streams []string `json:"-"` // the streams of its history (LoadAuditSubject)
}

// ErrSubjectNotFound is returned for a subject the tenant does not have.
var ErrSubjectNotFound = errors.New("projections: audit subject not found")

// FindAuditSubjects lists the employees (with their punches and vacation), requests and
// surveys whose name, code, login, title or id matches q (like is q as an ILIKE pattern),
// and the tenant's settings when q starts like "configurações"/"settings" or names the
// tenant.
func FindAuditSubjects(ctx context.Context, tx pgx.Tx, q, like string) ([]AuditSubject, error) {
	items := []AuditSubject{}
	rows, err := tx.Query(ctx, `
SELECT e.id::text, e.name, e.code FROM employees e
WHERE e.name ILIKE $1 OR e.code ILIKE $1 OR e.id::text = $2
   OR EXISTS (SELECT 1 FROM users u WHERE u.employee_id = e.id AND u.user_name ILIKE $1)
ORDER BY e.name LIMIT 10`, like, q)
	if err != nil {
		return nil, err
	}
	var id, name, code string
	if _, err := pgx.ForEachRow(rows, []any{&id, &name, &code}, func() error {
		for _, k := range []string{"employee", "punches", "vacation"} {
			items = append(items, AuditSubject{Kind: k, ID: id, Label: name, Detail: code})
		}
		return nil
	}); err != nil {
		return nil, err
	}
	tenant := AuditSubject{Kind: "settings"}
	err = tx.QueryRow(ctx, `SELECT id::text, name, access_code FROM tenants WHERE id = app_tenant()
  AND ($1 ~* '^(conf|sett|ajus|admin)' OR name ILIKE $2 OR access_code ILIKE $2)`, q, like).Scan(&tenant.ID, &tenant.Label, &tenant.Detail)
	switch {
	case err == nil:
		items = append(items, tenant)
	case !errors.Is(err, pgx.ErrNoRows):
		return nil, err
	}
	for _, t := range []struct{ kind, sql string }{
		{"request", `SELECT id::text, title, reference_date::text FROM requests WHERE title ILIKE $1 OR id::text = $2 ORDER BY created_at DESC LIMIT 10`},
		{"survey", `SELECT id::text, title, kind FROM surveys WHERE title ILIKE $1 OR id::text = $2 ORDER BY start_at DESC LIMIT 10`},
		{"fence", `SELECT id::text, name, radius::text || ' m' FROM fence_catalog WHERE name ILIKE $1 OR id::text = $2 ORDER BY removed, name LIMIT 10`},
		{"payroll", `SELECT id::text, kind || ' ' || month, files::text FROM payroll_batches WHERE month ILIKE $1 OR kind ILIKE $1 OR id::text = $2 ORDER BY at DESC LIMIT 10`},
	} {
		rows, err := tx.Query(ctx, t.sql, like, q)
		if err != nil {
			return nil, err
		}
		var id, label, detail string
		if _, err := pgx.ForEachRow(rows, []any{&id, &label, &detail}, func() error {
			items = append(items, AuditSubject{Kind: t.kind, ID: id, Label: label, Detail: detail})
			return nil
		}); err != nil {
			return nil, err
		}
	}
	return items, nil
}

// LoadAuditSubject fills sub (Kind and ID set, ID a UUID) with its label and the streams of
// its history; ErrSubjectNotFound when the tenant does not have it.
func LoadAuditSubject(ctx context.Context, tx pgx.Tx, sub *AuditSubject) error {
	id := uuid.MustParse(sub.ID)
	var err error
	switch sub.Kind {
	case "employee", "punches", "vacation":
		err = loadAuditPerson(ctx, tx, id, sub)
	case "request":
		sub.Streams = []string{request.Stream(id)}
		err = tx.QueryRow(ctx, `SELECT title, reference_date::text FROM requests WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	case "settings": // the caller's own tenant only: another's is no row under RLS
		// its configuration, its timesheet closings, its REP-P establishment (employer and employee records) and its FAQ
		sub.Streams = []string{settings.Stream(id), timesheet.Stream(id), rep.Stream(id), faq.Stream}
		err = tx.QueryRow(ctx, `SELECT name, access_code FROM tenants WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	case "fence": // a removed fence keeps its history
		sub.Streams = []string{fence.Stream(id)}
		err = tx.QueryRow(ctx, `SELECT name, radius::text || ' m' FROM fence_catalog WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	case "payroll": // a payroll batch: its documents, withdrawals and signatures
		sub.Streams = []string{payroll.BatchStream(id.String())}
		err = tx.QueryRow(ctx, `SELECT kind || ' ' || month, files::text FROM payroll_batches WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	case "ombudsman": // one report; readapi/audit hides a private reporter from non-ombudsman viewers
		sub.Streams = []string{ombudsman.Stream(id.String())}
		err = tx.QueryRow(ctx, `SELECT protocol, status FROM ombudsman_reports WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	case "survey":
		sub.Streams = []string{survey.Stream(id)}
		err = tx.QueryRow(ctx, `SELECT title, kind FROM surveys WHERE id = $1`, id).Scan(&sub.Label, &sub.Detail)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrSubjectNotFound
	}
	return err
}

// loadAuditPerson loads an employee subject: their punches, their vacation, or everything of
// theirs (their clock and vacation streams, their user's mood, pdi, identity, notification
// and audit streams, the requests about them). Every name comes from the one function of its
// area that the writers use too: the employee's streams by the employee id, the user's by
// the user id.
func loadAuditPerson(ctx context.Context, tx pgx.Tx, id uuid.UUID, sub *AuditSubject) error {
	var user *uuid.UUID
	err := tx.QueryRow(ctx, `SELECT e.name, e.code, (SELECT u.id FROM users u WHERE u.employee_id = e.id ORDER BY u.user_name LIMIT 1)
FROM employees e WHERE e.id = $1`, id).Scan(&sub.Label, &sub.Detail, &user)
	if err != nil {
		return err
	}
	switch sub.Kind {
	case "punches": // the marks, and the signatures of the months they make
		sub.Streams = []string{clock.Stream(id), timesheet.Stream(id)}
	case "vacation":
		sub.Streams = []string{vacation.Stream(id)}
	case "employee":
		sub.Streams = []string{clock.Stream(id), timesheet.Stream(id), vacation.Stream(id)}
		if user != nil {
			sub.Streams = append(sub.Streams, mood.Stream(*user), survey.PDIStream(*user), identity.Stream(*user),
				notification.Stream(*user), auditlog.Stream(*user))
		}
		rows, err := tx.Query(ctx, `SELECT id FROM requests WHERE subject_employee_id = $1`, id)
		if err != nil {
			return err
		}
		var req uuid.UUID
		_, err = pgx.ForEachRow(rows, []any{&req}, func() error { sub.Streams = append(sub.Streams, request.Stream(req)); return nil })
		return err
	}
	return nil
}

// AuditEvent is an event of the log as the audit area shows it.
type AuditEvent struct {
	Position int64
	Stream   string
	Version  int64
	Type     string
	Actor    string
	At       time.Time // server time of the append
	Data     json.RawMessage
}

// AuditFilter narrows a timeline: types (none: all) and recorded from..to (nil: open).
type AuditFilter struct {
	Types    []string
	From, To *time.Time
}

// AuditTimeline is a page of the events of streams (oldest first) that pass f, with the
// number of those events and every type the streams hold.
func AuditTimeline(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, streams []string, f AuditFilter, limit, offset int) (
	events []AuditEvent, total int64, types []string, err error) {
	rows, err := tx.Query(ctx, `
SELECT position, stream, version, type, actor, recorded_at, data, count(*) OVER ()
FROM events
WHERE tenant_id = $1 AND stream = ANY($2) AND ($3::text[] IS NULL OR type = ANY($3))
  AND ($4::timestamptz IS NULL OR recorded_at >= $4) AND ($5::timestamptz IS NULL OR recorded_at < $5)
ORDER BY position LIMIT $6 OFFSET $7`, tenant, streams, f.Types, f.From, f.To, limit, offset)
	if err != nil {
		return nil, 0, nil, err
	}
	var e AuditEvent
	if _, err := pgx.ForEachRow(rows, []any{&e.Position, &e.Stream, &e.Version, &e.Type, &e.Actor, &e.At, &e.Data, &total}, func() error {
		events = append(events, e)
		return nil
	}); err != nil {
		return nil, 0, nil, err
	}
	rows, err = tx.Query(ctx, `SELECT DISTINCT type FROM events WHERE tenant_id = $1 AND stream = ANY($2) ORDER BY type`, tenant, streams)
	if err != nil {
		return nil, 0, nil, err
	}
	types = []string{}
	var t string
	_, err = pgx.ForEachRow(rows, []any{&t}, func() error { types = append(types, t); return nil })
	return events, total, types, err
}

// AuditReads is a page of 50 of the tenant's events of type readType in the audit streams,
// newest first, with their number.
func AuditReads(ctx context.Context, tx pgx.Tx, tenant uuid.UUID, readType string, offset int) (events []AuditEvent, total int64, err error) {
	// The audit streams are a range of the stream index (the names starting with the prefix,
	// up to the prefix with its last byte raised): no scan of the whole log.
	from := auditlog.StreamPrefix
	to := from[:len(from)-1] + string(from[len(from)-1]+1)
	rows, err := tx.Query(ctx, `
SELECT recorded_at, actor, data, count(*) OVER () FROM events
WHERE tenant_id = $1 AND stream >= $4 AND stream < $5 AND type = $2
ORDER BY position DESC LIMIT 50 OFFSET $3`, tenant, readType, offset, from, to)
	if err != nil {
		return nil, 0, err
	}
	var e AuditEvent
	_, err = pgx.ForEachRow(rows, []any{&e.At, &e.Actor, &e.Data, &total}, func() error {
		events = append(events, e)
		return nil
	})
	return events, total, err
}

// UserNames maps user ids (as text) of the tenant to display names; others are left out.
func UserNames(ctx context.Context, tx pgx.Tx, ids []string) (map[string]string, error) {
	var uids []uuid.UUID
	for _, s := range ids {
		if id, err := uuid.Parse(s); err == nil {
			uids = append(uids, id)
		}
	}
	names := map[string]string{}
	if len(uids) == 0 {
		return names, nil
	}
	rows, err := tx.Query(ctx, `SELECT id::text, display_name FROM users WHERE id = ANY($1)`, uids)
	if err != nil {
		return nil, err
	}
	var id, name string
	_, err = pgx.ForEachRow(rows, []any{&id, &name}, func() error { names[id] = name; return nil })
	return names, err
}
