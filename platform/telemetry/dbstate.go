package telemetry

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// MaxCountedLag caps the projection lag counted at scrape time: beyond it the figure only
// says "far behind", and counting further would make the scrape itself a load.
const MaxCountedLag = 100_000

// dbState reads, at scrape time, what lives in the database: every projection's position,
// lag (events and seconds) and parked events, the push outbox's depth and oldest row, and the
// pool's connections. Reading at scrape time (rather than counting in the process) makes the
// figures right whichever process applies the projections.
type dbState struct {
	pool  *pgxpool.Pool
	names func() []string
	// active tells whether this process holds a projection's lock.
	active func(name string) bool

	position, lagEvents, lagSeconds, parked, activeDesc *prometheus.Desc
	outboxDepth, outboxAge, up                          *prometheus.Desc
	poolAcquired, poolIdle, poolTotal, poolMax          *prometheus.Desc
	poolWaitCount, poolWaitSeconds                      *prometheus.Desc
}

// RegisterDatabase adds the database collector for pool and the projections names lists
// (active may be nil). Call it once per process.
func RegisterDatabase(pool *pgxpool.Pool, names func() []string, active func(string) bool) error {
	if active == nil {
		active = func(string) bool { return false }
	}
	p := []string{"projection"}
	return Registry.Register(&dbState{
		pool: pool, names: names, active: active,
		position:        prometheus.NewDesc("portal_projection_position", "Global log position of the last event the projection applied.", p, nil),
		lagEvents:       prometheus.NewDesc("portal_projection_lag_events", "Events in the log after the projection's checkpoint (capped at 100,000).", p, nil),
		lagSeconds:      prometheus.NewDesc("portal_projection_lag_seconds", "Age of the oldest event the projection has not applied (0: caught up).", p, nil),
		parked:          prometheus.NewDesc("portal_projection_parked_events", "Events the projection gave up on (parked_events).", p, nil),
		activeDesc:      prometheus.NewDesc("portal_projection_active", "1 when this process holds the projection's lock.", p, nil),
		outboxDepth:     prometheus.NewDesc("portal_push_outbox_depth", "Push messages waiting in the outbox for Centrifugo.", nil, nil),
		outboxAge:       prometheus.NewDesc("portal_push_outbox_oldest_seconds", "Age of the oldest message waiting in the outbox (the publish lag).", nil, nil),
		up:              prometheus.NewDesc("portal_database_up", "1 when the scrape could read the database.", nil, nil),
		poolAcquired:    prometheus.NewDesc("portal_db_pool_acquired_connections", "Pool connections in use.", nil, nil),
		poolIdle:        prometheus.NewDesc("portal_db_pool_idle_connections", "Idle pool connections.", nil, nil),
		poolTotal:       prometheus.NewDesc("portal_db_pool_total_connections", "Pool connections open.", nil, nil),
		poolMax:         prometheus.NewDesc("portal_db_pool_max_connections", "The pool's maximum size.", nil, nil),
		poolWaitCount:   prometheus.NewDesc("portal_db_pool_empty_acquire_total", "Acquires that had to wait for a connection.", nil, nil),
		poolWaitSeconds: prometheus.NewDesc("portal_db_pool_acquire_wait_seconds_total", "Time callers spent waiting for a pool connection; its rate is the mean number of callers waiting.", nil, nil),
	})
}

func (d *dbState) Describe(ch chan<- *prometheus.Desc) {
	for _, x := range []*prometheus.Desc{d.position, d.lagEvents, d.lagSeconds, d.parked, d.activeDesc, d.outboxDepth, d.outboxAge, d.up,
		d.poolAcquired, d.poolIdle, d.poolTotal, d.poolMax, d.poolWaitCount, d.poolWaitSeconds} {
		ch <- x
	}
}

// projectionSQL reads one projection's figures in one round trip, along the log index
// from its checkpoint.
const projectionSQL = `
WITH cp AS (SELECT coalesce((SELECT transaction_id FROM projection_checkpoints WHERE name = $1), '0'::xid8) AS tx,
                   coalesce((SELECT position FROM projection_checkpoints WHERE name = $1), 0) AS pos)
SELECT cp.pos,
       (SELECT count(*) FROM (SELECT FROM events e WHERE (e.transaction_id, e.position) > (cp.tx, cp.pos)
                              ORDER BY e.transaction_id, e.position LIMIT $2) behind),
       coalesce((SELECT extract(epoch FROM now() - e.recorded_at) FROM events e
                 WHERE (e.transaction_id, e.position) > (cp.tx, cp.pos) ORDER BY e.transaction_id, e.position LIMIT 1), 0),
       (SELECT count(*) FROM parked_events WHERE projection = $1)
FROM cp`

func (d *dbState) Collect(ch chan<- prometheus.Metric) {
	st := d.pool.Stat()
	gauge := func(desc *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(desc, prometheus.GaugeValue, v, labels...)
	}
	gauge(d.poolAcquired, float64(st.AcquiredConns()))
	gauge(d.poolIdle, float64(st.IdleConns()))
	gauge(d.poolTotal, float64(st.TotalConns()))
	gauge(d.poolMax, float64(st.MaxConns()))
	ch <- prometheus.MustNewConstMetric(d.poolWaitCount, prometheus.CounterValue, float64(st.EmptyAcquireCount()))
	ch <- prometheus.MustNewConstMetric(d.poolWaitSeconds, prometheus.CounterValue, st.EmptyAcquireWaitTime().Seconds())

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	up := 1.0
	for _, name := range d.names() {
		active := 0.0
		if d.active(name) {
			active = 1
		}
		gauge(d.activeDesc, active, name)
		var pos, lag, parked int64
		var age float64
		if err := d.pool.QueryRow(ctx, projectionSQL, name, MaxCountedLag).Scan(&pos, &lag, &age, &parked); err != nil {
			up = 0
			continue
		}
		gauge(d.position, float64(pos), name)
		gauge(d.lagEvents, float64(lag), name)
		gauge(d.lagSeconds, age, name)
		gauge(d.parked, float64(parked), name)
	}
	var depth int64
	var age float64
	if err := d.pool.QueryRow(ctx, `SELECT count(*), coalesce(extract(epoch FROM now() - min(created_at)), 0) FROM centrifugo_outbox`).Scan(&depth, &age); err != nil {
		up = 0
	} else {
		gauge(d.outboxDepth, float64(depth))
		gauge(d.outboxAge, age)
	}
	gauge(d.up, up)
}
