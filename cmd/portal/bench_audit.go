package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	"portal/audit"
	"portal/domain/clock"
	rq "portal/domain/request"
	"portal/eventstore"
)

// auditBench measures the audit area: "as of" rebuilds (audit.State over the subject's events
// as GET /api/audit/asof reads and folds them) of one employee's year of punches and of a request of 20
// events, p99 of 300 each beside a same-run indexed single-event read; and the verification
// of a 1,000,000-event tenant's hash chains beside reading the same events.
func (b *benchRun) auditBench() error {
	tenant := uuid.New()
	meta := eventstore.Meta{Tenant: tenant, Actor: "bench"}

	// A year of punches: 4 a work day, 250 days.
	emp, user := uuid.New(), uuid.New()
	clockStream := clock.Stream(emp)
	year := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var days []string
	var marks []eventstore.EventData
	for d := 0; len(days) < 250; d++ {
		day := year.AddDate(0, 0, d)
		if day.Weekday() == time.Saturday || day.Weekday() == time.Sunday {
			continue
		}
		days = append(days, day.Format(time.DateOnly))
		for _, h := range []int{11, 15, 16, 20} { // 08:00, 12:00, 13:00, 17:00 in São Paulo
			marks = append(marks, benchMark(emp, user, day.Add(time.Duration(h)*time.Hour)))
		}
	}
	if _, err := b.store.Append(b.ctx, meta, clockStream, eventstore.NoStream, marks...); err != nil {
		return err
	}

	// A request of 20 events: created, then moved in its owner's list 19 times.
	reqID := uuid.New()
	reqStream := rq.Stream(reqID)
	by := rq.By{Actor: rq.Actor{ID: uuid.NewString(), Hash: "bench"}, At: time.Now().UTC()}
	var reqEvents []eventstore.EventData
	for i := 0; i < 20; i++ {
		var e rq.Event = rq.Ranked{Rank: i, By: by}
		if i == 0 {
			e = rq.Created{RequestID: reqID.String(), Subject: rq.Subject{EmployeeID: emp.String()},
				Fields: rq.Fields{Title: "bench request"}, By: by}
		}
		data, err := json.Marshal(e)
		if err != nil {
			return err
		}
		reqEvents = append(reqEvents, eventstore.EventData{ID: uuid.New(), Type: e.EventType(), Data: data})
	}
	if _, err := b.store.Append(b.ctx, meta, reqStream, eventstore.NoStream, reqEvents...); err != nil {
		return err
	}

	const rounds = 300
	// As the API reads: a day of punches through audit.DayFilter and the stream's counts, a
	// request's whole stream.
	asOf := func(kind, stream string, day func() string) ([]time.Duration, error) {
		ds := make([]time.Duration, 0, rounds)
		for i := 0; i < rounds; i++ {
			start := time.Now()
			d := day()
			var events []eventstore.RecordedEvent
			var err error
			if kind == audit.KindPunches {
				events, err = b.store.ReadStreamDay(b.ctx, tenant, stream, audit.DayFilter(d))
				var then, now int
				if err == nil {
					err = b.pool.QueryRow(b.ctx, `SELECT count(*) FILTER (WHERE recorded_at <= $3), count(*) FROM events WHERE tenant_id = $1 AND stream = $2`,
						tenant, stream, time.Now()).Scan(&then, &now)
				}
			} else {
				events, err = b.store.ReadStream(b.ctx, tenant, stream, 0)
			}
			if err != nil {
				return nil, err
			}
			if _, err := audit.State(kind, audit.Upto(events, time.Now()), d, time.Now()); err != nil {
				return nil, err
			}
			ds = append(ds, time.Since(start))
		}
		return ds, nil
	}
	punches, err := asOf(audit.KindPunches, clockStream, func() string { return days[rand.IntN(len(days))] })
	if err != nil {
		return err
	}
	request, err := asOf(audit.KindRequest, reqStream, func() string { return "" })
	if err != nil {
		return err
	}
	single := make([]time.Duration, 0, rounds)
	for i := 0; i < rounds; i++ {
		start := time.Now()
		var data []byte
		if err := b.pool.QueryRow(b.ctx, `SELECT data FROM events WHERE tenant_id = $1 AND stream = $2 AND version = $3`,
			tenant, clockStream, rand.IntN(len(marks))).Scan(&data); err != nil {
			return err
		}
		single = append(single, time.Since(start))
	}
	b.ratio(fmt.Sprintf("audit \"as of\": a year of punches (%d events)", len(marks)), p99Fig(punches),
		p99Fig(single), "indexed single-event read", atMost(30))
	b.ratio("audit \"as of\": a request of 20 events", p99Fig(request), p99Fig(single), "indexed single-event read", atMost(30))

	// A 1,000,000-event tenant: 1,000 streams of 1,000, appended in batches by 4 writers.
	big := uuid.New()
	bigMeta := eventstore.Meta{Tenant: big, Actor: "bench"}
	g, ctx := errgroup.WithContext(b.ctx)
	for w := 0; w < 4; w++ {
		g.Go(func() error {
			for s := w; s < 1000; s += 4 {
				evs := make([]eventstore.EventData, 1000)
				for i := range evs {
					evs[i] = eventstore.EventData{ID: uuid.New(), Type: "bench.appended.v1",
						Data: []byte(fmt.Sprintf(`{"n":%d,"note":"benchmark event"}`, i))}
				}
				if _, err := b.store.Append(ctx, bigMeta, fmt.Sprintf("bench-%d", s), eventstore.NoStream, evs...); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	// The read is timed the second time: the first read of new rows also sets their hint
	// bits, which verify, read after it, would not pay.
	var n int64
	var readRate float64
	for range 2 {
		start := time.Now()
		if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM events WHERE tenant_id = $1 AND length(data::text) + length(stream) > 0`, big).Scan(&n); err != nil {
			return err
		}
		readRate = float64(n) / time.Since(start).Seconds()
	}
	start := time.Now()
	rep, err := b.store.VerifyChain(b.ctx, big)
	if err != nil {
		return err
	}
	d := time.Since(start)
	if rep.Broken != nil {
		return fmt.Errorf("bench chain broken: %+v", rep.Broken)
	}
	b.ratio(fmt.Sprintf("verify a tenant's hash chains (%d events)", rep.Events), rateFig(float64(rep.Events)/d.Seconds()),
		rateFig(readRate), "reading the same events (data and stream), events/s", atLeast(0.50))
	return nil
}
