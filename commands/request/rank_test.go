package request_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/google/uuid"

	"portal/commands"
	"portal/commands/request"
	rq "portal/domain/request"
)

// TestRequestDefaultRank: a new request takes the next rank after the highest in its
// subject's list (from the ranks stream, not a read model), a move above it raises it, and a
// retried command keeps the rank it had.
func TestRequestDefaultRank(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	ana := caller(team.ana)
	if _, err := harness.DB.Pool.Exec(context.Background(), `UPDATE users SET purchased = purchased || ',pwa-req-tools-relatorio,pwa-req-tools-reembolso' WHERE tenant_id = $1`, team.ana.Tenant); err != nil {
		t.Fatal(err)
	}
	first, err := createReq(t, ana, "rank-1", compraBody())
	if err != nil {
		t.Fatal(err)
	}
	if first.Rank != 1 {
		t.Fatalf("first request rank %d, want 1", first.Rank)
	}
	again, err := createReq(t, ana, "rank-1", compraBody())
	if err != nil || again.Rank != 1 || again.ID != first.ID {
		t.Fatalf("retried create %+v %v", again, err)
	}
	// Ana moves it to 7 (as a drag on page 1 would); her next request goes after it.
	edit := must(request.NewEditHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, reqClock))
	seven := 7
	if _, err := edit.Handle(context.Background(), request.Edit{CommandID: "move-1", Caller: ana, Body: rq.Body{RequestID: first.ID, Rank: &seven}}); err != nil {
		t.Fatal(err)
	}
	b := compraBody()
	b.Origin = rq.Relatorio
	second, err := createReq(t, ana, "rank-2", b)
	if err != nil {
		t.Fatal(err)
	}
	if second.Rank != 8 {
		t.Fatalf("second request rank %d, want 8 (after the moved one)", second.Rank)
	}
	// A move down does not lower the highest; a request her manager files for her is in her
	// list and goes last too.
	one := 1
	if _, err := edit.Handle(context.Background(), request.Edit{CommandID: "move-2", Caller: ana, Body: rq.Body{RequestID: second.ID, Rank: &one}}); err != nil {
		t.Fatal(err)
	}
	b = compraBody()
	b.Origin = rq.Reembolso
	b.M01Ukey = team.ana.EmployeeID.String()
	third, err := createReq(t, caller(team.marcos), "rank-3", b)
	if err != nil {
		t.Fatal(err)
	}
	if third.Rank != 9 {
		t.Fatalf("third request rank %d, want 9", third.Rank)
	}
	// The rank is in the stored event: a fold of the stream gives it back.
	folded := &rq.Request{}
	for _, re := range harness.Stream(t, team.ana.Tenant, rq.Stream(uuid.MustParse(third.ID))) {
		if e, ok, err := request.DecodeEvent(re); err != nil {
			t.Fatal(err)
		} else if ok {
			folded.Apply(e)
		}
	}
	if folded.Rank != 9 {
		t.Fatalf("folded rank %d, want 9", folded.Rank)
	}
}

// TestConcurrentCreatesOfOtherTypesAllRank: requests of seven types filed at once for one
// person all go through, each with its own rank; they race only for the next rank, which is
// no reason to refuse any of them (they were refused as "an open request exists").
func TestConcurrentCreatesOfOtherTypesAllRank(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	if _, err := harness.DB.Pool.Exec(context.Background(), `UPDATE users SET purchased = purchased || ',pwa-req-tools-epi,pwa-req-tools-usoeconsumo,pwa-req-tools-beneficio,pwa-req-tools-reembolso,pwa-req-tools-medicamento,pwa-req-tools-relatorio' WHERE tenant_id = $1`, team.ana.Tenant); err != nil {
		t.Fatal(err)
	}
	origins := []rq.Origin{rq.Compra, rq.EPI, rq.UsoEConsumo, rq.Beneficio, rq.Reembolso, rq.Medicamento, rq.Relatorio}
	ranks := make([]int, len(origins))
	errs := make([]error, len(origins))
	var wg sync.WaitGroup
	for i, o := range origins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := compraBody()
			b.Origin = o
			r, err := createReq(t, caller(team.ana), fmt.Sprintf("types-%d", i), b)
			if errs[i] = err; err == nil {
				ranks[i] = r.Rank
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("request of type %d refused: %v", origins[i], err)
		}
	}
	slices.Sort(ranks)
	if want := []int{1, 2, 3, 4, 5, 6, 7}; !slices.Equal(ranks, want) {
		t.Fatalf("ranks %v, want %v", ranks, want)
	}
}
