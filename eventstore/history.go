package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// HistoricAppend is one stream's part of an AppendHistory: its events are recorded at At.
type HistoricAppend struct {
	StreamAppend
	At time.Time
}

// AppendHistory is AppendStreams for the demo seed alone (package seed; a test keeps every
// other caller out): it writes history as the product would have written it, each part
// recorded at its business time At instead of the database's clock. Commands never get it:
// they hold a Store, which has no such method, and their events are recorded when they are
// appended.
//
// The log stays what readers and auditors rely on. Positions still grow with every append;
// the parts must come in time order (At never decreasing, never in the future) and a part may
// not be recorded before its stream's last event (each event of a part is recorded a
// microsecond after the one before it), so that a stream's versions and the log's
// positions follow recorded time when the caller appends in business-time order. The hash
// chain covers the recorded time that is stored, so `portal verify` holds.
func (s *Postgres) AppendHistory(ctx context.Context, parts ...HistoricAppend) ([]AppendResult, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: no parts", ErrInvalid)
	}
	plain := make([]StreamAppend, len(parts))
	at := make([]time.Time, len(parts))
	now := time.Now()
	for i, p := range parts {
		if err := validateAppend(p.Meta, p.Stream, p.Expected, p.Events); err != nil {
			return nil, err
		}
		switch {
		case p.Meta.Tenant != parts[0].Meta.Tenant && p.Expected != Any:
			return nil, fmt.Errorf("%w: the parts name two tenants", ErrInvalid)
		case p.At.IsZero() || p.At.After(now):
			return nil, fmt.Errorf("%w: %s recorded at %v, not in the past", ErrInvalid, p.Stream, p.At)
		case i > 0 && p.At.Before(lastOf(parts[i-1])):
			return nil, fmt.Errorf("%w: %s recorded at %v, before the part ahead of it", ErrInvalid, p.Stream, p.At)
		}
		plain[i], at[i] = p.StreamAppend, p.At
	}
	var res []AppendResult
	var err error
	switch {
	case anyVersion(plain):
		res, err = s.appendBulk(ctx, parts)
	case !oneTenant(plain):
		return nil, fmt.Errorf("%w: the parts name two tenants", ErrInvalid)
	default:
		res, err = s.appendStreams(ctx, plain, at)
	}
	if errors.Is(err, ErrConcurrency) {
		if stream, late := s.recordedLater(ctx, parts); late {
			return nil, fmt.Errorf("%w: %s has an event recorded after the part's time", ErrInvalid, stream)
		}
	}
	return res, err
}

// lastOf is when the last event of part p is recorded: each event of a part a microsecond
// after the one before it, so that their order is their time's.
func lastOf(p HistoricAppend) time.Time {
	return p.At.Add(time.Duration(len(p.Events)-1) * time.Microsecond)
}

