package surveys

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/survey"
	"portal/eventstore"
	"portal/projections"
	"portal/push"
)

// Surveys projects the survey.* events into the survey read models
// (migrations/00012_surveys.sql): the surveys as created, each respondent's saved answers
// and step, and the results tallied incrementally from completed responses, so that reading
// an eNPS over any number of responses reads eleven small rows (issue 6 "Results people can
// read"). When responses complete it tells the whole tenant "survey.results" with the
// survey's id and respondent count only — no figures — and HR's open results refetch.
//
// A batch is written with a handful of statements whatever its size: responses folded per
// respondent in log order into one upsert, completions turned on in one UPDATE that returns
// only the responses not completed before (so a redelivered batch counts nothing twice),
// and the tallies of those responses summed in Go into one upsert. A replay copies the
// responses none of its batches wrote before instead of upserting them (replay.go).
type Surveys struct{}

var (
	_ projections.Projection   = Surveys{}
	_ projections.ReplayScoped = Surveys{}
	_ projections.Preparer     = Surveys{}
)

// New returns the surveys projection.
func New() *Surveys { return &Surveys{} }

// Push topics of the surveys (docs/api.md "Live push"): results that changed, and a survey
// created or closed (the lists reload).
const (
	ResultsTopic = "survey.results"
	ChangedTopic = "survey.changed"
)

// Changed is the data of a "survey.changed" push.
type Changed struct {
	SurveyID uuid.UUID `json:"oa8Ukey"`
	Kind     string    `json:"kind"`
	Closed   bool      `json:"closed"`
}

// ResultsChanged is the data of a "survey.results" push.
type ResultsChanged struct {
	SurveyID    uuid.UUID `json:"oa8Ukey"`
	Kind        string    `json:"kind"`
	Respondents int64     `json:"respondents"`
}

// Name implements Projection.
func (Surveys) Name() string { return "surveys" }

// Areas implements Selective.
func (Surveys) Areas() []string { return []string{"survey.", "pdi."} }

// Reset implements Projection.
func (Surveys) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Surveys{}.Tables())
}

// Tables implements Tabled.
func (Surveys) Tables() []string {
	return []string{"surveys", "survey_responses", "survey_tallies", "pdi_actions"}
}

type responseKey struct{ tenant, survey, user uuid.UUID }

type responseOp struct {
	id      uuid.UUID
	step    int // -1: not moved in this batch
	answers map[string]string
	json    []byte // answers, encoded by Prepare
	done    bool   // completed in this batch
	doneAt  time.Time
}

type completion struct {
	key         responseKey
	completedAt time.Time
	kind        string
	relation    string
	answers     []survey.Answer
	cursor      eventstore.Cursor
}

// Apply implements Projection.
func (sv Surveys) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	return projections.ApplyPrepared(ctx, tx, sv, events)
}

// surveysBatch is a decoded batch, ready to be written.
type surveysBatch struct {
	each  []eventstore.RecordedEvent // surveys created and closed, PDI events: one statement each, in log order
	ops   projections.Folds[responseKey, responseOp]
	comps []completion
}

