package main

import (
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/clock"
	"portal/eventstore"
	timesheetproj "portal/projections/timesheet"
)

// espelho: 200 employees on an office schedule punch four marks every working day of the last
// 90 days (appended as the product appends them); the timesheet projection is replayed over
// the whole log beside reading it; then one employee's month (rows, totals, closing and
// signature, the days not final computed) is read beside an indexed single-row read.
func (b *benchRun) espelho() error {
	ctx := b.ctx
	tenant, err := b.bigTenant("TS", 200)
	if err != nil {
		return err
	}
	rows, err := b.pool.Query(ctx, `SELECT id FROM employees WHERE tenant_id = $1 AND status = 'active' ORDER BY code`, tenant)
	if err != nil {
		return err
	}
	people, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return err
	}
	meta := eventstore.Meta{Tenant: tenant, Actor: "bench"}
	local := time.Now().In(clock.Zone)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, clock.Zone)
	for i, emp := range people {
		var marks []eventstore.EventData
		for d := today.AddDate(0, 0, -90); d.Before(today); d = d.AddDate(0, 0, 1) {
			if d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
				continue
			}
			late := time.Duration((i+d.Day())%12) * time.Minute // a few minutes, sometimes past the tolerance
			for _, m := range []time.Duration{8 * time.Hour, 12 * time.Hour, 13 * time.Hour, 17*time.Hour + 48*time.Minute} {
				marks = append(marks, benchMark(emp, emp, d.Add(m+late).UTC()))
			}
		}
		if _, err := b.store.Append(ctx, meta, clock.Stream(emp), eventstore.NoStream, marks...); err != nil {
			return err
		}
	}
	if err := b.replayBeside(timesheetproj.New(), "the timesheet read model"); err != nil {
		return err
	}
	timed, done, err := b.warmTimer(tenant)
	if err != nil {
		return err
	}
	defer done()
	emp := people[len(people)/2]
	month := time.Date(today.Year(), today.Month()-1, 1, 0, 0, 0, 0, time.UTC)
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	base, err := timed(func(tx pgx.Tx) error {
		var worked int
		return tx.QueryRow(ctx, `SELECT worked FROM timesheet_days WHERE tenant_id = app_tenant() AND employee_id = $1 AND day = $2
UNION ALL SELECT 0 LIMIT 1`, emp, month.AddDate(0, 0, 9)).Scan(&worked)
	})
	if err != nil {
		return err
	}
	var n int
	got, err := timed(func(tx pgx.Tx) error {
		v, err := timesheetproj.Read(ctx, tx, tenant, emp, month, day)
		n = len(v.Rows)
		return err
	})
	if err != nil {
		return err
	}
	if n < 28 {
		return fmt.Errorf("espelho: the month read %d rows", n)
	}
	b.ratio("timesheet: one employee's month (rows, totals, closing, signature)", p99Fig(got), p99Fig(base),
		"one timesheet row by key", atMost(15))
	return nil
}
