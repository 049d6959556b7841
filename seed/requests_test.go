package seed_test

import (
	"context"
	"testing"

	"portal/commands/request"
	rq "portal/domain/request"
	"portal/seed"
)

// Ana has her demo requests in their states, the buyer of the purchase chain is away, and a
// second run adds nothing.
func TestSeedRequests(t *testing.T) {
	ctx := context.Background()
	for range 2 {
		if err := seed.Run(ctx, testDB.Pool, store, now); err != nil {
			t.Fatal(err)
		}
	}
	tenant := seed.TenantID(seed.DemoCode)
	rows, err := testDB.Pool.Query(ctx, `SELECT DISTINCT stream FROM events WHERE tenant_id = $1 AND type = $2 AND data->'subject'->>'employeeId' = $3`,
		tenant, rq.TypeCreated, seed.EmployeeID(seed.DemoCode, seed.UserAna).String())
	if err != nil {
		t.Fatal(err)
	}
	var streams []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		streams = append(streams, s)
	}
	if len(streams) != 4 {
		t.Fatalf("Ana has %d requests, want 4", len(streams))
	}
	states := map[string]bool{}
	for _, s := range streams {
		recorded, err := store.ReadStream(ctx, tenant, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := &rq.Request{}
		for _, re := range recorded {
			e, _, err := request.DecodeEvent(re)
			if err != nil {
				t.Fatal(err)
			}
			r.Apply(e)
		}
		states[r.ApprovalStatus()] = true
	}
	for _, want := range []string{"waiting_manager", "approved_hr", "rejected", "draft"} {
		if !states[want] {
			t.Errorf("no demo request is %s (have %v)", want, states)
		}
	}
	var notices int
	if err := testDB.Pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE tenant_id = $1 AND type = 'notification.created.v1'`, tenant).Scan(&notices); err != nil || notices != 0 {
		t.Fatalf("the seed sent %d notifications (%v); the demo panels start empty", notices, err)
	}
	var absent int
	if err := testDB.Pool.QueryRow(ctx, `SELECT count(*) FROM approver_absences a JOIN request_chains c ON c.tenant_id = a.tenant_id
AND c.designated_user_id = a.user_id WHERE a.tenant_id = $1 AND $2::date BETWEEN a.starts_on AND a.ends_on`, tenant, now).Scan(&absent); err != nil || absent != 1 {
		t.Fatalf("absent designated approvers: %d (%v), want 1", absent, err)
	}
}
