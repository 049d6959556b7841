package auth_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/eventstore"
	"portal/platform/db"
	"portal/seed"
)

// events returns the events of a user's identity stream.
func events(t *testing.T, tenant, user uuid.UUID) []eventstore.RecordedEvent {
	t.Helper()
	store := eventstore.NewPostgres(testDB.Pool)
	defer store.Close()
	evs, err := store.ReadStream(context.Background(), tenant, eventstore.StreamName("identity", user), 0)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

func ofType(evs []eventstore.RecordedEvent, typ string) []eventstore.RecordedEvent {
	var out []eventstore.RecordedEvent
	for _, e := range evs {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// familySize counts the refresh tokens of a session.
func familySize(t *testing.T, tenant, session uuid.UUID) (total, live int) {
	t.Helper()
	ctx := context.Background()
	err := db.InTenant(ctx, testDB.Pool, tenant.String(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE revoked_at IS NULL AND used_at IS NULL)
			FROM refresh_tokens WHERE family_id = $1`, session).Scan(&total, &live)
	})
	if err != nil {
		t.Fatal(err)
	}
	return total, live
}

func mustRefresh(t *testing.T, s *auth.Service, code, user, token string) auth.LoginResult {
	t.Helper()
	res, err := s.Refresh(context.Background(), code, user, token)
	if err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	return res
}

func TestRefreshRotates(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	user := makeUser(t, seed.DemoCode, 10, true)
	first := login(t, s, seed.DemoCode, user)
	if first.Claims.SessionID == uuid.Nil {
		t.Fatal("sign-in opened no session")
	}

	second := mustRefresh(t, s, "democorp", strings.ToUpper(user), first.RefreshToken)
	if second.RefreshToken == first.RefreshToken || second.RefreshToken == "" || second.AccessToken == "" ||
		second.IDToken != second.AccessToken || second.User.UserName != user {
		t.Fatalf("refresh answer: %+v", second)
	}
	if second.Claims.SessionID != first.Claims.SessionID {
		t.Errorf("rotation left the session: %s -> %s", first.Claims.SessionID, second.Claims.SessionID)
	}
	c, err := s.Verify(second.AccessToken)
	if err != nil || c.SessionID != first.Claims.SessionID || c.UserID != first.Claims.UserID {
		t.Errorf("new access token: %+v, %v", c, err)
	}
	// The chain goes on with the newest token; the family keeps one live token.
	third := mustRefresh(t, s, seed.DemoCode, "", second.RefreshToken)
	if total, live := familySize(t, first.Claims.Tenant, first.Claims.SessionID); total != 3 || live != 1 {
		t.Errorf("family: %d tokens, %d live; want 3 and 1", total, live)
	}
	// Another user's name is refused and changes nothing.
	if _, err := s.Refresh(context.Background(), seed.DemoCode, seed.UserAna, third.RefreshToken); !errors.Is(err, auth.ErrRefreshFailed) {
		t.Errorf("another user's name: %v", err)
	}
	mustRefresh(t, s, seed.DemoCode, user, third.RefreshToken)
}

func TestRefreshReuseRevokesFamily(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	user := makeUser(t, seed.DemoCode, 11, true)
	a := login(t, s, seed.DemoCode, user)
	other := login(t, s, seed.DemoCode, user) // another sign-in of the same user
	b := mustRefresh(t, s, seed.DemoCode, user, a.RefreshToken)
	c := mustRefresh(t, s, seed.DemoCode, user, b.RefreshToken)
	if _, err := s.Verify(c.AccessToken); err != nil {
		t.Fatal(err)
	}

	// a's token was used: presenting it again is reuse.
	_, err := s.Refresh(context.Background(), seed.DemoCode, user, a.RefreshToken)
	if !errors.Is(err, auth.ErrRefreshFailed) {
		t.Fatalf("reuse: %v, want ErrRefreshFailed", err)
	}
	// Every token of the family is refused from now on: the newest refresh token, and the
	// access tokens, here at once and in another process (a fresh service) too.
	if _, err := s.Refresh(context.Background(), seed.DemoCode, user, c.RefreshToken); !errors.Is(err, auth.ErrRefreshFailed) {
		t.Errorf("newest refresh token after reuse: %v", err)
	}
	for name, tok := range map[string]string{"first": a.AccessToken, "newest": c.AccessToken} {
		if _, err := s.Verify(tok); !errors.Is(err, auth.ErrInvalidToken) {
			t.Errorf("%s access token after reuse: %v", name, err)
		}
		if _, err := newService(t, auth.Options{}).Verify(tok); !errors.Is(err, auth.ErrInvalidToken) {
			t.Errorf("%s access token in another process: %v", name, err)
		}
	}
	if total, live := familySize(t, a.Claims.Tenant, a.Claims.SessionID); total != 3 || live != 0 {
		t.Errorf("family after reuse: %d tokens, %d live", total, live)
	}
	// The user's other session is not this family.
	if _, err := s.Verify(other.AccessToken); err != nil {
		t.Errorf("other session: %v", err)
	}
	mustRefresh(t, s, seed.DemoCode, user, other.RefreshToken)

	// The detection is audited, without any token in it.
	evs := ofType(events(t, a.Claims.Tenant, a.Claims.UserID), auth.TypeRefreshReuseDetected)
	if len(evs) != 1 {
		t.Fatalf("%d reuse events", len(evs))
	}
	var data auth.RefreshReuseDetected
	json.Unmarshal(evs[0].Data, &data)
	if data.SessionID != a.Claims.SessionID || data.UserID != a.Claims.UserID || strings.Contains(string(evs[0].Data), a.RefreshToken) {
		t.Errorf("event %s", evs[0].Data)
	}
}

// Twenty refreshes of one token at once: the row lock lets exactly one rotate it; the
// others find it used, which is reuse, so the family ends revoked.
func TestRefreshRace(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	user := makeUser(t, seed.DemoCode, 12, true)
	res := login(t, s, seed.DemoCode, user)

	const n = 20
	var wins atomic.Int32
	var winner atomic.Value
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r, err := s.Refresh(context.Background(), seed.DemoCode, user, res.RefreshToken)
			switch {
			case err == nil:
				wins.Add(1)
				winner.Store(r.RefreshToken)
			case !errors.Is(err, auth.ErrRefreshFailed):
				errs <- err
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("unexpected error: %v", err)
	}
	if w := wins.Load(); w > 1 {
		t.Fatalf("%d of %d racing refreshes succeeded, want at most 1", w, n)
	}
	// At most one rotation happened, and the reuse revoked what it produced.
	total, live := familySize(t, res.Claims.Tenant, res.Claims.SessionID)
	if total > 2 || live != 0 {
		t.Errorf("family: %d tokens, %d live; want at most 2 and none live", total, live)
	}
	if tok, ok := winner.Load().(string); ok {
		if _, err := s.Refresh(context.Background(), seed.DemoCode, user, tok); !errors.Is(err, auth.ErrRefreshFailed) {
			t.Errorf("the winner's token after the race: %v", err)
		}
	}
}

func TestRefreshRefusals(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s := newService(t, auth.Options{Now: clk.Now})
	ctx := context.Background()
	user := makeUser(t, seed.DemoCode, 13, true)
	res := login(t, s, seed.DemoCode, user)
	for name, c := range map[string][2]string{
		"empty":        {seed.DemoCode, ""},
		"unknown":      {seed.DemoCode, "bm90IGEgdG9rZW4gb2YgdGhpcyBzZXJ2ZXIgYXQgYWxs"},
		"other_tenant": {seed.AcmeCode, res.RefreshToken},
		"unknown_code": {"NOPECORP", res.RefreshToken},
	} {
		if _, err := s.Refresh(ctx, c[0], "", c[1]); !errors.Is(err, auth.ErrRefreshFailed) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Expired after the refresh lifetime.
	clk.Add(auth.DefaultRefreshTTL + time.Minute)
	if _, err := s.Refresh(ctx, seed.DemoCode, "", res.RefreshToken); !errors.Is(err, auth.ErrRefreshFailed) {
		t.Errorf("expired: %v", err)
	}

	// A disabled user is refused at the next refresh, and at the next call (Verify).
	clk.Add(-auth.DefaultRefreshTTL - time.Minute)
	disabled := makeUser(t, seed.DemoCode, 14, true)
	d := login(t, s, seed.DemoCode, disabled)
	err := db.InTenant(ctx, testDB.Pool, d.Claims.Tenant.String(), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE users SET active = false WHERE id = $1`, d.Claims.UserID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Refresh(ctx, seed.DemoCode, disabled, d.RefreshToken); !errors.Is(err, auth.ErrRefreshFailed) {
		t.Errorf("disabled user: %v", err)
	}
	clk.Add(auth.DefaultActiveCacheTTL)
	if _, err := s.Verify(d.AccessToken); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("disabled user's access token: %v", err)
	}
}

func TestLogoutEndsSession(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	ctx := context.Background()
	user := makeUser(t, seed.DemoCode, 15, true)
	a := login(t, s, seed.DemoCode, user)
	a2 := mustRefresh(t, s, seed.DemoCode, user, a.RefreshToken) // a second tab of the same session
	b := login(t, s, seed.DemoCode, user)

	if issuer, err := s.Logout(ctx, a.Claims); err != nil || issuer != "" {
		t.Fatalf("logout: issuer %q, %v", issuer, err)
	}
	for name, tok := range map[string]string{"access": a.AccessToken, "refreshed access": a2.AccessToken} {
		if _, err := s.Verify(tok); !errors.Is(err, auth.ErrInvalidToken) {
			t.Errorf("%s after logout: %v", name, err)
		}
		if _, err := newService(t, auth.Options{}).Verify(tok); !errors.Is(err, auth.ErrInvalidToken) {
			t.Errorf("%s after logout, another process: %v", name, err)
		}
	}
	if _, err := s.Refresh(ctx, seed.DemoCode, user, a2.RefreshToken); !errors.Is(err, auth.ErrRefreshFailed) {
		t.Errorf("refresh after logout: %v", err)
	}
	// The other sign-in goes on.
	if _, err := s.Verify(b.AccessToken); err != nil {
		t.Errorf("other session: %v", err)
	}

	// Logout by refresh token (an expired access token cannot call).
	if tenant, issuer, err := s.LogoutRefreshToken(ctx, seed.DemoCode, b.RefreshToken); err != nil || tenant != b.Claims.Tenant || issuer != "" {
		t.Fatalf("logout by refresh token: %s %q %v", tenant, issuer, err)
	}
	if _, err := s.Verify(b.AccessToken); !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("after logout by refresh token: %v", err)
	}
	if _, _, err := s.LogoutRefreshToken(ctx, seed.DemoCode, "unknown"); err != nil {
		t.Errorf("unknown token: %v", err)
	}
}

func TestSignInWithRefreshToken(t *testing.T) {
	t.Parallel()
	s := newService(t, auth.Options{})
	ctx := context.Background()
	user := makeUser(t, seed.DemoCode, 16, true)
	a := login(t, s, seed.DemoCode, user)
	res, err := s.SignInWithRefreshToken(ctx, seed.DemoCode, user, a.RefreshToken)
	if err != nil {
		t.Fatal(err)
	}
	if res.User.UserName != user || res.AccessToken == "" || res.RefreshToken == a.RefreshToken || res.Claims.SessionID != a.Claims.SessionID {
		t.Errorf("answer %+v", res)
	}
	for name, c := range map[string][3]string{
		"another_user": {seed.DemoCode, seed.UserAna, res.RefreshToken},
		"garbage":      {seed.DemoCode, user, "garbage"},
		"other_code":   {seed.AcmeCode, user, res.RefreshToken},
		"used":         {seed.DemoCode, user, a.RefreshToken},
	} {
		if _, err := s.SignInWithRefreshToken(ctx, c[0], c[1], c[2]); !errors.Is(err, auth.ErrTokenSignIn) {
			t.Errorf("%s: %v, want ErrTokenSignIn", name, err)
		}
	}
}

func TestSignInWithToken(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	s := newService(t, auth.Options{Now: clk.Now})
	ctx := context.Background()
	user := makeUser(t, seed.DemoCode, 17, true)
	a := login(t, s, seed.DemoCode, user)

	res, err := s.SignInWithToken(ctx, seed.DemoCode, a.AccessToken, a.RefreshToken)
	if err != nil {
		t.Fatal(err)
	}
	if res.User.UserName != user || res.RefreshToken != a.RefreshToken || res.Claims.SessionID != a.Claims.SessionID || res.AccessToken == "" {
		t.Errorf("answer %+v", res)
	}
	// Without the refresh token: the user and an access token.
	if res, err := s.SignInWithToken(ctx, seed.DemoCode, a.AccessToken, ""); err != nil || res.User.UserName != user {
		t.Errorf("access token only: %v", err)
	}
	for name, c := range map[string][3]string{
		"other_tenant":    {seed.AcmeCode, a.AccessToken, ""},
		"garbage":         {seed.DemoCode, "x.y.z", ""},
		"foreign_refresh": {seed.DemoCode, a.AccessToken, login(t, s, seed.DemoCode, seed.UserAna).RefreshToken},
		"unknown_code":    {"NOPECORP", a.AccessToken, a.RefreshToken},
		"nothing":         {seed.DemoCode, "", ""},
		"garbage_both":    {seed.DemoCode, "x.y.z", "nope"},
	} {
		if _, err := s.SignInWithToken(ctx, c[0], c[1], c[2]); !errors.Is(err, auth.ErrTokenSignIn) {
			t.Errorf("%s: %v, want ErrTokenSignIn", name, err)
		}
	}
	// An expired access token with the refresh token: the refresh token is rotated.
	clk.Add(auth.DefaultAccessTTL + time.Minute)
	res, err = s.SignInWithToken(ctx, seed.DemoCode, a.AccessToken, a.RefreshToken)
	if err != nil || res.RefreshToken == a.RefreshToken || res.RefreshToken == "" {
		t.Fatalf("expired access token: %v", err)
	}
	// Now a's refresh token is used: handing it over again is reuse.
	if _, err := s.SignInWithToken(ctx, seed.DemoCode, "", a.RefreshToken); !errors.Is(err, auth.ErrTokenSignIn) {
		t.Errorf("used refresh token: %v", err)
	}
}
