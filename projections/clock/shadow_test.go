package clock_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/projections"
	clockproj "portal/projections/clock"
	"portal/projections/projtest"
)

// A shadow rebuild of the clock read model: while the live runner holds the projection, the
// rebuild fills a copy of its tables, reports its progress, and its diff against the live
// model is empty; rows changed, removed and added behind the live model's back show up as
// different, missing and extra.
func TestReplayShadowRebuildsBesideTheLiveModelAndDiffsIt(t *testing.T) {
	d, store := projtest.DB(t)
	ctx := context.Background()
	p, other := projtest.Person(t, d), projtest.Person(t, d) // two tenants
	for i := 0; i < 12; i++ {
		projtest.Punch(t, d, store, p, fmt.Sprintf("m%02d", i), fmt.Sprintf("Rua %c, 1", 'A'+i%3), projtest.Now.Add(time.Duration(i)*time.Hour))
	}
	projtest.Punch(t, d, store, other, "o01", "Rua Z, 9", projtest.Now)
	if _, err := projections.Replay(ctx, d.Pool, store, clockproj.New(), nil); err != nil {
		t.Fatal(err)
	}
	// The live runner keeps the projection's lock meanwhile: the shadow rebuild has its own.
	r, err := projections.NewRunner(d.Pool, store, projections.RunnerConfig{Logger: projtest.Quiet}, clockproj.New())
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	go r.Run(runCtx)

	var last projections.ShadowProgress
	diffs, err := projections.ReplayShadow(ctx, d.Pool, store, clockproj.New(), uuid.Nil, func(pr projections.ShadowProgress) { last = pr })
	if err != nil {
		t.Fatal(err)
	}
	if last.Done != last.Total || last.Total < 12 {
		t.Fatalf("progress: %+v", last)
	}
	marks := projtest.Count(t, d, `SELECT count(*) FROM clock_marks`)
	for _, df := range diffs {
		if df.Missing+df.Extra+df.Different != 0 {
			t.Fatalf("a fresh rebuild differs: %+v", df)
		}
		if df.Table == "clock_marks" && (df.Live != marks || df.Shadow != marks) {
			t.Fatalf("clock_marks: %+v, %d live rows", df, marks)
		}
	}
	if n := projtest.Count(t, d, `SELECT count(*) FROM shadow_clock.clock_marks`); n != marks {
		t.Fatalf("shadow has %d marks, live %d", n, marks)
	}

	stop()
	exec := func(sql string) {
		if _, err := d.Pool.Exec(ctx, sql, p.Tenant); err != nil {
			t.Fatal(err)
		}
	}
	exec(`UPDATE clock_marks SET address = 'forged' WHERE id = (SELECT id FROM clock_marks WHERE tenant_id = $1 ORDER BY position LIMIT 1)`)
	exec(`DELETE FROM clock_marks WHERE id = (SELECT id FROM clock_marks WHERE tenant_id = $1 ORDER BY position DESC LIMIT 1)`)
	// One tenant's rebuild sees only its own events and rows.
	var pr projections.ShadowProgress
	diffs, err = projections.ReplayShadow(ctx, d.Pool, store, clockproj.New(), p.Tenant, func(x projections.ShadowProgress) { pr = x })
	if err != nil {
		t.Fatal(err)
	}
	own := projtest.Count(t, d, `SELECT count(*) FROM events WHERE tenant_id = $1`, p.Tenant)
	if pr.Total != own || pr.Done != own {
		t.Fatalf("tenant rebuild progress %+v, the tenant has %d events", pr, own)
	}
	for _, df := range diffs {
		if df.Table == "clock_marks" && (df.Different != 1 || df.Missing != 1 || df.Extra != 0 || len(df.Samples) != 2 || df.Shadow != 12 || df.Live != 11) {
			t.Fatalf("after an edit and a removal: %+v", df)
		}
	}
}
