package main

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"portal/platform/pgcluster"
	"portal/platform/pgtest"
)

// TestFaultPostgresRestart: PostgreSQL (a private cluster of this test) is stopped and
// started again while 32 clients punch through one portal. Calls during the outage answer
// 503 with Retry-After, never 500; repeated with their key they land once; after it the
// punches go through again, the projections resume and the clock read models equal a rebuild.
func TestFaultPostgresRestart(t *testing.T) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "portal-fault-pg-")
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	t.Cleanup(func() { os.RemoveAll(dir) })
	c, err := pgcluster.New(filepath.Join(dir, "data"), freeTCPPort(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Stop() })
	url := c.URL("portal")
	p := startPortal(t, url)
	pool := openPool(t, ctx, url)
	pu := newPuncher(faultUsers(t, ctx, pool, 32))

	load, stop := context.WithCancel(ctx)
	wg := pu.run(load, 32, func() string { return p.base })
	time.Sleep(2 * time.Second)
	down := time.Now()
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	if _, err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	up := time.Now()
	time.Sleep(4 * time.Second)
	stop()
	wg.Wait()

	pu.checkStatuses(t)
	if pu.statuses[http.StatusServiceUnavailable] == 0 {
		t.Fatalf("no punch met the outage: %v", pu.statuses)
	}
	if pu.statuses[-http.StatusServiceUnavailable] > 0 {
		t.Fatalf("%d answers 503 without Retry-After", pu.statuses[-http.StatusServiceUnavailable])
	}
	if pu.firstOKAfter(up) < 0 {
		t.Fatal("no punch went through after the restart")
	}
	checkOnce(t, ctx, pool, pu)
	checkRebuild(t, ctx, url, pool)
	t.Logf("PostgreSQL down %s (stop, 2 s, start): %d punches answered 200, %d answers 503 (repeated), %d lost; the clients went %s without a 200",
		up.Sub(down).Round(time.Millisecond), pu.statuses[http.StatusOK], pu.statuses[http.StatusServiceUnavailable], pu.netErrs.Load(), pu.longestGap().Round(time.Millisecond))
}

// TestFaultProcesses runs two portals on one database. (1) The one holding the projection
// locks is killed with -9 under load: the other takes every projection over within 5 s,
// and nothing is skipped or applied twice (the read models equal a rebuild). (2) The
// survivor, now the holder, gets SIGTERM under load: it stops taking calls, finishes those in
// flight and its batch, and exits 0; every punch answered 200 is in the log once, and a new
// process finds read models that equal a rebuild.
func TestFaultProcesses(t *testing.T) {
	ctx := context.Background()
	d, err := pgtest.Start("cmd_portal_fault_processes")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	a := startPortal(t, d.URL)
	b := startPortal(t, d.URL)
	if !holdsAll(t, a) {
		t.Fatal("the first portal does not hold every projection")
	}
	pu := newPuncher(faultUsers(t, ctx, d.Pool, 16))

	t.Run("kill_9_lock_holder", func(t *testing.T) {
		load, stop := context.WithCancel(ctx)
		wg := pu.run(load, 16, func() string { return b.base })
		time.Sleep(2 * time.Second)
		if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		killed := time.Now()
		var takeover time.Duration
		for {
			if holdsAll(t, b) {
				takeover = time.Since(killed)
				break
			}
			if time.Since(killed) > 30*time.Second {
				t.Fatal("no takeover in 30 s")
			}
			time.Sleep(25 * time.Millisecond)
		}
		time.Sleep(time.Second)
		stop()
		wg.Wait()
		pu.checkStatuses(t)
		checkOnce(t, ctx, d.Pool, pu)
		checkRebuild(t, ctx, d.URL, d.Pool)
		t.Logf("takeover of every projection %s after kill -9 (goal 5 s); %d punches answered 200",
			takeover.Round(time.Millisecond), pu.statuses[http.StatusOK])
		if takeover > 5*time.Second {
			t.Fatalf("takeover took %s, goal 5 s", takeover)
		}
	})

	t.Run("sigterm", func(t *testing.T) {
		load, stop := context.WithCancel(ctx)
		wg := pu.run(load, 16, func() string { return b.base })
		time.Sleep(1500 * time.Millisecond)
		before := pu.count(http.StatusOK)
		if err := b.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		termed := time.Now()
		select {
		case <-b.done:
		case <-time.After(30 * time.Second):
			t.Fatal("still running 30 s after SIGTERM")
		}
		exit := time.Since(termed)
		if b.err != nil {
			t.Fatalf("exit after SIGTERM: %v", b.err)
		}
		time.Sleep(200 * time.Millisecond) // calls after the exit are refused (no answer)
		stop()
		wg.Wait()
		pu.checkStatuses(t)
		if pu.netErrs.Load() == 0 {
			t.Fatal("no call was refused after the process stopped")
		}
		checkOnce(t, ctx, d.Pool, pu)
		startPortal(t, d.URL) // takes the projections and catches up
		checkRebuild(t, ctx, d.URL, d.Pool)
		t.Logf("SIGTERM under load: exit 0 in %s; %d punches answered 200 before it, %d in all, %d calls refused after",
			exit.Round(time.Millisecond), before, pu.statuses[http.StatusOK], pu.netErrs.Load())
	})
}

// holdsAll tells whether p's /health shows every projection active in p.
func holdsAll(t *testing.T, p *portalProc) bool {
	t.Helper()
	h, err := p.health()
	if err != nil || len(h.Projections) == 0 {
		return false
	}
	for _, st := range h.Projections {
		if !st.Active {
			return false
		}
	}
	return true
}
