package timesheet_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	tscmd "portal/commands/timesheet"
	"portal/domain"
	ts "portal/domain/timesheet"
)

// facts stand for the read model: one employee with one month's rows.
type facts struct {
	employee uuid.UUID
	month    tscmd.Month
}

func (f facts) Employee(_ context.Context, _, e uuid.UUID) (bool, error) { return e == f.employee, nil }

func (f facts) Month(_ context.Context, _, e uuid.UUID, _, _ time.Time) (tscmd.Month, bool, error) {
	return f.month, e == f.employee, nil
}

// password accepts "right" only.
type password struct{}

func (password) ConfirmPassword(_ context.Context, _ auth.Claims, p string) error {
	if p != "right" {
		return domain.Refusal("password", auth.KeyPasswordNotConfirmed)
	}
	return nil
}

func wantKey(t *testing.T, err error, key string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Key != key {
		t.Fatalf("err = %v, want %s", err, key)
	}
}

// Bad input writes nothing: a month not over, an unknown employee, a month not closed, a
// wrong password; a tenant's closing is its own.
func TestTimesheetCommandsRefuseAndWriteNothing(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 10, 15, 0, 0, 0, time.UTC)
	tenant, other := uuid.New(), uuid.New()
	emp := uuid.New()
	h := &tscmd.Handlers{Facts: facts{employee: emp, month: tscmd.Month{Totals: ts.Totals{Worked: 600}, RowsHash: "h1"}}, Password: password{}}
	h.Store, h.Now = harness.Store, func() time.Time { return now }
	hr := tscmd.Caller{Claims: auth.Claims{Tenant: tenant, UserID: uuid.New(), Roles: []string{auth.RoleHRAdmin}}}
	employee := tscmd.Caller{Claims: auth.Claims{Tenant: tenant, UserID: uuid.New(), EmployeeID: emp}, CanSign: true}
	stranger := tscmd.Caller{Claims: auth.Claims{Tenant: tenant, UserID: uuid.New(), EmployeeID: uuid.New()}, CanSign: true}
	oct, nov := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	count := func(tn uuid.UUID, stream string) int {
		list, err := harness.Store.ReadStream(ctx, tn, stream, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(list)
	}
	sign := func(c tscmd.Caller, m time.Time, pw, hash, id string) error {
		_, err := h.Sign(ctx, tscmd.Sign{Caller: c, Month: m, Password: pw, RowsHash: hash, CommandID: id})
		return err
	}

	wantKey(t, h.Close(ctx, hr, nov, "c0"), ts.KeyMonthFuture)
	wantKey(t, h.Close(ctx, employee, oct, "c0"), domain.KeyDenied)
	wantKey(t, h.Reopen(ctx, hr, oct, "why", "r0"), ts.KeyMonthOpen)
	wantKey(t, sign(employee, oct, "right", "h1", "s0"), ts.KeyMonthOpen)
	if n := count(tenant, ts.Stream(tenant)) + count(tenant, ts.Stream(emp)); n != 0 {
		t.Fatalf("refusals wrote %d events", n)
	}
	if err := h.Close(ctx, hr, oct, "c1"); err != nil {
		t.Fatal(err)
	}
	wantKey(t, h.Close(ctx, hr, oct, "c2"), ts.KeyMonthClosed)
	wantKey(t, sign(employee, oct, "wrong", "h1", "s1"), auth.KeyPasswordNotConfirmed)
	wantKey(t, sign(employee, nov, "right", "h1", "s1"), ts.KeyMonthFuture)
	wantKey(t, sign(stranger, oct, "right", "h1", "s1"), ts.KeyTimesheetHidden) // unknown to the read model
	wantKey(t, sign(employee, oct, "right", "h0", "s1"), tscmd.KeyStaleRows)
	if n := count(tenant, ts.Stream(emp)) + count(tenant, ts.Stream(stranger.Claims.EmployeeID)); n != 0 {
		t.Fatalf("refused signatures wrote %d events", n)
	}
	signed, err := h.Sign(ctx, tscmd.Sign{Caller: employee, Month: oct, Password: "right", RowsHash: "h1", CommandID: "s2"})
	if err != nil || signed.Totals.Worked != 600 || signed.RowsHash != "h1" || signed.Month != "2026-10" {
		t.Fatalf("signed %+v %v", signed, err)
	}
	// A retried command answers the same signature; signing the same rows again is refused.
	if again, err := h.Sign(ctx, tscmd.Sign{Caller: employee, Month: oct, Password: "right", RowsHash: "h1", CommandID: "s2"}); err != nil || again.At != signed.At {
		t.Fatalf("retry %+v %v", again, err)
	}
	wantKey(t, sign(employee, oct, "right", "h1", "s3"), ts.KeyAlreadySigned)
	// Tenant isolation: the other tenant's October is open.
	otherHR := hr
	otherHR.Claims.Tenant = other
	wantKey(t, h.Reopen(ctx, otherHR, oct, "why", "r1"), ts.KeyMonthOpen)
	if closed, err := h.Closed(ctx, other, oct); err != nil || closed {
		t.Fatalf("other tenant closed %v %v", closed, err)
	}
}