// prepare implements Preparer (replay.go): it folds the responses of the batch, which
// needs no database.
func (Surveys) Prepare(_ context.Context, events []eventstore.RecordedEvent) (_ projections.PreparedBatch, err error) {
	b := &surveysBatch{}
	op := func(k responseKey, rid uuid.UUID) *responseOp {
		o := b.ops.At(k)
		if o.answers == nil { // new
			*o = responseOp{id: rid, step: -1, answers: map[string]string{}}
		}
		return o
	}
	ids := func(e eventstore.RecordedEvent, survey, response, user string) (responseKey, uuid.UUID, error) {
		s, err1 := uuid.Parse(survey)
		r, err2 := uuid.Parse(response)
		u, err3 := uuid.Parse(user)
		if err1 != nil || err2 != nil || err3 != nil {
			return responseKey{}, uuid.Nil, fmt.Errorf("event %s (%s): bad ids", e.ID, e.Type)
		}
		return responseKey{e.Tenant, s, u}, r, nil
	}
	for _, e := range events {
		switch e.Type {
		case survey.TypeCreated, survey.TypeActionAdded, survey.TypeActionCompleted, survey.TypeClosed:
			b.each = append(b.each, e)
		case survey.TypeAnswered:
			var d survey.AnswerSavedData
			if err := decodeAnswered(e, &d); err != nil {
				return nil, err
			}
			k, rid, err := ids(e, d.SurveyID, d.ResponseID, d.UserID)
			if err != nil {
				return nil, err
			}
			o := op(k, rid)
			o.answers[d.Answer.Ukey], o.step = d.Answer.Value, d.Step
		case survey.TypeStepSaved:
			var d survey.StepSavedData
			if err := projections.DecodeData(e, &d); err != nil {
				return nil, err
			}
			k, rid, err := ids(e, d.SurveyID, d.ResponseID, d.UserID)
			if err != nil {
				return nil, err
			}
			op(k, rid).step = d.Step
		case survey.TypeCompleted:
			var d survey.CompletedData
			if err := decodeCompleted(e, &d); err != nil {
				return nil, err
			}
			k, rid, err := ids(e, d.SurveyID, d.ResponseID, d.UserID)
			if err != nil {
				return nil, err
			}
			c := completion{key: k, completedAt: projections.OrRecorded(d.CompletedAt, e), kind: d.Kind, relation: d.Relation, cursor: e.Cursor}
			for _, a := range d.Answers {
				c.answers = append(c.answers, survey.Answer{QuestionUkey: a.Ukey, Type: survey.QuestionType(a.Type), Value: a.Value})
			}
			o := op(k, rid)
			o.done, o.doneAt = true, c.completedAt
			b.comps = append(b.comps, c)
		}
	}
	for _, k := range b.ops.Keys {
		o := b.ops.At(k)
		if o.json, err = json.Marshal(o.answers); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (b *surveysBatch) Write(ctx context.Context, tx pgx.Tx) error {
	for _, e := range b.each {
		var err error
		switch e.Type {
		case survey.TypeCreated:
			err = insertSurvey(ctx, tx, e)
		case survey.TypeClosed:
			err = closeSurvey(ctx, tx, e)
		default:
			err = applyPDI(ctx, tx, e)
		}
		if err != nil {
			return err
		}
	}
	fresh, err := writeResponses(ctx, tx, &b.ops)
	if err != nil {
		return err
	}
	return tallyCompletions(ctx, tx, b.comps, fresh)
}

// closeSurvey closes a survey and tells the tenant (survey.closed).
func closeSurvey(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d survey.ClosedData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	id, err := projections.ParseID(e, "survey id", d.ID)
	if err != nil {
		return err
	}
	var kind string
	err = tx.QueryRow(ctx, `UPDATE surveys SET closed = true WHERE tenant_id = $1 AND id = $2 AND NOT closed RETURNING kind`,
		e.Tenant, id).Scan(&kind)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // closed already (a redelivered batch) or unknown
	}
	if err != nil {
		return fmt.Errorf("surveys: %w", err)
	}
	return push.Publish(ctx, tx, push.Message{Tenant: e.Tenant, Topic: ChangedTopic, Event: e.Cursor,
		Data: Changed{SurveyID: id, Kind: kind, Closed: true}})
}

func insertSurvey(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d survey.CreatedData
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	id, err := projections.ParseID(e, "survey id", d.ID)
	if err != nil {
		return err
	}
	questions, err := json.Marshal(d.Questions)
	if err != nil {
		return err
	}
	if d.Questions == nil {
		questions = []byte("[]")
	}
	a := d.Audience
	evalIDs := []string{}
	for _, x := range a.Evaluators {
		evalIDs = append(evalIDs, x.UserID)
	}
	evaluators, _ := json.Marshal(a.Evaluators)
	if a.Evaluators == nil {
		evaluators = []byte("[]")
	}
	tag, err := tx.Exec(ctx, `
INSERT INTO surveys (tenant_id, id, kind, title, description, start_at, end_at, for_all, unit_ids, dept_ids, subject_id,
                     evaluators, evaluator_ids, questions, created_by, created_at, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
ON CONFLICT (tenant_id, id) DO NOTHING`,
		e.Tenant, id, d.Kind, d.Title, d.Description, d.Start, d.End, a.All, nonNilStrings(a.Units), nonNilStrings(a.Departments),
		a.SubjectID, evaluators, evalIDs, questions, d.CreatedBy, projections.OrRecorded(d.CreatedAt, e), e.Cursor.Position)
	if err != nil {
		return fmt.Errorf("surveys: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return nil // a redelivered batch
	}
	// The whole tenant is told only that a survey exists; each list reloads what its reader may see.
	return push.Publish(ctx, tx, push.Message{Tenant: e.Tenant, Topic: ChangedTopic, Event: e.Cursor,
		Data: Changed{SurveyID: id, Kind: d.Kind}})
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// writeResponsesSQL folds a batch into the responses in one statement: answers merge, the
// step moves where the batch moved it (-1 keeps the stored one; a new row's -1 reads as 0),
// completions turn on. It returns the responses completed by this batch and not before, so
// that a redelivered batch tallies nothing twice.
const writeResponsesSQL = `
WITH x AS (
    SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::boolean[], $8::timestamptz[])
        AS x(t, s, u, rid, st, a, done, at)
), before AS (
    SELECT r.tenant_id, r.survey_id, r.user_id FROM survey_responses r
    JOIN x ON r.tenant_id = x.t AND r.survey_id = x.s AND r.user_id = x.u
    WHERE x.done AND r.completed
), up AS (
    INSERT INTO survey_responses AS r (tenant_id, survey_id, user_id, response_id, step, answers, completed, completed_at)
    SELECT t, s, u, rid, st, a::jsonb, done, CASE WHEN done THEN at END FROM x
    ON CONFLICT (tenant_id, survey_id, user_id) DO UPDATE SET
        answers      = r.answers || EXCLUDED.answers,
        step         = CASE WHEN EXCLUDED.step >= 0 THEN EXCLUDED.step ELSE r.step END,
        completed    = r.completed OR EXCLUDED.completed,
        completed_at = coalesce(r.completed_at, EXCLUDED.completed_at)
    RETURNING r.tenant_id, r.survey_id, r.user_id, r.completed
)
SELECT up.tenant_id, up.survey_id, up.user_id FROM up
WHERE up.completed AND EXISTS (SELECT FROM x WHERE x.t = up.tenant_id AND x.s = up.survey_id AND x.u = up.user_id AND x.done)
  AND NOT EXISTS (SELECT FROM before b WHERE b.tenant_id = up.tenant_id AND b.survey_id = up.survey_id AND b.user_id = up.user_id)`

func writeResponses(ctx context.Context, tx pgx.Tx, ops *projections.Folds[responseKey, responseOp]) (map[responseKey]bool, error) {
	if len(ops.Keys) == 0 {
		return nil, nil
	}
	isNew := writtenOf(ctx).split(ops.Keys) // replay.go
	fresh := make(map[responseKey]bool)
	var copied, upserted []responseKey
	for i, k := range ops.Keys {
		if isNew[i] {
			copied = append(copied, k)
			if ops.At(k).done {
				fresh[k] = true
			}
		} else {
			upserted = append(upserted, k)
		}
	}
	// In key order, the COPY walks the primary key's pages once, left to right: 10,000 rows
	// went in 30-115 ms (median 63) in that order, 72-199 ms (median 108) in the log's.
	slices.SortFunc(copied, func(a, b responseKey) int {
		return cmp.Or(bytes.Compare(a.tenant[:], b.tenant[:]), bytes.Compare(a.survey[:], b.survey[:]), bytes.Compare(a.user[:], b.user[:]))
	})
	if err := copyResponses(ctx, tx, ops, copied); err != nil {
		return nil, err
	}
	if err := upsertResponses(ctx, tx, ops, upserted, fresh); err != nil {
		return nil, err
	}
	return fresh, nil
}

// copyResponses writes the responses of keys, which the table does not have, with one COPY:
// the rows writeResponsesSQL would insert, each value as pgx encodes it there.
func copyResponses(ctx context.Context, tx pgx.Tx, ops *projections.Folds[responseKey, responseOp], keys []responseKey) error {
	if len(keys) == 0 {
		return nil
	}
	c := projections.NewBinaryCopy(len(keys), 200)
	for _, k := range keys {
		o := ops.At(k)
		c.Row(8)
		c.UUID(k.tenant)
		c.UUID(k.survey)
		c.UUID(k.user)
		c.UUID(o.id)
		c.Int4(int32(o.step))
		c.JSONB(o.json)
		c.Bool(o.done)
		if o.done {
			c.Timestamptz(o.doneAt)
		} else {
			c.Null()
		}
	}
	if _, err := tx.Conn().PgConn().CopyFrom(ctx, bytes.NewReader(c.Data()), copyResponsesSQL); err != nil {
		return fmt.Errorf("survey responses: %w", err)
	}
	return nil
}

// copyResponsesSQL is the COPY of copyResponses.
const copyResponsesSQL = `COPY survey_responses (tenant_id, survey_id, user_id, response_id, step, answers, completed, completed_at)
FROM STDIN (FORMAT binary)`

// upsertResponses folds the responses of keys into the table (writeResponsesSQL) and adds
// those it completed to fresh.
func upsertResponses(ctx context.Context, tx pgx.Tx, ops *projections.Folds[responseKey, responseOp], keys []responseKey, fresh map[responseKey]bool) error {
	if len(keys) == 0 {
		return nil
	}
	n := len(keys)
	tenants, surveys, users, rids := make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n)
	steps, answers := make([]int32, n), make([]string, n)
	done, at := make([]bool, n), make([]*time.Time, n)
	for i, k := range keys {
		o := ops.At(k)
		tenants[i], surveys[i], users[i], rids[i] = projections.PgUUID(k.tenant), projections.PgUUID(k.survey), projections.PgUUID(k.user), projections.PgUUID(o.id)
		steps[i], answers[i], done[i] = int32(o.step), string(o.json), o.done
		if o.done {
			at[i] = &o.doneAt
		}
	}
	rows, err := tx.Query(ctx, writeResponsesSQL, tenants, surveys, users, rids, steps, answers, done, at)
	if err != nil {
		return fmt.Errorf("survey responses: %w", err)
	}
	var k responseKey
	if _, err := pgx.ForEachRow(rows, []any{&k.tenant, &k.survey, &k.user}, func() error {
		fresh[k] = true
		return nil
	}); err != nil {
		return fmt.Errorf("survey responses: %w", err)
	}
	return nil
}

type tallyKey struct {
	tenant, survey         uuid.UUID
	relation, ukey, bucket string
}

type tally struct {
	n     int64
	total float64
}

// tallyCompletions adds the responses completed by this batch (fresh) to the tallies and
// tells the tenant which surveys' results changed.
func tallyCompletions(ctx context.Context, tx pgx.Tx, comps []completion, fresh map[responseKey]bool) error {
	if len(fresh) == 0 {
		return nil
	}
	var tallies projections.Folds[tallyKey, tally]
	add := func(k tallyKey, v float64) {
		t := tallies.At(k)
		t.n++
		t.total += v
	}
	type surveyKey struct{ tenant, survey uuid.UUID }
	var changed []surveyKey
	last := map[surveyKey]completion{}
	for _, c := range comps {
		if !fresh[c.key] {
			continue
		}
		delete(fresh, c.key) // a response completes once
		base := tallyKey{tenant: c.key.tenant, survey: c.key.survey, relation: c.relation}
		add(base, 0) // respondents of the group
		for _, a := range c.answers {
			k := base
			k.ukey = a.QuestionUkey
			if v, ok := a.Number(); ok {
				k.bucket = "*"
				add(k, v)
			}
			switch a.Type {
			case survey.TypeInteger, survey.TypeBoolean, survey.TypeOption:
				k.bucket = a.Value
				add(k, 0)
			}
		}
		sk := surveyKey{c.key.tenant, c.key.survey}
		if _, ok := last[sk]; !ok {
			changed = append(changed, sk)
		}
		last[sk] = c
	}
	if len(tallies.Keys) == 0 {
		return nil
	}
	m := len(tallies.Keys)
	tt, ts := make([]pgtype.UUID, m), make([]pgtype.UUID, m)
	rel, uk, bk := make([]string, m), make([]string, m), make([]string, m)
	ns, totals := make([]int64, m), make([]string, m)
	for i, k := range tallies.Keys {
		t := tallies.At(k)
		tt[i], ts[i], rel[i], uk[i], bk[i] = projections.PgUUID(k.tenant), projections.PgUUID(k.survey), k.relation, k.ukey, k.bucket
		ns[i], totals[i] = t.n, strconv.FormatFloat(t.total, 'f', -1, 64)
	}
	if _, err := tx.Exec(ctx, `
INSERT INTO survey_tallies AS t (tenant_id, survey_id, relation, question_ukey, bucket, n, total)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::numeric[])
ON CONFLICT (tenant_id, survey_id, relation, question_ukey, bucket) DO UPDATE SET n = t.n + EXCLUDED.n, total = t.total + EXCLUDED.total`,
		tt, ts, rel, uk, bk, ns, totals); err != nil {
		return fmt.Errorf("survey tallies: %w", err)
	}
	var msgs []push.Message
	for _, sk := range changed {
		var respondents int64
		if err := tx.QueryRow(ctx, `
UPDATE surveys SET respondents = (SELECT coalesce(sum(n), 0) FROM survey_tallies
                                  WHERE tenant_id = $1 AND survey_id = $2 AND question_ukey = '' AND bucket = '')
WHERE tenant_id = $1 AND id = $2 RETURNING respondents`, sk.tenant, sk.survey).Scan(&respondents); err != nil && err != pgx.ErrNoRows {
			return fmt.Errorf("survey respondents: %w", err)
		}
		c := last[sk]
		msgs = append(msgs, push.Message{Tenant: sk.tenant, Topic: ResultsTopic, Event: c.cursor,
			Data: ResultsChanged{SurveyID: sk.survey, Kind: c.kind, Respondents: respondents}})
	}
	return push.Publish(ctx, tx, msgs...)
}

// PDITopic is the push topic of a development plan that changed; it goes to the plan's owner.
const PDITopic = "pdi.changed"

// applyPDI writes one PDI event (they are rare: one statement each is enough).
func applyPDI(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	var d survey.ActionAddedData // the completion's fields are a part of it (id, at)
	if err := projections.DecodeData(e, &d); err != nil {
		return err
	}
	id, err := projections.ParseID(e, "action id", d.ID)
	if err != nil {
		return err
	}
	var owner uuid.UUID
	if e.Type == survey.TypeActionAdded {
		user, userErr := uuid.Parse(d.UserID)
		by, byErr := uuid.Parse(d.By)
		if userErr != nil || byErr != nil {
			return fmt.Errorf("event %s (%s): user %q or author %q", e.ID, e.Type, d.UserID, d.By)
		}
		var sid *uuid.UUID
		if s, perr := uuid.Parse(d.SurveyID); perr == nil {
			sid = &s
		}
		var due *string
		if d.Due != "" {
			due = &d.Due
		}
		err = tx.QueryRow(ctx, `
INSERT INTO pdi_actions (tenant_id, id, user_id, survey_id, title, due_date, created_by, created_at, position)
VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9)
ON CONFLICT (tenant_id, id) DO UPDATE SET title = EXCLUDED.title RETURNING user_id`,
			e.Tenant, id, user, sid, d.Title, due, by, projections.OrRecorded(d.At, e), e.Cursor.Position).Scan(&owner)
	} else {
		err = tx.QueryRow(ctx, `UPDATE pdi_actions SET done = true, done_at = coalesce(done_at, $3)
WHERE tenant_id = $1 AND id = $2 RETURNING user_id`, e.Tenant, id, projections.OrRecorded(d.At, e)).Scan(&owner)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
	}
	if err != nil {
		return fmt.Errorf("pdi: %w", err)
	}
	return push.Publish(ctx, tx, push.Message{Tenant: e.Tenant, User: owner, Topic: PDITopic, Event: e.Cursor, Data: map[string]any{"id": id}})
}

// Projections are the read models of the area for the runner: the surveys with their answers and PDI actions, and the surveys report.
func Projections() []projections.Projection {
	return []projections.Projection{New(), Report{}}
}