// recordedLater finds a part whose stream already holds an event recorded after the part's
// time (what makes appendHistorySQL insert nothing).
func (s *Postgres) recordedLater(ctx context.Context, parts []HistoricAppend) (string, bool) {
	for _, p := range parts {
		var late bool
		err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT FROM events WHERE tenant_id = $1 AND stream = $2 AND recorded_at > $3)`,
			pgUUID(p.Meta.Tenant), p.Stream, p.At).Scan(&late)
		if err == nil && late {
			return p.Stream, true
		}
	}
	return "", false
}

// appendHistorySQL is appendSQL recording its events from $12 on (a microsecond apart) rather
// than at clock_timestamp(),
// and inserting nothing when the stream's last event was recorded after $12.
var appendHistorySQL = mustReplace(appendSQL,
	`WHERE $7::bigint = -2 OR cur.v = $7::bigint`,
	`WHERE ($7::bigint = -2 OR cur.v = $7::bigint)
      AND NOT EXISTS (SELECT FROM events WHERE tenant_id = $1 AND stream = $2 AND version = cur.v AND recorded_at > $12)`,
	`clock_timestamp() AS t`, `$12::timestamptz + (u.ord - 1) * interval '1 microsecond' AS t`)

func mustReplace(s string, oldNew ...string) string {
	for i := 0; i < len(oldNew); i += 2 {
		if !strings.Contains(s, oldNew[i]) {
			panic("eventstore: appendSQL changed: " + oldNew[i])
		}
		s = strings.Replace(s, oldNew[i], oldNew[i+1], 1)
	}
	return s
}

// historyStatement is the statement that appends part p recorded at at.
func historyStatement(p StreamAppend, at time.Time) (string, []any) {
	ids, types, svs, datas := columns(p.Events)
	m := p.Meta
	return appendHistorySQL, []any{pgUUID(m.Tenant), p.Stream, m.Actor, pgUUID(m.CorrelationID), pgUUID(m.CausationID), m.CommandID,
		p.Expected, ids, types, svs, datas, at}
}

func oneTenant(parts []StreamAppend) bool {
	for _, p := range parts {
		if p.Meta.Tenant != parts[0].Meta.Tenant {
			return false
		}
	}
	return true
}

func anyVersion(parts []StreamAppend) bool {
	for _, p := range parts {
		if p.Expected != Any {
			return false
		}
	}
	return true
}

// appendBulkSQL appends the events of many streams, of one tenant or several, each after its
// stream's last version, in one statement: positions in the order given ($1 to $12 hold one
// element per event; $12 is the index of its part), each stream's events linked into its
// hash chain one after the other (ch, by their rank k in the stream). It inserts nothing when
// a stream's last event was recorded after the stream's first event of the batch.
const appendBulkSQL = `
WITH RECURSIVE ev AS MATERIALIZED (
    SELECT u.ord, u.part, u.tenant, u.stream, u.id, u.type, u.sv, u.data, u.t, u.actor, u.corr, u.caus, u.cmd,
           nextval('events_position_seq') AS p
    FROM (SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::timestamptz[],
                               $8::text[], $9::uuid[], $10::uuid[], $11::text[], $12::int[])
              WITH ORDINALITY AS e(tenant, stream, id, type, sv, data, t, actor, corr, caus, cmd, part, ord)
          ORDER BY ord) u
), ranked AS MATERIALIZED (
    SELECT ev.*, row_number() OVER (PARTITION BY ev.tenant, ev.stream ORDER BY ev.ord) AS k FROM ev
), head AS MATERIALIZED (
    SELECT s.tenant, s.stream, coalesce(h.version, -1) AS v, coalesce(h.hash, '\x'::bytea) AS hash, h.recorded_at > s.t AS late
    FROM (SELECT tenant, stream, min(t) AS t FROM ev GROUP BY tenant, stream) s
    LEFT JOIN LATERAL (SELECT version, hash, recorded_at FROM events WHERE tenant_id = s.tenant AND stream = s.stream
                       ORDER BY version DESC LIMIT 1) h ON true
), ch AS (
    SELECT head.tenant, head.stream, 0::bigint AS k, head.v AS version, head.hash FROM head
    UNION ALL
    SELECT r.tenant, r.stream, r.k, ch.version + 1, sha256(ch.hash || event_chain_content(r.p, r.id, r.tenant, r.stream,
        ch.version + 1, r.type, r.sv, r.actor, r.corr, r.caus, r.cmd, r.t, r.data))
    FROM ch JOIN ranked r ON r.tenant = ch.tenant AND r.stream = ch.stream AND r.k = ch.k + 1
), ins AS (
    INSERT INTO events (position, id, tenant_id, stream, version, type, schema_version, actor,
                        correlation_id, causation_id, command_id, recorded_at, data, hash)
    SELECT r.p, r.id, r.tenant, r.stream, ch.version, r.type, r.sv, r.actor, r.corr, r.caus, r.cmd, r.t, r.data, ch.hash
    FROM ch JOIN ranked r ON r.tenant = ch.tenant AND r.stream = ch.stream AND r.k = ch.k
    WHERE NOT EXISTS (SELECT FROM head WHERE late)
    ORDER BY r.ord
    RETURNING position, version, transaction_id
)
SELECT ins.position, ins.version, ins.transaction_id, ranked.part FROM ins JOIN ranked ON ranked.p = ins.position ORDER BY ins.position`

// appendBulk appends parts that each go after their stream's end (Any) in one statement; a
// retry of parts already stored is reported Duplicate, as Append reports it.
func (s *Postgres) appendBulk(ctx context.Context, parts []HistoricAppend) ([]AppendResult, error) {
	var streams, types, actors, cmds []string
	var tenants, ids, corrs, causs []pgtype.UUID
	var svs, partOf []int32
	var datas []json.RawMessage
	var ts []time.Time
	for i, p := range parts {
		for j, e := range p.Events {
			tenants, streams = append(tenants, pgUUID(p.Meta.Tenant)), append(streams, p.Stream)
			ids, types = append(ids, pgUUID(e.ID)), append(types, e.Type)
			svs, datas, ts = append(svs, int32(max(e.SchemaVersion, 1))), append(datas, e.Data), append(ts, p.At.Add(time.Duration(j)*time.Microsecond))
			actors, corrs, causs = append(actors, p.Meta.Actor), append(corrs, pgUUID(p.Meta.CorrelationID)), append(causs, pgUUID(p.Meta.CausationID))
			cmds, partOf = append(cmds, p.Meta.CommandID), append(partOf, int32(i))
		}
	}
	for attempt := 0; ; attempt++ {
		rows, err := s.pool.Query(ctx, appendBulkSQL, tenants, streams, ids, types, svs, datas, ts, actors, corrs, causs, cmds, partOf)
		results := make([]AppendResult, len(parts))
		count := 0
		if err == nil {
			var r AppendResult
			var part int32
			_, err = pgx.ForEachRow(rows, []any{&r.Last.Position, &r.NextVersion, &r.Last.TxID, &part}, func() error {
				results[part] = r
				count++
				return nil
			})
		}
		if err == nil && count == 0 {
			err = ErrConcurrency
		}
		if err == nil {
			s.signal()
			return results, nil
		}
		var pgErr *pgconn.PgError
		if !errors.Is(err, ErrConcurrency) && (!errors.As(err, &pgErr) || pgErr.Code != "23505") {
			return nil, err
		}
		byTenant := map[uuid.UUID][]StreamAppend{}
		for _, p := range parts {
			byTenant[p.Meta.Tenant] = append(byTenant[p.Meta.Tenant], p.StreamAppend)
		}
		dup, derr := true, error(nil)
		for tenant, plain := range byTenant {
			d, err := s.duplicate(ctx, tenant, plain...)
			dup, derr = dup && d, errors.Join(derr, err)
		}
		if derr != nil || dup {
			for i := range results {
				results[i] = AppendResult{Duplicate: true, NextVersion: -1}
			}
			return results, derr
		}
		if !versionTaken(err) || attempt >= 20 {
			return nil, ErrConcurrency
		}
	}
}
